/*
 * The program files of examples/programs/ (docs/programs.md "Worked
 * examples"), loaded with gg_program_load() as `gg run FILE` loads them:
 *
 *  - bfs, bfs_cusha, sssp, sswp, cc, pagerank against the built-ins of the same backend
 *    on every shape of the catalogue (tests/support/graph_shapes.h: hubs,
 *    long paths, isolated vertices, self-loops, duplicates, zero weights,
 *    one vertex, random, R-MAT, grids) and on an empty graph: BFS, SSSP, SSWP
 *    and CC exactly (integer weights), PageRank within 1e-12 and in as many
 *    iterations on the CPU. cc.ggp runs on the graph with both directions of
 *    every edge (what --undirected loads) and must give gg_run_cc's weak
 *    components of the graph as it is;
 *  - neural_network, heat, circuit (CuSha's NN, HS, CS) against a simple
 *    reference written here from the same update rules (paper 000, Table 3,
 *    as the files fix their starts and parameters), run the plain way: every
 *    vertex recomputed in every superstep. On the CPU the values are the
 *    same bits and the superstep counts equal (both sides sum the same float
 *    terms in in-edge order, without contraction: see tests/CMakeLists.txt);
 *    on the GPU within a tolerance of a few times the program's own, since
 *    its math library and fused multiply-adds may move a vertex across its
 *    update threshold. Plus the physics: heat and voltages stay between
 *    their extremes, and a converged circuit satisfies Kirchhoff's law at
 *    every free node to within the tolerance;
 *  - matching (Medusa's MBM) on generated bipartite graphs: a valid
 *    matching, maximal, of at most gg_run_matching's size and at least half
 *    of it, within gg run's default cap of n + 1 supersteps; the same mates
 *    on the GPU as on the CPU; and none at all when the graph holds only the
 *    left -> right direction (the file says why).
 *
 * The programs compile into a private cache (GG_CACHE_DIR under the build
 * tree), never into $HOME.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "algo_checks.h"
#include "backends.h"
#include "csr_copy.h"
#include "gg.h"
#include "graph_shapes.h"
#include "shape_cache.h"
#include "test_filter.h"

#ifndef GG_EXAMPLES_DIR
#error "GG_EXAMPLES_DIR must name examples/programs (tests/CMakeLists.txt defines it)"
#endif

#define NONE UINT32_MAX

/* ---- helpers ---------------------------------------------------------------- */

static gg_program *load_example(gg_context *context, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.ggp", GG_EXAMPLES_DIR, name);
    gg_program *program = NULL;
    gg_status status = gg_program_load(context, path, &program);
    if (status != GG_OK) fail_msg("gg_program_load(%s): %s", path, gg_context_last_error(context));
    return program;
}

static gg_run_stats run_example(gg_context *context, const gg_graph *graph, gg_program *program, void *values,
                                size_t size, const gg_program_run_options *popts, const gg_run_options *options,
                                const char *what) {
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    gg_status status = gg_run_program(context, graph, program, values, size, popts, options, &stats);
    if (status != GG_OK)
        fail_msg("%s: gg_run_program returned %s: %s", what, gg_status_string(status), gg_context_last_error(context));
    return stats;
}

static gg_program_run_options source_options(uint32_t source) {
    gg_program_run_options popts;
    gg_program_run_options_init(&popts);
    popts.source = source;
    return popts;
}

/* A graph the test makes itself: COO arrays and how to load them. */
typedef struct edge_list {
    uint32_t n;
    uint64_t m, capacity;
    uint32_t *src, *dst;
    float *weights;
} edge_list;

static void edge_list_init(edge_list *g, uint32_t n) {
    memset(g, 0, sizeof *g);
    g->n = n;
}

static void add_edge(edge_list *g, uint32_t u, uint32_t v, float w) {
    if (g->m == g->capacity) {
        g->capacity = g->capacity ? 2 * g->capacity : 64;
        g->src = realloc(g->src, g->capacity * sizeof *g->src);
        g->dst = realloc(g->dst, g->capacity * sizeof *g->dst);
        g->weights = realloc(g->weights, g->capacity * sizeof *g->weights);
        assert_true(g->src && g->dst && g->weights);
    }
    g->src[g->m] = u;
    g->dst[g->m] = v;
    g->weights[g->m] = w;
    ++g->m;
}

static void edge_list_free(edge_list *g) {
    free(g->src);
    free(g->dst);
    free(g->weights);
    memset(g, 0, sizeof *g);
}

static gg_graph *build(gg_context *context, const edge_list *g, int undirected, gg_duplicate_policy duplicates) {
    gg_graph_options options;
    gg_graph_options_init(&options);
    options.undirected = undirected;
    options.duplicates = duplicates;
    gg_graph *graph = NULL;
    gg_status status = gg_graph_create(context, g->n, g->m, g->src, g->dst, g->weights, &options, &graph);
    if (status != GG_OK) fail_msg("gg_graph_create: %s", gg_context_last_error(context));
    return graph;
}

static uint32_t below(uint64_t *rng, uint32_t bound) { return (uint32_t)(shape_random(rng) % bound); }

static int same_float(float a, float b) { return a == b || (isnan(a) && isnan(b)); }

/* ---- bfs, sssp, sswp, cc, pagerank against the built-ins ---------------------- */

typedef struct pagerank_value {
    double rank;
    uint32_t out_degree, unused;
} pagerank_value;

static void compare_u32(const char *what, const char *shape_name, uint32_t source, const uint32_t *got,
                        const uint32_t *want, uint32_t n) {
    for (uint32_t v = 0; v < n; ++v)
        if (got[v] != want[v])
            fail_msg("%s on %s (source %d) vertex %u: the program gives %u, the built-in %u", what, shape_name,
                     source == NONE ? -1 : (int)source, v, got[v], want[v]);
}

