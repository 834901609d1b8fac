/*
 * SSSP distance check by certificate, O(n + m), exact for integer weights
 * below 2^24 (as gg's semantics promise):
 *  1. dist[source] = 0, and every distance is >= 0 or +inf (not NaN);
 *  2. along every edge u -> v with u reached, dist[v] <= dist[u] + w: by
 *     induction along a shortest path, no distance is above the true one;
 *  3. every reached vertex is reached from the source along tight edges
 *     (dist[v] = dist[u] + w): such a path has length exactly dist[v], so no
 *     distance is below the true one.
 * (3) is a search from the source over the tight edges, not a test that each
 * reached vertex has some tight in-edge: with zero-weight edges, distances
 * too small by the same amount on a zero-weight cycle would witness each
 * other, and the local test (enough when every weight is positive) would
 * pass them.
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

verify_finding verify_sssp(const verify_csr *g, uint32_t source, const float *distances) {
    if (distances[source] != 0)
        return verify_fail("distance of the source %u is %g, not 0", source, (double)distances[source]);
    for (uint32_t v = 0; v < g->n; ++v)
        if (!(distances[v] >= 0)) return verify_fail("vertex %u has distance %g", v, (double)distances[v]);
    for (uint32_t u = 0; u < g->n; ++u) {
        if (isinf(distances[u])) continue;
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t v = g->targets[e];
            const float through_u = distances[u] + g->weights[e];
            if (!(distances[v] <= through_u))
                return verify_fail("edge %u -> %u (weight %g): dist %g then %g breaks dist[v] <= dist[u] + w", u, v,
                                   (double)g->weights[e], (double)distances[u], (double)distances[v]);
        }
    }
    unsigned char *realised = verify_alloc(g->n, 1);
    uint32_t *queue = verify_alloc(g->n, sizeof *queue);
    uint32_t head = 0, tail = 0;
    realised[source] = 1;
    queue[tail++] = source;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t v = g->targets[e];
            const float through_u = distances[u] + g->weights[e];
            if (!realised[v] && distances[v] == through_u) {
                realised[v] = 1;
                queue[tail++] = v;
            }
        }
    }
    verify_finding finding = verify_pass();
    for (uint32_t v = 0; v < g->n; ++v)
        if (!isinf(distances[v]) && !realised[v]) {
            finding = verify_fail("vertex %u has distance %g but no path of tight edges from the source realises it",
                                  v, (double)distances[v]);
            break;
        }
    free(realised);
    free(queue);
    return finding;
}
