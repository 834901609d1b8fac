/*
 * BC check against the reference Brandes (ref_bc) over the same sources:
 * dependencies accumulated in reverse BFS order, without normalisation or
 * halving, as shared/design.md defines it; within 1e-9 relative (only the
 * order of the dependency sums differs). The reference keeps path counts in
 * long double (x86-64: exponent to 2^16384): on the 2048 x 2048 grid they
 * reach about 2^2046, beyond double, and gg keeps them finite.
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "reference.h"

verify_finding verify_bc(const verify_csr *g, const uint32_t *sources, uint32_t num_sources,
                         const double *centrality) {
    double *expected = verify_alloc(g->n, sizeof *expected);
    ref_bc(g, sources, num_sources, expected);
    verify_finding finding = verify_pass();
    for (uint32_t v = 0; v < g->n; ++v)
        if (!(fabs(centrality[v] - expected[v]) <= 1e-9 * fabs(expected[v]) + 1e-9)) {
            finding = verify_fail("vertex %u has centrality %.12g; serial Brandes gives %.12g", v, centrality[v],
                                  expected[v]);
            break;
        }
    free(expected);
    return finding;
}
