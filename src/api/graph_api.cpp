// gg_graph: construction from arrays, files and generators; queries.
#include <algorithm>
#include <cstring>

#include "api/boundary.h"
#include "layout/layout_cache.h"
#include "gen/generators.h"
#include "api/distributed_graphs.h"
#include "io/io.h"

using gg::fail;
using gg::guarded;
using gg::graph_of;
using gg::require;

namespace {

constexpr uint64_t kDefaultMaxEdges = uint64_t(1) << 36;

gg::BuildOptions build_options(const gg_graph_options *user) {
    gg_graph_options o = gg::read_options(user, gg_graph_options_init, "gg_graph_options");
    if (!gg::enum_in_range(o.duplicates, GG_DUPLICATES_KEEP_MIN, GG_DUPLICATES_KEEP_ALL))
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_graph_options.duplicates is %d, not a gg_duplicate_policy",
             gg::enum_value(o.duplicates));
    gg::BuildOptions b;
    b.undirected = o.undirected != 0;
    b.duplicates = o.duplicates;
    b.drop_self_loops = o.drop_self_loops != 0;
    b.max_edges = o.max_edges == 0 ? kDefaultMaxEdges : o.max_edges;
    b.max_vertices = o.max_vertices;
    return b;
}

gg_graph *wrap(gg::Graph &&g) {
    auto *handle = new gg_graph;
    handle->graph = std::move(g);
    return handle;
}

// Every capacity is checked before anything is written, so a refused call
// leaves all of the caller's arrays as they were.
void read_csr(const gg::Csr &csr, uint64_t *offsets, uint64_t offsets_capacity, uint32_t *indices,
              uint64_t indices_capacity, float *weights, uint64_t weights_capacity) {
    gg::require_capacity(offsets, offsets_capacity, csr.offsets.size(), "offsets", "n + 1");
    gg::require_capacity(indices, indices_capacity, csr.indices.size(), "indices", "m");
    gg::require_capacity(weights, weights_capacity, csr.weights.size(), "weights", "m");
    if (offsets) std::copy(csr.offsets.begin(), csr.offsets.end(), offsets);
    if (indices) std::copy(csr.indices.begin(), csr.indices.end(), indices);
    if (weights) std::copy(csr.weights.begin(), csr.weights.end(), weights);
}

// A distributed graph answers from its header (its whole graph's n and flags).
const gg::Graph &shape_of(const gg_graph *graph) {
    return graph->distributed ? graph->distributed->header : graph->graph;
}

}  // namespace

