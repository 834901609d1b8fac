// Tigr's virtual node array (001_e12cff375407a15a.txt §4.1 "Virtual Node
// Array", §4.4 "Edge-array Coalescing"), built on the host.
//
// Each vertex v of degree d gets max(1, ceil(d / K)) virtual nodes; virtual
// node i of a family of f takes v's edges i, i + f, i + 2f, ... (the strided
// assignment of edge-array coalescing), so no edge moves and the CSR is
// shared with every other layout. Threads are scheduled over virtual nodes:
// no thread walks more than K edges, and the virtual nodes of one family sit
// side by side in a warp reading consecutive edges at each step. The family
// shares its vertex's value (implicit value synchronization, §4.2).
//
// Tigr gives a vertex of degree 0 no virtual node; here it has one (with no
// edges), so that a pull over the virtual nodes visits every vertex once
// and no separate pass is needed for the vertices without in-edges.
#pragma once

#include <cstdint>

#include "graph/graph.h"
#include "core/default_init_allocator.h"

namespace gg {

// Tigr's default degree bound for virtual split (§5: K = 10 "for its overall
// best performance across settings").
constexpr uint32_t kVirtualSplitDefaultBound = 10;

struct VirtualNodes {
    uint32_t degree_bound = 0;              // K
    UninitVector<uint32_t> first_virtual;   // n + 1: v's virtual nodes are [first_virtual[v], first_virtual[v+1])
    UninitVector<uint32_t> virtual_vertex;  // one per virtual node: its vertex
    uint32_t count() const { return first_virtual.empty() ? 0 : first_virtual.back(); }
};

// O(n + number of virtual nodes). Fails with GG_ERROR_INVALID_ARGUMENT when
// k is 0 and GG_ERROR_TOO_LARGE when the virtual nodes would not fit 32-bit
// ids (a larger k needs fewer).
VirtualNodes build_virtual_nodes(const Csr &csr, uint32_t k);

}  // namespace gg
