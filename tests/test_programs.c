/*
 * Vertex programs through the C API (docs/programs.md): programs given as
 * source text and as C function pointers, in both models, on every shape
 * and every backend, against independent references written here from the
 * superstep definition (not from the engine): hop counts, shortest paths,
 * an order-sensitive user combiner (messages must be combined in in-edge
 * order), edge values, aggregates with halt and parameters, keep_values,
 * the superstep cap; then the globals every function sees, the on-disk
 * cache, and every error a caller can make (bad descriptions, compile
 * errors with line numbers, size mismatches, a missing compiler).
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include <cmocka.h>

#include "algo_checks.h"
#include "backends.h"
#include "gg.h"
#include "graph_shapes.h"
#include "ref_graph.h"
#include "shape_cache.h"
#include "test_filter.h"

/* ---- programs as source text --------------------------------------------- */

/* Hop counts in the CuSha model: each computed vertex takes 1 + the least
   hop count among its in-neighbours. */
static const char *const cusha_hops_source =
    "typedef struct { uint32_t hops; } gg_vertex;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->hops = info->id == g->source ? 0 : UINT32_MAX;\n"
    "    return info->id == g->source;\n"
    "}\n"
    "GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,\n"
    "                                 const gg_program_globals *g) { *local = *v; }\n"
    "GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,\n"
    "                            const gg_program_globals *g) {\n"
    "    if (src->hops != UINT32_MAX && src->hops + 1 < local->hops) local->hops = src->hops + 1;\n"
    "}\n"
    "GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,\n"
    "                                    const gg_program_globals *g) { return local->hops < old->hops; }\n";

/* Shortest paths in the EMV model with the built-in float minimum. */
static const char *const emv_sssp_source =
    "typedef struct { float dist; } gg_vertex;\n"
    "typedef float gg_message;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->dist = info->id == g->source ? 0.0f : INFINITY;\n"
    "    return info->id == g->source;\n"
    "}\n"
    "GG_FUNCTION int gg_send(const gg_vertex *src, const gg_edge *e, gg_message *m, const gg_program_globals *g) {\n"
    "    *m = src->dist + *e;\n"
    "    return 1;\n"
    "}\n"
    "GG_FUNCTION int gg_apply(gg_vertex *v, const gg_message *m, const gg_vertex_info *info,\n"
    "                         const gg_program_globals *g) {\n"
    "    if (m == 0 || !(*m < v->dist)) return 0;\n"
    "    v->dist = *m;\n"
    "    return 1;\n"
    "}\n";

/* One superstep of an order-sensitive user combiner: every vertex sends its
   id + 1; a receiver folds the messages as h = h * 1000003 + m (the first
   copied), so only in-edge order gives the expected hash. */
static const char *const emv_order_source =
    "typedef struct { uint64_t hash; uint32_t count; uint32_t pad; } gg_vertex;\n"
    "typedef struct { uint64_t hash; uint32_t count; uint32_t pad; } gg_message;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->hash = info->id; v->count = 0; v->pad = 0;\n"
    "    return 1;\n"
    "}\n"
    "GG_FUNCTION int gg_send(const gg_vertex *src, const gg_edge *e, gg_message *m, const gg_program_globals *g) {\n"
    "    m->hash = src->hash + 1; m->count = 1; m->pad = 0;\n"
    "    return 1;\n"
    "}\n"
    "GG_FUNCTION void gg_combine(gg_message *acc, const gg_message *m) {\n"
    "    acc->hash = acc->hash * 1000003ull + m->hash;\n"
    "    acc->count += m->count;\n"
    "}\n"
    "GG_FUNCTION int gg_apply(gg_vertex *v, const gg_message *m, const gg_vertex_info *info,\n"
    "                         const gg_program_globals *g) {\n"
    "    if (m != 0) { v->hash = m->hash; v->count = m->count; } else { v->hash = 0; v->count = 0; }\n"
    "    return 0;\n"
    "}\n";

/* Edge values: each edge keeps (src, dst, weight); a CuSha step sums
   3 * src + dst + weight over a vertex's in-edges, once (keep_values, then
   update_condition says inactive). */
static const char *const edge_values_source =
    "typedef struct { double sum; } gg_vertex;\n"
    "typedef struct { uint32_t src, dst; float weight; uint32_t pad; } gg_edge;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->sum = 0; return 1;\n"
    "}\n"
    "GG_FUNCTION void gg_init_edge(gg_edge *e, uint32_t src, uint32_t dst, float weight,\n"
    "                              const gg_program_globals *g) {\n"
    "    e->src = src; e->dst = dst; e->weight = weight; e->pad = 0;\n"
    "}\n"
    "GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,\n"
    "                                 const gg_program_globals *g) { local->sum = 0; }\n"
    "GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,\n"
    "                            const gg_program_globals *g) {\n"
    "    local->sum += 3.0 * e->src + e->dst + e->weight;\n"
    "}\n"
    "GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,\n"
    "                                    const gg_program_globals *g) { return 1; }\n"
    "GG_FUNCTION int gg_halt(const gg_program_globals *g) { return g->iteration >= 1; }\n";

/* Aggregates, halt and parameters: every vertex counts supersteps; the
   aggregates hold n and the sum of the counters; halt at params[0]. */
static const char *const counter_source =
    "typedef struct { uint32_t count; uint32_t seen_n; double seen_sum; } gg_vertex;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->count = 0; v->seen_n = 0; v->seen_sum = -1; return 1;\n"
    "}\n"
    "GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,\n"
    "                                 const gg_program_globals *g) {\n"
    "    *local = *v; local->count += 1;\n"
    "    local->seen_n = (uint32_t)g->aggregates[0]; local->seen_sum = g->aggregates[1];\n"
    "}\n"
    "GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,\n"
    "                            const gg_program_globals *g) {}\n"
    "GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,\n"
    "                                    const gg_program_globals *g) { return 1; }\n"
    "GG_FUNCTION void gg_aggregate(const gg_vertex *old, const gg_vertex *v, const gg_vertex_info *info,\n"
    "                              double *sums) { sums[0] += 1; sums[1] += v->count; }\n"
    "GG_FUNCTION int gg_halt(const gg_program_globals *g) { return g->iteration >= (uint32_t)g->params[0]; }\n";