extern "C" {

void gg_graph_options_init(gg_graph_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->duplicates = GG_DUPLICATES_KEEP_MIN;
}

void gg_generator_options_init(gg_generator_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->kind = GG_GENERATOR_KRON;
    options->scale = 10;
    options->degree = 16;
    options->rows = 32;
    options->cols = 32;
    options->seed = 27491095;
    options->weighted = 0;
    options->weight_min = 1;
    options->weight_max = 255;
    options->symmetrize = 1;
    options->rmat_a = 0.57;
    options->rmat_b = 0.19;
    options->rmat_c = 0.19;
}

gg_status gg_graph_create(gg_context *context, uint32_t num_vertices, uint64_t num_edges, const uint32_t *src,
                          const uint32_t *dst, const float *weights, const gg_graph_options *options,
                          gg_graph **out_graph) {
    return guarded(context, "gg_graph_create", [&] {
        require(out_graph, "out_graph");
        *out_graph = nullptr;
        gg::BuildOptions b = build_options(options);
        if (context->comm) {
            *out_graph = gg::create_distributed(*context, num_vertices, num_edges, src, dst, weights, b).release();
            return;
        }
        *out_graph = wrap(gg::build_graph(num_vertices, num_edges, src, dst, weights, b));
    });
}

gg_status gg_graph_create_csr(gg_context *context, uint32_t num_vertices, const uint64_t *offsets,
                              const uint32_t *indices, const float *weights, const gg_graph_options *options,
                              gg_graph **out_graph) {
    return guarded(context, "gg_graph_create_csr", [&] {
        require(out_graph, "out_graph");
        *out_graph = nullptr;
        require(offsets, "offsets");
        if (context->comm)
            fail(GG_ERROR_UNSUPPORTED, "a distributed context builds graphs from each process's share of the edges: "
                                       "use gg_graph_create (COO), not gg_graph_create_csr");
        gg::BuildOptions b = build_options(options);
        *out_graph = wrap(gg::build_graph_from_csr(num_vertices, offsets, indices, weights, b));
    });
}

gg_status gg_graph_load(gg_context *context, const char *path, gg_format format, const gg_graph_options *options,
                        gg_graph **out_graph) {
    return guarded(context, "gg_graph_load", [&] {
        require(out_graph, "out_graph");
        *out_graph = nullptr;
        require(path, "path");
        if (!gg::enum_in_range(format, GG_FORMAT_AUTO, GG_FORMAT_GGB))
            fail(GG_ERROR_INVALID_ARGUMENT, "format %d is not a gg_format", gg::enum_value(format));
        gg::BuildOptions b = build_options(options);
        if (context->comm) {
            *out_graph = gg::load_distributed(*context, path, format, b).release();
            return;
        }
        *out_graph = wrap(gg::load_graph(path, format, b));
    });
}

gg_status gg_graph_save(gg_context *context, const gg_graph *graph, const char *path, gg_format format) {
    return guarded(context, "gg_graph_save", [&] {
        const gg::Graph &g = graph_of(graph);
        require(path, "path");
        if (!gg::enum_in_range(format, GG_FORMAT_AUTO, GG_FORMAT_GGB))
            fail(GG_ERROR_INVALID_ARGUMENT, "format %d is not a gg_format", gg::enum_value(format));
        gg::save_graph(g, path, format);
    });
}

gg_format gg_format_from_path(const char *path) {
    if (path == nullptr) return GG_FORMAT_AUTO;
    return gg::format_from_extension(path);
}

gg_status gg_graph_generate(gg_context *context, const gg_generator_options *options, gg_graph **out_graph) {
    return guarded(context, "gg_graph_generate", [&] {
        require(out_graph, "out_graph");
        *out_graph = nullptr;
        gg_generator_options o = gg::read_options(options, gg_generator_options_init, "gg_generator_options");
        if (context->comm) {
            *out_graph = gg::generate_distributed(*context, o).release();
            return;
        }
        // Straight into the CSR, without the edge list: the same graph
        // (src/gen/generated_csr.cpp), in a fraction of the memory.
        *out_graph = wrap(gg::generate_graph(o));
    });
}

void gg_graph_destroy(gg_graph *graph) { delete graph; }

gg_status gg_graph_release_device_memory(gg_context *context, const gg_graph *graph, uint64_t *out_released_bytes) {
    return guarded(context, "gg_graph_release_device_memory", [&] {
        const gg::Graph &g = graph_of(graph);
        uint64_t bytes = gg::layout_cache().release_graph_devices(g.uid());
        bytes += context->states->release_graph(g.uid());
        if (out_released_bytes) *out_released_bytes = bytes;
    });
}

uint32_t gg_graph_num_vertices(const gg_graph *graph) { return graph ? shape_of(graph).n() : 0; }
uint64_t gg_graph_num_edges(const gg_graph *graph) {
    if (graph == nullptr) return 0;
    return graph->distributed ? graph->distributed->stored_edges : graph->graph.m();
}
int32_t gg_graph_is_undirected(const gg_graph *graph) { return graph && shape_of(graph).undirected ? 1 : 0; }
int32_t gg_graph_is_weighted(const gg_graph *graph) { return graph && shape_of(graph).weighted ? 1 : 0; }

gg_status gg_graph_out_degrees(gg_context *context, const gg_graph *graph, uint32_t *out_degrees) {
    return guarded(context, "gg_graph_out_degrees", [&] {
        const gg::Graph &g = graph_of(graph);
        require(out_degrees, "out_degrees");
        for (uint32_t v = 0; v < g.n(); ++v) out_degrees[v] = g.out.degree(v);
    });
}

gg_status gg_graph_in_degrees(gg_context *context, const gg_graph *graph, uint32_t *in_degrees) {
    return guarded(context, "gg_graph_in_degrees", [&] {
        const gg::Graph &g = graph_of(graph);
        require(in_degrees, "in_degrees");
        const gg::Csr &in = g.in();
        for (uint32_t v = 0; v < g.n(); ++v) in_degrees[v] = in.degree(v);
    });
}

gg_status gg_graph_read_csr(gg_context *context, const gg_graph *graph, uint64_t *offsets,
                            uint64_t offsets_capacity, uint32_t *indices, uint64_t indices_capacity, float *weights,
                            uint64_t weights_capacity) {
    return guarded(context, "gg_graph_read_csr", [&] {
        read_csr(graph_of(graph).out, offsets, offsets_capacity, indices, indices_capacity, weights, weights_capacity);
    });
}

gg_status gg_graph_read_csc(gg_context *context, const gg_graph *graph, uint64_t *offsets,
                            uint64_t offsets_capacity, uint32_t *indices, uint64_t indices_capacity, float *weights,
                            uint64_t weights_capacity) {
    return guarded(context, "gg_graph_read_csc", [&] {
        read_csr(graph_of(graph).in(), offsets, offsets_capacity, indices, indices_capacity, weights,
                 weights_capacity);
    });
}

// The deprecated forms trust the caller's sizes, as they always did.
gg_status gg_graph_copy_csr(gg_context *context, const gg_graph *graph, uint64_t *offsets, uint32_t *indices,
                            float *weights) {
    return gg_graph_read_csr(context, graph, offsets, UINT64_MAX, indices, UINT64_MAX, weights, UINT64_MAX);
}

gg_status gg_graph_copy_csc(gg_context *context, const gg_graph *graph, uint64_t *offsets, uint32_t *indices,
                            float *weights) {
    return gg_graph_read_csc(context, graph, offsets, UINT64_MAX, indices, UINT64_MAX, weights, UINT64_MAX);
}

}  // extern "C"
