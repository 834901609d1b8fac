/* The settings read from the environment (src/core/environment.h): byte
 * counts with K, M or G (0 where unset, empty, malformed or too large),
 * switches (on unless unset, empty or "0"), and three-way switches that
 * leave the choice to the library where unset or empty (PageRank's
 * overlap over several GPUs, GG_PARTITIONED_OVERLAP, is one). */
#include <cstdint>
#include <cstdlib>

#include "core/environment.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

constexpr const char *kName = "GG_TEST_ENVIRONMENT_SETTING";

void test_bytes(void **) {
    unsetenv(kName);
    assert_int_equal(gg::bytes_from_environment(kName), 0);
    const struct {
        const char *value;
        uint64_t bytes;
    } cases[] = {{"", 0},          {"0", 0},        {"12", 12},           {"3K", 3ull << 10},
                 {"5m", 5ull << 20}, {"2G", 2ull << 30}, {"7T", 0},          {"1.5G", 0},
                 {"G", 0},         {"-1", 0},       {" 12", 0},       {"17179869184G", 0}, {"12 ", 0}};
    for (const auto &c : cases) {
        setenv(kName, c.value, 1);
        if (gg::bytes_from_environment(kName) != c.bytes)
            fail_msg("'%s' read as %llu bytes, not %llu", c.value,
                     (unsigned long long)gg::bytes_from_environment(kName), (unsigned long long)c.bytes);
    }
    unsetenv(kName);
}

void test_switches(void **) {
    using gg::EnvironmentSwitch;
    unsetenv(kName);
    assert_false(gg::flag_from_environment(kName));
    assert_true(gg::switch_from_environment(kName) == EnvironmentSwitch::unset);
    const struct {
        const char *value;
        bool flag;
        EnvironmentSwitch choice;
    } cases[] = {{"", false, EnvironmentSwitch::unset},
                 {"0", false, EnvironmentSwitch::off},
                 {"1", true, EnvironmentSwitch::on},
                 {"yes", true, EnvironmentSwitch::on},
                 {"00", true, EnvironmentSwitch::on}};
    for (const auto &c : cases) {
        setenv(kName, c.value, 1);
        if (gg::flag_from_environment(kName) != c.flag) fail_msg("'%s' as a flag: %d", c.value, !c.flag);
        if (gg::switch_from_environment(kName) != c.choice) fail_msg("'%s' as a three-way switch", c.value);
    }
    unsetenv(kName);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes),
        cmocka_unit_test(test_switches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
