/*
 * Weakly connected components against union-find on every shape, on every
 * backend: each label must be exactly the smallest vertex id of the
 * component (edge directions ignored); verify/'s verify_cc must accept every
 * result. Then the error paths of gg_run_cc.
 */
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

static void test_cc_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        uint32_t *label = zeroed_alloc(s->n, sizeof *label), *expected = zeroed_alloc(s->n, sizeof *expected);
        gg_run_stats stats;
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_cc(context, c->graph, label, &options, &stats), s->name);
        check_stats(&stats, backend, 1);
        ref_cc(&c->ref.csr, expected);
        for (uint32_t v = 0; v < s->n; ++v)
            if (label[v] != expected[v])
                fail_msg("%s vertex %u: label %u, expected %u", s->name, v, label[v], expected[v]);
        expect_verified(verify_cc(&c->ref.csr, label), "%s", s->name);
        free(label);
        free(expected);
    }
    gg_context_destroy(context);
}

static void test_cc_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    /* Directed edges 4 -> 1 and 3 -> 1: weakly, {1, 3, 4} is one component. */
    const uint32_t src[] = {4, 3, 2}, dst[] = {1, 1, 2};
    gg_graph *graph = small_graph(context, 6, 3, src, dst, NULL);
    uint32_t label[6];

    expect_failure(context, gg_run_cc(context, graph, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "labels", NULL);
    expect_failure(context, gg_run_cc(context, NULL, label, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "graph", NULL);
    gg_run_options options;
    gg_run_options_init(&options);
    /* The CPU accepts any layout, runs CSR and says so. */
    options.layout = GG_LAYOUT_GSHARDS;
    options.backend = GG_BACKEND_CPU;
    gg_run_stats layout_stats;
    gg_run_stats_init(&layout_stats);
    expect_ok(context, gg_run_cc(context, graph, label, &options, &layout_stats), "gg_run_cc, layout gshards");
    assert_int_equal(layout_stats.layout, GG_LAYOUT_CSR);

    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_ok(context, gg_run_cc(context, empty, label, NULL, NULL), "gg_run_cc on an empty graph");

    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_cc(context, graph, label, NULL, &stats), "gg_run_cc");
    check_stats(&stats, &test_backend_cpu, 1);
    const uint32_t expected[] = {0, 1, 2, 1, 1, 5};
    for (int v = 0; v < 6; ++v) assert_int_equal(label[v], expected[v]);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_cc_matches_reference),
        cmocka_unit_test(test_cc_errors),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
