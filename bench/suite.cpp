// Generation of the standard suite and its fixed sources (see suite.h).
#include "suite.h"

#include <chrono>
#include <vector>

#include "format.h"

namespace bench {

SuiteGraph suite_graph(const std::string &name, uint32_t scale, uint32_t degree, uint32_t grid, uint64_t seed) {
    SuiteGraph g;
    g.name = name;
    gg_generator_options &o = g.generator;
    gg_generator_options_init(&o);
    o.seed = seed;
    o.weighted = 1;
    o.weight_min = 1;
    o.weight_max = 255;
    o.symmetrize = 1;
    if (name == "grid") {
        o.kind = GG_GENERATOR_GRID;
        o.rows = grid;
        o.cols = grid;
        g.description = format("grid %u x %u, 4-neighbour, both directions", grid, grid);
    } else {
        o.kind = name == "urand" ? GG_GENERATOR_URAND : GG_GENERATOR_KRON;
        o.scale = scale;
        o.degree = degree;
        g.description = format("%s scale %u degree %u, symmetrized", name == "urand" ? "urand" : "kron", scale, degree);
    }
    g.description += format(", weights 1..255, seed %llu", (unsigned long long)seed);
    return g;
}

bool generate(gg_context *context, SuiteGraph &g, std::string &error) {
    auto start = std::chrono::steady_clock::now();
    gg_status status = gg_graph_generate(context, &g.generator, &g.graph);
    g.generate_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (status != GG_OK) {
        error = format("gg_graph_generate(%s) failed: %s", g.name.c_str(), gg_context_last_error(context));
        g.graph = nullptr;
        return false;
    }
    g.n = gg_graph_num_vertices(g.graph);
    g.m = gg_graph_num_edges(g.graph);
    if (g.n == 0) {
        error = "gg_graph_generate(" + g.name + ") returned an empty graph";
        return false;
    }
    std::vector<uint32_t> degrees(g.n);
    if (gg_graph_out_degrees(context, g.graph, degrees.data()) != GG_OK) {
        error = format("gg_graph_out_degrees(%s) failed: %s", g.name.c_str(), gg_context_last_error(context));
        return false;
    }
    if (g.generator.kind == GG_GENERATOR_GRID) {
        // The generator numbers vertex (r, c) as r * cols + c.
        g.source = (g.generator.rows / 2) * g.generator.cols + g.generator.cols / 2;
        g.source_rule = "centre vertex (rows/2, cols/2)";
    } else {
        uint32_t best = 0;
        for (uint32_t v = 1; v < g.n; ++v)
            if (degrees[v] > degrees[best]) best = v;
        g.source = best;
        g.source_rule = "highest out-degree vertex (smallest id on a tie)";
    }
    g.source_degree = degrees[g.source];
    return true;
}

void release_graph(SuiteGraph &g) {
    gg_graph_destroy(g.graph);
    g.graph = nullptr;
}

}  // namespace bench
