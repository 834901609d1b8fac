// The path problems on the CPU: one delta-stepping engine
// (cpu/engines/bucket_relaxation.h) over the semirings of backend/path_semiring.h.
// sssp.cpp and sswp.cpp run it from their source; a part of a partitioned
// run (src/partitioned/paths.cpp) runs it on its local graph from the
// vertices the last exchange improved, BFS depths included (PathKind::hops,
// level by level: its buckets are the depths).
#pragma once

#include <cstdint>

#include "backend/path_semiring.h"
#include "backend/run_config.h"
#include "graph/graph.h"

namespace gg::cpu {

struct PathTotals {
    uint32_t rounds = 0;
    uint64_t edges_visited = 0;
};

// Relaxes along g's out-edges from `seeds` until nothing improves. `values`
// holds g.n() values to start from: the semiring's unreached value, and the
// seeds' own. config.delta (shortest paths) overrides the bucket width.
template <PathKind kind>
PathTotals relax_paths(const Graph &g, typename PathSemiring<kind>::Value *values, const uint32_t *seeds,
                       uint64_t num_seeds, const RunConfig &config);

}  // namespace gg::cpu
