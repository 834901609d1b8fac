// replication_depth = 0 ("auto"): the depth a cost model picks, after
// Medusa's cost-model-guided replication (002 §4.3: "we estimate the
// benefits of all possible hop numbers within the storage constraint and
// select the best one"; its appendix with the model itself is not in the
// text we have, so the model below is ours, docs/partitioned.md).
//
// Per iteration of a pull step, in units of one edge's work:
//     T(d) = E(d) + (beta * B(d) + lambda) / d
// E(d): local edges of all parts at depth d (redundant work grows with d);
// B(d): bytes of one replica refresh, 8 per replica (a double);
// beta = 3: a byte over an inter-GPU link costs about three edge reads of
//   device memory (NVLink ~ 100-450 GB/s against HBM's ~3 TB/s);
// lambda = 2^20: one exchange's fixed latency (~10 us of a GPU's edge rate).
// Depths 1..kMaxAutoDepth are measured (partition/plan.h, measure_depths);
// a depth whose E(d) exceeds 2 E(1) is out (the storage constraint).
#pragma once

#include <cstdint>
#include <vector>

#include "graph/graph.h"

namespace gg {

constexpr uint32_t kMaxAutoDepth = 4;

uint32_t choose_replication_depth(const Graph &g, const std::vector<uint32_t> &owner, uint32_t k);

}  // namespace gg
