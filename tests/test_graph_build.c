/* Graph construction through the public API: gg_graph_create and
 * gg_graph_create_csr against the load rules of shared/design.md.
 *
 * Every rule has a small hand-made case; then many seeded random graphs are
 * compared with a naive builder written here (collect, sort by (source,
 * destination, input order), merge each group by the policy), and the CSC
 * with a naive transpose. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <unistd.h>

#include "csr_copy.h"
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

static void expect_error_containing(gg_status got, gg_status expected, const char *fragment) {
    const char *message = gg_context_last_error(ctx);
    if (got != expected)
        fail_msg("expected status %d (%s), got %d; message: %s", expected, gg_status_string(expected), got, message);
    if (fragment && strstr(message, fragment) == NULL)
        fail_msg("expected the message to contain \"%s\", got \"%s\"", fragment, message);
}

/* ---- a copy of a graph's arrays ----------------------------------------- */

/* Sorts each neighbour list by (id, weight), so that lists holding the same
 * multiset compare equal whatever order duplicates come in. */
static void sort_lists(csr_copy *c) {
    for (uint32_t v = 0; v < c->n; ++v)
        for (uint64_t i = c->offsets[v] + 1; i < c->offsets[v + 1]; ++i)
            for (uint64_t j = i; j > c->offsets[v]; --j) {
                int swap = c->indices[j] < c->indices[j - 1] ||
                           (c->indices[j] == c->indices[j - 1] && c->weights[j] < c->weights[j - 1]);
                if (!swap) break;
                uint32_t ti = c->indices[j];
                c->indices[j] = c->indices[j - 1];
                c->indices[j - 1] = ti;
                float tw = c->weights[j];
                c->weights[j] = c->weights[j - 1];
                c->weights[j - 1] = tw;
            }
}

static void expect_same_csr(const csr_copy *got, const csr_copy *want, const char *what) {
    if (got->n != want->n) fail_msg("%s: n is %u, expected %u", what, got->n, want->n);
    if (got->m != want->m) fail_msg("%s: m is %llu, expected %llu", what, (unsigned long long)got->m, (unsigned long long)want->m);
    for (uint32_t v = 0; v <= got->n; ++v)
        if (got->offsets[v] != want->offsets[v])
            fail_msg("%s: offsets[%u] is %llu, expected %llu", what, v, (unsigned long long)got->offsets[v],
                     (unsigned long long)want->offsets[v]);
    for (uint64_t e = 0; e < got->m; ++e) {
        if (got->indices[e] != want->indices[e])
            fail_msg("%s: indices[%llu] is %u, expected %u", what, (unsigned long long)e, got->indices[e], want->indices[e]);
        if (got->weights[e] != want->weights[e])
            fail_msg("%s: weights[%llu] is %g, expected %g", what, (unsigned long long)e, got->weights[e], want->weights[e]);
    }
}

/* ---- the naive builder --------------------------------------------------- */

typedef struct {
    uint32_t src, dst;
    float weight;
    uint64_t order;
} naive_entry;

static int by_src_dst_order(const void *a, const void *b) {
    const naive_entry *x = a, *y = b;
    if (x->src != y->src) return x->src < y->src ? -1 : 1;
    if (x->dst != y->dst) return x->dst < y->dst ? -1 : 1;
    if (x->order != y->order) return x->order < y->order ? -1 : 1;
    return 0;
}

static int by_weight(const void *a, const void *b) {
    float x = ((const naive_entry *)a)->weight, y = ((const naive_entry *)b)->weight;
    return x < y ? -1 : x > y ? 1 : 0;
}

typedef struct {
    int undirected;
    gg_duplicate_policy duplicates;
    int drop_self_loops;
} naive_options;