/* Never converges: every vertex stays active forever. */
static const char *const forever_source =
    "typedef struct { uint32_t rounds; } gg_vertex;\n"
    "typedef uint32_t gg_message;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->rounds = 0; return 1;\n"
    "}\n"
    "GG_FUNCTION int gg_send(const gg_vertex *src, const gg_edge *e, gg_message *m, const gg_program_globals *g) {\n"
    "    *m = 1; return 1;\n"
    "}\n"
    "GG_FUNCTION int gg_apply(gg_vertex *v, const gg_message *m, const gg_vertex_info *info,\n"
    "                         const gg_program_globals *g) { v->rounds += 1; return 1; }\n";

/* Writes what init sees into the value, to check the globals' layout. */
static const char *const globals_source =
    "typedef struct { uint32_t id, out_degree, in_degree, n, source, iteration; uint64_t m; double p0, p7; } "
    "gg_vertex;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->id = info->id; v->out_degree = info->out_degree; v->in_degree = info->in_degree;\n"
    "    v->n = g->num_vertices; v->source = g->source; v->iteration = g->iteration; v->m = g->num_edges;\n"
    "    v->p0 = g->params[0]; v->p7 = g->params[7];\n"
    "    return 0;\n"
    "}\n"
    "GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,\n"
    "                                 const gg_program_globals *g) { *local = *v; }\n"
    "GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,\n"
    "                            const gg_program_globals *g) {}\n"
    "GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,\n"
    "                                    const gg_program_globals *g) { return 0; }\n";

typedef struct globals_value {
    uint32_t id, out_degree, in_degree, n, source, iteration;
    uint64_t m;
    double p0, p7;
} globals_value;

typedef struct order_value {
    uint64_t hash;
    uint32_t count, pad;
} order_value;

static gg_program *make_program(gg_context *context, gg_program_model model, const char *name, uint32_t vertex_size,
                                const char *source, void (*adjust)(gg_program_desc *)) {
    gg_program_desc desc;
    gg_program_desc_init(&desc);
    desc.model = model;
    desc.name = name;
    desc.vertex_value_size = vertex_size;
    desc.source = source;
    if (adjust) adjust(&desc);
    gg_program *program = NULL;
    expect_ok(context, gg_program_create(context, &desc, &program), name);
    return program;
}

static void min_float(gg_program_desc *d) {
    d->combiner = GG_COMBINE_MIN;
    d->message_type = GG_SCALAR_FLOAT;
}
static void user_combiner(gg_program_desc *d) { d->message_size = 16; }
static void edge_value_16(gg_program_desc *d) {
    d->edge_value_size = 16;
    d->has_halt = 1;
}
static void with_halt(gg_program_desc *d) { d->has_halt = 1; }
static void counter_desc(gg_program_desc *d) {
    d->num_aggregates = 2;
    d->has_halt = 1;
    d->params[0] = 1000;
}
static void forever_desc(gg_program_desc *d) {
    d->combiner = GG_COMBINE_SUM;
    d->message_type = GG_SCALAR_UINT32;
}
static void globals_desc(gg_program_desc *d) {
    d->params[0] = 2.5;
    d->params[7] = -7;
}

static gg_run_stats run_program(gg_context *context, const gg_graph *graph, gg_program *program, void *values,
                                size_t size, const gg_program_run_options *popts, const gg_run_options *options,
                                const char *what) {
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_program(context, graph, program, values, size, popts, options, &stats), what);
    return stats;
}

/* The library's CSC of a graph (the order messages are combined in). */
typedef struct csc {
    uint64_t *offsets;
    uint32_t *sources;
    float *weights;
} csc;

static csc read_csc(gg_context *context, const gg_graph *graph) {
    uint32_t n = gg_graph_num_vertices(graph);
    uint64_t m = gg_graph_num_edges(graph);
    csc c = {zeroed_alloc(n + 1, sizeof(uint64_t)), zeroed_alloc(m + 1, sizeof(uint32_t)),
             zeroed_alloc(m + 1, sizeof(float))};
    expect_ok(context, gg_graph_read_csc(context, graph, c.offsets, n + 1, c.sources, m, c.weights, m), "read csc");
    return c;
}

static void free_csc(csc *c) {
    free(c->offsets);
    free(c->sources);
    free(c->weights);
}

/* Runs edge_values_source (one superstep) and checks each vertex's sum of
   3 * src + dst + weight over its in-edges, in CSC order. */
static void check_edge_values(gg_context *context, const gg_graph *graph, const csc *in, uint32_t n,
                              gg_program *edges, const gg_run_options *options, const char *what) {
    double *sums = zeroed_alloc(n, sizeof *sums);
    gg_run_stats stats = run_program(context, graph, edges, sums, (size_t)n * sizeof *sums, NULL, options, what);
    assert_int_equal(stats.iterations, 1);
    for (uint32_t v = 0; v < n; ++v) {
        double expected = 0;
        for (uint64_t e = in->offsets[v]; e < in->offsets[v + 1]; ++e)
            expected += 3.0 * in->sources[e] + v + in->weights[e];
        if (sums[v] != expected) fail_msg("%s edge_values vertex %u: %.17g, expected %.17g", what, v, sums[v], expected);
    }
    free(sums);
}

/* Sums of the in-neighbours' values in one superstep, with the built-in
   sums of three scalar types: each vertex starts at (id mod 7) + 1, sends it
   along its out-edges, and takes the sum it receives (0 for none). The values
   are small integers, so every order of the additions gives the same bits:
   GG_COMBINE_UNORDERED_SUM must equal the in-edge-order reference exactly,
   whichever order a backend adds in. TYPE is the C type of value and message. */
#define IN_SUM_SOURCE(TYPE)                                                                                          \
    "typedef struct { " TYPE " x; } gg_vertex;\n"                                                                    \
    "typedef " TYPE " gg_message;\n"                                                                                 \
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"            \
    "    v->x = (" TYPE ")(info->id % 7u + 1u); return 1;\n"                                                         \
    "}\n"                                                                                                            \
    "GG_FUNCTION int gg_send(const gg_vertex *src, const gg_edge *e, gg_message *m, const gg_program_globals *g) {\n" \
    "    *m = src->x; return 1;\n"                                                                                   \
    "}\n"                                                                                                            \
    "GG_FUNCTION int gg_apply(gg_vertex *v, const gg_message *m, const gg_vertex_info *info,\n"                     \
    "                         const gg_program_globals *g) { v->x = m ? *m : (" TYPE ")0; return 0; }\n"

