#include "core/memory.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "core/error.h"

namespace gg {

uint64_t physical_memory_bytes() {
    long pages = sysconf(_SC_PHYS_PAGES);
    long page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return uint64_t(pages) * uint64_t(page_size);
}

void check_host_memory(uint64_t bytes, const std::string &what) {
    uint64_t available = physical_memory_bytes();
    if (available != 0 && bytes > available)
        fail(GG_ERROR_OUT_OF_MEMORY, "%s needs about %llu bytes but this machine has %llu bytes of memory",
             what.c_str(), (unsigned long long)bytes, (unsigned long long)available);
}

uint64_t available_memory_bytes() {
    FILE *info = std::fopen("/proc/meminfo", "r");
    if (info == nullptr) return 0;
    char line[256];
    unsigned long long kib = 0;
    bool found = false;
    while (!found && std::fgets(line, sizeof line, info) != nullptr)
        found = std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1;
    std::fclose(info);
    return found ? uint64_t(kib) * 1024 : 0;
}

namespace {

// The test hook of docs/building.md: GG_FAULT_AVAILABLE_MEMORY=BYTES stands
// for MemAvailable in check_available_memory, so that tests reach the paths
// a host without room takes on a host with room to spare.
uint64_t available_for_checks() {
    const char *value = std::getenv("GG_FAULT_AVAILABLE_MEMORY");
    if (value == nullptr || *value == '\0') return available_memory_bytes();
    char *end = nullptr;
    const unsigned long long bytes = std::strtoull(value, &end, 10);
    if (*end != '\0' || value[0] < '0' || value[0] > '9')
        fail(GG_ERROR_INVALID_ARGUMENT, "GG_FAULT_AVAILABLE_MEMORY is '%s'; it takes a count of bytes", value);
    return bytes;
}

}  // namespace

void check_available_memory(uint64_t bytes, const std::string &what) {
    const uint64_t available = available_for_checks();
    if (available != 0 && bytes > available / 2)
        fail(GG_ERROR_OUT_OF_MEMORY,
             "%s needs about %.1f GiB of host memory, more than half of the %.1f GiB available now", what.c_str(),
             double(bytes) / double(1ull << 30), double(available) / double(1ull << 30));
}

}  // namespace gg
