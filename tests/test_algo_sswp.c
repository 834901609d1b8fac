/*
 * SSWP (widest / bottleneck paths) against widest-path Dijkstra on every
 * shape, on every backend, from several sources: widths are minima of edge
 * weights, so they must match exactly (source +inf, unreached 0; an edge of
 * weight 0 carries nothing); verify/'s verify_sswp must accept every result.
 * Then the error paths of gg_run_sswp.
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

static void test_sswp_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        float *width = zeroed_alloc(s->n, sizeof *width), *expected = zeroed_alloc(s->n, sizeof *expected);
        uint32_t sources[5];
        uint32_t count = pick_sources(&c->ref, sources, 5);
        for (uint32_t k = 0; k < count; ++k) {
            gg_run_stats stats;
            gg_run_stats_init(&stats);
            expect_ok(context, gg_run_sswp(context, c->graph, sources[k], width, &options, &stats), s->name);
            check_stats(&stats, backend, 1);
            ref_sswp(&c->ref.csr, sources[k], expected);
            if (!isinf(width[sources[k]]) || width[sources[k]] < 0)
                fail_msg("%s: the source %u has width %g, expected +inf", s->name, sources[k],
                         (double)width[sources[k]]);
            for (uint32_t v = 0; v < s->n; ++v)
                if (!(width[v] == expected[v]))
                    fail_msg("%s source %u vertex %u: width %.9g, expected %.9g", s->name, sources[k], v,
                             (double)width[v], (double)expected[v]);
            expect_verified(verify_sswp(&c->ref.csr, sources[k], width), "%s source %u", s->name, sources[k]);
        }
        free(width);
        free(expected);
    }
    gg_context_destroy(context);
}

static void test_sswp_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    /* 0 -> 1 -> 3 has width 2, 0 -> 2 -> 3 width 5; 4 is unreachable. */
    const uint32_t src[] = {0, 1, 0, 2}, dst[] = {1, 3, 2, 3};
    const float weights[] = {9.0f, 2.0f, 5.0f, 7.0f};
    gg_graph *graph = small_graph(context, 5, 4, src, dst, weights);
    float width[5];

    expect_failure(context, gg_run_sswp(context, graph, 0, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "widths",
                   NULL);
    expect_failure(context, gg_run_sswp(context, NULL, 0, width, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "graph",
                   NULL);
    expect_failure(context, gg_run_sswp(context, graph, 5, width, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "source 5",
                   "out of range");
    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_failure(context, gg_run_sswp(context, empty, 0, width, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "out of range", NULL);

    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_sswp(context, graph, 0, width, NULL, &stats), "gg_run_sswp");
    check_stats(&stats, &test_backend_cpu, 1);
    assert_true(isinf(width[0]) && width[0] > 0);
    assert_true(width[1] == 9.0f && width[2] == 5.0f && width[3] == 5.0f && width[4] == 0.0f);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_sswp_matches_reference),
        cmocka_unit_test(test_sswp_errors),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
