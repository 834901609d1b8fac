// The path problems on the CPU: one delta-stepping engine
// (cpu/engines/bucket_relaxation.h) over the semirings of backend/path_semiring.h.
// sssp.cpp and sswp.cpp run it from their source; a part of a partitioned
// run (src/partitioned/paths.cpp) runs it on its local graph from the
// vertices the last exchange improved, BFS depths included (PathKind::hops,
// level by level: its buckets are the depths).
#pragma once

#include <cstdint>
#include <vector>

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

// The buckets of a partitioned run's band windows (src/partitioned/
// band_windows.h), which must be the same on every part: made from the whole
// graph's vertices, edges and weight range (its mean weight taken as the
// range's middle, as the GPU's bands are), where relax_paths makes them from
// the graph it is given. config.delta (shortest paths) overrides the width.
struct PathBuckets {
    double inverse_delta = 1;
    double top = 0;  // widest paths: the largest weight, bucket 0's edge
};
template <PathKind kind>
PathBuckets whole_graph_buckets(uint64_t n, uint64_t m, double min_weight, double max_weight,
                                const RunConfig &config);
// A value's bucket under them.
template <PathKind kind>
uint64_t bucket_of(const PathBuckets &buckets, typename PathSemiring<kind>::Value value);

// relax_paths within a window: only buckets up to `limit` are relaxed; the
// seeds above it and the vertices left above it are listed in `pending`
// (sorted, once each).
template <PathKind kind>
PathTotals relax_paths_in_window(const Graph &g, typename PathSemiring<kind>::Value *values, const uint32_t *seeds,
                                 uint64_t num_seeds, const RunConfig &config, const PathBuckets &buckets,
                                 uint64_t limit, std::vector<uint32_t> &pending);

}  // namespace gg::cpu
