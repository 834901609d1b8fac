/*
 * BFS against a textbook queue BFS on every shape of the catalogue, on every
 * backend, from several sources (an isolated or sink vertex among them):
 * depths must match exactly, and every parent must have depth one less and an
 * edge to its child (the source is its own parent, unreached vertices have
 * none). verify/'s certificate check (verify_bfs) must accept every result.
 * Then the error paths of gg_run_bfs.
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

static void check_parents(const shape *s, const ref_graph *r, uint32_t source, const uint32_t *depth,
                          const uint32_t *parent) {
    for (uint32_t v = 0; v < r->csr.n; ++v) {
        const uint32_t p = parent[v];
        if (depth[v] == UINT32_MAX) {
            if (p != UINT32_MAX) fail_msg("%s source %u: unreached vertex %u has parent %u", s->name, source, v, p);
        } else if (v == source) {
            if (p != source) fail_msg("%s: the source %u has parent %u, expected itself", s->name, source, p);
        } else if (p >= r->csr.n || depth[p] + 1 != depth[v] || !ref_has_edge(r, p, v)) {
            fail_msg("%s source %u: vertex %u (depth %u) has parent %u (depth %u, edge %s)", s->name, source, v,
                     depth[v], p, p < r->csr.n ? depth[p] : UINT32_MAX,
                     p < r->csr.n && ref_has_edge(r, p, v) ? "present" : "absent");
        }
    }
}

static void test_bfs_matches_reference(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    for (size_t i = 0; i < shape_count(); ++i) {
        const cached_shape *c = shape_cache_get(i);
        const shape *s = &c->shape;
        uint32_t *depth = zeroed_alloc(s->n, sizeof *depth), *parent = zeroed_alloc(s->n, sizeof *parent);
        uint32_t *expected = zeroed_alloc(s->n, sizeof *expected);
        uint32_t sources[5];
        uint32_t count = pick_sources(&c->ref, sources, 5);
        for (uint32_t k = 0; k < count; ++k) {
            gg_run_stats stats;
            gg_run_stats_init(&stats);
            expect_ok(context, gg_run_bfs(context, c->graph, sources[k], depth, parent, &options, &stats), s->name);
            check_stats(&stats, backend, 1);
            ref_bfs(&c->ref.csr, sources[k], expected);
            for (uint32_t v = 0; v < s->n; ++v)
                if (depth[v] != expected[v])
                    fail_msg("%s source %u vertex %u: depth %u, expected %u", s->name, sources[k], v, depth[v],
                             expected[v]);
            check_parents(s, &c->ref, sources[k], depth, parent);
            expect_verified(verify_bfs(&c->ref.csr, sources[k], depth), "%s source %u", s->name, sources[k]);

            /* Without the parent array the depths are the same. */
            expect_ok(context, gg_run_bfs(context, c->graph, sources[k], depth, NULL, &options, NULL), s->name);
            for (uint32_t v = 0; v < s->n; ++v)
                if (depth[v] != expected[v])
                    fail_msg("%s source %u vertex %u (no parents): depth %u, expected %u", s->name, sources[k], v,
                             depth[v], expected[v]);
            expect_verified(verify_bfs(&c->ref.csr, sources[k], depth), "%s source %u (no parents)", s->name,
                            sources[k]);
        }
        free(depth);
        free(parent);
        free(expected);
    }
    gg_context_destroy(context);
}

static void test_bfs_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    const uint32_t src[] = {0, 1}, dst[] = {1, 2};
    gg_graph *graph = small_graph(context, 3, 2, src, dst, NULL);
    uint32_t depth[3], parent[3];

    expect_failure(context, gg_run_bfs(context, graph, 0, NULL, parent, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "depths", NULL);
    expect_failure(context, gg_run_bfs(context, NULL, 0, depth, parent, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "graph", NULL);
    expect_failure(context, gg_run_bfs(context, graph, 3, depth, parent, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "source 3", "out of range");
    assert_int_equal(gg_run_bfs(NULL, graph, 0, depth, parent, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);

    /* A graph with no vertex has no valid source. */
    gg_graph *empty = small_graph(context, 0, 0, NULL, NULL, NULL);
    expect_failure(context, gg_run_bfs(context, empty, 0, depth, parent, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "out of range", NULL);

    /* Statistics of a good run on the CPU. */
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_bfs(context, graph, 0, depth, parent, NULL, &stats), "gg_run_bfs");
    check_stats(&stats, &test_backend_cpu, 1);
    assert_int_equal(depth[2], 2);
    assert_int_equal(parent[2], 1);
    assert_true(stats.edges_visited >= 2);

    gg_graph_destroy(empty);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_bfs_matches_reference),
        cmocka_unit_test(test_bfs_errors),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