static void unordered_double(gg_program_desc *d) {
    d->combiner = GG_COMBINE_UNORDERED_SUM;
    d->message_type = GG_SCALAR_DOUBLE;
}
static void unordered_float(gg_program_desc *d) {
    d->combiner = GG_COMBINE_UNORDERED_SUM;
    d->message_type = GG_SCALAR_FLOAT;
}
static void unordered_uint64(gg_program_desc *d) {
    d->combiner = GG_COMBINE_UNORDERED_SUM;
    d->message_type = GG_SCALAR_UINT64;
}

static void test_unordered_sums(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    gg_program *as_double = make_program(context, GG_PROGRAM_EMV, "in_sum_double", 8, IN_SUM_SOURCE("double"),
                                         unordered_double);
    gg_program *as_float = make_program(context, GG_PROGRAM_EMV, "in_sum_float", 4, IN_SUM_SOURCE("float"),
                                        unordered_float);
    gg_program *as_uint64 = make_program(context, GG_PROGRAM_EMV, "in_sum_uint64", 8, IN_SUM_SOURCE("uint64_t"),
                                         unordered_uint64);
    /* The GPU pushes (float atomics) or pulls (warp sums, hub chunks) by the
       active out-degree; both ways are forced in turn, then left to choose. */
    static const char *const directions[] = {"push", "pull", NULL};
    const size_t rounds = backend->backend == GG_BACKEND_CUDA ? 3 : 1;
    for (size_t r = 0; r < rounds; ++r) {
        if (directions[r] != NULL)
            setenv("GG_PROGRAM_DIRECTION", directions[r], 1);
        else
            unsetenv("GG_PROGRAM_DIRECTION");
        for (size_t i = 0; i < shape_count(); ++i) {
            const cached_shape *c = shape_cache_get(i);
            const shape *s = &c->shape;
            const uint32_t n = s->n;
            if (n == 0) continue;
            csc in = read_csc(context, c->graph);
            double *d = zeroed_alloc(n, sizeof *d);
            float *f = zeroed_alloc(n, sizeof *f);
            uint64_t *u = zeroed_alloc(n, sizeof *u);
            gg_run_stats stats = run_program(context, c->graph, as_double, d, (size_t)n * 8, NULL, &options, s->name);
            assert_int_equal(stats.iterations, 1);
            run_program(context, c->graph, as_float, f, (size_t)n * 4, NULL, &options, s->name);
            run_program(context, c->graph, as_uint64, u, (size_t)n * 8, NULL, &options, s->name);
            for (uint32_t v = 0; v < n; ++v) {
                uint64_t expected = 0;
                for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) expected += in.sources[e] % 7u + 1u;
                if (d[v] != (double)expected || f[v] != (float)expected || u[v] != expected)
                    fail_msg("%s unordered sums (%s) vertex %u: double %.17g, float %.9g, uint64 %llu; expected %llu",
                             s->name, directions[r] ? directions[r] : "either way", v, d[v], (double)f[v],
                             (unsigned long long)u[v], (unsigned long long)expected);
            }
            free(d);
            free(f);
            free(u);
            free_csc(&in);
        }
    }
    unsetenv("GG_PROGRAM_DIRECTION");
    gg_program_destroy(as_double);
    gg_program_destroy(as_float);
    gg_program_destroy(as_uint64);
    gg_context_destroy(context);
}

/* ---- every shape, every backend ------------------------------------------ */

static void test_programs_match_references(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    gg_program *hops = make_program(context, GG_PROGRAM_CUSHA, "cusha_hops", 4, cusha_hops_source, NULL);
    gg_program *sssp = make_program(context, GG_PROGRAM_EMV, "emv_sssp", 4, emv_sssp_source, min_float);
    gg_program *order = make_program(context, GG_PROGRAM_EMV, "emv_order", 16, emv_order_source, user_combiner);
    gg_program *edges = make_program(context, GG_PROGRAM_CUSHA, "edge_values", 8, edge_values_source, edge_value_16);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        const uint32_t n = s->n;
        if (n == 0) continue;
        uint32_t *depth = zeroed_alloc(n, 4), *expected_depth = zeroed_alloc(n, 4);
        float *dist = zeroed_alloc(n, 4), *expected_dist = zeroed_alloc(n, 4);
        uint32_t sources[3];
        uint32_t count = pick_sources(&c->ref, sources, 3);
        for (uint32_t k = 0; k < count; ++k) {
            gg_program_run_options popts;
            gg_program_run_options_init(&popts);
            popts.source = sources[k];
            gg_run_stats stats = run_program(context, c->graph, hops, depth, (size_t)n * 4, &popts, &options, s->name);
            check_stats(&stats, backend, 0);
            assert_int_equal(stats.converged, 1);
            ref_bfs(&c->ref.csr, sources[k], expected_depth);
            for (uint32_t v = 0; v < n; ++v)
                if (depth[v] != expected_depth[v])
                    fail_msg("%s cusha_hops source %u vertex %u: %u, expected %u", s->name, sources[k], v, depth[v],
                             expected_depth[v]);
            /* Negative weights are the SSSP program's caller's business; the references assume none. */
            int negative = 0;
            for (uint64_t e = 0; e < c->ref.csr.m; ++e) negative |= c->ref.csr.weights[e] < 0;
            if (negative) continue;
            run_program(context, c->graph, sssp, dist, (size_t)n * 4, &popts, &options, s->name);
            ref_sssp(&c->ref.csr, sources[k], expected_dist);
            for (uint32_t v = 0; v < n; ++v)
                if (!(dist[v] == expected_dist[v]) && !(isinf(dist[v]) && isinf(expected_dist[v])))
                    fail_msg("%s emv_sssp source %u vertex %u: %.9g, expected %.9g", s->name, sources[k], v,
                             (double)dist[v], (double)expected_dist[v]);
        }

        /* The order-sensitive combiner and the edge values, from the library's CSC. */
        csc in = read_csc(context, c->graph);
        order_value *got = zeroed_alloc(n, sizeof *got);
        gg_run_stats stats = run_program(context, c->graph, order, got, (size_t)n * sizeof *got, NULL, &options, s->name);
        assert_int_equal(stats.iterations, 1);
        for (uint32_t v = 0; v < n; ++v) {
            uint64_t hash = 0;
            uint32_t received = 0;
            for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
                uint64_t message = (uint64_t)in.sources[e] + 1;
                hash = received == 0 ? message : hash * 1000003ull + message;
                ++received;
            }
            if (got[v].hash != hash || got[v].count != received)
                fail_msg("%s emv_order vertex %u: hash %llu count %u, expected %llu and %u (in-edge order)", s->name,
                         v, (unsigned long long)got[v].hash, got[v].count, (unsigned long long)hash, received);
        }
        check_edge_values(context, c->graph, &in, n, edges, &options, s->name);
        free(got);
        free_csc(&in);
        free(depth);
        free(expected_depth);
        free(dist);
        free(expected_dist);
    }
    gg_program_destroy(hops);
    gg_program_destroy(sssp);
    gg_program_destroy(order);
    gg_program_destroy(edges);
    gg_context_destroy(context);
}

