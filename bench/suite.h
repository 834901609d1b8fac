// The standard suite of shared/design.md "Measuring performance": kron and
// urand of 2^scale vertices and degree 16, symmetrized, and a rows x rows
// 4-neighbour grid; uniform integer weights in [1, 255]; one fixed seed.
// Every graph is generated on the machine with gg_graph_generate.
#pragma once

#include <cstdint>
#include <string>

#include "gg.h"

namespace bench {

struct SuiteGraph {
    std::string name;            // kron, urand, grid, or apsp-kron
    std::string description;     // e.g. "kron scale 20 degree 16, symmetrized, weights 1..255, seed 27491095"
    gg_generator_options generator;
    gg_graph *graph = nullptr;   // owned; release with release_graph
    uint32_t n = 0;
    uint64_t m = 0;
    uint32_t source = 0;         // the fixed source of bfs, sssp, sswp and bc
    std::string source_rule;
    uint64_t source_degree = 0;
    double generate_ms = 0;      // gg_graph_generate wall time
};

// The generator options of a suite graph ("kron", "urand", "grid").
SuiteGraph suite_graph(const std::string &name, uint32_t scale, uint32_t degree, uint32_t grid, uint64_t seed);

// Generates the graph, times it and picks the source: the vertex of highest
// out-degree (smallest id on a tie) for kron and urand, as the GAP-style
// anchors of the issue do, and the centre vertex (rows/2, cols/2) of the grid.
// Returns false with the library's message on failure.
bool generate(gg_context *context, SuiteGraph &graph, std::string &error);

void release_graph(SuiteGraph &graph);

}  // namespace bench
