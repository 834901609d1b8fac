/*
 * PageRank against a plain power iteration in double (networkx semantics) on
 * every shape, on every backend:
 *  - default options (tol 1e-6, 100 iterations): the same iteration count as
 *    the reference and every rank within 1e-10 of it (both compute the same
 *    iterates; only summation order differs, worth ~1e-16 per rank); a GPU
 *    backend may stop one iteration off, and is then held to 10 tol;
 *  - converged (library tol 1e-11 vs reference tol 1e-14, up to 1000
 *    iterations): within 1e-9 of the reference. After an iteration whose L1
 *    change is below tol the distance to the fixed point is at most
 *    tol * d / (1 - d) ~ 5.7 tol, so 1e-11 leaves a wide margin;
 *  - ranks sum to 1 within 1e-9, and a cap of 3 iterations is honoured;
 *  - damping 0.5 on every shape;
 *  - in two source blocks (GG_LAYOUT_TOCAB, GraphCage's cache blocking),
 *    which a backend picks by itself only for graphs whose ranks overflow its
 *    caches: asked for here on every shape, on the GPU and on the CPU, where
 *    the ranks must also be within 1e-13 of the one-pass (GG_LAYOUT_CSR) run's
 *    (the same bits unless that run took the hub order, which sums each
 *    list in another order).
 * verify/'s verify_pagerank (the reference run for the iterations the result
 * reports) must accept every result. Then the error paths of gg_run_pagerank.
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
#include "gg.h"
#include "graph_shapes.h"
#include "ref_graph.h"
#include "shape_cache.h"
#include "test_filter.h"

static void compare_ranks(const char *shape_name, const char *setting, const double *got, const double *expected,
                          uint32_t n, double tolerance) {
    double sum = 0;
    for (uint32_t v = 0; v < n; ++v) {
        if (!(fabs(got[v] - expected[v]) <= tolerance))
            fail_msg("%s (%s) vertex %u: rank %.17g, expected %.17g (tolerance %g)", shape_name, setting, v, got[v],
                     expected[v], tolerance);
        sum += got[v];
    }
    if (n > 0 && !(fabs(sum - 1.0) <= 1e-9)) fail_msg("%s (%s): ranks sum to %.17g, not 1", shape_name, setting, sum);
}

static void run_and_compare(gg_context *context, const cached_shape *c, const test_backend *backend,
                            gg_run_options options, double reference_tolerance, double tolerance,
                            int same_iterations, const char *setting) {
    const shape *s = &c->shape;
    double *rank = zeroed_alloc(s->n, sizeof *rank), *expected = zeroed_alloc(s->n, sizeof *expected);
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_pagerank(context, c->graph, rank, &options, &stats), s->name);
    check_stats(&stats, backend, options.max_iterations > 0);
    if (options.layout != GG_LAYOUT_AUTO && stats.layout != options.layout)
        fail_msg("%s (%s): stats.layout is %d, the run asked for %d", s->name, setting, (int)stats.layout,
                 (int)options.layout);
    uint32_t iterations =
        ref_pagerank(&c->ref.csr, options.damping, reference_tolerance, same_iterations ? options.max_iterations : 1000,
                     expected);
    if (same_iterations && stats.iterations != iterations) {
        /* The CPU backend sums in a fixed order and must stop exactly where the
         * reference does. Another backend may sum in another order, which can
         * move a borderline stop by one iteration; its ranks then differ by
         * at most ~ tol * d / (1 - d). */
        const uint32_t gap = stats.iterations > iterations ? stats.iterations - iterations : iterations - stats.iterations;
        if (backend->backend == GG_BACKEND_CPU || gap > 1)
            fail_msg("%s (%s): %u iterations, the reference ran %u", s->name, setting, stats.iterations, iterations);
        tolerance = 10 * options.tolerance;
    }
    compare_ranks(s->name, setting, rank, expected, s->n, tolerance);
    expect_verified(verify_pagerank(&c->ref.csr, rank, stats.iterations, options.damping), "%s (%s)", s->name,
                    setting);
    free(rank);
    free(expected);
}

