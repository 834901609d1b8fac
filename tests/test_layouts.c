/*
 * The papers' layouts (CuSha's G-Shards and Concatenated Windows, Tigr's
 * virtual split and UDT, GraphCage's source blocks) against the independent references of verify/ on
 * every shape of the catalogue: each algorithm a layout serves, asked for
 * that layout, must give the CSR run's answers (exact for BFS, SSSP, SSWP
 * and CC; PageRank within 1e-10 or, where the summation order moves the stop
 * by one iteration, 10 x the tolerance; SpMV within 1e-6 of the sum of the
 * terms' magnitudes), and report the layout it ran. Small degree bounds
 * (K = 1, 2, 3 for the split, 2 and 3 for UDT) make every vertex with a few
 * edges split, so families and trees are exercised on small graphs.
 *
 * On the CPU backend every layout is accepted, CSR runs and is reported.
 * Pairings a layout cannot serve (UDT for PageRank, any of them for BC, any
 * but CSR for a partitioned GPU run) are refused with a message naming the
 * algorithm's layouts.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "algo_checks.h"
#include "backends.h"
#include "gg.h"
#include "graph_shapes.h"
#include "ref_graph.h"
#include "shape_cache.h"
#include "test_filter.h"
#include "verify.h"

typedef struct layout_case {
    gg_layout layout;
    uint32_t degree_bound;  /* 0: the layout's default */
} layout_case;

static const layout_case kCases[] = {
    {GG_LAYOUT_GSHARDS, 0},       {GG_LAYOUT_CW, 0},  {GG_LAYOUT_VIRTUAL_SPLIT, 0}, {GG_LAYOUT_VIRTUAL_SPLIT, 1},
    {GG_LAYOUT_VIRTUAL_SPLIT, 3}, {GG_LAYOUT_UDT, 0}, {GG_LAYOUT_UDT, 2},           {GG_LAYOUT_UDT, 3},
    {GG_LAYOUT_TOCAB, 0},
};
#define CASE_COUNT (sizeof kCases / sizeof kCases[0])

/* UDT serves the relaxations only, TOCAB the sums (PageRank, SpMV) only. */
static int serves_pull(gg_layout layout) { return layout != GG_LAYOUT_UDT; }
static int serves_relaxations(gg_layout layout) { return layout != GG_LAYOUT_TOCAB; }

static gg_run_options case_options(const test_backend *backend, const layout_case *c) {
    gg_run_options options = backend_run_options(backend);
    options.layout = c->layout;
    options.degree_bound = c->degree_bound;
    return options;
}

/* The CPU runs CSR for every layout asked, but TOCAB for PageRank (its two
 * source blocks): `cpu_tocab` says whether the run was a PageRank. */
static void expect_layout_of(const gg_run_stats *stats, const test_backend *backend, const layout_case *c,
                             const char *what, int cpu_tocab) {
    if (c->layout == GG_LAYOUT_AUTO) { /* the cost model's choice: one of the pull layouts, named */
        if (stats->layout == GG_LAYOUT_AUTO || gg_layout_name(stats->layout) == NULL)
            fail_msg("%s: stats.layout %d is not a layout that ran", what, (int)stats->layout);
        return;
    }
    gg_layout expected = c->layout;
    if (backend->backend == GG_BACKEND_CPU)
        expected = cpu_tocab && c->layout == GG_LAYOUT_TOCAB ? GG_LAYOUT_TOCAB : GG_LAYOUT_CSR;
    if (stats->layout != expected)
        fail_msg("%s: stats.layout is %s, expected %s", what, gg_layout_name(stats->layout), gg_layout_name(expected));
}

static void expect_layout(const gg_run_stats *stats, const test_backend *backend, const layout_case *c,
                          const char *what) {
    expect_layout_of(stats, backend, c, what, 0);
}

static void describe(char *out, size_t size, const cached_shape *cs, const layout_case *c, const char *algorithm) {
    snprintf(out, size, "%s on %s, layout %s K %u", algorithm, cs->shape.name, gg_layout_name(c->layout),
             c->degree_bound);
}

