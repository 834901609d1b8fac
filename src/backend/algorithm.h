// The one list of algorithms: what a run asks for, as the C boundary hands
// it to a backend. Adding an algorithm means a value here, its fields in
// RunRequest, its case in dispatch.cpp, its line in entry_points.inc and one
// file per backend; adding a backend means one BackendEntryPoints in
// dispatch.cpp.
#pragma once

#include <cstdint>

namespace gg {

enum class Algorithm { bfs, sssp, sswp, cc, pagerank, bc, spmv, apsp };

// The name used in messages ("BFS", "PageRank" ...).
const char *algorithm_name(Algorithm algorithm);

// One run's inputs and outputs; each algorithm reads the fields its
// comment names, the rest stay at their defaults.
struct RunRequest {
    Algorithm algorithm = Algorithm::bfs;
    uint32_t source = 0;                 // bfs sssp sswp
    const uint32_t *sources = nullptr;   // bc
    uint32_t num_sources = 0;            // bc
    const float *x = nullptr;            // spmv
    uint32_t *depths = nullptr;          // bfs
    uint32_t *parents = nullptr;         // bfs, optional
    uint32_t *labels = nullptr;          // cc
    float *values = nullptr;             // sssp distances, sswp widths, spmv y, apsp matrix
    double *scores = nullptr;            // pagerank ranks, bc centrality
};

}  // namespace gg