static csr_copy naive_build(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, const float *weights,
                            naive_options o) {
    naive_entry *all = malloc(sizeof(naive_entry) * (2 * m + 1));
    uint64_t count = 0;
    for (uint64_t e = 0; e < m; ++e) {
        if (src[e] == dst[e] && o.drop_self_loops) continue;
        float w = weights ? weights[e] : 1.0f;
        all[count++] = (naive_entry){src[e], dst[e], w, e};
        if (o.undirected && src[e] != dst[e]) all[count++] = (naive_entry){dst[e], src[e], w, e};
    }
    qsort(all, count, sizeof *all, by_src_dst_order);

    csr_copy c;
    c.n = n;
    c.offsets = calloc((size_t)n + 1, sizeof(uint64_t));
    c.indices = malloc(sizeof(uint32_t) * (count + 1));
    c.weights = malloc(sizeof(float) * (count + 1));
    uint64_t out = 0;
    for (uint64_t i = 0; i < count;) {
        uint64_t j = i;
        while (j < count && all[j].src == all[i].src && all[j].dst == all[i].dst) ++j;
        /* group [i, j) is in input order; FIRST takes all[i] before sorting by weight */
        float first = all[i].weight;
        qsort(all + i, j - i, sizeof *all, by_weight);
        if (o.duplicates == GG_DUPLICATES_KEEP_ALL) {
            for (uint64_t k = i; k < j; ++k) {
                c.indices[out] = all[k].dst;
                c.weights[out++] = all[k].weight;
                c.offsets[all[k].src + 1]++;
            }
        } else {
            float w = first;
            if (o.duplicates == GG_DUPLICATES_KEEP_MIN) w = all[i].weight;
            if (o.duplicates == GG_DUPLICATES_KEEP_MAX) w = all[j - 1].weight;
            if (o.duplicates == GG_DUPLICATES_SUM) {
                w = 0;
                for (uint64_t k = i; k < j; ++k) w += all[k].weight;
            }
            c.indices[out] = all[i].dst;
            c.weights[out++] = w;
            c.offsets[all[i].src + 1]++;
        }
        i = j;
    }
    for (uint32_t v = 0; v < n; ++v) c.offsets[v + 1] += c.offsets[v];
    c.m = out;
    free(all);
    return c;
}

static csr_copy naive_transpose(const csr_copy *out) {
    csr_copy t;
    t.n = out->n;
    t.m = out->m;
    t.offsets = calloc((size_t)t.n + 1, sizeof(uint64_t));
    t.indices = malloc(sizeof(uint32_t) * (t.m + 1));
    t.weights = malloc(sizeof(float) * (t.m + 1));
    for (uint64_t e = 0; e < out->m; ++e) t.offsets[out->indices[e] + 1]++;
    for (uint32_t v = 0; v < t.n; ++v) t.offsets[v + 1] += t.offsets[v];
    uint64_t *cursor = malloc(sizeof(uint64_t) * ((size_t)t.n + 1));
    memcpy(cursor, t.offsets, sizeof(uint64_t) * ((size_t)t.n + 1));
    for (uint32_t u = 0; u < out->n; ++u)
        for (uint64_t e = out->offsets[u]; e < out->offsets[u + 1]; ++e) {
            uint64_t p = cursor[out->indices[e]]++;
            t.indices[p] = u;
            t.weights[p] = out->weights[e];
        }
    free(cursor);
    return t;
}

static gg_graph_options make_options(naive_options o) {
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.undirected = o.undirected;
    opt.duplicates = o.duplicates;
    opt.drop_self_loops = o.drop_self_loops;
    return opt;
}