static void check_paths(gg_context *context, const test_backend *backend, const cached_shape *cs,
                        const layout_case *c) {
    const uint32_t n = cs->shape.n;
    gg_run_options options = case_options(backend, c);
    uint32_t *depth = zeroed_alloc(n, sizeof *depth), *parent = zeroed_alloc(n, sizeof *parent);
    uint32_t *ref_depth = zeroed_alloc(n, sizeof *ref_depth);
    float *value = zeroed_alloc(n, sizeof *value), *expected = zeroed_alloc(n, sizeof *expected);
    uint32_t sources[3];
    const uint32_t count = pick_sources(&cs->ref, sources, 3);
    char what[160];
    for (uint32_t k = 0; k < count; ++k) {
        const uint32_t s = sources[k];
        gg_run_stats stats;

        describe(what, sizeof what, cs, c, "BFS");
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_bfs(context, cs->graph, s, depth, parent, &options, &stats), what);
        expect_layout(&stats, backend, c, what);
        ref_bfs(&cs->ref.csr, s, ref_depth);
        for (uint32_t v = 0; v < n; ++v) {
            if (depth[v] != ref_depth[v]) fail_msg("%s source %u vertex %u: depth %u, expected %u", what, s, v, depth[v], ref_depth[v]);
            const uint32_t p = parent[v];
            const int good = v == s ? p == s
                             : depth[v] == UINT32_MAX ? p == UINT32_MAX
                                                      : p < n && depth[p] + 1 == depth[v] && ref_has_edge(&cs->ref, p, v);
            if (!good) fail_msg("%s source %u vertex %u (depth %u): parent %u is not one level up", what, s, v, depth[v], p);
        }
        expect_verified(verify_bfs(&cs->ref.csr, s, depth), "%s source %u", what, s);

        describe(what, sizeof what, cs, c, "SSSP");
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_sssp(context, cs->graph, s, value, &options, &stats), what);
        expect_layout(&stats, backend, c, what);
        ref_sssp(&cs->ref.csr, s, expected);
        for (uint32_t v = 0; v < n; ++v)
            if (!(value[v] == expected[v]))
                fail_msg("%s source %u vertex %u: distance %.9g, expected %.9g", what, s, v, (double)value[v],
                         (double)expected[v]);

        describe(what, sizeof what, cs, c, "SSWP");
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_sswp(context, cs->graph, s, value, &options, &stats), what);
        expect_layout(&stats, backend, c, what);
        ref_sswp(&cs->ref.csr, s, expected);
        for (uint32_t v = 0; v < n; ++v)
            if (!(value[v] == expected[v]))
                fail_msg("%s source %u vertex %u: width %.9g, expected %.9g", what, s, v, (double)value[v],
                         (double)expected[v]);
    }
    free(depth);
    free(parent);
    free(ref_depth);
    free(value);
    free(expected);
}

static void check_components(gg_context *context, const test_backend *backend, const cached_shape *cs,
                             const layout_case *c) {
    const uint32_t n = cs->shape.n;
    gg_run_options options = case_options(backend, c);
    uint32_t *label = zeroed_alloc(n, sizeof *label), *expected = zeroed_alloc(n, sizeof *expected);
    char what[160];
    describe(what, sizeof what, cs, c, "CC");
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_cc(context, cs->graph, label, &options, &stats), what);
    expect_layout(&stats, backend, c, what);
    ref_cc(&cs->ref.csr, expected);
    for (uint32_t v = 0; v < n; ++v)
        if (label[v] != expected[v]) fail_msg("%s vertex %u: label %u, expected %u", what, v, label[v], expected[v]);
    free(label);
    free(expected);
}