/* Every shape, every setting of the header comment, each run with `layout`;
 * `label` starts each setting's name in the messages. */
static void compare_on_every_shape(gg_context *context, const test_backend *backend, gg_layout layout,
                                   const char *label) {
    char setting[64];
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        gg_run_options options = backend_run_options(backend);
        options.layout = layout;
        snprintf(setting, sizeof setting, "%sdefault options", label);
        run_and_compare(context, c, backend, options, options.tolerance, 1e-10, 1, setting);

        options.tolerance = 1e-11;
        options.max_iterations = 1000;
        snprintf(setting, sizeof setting, "%sconverged", label);
        run_and_compare(context, c, backend, options, 1e-14, 1e-9, 0, setting);

        options.tolerance = 0;
        options.max_iterations = 3;
        snprintf(setting, sizeof setting, "%s3 iterations", label);
        run_and_compare(context, c, backend, options, 0, 1e-12, 1, setting);

        options = backend_run_options(backend);
        options.layout = layout;
        options.damping = 0.5;
        snprintf(setting, sizeof setting, "%sdamping 0.5", label);
        run_and_compare(context, c, backend, options, options.tolerance, 1e-10, 1, setting);
    }
}

static void test_pagerank_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    compare_on_every_shape(context, backend, GG_LAYOUT_AUTO, "");
    gg_context_destroy(context);
}

static void test_pagerank_in_source_blocks(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    compare_on_every_shape(context, backend, GG_LAYOUT_TOCAB, "TOCAB, ");
    /* Layouts the CUDA PageRank lacks are refused, naming it. */
    const cached_shape *c = shape_cache_get(0);
    double *rank = zeroed_alloc(c->shape.n, sizeof *rank);
    gg_run_options options = backend_run_options(backend);
    options.layout = GG_LAYOUT_UDT;
    expect_failure(context, gg_run_pagerank(context, c->graph, rank, &options, NULL), GG_ERROR_UNSUPPORTED,
                   "PageRank", NULL);
    free(rank);
    gg_context_destroy(context);
}

/* The CPU's two source blocks continue each list's sum where the first
 * block left it, so they add the same terms in the same order as one pass
 * over the same CSC. */
static void test_pagerank_in_source_blocks_cpu(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    compare_on_every_shape(context, backend, GG_LAYOUT_TOCAB, "TOCAB, ");
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const uint32_t n = c->shape.n;
        double *one_pass = zeroed_alloc(n, sizeof *one_pass), *blocked = zeroed_alloc(n, sizeof *blocked);
        gg_run_options options = backend_run_options(backend);
        options.tolerance = 1e-12;
        options.max_iterations = 200;
        gg_run_stats stats;
        gg_run_stats_init(&stats);
        options.layout = GG_LAYOUT_CSR;
        expect_ok(context, gg_run_pagerank(context, c->graph, one_pass, &options, &stats), c->shape.name);
        assert_int_equal(stats.layout, GG_LAYOUT_CSR);
        const uint32_t iterations = stats.iterations;
        options.layout = GG_LAYOUT_TOCAB;
        expect_ok(context, gg_run_pagerank(context, c->graph, blocked, &options, &stats), c->shape.name);
        assert_int_equal(stats.layout, GG_LAYOUT_TOCAB);
        if (stats.iterations != iterations)
            fail_msg("%s: two source blocks ran %u iterations, one pass %u", c->shape.name, stats.iterations,
                     iterations);
        for (uint32_t v = 0; v < n; ++v)
            if (!(fabs(one_pass[v] - blocked[v]) <= 1e-13))
                fail_msg("%s vertex %u: %.17g in two source blocks, %.17g in one pass", c->shape.name, v, blocked[v],
                         one_pass[v]);
        free(one_pass);
        free(blocked);
    }
    gg_context_destroy(context);
}

