/*
 * SpMV (y(v) = sum over u -> v of w * x(u)) against an edge loop in double on
 * every shape, on every backend, with x holding positive and negative values.
 * The library sums in double and rounds once to float, so each y(v) must be
 * within a relative 1e-6 of the sum of the magnitudes of its terms (which
 * also bounds cancellation); verify/'s verify_spmv must accept every result.
 * Then the error paths of gg_run_spmv.
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

static void test_spmv_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        float *x = zeroed_alloc(s->n, sizeof *x), *y = zeroed_alloc(s->n, sizeof *y);
        float *x_abs = zeroed_alloc(s->n, sizeof *x_abs);
        double *expected = zeroed_alloc(s->n, sizeof *expected), *magnitude = zeroed_alloc(s->n, sizeof *magnitude);
        for (uint32_t v = 0; v < s->n; ++v) {
            x[v] = (float)((int)((v * 37u + 11u) % 19u) - 9) + 0.375f;
            x_abs[v] = fabsf(x[v]);
        }
        gg_run_stats stats;
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_spmv(context, c->graph, x, y, &options, &stats), s->name);
        check_stats(&stats, backend, 0);
        ref_spmv(&c->ref.csr, x, expected);
        ref_spmv(&c->ref.csr, x_abs, magnitude); /* weights are >= 0 in every shape */
        for (uint32_t v = 0; v < s->n; ++v)
            if (!(fabs((double)y[v] - expected[v]) <= 1e-6 * magnitude[v]))
                fail_msg("%s vertex %u: y = %.9g, expected %.17g", s->name, v, (double)y[v], expected[v]);
        expect_verified(verify_spmv(&c->ref.csr, x, y), "%s", s->name);
        free(x);
        free(y);
        free(x_abs);
        free(expected);
        free(magnitude);
    }
    gg_context_destroy(context);
}

static void test_spmv_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    /* y(1) = 2 x(0) + 3 x(2); y(0) = 5 x(0) (self-loop); y(2) = 0 (no in-edge). */
    const uint32_t src[] = {0, 2, 0}, dst[] = {1, 1, 0};
    const float weights[] = {2.0f, 3.0f, 5.0f};
    gg_graph *graph = small_graph(context, 3, 3, src, dst, weights);
    const float x[] = {1.5f, -4.0f, 0.25f};
    float y[3];

    expect_failure(context, gg_run_spmv(context, graph, NULL, y, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "x", NULL);
    expect_failure(context, gg_run_spmv(context, graph, x, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "y", NULL);
    expect_failure(context, gg_run_spmv(context, NULL, x, y, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "graph", NULL);

    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_ok(context, gg_run_spmv(context, empty, x, y, NULL, NULL), "gg_run_spmv on an empty graph");

    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_spmv(context, graph, x, y, NULL, &stats), "gg_run_spmv");
    check_stats(&stats, &test_backend_cpu, 0);
    assert_true(y[0] == 7.5f && y[1] == 3.75f && y[2] == 0.0f);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_spmv_matches_reference),
        cmocka_unit_test(test_spmv_errors),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
