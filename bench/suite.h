// The standard suite of shared/design.md "Measuring performance": kron and
// urand of 2^scale vertices and degree 16, symmetrized, and a rows x rows
// 4-neighbour grid; uniform integer weights in [1, 255]; one fixed seed.
// Every graph is generated on the machine with gg_graph_generate. Graphs
// outside the suite (plaw-mild, plaw-steep, and shapes.h's road, bipartite,
// smallworld) are generated only when named.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gg.h"

namespace bench {

struct SuiteGraph {
    std::string name;            // kron, urand, grid, apsp-kron, or a graph outside the suite
    std::string description;     // e.g. "kron scale 20 degree 16, symmetrized, weights 1..255, seed 27491095"
    gg_generator_options generator;  // unused for shapes.h's shapes
    bool built_shape = false;        // built by shapes.h instead of gg_graph_generate
    uint32_t scale = 0, degree = 0, rows = 0;  // the shape's sizes
    gg_graph *graph = nullptr;   // owned; release with release_graph
    uint32_t n = 0;
    uint64_t m = 0;
    uint32_t source = 0;         // the fixed source of bfs, sssp, sswp and bc
    std::string source_rule;
    uint64_t source_degree = 0;
    double generate_ms = 0;      // gg_graph_generate wall time
};

// The generator options of a suite graph ("kron", "urand", "grid"), or of a
// graph outside the suite (outside_suite_graphs()).
SuiteGraph suite_graph(const std::string &name, uint32_t scale, uint32_t degree, uint32_t grid, uint64_t seed);

// The suite's graphs, and those generated only when named.
const std::vector<std::string> &suite_graphs();
const std::vector<std::string> &outside_suite_graphs();

// Generates the graph, times it and picks the source: the vertex of highest
// out-degree (smallest id on a tie) for kron and urand, as the GAP-style
// anchors of the issue do, and the centre vertex (rows/2, cols/2) of the grid
// (for road, the first vertex from the centre on that has an edge).
// Returns false with the library's message on failure.
bool generate(gg_context *context, SuiteGraph &graph, std::string &error);

void release_graph(SuiteGraph &graph);

}  // namespace bench
