// SSWP check against a serial reference: widest paths by a label-setting
// search that always settles the unsettled vertex of largest width (Dijkstra
// with max in place of min and min in place of +), O(m log n). A certificate
// check like SSSP's is not enough here: widths are not strictly monotone along
// a path, so overestimates could justify each other around a cycle.
#include <cmath>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "verify.h"

namespace bench {

std::string verify_sswp(const HostCsr &g, uint32_t source, const float *widths) {
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> reference(g.n, 0.0f);
    std::vector<char> settled(g.n, 0);
    std::priority_queue<std::pair<float, uint32_t>> heap;  // largest width first
    reference[source] = inf;
    heap.push({inf, source});
    while (!heap.empty()) {
        auto [width, u] = heap.top();
        heap.pop();
        if (settled[u]) continue;
        settled[u] = 1;
        for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
            uint32_t v = g.indices[e];
            float through_u = std::min(width, g.weights[e]);
            if (through_u > reference[v]) {
                reference[v] = through_u;
                heap.push({through_u, v});
            }
        }
    }
    for (uint32_t v = 0; v < g.n; ++v)
        if (!(widths[v] == reference[v]))
            return format("vertex %u has width %g; the serial widest-path search gives %g", v, double(widths[v]),
                          double(reference[v]));
    return "";
}

}  // namespace bench
