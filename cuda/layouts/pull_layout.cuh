// The device view of a pull layout (src/layout/pull_layout.h says what it is
// and how it is built): which vertices are hubs, split into block-sized
// chunks, and how many lanes reduce every other vertex.
#pragma once

#include <cstdint>

#include "layout/pull_layout.h"

namespace gg::cuda {

struct PullLayout {
    uint32_t lanes = 1;
    uint32_t hub_threshold = UINT32_MAX;  // in-degree above which a vertex is a hub
    uint32_t chunk_edges = 0;
    uint32_t num_hubs = 0;
    uint32_t num_chunks = 0;
    const uint32_t *hub_vertex = nullptr;       // num_hubs
    const uint32_t *hub_first_chunk = nullptr;  // num_hubs + 1
    const uint32_t *chunk_hub = nullptr;        // num_chunks: index into hub_vertex
};

}  // namespace gg::cuda
