/* The host memory guards of src/core/memory.h: MemAvailable read from
 * /proc/meminfo (nonzero and below the machine's memory on Linux), and
 * check_available_memory refusing, with GG_ERROR_OUT_OF_MEMORY and a
 * message naming the build, what takes more than half of it, the test hook
 * GG_FAULT_AVAILABLE_MEMORY standing for it (a malformed value refused). */
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.h"
#include "core/memory.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

// The status check_available_memory(bytes) ends with, and its message.
gg_status checked(uint64_t bytes, std::string *message) {
    try {
        gg::check_available_memory(bytes, "a test build");
        return GG_OK;
    } catch (const gg::Error &error) {
        *message = error.what();
        return error.status();
    }
}

void test_available_memory(void **) {
    const uint64_t available = gg::available_memory_bytes(), physical = gg::physical_memory_bytes();
    assert_true(available > 0);
    assert_true(available <= physical);
    std::string message;
    assert_int_equal(checked(0, &message), GG_OK);
    assert_int_equal(checked(physical, &message), GG_ERROR_OUT_OF_MEMORY);
    assert_non_null(std::strstr(message.c_str(), "a test build"));
}

void test_hook(void **) {
    std::string message;
    setenv("GG_FAULT_AVAILABLE_MEMORY", "1000", 1);
    assert_int_equal(checked(500, &message), GG_OK);
    assert_int_equal(checked(501, &message), GG_ERROR_OUT_OF_MEMORY);
    assert_non_null(std::strstr(message.c_str(), "more than half"));
    setenv("GG_FAULT_AVAILABLE_MEMORY", "1", 1);
    assert_int_equal(checked(1, &message), GG_ERROR_OUT_OF_MEMORY);
    setenv("GG_FAULT_AVAILABLE_MEMORY", "12k", 1);
    assert_int_equal(checked(1, &message), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(std::strstr(message.c_str(), "GG_FAULT_AVAILABLE_MEMORY is '12k'"));
    unsetenv("GG_FAULT_AVAILABLE_MEMORY");
    assert_int_equal(checked(1, &message), GG_OK);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_available_memory),
        cmocka_unit_test(test_hook),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