static void compare_f32(const char *what, const char *shape_name, uint32_t source, const float *got,
                        const float *want, uint32_t n) {
    for (uint32_t v = 0; v < n; ++v)
        if (!same_float(got[v], want[v]))
            fail_msg("%s on %s (source %u) vertex %u: the program gives %.9g, the built-in %.9g", what, shape_name,
                     source, v, (double)got[v], (double)want[v]);
}

/* A PageRank example (either model) on one shape against gg_run_pagerank;
   the cap is lifted above the file's 100, so that halt decides. */
static void check_pagerank_example(gg_context *context, const gg_graph *graph, gg_program *program, const char *file,
                                   const shape *s, const gg_run_options *options, int on_cpu) {
    const uint32_t n = s->n;
    pagerank_value *ranks = zeroed_alloc(n, sizeof *ranks);
    double *want_rank = zeroed_alloc(n, sizeof *want_rank);
    gg_program_run_options popts;
    gg_program_run_options_init(&popts);
    popts.max_iterations = 1000;
    gg_run_stats stats = run_example(context, graph, program, ranks, (size_t)n * sizeof *ranks, &popts, options, s->name);
    gg_run_stats builtin;
    gg_run_stats_init(&builtin);
    expect_ok(context, gg_run_pagerank(context, graph, want_rank, options, &builtin), "gg_run_pagerank");
    assert_int_equal(stats.converged, 1);
    const uint32_t gap = stats.iterations > builtin.iterations ? stats.iterations - builtin.iterations
                                                               : builtin.iterations - stats.iterations;
    /* The CPU sums each rank's terms as the built-in does: only the two sums
       over all vertices may round differently. The GPU's built-in may order
       its sums otherwise and stop an iteration apart (test_algo_pagerank). */
    if (gap > (on_cpu ? 0u : 1u))
        fail_msg("%s on %s: %u supersteps, gg_run_pagerank %u iterations", file, s->name, stats.iterations,
                 builtin.iterations);
    const double tolerance = on_cpu ? 1e-12 : gap == 0 ? 1e-9 : 1e-5;
    double sum = 0;
    for (uint32_t v = 0; v < n; ++v) {
        sum += ranks[v].rank;
        if (!(fabs(ranks[v].rank - want_rank[v]) <= tolerance))
            fail_msg("%s on %s vertex %u: %.17g, gg_run_pagerank %.17g (tolerance %g)", file, s->name, v,
                     ranks[v].rank, want_rank[v], tolerance);
    }
    if (!(fabs(sum - 1.0) <= 1e-9)) fail_msg("%s on %s: the ranks sum to %.17g", file, s->name, sum);
    free(ranks);
    free(want_rank);
}