/* ---- CuSha's model over G-Shards and Concatenated Windows ----------------- */

/* The in-edges' sources of every vertex hashed in the order compute sees
   them (one superstep): docs/programs.md fixes CSC order, which a run over
   the shards must keep although their entries are ordered by source. */
#define CUSHA_ORDER_SOURCE(PAD)                                                                                   \
    "typedef struct { uint64_t hash; uint32_t count; uint32_t id; uint8_t pad[" PAD "]; } gg_vertex;\n"           \
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"          \
    "    v->hash = 0; v->count = 0; v->id = info->id; return 1;\n"                                                 \
    "}\n"                                                                                                          \
    "GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,\n"        \
    "                                 const gg_program_globals *g) { *local = *v; }\n"                             \
    "GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,\n"                     \
    "                            const gg_program_globals *g) {\n"                                                 \
    "    local->hash = local->hash * 1000003ull + src->id + 1; local->count += 1;\n"                              \
    "}\n"                                                                                                          \
    "GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,\n"   \
    "                                    const gg_program_globals *g) { return 1; }\n"                             \
    "GG_FUNCTION int gg_halt(const gg_program_globals *g) { return g->iteration >= 1; }\n"

/* The value's first fields; the sources pad it to 24 bytes (the GPU stages
   a chunk of entries' operands in shared memory) and to 152 (too wide to
   stage: each warp reads them in place). */
typedef struct cusha_order_value {
    uint64_t hash;
    uint32_t count, id;
} cusha_order_value;

/* A float diffusion whose every step depends on the order of its sums:
   eight supersteps of every vertex active, then only the vertices whose
   value still moves by more than 1e-3. */
static const char *const diffusion_source =
    "typedef struct { float x; } gg_vertex;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->x = (float)(info->id % 13u) * 0.37f; return 1;\n"
    "}\n"
    "GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,\n"
    "                                 const gg_program_globals *g) { local->x = v->x * 0.5f; }\n"
    "GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,\n"
    "                            const gg_program_globals *g) { local->x = local->x + src->x * 0.1f * (*e + 0.3f); }\n"
    "GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,\n"
    "                                    const gg_program_globals *g) {\n"
    "    float d = local->x - old->x;\n"
    "    return g->iteration < 8 || d > 1e-3f || d < -1e-3f;\n"
    "}\n";

static void expect_layout(const gg_run_stats *stats, const test_backend *backend, gg_layout asked, const char *what) {
    const gg_layout expected = backend->backend == GG_BACKEND_CUDA ? asked : GG_LAYOUT_CSR;
    if (stats->layout != expected)
        fail_msg("%s: stats.layout %s, expected %s", what, gg_layout_name(stats->layout), gg_layout_name(expected));
}

/* Every shape, both of CuSha's layouts: hop counts from three sources (few
   vertices active, ranges dirtied superstep by superstep), the in-edge
   order, edge values, and a float diffusion the same bits as over CSR. The
   CPU accepts the layouts and runs CSR; the GPU runs them, and refuses
   EMV programs and the other layouts. */
