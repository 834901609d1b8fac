/*
 * APSP against the references on every shape, on every backend: the whole
 * n x n matrix against Floyd-Warshall for shapes of up to 400 vertices, and
 * rows from several sources against Dijkstra for the larger ones. Integer
 * weights make every distance exact. Dense and sparse shapes exercise both
 * of the library's methods (blocked Floyd-Warshall and repeated Dijkstra).
 * verify/'s verify_apsp must accept every result. Then the error paths of
 * gg_run_apsp, the output capacity among them.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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

enum { kFullCheckUpTo = 400 };

static void test_apsp_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        const uint64_t n = s->n, cells = n * n;
        float *dist = zeroed_alloc(cells, sizeof *dist);
        gg_run_stats stats;
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_apsp(context, c->graph, dist, cells, &options, &stats), s->name);
        check_stats(&stats, backend, 1);
        if (n <= kFullCheckUpTo) {
            float *expected = zeroed_alloc(cells, sizeof *expected);
            ref_apsp(&c->ref.csr, expected);
            for (uint64_t k = 0; k < cells; ++k)
                if (!(dist[k] == expected[k]))
                    fail_msg("%s: distance %llu -> %llu is %.9g, expected %.9g", s->name, (unsigned long long)(k / n),
                             (unsigned long long)(k % n), (double)dist[k], (double)expected[k]);
            free(expected);
        } else {
            float *row = zeroed_alloc(n, sizeof *row);
            uint32_t sources[5];
            uint32_t count = pick_sources(&c->ref, sources, 5);
            for (uint32_t j = 0; j < count; ++j) {
                ref_sssp(&c->ref.csr, sources[j], row);
                const float *got = dist + (uint64_t)sources[j] * n;
                for (uint64_t v = 0; v < n; ++v)
                    if (!(got[v] == row[v]))
                        fail_msg("%s: distance %u -> %llu is %.9g, expected %.9g", s->name, sources[j],
                                 (unsigned long long)v, (double)got[v], (double)row[v]);
            }
            free(row);
        }
        expect_verified(verify_apsp(&c->ref.csr, dist), "%s", s->name);
        free(dist);
    }
    gg_context_destroy(context);
}

static void test_apsp_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 0};
    const float weights[] = {1.0f, 4.0f, -2.0f};
    const float good_weights[] = {1.0f, 4.0f, 0.0f};
    gg_graph *negative = small_graph(context, 4, 3, src, dst, weights);
    gg_graph *graph = small_graph(context, 4, 3, src, dst, good_weights);
    float dist[16];

    expect_failure(context, gg_run_apsp(context, negative, dist, 16, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "2 -> 0", "-2");
    expect_failure(context, gg_run_apsp(context, graph, NULL, 16, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "distances", NULL);
    expect_failure(context, gg_run_apsp(context, NULL, dist, 16, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "graph",
                   NULL);
    expect_failure(context, gg_run_apsp(context, graph, dist, 15, NULL, NULL), GG_ERROR_TOO_LARGE, "16 distances",
                   "64 bytes");

    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_ok(context, gg_run_apsp(context, empty, dist, 0, NULL, NULL), "gg_run_apsp on an empty graph");

    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_apsp(context, graph, dist, 16, NULL, &stats), "gg_run_apsp");
    check_stats(&stats, &test_backend_cpu, 1);
    const float inf = INFINITY;
    const float expected[16] = {0, 1, 5, inf, 4, 0, 4, inf, 0, 1, 0, inf, inf, inf, inf, 0};
    for (int k = 0; k < 16; ++k)
        if (!(dist[k] == expected[k])) fail_msg("cell %d: %g, expected %g", k, (double)dist[k], (double)expected[k]);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_graph_destroy(negative);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        /* Not on test_backend_cpu_3_threads: the CPU computes whole rows per
         * thread with nothing shared, so an uneven split adds nothing to check
         * but seconds of n^2 output on the 5000-vertex shapes. */
        {"test_apsp_matches_reference_cpu", test_apsp_matches_reference, NULL, NULL, (void *)&test_backend_cpu},
        {"test_apsp_matches_reference_cuda", test_apsp_matches_reference, NULL, NULL, (void *)&test_backend_cuda},
        cmocka_unit_test(test_apsp_errors),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
