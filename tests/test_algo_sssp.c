/*
 * SSSP against binary-heap Dijkstra on every shape, on every backend, from
 * several sources: with integer weights every distance must match exactly
 * (+inf for unreached). Delta-stepping is also run with explicit bucket
 * widths far below and above the default, which must not change any
 * distance. verify/'s certificate check (verify_sssp) must accept every
 * result. Then the error paths of gg_run_sssp.
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
#include "ref_graph.h"
#include "shape_cache.h"
#include "test_filter.h"

static void compare_distances(const cached_shape *c, uint32_t source, float delta, const float *got,
                              const float *expected) {
    for (uint32_t v = 0; v < c->shape.n; ++v)
        if (!(got[v] == expected[v]))
            fail_msg("%s source %u delta %g vertex %u: distance %.9g, expected %.9g", c->shape.name, source,
                     (double)delta, v, (double)got[v], (double)expected[v]);
    expect_verified(verify_sssp(&c->ref.csr, source, got), "%s source %u delta %g", c->shape.name, source,
                    (double)delta);
}

static void test_sssp_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    const float explicit_deltas[] = {0.25f, 3.0f, 100000.0f};
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        float *dist = zeroed_alloc(s->n, sizeof *dist), *expected = zeroed_alloc(s->n, sizeof *expected);
        uint32_t sources[5];
        uint32_t count = pick_sources(&c->ref, sources, 5);
        for (uint32_t k = 0; k < count; ++k) {
            gg_run_stats stats;
            gg_run_stats_init(&stats);
            options.delta = 0.0f;
            expect_ok(context, gg_run_sssp(context, c->graph, sources[k], dist, &options, &stats), s->name);
            check_stats(&stats, backend, 1);
            ref_sssp(&c->ref.csr, sources[k], expected);
            compare_distances(c, sources[k], 0.0f, dist, expected);
            if (k != 1) continue; /* explicit widths: from vertex 0 (or the hub) only */
            for (size_t d = 0; d < sizeof explicit_deltas / sizeof explicit_deltas[0]; ++d) {
                options.delta = explicit_deltas[d];
                expect_ok(context, gg_run_sssp(context, c->graph, sources[k], dist, &options, NULL), s->name);
                compare_distances(c, sources[k], options.delta, dist, expected);
            }
        }
        free(dist);
        free(expected);
    }
    gg_context_destroy(context);
}

static void test_sssp_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 0};
    const float weights[] = {1.0f, -3.0f, 2.0f};
    const float good_weights[] = {1.0f, 0.0f, 2.0f};
    gg_graph *negative = small_graph(context, 3, 3, src, dst, weights);
    gg_graph *graph = small_graph(context, 3, 3, src, dst, good_weights);
    float dist[3];

    expect_failure(context, gg_run_sssp(context, negative, 0, dist, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "1 -> 2", "-3");
    expect_failure(context, gg_run_sssp(context, graph, 0, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "distances", NULL);
    expect_failure(context, gg_run_sssp(context, NULL, 0, dist, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "graph",
                   NULL);
    expect_failure(context, gg_run_sssp(context, graph, 7, dist, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "source 7",
                   "out of range");
    gg_run_options options;
    gg_run_options_init(&options);
    options.delta = -1.0f;
    expect_failure(context, gg_run_sssp(context, graph, 0, dist, &options, NULL), GG_ERROR_INVALID_ARGUMENT, "delta",
                   NULL);

    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_failure(context, gg_run_sssp(context, empty, 0, dist, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "out of range", NULL);

    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_sssp(context, graph, 1, dist, NULL, &stats), "gg_run_sssp");
    check_stats(&stats, &test_backend_cpu, 1);
    assert_true(dist[1] == 0.0f && dist[2] == 0.0f && dist[0] == 2.0f); /* a zero-weight edge costs nothing */
    assert_true(stats.edges_visited >= 3);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_graph_destroy(negative);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_sssp_matches_reference),
        cmocka_unit_test(test_sssp_errors),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
