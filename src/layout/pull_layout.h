// Load balance for pull-style kernels over the CSC (PageRank, SpMV): the
// host-side builder; the device view is cuda/layouts/pull_layout.cuh.
//
// Regular vertices are reduced by a group of `lanes` consecutive threads
// (lanes = the power of two nearest half the average degree, 4..32, or one
// thread per vertex where lists are short), so that a warp reads whole
// neighbour lists with coalesced loads. Hubs, whose in-degree
// would keep one group busy long after the rest of the grid has finished,
// are split into chunks of `chunk_edges` edges, one thread block per chunk:
// this is Tigr's virtual node splitting with a virtual node array
// (001_e12cff375407a15a.txt §4.1), applied to hubs only, with a degree bound
// of chunk_edges. Chunks of one hub add their partial sums atomically (the
// associative pull case of Tigr §4.2, Theorem 3); the last chunk to finish
// finalises the hub.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/graph.h"

namespace gg {

// Threads per thread block of the pull kernels; a hub chunk is one block.
constexpr int kPullBlockThreads = 256;

// The host-side arrays of a pull layout, before upload.
struct PullLayoutHost {
    uint32_t lanes = 1;
    uint32_t hub_threshold = UINT32_MAX;
    uint32_t chunk_edges = 0;
    std::vector<uint32_t> hub_vertex;
    std::vector<uint32_t> hub_first_chunk;
    std::vector<uint32_t> chunk_hub;

    uint64_t bytes() const {
        return (hub_vertex.size() + hub_first_chunk.size() + chunk_hub.size()) * sizeof(uint32_t);
    }
};

// The layout of the CSC's rows [first, first + count) (all of them by
// default), its hubs numbered from `first` (a pass over that window of rows
// sees them as rows 0, 1, ...).
PullLayoutHost build_pull_layout(const Csr &csc, uint32_t first = 0, uint32_t count = UINT32_MAX);

}  // namespace gg
