// One entry point per generator kind (one file each); generators.cpp checks
// the options before calling them, so they receive only valid options. Each
// hands the edges [begin, end) of its kind's full list, begin <= end <= the
// kind's edge count, to a sink, block by block: the full list is the range
// from 0 to that count, and a process generating its share asks for its
// range alone. The sink stores them (an edge list), or counts and places
// them straight into a CSR (generated_csr.cpp), so no whole edge list need
// exist.
#pragma once

#include <cstdint>
#include <functional>

#include "gg.h"
#include "graph/builder.h"

namespace gg {
namespace gen {

// Edges [first, first + count) of a list, in buffers of the calling thread
// that are valid during the sink's call only.
struct EdgeBlock {
    uint64_t first = 0;
    uint64_t count = 0;
    const uint32_t *src = nullptr;
    const uint32_t *dst = nullptr;
    const float *weights = nullptr;  // null when unweighted
};
// Called once for each block of the range, from several threads at once.
using EdgeBlockSink = std::function<void(const EdgeBlock &)>;

void kron_blocks(const gg_generator_options &options, uint64_t begin, uint64_t end, const EdgeBlockSink &sink);
void urand_blocks(const gg_generator_options &options, uint64_t begin, uint64_t end, const EdgeBlockSink &sink);
void grid_blocks(const gg_generator_options &options, uint64_t begin, uint64_t end, const EdgeBlockSink &sink);

// Every block of [begin, end) of checked options' list, of their kind
// (generators.cpp).
void generate_blocks(const gg_generator_options &options, uint64_t begin, uint64_t end, const EdgeBlockSink &sink);
// Checks the options (the errors of generate_edges) and returns their kind's
// edge count.
uint64_t checked_edges(const gg_generator_options &options);

// The vertex count of checked options.
inline uint32_t vertex_count(const gg_generator_options &o) {
    return o.kind == GG_GENERATOR_GRID ? uint32_t(uint64_t(o.rows) * o.cols) : uint32_t(uint64_t(1) << o.scale);
}

// Edge counts of the full lists: kron and urand draw degree edges per vertex;
// a grid joins each vertex to its right and lower neighbours.
inline uint64_t scale_free_edge_count(const gg_generator_options &o) { return uint64_t(o.degree) << o.scale; }
inline uint64_t grid_horizontal_edges(const gg_generator_options &o) { return uint64_t(o.rows) * (o.cols - 1); }
inline uint64_t grid_edge_count(const gg_generator_options &o) {
    return grid_horizontal_edges(o) + (uint64_t(o.rows) - 1) * o.cols;
}

}  // namespace gen
}  // namespace gg