static void check_sums(gg_context *context, const test_backend *backend, const cached_shape *cs,
                       const layout_case *c) {
    const uint32_t n = cs->shape.n;
    gg_run_options options = case_options(backend, c);
    char what[160];
    gg_run_stats stats;

    describe(what, sizeof what, cs, c, "PageRank");
    double *rank = zeroed_alloc(n, sizeof *rank), *expected = zeroed_alloc(n, sizeof *expected);
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_pagerank(context, cs->graph, rank, &options, &stats), what);
    expect_layout_of(&stats, backend, c, what, 1);
    const uint32_t iterations = ref_pagerank(&cs->ref.csr, options.damping, options.tolerance, options.max_iterations,
                                             expected);
    const uint32_t gap = stats.iterations > iterations ? stats.iterations - iterations : iterations - stats.iterations;
    if (gap > 1 || (gap == 1 && backend->backend == GG_BACKEND_CPU))
        fail_msg("%s: %u iterations, the reference ran %u", what, stats.iterations, iterations);
    const double tolerance = gap == 0 ? 1e-10 : 10 * options.tolerance;
    for (uint32_t v = 0; v < n; ++v)
        if (!(fabs(rank[v] - expected[v]) <= tolerance))
            fail_msg("%s vertex %u: rank %.17g, expected %.17g", what, v, rank[v], expected[v]);
    free(rank);
    free(expected);

    describe(what, sizeof what, cs, c, "SpMV");
    float *x = zeroed_alloc(n, sizeof *x), *x_abs = zeroed_alloc(n, sizeof *x_abs), *y = zeroed_alloc(n, sizeof *y);
    double *want = zeroed_alloc(n, sizeof *want), *magnitude = zeroed_alloc(n, sizeof *magnitude);
    for (uint32_t v = 0; v < n; ++v) {
        x[v] = (float)((int)((v * 37u + 11u) % 19u) - 9) + 0.375f;
        x_abs[v] = fabsf(x[v]);
    }
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_spmv(context, cs->graph, x, y, &options, &stats), what);
    expect_layout(&stats, backend, c, what);
    ref_spmv(&cs->ref.csr, x, want);
    ref_spmv(&cs->ref.csr, x_abs, magnitude);
    for (uint32_t v = 0; v < n; ++v)
        if (!(fabs((double)y[v] - want[v]) <= 1e-6 * magnitude[v]))
            fail_msg("%s vertex %u: y = %.9g, expected %.17g", what, v, (double)y[v], want[v]);
    free(x);
    free(x_abs);
    free(y);
    free(want);
    free(magnitude);
}

static void test_layouts_match_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *cs = shape_cache_get(i);
        for (size_t k = 0; k < CASE_COUNT; ++k) {
            if (serves_relaxations(kCases[k].layout)) {
                check_paths(context, backend, cs, &kCases[k]);
                check_components(context, backend, cs, &kCases[k]);
            }
            if (serves_pull(kCases[k].layout)) check_sums(context, backend, cs, &kCases[k]);
        }
    }
    gg_context_destroy(context);
}

/* TOCAB's block count is sized from the L2 (src/layout/source_blocks.h):
 * GG_L2_BYTES shrinks the cache the CUDA backend sizes from, so that the
 * catalogue's small graphs take 2 to 8 blocks (64 bytes: 4 doubles a block,
 * so every shape with more live values takes the most blocks), and auto's
 * cost model picks TOCAB for PageRank and G-Shards for SpMV on the shapes
 * whose gathers now miss. Every answer must still be the reference's. On
 * the CPU the variable changes nothing. */
static void test_source_blocks_sized_by_the_cache(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    static const char *const caches[] = {"64", "256", "1K"};
    static const layout_case tocab = {GG_LAYOUT_TOCAB, 0}, automatic = {GG_LAYOUT_AUTO, 0};
    for (size_t k = 0; k < sizeof caches / sizeof caches[0]; ++k) {
        setenv("GG_L2_BYTES", caches[k], 1);
        for (size_t i = 0; i < shape_count(); ++i) {
            const cached_shape *cs = shape_cache_get(i);
            check_sums(context, backend, cs, &tocab);
            check_sums(context, backend, cs, &automatic);
        }
    }
    unsetenv("GG_L2_BYTES");
    gg_context_destroy(context);
}

/* The split engines walk a queue of the worklist's virtual nodes while it
 * is short and scan every virtual node once it overflows (past a sixteenth
 * of them, at least 1024: the catalogue's small graphs never get there).
 * GG_SPLIT_QUEUE_LIMIT at 1 and 8 makes them overflow: the push rounds scan
 * for their stamps, SSSP's and SSWP's band scans overflow, and BFS's levels
 * after an overflowing one scan for their depth. Every answer must still be
 * the reference's. The CPU has no such engine: only the CUDA backend runs
 * this. */
