/* gg_shard: CuSha's G-Shards and Concatenated Windows (CuSha §3.1, §3.2, §4)
 * checked property by property on many graphs and shard sizes:
 *  - every edge of the graph is exactly one shard entry, with its weight;
 *  - shard j holds exactly the edges whose destination lies in its range;
 *  - entries of a shard are ordered by source, then destination;
 *  - window W(i, j) is the run of shard j whose sources lie in range i;
 *  - CW_i is SrcIndex of W(i, 0), W(i, 1), ... in order, and the mapper
 *    points at the shard entry each CW entry came from;
 *  - the statistics agree with the arrays; CuSha's |N| rule gives windows
 *    of about 32 entries unless shared memory caps |N|. */
#include <math.h>
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

static gg_graph *graph_from_edges(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst,
                                  const float *weights, int undirected) {
    gg_graph_options o;
    gg_graph_options_init(&o);
    o.undirected = undirected;
    gg_graph *g = NULL;
    check_ok(gg_graph_create(ctx, n, m, src, dst, weights, &o, &g), "gg_graph_create");
    return g;
}

static gg_graph *generated(gg_generator kind, uint32_t scale, uint32_t degree, uint32_t rows, uint32_t cols,
                           int symmetrize) {
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.kind = kind;
    o.scale = scale;
    o.degree = degree;
    o.rows = rows;
    o.cols = cols;
    o.symmetrize = symmetrize;
    o.weighted = 1;
    gg_graph *g = NULL;
    check_ok(gg_graph_generate(ctx, &o, &g), "gg_graph_generate");
    return g;
}

static void *checked_malloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    assert_non_null(p);
    return p;
}

/* Builds the shards of g with |N| = vertices_per_shard (0: CuSha's rule),
 * checks every property, and returns the statistics. */
