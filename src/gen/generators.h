// Deterministic graph generators: Kronecker / R-MAT (Graph500 parameters),
// uniform random, 2D grid. The same options give the same graph on every
// machine and thread count.
#pragma once

#include "gg.h"
#include "graph/builder.h"

namespace gg {

// Validates the options (GG_ERROR_INVALID_ARGUMENT / GG_ERROR_TOO_LARGE) and
// returns the edge list, with weights when options.weighted; the caller
// builds it with drop_self_loops and KEEP_MIN, undirected when symmetrize.
EdgeList generate_edges(const gg_generator_options &options);

// Validates the options as generate_edges does and returns the graph
// gg_graph_generate promises (self-loops dropped, duplicates merged to the
// smallest weight, both directions when symmetrize), built straight from the
// generator in two passes, without an edge list (generated_csr.cpp); equal
// to building generate_edges' list with those rules.
Graph generate_graph(const gg_generator_options &options);

// The rows first_row <= v < end_row of generate_graph's CSR (row v -
// first_row is v's list; the targets keep the graph's ids), built the same
// way from every edge the generator draws, in memory for those rows only:
// each process of a distributed run builds its own (api/distributed_graphs.cpp).
Csr generate_rows(const gg_generator_options &options, uint32_t first_row, uint32_t end_row);

}  // namespace gg