static void test_split_queue_overflow(void **state) {
    const test_backend *backend = *state;
    if (backend->backend == GG_BACKEND_CPU) skip();
    gg_context *context = backend_context(backend);
    static const char *const limits[] = {"1", "8"};
    static const layout_case split_cases[] = {
        {GG_LAYOUT_VIRTUAL_SPLIT, 0}, {GG_LAYOUT_VIRTUAL_SPLIT, 1}, {GG_LAYOUT_UDT, 2}};
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; ++k) {
        setenv("GG_SPLIT_QUEUE_LIMIT", limits[k], 1);
        for (size_t i = 0; i < shape_count(); ++i) {
            const cached_shape *cs = shape_cache_get(i);
            for (size_t c = 0; c < sizeof split_cases / sizeof split_cases[0]; ++c) {
                check_paths(context, backend, cs, &split_cases[c]);
                check_components(context, backend, cs, &split_cases[c]);
            }
        }
    }
    unsetenv("GG_SPLIT_QUEUE_LIMIT");
    gg_context_destroy(context);
}

/* What a layout cannot serve is refused with the layouts the algorithm has;
 * a UDT bound of 1 is refused with the reason. The CPU runs CSR for these. */
static void test_unserved_pairings(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    const cached_shape *cs = shape_cache_get(0);
    const uint32_t n = cs->shape.n;
    double *values = zeroed_alloc(n, sizeof *values);
    uint32_t *depth = zeroed_alloc(n, sizeof *depth);
    gg_run_options options = backend_run_options(backend);
    gg_run_stats stats;
    const gg_layout unserved_bc[] = {GG_LAYOUT_GSHARDS, GG_LAYOUT_CW, GG_LAYOUT_VIRTUAL_SPLIT, GG_LAYOUT_UDT};
    for (size_t k = 0; k < sizeof unserved_bc / sizeof unserved_bc[0]; ++k) {
        options.layout = unserved_bc[k];
        gg_run_stats_init(&stats);
        const gg_status status = gg_run_bc(context, cs->graph, NULL, 0, values, &options, &stats);
        if (backend->backend == GG_BACKEND_CPU) {
            expect_ok(context, status, "BC on the CPU with any layout");
            if (stats.layout != GG_LAYOUT_CSR) fail_msg("CPU BC reported layout %s", gg_layout_name(stats.layout));
        } else {
            expect_failure(context, status, GG_ERROR_UNSUPPORTED, "BC", "csr");
        }
    }
    options.layout = GG_LAYOUT_UDT;
    const gg_status pagerank = gg_run_pagerank(context, cs->graph, values, &options, NULL);
    if (backend->backend == GG_BACKEND_CPU)
        expect_ok(context, pagerank, "PageRank on the CPU with layout udt");
    else
        expect_failure(context, pagerank, GG_ERROR_UNSUPPORTED, "PageRank", "vsplit");
    /* A partitioned run: the GPU's parts run CSR and refuse another layout;
     * the CPU's run CSR and say so. */
    gg_partition_plan_options plan_options;
    gg_partition_plan_options_init(&plan_options);
    plan_options.num_parts = 2;
    plan_options.partitioner = GG_PARTITIONER_BLOCK;
    gg_partition_plan *plan = NULL;
    expect_ok(context, gg_partition_plan_create(context, cs->graph, &plan_options, &plan), "a plan of 2 parts");
    options.layout = GG_LAYOUT_VIRTUAL_SPLIT;
    options.partition_plan = plan;
    gg_run_stats_init(&stats);
    const gg_status parted = gg_run_bfs(context, cs->graph, 0, depth, NULL, &options, &stats);
    if (backend->backend == GG_BACKEND_CPU) {
        expect_ok(context, parted, "partitioned BFS on the CPU, layout vsplit");
        if (stats.layout != GG_LAYOUT_CSR) fail_msg("partitioned CPU BFS reported layout %s", gg_layout_name(stats.layout));
    } else {
        expect_failure(context, parted, GG_ERROR_UNSUPPORTED, "partitioned", "csr");
    }
    options.partition_plan = NULL;
    gg_partition_plan_destroy(plan);

    options.layout = GG_LAYOUT_UDT;
    options.degree_bound = 1;
    const gg_status bfs = gg_run_bfs(context, cs->graph, 0, depth, NULL, &options, NULL);
    if (backend->backend == GG_BACKEND_CPU)
        expect_ok(context, bfs, "BFS on the CPU with layout udt, K 1");
    else
        expect_failure(context, bfs, GG_ERROR_INVALID_ARGUMENT, "degree bound", NULL);
    free(values);
    free(depth);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_layouts_match_reference),
        GG_BACKEND_TESTS(test_unserved_pairings),
        GG_BACKEND_TESTS(test_source_blocks_sized_by_the_cache),
        GG_BACKEND_TESTS(test_split_queue_overflow),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