/* Builds with gg and naively, and compares CSR, CSC, degrees and flags. */
static void check_against_naive(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, const float *w,
                                naive_options o, const char *what) {
    gg_graph_options opt = make_options(o);
    gg_graph *g = NULL;
    gg_status s = gg_graph_create(ctx, n, m, src, dst, w, &opt, &g);
    if (s != GG_OK) fail_msg("%s: gg_graph_create failed: %s", what, gg_context_last_error(ctx));
    assert_int_equal(gg_graph_is_undirected(g), o.undirected);
    assert_int_equal(gg_graph_is_weighted(g), w != NULL);

    csr_copy want = naive_build(n, m, src, dst, w, o);
    csr_copy got = csr_copy_out(ctx, g);
    expect_same_csr(&got, &want, what);

    csr_copy want_in = naive_transpose(&want), got_in = csr_copy_in(ctx, g);
    sort_lists(&want_in);
    sort_lists(&got_in);
    expect_same_csr(&got_in, &want_in, what);

    uint32_t *in_degrees = malloc(sizeof(uint32_t) * ((size_t)n + 1));
    uint32_t *out_degrees = malloc(sizeof(uint32_t) * ((size_t)n + 1));
    assert_int_equal(gg_graph_in_degrees(ctx, g, in_degrees), GG_OK);
    assert_int_equal(gg_graph_out_degrees(ctx, g, out_degrees), GG_OK);
    for (uint32_t v = 0; v < n; ++v) {
        assert_int_equal(in_degrees[v], want_in.offsets[v + 1] - want_in.offsets[v]);
        assert_int_equal(out_degrees[v], want.offsets[v + 1] - want.offsets[v]);
    }
    free(in_degrees);
    free(out_degrees);
    csr_copy_free(&want);
    csr_copy_free(&got);
    csr_copy_free(&want_in);
    csr_copy_free(&got_in);
    gg_graph_destroy(g);
}

/* ---- hand-made cases, one per rule --------------------------------------- */

static void test_duplicate_policies(void **state) {
    (void)state;
    const uint32_t src[] = {0, 0, 1, 0};
    const uint32_t dst[] = {1, 1, 0, 1};
    const float w[] = {5, 2, 4, 7};
    const struct {
        gg_duplicate_policy policy;
        uint64_t m;
        float first_weights[3];
    } cases[] = {
        {GG_DUPLICATES_KEEP_MIN, 2, {2}},
        {GG_DUPLICATES_KEEP_MAX, 2, {7}},
        {GG_DUPLICATES_SUM, 2, {14}},
        {GG_DUPLICATES_KEEP_FIRST, 2, {5}},
        {GG_DUPLICATES_KEEP_ALL, 4, {2, 5, 7}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        gg_graph_options opt;
        gg_graph_options_init(&opt);
        opt.duplicates = cases[i].policy;
        gg_graph *g = NULL;
        assert_int_equal(gg_graph_create(ctx, 2, 4, src, dst, w, &opt, &g), GG_OK);
        csr_copy c = csr_copy_out(ctx, g);
        assert_int_equal(c.m, cases[i].m);
        uint64_t from_zero = c.offsets[1];
        for (uint64_t e = 0; e < from_zero; ++e) {
            assert_int_equal(c.indices[e], 1);
            if (c.weights[e] != cases[i].first_weights[e])
                fail_msg("policy %d: weight %llu of 0 -> 1 is %g, expected %g", cases[i].policy, (unsigned long long)e,
                         c.weights[e], cases[i].first_weights[e]);
        }
        assert_true(c.weights[c.m - 1] == 4.0f); /* 1 -> 0 alone */
        csr_copy_free(&c);
        gg_graph_destroy(g);
    }
}

static void test_self_loops_kept_by_default_and_dropped_on_request(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1, 1};
    const uint32_t dst[] = {0, 1, 0};
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_create(ctx, 2, 3, src, dst, NULL, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_num_edges(g), 3);
    gg_graph_destroy(g);

    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.drop_self_loops = 1;
    assert_int_equal(gg_graph_create(ctx, 2, 3, src, dst, NULL, &opt, &g), GG_OK);
    csr_copy c = csr_copy_out(ctx, g);
    assert_int_equal(c.m, 1);
    assert_int_equal(c.offsets[1], 0);
    assert_int_equal(c.indices[0], 0);
    csr_copy_free(&c);
    gg_graph_destroy(g);
}

