// APSP check: the diagonal is 0, and a few whole rows (first, middle, last
// vertex) equal a serial Dijkstra from that row's source (exact for integer
// weights below 2^24). Checking every row would cost n Dijkstras, more than
// the kernel under test.
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "verify.h"

namespace bench {

namespace {

std::vector<float> dijkstra(const HostCsr &g, uint32_t source) {
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> dist(g.n, inf);
    using Entry = std::pair<float, uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    dist[source] = 0;
    heap.push({0.0f, source});
    while (!heap.empty()) {
        auto [d, u] = heap.top();
        heap.pop();
        if (d > dist[u]) continue;
        for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
            float through_u = d + g.weights[e];
            if (through_u < dist[g.indices[e]]) {
                dist[g.indices[e]] = through_u;
                heap.push({through_u, g.indices[e]});
            }
        }
    }
    return dist;
}

}  // namespace

std::string verify_apsp(const HostCsr &g, const float *distances) {
    const uint64_t n = g.n;
    for (uint64_t v = 0; v < n; ++v)
        if (distances[v * n + v] != 0)
            return format("distance from %llu to itself is %g, not 0", (unsigned long long)v,
                          double(distances[v * n + v]));
    if (n == 0) return "";
    for (uint64_t row : {uint64_t(0), n / 2, n - 1}) {
        std::vector<float> expected = dijkstra(g, uint32_t(row));
        for (uint64_t v = 0; v < n; ++v)
            if (!(distances[row * n + v] == expected[v]))
                return format("distance %llu -> %llu is %g; serial Dijkstra gives %g", (unsigned long long)row,
                              (unsigned long long)v, double(distances[row * n + v]), double(expected[v]));
    }
    return "";
}

}  // namespace bench
