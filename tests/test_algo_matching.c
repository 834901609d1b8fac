/*
 * Maximum bipartite matching on generated bipartite graphs, on every
 * backend: random graphs of several densities and side sizes, one side
 * empty (num_left = 0 and = n), isolated vertices, duplicate edges (merged
 * and kept) and both directions of one pair, complete bipartite graphs,
 * chains whose greedy start leaves one augmenting path through the whole
 * chain, hubs above the GPU's huge-list degree, edges stored in either
 * direction, undirected graphs. Each result must be a matching along the
 * graph's edges (mates symmetric, on opposite sides), report its size, and be
 * as large as the maximum of Kuhn's algorithm (verify/'s ref_matching, an
 * independent simple reference); verify_matching checks all of that.
 * Then the verifier is shown to reject wrong answers, and the error paths of
 * gg_run_matching: an edge inside one side, a self-loop, num_left above n,
 * NULL arrays, a partitioned run.
 */
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
#include "gg.h"
#include "graph_shapes.h"
#include "ref_graph.h"
#include "test_filter.h"

#define NONE UINT32_MAX

/* One test graph: a shape (its COO edges and build options) and its left side. */
typedef struct bipartite {
    shape shape;
    uint32_t num_left;
} bipartite;

static void begin(bipartite *b, const char *name, uint32_t num_left, uint32_t num_right, int undirected,
                  gg_duplicate_policy duplicates) {
    memset(b, 0, sizeof *b);
    snprintf(b->shape.name, sizeof b->shape.name, "%s", name);
    b->shape.n = num_left + num_right;
    b->shape.undirected = undirected;
    b->shape.duplicates = duplicates;
    b->num_left = num_left;
}

/* Adds the edge between left vertex `left` and right vertex `right` (an
 * index into the right side), stored as left -> right, or right -> left when
 * `reversed`. */
static void join(bipartite *b, uint32_t left, uint32_t right, int reversed) {
    shape *s = &b->shape;
    const uint32_t r = b->num_left + right;
    assert_true(left < b->num_left && r < s->n);
    if (s->m == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 64;
        s->src = realloc(s->src, s->capacity * sizeof *s->src);
        s->dst = realloc(s->dst, s->capacity * sizeof *s->dst);
        assert_non_null(s->src);
        assert_non_null(s->dst);
    }
    s->src[s->m] = reversed ? r : left;
    s->dst[s->m] = reversed ? left : r;
    ++s->m;
}

static uint32_t below(uint64_t *state, uint32_t bound) { return (uint32_t)(shape_random(state) % bound); }

/* Each pair (l, r) joined with probability `percent` / 100; directions mixed
 * when `mixed`. Vertices listed in `isolated_every` (every k-th, 0: none)
 * keep no edge. */
static void random_bipartite(bipartite *b, const char *name, uint32_t num_left, uint32_t num_right, double percent,
                             int mixed, int undirected, uint32_t isolated_every, uint64_t seed) {
    begin(b, name, num_left, num_right, undirected, GG_DUPLICATES_KEEP_MIN);
    uint64_t state = seed;
    const uint64_t threshold = (uint64_t)(percent / 100.0 * 1000000.0);
    for (uint32_t l = 0; l < num_left; ++l) {
        if (isolated_every && l % isolated_every == 0) continue;
        for (uint32_t r = 0; r < num_right; ++r) {
            if (isolated_every && r % isolated_every == 1) continue;
            if (shape_random(&state) % 1000000 < threshold) join(b, l, r, mixed ? (int)below(&state, 2) : 0);
        }
    }
}

/* About `degree` random right neighbours per left vertex (sparse graphs of
 * any size, where the maximum matching is not perfect). */