static gg_shard_stats check_shards(const gg_graph *g, uint32_t vertices_per_shard, uint32_t shared_memory_bytes,
                                   uint32_t vertex_value_bytes) {
    const uint32_t n = gg_graph_num_vertices(g);
    const uint64_t m = gg_graph_num_edges(g);
    uint64_t *offsets = checked_malloc(sizeof(uint64_t) * ((uint64_t)n + 1));
    uint32_t *indices = checked_malloc(sizeof(uint32_t) * m);
    float *weights = checked_malloc(sizeof(float) * m);
    check_ok(gg_graph_read_csr(ctx, g, offsets, (uint64_t)n + 1, indices, m, weights, m), "gg_graph_read_csr");

    gg_shard_options so;
    gg_shard_options_init(&so);
    so.vertices_per_shard = vertices_per_shard;
    so.shared_memory_bytes = shared_memory_bytes;
    so.vertex_value_bytes = vertex_value_bytes;
    gg_shards *sh = NULL;
    check_ok(gg_shard(ctx, g, &so, &sh), "gg_shard");
    gg_shard_stats st;
    gg_shard_stats_init(&st);
    check_ok(gg_shards_read_stats(ctx, sh, &st), "gg_shards_read_stats");

    const uint64_t N = st.vertices_per_shard, S = st.num_shards;
    assert_true(N >= 1);
    if (n > 0) assert_true(N <= n);
    if (vertices_per_shard != 0) assert_int_equal(N, vertices_per_shard < n ? vertices_per_shard : (n ? n : 1));
    assert_int_equal(S, ((uint64_t)n + N - 1) / N);
    assert_int_equal(st.num_edges, m);
    assert_int_equal(st.num_windows, S * S);

    uint64_t *shard_offsets = checked_malloc(sizeof(uint64_t) * (S + 1));
    uint32_t *src = checked_malloc(sizeof(uint32_t) * m), *dst = checked_malloc(sizeof(uint32_t) * m);
    float *w = checked_malloc(sizeof(float) * m);
    uint64_t *window_offsets = checked_malloc(sizeof(uint64_t) * (S * S + 1));
    uint64_t *cw_offsets = checked_malloc(sizeof(uint64_t) * (S + 1));
    uint32_t *cw_src = checked_malloc(sizeof(uint32_t) * m);
    uint64_t *cw_mapper = checked_malloc(sizeof(uint64_t) * m);
    /* Exact capacities, as gg.h states the sizes. */
    check_ok(gg_shards_read_shards(ctx, sh, shard_offsets, S + 1, src, m, dst, m, w, m), "gg_shards_read_shards");
    check_ok(gg_shards_read_windows(ctx, sh, window_offsets, S * S + 1), "gg_shards_read_windows");
    check_ok(gg_shards_read_cw(ctx, sh, cw_offsets, S + 1, cw_src, m, cw_mapper, m), "gg_shards_read_cw");

    /* Shards: partitioned by destination range, ordered by (source, destination). */
    assert_int_equal(shard_offsets[0], 0);
    assert_int_equal(shard_offsets[S], m);
    uint64_t max_shard = 0;
    for (uint64_t j = 0; j < S; ++j) {
        assert_true(shard_offsets[j] <= shard_offsets[j + 1]);
        if (shard_offsets[j + 1] - shard_offsets[j] > max_shard) max_shard = shard_offsets[j + 1] - shard_offsets[j];
        for (uint64_t k = shard_offsets[j]; k < shard_offsets[j + 1]; ++k) {
            if (dst[k] / N != j) fail_msg("entry %llu (%u -> %u) is in shard %llu", (unsigned long long)k, src[k],
                                          dst[k], (unsigned long long)j);
            if (k > shard_offsets[j] && (src[k - 1] > src[k] || (src[k - 1] == src[k] && dst[k - 1] > dst[k])))
                fail_msg("shard %llu: entry %llu (%u -> %u) follows (%u -> %u)", (unsigned long long)j,
                         (unsigned long long)k, src[k], dst[k], src[k - 1], dst[k - 1]);
        }
    }
    assert_int_equal(st.max_shard, max_shard);

    /* Every graph edge exactly once: match each entry to an unused CSR edge
     * with the same ends (copies of a multi-edge are matched in turn). */
    unsigned char *used = checked_malloc(m);
    memset(used, 0, m);
    for (uint64_t k = 0; k < m; ++k) {
        assert_true(src[k] < n && dst[k] < n);
        uint64_t e = offsets[src[k]];
        while (e < offsets[src[k] + 1] && (indices[e] != dst[k] || used[e])) ++e;
        if (e == offsets[src[k] + 1])
            fail_msg("entry %llu (%u -> %u) is not an unused edge of the graph", (unsigned long long)k, src[k],
                     dst[k]);
        used[e] = 1;
        assert_true(w[k] == weights[e]);
    }
    /* m entries each took a distinct edge of m: all were used. */

    /* Windows: W(i, j) = entries [wo[j*S + i], wo[j*S + i + 1]) hold the
     * sources of range i, and tile shard j in order of i. */
    assert_int_equal(window_offsets[S * S], m);
    uint64_t empty = 0, max_window = 0, histogram[8] = {0};
    for (uint64_t j = 0; j < S; ++j) {
        assert_int_equal(window_offsets[j * S], shard_offsets[j]);
        for (uint64_t i = 0; i < S; ++i) {
            const uint64_t begin = window_offsets[j * S + i], end = window_offsets[j * S + i + 1];
            assert_true(begin <= end);
            for (uint64_t k = begin; k < end; ++k)
                if (src[k] / N != i)
                    fail_msg("W(%llu, %llu) holds entry %llu with source %u", (unsigned long long)i,
                             (unsigned long long)j, (unsigned long long)k, src[k]);
            const uint64_t size = end - begin;
            if (size == 0) ++empty;
            if (size > max_window) max_window = size;
            int bucket = size == 0 ? 0 : (int)floor(log2((double)size)) + 1;
            histogram[bucket > 7 ? 7 : bucket]++;
        }
    }
    assert_int_equal(st.empty_windows, empty);
    assert_int_equal(st.max_window, max_window);
    uint64_t histogram_sum = 0;
    for (int b = 0; b < 8; ++b) {
        assert_int_equal(st.window_histogram[b], histogram[b]);
        histogram_sum += st.window_histogram[b];
    }
    assert_int_equal(histogram_sum, S * S);
    if (S > 0) assert_true(fabs(st.mean_window - (double)m / (double)(S * S)) < 1e-9 * (1 + st.mean_window));

    /* Concatenated Windows: CW_i = W(i, 0), W(i, 1), ... and the mapper
     * points back at the shard entry; together a permutation of the entries. */
    assert_int_equal(cw_offsets[0], 0);
    assert_int_equal(cw_offsets[S], m);
    memset(used, 0, m);
    for (uint64_t i = 0; i < S; ++i) {
        uint64_t pos = cw_offsets[i];
        for (uint64_t j = 0; j < S; ++j)
            for (uint64_t k = window_offsets[j * S + i]; k < window_offsets[j * S + i + 1]; ++k, ++pos) {
                assert_true(pos < cw_offsets[i + 1]);
                if (cw_src[pos] != src[k] || cw_mapper[pos] != k)
                    fail_msg("CW_%llu entry %llu is (%u, %llu); W(%llu, %llu) gives (%u, %llu)",
                             (unsigned long long)i, (unsigned long long)pos, cw_src[pos],
                             (unsigned long long)cw_mapper[pos], (unsigned long long)i, (unsigned long long)j,
                             src[k], (unsigned long long)k);
                /* The mapper's target: same source, in W(i, j). */
                assert_int_equal(src[cw_mapper[pos]], cw_src[pos]);
                assert_int_equal(cw_src[pos] / N, i);
                assert_int_equal(dst[cw_mapper[pos]] / N, j);
                assert_false(used[cw_mapper[pos]]);
                used[cw_mapper[pos]] = 1;
            }
        assert_int_equal(pos, cw_offsets[i + 1]);
    }

    /* Bytes: G-Shards keep SrcIndex, DestIndex, EdgeValue and SrcValue per
     * entry; CW adds SrcIndex and a 64-bit mapper per entry. Offsets on top. */
    assert_true(st.gshards_bytes >= 16 * m);
    assert_true(st.gshards_bytes <= 16 * m + 8 * (S + 1) + 8 * (S * S + 1));
    assert_true(st.cw_bytes >= 12 * m);
    assert_true(st.cw_bytes <= 12 * m + 8 * (S + 1));

    free(used);
    free(cw_mapper);
    free(cw_src);
    free(cw_offsets);
    free(window_offsets);
    free(w);
    free(dst);
    free(src);
    free(shard_offsets);
    free(weights);
    free(indices);
    free(offsets);
    gg_shards_destroy(sh);
    return st;
}

