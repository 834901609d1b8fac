/*
 * SSSP distance check by certificate, O(n + m), exact for integer weights
 * below 2^24 (as gg's semantics promise):
 *  1. dist[source] = 0;
 *  2. along every edge u -> v with u reached, dist[v] <= dist[u] + w;
 *  3. every reached v != source has an in-edge with dist[v] = dist[u] + w.
 * With every weight > 0 the distance strictly increases along the witnesses
 * of (3), so they form a shortest-path tree and the distances are exact.
 * A zero weight could let witnesses form a cycle, so then the check declines.
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

verify_finding verify_sssp(const verify_csr *g, uint32_t source, const float *distances) {
    for (uint64_t e = 0; e < g->m; ++e)
        if (!(g->weights[e] > 0))
            return verify_fail("cannot verify: edge %llu has weight %g and the certificate needs positive weights",
                               (unsigned long long)e, (double)g->weights[e]);
    if (distances[source] != 0)
        return verify_fail("distance of the source %u is %g, not 0", source, (double)distances[source]);
    unsigned char *witnessed = verify_alloc(g->n, 1);
    verify_finding finding = verify_pass();
    for (uint32_t u = 0; u < g->n && !finding.failed; ++u) {
        if (isinf(distances[u])) continue;
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t v = g->targets[e];
            float through_u = distances[u] + g->weights[e];
            if (!(distances[v] <= through_u)) {
                finding = verify_fail("edge %u -> %u (weight %g): dist %g then %g breaks dist[v] <= dist[u] + w", u,
                                      v, (double)g->weights[e], (double)distances[u], (double)distances[v]);
                break;
            }
            if (distances[v] == through_u) witnessed[v] = 1;
        }
    }
    for (uint32_t v = 0; v < g->n && !finding.failed; ++v) {
        if (isnan(distances[v]))
            finding = verify_fail("vertex %u has distance NaN", v);
        else if (v != source && !isinf(distances[v]) && !witnessed[v])
            finding = verify_fail("vertex %u has distance %g but no in-edge realises it", v, (double)distances[v]);
    }
    free(witnessed);
    return finding;
}