static void test_cusha_programs_over_shards(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_program *hops = make_program(context, GG_PROGRAM_CUSHA, "cusha_hops", 4, cusha_hops_source, NULL);
    gg_program *orders[2] = {
        make_program(context, GG_PROGRAM_CUSHA, "cusha_order", 24, CUSHA_ORDER_SOURCE("8"), with_halt),
        make_program(context, GG_PROGRAM_CUSHA, "cusha_order_wide", 152, CUSHA_ORDER_SOURCE("136"), with_halt)};
    static const size_t order_sizes[2] = {24, 152};
    gg_program *edges = make_program(context, GG_PROGRAM_CUSHA, "edge_values", 8, edge_values_source, edge_value_16);
    gg_program *diffusion = make_program(context, GG_PROGRAM_CUSHA, "diffusion", 4, diffusion_source, NULL);
    static const gg_layout layouts[] = {GG_LAYOUT_GSHARDS, GG_LAYOUT_CW};
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        const uint32_t n = s->n;
        if (n == 0) continue;
        csc in = read_csc(context, c->graph);
        uint32_t *depth = zeroed_alloc(n, 4), *expected_depth = zeroed_alloc(n, 4);
        unsigned char *got = zeroed_alloc(n, 152);
        float *x = zeroed_alloc(n, sizeof *x), *x_csr = zeroed_alloc(n, sizeof *x_csr);
        gg_run_options options = backend_run_options(backend);
        options.layout = GG_LAYOUT_CSR;
        gg_run_stats csr_stats = run_program(context, c->graph, diffusion, x_csr, (size_t)n * 4, NULL, &options, s->name);
        uint32_t sources[3];
        const uint32_t count = pick_sources(&c->ref, sources, 3);
        for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; ++l) {
            options.layout = layouts[l];
            char what[160];
            snprintf(what, sizeof what, "%s on %s", s->name, gg_layout_name(layouts[l]));
            for (uint32_t k = 0; k < count; ++k) {
                gg_program_run_options popts;
                gg_program_run_options_init(&popts);
                popts.source = sources[k];
                gg_run_stats stats = run_program(context, c->graph, hops, depth, (size_t)n * 4, &popts, &options, what);
                check_stats(&stats, backend, 0);
                expect_layout(&stats, backend, layouts[l], what);
                assert_int_equal(stats.converged, 1);
                ref_bfs(&c->ref.csr, sources[k], expected_depth);
                for (uint32_t v = 0; v < n; ++v)
                    if (depth[v] != expected_depth[v])
                        fail_msg("%s cusha_hops source %u vertex %u: %u, expected %u", what, sources[k], v, depth[v],
                                 expected_depth[v]);
            }
            gg_run_stats stats;
            for (size_t o = 0; o < 2; ++o) {
                stats = run_program(context, c->graph, orders[o], got, (size_t)n * order_sizes[o], NULL, &options, what);
                assert_int_equal(stats.iterations, 1);
                for (uint32_t v = 0; v < n; ++v) {
                    uint64_t hash = 0;
                    for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e)
                        hash = hash * 1000003ull + in.sources[e] + 1;
                    const uint32_t degree = (uint32_t)(in.offsets[v + 1] - in.offsets[v]);
                    cusha_order_value value;
                    memcpy(&value, got + (size_t)v * order_sizes[o], sizeof value);
                    if (value.hash != hash || value.count != degree || value.id != v)
                        fail_msg("%s cusha_order (%zu bytes) vertex %u: hash %llu count %u, expected %llu and %u "
                                 "(in-edge order)", what, order_sizes[o], v, (unsigned long long)value.hash,
                                 value.count, (unsigned long long)hash, degree);
                }
            }
            check_edge_values(context, c->graph, &in, n, edges, &options, what);
            stats = run_program(context, c->graph, diffusion, x, (size_t)n * 4, NULL, &options, what);
            if (stats.iterations != csr_stats.iterations || stats.converged != csr_stats.converged)
                fail_msg("%s diffusion: %u supersteps (converged %d), over csr %u (%d)", what, stats.iterations,
                         stats.converged, csr_stats.iterations, csr_stats.converged);
            if (memcmp(x, x_csr, (size_t)n * sizeof *x) != 0)
                for (uint32_t v = 0; v < n; ++v)
                    if (memcmp(&x[v], &x_csr[v], sizeof *x) != 0)
                        fail_msg("%s diffusion vertex %u: %.9g, over csr %.9g", what, v, (double)x[v], (double)x_csr[v]);
        }
        free(x);
        free(x_csr);
        free(got);
        free(depth);
        free(expected_depth);
        free_csc(&in);
    }

    /* EMV programs and the layouts CuSha's model does not take. */
    const uint32_t src[] = {0, 1}, dst[] = {1, 2};
    gg_graph *graph = small_graph(context, 3, 2, src, dst, NULL);
    gg_program *sssp = make_program(context, GG_PROGRAM_EMV, "emv_sssp", 4, emv_sssp_source, min_float);
    float dist[3];
    uint32_t depth[3];
    gg_run_options options = backend_run_options(backend);
    options.layout = GG_LAYOUT_GSHARDS;
    gg_status status = gg_run_program(context, graph, sssp, dist, sizeof dist, NULL, &options, NULL);
    if (backend->backend == GG_BACKEND_CUDA)
        expect_failure(context, status, GG_ERROR_UNSUPPORTED, "EMV programs such as 'emv_sssp' on layout csr only",
                       "layout gshards was requested");
    else
        expect_ok(context, status, "an EMV program with layout gshards on the CPU");
    options.layout = GG_LAYOUT_TOCAB;
    status = gg_run_program(context, graph, hops, depth, sizeof depth, NULL, &options, NULL);
    if (backend->backend == GG_BACKEND_CUDA)
        expect_failure(context, status, GG_ERROR_UNSUPPORTED, "layouts csr, gshards, cw only", "layout tocab");
    else
        expect_ok(context, status, "a CuSha program with layout tocab on the CPU");
    gg_graph_destroy(graph);
    gg_program_destroy(sssp);
    gg_program_destroy(hops);
    gg_program_destroy(orders[0]);
    gg_program_destroy(orders[1]);
    gg_program_destroy(edges);
    gg_program_destroy(diffusion);
    gg_context_destroy(context);
}

/* Aggregates, halt, parameters, keep_values and the cap, on one graph. */
static void test_program_control(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    const uint32_t src[] = {0, 1, 2, 3, 4}, dst[] = {1, 2, 3, 4, 0};
    gg_graph *ring = small_graph(context, 6, 5, src, dst, NULL);  /* vertex 5 isolated */

    gg_program *counter = make_program(context, GG_PROGRAM_CUSHA, "counter", 16, counter_source, counter_desc);
    struct {
        uint32_t count, seen_n;
        double seen_sum;
    } counters[6];
    gg_program_run_options popts;
    gg_program_run_options_init(&popts);
    popts.num_params = 1;
    popts.params[0] = 4; /* halt before superstep 4 */
    gg_run_stats stats = run_program(context, ring, counter, counters, sizeof counters, &popts, &options, "counter");
    assert_int_equal(stats.iterations, 4);
    assert_int_equal(stats.converged, 1);
    for (int v = 0; v < 6; ++v) {
        assert_int_equal(counters[v].count, 4);
        /* Superstep 3 saw the aggregates after superstep 2: n = 6 and 6 * 3. */
        assert_int_equal(counters[v].seen_n, 6);
        assert_true(counters[v].seen_sum == 18.0);
    }

    gg_program *forever = make_program(context, GG_PROGRAM_EMV, "forever", 4, forever_source, forever_desc);
    uint32_t rounds[6];
    stats = run_program(context, ring, forever, rounds, sizeof rounds, NULL, &options, "forever default cap");
    assert_int_equal(stats.converged, 0);
    assert_int_equal(stats.iterations, 7); /* n + 1 */
    for (int v = 0; v < 6; ++v) assert_int_equal(rounds[v], 7);
    gg_program_run_options_init(&popts);
    popts.max_iterations = 3;
    popts.keep_values = 1;
    for (int v = 0; v < 6; ++v) rounds[v] = 100u * (uint32_t)v;
    stats = run_program(context, ring, forever, rounds, sizeof rounds, &popts, &options, "forever kept values");
    assert_int_equal(stats.converged, 0);
    assert_int_equal(stats.iterations, 3);
    for (int v = 0; v < 6; ++v) assert_int_equal(rounds[v], 100u * (uint32_t)v + 3);

    gg_program *globals = make_program(context, GG_PROGRAM_CUSHA, "globals", sizeof(globals_value), globals_source,
                                       globals_desc);
    globals_value seen[6];
    gg_program_run_options_init(&popts);
    popts.source = 2;
    stats = run_program(context, ring, globals, seen, sizeof seen, &popts, &options, "globals");
    assert_int_equal(stats.iterations, 0);
    assert_int_equal(stats.converged, 1);
    for (uint32_t v = 0; v < 6; ++v) {
        assert_int_equal(seen[v].id, v);
        assert_int_equal(seen[v].out_degree, v < 5 ? 1 : 0);
        assert_int_equal(seen[v].in_degree, v < 5 ? 1 : 0);
        assert_int_equal(seen[v].n, 6);
        assert_int_equal(seen[v].source, 2);
        assert_int_equal(seen[v].iteration, 0);
        assert_int_equal(seen[v].m, 5);
        assert_true(seen[v].p0 == 2.5 && seen[v].p7 == -7.0);
    }
    gg_program_destroy(counter);
    gg_program_destroy(forever);
    gg_program_destroy(globals);
    gg_graph_destroy(ring);
    gg_context_destroy(context);
}

