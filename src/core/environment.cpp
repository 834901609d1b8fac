// Settings read from the environment (environment.h).
#include "core/environment.h"

#include <cstdlib>
#include <cstring>

namespace gg {

uint64_t bytes_from_environment(const char *name) {
    const char *value = std::getenv(name);
    // strtoull would skip blanks and take "-1" as 2^64 - 1: digits first.
    if (value == nullptr || *value < '0' || *value > '9') return 0;
    char *end = nullptr;
    const unsigned long long number = std::strtoull(value, &end, 10);
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k') shift = 10;
    if (*end == 'M' || *end == 'm') shift = 20;
    if (*end == 'G' || *end == 'g') shift = 30;
    if (shift) ++end;
    if (*end != '\0' || number == 0 || number > (~0ull >> shift)) return 0;  // malformed: ignored
    return uint64_t(number << shift);
}

bool flag_from_environment(const char *name) { return switch_from_environment(name) == EnvironmentSwitch::on; }

EnvironmentSwitch switch_from_environment(const char *name) {
    const char *value = std::getenv(name);
    if (value == nullptr || *value == '\0') return EnvironmentSwitch::unset;
    return std::strcmp(value, "0") != 0 ? EnvironmentSwitch::on : EnvironmentSwitch::off;
}

}  // namespace gg