/* Each graph under CuSha's rule and several explicit |N|. */
static void check_many_sizes(const gg_graph *g) {
    const uint32_t n = gg_graph_num_vertices(g);
    const uint32_t sizes[] = {0, 1, 2, 3, 7, 64, n / 3 + 1, n, n + 5};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        if (sizes[s] <= 2 && n > 1100) continue; /* (n/|N|)^2 windows: slow, and nothing new */
        check_shards(g, sizes[s], 0, 0);
    }
}

static void test_random_graphs(void **state) {
    (void)state;
    gg_graph *g = generated(GG_GENERATOR_URAND, 10, 8, 0, 0, 1);
    check_many_sizes(g);
    gg_graph_destroy(g);
    g = generated(GG_GENERATOR_URAND, 9, 4, 0, 0, 0); /* directed */
    check_many_sizes(g);
    gg_graph_destroy(g);
}

static void test_power_law_graphs(void **state) {
    (void)state;
    gg_graph *g = generated(GG_GENERATOR_KRON, 11, 16, 0, 0, 1);
    check_many_sizes(g);
    gg_graph_destroy(g);
    g = generated(GG_GENERATOR_KRON, 10, 8, 0, 0, 0);
    check_many_sizes(g);
    gg_graph_destroy(g);
}

static void test_grid_graphs(void **state) {
    (void)state;
    gg_graph *g = generated(GG_GENERATOR_GRID, 0, 0, 30, 41, 1);
    check_many_sizes(g);
    gg_graph_destroy(g);
    g = generated(GG_GENERATOR_GRID, 0, 0, 1, 100, 1); /* a path */
    check_many_sizes(g);
    gg_graph_destroy(g);
}

