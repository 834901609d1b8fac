// SSSP distance check by certificate, O(n + m), exact for integer weights
// below 2^24 (as gg's semantics promise):
//  1. dist[source] = 0;
//  2. along every edge u -> v with u reached, dist[v] <= dist[u] + w;
//  3. every reached v != source has an in-edge with dist[v] = dist[u] + w.
// With every weight > 0 the distance strictly increases along the witnesses
// of (3), so they form a shortest-path tree and the distances are exact.
// A zero weight could let witnesses form a cycle, so then the check declines.
#include <cmath>
#include <vector>

#include "verify.h"

namespace bench {

std::string verify_sssp(const HostCsr &g, uint32_t source, const float *distances) {
    for (uint64_t e = 0; e < g.m; ++e)
        if (!(g.weights[e] > 0))
            return format("cannot verify: edge %llu has weight %g and the certificate needs positive weights",
                          (unsigned long long)e, double(g.weights[e]));
    if (distances[source] != 0) return format("distance of the source %u is %g, not 0", source, double(distances[source]));
    std::vector<char> witnessed(g.n, 0);
    for (uint32_t u = 0; u < g.n; ++u) {
        if (std::isinf(distances[u])) continue;
        for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
            uint32_t v = g.indices[e];
            float through_u = distances[u] + g.weights[e];
            if (!(distances[v] <= through_u))
                return format("edge %u -> %u (weight %g): dist %g then %g breaks dist[v] <= dist[u] + w", u, v,
                              double(g.weights[e]), double(distances[u]), double(distances[v]));
            if (distances[v] == through_u) witnessed[v] = 1;
        }
    }
    for (uint32_t v = 0; v < g.n; ++v) {
        if (std::isnan(distances[v])) return format("vertex %u has distance NaN", v);
        if (v != source && !std::isinf(distances[v]) && !witnessed[v])
            return format("vertex %u has distance %g but no in-edge realises it", v, double(distances[v]));
    }
    return "";
}

}  // namespace bench
