/*
 * SpMV check against the reference edge loop in double (ref_spmv). A kernel
 * may sum in float in an order of its own, so each y(v) may differ by the
 * bound of recursive float summation, (in-degree + 1) * 2^-24 * sum of
 * |terms|; a wrong or missing term on any low-degree vertex still shows far
 * beyond it.
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "reference.h"

verify_finding verify_spmv(const verify_csr *g, const float *x, const float *y) {
    double *expected = verify_alloc(g->n, sizeof *expected), *magnitude = verify_alloc(g->n, sizeof *magnitude);
    uint64_t *in_degree = verify_alloc(g->n, sizeof *in_degree);
    ref_spmv(g, x, expected);
    for (uint32_t u = 0; u < g->n; ++u)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            magnitude[g->targets[e]] += fabs((double)g->weights[e] * (double)x[u]);
            in_degree[g->targets[e]]++;
        }
    const double unit_roundoff = ldexp(1.0, -24);
    verify_finding finding = verify_pass();
    for (uint32_t v = 0; v < g->n; ++v) {
        double bound = (double)(in_degree[v] + 1) * unit_roundoff * magnitude[v] + 1e-30;
        if (!(fabs((double)y[v] - expected[v]) <= bound)) {
            finding = verify_fail("vertex %u has y = %.9g; the serial sum over its %llu in-edges is %.9g", v,
                                  (double)y[v], (unsigned long long)in_degree[v], expected[v]);
            break;
        }
    }
    free(expected);
    free(magnitude);
    free(in_degree);
    return finding;
}
