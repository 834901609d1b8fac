/* gg_partition (METIS k-way, edge directions ignored): every vertex gets a
 * part in [0, k), the reported edge cut equals a naive count of cut
 * undirected pairs, trivial and degenerate k and graphs are answered, and
 * bad arguments are refused. A build without METIS must say so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gg.h"

static gg_context *ctx;

static int setup(void **state) {
    (void)state;
    return gg_context_create(NULL, &ctx) == GG_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    gg_context_destroy(ctx);
    return 0;
}

static void check_ok(gg_status s, const char *what) {
    if (s != GG_OK) fail_msg("%s failed (%d): %s", what, s, gg_context_last_error(ctx));
}

static gg_graph *graph_from_edges(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, int undirected) {
    gg_graph_options o;
    gg_graph_options_init(&o);
    o.undirected = undirected;
    gg_graph *g = NULL;
    check_ok(gg_graph_create(ctx, n, m, src, dst, NULL, &o, &g), "gg_graph_create");
    return g;
}

static gg_graph *grid(uint32_t rows, uint32_t cols) {
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.kind = GG_GENERATOR_GRID;
    o.rows = rows;
    o.cols = cols;
    gg_graph *g = NULL;
    check_ok(gg_graph_generate(ctx, &o, &g), "gg_graph_generate");
    return g;
}

static int compare_pairs(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Naive cut: collect every pair {min, max} of distinct ends from the CSR,
 * sort, drop repeats, count those split by the partition. */
static uint64_t naive_edge_cut(const gg_graph *g, const uint32_t *parts) {
    const uint32_t n = gg_graph_num_vertices(g);
    const uint64_t m = gg_graph_num_edges(g);
    uint64_t *offsets = malloc(sizeof(uint64_t) * ((uint64_t)n + 1));
    uint32_t *indices = malloc(sizeof(uint32_t) * (m + 1));
    uint64_t *pairs = malloc(sizeof(uint64_t) * (m + 1));
    assert_true(offsets && indices && pairs);
    check_ok(gg_graph_copy_csr(ctx, g, offsets, indices, NULL), "gg_graph_copy_csr");
    uint64_t count = 0;
    for (uint32_t u = 0; u < n; ++u)
        for (uint64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
            const uint32_t v = indices[e];
            if (u == v) continue;
            const uint32_t lo = u < v ? u : v, hi = u < v ? v : u;
            pairs[count++] = ((uint64_t)lo << 32) | hi;
        }
    qsort(pairs, count, sizeof(uint64_t), compare_pairs);
    uint64_t cut = 0;
    for (uint64_t i = 0; i < count; ++i) {
        if (i > 0 && pairs[i] == pairs[i - 1]) continue;
        if (parts[pairs[i] >> 32] != parts[pairs[i] & 0xffffffffu]) ++cut;
    }
    free(pairs);
    free(indices);
    free(offsets);
    return cut;
}

/* Partitions g into k parts, checks ranges and the cut, returns the parts
 * (caller frees) and the cut. */
static uint32_t *partition(const gg_graph *g, uint32_t k, uint64_t *cut_out) {
    const uint32_t n = gg_graph_num_vertices(g);
    uint32_t *parts = malloc(sizeof(uint32_t) * ((uint64_t)n + 1));
    assert_non_null(parts);
    for (uint32_t v = 0; v < n; ++v) parts[v] = UINT32_MAX;
    uint64_t cut = UINT64_MAX;
    check_ok(gg_partition(ctx, g, k, parts, &cut, NULL), "gg_partition");
    for (uint32_t v = 0; v < n; ++v)
        if (parts[v] >= k) fail_msg("k = %u: vertex %u got part %u", k, v, parts[v]);
    const uint64_t expected = naive_edge_cut(g, parts);
    if (cut != expected) fail_msg("k = %u: reported edge cut %llu, naive count %llu", k, (unsigned long long)cut,
                                  (unsigned long long)expected);
    if (cut_out) *cut_out = cut;
    return parts;
}

static int metis_missing(void) {
    gg_graph *g = grid(3, 3);
    uint32_t parts[9];
    gg_status s = gg_partition(ctx, g, 2, parts, NULL, NULL);
    gg_graph_destroy(g);
    if (s != GG_ERROR_UNSUPPORTED) return 0;
    assert_non_null(strstr(gg_context_last_error(ctx), "without METIS"));
    return 1;
}