/* ---- C function pointers (CPU) ------------------------------------------- */

static int fp_init(void *value, const gg_vertex_info *info, const gg_program_globals *g) {
    uint32_t hops = info->id == g->source ? 0 : UINT32_MAX;
    memcpy(value, &hops, 4);
    return info->id == g->source;
}
static void fp_init_compute(void *local, const void *value, const gg_vertex_info *info, const gg_program_globals *g) {
    (void)info;
    (void)g;
    memcpy(local, value, 4);
}
static void fp_compute(const void *src, const void *edge, void *local, const gg_program_globals *g) {
    (void)edge;
    (void)g;
    uint32_t s, l;
    memcpy(&s, src, 4);
    memcpy(&l, local, 4);
    if (s != UINT32_MAX && s + 1 < l) l = s + 1;
    memcpy(local, &l, 4);
}
static int fp_update(void *local, const void *old, const gg_vertex_info *info, const gg_program_globals *g) {
    (void)info;
    (void)g;
    uint32_t l, o;
    memcpy(&l, local, 4);
    memcpy(&o, old, 4);
    return l < o;
}

static void test_program_function_pointers(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    gg_program_functions functions;
    memset(&functions, 0, sizeof functions);
    functions.struct_size = sizeof functions;
    functions.init = fp_init;
    functions.init_compute = fp_init_compute;
    functions.compute = fp_compute;
    functions.update_condition = fp_update;
    gg_program_desc desc;
    gg_program_desc_init(&desc);
    desc.model = GG_PROGRAM_CUSHA;
    desc.name = "pointers";
    desc.vertex_value_size = 4;
    desc.functions = &functions;
    gg_program *program = NULL;
    expect_ok(context, gg_program_create(context, &desc, &program), "create");
    gg_program_build_stats build;
    gg_program_build_stats_init(&build);
    expect_ok(context, gg_program_prepare(context, program, GG_BACKEND_CPU, &build), "prepare");
    assert_int_equal(build.compiled, 0);
    /* Auto prepares where a run would go: the CPU, GPU or not, for pointers alone. */
    gg_program_build_stats_init(&build);
    expect_ok(context, gg_program_prepare(context, program, GG_BACKEND_AUTO, &build), "prepare auto");
    assert_int_equal(build.backend, GG_BACKEND_CPU);
    expect_failure(context, gg_program_prepare(context, program, GG_BACKEND_CUDA, NULL), GG_ERROR_UNSUPPORTED, NULL,
                   NULL);
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        if (c->shape.n == 0) continue;
        uint32_t *depth = zeroed_alloc(c->shape.n, 4), *expected = zeroed_alloc(c->shape.n, 4);
        gg_program_run_options popts;
        gg_program_run_options_init(&popts);
        popts.source = 0;
        run_program(context, c->graph, program, depth, (size_t)c->shape.n * 4, &popts, &options, c->shape.name);
        ref_bfs(&c->ref.csr, 0, expected);
        assert_memory_equal(depth, expected, (size_t)c->shape.n * 4);
        free(depth);
        free(expected);
    }
    /* Without a source, the CUDA backend cannot run function pointers. */
    gg_run_options cuda;
    gg_run_options_init(&cuda);
    cuda.backend = GG_BACKEND_CUDA;
    const uint32_t src[] = {0}, dst[] = {1};
    gg_graph *graph = small_graph(context, 2, 1, src, dst, NULL);
    uint32_t values[2];
    gg_status status = gg_run_program(context, graph, program, values, sizeof values, NULL, &cuda, NULL);
    assert_int_equal(status, GG_ERROR_UNSUPPORTED);
    gg_graph_destroy(graph);
    gg_program_destroy(program);
    gg_context_destroy(context);
}

/* ---- the on-disk cache ---------------------------------------------------- */