static void test_pagerank_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    /* 0 -> 1 -> 2, 2 dangling, 0 has a self-loop (counted in its out-degree). */
    const uint32_t src[] = {0, 1, 0}, dst[] = {1, 2, 0};
    gg_graph *graph = small_graph(context, 3, 3, src, dst, NULL);
    double rank[3];

    expect_failure(context, gg_run_pagerank(context, graph, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "ranks",
                   NULL);
    expect_failure(context, gg_run_pagerank(context, NULL, rank, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "graph",
                   NULL);
    gg_run_options options;
    gg_run_options_init(&options);
    options.damping = 1.0;
    expect_failure(context, gg_run_pagerank(context, graph, rank, &options, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "damping", NULL);
    gg_run_options_init(&options);
    options.tolerance = -1.0;
    expect_failure(context, gg_run_pagerank(context, graph, rank, &options, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "tolerance", NULL);
    gg_run_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    options.layout = GG_LAYOUT_GSHARDS; /* a GPU engine's: the CPU runs its own layout and reports it */
    gg_run_stats layout_stats;
    gg_run_stats_init(&layout_stats);
    expect_ok(context, gg_run_pagerank(context, graph, rank, &options, &layout_stats), "PageRank, layout gshards, CPU");
    assert_int_equal(layout_stats.layout, GG_LAYOUT_CSR);

    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_ok(context, gg_run_pagerank(context, empty, rank, NULL, NULL), "gg_run_pagerank on an empty graph");

    /* One iteration by hand: r = 1/3 each; dangling mass 1/3 (vertex 2);
     * vertex 0 keeps half of its rank through the self-loop. */
    gg_run_options_init(&options);
    options.max_iterations = 1;
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_pagerank(context, graph, rank, &options, &stats), "gg_run_pagerank");
    check_stats(&stats, &test_backend_cpu, 1);
    assert_int_equal(stats.iterations, 1);
    const double d = 0.85, base = (1 - d) / 3 + d * (1.0 / 3) / 3;
    assert_true(fabs(rank[0] - (base + d * (1.0 / 6))) < 1e-15);
    assert_true(fabs(rank[1] - (base + d * (1.0 / 6))) < 1e-15);
    assert_true(fabs(rank[2] - (base + d * (1.0 / 3))) < 1e-15);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* The CPU backend's ranks and iteration count are the same bytes on any
 * thread count (its sums run over blocks cut by the graph alone,
 * cpu/engines/pagerank_steps.h): on kron (the hub order), urand and a grid
 * (the ids as they are), with 1, 2 and 3 threads. */
static void test_pagerank_cpu_same_bytes_on_any_thread_count(void **state) {
    (void)state;
    const gg_generator kinds[] = {GG_GENERATOR_KRON, GG_GENERATOR_URAND, GG_GENERATOR_GRID};
    const char *names[] = {"kron 16", "urand 16", "grid 256 x 320"};
    for (int k = 0; k < 3; ++k) {
        double *first = NULL;
        uint32_t first_iterations = 0, n = 0;
        for (int threads = 1; threads <= 3; ++threads) {
            gg_context *context = cpu_context_of_threads(threads);
            gg_graph *graph = generated_graph(context, kinds[k], 16, 256, 320, names[k]);
            n = gg_graph_num_vertices(graph);
            double *rank = zeroed_alloc(n, sizeof *rank);
            gg_run_stats stats;
            gg_run_stats_init(&stats);
            expect_ok(context, gg_run_pagerank(context, graph, rank, NULL, &stats), names[k]);
            if (first == NULL) {
                first = rank;
                first_iterations = stats.iterations;
            } else {
                if (stats.iterations != first_iterations || memcmp(rank, first, n * sizeof *rank) != 0)
                    fail_msg("%s: %d threads gave other ranks (or %u iterations against %u) than one thread", names[k],
                             threads, stats.iterations, first_iterations);
                free(rank);
            }
            gg_graph_destroy(graph);
            gg_context_destroy(context);
        }
        free(first);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_pagerank_matches_reference),
        {"test_pagerank_in_source_blocks_cuda", test_pagerank_in_source_blocks, NULL, NULL,
         (void *)&test_backend_cuda},
        {"test_pagerank_in_source_blocks_cpu", test_pagerank_in_source_blocks_cpu, NULL, NULL,
         (void *)&test_backend_cpu},
        cmocka_unit_test(test_pagerank_errors),
        cmocka_unit_test(test_pagerank_cpu_same_bytes_on_any_thread_count),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
