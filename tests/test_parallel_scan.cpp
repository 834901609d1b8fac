/* The parallel prefix sums and ordered selections of src/core/parallel_scan.h
 * against one-thread loops written out here: sizes on both sides of the point
 * where the threads start (65,536), empty and one-item ranges, counts of zero
 * and large counts, selections keeping nothing, everything, one item or a
 * pseudo-random half, appended after existing items; on 1, 2, 3 and 7 threads,
 * which must all give the same result. */
#include <cstdint>
#include <vector>

#include <omp.h>

#include "core/parallel_scan.h"
#include "internal_graphs.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

const uint64_t kSizes[] = {0, 1, 2, 1000, 65535, 65536, 65537, 200003, (uint64_t(1) << 20) + 7};
const int kThreads[] = {1, 2, 3, 7};

using gg_test::mix;

void test_fill_offsets(void **state) {
    (void)state;
    const int threads = omp_get_max_threads();
    // Small counts with zeros, and counts near 2^40 whose sums need 64 bits.
    const auto small = [](uint64_t i) { return mix(i) % 5; };
    const auto large = [](uint64_t i) { return (mix(i) >> 24) & ((uint64_t(1) << 40) - 1); };
    for (const uint64_t n : kSizes)
        for (int which = 0; which < 2; ++which) {
            std::vector<uint64_t> want(n + 1, 0);
            for (uint64_t i = 0; i < n; ++i) want[i + 1] = want[i] + (which ? large(i) : small(i));
            for (const int t : kThreads) {
                omp_set_num_threads(t);
                std::vector<uint64_t> got(n + 1, 12345);
                if (which)
                    gg::fill_offsets(n, large, got.data());
                else
                    gg::fill_offsets(n, small, got.data());
                assert_true(got == want);
            }
        }
    omp_set_num_threads(threads);
}

void test_append_where(void **state) {
    (void)state;
    const int threads = omp_get_max_threads();
    for (const uint64_t n : kSizes)
        for (int which = 0; which < 4; ++which) {
            const auto keep = [&](uint64_t i) {
                switch (which) {
                    case 0: return false;
                    case 1: return true;
                    case 2: return i == n / 2;
                    default: return (mix(i) & 1) != 0;
                }
            };
            // Appended after what the vector already holds.
            std::vector<uint32_t> want = {7, 7, 7};
            for (uint64_t i = 0; i < n; ++i)
                if (keep(i)) want.push_back(uint32_t(i));
            for (const int t : kThreads) {
                omp_set_num_threads(t);
                std::vector<uint32_t> got = {7, 7, 7};
                gg::append_where(n, keep, got);
                assert_true(got == want);
            }
        }
    omp_set_num_threads(threads);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fill_offsets),
        cmocka_unit_test(test_append_where),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