/* Stars: one hub with every edge, out of it, into it, and both ways. */
static void test_stars(void **state) {
    (void)state;
    const uint32_t n = 1000;
    uint32_t *hub = malloc(sizeof(uint32_t) * (n - 1)), *leaves = malloc(sizeof(uint32_t) * (n - 1));
    float *weights = malloc(sizeof(float) * (n - 1));
    for (uint32_t i = 0; i < n - 1; ++i) {
        hub[i] = 500;
        leaves[i] = i < 500 ? i : i + 1;
        weights[i] = (float)(i % 97);
    }
    gg_graph *out = graph_from_edges(n, n - 1, hub, leaves, weights, 0);
    gg_graph *in = graph_from_edges(n, n - 1, leaves, hub, weights, 0);
    gg_graph *both = graph_from_edges(n, n - 1, hub, leaves, NULL, 1);
    check_many_sizes(out);
    check_many_sizes(in);
    check_many_sizes(both);
    gg_graph_destroy(out);
    gg_graph_destroy(in);
    gg_graph_destroy(both);
    free(hub);
    free(leaves);
    free(weights);
}

/* No vertices, one vertex, vertices without edges: no crash, no shard with
 * nothing to hold, and the statistics say so. */
static void test_degenerate_graphs(void **state) {
    (void)state;
    gg_graph *empty = graph_from_edges(0, 0, NULL, NULL, NULL, 0);
    gg_shard_stats st = check_shards(empty, 0, 0, 0);
    assert_int_equal(st.num_shards, 0);
    assert_int_equal(st.num_windows, 0);
    assert_true(st.mean_window == 0.0);
    check_shards(empty, 5, 0, 0);
    gg_graph_destroy(empty);

    gg_graph *one = graph_from_edges(1, 0, NULL, NULL, NULL, 0);
    st = check_shards(one, 0, 0, 0);
    assert_int_equal(st.num_shards, 1);
    assert_int_equal(st.vertices_per_shard, 1);
    assert_int_equal(st.empty_windows, 1);
    check_many_sizes(one);
    gg_graph_destroy(one);

    const uint32_t zero = 0;
    gg_graph *loop = graph_from_edges(1, 1, &zero, &zero, NULL, 0);
    st = check_shards(loop, 0, 0, 0);
    assert_int_equal(st.num_edges, 1);
    assert_int_equal(st.max_window, 1);
    gg_graph_destroy(loop);

    /* No edges: every |N| gives empty windows, so the rule takes the largest. */
    gg_graph *isolated = graph_from_edges(100, 0, NULL, NULL, NULL, 0);
    st = check_shards(isolated, 0, 0, 0);
    assert_int_equal(st.vertices_per_shard, 100);
    assert_int_equal(st.num_shards, 1);
    st = check_shards(isolated, 0, 200, 4); /* shared memory holds 50 values */
    assert_int_equal(st.vertices_per_shard, 50);
    assert_int_equal(st.num_shards, 2);
    assert_int_equal(st.empty_windows, 4);
    check_many_sizes(isolated);
    gg_graph_destroy(isolated);
}

/* Self-loops are kept by gg_graph_create and stay in the diagonal windows;
 * a multigraph's copies each get an entry. */
static void test_self_loops_and_multi_edges(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1, 1, 2, 3, 4, 5, 5, 5, 6, 7, 9, 9};
    const uint32_t dst[] = {0, 1, 4, 2, 8, 4, 5, 1, 9, 6, 0, 9, 2};
    gg_graph *g = graph_from_edges(10, 13, src, dst, NULL, 0);
    check_many_sizes(g);
    gg_graph_destroy(g);

    const uint32_t msrc[] = {3, 3, 3, 1, 1, 0};
    const uint32_t mdst[] = {2, 2, 2, 1, 1, 3};
    const float mw[] = {5, 1, 3, 2, 2, 7};
    gg_graph_options o;
    gg_graph_options_init(&o);
    o.duplicates = GG_DUPLICATES_KEEP_ALL;
    check_ok(gg_graph_create(ctx, 4, 6, msrc, mdst, mw, &o, &g), "gg_graph_create (multigraph)");
    assert_int_equal(gg_graph_num_edges(g), 6);
    check_many_sizes(g);
    gg_graph_destroy(g);
}

/* CuSha §4: |N| from an average window of 32 entries, when shared memory
 * does not bind; the mean window is then near 32. */
