// Tigr's uniform-degree tree (UDT) transform (001_e12cff375407a15a.txt §3.1,
// Algorithm 1), built on the host.
//
// A vertex v of degree d > K loses its out-edges to a queue; while the queue
// holds more than K entries, a new node takes the first K of them as its
// out-edges and joins the back of the queue; what remains (at most K) is v's
// new list. Every node of the result has at most K out-edges, each original
// edge leaves exactly one node of v's tree, and a path through the tree is
// O(log_K d) hops long. The added nodes get ids n, n+1, ... in the order they
// are made, vertex by vertex.
//
// Which edges UDT added is told by their destination: an edge into an added
// node (id >= n) is internal to a family and carries a value unchanged
// (weight 0 for distances and hops, +inf for widths: Corollary 2); every
// other edge is an original edge with its original weight, so the original
// vertices' answers are the transformed graph's (relaxations.cuh).
// Internal edges hold weight 0 in the weights array.
#pragma once

#include <cstdint>

#include "graph/graph.h"

namespace gg {

// The degree bound when a run names none: Tigr's evaluation used K = 500
// to 10K for UDT (Table 3), larger than for virtual split so that trees stay
// shallow; 1000 sits in that range for the suite's scale.
constexpr uint32_t kUdtDefaultBound = 1000;

struct UdtGraph {
    Csr csr;                // n + added nodes, at most K edges each
    uint32_t num_real = 0;  // n: ids below it are the graph's vertices
};

// O(n + m). Fails with GG_ERROR_INVALID_ARGUMENT when k < 2 (a tree of
// out-degree 1 never shrinks the queue) and GG_ERROR_TOO_LARGE when the
// added nodes would not fit 32-bit ids.
UdtGraph udt_transform(const Csr &csr, uint32_t k);

}  // namespace gg