static void sparse_bipartite(bipartite *b, const char *name, uint32_t num_left, uint32_t num_right, uint32_t degree,
                             uint64_t seed) {
    begin(b, name, num_left, num_right, 0, GG_DUPLICATES_KEEP_MIN);
    uint64_t state = seed;
    for (uint32_t l = 0; l < num_left; ++l) {
        const uint32_t d = below(&state, 2 * degree + 1);
        for (uint32_t k = 0; k < d; ++k) join(b, l, below(&state, num_right), (int)below(&state, 2));
    }
}

/* A chain whose unique perfect matching the greedy start misses: position j
 * holds left vertex k - 1 - j and right vertex j; left j joins right j and
 * right j - 1. Greedy in id order matches each left vertex to the right
 * vertex before it, leaving the chain's two ends free, joined by one
 * augmenting path through every vertex. Ids start at first_left and first_right. */
static void add_chain(bipartite *b, uint32_t first_left, uint32_t first_right, uint32_t k, int reversed) {
    for (uint32_t j = 0; j < k; ++j) {
        const uint32_t left = first_left + (k - 1 - j);
        join(b, left, first_right + j, reversed);
        if (j + 1 < k) join(b, left - 1, first_right + j, reversed); /* left position j + 1 */
    }
}

/* The instances; `count` receives how many. */
static bipartite *make_instances(size_t *count) {
    enum { kMax = 48 };
    bipartite *all = calloc(kMax, sizeof *all);
    assert_non_null(all);
    size_t k = 0;
    char name[64];

    /* Random graphs of several densities and side sizes, directions mixed. */
    const double percents[] = {0.5, 2, 8, 30, 90};
    const uint32_t sides[][2] = {{60, 60}, {150, 90}, {80, 200}, {300, 300}};
    for (size_t p = 0; p < sizeof percents / sizeof *percents; ++p)
        for (size_t s = 0; s < sizeof sides / sizeof *sides; ++s) {
            if (percents[p] >= 30 && sides[s][0] * sides[s][1] > 40000) continue;
            snprintf(name, sizeof name, "random %ux%u %g%%", sides[s][0], sides[s][1], percents[p]);
            random_bipartite(&all[k++], name, sides[s][0], sides[s][1], percents[p], 1, 0, 0, 17 + p * 31 + s);
        }
    /* Undirected, and every edge from the right side. */
    random_bipartite(&all[k++], "random undirected 120x100 4%", 120, 100, 4, 0, 1, 0, 5);
    begin(&all[k], "right -> left only", 70, 90, 0, GG_DUPLICATES_KEEP_MIN);
    {
        uint64_t state = 99;
        for (uint32_t l = 0; l < 70; ++l)
            for (uint32_t d = 0; d < 3; ++d) join(&all[k], l, below(&state, 90), 1);
    }
    ++k;
    /* Isolated vertices on both sides. */
    random_bipartite(&all[k++], "isolated every 3rd", 90, 90, 5, 1, 0, 3, 23);
    /* Sparse graphs, large enough that the GPU spreads them over many blocks. */
    sparse_bipartite(&all[k++], "sparse 3000x3000 degree 1", 3000, 3000, 1, 41);
    sparse_bipartite(&all[k++], "sparse 20000x15000 degree 2", 20000, 15000, 2, 43);
    sparse_bipartite(&all[k++], "sparse 8000x12000 degree 4", 8000, 12000, 4, 47);

    /* One side empty: no edge can exist. */
    begin(&all[k++], "no right side", 12, 0, 0, GG_DUPLICATES_KEEP_MIN);
    begin(&all[k++], "no left side", 0, 12, 0, GG_DUPLICATES_KEEP_MIN);
    begin(&all[k++], "no vertices", 0, 0, 0, GG_DUPLICATES_KEEP_MIN);
    begin(&all[k++], "no edges", 5, 7, 0, GG_DUPLICATES_KEEP_MIN);

    /* Duplicates: every edge three times, merged or kept, and both directions of one pair. */
    for (int keep = 0; keep < 2; ++keep) {
        bipartite *b = &all[k++];
        begin(b, keep ? "duplicates kept" : "duplicates merged", 50, 40, 0,
              keep ? GG_DUPLICATES_KEEP_ALL : GG_DUPLICATES_KEEP_MIN);
        uint64_t state = 7 + keep;
        for (uint32_t e = 0; e < 80; ++e) {
            const uint32_t l = below(&state, 50), r = below(&state, 40);
            join(b, l, r, 0);
            join(b, l, r, 0);
            join(b, l, r, 1);
        }
    }

    /* Complete bipartite graphs (a hub on every vertex). */
    begin(&all[k], "complete 40x25", 40, 25, 0, GG_DUPLICATES_KEEP_MIN);
    for (uint32_t l = 0; l < 40; ++l)
        for (uint32_t r = 0; r < 25; ++r) join(&all[k], l, r, (l + r) % 2);
    ++k;
    begin(&all[k], "complete 25x40 undirected", 25, 40, 1, GG_DUPLICATES_KEEP_MIN);
    for (uint32_t l = 0; l < 25; ++l)
        for (uint32_t r = 0; r < 40; ++r) join(&all[k], l, r, 0);
    ++k;

    /* Long alternating paths: one chain of 3000, and chains of many lengths side by side. */
    begin(&all[k], "chain 3000", 3000, 3000, 0, GG_DUPLICATES_KEEP_MIN);
    add_chain(&all[k], 0, 0, 3000, 0);
    ++k;
    begin(&all[k], "chain 2000 reversed edges", 2000, 2001, 0, GG_DUPLICATES_KEEP_MIN);
    add_chain(&all[k], 0, 1, 2000, 1);
    ++k;
    {
        bipartite *b = &all[k++];
        begin(b, "chains of 1..60", 1830, 1830, 0, GG_DUPLICATES_KEEP_MIN);
        uint32_t at = 0;
        for (uint32_t length = 1; length <= 60; ++length) {
            add_chain(b, at, at, length, length % 2);
            at += length;
        }
    }
    {
        bipartite *b = &all[k++];
        begin(b, "chains with cross edges", 1200, 1300, 0, GG_DUPLICATES_KEEP_MIN);
        add_chain(b, 0, 0, 600, 0);
        add_chain(b, 600, 600, 600, 1);
        uint64_t state = 3;
        for (uint32_t e = 0; e < 150; ++e) join(b, below(&state, 1200), below(&state, 1300), (int)below(&state, 2));
    }

    /* Hubs: left and right vertices of degree above the GPU's huge-list
     * threshold (512), among sparse edges, so that the hubs' edges decide. */
    {
        bipartite *b = &all[k++];
        begin(b, "hubs 3000x2500", 3000, 2500, 0, GG_DUPLICATES_KEEP_MIN);
        uint64_t state = 11;
        for (uint32_t h = 0; h < 4; ++h)
            for (uint32_t r = 0; r < 2500; ++r) join(b, h * 700, r, (int)(r % 2));
        for (uint32_t h = 0; h < 3; ++h)
            for (uint32_t l = 0; l < 3000; l += 1 + h) join(b, l, 2499 - h * 100, (int)(l % 3 == 0));
        for (uint32_t l = 0; l < 3000; ++l)
            if (below(&state, 3) == 0) join(b, l, below(&state, 2500), 0);
    }
    {
        bipartite *b = &all[k++];
        begin(b, "star 1 x 6000", 1, 6000, 0, GG_DUPLICATES_KEEP_MIN);
        for (uint32_t r = 0; r < 6000; ++r) join(b, 0, r, 0);
    }
    {
        bipartite *b = &all[k++];
        begin(b, "star 6000 x 1 undirected", 6000, 1, 1, GG_DUPLICATES_KEEP_MIN);
        for (uint32_t l = 0; l < 6000; ++l) join(b, l, 0, 1);
    }
    assert_true(k <= kMax);
    *count = k;
    return all;
}