static void test_rule_targets_windows_of_32(void **state) {
    (void)state;
    const struct {
        gg_generator kind;
        uint32_t scale, degree, rows, cols;
    } graphs[] = {
        {GG_GENERATOR_KRON, 14, 16, 0, 0},
        {GG_GENERATOR_URAND, 13, 8, 0, 0},
        {GG_GENERATOR_GRID, 0, 0, 300, 300},
    };
    for (size_t i = 0; i < sizeof graphs / sizeof graphs[0]; ++i) {
        gg_graph *g = generated(graphs[i].kind, graphs[i].scale, graphs[i].degree, graphs[i].rows, graphs[i].cols, 1);
        const double n = gg_graph_num_vertices(g), m = (double)gg_graph_num_edges(g);
        const double ideal = n * sqrt(32.0 / m);
        gg_shard_stats st = check_shards(g, 0, 0, 0);
        if (fabs((double)st.vertices_per_shard - ideal) > 1.0)
            fail_msg("graph %zu: |N| = %u, the rule gives %.2f", i, st.vertices_per_shard, ideal);
        assert_true(ideal < 48 * 1024 / 4); /* the cap does not bind here */
        if (st.mean_window < 28.0 || st.mean_window > 36.0)
            fail_msg("graph %zu: mean window %.2f is not near 32 (|N| = %u, |S| = %u)", i, st.mean_window,
                     st.vertices_per_shard, st.num_shards);
        gg_graph_destroy(g);
    }
}

/* The shared-memory cap: |N| <= shared_memory_bytes / vertex_value_bytes. */
static void test_rule_capped_by_shared_memory(void **state) {
    (void)state;
    gg_graph *g = generated(GG_GENERATOR_GRID, 0, 0, 100, 100, 1); /* ideal |N| ~ 283 */
    gg_shard_stats st = check_shards(g, 0, 400, 4);
    assert_int_equal(st.vertices_per_shard, 100);
    assert_int_equal(st.num_shards, 100);
    st = check_shards(g, 0, 800, 8);
    assert_int_equal(st.vertices_per_shard, 100);
    /* An explicit |N| is honoured even above the cap. */
    st = check_shards(g, 500, 400, 4);
    assert_int_equal(st.vertices_per_shard, 500);
    assert_int_equal(st.num_shards, 20);
    gg_graph_destroy(g);
    g = generated(GG_GENERATOR_GRID, 0, 0, 20, 20, 1);
    st = check_shards(g, 0, 7, 7); /* one value fits */
    assert_int_equal(st.vertices_per_shard, 1);
    assert_int_equal(st.num_shards, 400);
    gg_graph_destroy(g);
}

/* Fails unless `call` returns GG_ERROR_TOO_LARGE with a message naming the
 * array, the entries needed and the capacity given. */
static void expect_too_small(gg_status status, const char *array, uint64_t needed, uint64_t capacity) {
    char expected[128];
    snprintf(expected, sizeof expected, "%s holds %llu entries, but %llu", array, (unsigned long long)capacity,
             (unsigned long long)needed);
    if (status != GG_ERROR_TOO_LARGE) fail_msg("%s one short: expected GG_ERROR_TOO_LARGE, got %d", array, status);
    if (strstr(gg_context_last_error(ctx), expected) == NULL)
        fail_msg("the message \"%s\" should say \"%s\"", gg_context_last_error(ctx), expected);
}

/* Every output array of the gg_shards_read_* calls: one entry short fails
 * (and leaves every array untouched), the exact size passes. */
