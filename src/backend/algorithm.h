// The one list of algorithms: what a run asks for, as the C boundary hands
// it to a backend. Adding an algorithm means a value here, its fields in
// RunRequest, its case in dispatch.cpp, its line in entry_points.inc and one
// file per backend; adding a backend means one BackendEntryPoints in
// dispatch.cpp.
#pragma once

#include <cstdint>

namespace gg {

namespace program {
struct Program;
struct RunSettings;
struct ProgramReport;
}  // namespace program

enum class Algorithm { bfs, sssp, sswp, cc, pagerank, bc, spmv, apsp, matching, program };

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
    uint32_t num_left = 0;               // matching: vertices 0 .. num_left - 1 are the left side
    uint32_t *mates = nullptr;           // matching
    uint64_t *matching_size = nullptr;   // matching: the pairs matched
    program::Program *program = nullptr;                 // program: the vertex program
    void *program_values = nullptr;                      // program: n values in and out
    const program::RunSettings *program_settings = nullptr;  // program
    program::ProgramReport *program_outcome = nullptr;   // program: whether it converged
};

}  // namespace gg