static void free_instances(bipartite *all, size_t count) {
    for (size_t i = 0; i < count; ++i) shape_free(&all[i].shape);
    free(all);
}

static void test_matching_is_maximum(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    size_t count = 0;
    bipartite *all = make_instances(&count);
    for (size_t i = 0; i < count; ++i) {
        const shape *s = &all[i].shape;
        const uint32_t num_left = all[i].num_left;
        gg_graph *graph = shape_build(context, s);
        ref_graph ref;
        ref_graph_from_shape(s, &ref);
        uint32_t *mates = zeroed_alloc(s->n, sizeof *mates);
        uint64_t sizes[2] = {0, 0};
        /* Twice: the second run reuses whatever the first left (pooled GPU state). */
        for (int run = 0; run < 2; ++run) {
            memset(mates, 0x5a, (s->n ? s->n : 1) * sizeof *mates); /* garbage the run must overwrite */
            uint64_t size = 12345;
            gg_run_stats stats;
            gg_run_stats_init(&stats);
            expect_ok(context, gg_run_matching(context, graph, num_left, mates, &size, &options, &stats), s->name);
            check_stats(&stats, backend, 1);
            expect_verified(verify_matching(&ref.csr, num_left, mates, size), "%s (left side %u, run %d)", s->name,
                            num_left, run);
            sizes[run] = size;
        }
        if (sizes[0] != sizes[1])
            fail_msg("%s: the two runs matched %llu and %llu pairs", s->name, (unsigned long long)sizes[0],
                     (unsigned long long)sizes[1]);
        free(mates);
        ref_graph_free(&ref);
        gg_graph_destroy(graph);
    }
    free_instances(all, count);
    gg_context_destroy(context);
}

