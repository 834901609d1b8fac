/*
 * Betweenness centrality against textbook Brandes (predecessor lists, a
 * stack) on every shape, on every backend: with every vertex as a source on
 * shapes of up to 700 vertices, and with a handful of sources (an isolated
 * or sink vertex, the hub, one source listed twice) on the larger ones.
 * Values must agree to a relative 1e-9 (the path counts are exact integers in
 * double; only the order of the dependency sums differs). Then a graph whose
 * path counts overflow double (2^1100 shortest paths through a chain of
 * diamonds, beside a plain path of the same depth), against the reference's
 * long double counts and against values worked out by hand. verify/'s
 * verify_bc must accept every result. Then the error paths of gg_run_bc.
 */
#include <float.h>
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
#include "ref_graph.h"
#include "shape_cache.h"
#include "test_filter.h"

enum { kAllSourcesUpTo = 700 };

/* `got` came from a run over `sources`; `expected` is ref_bc's over the same. */
static void compare_centrality(const char *shape_name, const ref_graph *ref, const uint32_t *sources,
                               uint32_t num_sources, const double *got, const double *expected) {
    for (uint32_t v = 0; v < ref->csr.n; ++v) {
        double scale = fabs(expected[v]) > 1.0 ? fabs(expected[v]) : 1.0;
        if (!(fabs(got[v] - expected[v]) <= 1e-9 * scale))
            fail_msg("%s vertex %u: centrality %.17g, expected %.17g", shape_name, v, got[v], expected[v]);
    }
    expect_verified(verify_bc(&ref->csr, sources, num_sources, got), "%s, %u sources", shape_name, num_sources);
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
        ref_bc(&c->ref.csr, sources, count, expected);
        compare_centrality(s->name, &c->ref, sources, count, bc, expected);
        free(bc);
        free(expected);
        free(sources);
    }
    gg_context_destroy(context);
}

/*
 * A chain of kDiamonds diamonds v_i -> {a_i, b_i} -> v_(i+1), so 2^i shortest
 * paths reach v_i from v_0; beside it a plain path v_0 -> p_1 -> ... ->
 * p_(2 kDiamonds) of the same depth, whose vertices have one path each; both
 * ends lead to z, then z -> t_1 -> t_2. From v_0, the level of v_K holds
 * counts 2^1100 and 1 (more than double's whole range), and z has 2^1100 + 1.
 */
enum { kDiamonds = 1100 };

static uint32_t diamond_v(uint32_t i) { return 3 * i; }
static uint32_t diamond_a(uint32_t i) { return 3 * i + 1; }
static uint32_t plain_p(uint32_t j) { return 3 * kDiamonds + j; } /* j = 1 .. 2 kDiamonds */
static uint32_t join_z(void) { return 5 * kDiamonds + 1; }

static void diamond_chain_shape(shape *s, int undirected) {
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "diamond_chain_%s_%d", undirected ? "und" : "dir", kDiamonds);
    s->n = 5 * kDiamonds + 4;
    s->undirected = undirected;
    s->duplicates = GG_DUPLICATES_KEEP_MIN;
    s->capacity = 6 * kDiamonds + 4;
    s->src = zeroed_alloc(s->capacity, sizeof *s->src);
    s->dst = zeroed_alloc(s->capacity, sizeof *s->dst);
    uint64_t m = 0;
#define EDGE(u, v) (s->src[m] = (u), s->dst[m] = (v), m++)
    for (uint32_t i = 0; i < kDiamonds; ++i) {
        EDGE(diamond_v(i), diamond_a(i));
        EDGE(diamond_v(i), diamond_a(i) + 1);
        EDGE(diamond_a(i), diamond_v(i + 1));
        EDGE(diamond_a(i) + 1, diamond_v(i + 1));
    }
    EDGE(diamond_v(0), plain_p(1));
    for (uint32_t j = 1; j < 2 * kDiamonds; ++j) EDGE(plain_p(j), plain_p(j + 1));
    EDGE(diamond_v(kDiamonds), join_z());
    EDGE(plain_p(2 * kDiamonds), join_z());
    EDGE(join_z(), join_z() + 1);
    EDGE(join_z() + 1, join_z() + 2);
#undef EDGE
    s->m = m;
    assert_int_equal(m, s->capacity);
}

