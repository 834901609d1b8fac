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
// A range of the same list, for one process of a distributed run:
// generate_edge_share (graph/edge_share.h).
EdgeList generate_edges(const gg_generator_options &options);

// Validates the options as generate_edges does and returns the graph
// gg_graph_generate promises (self-loops dropped, duplicates merged to the
// smallest weight, both directions when symmetrize), built straight from the
// generator in two passes, without an edge list (generated_csr.cpp); equal
// to building generate_edges' list with those rules.
Graph generate_graph(const gg_generator_options &options);

}  // namespace gg