/* Sizes known without a reference: the checks of the suite above are not all
 * relative to ref_matching. */
static void test_matching_known_sizes(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend);
    gg_run_options options = backend_run_options(backend);
    size_t count = 0;
    bipartite *all = make_instances(&count);
    const struct {
        const char *name;
        uint64_t size;
    } known[] = {
        {"complete 40x25", 25},   {"complete 25x40 undirected", 25}, {"chain 3000", 3000},
        {"chain 2000 reversed edges", 2000}, {"chains of 1..60", 1830}, {"star 1 x 6000", 1},
        {"star 6000 x 1 undirected", 1},     {"no right side", 0},      {"no left side", 0},
        {"no vertices", 0},                  {"no edges", 0},
    };
    size_t checked = 0;
    for (size_t i = 0; i < count; ++i)
        for (size_t j = 0; j < sizeof known / sizeof *known; ++j) {
            if (strcmp(all[i].shape.name, known[j].name) != 0) continue;
            const shape *s = &all[i].shape;
            gg_graph *graph = shape_build(context, s);
            uint32_t *mates = zeroed_alloc(s->n, sizeof *mates);
            uint64_t size = 0;
            expect_ok(context, gg_run_matching(context, graph, all[i].num_left, mates, &size, &options, NULL), s->name);
            if (size != known[j].size)
                fail_msg("%s: %llu pairs, expected %llu", s->name, (unsigned long long)size,
                         (unsigned long long)known[j].size);
            if (known[j].size == 0)
                for (uint32_t v = 0; v < s->n; ++v)
                    if (mates[v] != NONE) fail_msg("%s: vertex %u has mate %u, expected none", s->name, v, mates[v]);
            /* A chain's matching is unique: left j with right j. */
            if (strcmp(s->name, "chain 3000") == 0)
                for (uint32_t l = 0; l < 3000; ++l)
                    if (mates[l] != 3000 + (3000 - 1 - l))
                        fail_msg("chain 3000: left %u has mate %u, expected %u", l, mates[l], 3000 + (2999 - l));
            free(mates);
            gg_graph_destroy(graph);
            ++checked;
        }
    assert_int_equal(checked, sizeof known / sizeof *known);
    free_instances(all, count);
    gg_context_destroy(context);
}