#define REQUIRE_METIS()                                                                                     \
    do {                                                                                                    \
        if (metis_missing()) {                                                                              \
            print_message("gg was built without METIS (the error says so); skipping\n");                  \
            skip();                                                                                         \
        }                                                                                                   \
    } while (0)

/* A grid splits into balanced parts with a small cut. */
static void test_grid_balanced(void **state) {
    (void)state;
    REQUIRE_METIS();
    const uint32_t rows = 40, cols = 40, n = rows * cols;
    gg_graph *g = grid(rows, cols);
    const uint32_t ks[] = {2, 3, 4, 8};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; ++i) {
        const uint32_t k = ks[i];
        uint64_t cut;
        uint32_t *parts = partition(g, k, &cut);
        uint32_t size[8] = {0};
        for (uint32_t v = 0; v < n; ++v) size[parts[v]]++;
        for (uint32_t p = 0; p < k; ++p) /* default ufactor 30: 3% imbalance, a little slack */
            if (size[p] < n / k * 0.9 || size[p] > n / k * 1.1)
                fail_msg("k = %u: part %u has %u of %u vertices", k, p, size[p], n);
        /* Straight cuts need about 40 edges per boundary; far more means no real partitioning. */
        if (cut > 40u * k) fail_msg("k = %u: cut %llu is far from a grid's straight cuts", k, (unsigned long long)cut);
        assert_true(cut > 0);
        free(parts);
    }
    gg_graph_destroy(g);
}

static void test_one_part(void **state) {
    (void)state;
    REQUIRE_METIS();
    gg_graph *g = grid(10, 10);
    uint64_t cut;
    uint32_t *parts = partition(g, 1, &cut);
    for (uint32_t v = 0; v < 100; ++v) assert_int_equal(parts[v], 0);
    assert_int_equal(cut, 0);
    free(parts);
    gg_graph_destroy(g);
}

/* k >= n: one vertex per part, every edge cut. */
static void test_more_parts_than_vertices(void **state) {
    (void)state;
    REQUIRE_METIS();
    const uint32_t src[] = {0, 1, 2, 3, 4, 4}, dst[] = {1, 2, 3, 4, 0, 4};
    gg_graph *g = graph_from_edges(5, 6, src, dst, 0);
    const uint32_t ks[] = {5, 8, 1000};
    for (size_t i = 0; i < 3; ++i) {
        uint64_t cut;
        uint32_t *parts = partition(g, ks[i], &cut);
        assert_int_equal(cut, 5); /* the 5-cycle; the self-loop is no pair */
        for (uint32_t u = 0; u < 5; ++u)
            for (uint32_t v = u + 1; v < 5; ++v) assert_int_not_equal(parts[u], parts[v]);
        free(parts);
    }
    gg_graph_destroy(g);

    gg_graph *empty = graph_from_edges(0, 0, NULL, NULL, 0);
    uint64_t cut = 7;
    uint32_t dummy = 0;
    check_ok(gg_partition(ctx, empty, 4, &dummy, &cut, NULL), "gg_partition of an empty graph");
    assert_int_equal(cut, 0);
    gg_graph_destroy(empty);
}

/* Two components of equal size: two parts need cut nothing. */
static void test_disconnected(void **state) {
    (void)state;
    REQUIRE_METIS();
    /* Two 8 x 8 grids, ids 0..63 and 64..127, built from explicit edges. */
    uint32_t src[2 * 2 * 8 * 7], dst[2 * 2 * 8 * 7];
    uint32_t m = 0;
    for (uint32_t base = 0; base <= 64; base += 64)
        for (uint32_t r = 0; r < 8; ++r)
            for (uint32_t c = 0; c < 8; ++c) {
                const uint32_t v = base + r * 8 + c;
                if (c + 1 < 8) { src[m] = v; dst[m++] = v + 1; }
                if (r + 1 < 8) { src[m] = v; dst[m++] = v + 8; }
            }
    gg_graph *g = graph_from_edges(128, m, src, dst, 1);
    uint64_t cut;
    uint32_t *parts = partition(g, 2, &cut);
    assert_int_equal(cut, 0);
    for (uint32_t v = 1; v < 64; ++v) assert_int_equal(parts[v], parts[0]);
    for (uint32_t v = 65; v < 128; ++v) assert_int_equal(parts[v], parts[64]);
    assert_int_not_equal(parts[0], parts[64]);
    free(parts);
    gg_graph_destroy(g);

    /* No edges at all: balanced parts, nothing cut. */
    gg_graph *isolated = graph_from_edges(10, 0, NULL, NULL, 0);
    parts = partition(isolated, 3, &cut);
    assert_int_equal(cut, 0);
    uint32_t size[3] = {0};
    for (uint32_t v = 0; v < 10; ++v) size[parts[v]]++;
    for (uint32_t p = 0; p < 3; ++p) assert_true(size[p] >= 3 && size[p] <= 4);
    free(parts);
    gg_graph_destroy(isolated);
}

