// BC (one source) check against a serial Brandes pass: BFS from the source
// counting shortest paths, then dependencies accumulated in reverse BFS order; centrality[v] = dependency of v (the source itself gets 0),
// without normalisation or halving, as shared/design.md defines it.
// Path counts are long double (x86-64: exponent to 2^16384): on the 2048 x 2048
// grid they reach about 2^2046, beyond double, and gg keeps them finite.
#include <cmath>
#include <limits>
#include <vector>

#include "verify.h"

namespace bench {

std::string verify_bc(const HostCsr &g, uint32_t source, const double *centrality) {
    const uint32_t unreached = std::numeric_limits<uint32_t>::max();
    std::vector<uint32_t> depth(g.n, unreached), order;
    std::vector<long double> paths(g.n, 0.0L);
    std::vector<double> dependency(g.n, 0.0);
    order.reserve(g.n);
    depth[source] = 0;
    paths[source] = 1;
    order.push_back(source);
    for (size_t head = 0; head < order.size(); ++head) {
        uint32_t u = order[head];
        for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
            uint32_t v = g.indices[e];
            if (depth[v] == unreached) {
                depth[v] = depth[u] + 1;
                order.push_back(v);
            }
            if (depth[v] == depth[u] + 1) paths[v] += paths[u];
        }
    }
    for (size_t i = order.size(); i-- > 0;) {
        uint32_t u = order[i];
        for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
            uint32_t v = g.indices[e];
            if (depth[v] == depth[u] + 1) dependency[u] += double(paths[u] / paths[v]) * (1 + dependency[v]);
        }
    }
    dependency[source] = 0;
    for (uint32_t v = 0; v < g.n; ++v)
        if (!(std::fabs(centrality[v] - dependency[v]) <= 1e-9 * std::fabs(dependency[v]) + 1e-9))
            return format("vertex %u has centrality %.12g; serial Brandes gives %.12g", v, centrality[v],
                          dependency[v]);
    return "";
}

}  // namespace bench