/* The verifier the suites trust must reject what a broken kernel could return. */
static void test_verifier_rejects_wrong_answers(void **state) {
    (void)state;
    /* Left 0, 1, 2; right 3, 4, 5: 0-3, 0-4, 1-3, 2-5 (stored 5 -> 2). Maximum 3: 0-4, 1-3, 2-5. */
    const uint64_t offsets[] = {0, 2, 3, 3, 3, 3, 4};
    const uint32_t targets[] = {3, 4, 3, 2};
    const float weights[] = {1, 1, 1, 1};
    const verify_csr g = {6, 4, offsets, targets, weights};
    const uint32_t right[] = {4, 3, 5, 1, 0, 2};
    expect_verified(verify_matching(&g, 3, right, 3), "a maximum matching");
    uint32_t mates[6];

    memcpy(mates, right, sizeof mates);
    mates[1] = mates[3] = NONE; /* valid but not maximum */
    assert_true(verify_matching(&g, 3, mates, 2).failed);
    assert_true(verify_matching(&g, 3, right, 2).failed); /* wrong size */
    memcpy(mates, right, sizeof mates);
    mates[3] = 0; /* not symmetric */
    assert_true(verify_matching(&g, 3, mates, 3).failed);
    const uint32_t no_edge[] = {3, 5, 4, 0, 2, 1}; /* 1-5 and 2-4 are not edges */
    assert_true(verify_matching(&g, 3, no_edge, 3).failed);
    const uint32_t same_side[] = {1, 0, NONE, NONE, NONE, NONE};
    assert_true(verify_matching(&g, 3, same_side, 1).failed);
    const uint32_t out_of_range[] = {9, NONE, NONE, NONE, NONE, NONE};
    assert_true(verify_matching(&g, 3, out_of_range, 1).failed);

    uint32_t reference[6];
    assert_int_equal(ref_matching(&g, 3, reference), 3);
}

