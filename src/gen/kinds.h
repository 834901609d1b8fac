// One entry point per generator kind (one file each); generators.cpp checks
// the options before calling them, so they receive only valid options. Each
// returns the edges [begin, end) of its kind's full list, begin <= end <= the
// kind's edge count: the full list is the range from 0 to that count, and a
// process generating its share asks for its range alone.
#pragma once

#include <cstdint>

#include "gg.h"
#include "graph/builder.h"

namespace gg {
namespace gen {

EdgeList generate_kron(const gg_generator_options &options, uint64_t begin, uint64_t end);   // kron.cpp
EdgeList generate_urand(const gg_generator_options &options, uint64_t begin, uint64_t end);  // urand.cpp
EdgeList generate_grid(const gg_generator_options &options, uint64_t begin, uint64_t end);   // grid.cpp

// Edge counts of the full lists: kron and urand draw degree edges per vertex;
// a grid joins each vertex to its right and lower neighbours.
inline uint64_t scale_free_edge_count(const gg_generator_options &o) { return uint64_t(o.degree) << o.scale; }
inline uint64_t grid_horizontal_edges(const gg_generator_options &o) { return uint64_t(o.rows) * (o.cols - 1); }
inline uint64_t grid_edge_count(const gg_generator_options &o) {
    return grid_horizontal_edges(o) + (uint64_t(o.rows) - 1) * o.cols;
}

}  // namespace gen
}  // namespace gg