static void test_examples_match_builtins(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    const int on_cpu = backend->backend == GG_BACKEND_CPU;
    gg_program *bfs = load_example(context, "bfs");
    gg_program *bfs_cusha = load_example(context, "bfs_cusha");
    gg_program *sssp = load_example(context, "sssp");
    gg_program *sswp = load_example(context, "sswp");
    gg_program *cc = load_example(context, "cc");
    gg_program *pagerank = load_example(context, "pagerank");
    gg_program *pagerank_cusha = load_example(context, "pagerank_cusha");
    uint32_t sssp_runs = 0, directed_cc = 0;

    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        const uint32_t n = s->n;
        const gg_graph *graph = c->graph;
        uint32_t *got = zeroed_alloc(n, 4), *want = zeroed_alloc(n, 4);
        float *got_f = zeroed_alloc(n, 4), *want_f = zeroed_alloc(n, 4);
        uint32_t sources[3];
        const uint32_t count = pick_sources(&c->ref, sources, 3);
        for (uint32_t k = 0; k < count; ++k) {
            const uint32_t source = sources[k];
            gg_program_run_options popts = source_options(source);

            gg_run_stats stats = run_example(context, graph, bfs, got, (size_t)n * 4, &popts, &options, s->name);
            check_stats(&stats, backend, 0);
            assert_int_equal(stats.converged, 1);
            expect_ok(context, gg_run_bfs(context, graph, source, want, NULL, &options, NULL), "gg_run_bfs");
            compare_u32("bfs.ggp", s->name, source, got, want, n);
            /* The CuSha-model file on CSR and on CuSha's two layouts. */
            static const gg_layout cusha_layouts[] = {GG_LAYOUT_CSR, GG_LAYOUT_GSHARDS, GG_LAYOUT_CW};
            for (size_t l = 0; l < 3; ++l) {
                gg_run_options on_layout = options;
                on_layout.layout = cusha_layouts[l];
                stats = run_example(context, graph, bfs_cusha, got, (size_t)n * 4, &popts, &on_layout, s->name);
                assert_int_equal(stats.converged, 1);
                compare_u32(l == 0 ? "bfs_cusha.ggp" : l == 1 ? "bfs_cusha.ggp (gshards)" : "bfs_cusha.ggp (cw)",
                            s->name, source, got, want, n);
            }

            /* gg_run_sssp refuses negative weights; then there is nothing to compare. */
            if (gg_run_sssp(context, graph, source, want_f, &options, NULL) == GG_OK) {
                stats = run_example(context, graph, sssp, got_f, (size_t)n * 4, &popts, &options, s->name);
                assert_int_equal(stats.converged, 1);
                compare_f32("sssp.ggp", s->name, source, got_f, want_f, n);
                ++sssp_runs;
            }

            expect_ok(context, gg_run_sswp(context, graph, source, want_f, &options, NULL), "gg_run_sswp");
            stats = run_example(context, graph, sswp, got_f, (size_t)n * 4, &popts, &options, s->name);
            assert_int_equal(stats.converged, 1);
            compare_f32("sswp.ggp", s->name, source, got_f, want_f, n);
        }

        /* CC: the weak components of the graph as built, from the program on
           the graph with both directions of every edge (gg run --undirected). */
        gg_graph *both = NULL;
        if (!s->undirected) {
            shape symmetric = *s;
            symmetric.undirected = 1;
            both = shape_build(context, &symmetric);
            ++directed_cc;
        }
        gg_run_stats stats =
            run_example(context, both ? both : graph, cc, got, (size_t)n * 4, NULL, &options, s->name);
        assert_int_equal(stats.converged, 1);
        expect_ok(context, gg_run_cc(context, graph, want, &options, NULL), "gg_run_cc");
        compare_u32("cc.ggp (both directions)", s->name, NONE, got, want, n);
        gg_graph_destroy(both);

        /* PageRank in both models: halt decides. */
        check_pagerank_example(context, graph, pagerank, "pagerank.ggp", s, &options, on_cpu);
        check_pagerank_example(context, graph, pagerank_cusha, "pagerank_cusha.ggp", s, &options, on_cpu);
        gg_run_options over_shards = options;
        over_shards.layout = GG_LAYOUT_GSHARDS;
        check_pagerank_example(context, graph, pagerank_cusha, "pagerank_cusha.ggp (gshards)", s, &over_shards, on_cpu);
        free(got);
        free(want);
        free(got_f);
        free(want_f);
    }
    /* The whole catalogue (graph_shapes.h: at least 50 shapes, unless narrowed by
       GG_TEST_SHAPES) has directed, weighted shapes: the comparisons above ran. */
    if (shape_count() >= 50) {
        assert_true(sssp_runs > 0);
        assert_true(directed_cc > 0);
    }

    /* A graph without vertices: every program succeeds without a superstep. */
    edge_list empty;
    edge_list_init(&empty, 0);
    gg_graph *none = build(context, &empty, 0, GG_DUPLICATES_KEEP_MIN);
    gg_program *all[] = {bfs, bfs_cusha, sssp, sswp, cc, pagerank, pagerank_cusha};
    for (size_t p = 0; p < sizeof all / sizeof all[0]; ++p) {
        pagerank_value scratch;
        gg_run_stats stats = run_example(context, none, all[p], &scratch, 0, NULL, &options, "empty graph");
        assert_int_equal(stats.iterations, 0);
        assert_int_equal(stats.converged, 1);
    }
    /* The CuSha-model files over CuSha's layouts, which have no shard here. */
    gg_program *cusha[] = {bfs_cusha, pagerank_cusha};
    static const gg_layout shard_layouts[] = {GG_LAYOUT_GSHARDS, GG_LAYOUT_CW};
    for (size_t p = 0; p < 2; ++p)
        for (size_t l = 0; l < 2; ++l) {
            gg_run_options on_layout = options;
            on_layout.layout = shard_layouts[l];
            pagerank_value scratch;
            gg_run_stats stats = run_example(context, none, cusha[p], &scratch, 0, NULL, &on_layout, "empty graph");
            assert_int_equal(stats.iterations, 0);
            assert_int_equal(stats.converged, 1);
        }
    gg_graph_destroy(none);
    edge_list_free(&empty);

    gg_program_destroy(bfs);
    gg_program_destroy(bfs_cusha);
    gg_program_destroy(sssp);
    gg_program_destroy(sswp);
    gg_program_destroy(cc);
    gg_program_destroy(pagerank);
    gg_program_destroy(pagerank_cusha);
    gg_context_destroy(context);
}

/* ---- CuSha's NN, HS and CS against references of the same rules ----------------- */

/* The in-edges in the library's order (gg_graph_read_csc), the order the
   CuSha model folds them in, and every vertex's out-degree. */
typedef struct in_edges {
    csr_copy csc;
    uint32_t *out_degree;
} in_edges;

static in_edges read_in_edges(gg_context *context, const gg_graph *graph) {
    in_edges g;
    g.csc = csr_copy_in(context, graph);
    g.out_degree = zeroed_alloc(g.csc.n, sizeof *g.out_degree);
    for (uint64_t e = 0; e < g.csc.m; ++e) g.out_degree[g.csc.indices[e]]++;
    return g;
}

static void free_in_edges(in_edges *g) {
    csr_copy_free(&g->csc);
    free(g->out_degree);
}

/* What a reference run reports, as gg_run_stats would. */
typedef struct reference_run {
    uint32_t supersteps;
    int converged;
} reference_run;