static void test_read_capacities(void **state) {
    (void)state;
    gg_graph *g = generated(GG_GENERATOR_GRID, 0, 0, 5, 7, 1);
    gg_shard_options so;
    gg_shard_options_init(&so);
    so.vertices_per_shard = 4;
    gg_shards *sh = NULL;
    check_ok(gg_shard(ctx, g, &so, &sh), "gg_shard");
    gg_shard_stats st;
    gg_shard_stats_init(&st);
    check_ok(gg_shards_read_stats(ctx, sh, &st), "gg_shards_read_stats");
    const uint64_t S = st.num_shards, m = st.num_edges, W = S * S + 1;
    assert_int_equal(S, 9); /* 35 vertices, 4 per shard */

    uint64_t *offsets = checked_malloc(sizeof(uint64_t) * W), *mapper = checked_malloc(sizeof(uint64_t) * m);
    uint32_t *a = checked_malloc(sizeof(uint32_t) * m), *b = checked_malloc(sizeof(uint32_t) * m);
    float *w = checked_malloc(sizeof(float) * m);
    memset(offsets, 0xab, sizeof(uint64_t) * W);
    memset(a, 0xab, sizeof(uint32_t) * m);

    expect_too_small(gg_shards_read_shards(ctx, sh, offsets, S, a, m, b, m, w, m), "shard_offsets", S + 1, S);
    expect_too_small(gg_shards_read_shards(ctx, sh, offsets, S + 1, a, m - 1, b, m, w, m), "src_index", m, m - 1);
    expect_too_small(gg_shards_read_shards(ctx, sh, offsets, S + 1, a, m, b, m - 1, w, m), "dst_index", m, m - 1);
    expect_too_small(gg_shards_read_shards(ctx, sh, offsets, S + 1, a, m, b, m, w, m - 1), "weights", m, m - 1);
    /* Refused before anything was written. */
    assert_int_equal(offsets[0], 0xababababababababull);
    assert_int_equal(a[0], 0xababababu);
    check_ok(gg_shards_read_shards(ctx, sh, offsets, S + 1, a, m, b, m, w, m), "gg_shards_read_shards");
    assert_int_equal(offsets[S], m);
    /* A NULL array is skipped whatever its capacity says. */
    check_ok(gg_shards_read_shards(ctx, sh, NULL, 0, a, m, NULL, 0, NULL, 0), "gg_shards_read_shards (NULLs)");

    expect_too_small(gg_shards_read_windows(ctx, sh, offsets, W - 1), "window_offsets", W, W - 1);
    check_ok(gg_shards_read_windows(ctx, sh, offsets, W), "gg_shards_read_windows");
    assert_int_equal(offsets[W - 1], m);

    expect_too_small(gg_shards_read_cw(ctx, sh, offsets, S, a, m, mapper, m), "cw_offsets", S + 1, S);
    expect_too_small(gg_shards_read_cw(ctx, sh, offsets, S + 1, a, m - 1, mapper, m), "cw_src_index", m, m - 1);
    expect_too_small(gg_shards_read_cw(ctx, sh, offsets, S + 1, a, m, mapper, m - 1), "cw_mapper", m, m - 1);
    check_ok(gg_shards_read_cw(ctx, sh, offsets, S + 1, a, m, mapper, m), "gg_shards_read_cw");
    assert_int_equal(offsets[S], m);

    free(offsets);
    free(mapper);
    free(a);
    free(b);
    free(w);
    gg_shards_destroy(sh);
    gg_graph_destroy(g);
}

/* The deprecated context-free forms still answer, and exactly as the new ones. */
static void test_deprecated_forms_agree(void **state) {
    (void)state;
    gg_graph *g = generated(GG_GENERATOR_URAND, 6, 4, 0, 0, 0);
    gg_shards *sh = NULL;
    check_ok(gg_shard(ctx, g, NULL, &sh), "gg_shard");
    gg_shard_stats old_st, new_st;
    gg_shard_stats_init(&old_st);
    gg_shard_stats_init(&new_st);
    assert_int_equal(gg_shards_get_stats(sh, &old_st), GG_OK);
    check_ok(gg_shards_read_stats(ctx, sh, &new_st), "gg_shards_read_stats");
    assert_memory_equal(&old_st, &new_st, sizeof old_st);
    const uint64_t S = new_st.num_shards, m = new_st.num_edges;

    uint64_t *o1 = checked_malloc(sizeof(uint64_t) * (S * S + 1)), *o2 = checked_malloc(sizeof(uint64_t) * (S * S + 1));
    uint32_t *s1 = checked_malloc(sizeof(uint32_t) * m), *s2 = checked_malloc(sizeof(uint32_t) * m);
    uint64_t *m1 = checked_malloc(sizeof(uint64_t) * m), *m2 = checked_malloc(sizeof(uint64_t) * m);
    assert_int_equal(gg_shards_copy_shards(sh, o1, s1, NULL, NULL), GG_OK);
    check_ok(gg_shards_read_shards(ctx, sh, o2, S + 1, s2, m, NULL, 0, NULL, 0), "gg_shards_read_shards");
    assert_memory_equal(o1, o2, sizeof(uint64_t) * (S + 1));
    assert_memory_equal(s1, s2, sizeof(uint32_t) * m);
    assert_int_equal(gg_shards_copy_windows(sh, o1), GG_OK);
    check_ok(gg_shards_read_windows(ctx, sh, o2, S * S + 1), "gg_shards_read_windows");
    assert_memory_equal(o1, o2, sizeof(uint64_t) * (S * S + 1));
    assert_int_equal(gg_shards_copy_cw(sh, o1, s1, m1), GG_OK);
    check_ok(gg_shards_read_cw(ctx, sh, o2, S + 1, s2, m, m2, m), "gg_shards_read_cw");
    assert_memory_equal(o1, o2, sizeof(uint64_t) * (S + 1));
    assert_memory_equal(s1, s2, sizeof(uint32_t) * m);
    assert_memory_equal(m1, m2, sizeof(uint64_t) * m);
    free(o1);
    free(o2);
    free(s1);
    free(s2);
    free(m1);
    free(m2);
    gg_shards_destroy(sh);
    gg_graph_destroy(g);
}