static void test_undirected_stores_both_directions_and_loops_once(void **state) {
    (void)state;
    const uint32_t src[] = {0, 2};
    const uint32_t dst[] = {1, 2};
    const float w[] = {3, 9};
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.undirected = 1;
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_create(ctx, 3, 2, src, dst, w, &opt, &g), GG_OK);
    assert_int_equal(gg_graph_is_undirected(g), 1);
    csr_copy c = csr_copy_out(ctx, g);
    const uint64_t offsets[] = {0, 1, 2, 3};
    const uint32_t indices[] = {1, 0, 2};
    const float weights[] = {3, 3, 9};
    assert_memory_equal(c.offsets, offsets, sizeof offsets);
    assert_memory_equal(c.indices, indices, sizeof indices);
    assert_memory_equal(c.weights, weights, sizeof weights);
    csr_copy_free(&c);
    gg_graph_destroy(g);
}

static void test_unweighted_edges_get_weight_one(void **state) {
    (void)state;
    const uint32_t src[] = {1, 0};
    const uint32_t dst[] = {0, 1};
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_create(ctx, 2, 2, src, dst, NULL, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_is_weighted(g), 0);
    csr_copy c = csr_copy_out(ctx, g);
    assert_true(c.weights[0] == 1.0f && c.weights[1] == 1.0f);
    csr_copy_free(&c);
    gg_graph_destroy(g);
}

static void test_nonfinite_weights_rejected_naming_the_edge(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1, 2, 0};
    const uint32_t dst[] = {1, 2, 0, 2};
    const float bad[] = {NAN, INFINITY, -INFINITY};
    const char *names[] = {"edge 2", "edge 2", "edge 2"};
    for (int i = 0; i < 3; ++i) {
        float w[] = {1, 2, bad[i], 4};
        gg_graph *g = (gg_graph *)&w; /* must be reset to NULL on failure */
        expect_error_containing(gg_graph_create(ctx, 3, 4, src, dst, w, NULL, &g), GG_ERROR_INVALID_ARGUMENT, names[i]);
        assert_null(g);
    }
    float first_bad[] = {NAN, 2, 3, 4};
    gg_graph *g = NULL;
    expect_error_containing(gg_graph_create(ctx, 3, 4, src, dst, first_bad, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "edge 0");
}

