/*
 * SSWP check against the reference widest-path search (ref_sswp: Dijkstra
 * with max in place of min and min in place of +), compared exactly: widths
 * are minima of edge weights, with no rounding. A certificate check like
 * SSSP's local one is not enough here: widths are not strictly monotone along
 * a path, so overestimates could justify each other around a cycle.
 */
#include <stdlib.h>

#include "internal.h"
#include "reference.h"

verify_finding verify_sswp(const verify_csr *g, uint32_t source, const float *widths) {
    float *expected = verify_alloc(g->n, sizeof *expected);
    ref_sswp(g, source, expected);
    verify_finding finding = verify_pass();
    for (uint32_t v = 0; v < g->n; ++v)
        if (!(widths[v] == expected[v])) {
            finding = verify_fail("vertex %u has width %g; the serial widest-path search gives %g", v,
                                  (double)widths[v], (double)expected[v]);
            break;
        }
    free(expected);
    return finding;
}