static void test_matching_errors(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    uint32_t mates[6];
    uint64_t size = 0;
    /* Left 0..2, right 3..5. */
    const uint32_t good_src[] = {0, 4, 2}, good_dst[] = {3, 1, 5};
    gg_graph *good = small_graph(context, 6, 3, good_src, good_dst, NULL);
    expect_ok(context, gg_run_matching(context, good, 3, mates, &size, NULL, NULL), "gg_run_matching");
    assert_int_equal(size, 3);
    assert_int_equal(mates[0], 3);
    assert_int_equal(mates[1], 4);
    assert_int_equal(mates[2], 5);
    assert_int_equal(mates[5], 2);

    expect_failure(context, gg_run_matching(context, good, 3, NULL, &size, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "mates", NULL);
    expect_failure(context, gg_run_matching(context, good, 3, mates, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "out_size", NULL);
    expect_failure(context, gg_run_matching(context, NULL, 3, mates, &size, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "graph", NULL);
    expect_failure(context, gg_run_matching(context, good, 7, mates, &size, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "num_left 7", "6 vertices");
    /* With every vertex on one side, any edge is inside it. */
    expect_failure(context, gg_run_matching(context, good, 6, mates, &size, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "0 -> 3", "left");
    expect_failure(context, gg_run_matching(context, good, 0, mates, &size, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "0 -> 3", "right");
    /* num_left 4 puts 3 on the left with 0: the edge is named from its left end. */
    expect_failure(context, gg_run_matching(context, good, 4, mates, &size, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "0 -> 3", "two left vertices");

    const uint32_t right_src[] = {0, 5}, right_dst[] = {3, 4};
    gg_graph *inside_right = small_graph(context, 6, 2, right_src, right_dst, NULL);
    expect_failure(context, gg_run_matching(context, inside_right, 3, mates, &size, NULL, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "5 -> 4", "two right vertices");
    const uint32_t loop_src[] = {0, 1}, loop_dst[] = {3, 1};
    gg_graph *loop = small_graph(context, 6, 2, loop_src, loop_dst, NULL);
    expect_failure(context, gg_run_matching(context, loop, 3, mates, &size, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                   "1 -> 1", "self-loop");
    const uint32_t right_loop_src[] = {4}, right_loop_dst[] = {4};
    gg_graph *right_loop = small_graph(context, 6, 1, right_loop_src, right_loop_dst, NULL);
    expect_failure(context, gg_run_matching(context, right_loop, 3, mates, &size, NULL, NULL),
                   GG_ERROR_INVALID_ARGUMENT, "4 -> 4", "self-loop");

    /* A plan of two parts is refused; a plan of one part runs unpartitioned. */
    gg_partition_plan_options plan_options;
    gg_partition_plan_options_init(&plan_options);
    plan_options.partitioner = GG_PARTITIONER_BLOCK;
    gg_run_options run_options;
    gg_run_options_init(&run_options);
    for (uint32_t parts = 1; parts <= 2; ++parts) {
        plan_options.num_parts = parts;
        gg_partition_plan *plan = NULL;
        expect_ok(context, gg_partition_plan_create(context, good, &plan_options, &plan), "gg_partition_plan_create");
        run_options.partition_plan = plan;
        run_options.backend = GG_BACKEND_CPU;
        gg_status status = gg_run_matching(context, good, 3, mates, &size, &run_options, NULL);
        if (parts == 1) {
            expect_ok(context, status, "gg_run_matching over a plan of one part");
            assert_int_equal(size, 3);
        } else {
            expect_failure(context, status, GG_ERROR_UNSUPPORTED, "partitioned", "2 parts");
        }
        gg_partition_plan_destroy(plan);
    }

    /* Layouts: the CPU runs csr whatever is asked. */
    gg_run_options_init(&run_options);
    run_options.backend = GG_BACKEND_CPU;
    run_options.layout = GG_LAYOUT_GSHARDS;
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_matching(context, good, 3, mates, &size, &run_options, &stats), "gg_run_matching");
    assert_int_equal(stats.layout, GG_LAYOUT_CSR);

    gg_graph_destroy(right_loop);
    gg_graph_destroy(loop);
    gg_graph_destroy(inside_right);
    gg_graph_destroy(good);
    gg_context_destroy(context);
}

/* The GPU serves csr only: another layout is refused naming it. */
static void test_matching_cuda_layouts(void **state) {
    (void)state;
    gg_context *context = backend_context(&test_backend_cuda);
    const uint32_t src[] = {0, 4, 2}, dst[] = {3, 1, 5};
    gg_graph *graph = small_graph(context, 6, 3, src, dst, NULL);
    uint32_t mates[6];
    uint64_t size = 0;
    gg_run_options options = backend_run_options(&test_backend_cuda);
    options.layout = GG_LAYOUT_VIRTUAL_SPLIT;
    expect_failure(context, gg_run_matching(context, graph, 3, mates, &size, &options, NULL), GG_ERROR_UNSUPPORTED,
                   "matching", "csr");
    options.layout = GG_LAYOUT_CSR;
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    expect_ok(context, gg_run_matching(context, graph, 3, mates, &size, &options, &stats), "gg_run_matching");
    assert_int_equal(size, 3);
    assert_int_equal(stats.layout, GG_LAYOUT_CSR);
    assert_int_equal(stats.backend, GG_BACKEND_CUDA);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        GG_BACKEND_TESTS(test_matching_is_maximum),
        GG_BACKEND_TESTS(test_matching_known_sizes),
        cmocka_unit_test(test_verifier_rejects_wrong_answers),
        cmocka_unit_test(test_matching_errors),
        cmocka_unit_test(test_matching_cuda_layouts),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