static void test_program_cache(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    char dir[256];
    snprintf(dir, sizeof dir, "%s/program-cache-%d", GG_TEST_TMP_DIR, (int)getpid());
    setenv("GG_CACHE_DIR", dir, 1);
    /* A source no other test compiles: the first prepare must compile it. */
    char source[2048];
    snprintf(source, sizeof source, "/* cache test %d */\n%s", (int)getpid(), cusha_hops_source);
    gg_program *first = make_program(context, GG_PROGRAM_CUSHA, "cached", 4, source, NULL);
    gg_program_build_stats build;
    gg_program_build_stats_init(&build);
    expect_ok(context, gg_program_prepare(context, first, GG_BACKEND_CPU, &build), "first prepare");
    assert_int_equal(build.compiled, 1);
    assert_int_equal(build.cache_hit, 0);
    assert_true(build.compile_ms > 0);
    /* A second handle (as a second process would) loads the cached code. */
    gg_program *second = make_program(context, GG_PROGRAM_CUSHA, "cached", 4, source, NULL);
    gg_program_build_stats_init(&build);
    expect_ok(context, gg_program_prepare(context, second, GG_BACKEND_CPU, &build), "second prepare");
    assert_int_equal(build.compiled, 0);
    assert_int_equal(build.cache_hit, 1);
    assert_true(build.compile_ms == 0);
    gg_program_destroy(first);
    gg_program_destroy(second);

    /* A damaged cache file is compiled again, not trusted. */
    char programs_dir[300];
    snprintf(programs_dir, sizeof programs_dir, "%s/programs", dir);
    DIR *listing = opendir(programs_dir);
    assert_non_null(listing);
    int damaged = 0;
    for (struct dirent *entry; (entry = readdir(listing)) != NULL;) {
        size_t length = strlen(entry->d_name);
        if (length < 3 || strcmp(entry->d_name + length - 3, ".so") != 0) continue;
        char path[700];
        snprintf(path, sizeof path, "%s/%s", programs_dir, entry->d_name);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs("not a shared object", f);
        fclose(f);
        ++damaged;
    }
    closedir(listing);
    assert_int_equal(damaged, 1);
    gg_program *third = make_program(context, GG_PROGRAM_CUSHA, "cached", 4, source, NULL);
    gg_program_build_stats_init(&build);
    expect_ok(context, gg_program_prepare(context, third, GG_BACKEND_CPU, &build), "prepare over a damaged file");
    assert_int_equal(build.compiled, 1);
    gg_program_destroy(third);

    /* No compiler: a clear "unsupported", naming the way out. */
    snprintf(source, sizeof source, "/* no compiler %d */\n%s", (int)getpid(), cusha_hops_source);
    setenv("GG_CC", "/nonexistent/gg-no-such-cc", 1);
    gg_program *orphan = make_program(context, GG_PROGRAM_CUSHA, "orphan", 4, source, NULL);
    expect_failure(context, gg_program_prepare(context, orphan, GG_BACKEND_CPU, NULL), GG_ERROR_UNSUPPORTED,
                   "/nonexistent/gg-no-such-cc", "GG_CC");
    unsetenv("GG_CC");
    gg_program_destroy(orphan);
    gg_context_destroy(context);
}

/* ---- threads ------------------------------------------------------------- */

/* Eight threads at once: four share one fresh program handle (the first use
   compiles it, the others wait for that), four make handles of their own
   from the same source (compiling into one cache, each into its own scratch
   files); every thread runs it twice and must get the serial answer. */
enum { kProgramThreads = 8 };

typedef struct {
    gg_context *context;
    const gg_graph *graph;
    gg_program *shared;
    const char *source;
    const uint32_t *expected;
    uint32_t n;
    int failures;
} program_worker;

static void *run_program_worker(void *arg) {
    program_worker *w = arg;
    gg_program *program = w->shared;
    if (program == NULL) {
        gg_program_desc desc;
        gg_program_desc_init(&desc);
        desc.model = GG_PROGRAM_CUSHA;
        desc.name = "threads";
        desc.vertex_value_size = 4;
        desc.source = w->source;
        if (gg_program_create(w->context, &desc, &program) != GG_OK) {
            ++w->failures;
            return NULL;
        }
    }
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    gg_program_run_options popts;
    gg_program_run_options_init(&popts);
    popts.source = 0;
    uint32_t *depth = calloc(w->n, sizeof *depth);
    for (int round = 0; round < 2; ++round) {
        if (gg_run_program(w->context, w->graph, program, depth, (size_t)w->n * 4, &popts, &options, NULL) != GG_OK ||
            memcmp(depth, w->expected, (size_t)w->n * 4) != 0)
            ++w->failures;
    }
    free(depth);
    if (program != w->shared) gg_program_destroy(program);
    return NULL;
}

static void test_programs_from_threads(void **state) {
    (void)state;
    const cached_shape *c = NULL;
    for (size_t i = 0; i < shape_count() && c == NULL; ++i)
        if (shape_cache_get(i)->shape.n >= 100) c = shape_cache_get(i);
    assert_non_null(c);
    const uint32_t n = c->shape.n;
    uint32_t *expected = zeroed_alloc(n, 4);
    ref_bfs(&c->ref.csr, 0, expected);
    char source[2048];
    snprintf(source, sizeof source, "/* threads %d */\n%s", (int)getpid(), cusha_hops_source);
    gg_context *shared_context = cpu_context();
    gg_program *shared = make_program(shared_context, GG_PROGRAM_CUSHA, "threads", 4, source, NULL);
    program_worker workers[kProgramThreads];
    pthread_t threads[kProgramThreads];
    for (int t = 0; t < kProgramThreads; ++t) {
        workers[t] = (program_worker){t % 2 ? shared_context : cpu_context(), c->graph,
                                      t < kProgramThreads / 2 ? shared : NULL, source, expected, n, 0};
        assert_int_equal(pthread_create(&threads[t], NULL, run_program_worker, &workers[t]), 0);
    }
    for (int t = 0; t < kProgramThreads; ++t) {
        assert_int_equal(pthread_join(threads[t], NULL), 0);
        if (workers[t].failures != 0) fail_msg("thread %d: %d runs failed or differed", t, workers[t].failures);
        if (workers[t].context != shared_context) gg_context_destroy(workers[t].context);
    }
    gg_program_destroy(shared);
    gg_context_destroy(shared_context);
    free(expected);
}

/* ---- errors --------------------------------------------------------------- */

static gg_status create_with(gg_context *context, gg_program_desc *desc) {
    gg_program *program = NULL;
    gg_status status = gg_program_create(context, desc, &program);
    gg_program_destroy(program);
    return status;
}