static void test_bad_arguments(void **state) {
    (void)state;
    gg_graph *g = generated(GG_GENERATOR_GRID, 0, 0, 4, 4, 1);
    gg_shards *sh = (gg_shards *)g;
    assert_int_equal(gg_shard(ctx, g, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_shard(ctx, NULL, NULL, &sh), GG_ERROR_INVALID_ARGUMENT);
    assert_null(sh);
    assert_non_null(strstr(gg_context_last_error(ctx), "graph"));

    gg_shard_options so;
    gg_shard_options_init(&so);
    so.shared_memory_bytes = 4;
    so.vertex_value_bytes = 8;
    assert_int_equal(gg_shard(ctx, g, &so, &sh), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "vertex_value_bytes"));
    gg_graph_destroy(g);

    /* |N| = 1 on 2^20 vertices would need 2^40 windows. */
    gg_graph *wide = graph_from_edges(1u << 20, 0, NULL, NULL, NULL, 0);
    gg_shard_options_init(&so);
    so.vertices_per_shard = 1;
    assert_int_equal(gg_shard(ctx, wide, &so, &sh), GG_ERROR_TOO_LARGE);
    assert_null(sh);
    assert_non_null(strstr(gg_context_last_error(ctx), "vertices_per_shard"));
    gg_graph_destroy(wide);

    gg_shard_stats st;
    gg_shard_stats_init(&st);
    assert_int_equal(gg_shards_get_stats(NULL, &st), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_shards_copy_windows(NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    /* The new forms say what was wrong. */
    assert_int_equal(gg_shards_read_stats(ctx, NULL, &st), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "shards must not be NULL"));
    assert_int_equal(gg_shards_read_windows(ctx, NULL, NULL, 0), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "gg_shards_read_windows: shards"));
    gg_graph *small = generated(GG_GENERATOR_GRID, 0, 0, 2, 2, 1);
    gg_shards *shards = NULL;
    check_ok(gg_shard(ctx, small, NULL, &shards), "gg_shard");
    assert_int_equal(gg_shards_read_stats(ctx, shards, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "stats must not be NULL"));
    st.struct_size = 0;
    assert_int_equal(gg_shards_read_stats(ctx, shards, &st), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "struct_size"));
    assert_int_equal(gg_shards_read_shards(NULL, shards, NULL, 0, NULL, 0, NULL, 0, NULL, 0), GG_ERROR_INVALID_ARGUMENT);
    gg_shards_destroy(shards);
    gg_graph_destroy(small);
    gg_shards_destroy(NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_graphs),
        cmocka_unit_test(test_power_law_graphs),
        cmocka_unit_test(test_grid_graphs),
        cmocka_unit_test(test_stars),
        cmocka_unit_test(test_degenerate_graphs),
        cmocka_unit_test(test_self_loops_and_multi_edges),
        cmocka_unit_test(test_rule_targets_windows_of_32),
        cmocka_unit_test(test_rule_capped_by_shared_memory),
        cmocka_unit_test(test_read_capacities),
        cmocka_unit_test(test_deprecated_forms_agree),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
