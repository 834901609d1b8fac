/*
 * APSP check: the diagonal is 0, and a few whole rows (first, middle, last
 * vertex) equal the reference Dijkstra (ref_sssp) from that row's source,
 * exactly (exact for integer weights below 2^24). Checking every row would
 * cost n Dijkstras, more than the kernel under test.
 */
#include <stdlib.h>

#include "internal.h"
#include "reference.h"

verify_finding verify_apsp(const verify_csr *g, const float *distances) {
    const uint64_t n = g->n;
    for (uint64_t v = 0; v < n; ++v)
        if (distances[v * n + v] != 0)
            return verify_fail("distance from %llu to itself is %g, not 0", (unsigned long long)v,
                               (double)distances[v * n + v]);
    if (n == 0) return verify_pass();
    float *expected = verify_alloc(n, sizeof *expected);
    const uint64_t rows[3] = {0, n / 2, n - 1};
    verify_finding finding = verify_pass();
    for (int r = 0; r < 3 && !finding.failed; ++r) {
        const uint64_t row = rows[r];
        ref_sssp(g, (uint32_t)row, expected);
        for (uint64_t v = 0; v < n; ++v)
            if (!(distances[row * n + v] == expected[v])) {
                finding = verify_fail("distance %llu -> %llu is %g; serial Dijkstra gives %g", (unsigned long long)row,
                                      (unsigned long long)v, (double)distances[row * n + v], (double)expected[v]);
                break;
            }
    }
    free(expected);
    return finding;
}
