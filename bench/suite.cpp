// Generation of the standard suite and its fixed sources (see suite.h).
#include "suite.h"

#include <chrono>
#include <vector>

#include "format.h"
#include "shapes.h"

namespace bench {

const std::vector<std::string> &suite_graphs() {
    static const std::vector<std::string> names = {"kron", "urand", "grid"};
    return names;
}

const std::vector<std::string> &outside_suite_graphs() {
    static const std::vector<std::string> names = {"road", "plaw-mild", "plaw-steep", "bipartite", "smallworld"};
    return names;
}

SuiteGraph suite_graph(const std::string &name, uint32_t scale, uint32_t degree, uint32_t grid, uint64_t seed) {
    SuiteGraph g;
    g.name = name;
    if (is_built_shape(name)) {
        g.built_shape = true;
        g.scale = scale;
        g.degree = degree;
        g.rows = grid;
        g.description = shape_description(name, scale, degree, grid, seed);
        g.generator.seed = seed;
        return g;
    }
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
        // Power laws of other exponents: R-MAT with a milder and a steeper
        // skew than Graph500's (0.57, 0.19, 0.19).
        if (name == "plaw-mild" || name == "plaw-steep") {
            const bool mild = name == "plaw-mild";
            o.rmat_a = mild ? 0.45 : 0.70;
            o.rmat_b = o.rmat_c = mild ? 0.15 : 0.10;
            g.description = format("R-MAT a %.2f b %.2f c %.2f scale %u degree %u, symmetrized", o.rmat_a, o.rmat_b,
                                   o.rmat_c, scale, degree);
        }
    }
    g.description += format(", weights 1..255, seed %llu", (unsigned long long)seed);
    return g;
}

bool generate(gg_context *context, SuiteGraph &g, std::string &error) {
    auto start = std::chrono::steady_clock::now();
    if (g.built_shape) {
        if (!build_shape(context, g.name, g.scale, g.degree, g.rows, g.generator.seed, &g.graph, error)) {
            g.graph = nullptr;
            return false;
        }
    } else if (gg_graph_generate(context, &g.generator, &g.graph) != GG_OK) {
        error = format("gg_graph_generate(%s) failed: %s", g.name.c_str(), gg_context_last_error(context));
        g.graph = nullptr;
        return false;
    }
    g.generate_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
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
    if (g.name == "road") {
        // Numbered as the grid; the centre may have lost all its streets.
        uint32_t v = (g.rows / 2) * g.rows + g.rows / 2;
        for (uint32_t tried = 0; tried < g.n && degrees[v] == 0; ++tried) v = (v + 1) % g.n;
        g.source = v;
        g.source_rule = "centre vertex (rows/2, cols/2), or the next with an edge";
    } else if (!g.built_shape && g.generator.kind == GG_GENERATOR_GRID) {
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
