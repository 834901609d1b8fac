// METIS k-way partitioning of a graph's vertices (edge directions ignored),
// the first step of Medusa's multi-GPU execution (002_28fc4dc2d3bbdd4f.txt).
#pragma once

#include <cstdint>

#include "graph/graph.h"

namespace gg {

// True when gg was built with METIS.
bool metis_available();

// parts[v] in [0, k). Returns the edge cut: undirected pairs {u, v}, u != v,
// with an edge in either direction, whose ends lie in different parts.
uint64_t metis_partition(const Graph &g, uint32_t k, uint32_t *parts, int32_t seed, int32_t ufactor);

// The edge cut of a given assignment, by the same definition.
uint64_t count_edge_cut(const Graph &g, const uint32_t *parts);
// The pairs of that cut whose smaller end lies in part `part`, from a graph
// holding every edge that touches part's vertices (a distributed plan's
// gathered edges): summed over the parts, the cut.
uint64_t count_edge_cut_of_part(const Graph &g, const uint32_t *parts, uint32_t part);
// The same, from rows laid out in another order: vertex v's row is row_of[v] of `rows`.
uint64_t count_edge_cut_of_part(const Csr &rows, const uint32_t *row_of, uint32_t n, bool undirected,
                                const uint32_t *parts, uint32_t part);

}  // namespace gg