/* Directions are ignored: a directed graph, its reverse, the same edges in
 * both directions, and with duplicates and self-loops added, partition alike. */
static void test_directions_ignored(void **state) {
    (void)state;
    REQUIRE_METIS();
    enum { R = 12, C = 12, N = R * C };
    uint32_t src[4 * R * C + N], dst[4 * R * C + N];
    uint32_t m = 0;
    for (uint32_t r = 0; r < R; ++r)
        for (uint32_t c = 0; c < C; ++c) {
            const uint32_t v = r * C + c;
            if (c + 1 < C) { src[m] = v; dst[m++] = v + 1; }
            if (r + 1 < R) { src[m] = v + C; dst[m++] = v; } /* mixed directions */
        }
    const uint32_t base_m = m;
    gg_graph *directed = graph_from_edges(N, base_m, src, dst, 0);
    gg_graph *reversed = graph_from_edges(N, base_m, dst, src, 0);
    gg_graph *undirected = graph_from_edges(N, base_m, src, dst, 1);
    /* Add every reverse edge once more and a self-loop on each vertex. */
    for (uint32_t e = 0; e < base_m; ++e) { src[m] = dst[e]; dst[m] = src[e]; ++m; }
    for (uint32_t v = 0; v < N; ++v) { src[m] = v; dst[m++] = v; }
    gg_graph *noisy = graph_from_edges(N, m, src, dst, 0);

    uint64_t cuts[4];
    uint32_t *parts[4];
    gg_graph *graphs[4] = {directed, reversed, undirected, noisy};
    for (int i = 0; i < 4; ++i) parts[i] = partition(graphs[i], 4, &cuts[i]);
    for (int i = 1; i < 4; ++i) {
        assert_int_equal(cuts[i], cuts[0]);
        assert_memory_equal(parts[i], parts[0], sizeof(uint32_t) * N);
    }
    for (int i = 0; i < 4; ++i) {
        free(parts[i]);
        gg_graph_destroy(graphs[i]);
    }
}

/* Same seed, same partition; the cut of a skewed graph is still counted right. */
static void test_deterministic_and_kron(void **state) {
    (void)state;
    REQUIRE_METIS();
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.scale = 11;
    o.degree = 8;
    gg_graph *g = NULL;
    check_ok(gg_graph_generate(ctx, &o, &g), "gg_graph_generate");
    uint64_t cut_a, cut_b;
    uint32_t *a = partition(g, 8, &cut_a), *b = partition(g, 8, &cut_b);
    assert_int_equal(cut_a, cut_b);
    assert_memory_equal(a, b, sizeof(uint32_t) * gg_graph_num_vertices(g));
    free(a);
    free(b);

    gg_partition_options po;
    gg_partition_options_init(&po);
    po.seed = 12345;
    po.ufactor = 200;
    const uint32_t n = gg_graph_num_vertices(g);
    uint32_t *parts = malloc(sizeof(uint32_t) * n);
    uint64_t cut;
    check_ok(gg_partition(ctx, g, 5, parts, &cut, &po), "gg_partition with options");
    assert_int_equal(cut, naive_edge_cut(g, parts));
    free(parts);
    gg_graph_destroy(g);
}

static void test_bad_arguments(void **state) {
    (void)state;
    gg_graph *g = grid(4, 4);
    uint32_t parts[16];
    assert_int_equal(gg_partition(ctx, g, 0, parts, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "num_parts"));
    assert_int_equal(gg_partition(ctx, g, 2, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "parts"));
    assert_int_equal(gg_partition(ctx, NULL, 2, parts, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    gg_partition_options po;
    gg_partition_options_init(&po);
    po.ufactor = -5;
    assert_int_equal(gg_partition(ctx, g, 2, parts, NULL, &po), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "ufactor"));
    gg_graph_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_balanced),
        cmocka_unit_test(test_one_part),
        cmocka_unit_test(test_more_parts_than_vertices),
        cmocka_unit_test(test_disconnected),
        cmocka_unit_test(test_directions_ignored),
        cmocka_unit_test(test_deterministic_and_kron),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