static void test_program_desc_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    gg_program_desc desc;
#define RESET()                                 \
    do {                                        \
        gg_program_desc_init(&desc);            \
        desc.model = GG_PROGRAM_EMV;            \
        desc.vertex_value_size = 4;             \
        desc.combiner = GG_COMBINE_MIN;         \
        desc.message_type = GG_SCALAR_UINT32;   \
        desc.source = "int x;";                 \
    } while (0)
    RESET();
    expect_ok(context, create_with(context, &desc), "a valid description");
    RESET();
    desc.model = (gg_program_model)0;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "model", NULL);
    RESET();
    desc.vertex_value_size = 0;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "vertex_value_size", NULL);
    RESET();
    desc.vertex_value_size = 5000;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "vertex_value_size", "4096");
    RESET();
    desc.source = NULL;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "neither source nor functions",
                   NULL);
    RESET();
    desc.message_type = GG_SCALAR_NONE;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "message_type", NULL);
    RESET();
    desc.message_size = 8;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "message_size", NULL);
    RESET();
    desc.combiner = GG_COMBINE_USER;
    desc.message_type = GG_SCALAR_NONE;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "message_size", NULL);
    RESET();
    desc.num_aggregates = 5;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "num_aggregates", NULL);
    RESET();
    strcpy(desc.output, "double @0");
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "reads past the vertex value",
                   NULL);
    RESET();
    strcpy(desc.output, "colour");
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "output", "depth");
    RESET();
    gg_program_functions functions;
    memset(&functions, 0, sizeof functions);
    functions.struct_size = sizeof functions;
    desc.functions = &functions;
    expect_failure(context, create_with(context, &desc), GG_ERROR_INVALID_ARGUMENT, "functions->init", NULL);
    assert_int_equal(gg_program_create(context, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
#undef RESET
    gg_context_destroy(context);
}

static void test_program_run_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    const uint32_t src[] = {0, 1}, dst[] = {1, 2};
    gg_graph *graph = small_graph(context, 3, 2, src, dst, NULL);
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    uint32_t values[3];

    /* A syntax error on the program's third line: the log names that line. */
    const char *broken = "typedef struct { uint32_t d; } gg_vertex;\n"
                         "typedef uint32_t gg_message;\n"
                         "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *i, const gg_program_globals *g) { "
                         "return 0 }\n";
    gg_program *program = make_program(context, GG_PROGRAM_EMV, "broken_program", 4, broken, forever_desc);
    expect_failure(context, gg_run_program(context, graph, program, values, sizeof values, NULL, &options, NULL),
                   GG_ERROR_PARSE, "broken_program:3", NULL);
    gg_program_destroy(program);

    /* A stated size that is not the type's. */
    program = make_program(context, GG_PROGRAM_CUSHA, "wrong_size", 8, cusha_hops_source, NULL);
    uint64_t wide[3];
    expect_failure(context, gg_run_program(context, graph, program, wide, sizeof wide, NULL, &options, NULL),
                   GG_ERROR_PARSE, "gg_error_vertex_value_size_is_not_sizeof_gg_vertex", NULL);
    gg_program_destroy(program);

    program = make_program(context, GG_PROGRAM_CUSHA, "hops", 4, cusha_hops_source, NULL);
    /* Arrays of the wrong size, a source out of range, bad options. */
    expect_failure(context, gg_run_program(context, graph, program, values, sizeof values - 1, NULL, &options, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "values holds 11 bytes", "needs 12");
    gg_program_run_options popts;
    gg_program_run_options_init(&popts);
    popts.source = 3;
    expect_failure(context, gg_run_program(context, graph, program, values, sizeof values, &popts, &options, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "source 3 is out of range", NULL);
    gg_program_run_options_init(&popts);
    popts.num_params = 9;
    expect_failure(context, gg_run_program(context, graph, program, values, sizeof values, &popts, &options, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "num_params", NULL);
    uint32_t words[4];
    expect_failure(context, gg_run_program(context, graph, program, (unsigned char *)words + 1, 12, NULL, &options, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "not aligned to 4 bytes", NULL);
    expect_failure(context, gg_run_program(context, graph, program, NULL, 12, NULL, &options, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "values", NULL);
    expect_failure(context, gg_run_program(context, graph, NULL, values, 12, NULL, &options, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "program", NULL);
    gg_program_destroy(program);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_program_file_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    char path[256];
    snprintf(path, sizeof path, "%s/bad-%d.ggp", GG_TEST_TMP_DIR, (int)getpid());
    gg_program *program = NULL;
    write_text(path, "//! model: emv\n//! vertex: 4\n//! colour: red\nint x;\n");
    expect_failure(context, gg_program_load(context, path, &program), GG_ERROR_PARSE, ":3:", "unknown key 'colour'");
    write_text(path, "//! vertex: 4\nint x;\n");
    expect_failure(context, gg_program_load(context, path, &program), GG_ERROR_PARSE, "model", NULL);
    write_text(path, "//! model: cusha\n//! vertex: 4\n//! combiner: min int8\n");
    expect_failure(context, gg_program_load(context, path, &program), GG_ERROR_PARSE, ":3:", "combiner");
    write_text(path, "//! model: cusha\n//! vertex: -4\n");
    expect_failure(context, gg_program_load(context, path, &program), GG_ERROR_PARSE, ":2:", "vertex");
    write_text(path, "//! model: emv\n//! vertex: 4\n//! combiner: min uint32\n//! output: depth\nint x;\n");
    expect_ok(context, gg_program_load(context, path, &program), "a good file");
    gg_program_desc desc;
    gg_program_desc_init(&desc);
    expect_ok(context, gg_program_get_desc(program, &desc), "get_desc");
    assert_int_equal(desc.model, GG_PROGRAM_EMV);
    assert_int_equal(desc.message_size, 4);
    assert_string_equal(desc.output, "depth");
    gg_program_destroy(program);
    remove(path);
    expect_failure(context, gg_program_load(context, path, &program), GG_ERROR_IO, path, NULL);
    expect_failure(context, gg_program_load(context, GG_TEST_TMP_DIR, &program), GG_ERROR_IO, "not a regular file",
                   "directory");
    gg_context_destroy(context);
}

static int use_private_cache(void **state) {
    (void)state;
    char dir[256];
    snprintf(dir, sizeof dir, "%s/program-cache", GG_TEST_TMP_DIR);
    setenv("GG_CACHE_DIR", dir, 1);
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_programs_match_references),
        GG_BACKEND_TESTS(test_program_control),
        GG_BACKEND_TESTS(test_unordered_sums),
        GG_BACKEND_TESTS(test_cusha_programs_over_shards),
        cmocka_unit_test(test_program_function_pointers),
        cmocka_unit_test(test_program_cache),
        cmocka_unit_test(test_programs_from_threads),
        cmocka_unit_test(test_program_desc_errors),
        cmocka_unit_test(test_program_run_errors),
        cmocka_unit_test(test_program_file_errors),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, use_private_cache, shape_cache_release);
}
