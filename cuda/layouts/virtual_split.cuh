// The device view of Tigr's virtual node array (001_e12cff375407a15a.txt
// §4.1, host builder src/layout/tigr/virtual_split.h), over the graph's own edges
// (virtual split) or over its UDT transform (§3.1, src/layout/tigr/udt.h).
//
// A vertex v of out-degree d has ceil(d / K) virtual nodes,
// [first_virtual[v], first_virtual[v+1]); virtual node i of a family of f
// takes the edges offsets[v] + i + j*f, j = 0, 1, ... (edge-array
// coalescing, §4.4: consecutive virtual nodes of a family read consecutive
// edges at each step j).
#pragma once

#include <cstdint>

#include "layouts/device_csr.cuh"

namespace gg::cuda {

struct VirtualSplit {
    DeviceCsr edges;               // physical edges (weights: always for UDT, when asked for a split)
    uint32_t num_real = 0;         // the graph's vertices; UDT's added nodes are the ids from here on
    uint32_t degree_bound = 0;     // K
    uint32_t num_virtual = 0;      // virtual nodes
    const uint32_t *first_virtual = nullptr;   // edges.n + 1
    const uint32_t *virtual_vertex = nullptr;  // num_virtual: each one's physical vertex
};

}  // namespace gg::cuda
