// What the C boundary hands a backend for one run, and what the backend
// reports back. Arguments arrive already validated (source in range, output
// arrays non-NULL, no negative weight where the algorithm forbids it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gg.h"

namespace gg {

class StatePool;

struct RunConfig {
    int num_threads = 1;        // CPU threads (>= 1)
    int device_id = 0;          // CUDA device
    std::vector<int> devices{0};  // the context's CUDA devices (device_id first): where parts run
    gg_layout layout = GG_LAYOUT_AUTO;
    double tolerance = 1e-6;    // PageRank
    uint32_t max_iterations = 100;
    double damping = 0.85;
    float delta = 0.0f;         // SSSP bucket width; 0 = backend's choice
    uint32_t degree_bound = 0;  // K of the virtual split and UDT layouts; 0 = the layout's default
    StatePool *states = nullptr;  // the context's engine states (backend/state_pool.h); null: per run
};

struct RunReport {
    gg_layout layout = GG_LAYOUT_CSR;  // layout actually used
    uint32_t iterations = 0;
    uint64_t edges_visited = 0;
    double compute_ms = 0;     // algorithm time with the graph resident
    double transfer_ms = 0;    // host<->device copies made during the call
    double preprocess_ms = 0;  // layout building during the call
    uint64_t device_bytes = 0; // device memory held for the graph
};

}  // namespace gg
