/*
 * Betweenness centrality against textbook Brandes (predecessor lists, a
 * stack) on every shape, on every backend: with every vertex as a source on
 * shapes of up to 700 vertices, and with a handful of sources (an isolated
 * or sink vertex, the hub, one source listed twice) on the larger ones.
 * Values must agree to a relative 1e-9 (the path counts are exact integers in
 * double; only the order of the dependency sums differs). Then the error
 * paths of gg_run_bc.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "algo_checks.h"
#include "backends.h"
#include "gg.h"
#include "graph_shapes.h"
#include "reference.h"
#include "shape_cache.h"

enum { kAllSourcesUpTo = 700 };

static void compare_centrality(const char *shape_name, const double *got, const double *expected, uint32_t n) {
    for (uint32_t v = 0; v < n; ++v) {
        double scale = fabs(expected[v]) > 1.0 ? fabs(expected[v]) : 1.0;
        if (!(fabs(got[v] - expected[v]) <= 1e-9 * scale))
            fail_msg("%s vertex %u: centrality %.17g, expected %.17g", shape_name, v, got[v], expected[v]);
    }
}

static void test_bc_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        double *bc = zeroed_alloc(s->n, sizeof *bc), *expected = zeroed_alloc(s->n, sizeof *expected);
        uint32_t *sources = zeroed_alloc(s->n + 1, sizeof *sources);
        uint32_t count;
        const uint32_t *passed;
        if (s->n <= kAllSourcesUpTo) {
            for (uint32_t v = 0; v < s->n; ++v) sources[v] = v;
            count = s->n;
            passed = NULL; /* NULL means every vertex */
        } else {
            count = pick_sources(&c->ref, sources, 5);
            sources[count] = sources[count - 1]; /* a repeated source counts twice */
            count++;
            passed = sources;
        }
        gg_run_stats stats;
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_bc(context, c->graph, passed, count, bc, &options, &stats), s->name);
        check_stats(&stats, backend, 1);
        ref_bc(&c->ref, sources, count, expected);
        compare_centrality(s->name, bc, expected, s->n);
        free(bc);
        free(expected);
        free(sources);
    }
    gg_context_destroy(context);
}

static void test_bc_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    /* A directed diamond 0 -> {1, 2} -> 3 -> 4: two shortest paths 0 ~> 3. */
    const uint32_t src[] = {0, 0, 1, 2, 3}, dst[] = {1, 2, 3, 3, 4};
    gg_graph *graph = small_graph(context, 5, 5, src, dst, NULL);
    double bc[5];
    const uint32_t bad_sources[] = {0, 9};

    expect_failure(context, gg_run_bc(context, graph, NULL, 0, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "centrality", NULL);
    expect_failure(context, gg_run_bc(context, NULL, NULL, 0, bc, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "graph",
                   NULL);
    expect_failure(context, gg_run_bc(context, graph, bad_sources, 2, bc, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "sources[1] = 9", "out of range");

    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_ok(context, gg_run_bc(context, empty, NULL, 0, bc, NULL, NULL), "gg_run_bc on an empty graph");

    /* No sources: every centrality is 0. */
    const uint32_t one_source[] = {0};
    for (int v = 0; v < 5; ++v) bc[v] = 42.0;
    expect_ok(context, gg_run_bc(context, graph, one_source, 0, bc, NULL, NULL), "gg_run_bc with no source");
    for (int v = 0; v < 5; ++v) assert_true(bc[v] == 0.0);

    /* From 0 alone: 1 and 2 each carry half of the paths to 3 and 4; 3 carries both paths to 4. */
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_bc(context, graph, one_source, 1, bc, NULL, &stats), "gg_run_bc");
    check_stats(&stats, &test_backend_cpu, 1);
    const double expected[] = {0.0, 1.0, 1.0, 1.0, 0.0};
    for (int v = 0; v < 5; ++v)
        if (fabs(bc[v] - expected[v]) > 1e-15) fail_msg("vertex %d: %.17g, expected %.17g", v, bc[v], expected[v]);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_bc_matches_reference),
        cmocka_unit_test(test_bc_errors),
    };
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