static void test_bc_path_counts_beyond_double(void **state) {
    const test_backend *backend = *state;
    if (LDBL_MAX_EXP <= DBL_MAX_EXP) {
        printf("SKIPPED: long double has double's range here; the reference would overflow too\n");
        skip();
    }
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    for (int undirected = 0; undirected <= 1; ++undirected) {
        shape s;
        diamond_chain_shape(&s, undirected);
        ref_graph ref;
        ref_graph_from_shape(&s, &ref);
        gg_graph *graph = shape_build(context, &s);
        double *bc = zeroed_alloc(s.n, sizeof *bc), *expected = zeroed_alloc(s.n, sizeof *expected);

        /* From v_0 alone (the same DAG in both directions): every vertex
         * below v_i is reached only through it, but for z, t_1 and t_2,
         * reached through v_K on all but one of 2^1100 + 1 paths:
         * centrality(v_i) = 3 (K - i) + 3; on the plain path the 3 vertices
         * past z count 1 / (2^1100 + 1) each, which is 0 in double:
         * centrality(p_j) = 2K - j. */
        const uint32_t start = diamond_v(0);
        expect_ok(context, gg_run_bc(context, graph, &start, 1, bc, &options, NULL), s.name);
        for (uint32_t v = 0; v < s.n; ++v)
            if (!isfinite(bc[v])) fail_msg("%s from v_0: vertex %u has centrality %g", s.name, v, bc[v]);
        for (uint32_t i = 1; i <= kDiamonds; ++i) {
            const double want = 3.0 * (kDiamonds - i) + 3.0;
            if (!(fabs(bc[diamond_v(i)] - want) <= 1e-9 * want))
                fail_msg("%s from v_0: centrality of v_%u is %.17g, expected %.17g", s.name, i,
                         bc[diamond_v(i)], want);
        }
        for (uint32_t j = 1; j < 2 * kDiamonds; ++j) {
            const double want = 2.0 * kDiamonds - j;
            if (!(fabs(bc[plain_p(j)] - want) <= 1e-9 * want))
                fail_msg("%s from v_0: centrality of p_%u is %.17g, expected %.17g", s.name, j,
                         bc[plain_p(j)], want);
        }
        ref_bc(&ref.csr, &start, 1, expected);
        compare_centrality(s.name, &ref, &start, 1, bc, expected);

        /* Several sources, one of them twice, on both directions. */
        const uint32_t sources[] = {diamond_v(0), diamond_a(0), plain_p(1), diamond_v(kDiamonds / 2), join_z(),
                                    diamond_v(0)};
        const uint32_t count = sizeof sources / sizeof sources[0];
        gg_run_stats stats;
        gg_run_stats_init(&stats);
        expect_ok(context, gg_run_bc(context, graph, sources, count, bc, &options, &stats), s.name);
        check_stats(&stats, backend, 1);
        ref_bc(&ref.csr, sources, count, expected);
        compare_centrality(s.name, &ref, sources, count, bc, expected);

        free(bc);
        free(expected);
        gg_graph_destroy(graph);
        ref_graph_free(&ref);
        shape_free(&s);
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

/* The CPU backend's centralities are the same bytes on 1, 2 and 3 threads,
 * and agree with textbook Brandes, on graphs whose levels fall on both sides
 * of cpu/bc.cpp's rule for taking threads (a level of fewer out-edges than
 * kParallelEdges runs on one thread): kron's levels of one hub and many
 * edges, urand's, and the thousands of small levels of a grid. From the hub
 * (the largest out-degree) and from vertex n / 3. */
static void test_bc_cpu_same_bytes_on_any_thread_count(void **state) {
    (void)state;
    const gg_generator kinds[] = {GG_GENERATOR_KRON, GG_GENERATOR_URAND, GG_GENERATOR_GRID};
    const char *names[] = {"kron 13", "urand 13", "grid 640 x 600"};
    for (int k = 0; k < 3; ++k) {
        double *first = NULL;
        csr_copy csr = {0};
        uint32_t sources[2] = {0, 0}, n = 0;
        for (int threads = 1; threads <= 3; ++threads) {
            gg_context *context = cpu_context_of_threads(threads);
            gg_graph *graph = generated_graph(context, kinds[k], 13, 640, 600, names[k]);
            n = gg_graph_num_vertices(graph);
            if (first == NULL) {
                csr = csr_copy_out(context, graph);
                for (uint32_t v = 0; v < n; ++v)
                    if (csr.offsets[v + 1] - csr.offsets[v] > csr.offsets[sources[0] + 1] - csr.offsets[sources[0]])
                        sources[0] = v;
                sources[1] = n / 3;
            }
            double *bc = zeroed_alloc(n, sizeof *bc);
            expect_ok(context, gg_run_bc(context, graph, sources, 2, bc, NULL, NULL), names[k]);
            if (first == NULL) {
                first = bc;
            } else {
                if (memcmp(bc, first, n * sizeof *bc) != 0)
                    fail_msg("%s: %d threads gave other centralities than one thread", names[k], threads);
                free(bc);
            }
            gg_graph_destroy(graph);
            gg_context_destroy(context);
        }
        ref_graph ref;
        memset(&ref, 0, sizeof ref);
        ref.csr.n = csr.n;
        ref.csr.m = csr.m;
        ref.csr.offsets = csr.offsets;
        ref.csr.targets = csr.indices;
        ref.csr.weights = csr.weights;
        double *expected = zeroed_alloc(n, sizeof *expected);
        ref_bc(&ref.csr, sources, 2, expected);
        compare_centrality(names[k], &ref, sources, 2, first, expected);
        free(expected);
        free(first);
        csr_copy_free(&csr);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_bc_matches_reference),
        GG_BACKEND_TESTS(test_bc_path_counts_beyond_double),
        cmocka_unit_test(test_bc_errors),
        cmocka_unit_test(test_bc_cpu_same_bytes_on_any_thread_count),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, shape_cache_release);
}