static void test_ids_out_of_range(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1};
    const uint32_t dst[] = {1, 3};
    gg_graph *g = NULL;
    expect_error_containing(gg_graph_create(ctx, 3, 2, src, dst, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "edge 1");
    assert_null(g);
    const uint32_t big[] = {UINT32_MAX};
    expect_error_containing(gg_graph_create(ctx, 3, 1, big, dst, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "edge 0");
}

static void test_null_arrays(void **state) {
    (void)state;
    const uint32_t ids[] = {0};
    gg_graph *g = NULL;
    expect_error_containing(gg_graph_create(ctx, 1, 1, NULL, ids, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "NULL");
    expect_error_containing(gg_graph_create(ctx, 1, 1, ids, NULL, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "NULL");
    expect_error_containing(gg_graph_create(ctx, 1, 1, ids, ids, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT, "out_graph");
    assert_int_equal(gg_graph_create(NULL, 1, 1, ids, ids, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT);
    /* No edges: NULL arrays are fine. */
    assert_int_equal(gg_graph_create(ctx, 4, 0, NULL, NULL, NULL, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_num_vertices(g), 4);
    assert_int_equal(gg_graph_num_edges(g), 0);
    gg_graph_destroy(g);
}

static void test_zero_vertices(void **state) {
    (void)state;
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_create(ctx, 0, 0, NULL, NULL, NULL, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_num_vertices(g), 0);
    assert_int_equal(gg_graph_num_edges(g), 0);
    uint64_t offsets[1] = {77};
    assert_int_equal(gg_graph_copy_csr(ctx, g, offsets, NULL, NULL), GG_OK);
    assert_int_equal(offsets[0], 0);
    offsets[0] = 77;
    assert_int_equal(gg_graph_copy_csc(ctx, g, offsets, NULL, NULL), GG_OK);
    assert_int_equal(offsets[0], 0);
    gg_graph_destroy(g);
    const uint32_t ids[] = {0};
    expect_error_containing(gg_graph_create(ctx, 0, 1, ids, ids, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "edge 0");
}

static void test_one_vertex(void **state) {
    (void)state;
    const uint32_t ids[] = {0, 0};
    gg_graph *g = NULL;
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.undirected = 1;
    assert_int_equal(gg_graph_create(ctx, 1, 2, ids, ids, NULL, &opt, &g), GG_OK);
    csr_copy c = csr_copy_out(ctx, g);
    assert_int_equal(c.m, 1); /* the two copies of the loop merged; stored once */
    assert_int_equal(c.offsets[1], 1);
    assert_int_equal(c.indices[0], 0);
    csr_copy_free(&c);
    gg_graph_destroy(g);
}

static void test_options_checked(void **state) {
    (void)state;
    const uint32_t ids[] = {0};
    gg_graph *g = NULL;
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    assert_int_equal(opt.struct_size, sizeof opt);
    opt.struct_size = 0;
    expect_error_containing(gg_graph_create(ctx, 1, 1, ids, ids, NULL, &opt, &g), GG_ERROR_INVALID_ARGUMENT, "struct_size");
    assert_null(g);
    gg_graph_options_init(&opt);
    opt.duplicates = (gg_duplicate_policy)99;
    expect_error_containing(gg_graph_create(ctx, 1, 1, ids, ids, NULL, &opt, &g), GG_ERROR_INVALID_ARGUMENT, "duplicates");
    /* A caller built against an older, shorter struct gets defaults for the rest. */
    gg_graph_options_init(&opt);
    opt.undirected = 1;
    opt.max_edges = 1;
    opt.struct_size = offsetof(gg_graph_options, undirected) + sizeof opt.undirected;
    const uint32_t src[] = {0, 1}, dst[] = {1, 0};
    assert_int_equal(gg_graph_create(ctx, 2, 2, src, dst, NULL, &opt, &g), GG_OK);
    assert_int_equal(gg_graph_is_undirected(g), 1);
    gg_graph_destroy(g);
}

static void test_max_edges_limit(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1, 2, 0};
    const uint32_t dst[] = {1, 2, 0, 2};
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.max_edges = 3;
    gg_graph *g = NULL;
    expect_error_containing(gg_graph_create(ctx, 3, 4, src, dst, NULL, &opt, &g), GG_ERROR_TOO_LARGE, "4 edges");
    assert_null(g);
    assert_int_equal(gg_graph_create(ctx, 3, 3, src, dst, NULL, &opt, &g), GG_OK);
    gg_graph_destroy(g);
    /* Undirected input stores two edges per input edge: 2 edges need 4. */
    opt.undirected = 1;
    expect_error_containing(gg_graph_create(ctx, 3, 2, src, dst, NULL, &opt, &g), GG_ERROR_TOO_LARGE, "limit");
    /* Same limit for CSR input. */
    const uint64_t offsets[] = {0, 2, 3, 4};
    const uint32_t indices[] = {1, 2, 2, 0};
    opt.undirected = 0;
    expect_error_containing(gg_graph_create_csr(ctx, 3, offsets, indices, NULL, &opt, &g), GG_ERROR_TOO_LARGE, "limit");
}

static void test_csr_input_rules(void **state) {
    (void)state;
    gg_graph *g = NULL;
    /* Unsorted lists are sorted, duplicates merged with the minimum weight. */
    const uint64_t offsets[] = {0, 4, 4, 5};
    const uint32_t indices[] = {2, 1, 2, 0, 0};
    const float w[] = {5, 1, 3, 8, 2};
    assert_int_equal(gg_graph_create_csr(ctx, 3, offsets, indices, w, NULL, &g), GG_OK);
    csr_copy c = csr_copy_out(ctx, g);
    const uint64_t want_offsets[] = {0, 3, 3, 4};
    const uint32_t want_indices[] = {0, 1, 2, 0};
    const float want_weights[] = {8, 1, 3, 2};
    assert_memory_equal(c.offsets, want_offsets, sizeof want_offsets);
    assert_memory_equal(c.indices, want_indices, sizeof want_indices);
    assert_memory_equal(c.weights, want_weights, sizeof want_weights);
    csr_copy_free(&c);
    gg_graph_destroy(g);

    const uint64_t not_from_zero[] = {1, 2, 2, 2};
    expect_error_containing(gg_graph_create_csr(ctx, 3, not_from_zero, indices, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT,
                            "offsets[0]");
    assert_null(g);
    const uint64_t decreasing[] = {0, 3, 2, 4};
    expect_error_containing(gg_graph_create_csr(ctx, 3, decreasing, indices, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT,
                            "vertex 1");
    const uint32_t out_of_range[] = {1, 3, 0, 0, 0};
    expect_error_containing(gg_graph_create_csr(ctx, 3, offsets, out_of_range, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT,
                            "out of range");
    expect_error_containing(gg_graph_create_csr(ctx, 3, NULL, indices, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "offsets");
    expect_error_containing(gg_graph_create_csr(ctx, 3, offsets, NULL, NULL, NULL, &g), GG_ERROR_INVALID_ARGUMENT, "indices");
    const float nan_weights[] = {1, 1, NAN, 1, 1};
    expect_error_containing(gg_graph_create_csr(ctx, 3, offsets, indices, nan_weights, NULL, &g), GG_ERROR_INVALID_ARGUMENT,
                            "not finite");
    /* Zero vertices: one offset, no edges. */
    const uint64_t empty[] = {0};
    assert_int_equal(gg_graph_create_csr(ctx, 0, empty, NULL, NULL, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_num_vertices(g), 0);
    gg_graph_destroy(g);
}

/* ---- seeded random graphs against the naive builder ---------------------- */

static uint64_t rng_state;
static uint32_t next_random(uint32_t bound) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)((rng_state >> 11) % bound);
}

/* Small integers and halves: sums are exact in any order. */
static float random_weight(void) { return (float)((int)next_random(40) - 8) * 0.5f; }

static naive_options random_options(void) {
    naive_options o;
    o.undirected = (int)next_random(2);
    o.duplicates = (gg_duplicate_policy)next_random(5);
    o.drop_self_loops = (int)next_random(2);
    return o;
}

static void test_random_coo_against_naive(void **state) {
    (void)state;
    rng_state = 0x9e3779b97f4a7c15ull;
    for (int trial = 0; trial < 600; ++trial) {
        uint32_t n = 1 + next_random(trial < 300 ? 6 : 40);
        uint64_t m = next_random(trial < 300 ? 20 : 200);
        uint32_t *src = malloc(sizeof(uint32_t) * (m + 1)), *dst = malloc(sizeof(uint32_t) * (m + 1));
        float *w = malloc(sizeof(float) * (m + 1));
        for (uint64_t e = 0; e < m; ++e) {
            src[e] = next_random(n);
            dst[e] = next_random(n);
            w[e] = random_weight();
        }
        char what[64];
        snprintf(what, sizeof what, "random COO graph %d", trial);
        check_against_naive(n, m, src, dst, next_random(3) ? w : NULL, random_options(), what);
        free(src);
        free(dst);
        free(w);
    }
}

static void test_random_csr_against_naive(void **state) {
    (void)state;
    rng_state = 0x2545f4914f6cdd1dull;
    for (int trial = 0; trial < 300; ++trial) {
        uint32_t n = 1 + next_random(30);
        uint64_t *offsets = malloc(sizeof(uint64_t) * ((size_t)n + 1));
        offsets[0] = 0;
        for (uint32_t v = 0; v < n; ++v) offsets[v + 1] = offsets[v] + next_random(6);
        uint64_t m = offsets[n];
        uint32_t *indices = malloc(sizeof(uint32_t) * (m + 1)), *src = malloc(sizeof(uint32_t) * (m + 1));
        float *w = malloc(sizeof(float) * (m + 1));
        for (uint32_t v = 0; v < n; ++v)
            for (uint64_t e = offsets[v]; e < offsets[v + 1]; ++e) {
                src[e] = v;
                indices[e] = next_random(n);
                w[e] = random_weight();
            }
        naive_options o = random_options();
        const float *weights = next_random(3) ? w : NULL;
        gg_graph_options opt = make_options(o);
        gg_graph *g = NULL;
        if (gg_graph_create_csr(ctx, n, offsets, indices, weights, &opt, &g) != GG_OK)
            fail_msg("random CSR graph %d: %s", trial, gg_context_last_error(ctx));
        csr_copy want = naive_build(n, m, src, indices, weights, o), got = csr_copy_out(ctx, g);
        char what[64];
        snprintf(what, sizeof what, "random CSR graph %d", trial);
        expect_same_csr(&got, &want, what);
        csr_copy_free(&want);
        csr_copy_free(&got);
        gg_graph_destroy(g);
        free(offsets);
        free(indices);
        free(src);
        free(w);
    }
}

/* A vertex count the machine cannot hold (it may come from a tiny file's
 * header) is refused with a message before anything is allocated. */
static void test_vertex_count_beyond_memory_refused(void **state) {
    (void)state;
    double memory = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGE_SIZE);
    if (memory > 64.0 * 4294967295.0) skip(); /* a machine this big could build it */
    gg_graph *g = NULL;
    gg_status s = gg_graph_create(ctx, UINT32_MAX, 0, NULL, NULL, NULL, NULL, &g);
    expect_error_containing(s, GG_ERROR_OUT_OF_MEMORY, "4294967295 vertices");
    assert_null(g);
}

/* Summing duplicate weights past FLT_MAX would store an infinity that no
 * reader accepts back: it is an error naming the vertex. */
static void test_sum_policy_overflow_refused(void **state) {
    (void)state;
    uint32_t src[] = {0, 0, 1};
    uint32_t dst[] = {1, 1, 0};
    float w[] = {3e38f, 3e38f, 1.0f};
    gg_graph_options o;
    gg_graph_options_init(&o);
    o.duplicates = GG_DUPLICATES_SUM;
    gg_graph *g = NULL;
    gg_status s = gg_graph_create(ctx, 2, 3, src, dst, w, &o, &g);
    expect_error_containing(s, GG_ERROR_INVALID_ARGUMENT, "vertex 0 overflows");
    assert_null(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_duplicate_policies),
        cmocka_unit_test(test_self_loops_kept_by_default_and_dropped_on_request),
        cmocka_unit_test(test_undirected_stores_both_directions_and_loops_once),
        cmocka_unit_test(test_unweighted_edges_get_weight_one),
        cmocka_unit_test(test_nonfinite_weights_rejected_naming_the_edge),
        cmocka_unit_test(test_ids_out_of_range),
        cmocka_unit_test(test_null_arrays),
        cmocka_unit_test(test_zero_vertices),
        cmocka_unit_test(test_one_vertex),
        cmocka_unit_test(test_options_checked),
        cmocka_unit_test(test_max_edges_limit),
        cmocka_unit_test(test_vertex_count_beyond_memory_refused),
        cmocka_unit_test(test_sum_policy_overflow_refused),
        cmocka_unit_test(test_csr_input_rules),
        cmocka_unit_test(test_random_coo_against_naive),
        cmocka_unit_test(test_random_csr_against_naive),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
