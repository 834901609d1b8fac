/*
 * PageRank check against the reference power iteration (ref_pagerank) run
 * for exactly the iterations the result reports, from 1/n by gg's definition
 * (shared/design.md "Semantics"): r'(v) = (1-d)/n + d * (sum over u -> v of
 * r(u)/outdeg(u) + dangling/n). Both sides then compute the same iterates and
 * must agree to rounding, whatever tolerance stopped the run; the ranks must
 * also sum to 1.
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "reference.h"

verify_finding verify_pagerank(const verify_csr *g, const double *ranks, uint32_t iterations, double damping) {
    if (g->n == 0) return verify_pass();
    double *expected = verify_alloc(g->n, sizeof *expected);
    ref_pagerank(g, damping, 0.0, iterations, expected); /* tolerance 0: every iteration asked for */
    verify_finding finding = verify_pass();
    double sum = 0;
    for (uint32_t v = 0; v < g->n; ++v) {
        sum += ranks[v];
        /* Summation order differs between kernels; 1e-9 relative is far
         * above that rounding and far below any real mistake. */
        if (!(fabs(ranks[v] - expected[v]) <= 1e-9 * expected[v] + 1e-15)) {
            finding = verify_fail("vertex %u has rank %.12g; %u serial iterations give %.12g", v, ranks[v],
                                  iterations, expected[v]);
            break;
        }
    }
    if (!finding.failed && !(fabs(sum - 1.0) <= 1e-6)) finding = verify_fail("ranks sum to %.12g, not 1", sum);
    free(expected);
    return finding;
}