/* neural_network.ggp's hash and start, written out again. */
static uint32_t nn_hash(uint32_t key) {
    uint32_t h = key * 0x9E3779B1u;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

typedef struct nn_params {
    double tolerance, scale;
} nn_params;

/* Table 3's NN: x(v) = tanh(sum of x(u) * w(u, v)), kept when it moved by more
   than the tolerance; inputs (no in-edges) keep their start. */
static reference_run reference_nn(const in_edges *g, nn_params p, uint32_t cap, float *x) {
    const uint32_t n = g->csc.n;
    const csr_copy *in = &g->csc;
    float *weight = zeroed_alloc(in->m, sizeof *weight), *next = zeroed_alloc(n, sizeof *next);
    for (uint32_t v = 0; v < n; ++v) {
        x[v] = (float)(nn_hash(v) >> 8) * (1.0f / 8388608.0f) - 1.0f;
        for (uint64_t e = in->offsets[v]; e < in->offsets[v + 1]; ++e) {
            float w = (float)(p.scale * (double)in->weights[e]);
            weight[e] = (nn_hash(in->indices[e] ^ nn_hash(v)) & 1u) ? -w : w;
        }
    }
    reference_run run = {0, 0};
    int active = n > 0;
    for (;; ++run.supersteps) {
        if (!active) {
            run.converged = 1;
            break;
        }
        if (run.supersteps == cap) break;
        active = 0;
        for (uint32_t v = 0; v < n; ++v) {
            next[v] = x[v];
            if (in->offsets[v] == in->offsets[v + 1]) continue;
            float sum = 0.0f;
            for (uint64_t e = in->offsets[v]; e < in->offsets[v + 1]; ++e) sum += x[in->indices[e]] * weight[e];
            float y = tanhf(sum);
            if (fabsf(y - x[v]) > (float)p.tolerance) {
                next[v] = y;
                active = 1;
            }
        }
        memcpy(x, next, (size_t)n * sizeof *x);
    }
    free(weight);
    free(next);
    return run;
}

typedef struct heat_params {
    double tolerance, conductance, hot, ambient;
} heat_params;

/* Table 3's HS: Q'(v) = Q(v) + sum of (Q(u) - Q(v)) * c(u, v), taken when it
   moved by more than the tolerance. */
static reference_run reference_heat(const in_edges *g, heat_params p, uint32_t source, uint32_t cap, float *q) {
    const uint32_t n = g->csc.n;
    const csr_copy *in = &g->csc;
    float *next = zeroed_alloc(n, sizeof *next);
    for (uint32_t v = 0; v < n; ++v) q[v] = (float)(v == source ? p.hot : p.ambient);
    reference_run run = {0, 0};
    int active = n > 0;
    for (;; ++run.supersteps) {
        if (!active) {
            run.converged = 1;
            break;
        }
        if (run.supersteps == cap) break;
        active = 0;
        for (uint32_t v = 0; v < n; ++v) {
            float q_new = q[v];
            for (uint64_t e = in->offsets[v]; e < in->offsets[v + 1]; ++e)
                q_new += (q[in->indices[e]] - q[v]) * (float)(p.conductance * (double)in->weights[e]);
            next[v] = q[v];
            if (fabsf(q[v] - q_new) > (float)p.tolerance) {
                next[v] = q_new;
                active = 1;
            }
        }
        memcpy(q, next, (size_t)n * sizeof *q);
    }
    free(next);
    return run;
}

typedef struct circuit_params {
    double tolerance, supply;
    uint32_t ground;
} circuit_params;

/* Table 3's CS: a free node takes the conductance-weighted mean of its
   in-neighbours' voltages when it moved by more than the tolerance; the
   source and the ground node are fixed. */
static reference_run reference_circuit(const in_edges *g, circuit_params p, uint32_t source, uint32_t cap,
                                       float *volts, uint8_t *fixed) {
    const uint32_t n = g->csc.n;
    const csr_copy *in = &g->csc;
    float *next = zeroed_alloc(n, sizeof *next);
    for (uint32_t v = 0; v < n; ++v) {
        fixed[v] = v == source || v == p.ground;
        volts[v] = v == source ? (float)p.supply : 0.0f;
    }
    reference_run run = {0, 0};
    int active = n > 0;
    for (;; ++run.supersteps) {
        if (!active) {
            run.converged = 1;
            break;
        }
        if (run.supersteps == cap) break;
        active = 0;
        for (uint32_t v = 0; v < n; ++v) {
            next[v] = volts[v];
            if (fixed[v]) continue;
            float weighted = 0.0f, total = 0.0f;
            for (uint64_t e = in->offsets[v]; e < in->offsets[v + 1]; ++e) {
                weighted += volts[in->indices[e]] * in->weights[e];
                total += in->weights[e];
            }
            if (total == 0.0f) continue;
            weighted /= total;
            if (fabsf(weighted - volts[v]) > (float)p.tolerance) {
                next[v] = weighted;
                active = 1;
            }
        }
        memcpy(volts, next, (size_t)n * sizeof *volts);
    }
    free(next);
    return run;
}

/* Compares a program's floats (every `stride` bytes) with the reference's:
   the same bits on the CPU, within `tolerance` elsewhere. */
static void compare_benchmark(const char *what, const char *graph_name, const test_backend *backend,
                              const gg_run_stats *stats, reference_run expected, const void *values, size_t stride,
                              const float *want, uint32_t n, double tolerance) {
    const int on_cpu = backend->backend == GG_BACKEND_CPU;
    if (stats->converged != expected.converged)
        fail_msg("%s on %s: converged %d after %u supersteps, the reference %d after %u", what, graph_name,
                 stats->converged, stats->iterations, expected.converged, expected.supersteps);
    if (on_cpu && stats->iterations != expected.supersteps)
        fail_msg("%s on %s: %u supersteps, the reference %u", what, graph_name, stats->iterations,
                 expected.supersteps);
    for (uint32_t v = 0; v < n; ++v) {
        float got;
        memcpy(&got, (const unsigned char *)values + (size_t)v * stride, sizeof got);
        int ok = on_cpu ? same_float(got, want[v]) : fabs((double)got - (double)want[v]) <= tolerance;
        if (!ok)
            fail_msg("%s on %s vertex %u: %.9g, the reference %.9g (%s)", what, graph_name, v, (double)got,
                     (double)want[v], on_cpu ? "same bits expected" : "beyond the tolerance");
    }
}

/* The graphs of the CuSha benchmarks. */
typedef struct benchmark_graph {
    const char *name;
    edge_list edges;
    int undirected;
    int dag; /* every edge goes from a smaller id to a larger one */
} benchmark_graph;

static void make_benchmark_graphs(benchmark_graph *graphs, size_t *count) {
    uint64_t rng = 0x70726f6772616d73ULL;
    size_t k = 0;

    /* A feed-forward network: random edges from smaller to larger ids, vertex 0 .. 19 inputs. */
    graphs[k] = (benchmark_graph){"random_dag_n400_m1600", {0}, 0, 1};
    edge_list_init(&graphs[k].edges, 400);
    for (uint32_t i = 0; i < 1600; ++i) {
        uint32_t u = below(&rng, 399), v = u + 1 + below(&rng, 399 - u);
        if (v < 20) continue;
        add_edge(&graphs[k].edges, u, v, (float)(1 + below(&rng, 4)));
    }
    ++k;
    /* Layers of 30 neurons, each fed by 4 of the layer before, with duplicates. */
    graphs[k] = (benchmark_graph){"layered_dag_8x30", {0}, 0, 1};
    edge_list_init(&graphs[k].edges, 240);
    for (uint32_t layer = 1; layer < 8; ++layer)
        for (uint32_t i = 0; i < 30; ++i)
            for (uint32_t j = 0; j < 4; ++j)
                add_edge(&graphs[k].edges, (layer - 1) * 30 + below(&rng, 30), layer * 30 + i,
                         (float)(1 + below(&rng, 3)));
    ++k;
    /* A 20 x 20 grid of conductances 1 .. 3, stored both ways. */
    graphs[k] = (benchmark_graph){"grid_und_20x20", {0}, 1, 0};
    edge_list_init(&graphs[k].edges, 400);
    for (uint32_t r = 0; r < 20; ++r)
        for (uint32_t c = 0; c < 20; ++c) {
            if (c + 1 < 20) add_edge(&graphs[k].edges, r * 20 + c, r * 20 + c + 1, (float)(1 + below(&rng, 3)));
            if (r + 1 < 20) add_edge(&graphs[k].edges, r * 20 + c, (r + 1) * 20 + c, (float)(1 + below(&rng, 3)));
        }
    ++k;
    /* Random undirected with self-loops, duplicates, isolated vertices (ids 280 .. 299). */
    graphs[k] = (benchmark_graph){"random_und_n300_m700", {0}, 1, 0};
    edge_list_init(&graphs[k].edges, 300);
    for (uint32_t i = 0; i < 700; ++i)
        add_edge(&graphs[k].edges, below(&rng, 280), below(&rng, 280), (float)(1 + below(&rng, 5)));
    ++k;
    /* A path of 120 vertices: slow diffusion, the cap may stop it. */
    graphs[k] = (benchmark_graph){"path_und_120", {0}, 1, 0};
    edge_list_init(&graphs[k].edges, 120);
    for (uint32_t v = 0; v + 1 < 120; ++v) add_edge(&graphs[k].edges, v, v + 1, 1.0f);
    ++k;
    /* A directed graph with cycles: NN may oscillate to the cap. */
    graphs[k] = (benchmark_graph){"random_dir_n200_m800", {0}, 0, 0};
    edge_list_init(&graphs[k].edges, 200);
    for (uint32_t i = 0; i < 800; ++i)
        add_edge(&graphs[k].edges, below(&rng, 200), below(&rng, 200), (float)(1 + below(&rng, 4)));
    ++k;
    *count = k;
}

/* The largest sum of in-edge weights of a vertex. */
static double max_in_weight(const in_edges *g) {
    double most = 0;
    for (uint32_t v = 0; v < g->csc.n; ++v) {
        double sum = 0;
        for (uint64_t e = g->csc.offsets[v]; e < g->csc.offsets[v + 1]; ++e) sum += g->csc.weights[e];
        if (sum > most) most = sum;
    }
    return most;
}

static void test_cusha_benchmarks(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    gg_program *nn = load_example(context, "neural_network");
    gg_program *heat = load_example(context, "heat");
    gg_program *circuit = load_example(context, "circuit");
    /* The files' defaults, which the references below take as parameters. */
    gg_program_desc desc;
    gg_program_desc_init(&desc);
    expect_ok(context, gg_program_get_desc(nn, &desc), "get_desc");
    const nn_params nn_default = {desc.params[0], desc.params[1]};
    assert_true(nn_default.tolerance == 1e-4 && nn_default.scale == 0.5);
    gg_program_desc_init(&desc);
    expect_ok(context, gg_program_get_desc(circuit, &desc), "get_desc");
    const double circuit_tolerance = desc.params[0], supply = desc.params[1];
    assert_true(circuit_tolerance == 1e-4 && supply == 1.0 && desc.params[2] < 0);

    benchmark_graph graphs[8];
    size_t count = 0;
    make_benchmark_graphs(graphs, &count);
    uint32_t converged_nn = 0, converged_heat = 0, converged_circuit = 0;
    for (size_t i = 0; i < count; ++i) {
        const benchmark_graph *b = &graphs[i];
        gg_graph *graph = build(context, &b->edges, b->undirected, GG_DUPLICATES_KEEP_ALL);
        in_edges in = read_in_edges(context, graph);
        const uint32_t n = b->edges.n;
        float *want = zeroed_alloc(n, sizeof *want);
        uint8_t *fixed = zeroed_alloc(n, 1);

        /* NN with the file's parameters; a cap for the cyclic graphs. */
        const uint32_t nn_cap = 60;
        float *x = zeroed_alloc(n, sizeof *x);
        gg_program_run_options popts;
        gg_program_run_options_init(&popts);
        popts.max_iterations = nn_cap;
        gg_run_stats stats = run_example(context, graph, nn, x, (size_t)n * sizeof *x, &popts, &options, b->name);
        check_stats(&stats, backend, 1);
        reference_run expected = reference_nn(&in, nn_default, nn_cap, want);
        if (b->dag && !expected.converged) fail_msg("the reference NN did not converge on the DAG %s", b->name);
        converged_nn += expected.converged;
        /* On the GPU only converged runs compare: an oscillating network amplifies an ulp. */
        if (expected.converged || backend->backend == GG_BACKEND_CPU)
            compare_benchmark("neural_network.ggp", b->name, backend, &stats, expected, x, sizeof *x, want, n,
                              10 * nn_default.tolerance);
        for (uint32_t v = 0; v < n; ++v)
            if (!(x[v] >= -1.0f && x[v] <= 1.0f)) fail_msg("NN on %s: activation %u is %g", b->name, v, (double)x[v]);
        free(x);

        /* Heat from the source 0, with a stable conductance for this graph. */
        const heat_params hp = {1e-3, 1.0 / (1.0 + max_in_weight(&in)), 100.0, 0.0};
        const uint32_t heat_cap = 4000;
        struct {
            float q, q_new;
        } *temps = zeroed_alloc(n, 8);
        gg_program_run_options_init(&popts);
        popts.source = 0;
        popts.max_iterations = heat_cap;
        popts.num_params = 4;
        popts.params[0] = hp.tolerance;
        popts.params[1] = hp.conductance;
        popts.params[2] = hp.hot;
        popts.params[3] = hp.ambient;
        stats = run_example(context, graph, heat, temps, (size_t)n * 8, &popts, &options, b->name);
        expected = reference_heat(&in, hp, 0, heat_cap, want);
        converged_heat += expected.converged;
        compare_benchmark("heat.ggp", b->name, backend, &stats, expected, temps, 8, want, n, 20 * hp.tolerance);
        for (uint32_t v = 0; v < n; ++v)
            if (!(temps[v].q >= hp.ambient - 1e-3 && temps[v].q <= hp.hot + 1e-3))
                fail_msg("heat on %s: vertex %u at %g, outside [%g, %g]", b->name, v, (double)temps[v].q, hp.ambient,
                         hp.hot);
        free(temps);

        /* The circuit between source 0 and the ground n - 1 (the file's defaults). */
        const circuit_params cp = {circuit_tolerance, supply, n - 1};
        const uint32_t circuit_cap = 20000;
        struct {
            float v, gsum_or_a;
        } *volts = zeroed_alloc(n, 8);
        gg_program_run_options_init(&popts);
        popts.source = 0;
        popts.max_iterations = circuit_cap;
        stats = run_example(context, graph, circuit, volts, (size_t)n * 8, &popts, &options, b->name);
        expected = reference_circuit(&in, cp, 0, circuit_cap, want, fixed);
        converged_circuit += expected.converged;
        compare_benchmark("circuit.ggp", b->name, backend, &stats, expected, volts, 8, want, n,
                          20 * circuit_tolerance);
        for (uint32_t v = 0; v < n; ++v) {
            if (!(volts[v].v >= -1e-6f && volts[v].v <= (float)supply + 1e-6f))
                fail_msg("circuit on %s: node %u at %g V, outside [0, %g]", b->name, v, (double)volts[v].v, supply);
            /* Kirchhoff at a converged free node: the weighted mean of its in-neighbours. */
            if (fixed[v] || !stats.converged || backend->backend != GG_BACKEND_CPU) continue;
            double weighted = 0, total = 0;
            for (uint64_t e = in.csc.offsets[v]; e < in.csc.offsets[v + 1]; ++e) {
                weighted += (double)volts[in.csc.indices[e]].v * in.csc.weights[e];
                total += in.csc.weights[e];
            }
            if (total > 0 && !(fabs(weighted / total - volts[v].v) <= circuit_tolerance * 1.01))
                fail_msg("circuit on %s: node %u at %.9g V, its neighbours' mean %.9g", b->name, v,
                         (double)volts[v].v, weighted / total);
        }
        free(volts);

        free(want);
        free(fixed);
        free_in_edges(&in);
        gg_graph_destroy(graph);
    }
    /* Most runs ran to convergence, so the stopping rules were exercised too. */
    assert_true(converged_nn >= 2);
    assert_true(converged_heat >= 2);
    assert_true(converged_circuit >= 2);
    for (size_t i = 0; i < count; ++i) edge_list_free(&graphs[i].edges);
    gg_program_destroy(nn);
    gg_program_destroy(heat);
    gg_program_destroy(circuit);
    gg_context_destroy(context);
}

/* ---- Medusa's maximal bipartite matching ----------------------------------------- */

typedef struct matching_value {
    uint32_t mate, granted;
} matching_value;

typedef struct bipartite_case {
    char name[64];
    edge_list edges;
    uint32_t left;
    int undirected;
    gg_duplicate_policy duplicates;
} bipartite_case;

static void make_bipartite_cases(bipartite_case *cases, size_t *count) {
    uint64_t rng = 0x6d61746368696e67ULL;
    size_t k = 0;
#define CASE(label, n_, left_)                                                      \
    do {                                                                            \
        snprintf(cases[k].name, sizeof cases[k].name, "%s", label);                 \
        edge_list_init(&cases[k].edges, n_);                                        \
        cases[k].left = left_;                                                      \
        cases[k].undirected = 1;                                                    \
        cases[k].duplicates = GG_DUPLICATES_KEEP_MIN;                               \
    } while (0)
    CASE("random_300x200_m900", 500, 300);
    for (uint32_t i = 0; i < 900; ++i) add_edge(&cases[k].edges, below(&rng, 280), 300 + below(&rng, 190), 1.0f);
    ++k;
    CASE("random_sparse_1000x1000_m1200_keep_all", 2000, 1000);
    cases[k].duplicates = GG_DUPLICATES_KEEP_ALL;
    for (uint32_t i = 0; i < 1200; ++i) {
        uint32_t u = below(&rng, 1000), v = 1000 + below(&rng, 1000);
        add_edge(&cases[k].edges, u, v, 1.0f);
        if (i % 7 == 0) add_edge(&cases[k].edges, u, v, 2.0f); /* a duplicate */
    }
    ++k;
    /* A hub on the right that every left vertex wants, plus a few pairs. */
    CASE("hub_right_400x40", 440, 400);
    for (uint32_t u = 0; u < 400; ++u) add_edge(&cases[k].edges, u, 400, 1.0f);
    for (uint32_t u = 0; u < 39; ++u) add_edge(&cases[k].edges, u, 401 + u, 1.0f);
    ++k;
    /* A hub on the left, and right -> left edges only (stored both ways). */
    CASE("hub_left_1x600_reversed", 601, 1);
    for (uint32_t v = 1; v < 601; ++v) add_edge(&cases[k].edges, v, 0, 1.0f);
    ++k;
    CASE("complete_20x20", 40, 20);
    for (uint32_t u = 0; u < 20; ++u)
        for (uint32_t v = 20; v < 40; ++v) add_edge(&cases[k].edges, u, v, 1.0f);
    ++k;
    /* An alternating path l0 - r0 - l1 - r1 - ...: a greedy choice can halve it. */
    CASE("alternating_path_1000x1000", 2000, 1000);
    for (uint32_t i = 0; i < 1000; ++i) {
        add_edge(&cases[k].edges, i, 1000 + i, 1.0f);
        if (i + 1 < 1000) add_edge(&cases[k].edges, i + 1, 1000 + i, 1.0f);
    }
    ++k;
    CASE("single_edge", 2, 1);
    add_edge(&cases[k].edges, 0, 1, 1.0f);
    ++k;
    CASE("single_vertex", 1, 1);
    ++k;
    CASE("no_edges_10", 10, 5);
    ++k;
    CASE("empty", 0, 0);
    ++k;
    CASE("all_left_edges_none", 6, 6);
    ++k;
    CASE("all_right", 6, 0);
    ++k;
    CASE("unbalanced_50x3000", 3050, 50);
    for (uint32_t i = 0; i < 6000; ++i) add_edge(&cases[k].edges, below(&rng, 50), 50 + below(&rng, 3000), 1.0f);
    ++k;
#undef CASE
    *count = k;
}

/* Valid, maximal, and its size against gg_run_matching's maximum. */
static void check_matching(const bipartite_case *b, const matching_value *got, const uint32_t *maximum_mates,
                           uint64_t maximum) {
    const uint32_t n = b->edges.n, left = b->left;
    uint64_t size = 0;
    for (uint32_t v = 0; v < n; ++v) {
        uint32_t mate = got[v].mate;
        if (mate == NONE) continue;
        if (mate >= n || got[mate].mate != v)
            fail_msg("matching.ggp on %s: vertex %u has mate %u, whose mate is %u", b->name, v, mate,
                     mate < n ? got[mate].mate : NONE);
        if ((v < left) == (mate < left))
            fail_msg("matching.ggp on %s: %u and %u are on the same side (left = %u)", b->name, v, mate, left);
        int joined = 0;
        for (uint64_t e = 0; e < b->edges.m && !joined; ++e)
            joined = (b->edges.src[e] == v && b->edges.dst[e] == mate) ||
                     (b->edges.src[e] == mate && b->edges.dst[e] == v);
        if (!joined) fail_msg("matching.ggp on %s: %u and %u are matched without an edge", b->name, v, mate);
        if (v < left) ++size;
    }
    for (uint64_t e = 0; e < b->edges.m; ++e) {
        uint32_t u = b->edges.src[e], v = b->edges.dst[e];
        if (got[u].mate == NONE && got[v].mate == NONE)
            fail_msg("matching.ggp on %s: not maximal, the edge %u - %u joins two unmatched vertices", b->name, u, v);
    }
    /* A maximal matching has at least half a maximum one's pairs. */
    if (size > maximum || 2 * size < maximum)
        fail_msg("matching.ggp on %s: %llu pairs, the maximum matching has %llu", b->name, (unsigned long long)size,
                 (unsigned long long)maximum);
    uint64_t maximum_count = 0;
    for (uint32_t v = 0; v < left; ++v) maximum_count += maximum_mates[v] != NONE;
    assert_int_equal(maximum_count, maximum);
}

static void test_matching_example(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    /* The maximum matching and the mates to compare the GPU's with come from the CPU. */
    gg_context *cpu = cpu_context();
    gg_run_options cpu_options = backend_run_options(&test_backend_cpu);
    gg_program *matching = load_example(context, "matching");
    gg_program *cpu_matching = load_example(cpu, "matching");
    bipartite_case cases[16];
    size_t count = 0;
    make_bipartite_cases(cases, &count);
    uint64_t total = 0;
    for (size_t i = 0; i < count; ++i) {
        const bipartite_case *b = &cases[i];
        const uint32_t n = b->edges.n;
        gg_graph *graph = build(context, &b->edges, b->undirected, b->duplicates);
        matching_value *got = zeroed_alloc(n, sizeof *got);
        gg_program_run_options popts;
        gg_program_run_options_init(&popts);
        popts.num_params = 1;
        popts.params[0] = b->left; /* the seed stays the file's */
        /* The default cap (n + 1): the file says a run never needs more. */
        gg_run_stats stats =
            run_example(context, graph, matching, got, (size_t)n * sizeof *got, &popts, &options, b->name);
        if (!stats.converged)
            fail_msg("matching.ggp on %s: stopped at the cap after %u supersteps", b->name, stats.iterations);
        /* Random choices per edge and round take O(log n) rounds where one pair per
           round (every receiver choosing alike) would take n / 2. */
        if (n >= 40 && stats.iterations > n / 4)
            fail_msg("matching.ggp on %s: %u supersteps for %u vertices", b->name, stats.iterations, n);
        uint32_t *maximum_mates = zeroed_alloc(n, sizeof *maximum_mates);
        uint64_t maximum = 0;
        expect_ok(cpu, gg_run_matching(cpu, graph, b->left, maximum_mates, &maximum, &cpu_options, NULL),
                  "gg_run_matching");
        check_matching(b, got, maximum_mates, maximum);
        for (uint32_t v = 0; v < b->left; ++v) total += got[v].mate != NONE;
        if (backend->backend != GG_BACKEND_CPU) {
            matching_value *reference = zeroed_alloc(n, sizeof *reference);
            run_example(cpu, graph, cpu_matching, reference, (size_t)n * sizeof *reference, &popts, &cpu_options,
                        b->name);
            for (uint32_t v = 0; v < n; ++v)
                if (got[v].mate != reference[v].mate)
                    fail_msg("matching.ggp on %s vertex %u: mate %u on %s, %u on the CPU", b->name, v, got[v].mate,
                             backend->name, reference[v].mate);
            free(reference);
        }
        /* With only the left -> right direction no grant can travel back: nothing matches. */
        if (!b->undirected || b->edges.m == 0) {
            free(maximum_mates);
            free(got);
            gg_graph_destroy(graph);
            continue;
        }
        int left_to_right_only = 1;
        for (uint64_t e = 0; e < b->edges.m; ++e) left_to_right_only &= b->edges.src[e] < b->left;
        if (left_to_right_only) {
            gg_graph *directed = build(context, &b->edges, 0, b->duplicates);
            stats = run_example(context, directed, matching, got, (size_t)n * sizeof *got, &popts, &options, b->name);
            assert_int_equal(stats.converged, 1);
            for (uint32_t v = 0; v < n; ++v)
                if (got[v].mate != NONE)
                    fail_msg("matching.ggp on %s, directed: vertex %u matched to %u without a way back", b->name, v,
                             got[v].mate);
            gg_graph_destroy(directed);
        }
        free(maximum_mates);
        free(got);
        gg_graph_destroy(graph);
    }
    assert_true(total > 1000);
    for (size_t i = 0; i < count; ++i) edge_list_free(&cases[i].edges);
    gg_program_destroy(matching);
    gg_program_destroy(cpu_matching);
    gg_context_destroy(cpu);
    gg_context_destroy(context);
}

/* ---- the files themselves ------------------------------------------------------ */

static void test_example_files(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    static const struct {
        const char *name;
        gg_program_model model;
        const char *output;
    } files[] = {
        {"bfs", GG_PROGRAM_EMV, "depth"},          {"bfs_cusha", GG_PROGRAM_CUSHA, "depth"},
        {"sssp", GG_PROGRAM_EMV, "float"},
        {"sswp", GG_PROGRAM_EMV, "float"},         {"cc", GG_PROGRAM_EMV, "label"},
        {"pagerank", GG_PROGRAM_EMV, "double"},    {"pagerank_cusha", GG_PROGRAM_CUSHA, "double"},
        {"neural_network", GG_PROGRAM_CUSHA, "float"}, {"heat", GG_PROGRAM_CUSHA, "float"},
        {"circuit", GG_PROGRAM_CUSHA, "float"},    {"matching", GG_PROGRAM_EMV, "depth"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
        gg_program *program = load_example(context, files[i].name);
        gg_program_desc desc;
        gg_program_desc_init(&desc);
        expect_ok(context, gg_program_get_desc(program, &desc), "get_desc");
        if (desc.model != files[i].model) fail_msg("%s.ggp: model %d", files[i].name, (int)desc.model);
        if (strcmp(desc.output, files[i].output) != 0)
            fail_msg("%s.ggp: output '%s', expected '%s'", files[i].name, desc.output, files[i].output);
        if (strcmp(desc.name, files[i].name) != 0) fail_msg("%s.ggp: named '%s'", files[i].name, desc.name);
        /* Compiles for the CPU (the GPU compiles it in the suites above). */
        expect_ok(context, gg_program_prepare(context, program, GG_BACKEND_CPU, NULL), files[i].name);
        gg_program_destroy(program);
    }
    /* Both PageRank files' params are gg_run_pagerank's defaults. */
    static const char *const pageranks[] = {"pagerank", "pagerank_cusha"};
    for (size_t i = 0; i < 2; ++i) {
        gg_program *pagerank = load_example(context, pageranks[i]);
        gg_program_desc desc;
        gg_program_desc_init(&desc);
        expect_ok(context, gg_program_get_desc(pagerank, &desc), "get_desc");
        gg_run_options defaults;
        gg_run_options_init(&defaults);
        assert_true(desc.params[0] == defaults.damping);
        assert_true(desc.params[1] == defaults.tolerance);
        assert_true(desc.params[2] == (double)defaults.max_iterations);
        assert_int_equal(desc.num_aggregates, 2);
        assert_int_equal(desc.has_halt, 1);
        gg_program_destroy(pagerank);
    }
    gg_context_destroy(context);
}

static int use_private_cache(void **state) {
    (void)state;
    char dir[512];
    snprintf(dir, sizeof dir, "%s/program-examples-cache", GG_TEST_TMP_DIR);
    setenv("GG_CACHE_DIR", dir, 1);
    return 0;
}

/* The GPU's push programs (a built-in MIN, MAX or integer SUM) push or pull
   each superstep by the active queue's out-degree sum; the catalogue's
   small graphs take both on their own, and these runs force each way for
   every superstep (docs/building.md, GG_PROGRAM_DIRECTION). */
static int push_only(void **state) {
    (void)state;
    setenv("GG_PROGRAM_DIRECTION", "push", 1);
    return 0;
}
static int pull_only(void **state) {
    (void)state;
    setenv("GG_PROGRAM_DIRECTION", "pull", 1);
    return 0;
}
static int either_direction(void **state) {
    (void)state;
    unsetenv("GG_PROGRAM_DIRECTION");
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example_files),
        GG_BACKEND_TESTS(test_examples_match_builtins),
        {"test_examples_match_builtins_cuda_push_only", test_examples_match_builtins, push_only, either_direction,
         (void *)&test_backend_cuda},
        {"test_examples_match_builtins_cuda_pull_only", test_examples_match_builtins, pull_only, either_direction,
         (void *)&test_backend_cuda},
        GG_BACKEND_TESTS(test_cusha_benchmarks),
        GG_BACKEND_TESTS(test_matching_example),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, use_private_cache, shape_cache_release);
}
