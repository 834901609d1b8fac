#include "partition/replication_depth.h"

#include "partition/plan.h"

namespace gg {

uint32_t choose_replication_depth(const Graph &g, const std::vector<uint32_t> &owner, uint32_t k) {
    constexpr double kBeta = 3.0, kLambda = double(1u << 20), kBytesPerReplica = 8.0;
    if (k <= 1) return 1;
    const std::vector<DepthCost> costs = measure_depths(g, owner, k, kMaxAutoDepth);
    uint32_t best = 1;
    double best_cost = 0;
    for (uint32_t d = 1; d <= kMaxAutoDepth; ++d) {
        const DepthCost &c = costs[d - 1];
        if (d > 1 && c.local_edges > 2 * costs[0].local_edges) break;  // storage constraint; deeper only grows
        const double cost = double(c.local_edges) + (kBeta * kBytesPerReplica * double(c.replicas) + kLambda) / d;
        if (d == 1 || cost < best_cost) {
            best = d;
            best_cost = cost;
        }
    }
    return best;
}

}  // namespace gg
