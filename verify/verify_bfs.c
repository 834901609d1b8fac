/*
 * BFS depth check by certificate, O(n + m):
 *  1. depth[source] = 0;
 *  2. along every edge u -> v with u reached, depth[v] <= depth[u] + 1
 *     (so nothing reachable is left at UINT32_MAX);
 *  3. every reached v != source has an in-edge u -> v with
 *     depth[u] = depth[v] - 1 (so no depth is too small).
 * Depth strictly increases along the witnesses of (3), so they form a tree
 * rooted at the source and the depths are exactly the hop counts.
 */
#include <stdlib.h>

#include "internal.h"

verify_finding verify_bfs(const verify_csr *g, uint32_t source, const uint32_t *depths) {
    const uint32_t unreached = UINT32_MAX;
    if (depths[source] != 0) return verify_fail("depth of the source %u is %u, not 0", source, depths[source]);
    unsigned char *witnessed = verify_alloc(g->n, 1);
    verify_finding finding = verify_pass();
    for (uint32_t u = 0; u < g->n && !finding.failed; ++u) {
        if (depths[u] == unreached) continue;
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t v = g->targets[e];
            if (depths[v] == unreached || depths[v] > depths[u] + 1) {
                finding = verify_fail("edge %u -> %u: depths %u and %d break depth[v] <= depth[u] + 1", u, v,
                                      depths[u], depths[v] == unreached ? -1 : (int)depths[v]);
                break;
            }
            if (depths[v] == depths[u] + 1) witnessed[v] = 1;
        }
    }
    for (uint32_t v = 0; v < g->n && !finding.failed; ++v)
        if (v != source && depths[v] != unreached && !witnessed[v])
            finding = verify_fail("vertex %u has depth %u but no in-edge from depth %u", v, depths[v], depths[v] - 1);
    free(witnessed);
    return finding;
}
