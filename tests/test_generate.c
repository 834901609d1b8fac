/* gg_graph_generate: determinism (same seed, any thread count), sizes,
 * structure of each kind, weights, and one clear error per bad option. */
#include <math.h>
#include <omp.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gg.h"

typedef struct {
    uint32_t n;
    uint64_t m;
    uint64_t *offsets;
    uint32_t *indices;
    float *weights;
} csr_copy;

static gg_context *new_context(int32_t threads) {
    gg_context_options o;
    gg_context_options_init(&o);
    o.num_threads = threads;
    gg_context *ctx = NULL;
    assert_int_equal(gg_context_create(&o, &ctx), GG_OK);
    return ctx;
}

static gg_graph *generate(gg_context *ctx, const gg_generator_options *o) {
    gg_graph *g = NULL;
    gg_status s = gg_graph_generate(ctx, o, &g);
    if (s != GG_OK) fail_msg("gg_graph_generate failed (%d): %s", s, gg_context_last_error(ctx));
    assert_non_null(g);
    return g;
}

static csr_copy copy_csr(gg_context *ctx, const gg_graph *g) {
    csr_copy c;
    c.n = gg_graph_num_vertices(g);
    c.m = gg_graph_num_edges(g);
    c.offsets = malloc(sizeof(uint64_t) * (c.n + 1));
    c.indices = malloc(sizeof(uint32_t) * (c.m + 1));
    c.weights = malloc(sizeof(float) * (c.m + 1));
    assert_true(c.offsets && c.indices && c.weights);
    assert_int_equal(gg_graph_copy_csr(ctx, g, c.offsets, c.indices, c.weights), GG_OK);
    return c;
}

static void free_csr(csr_copy *c) {
    free(c->offsets);
    free(c->indices);
    free(c->weights);
}

static int csr_equal(const csr_copy *a, const csr_copy *b) {
    return a->n == b->n && a->m == b->m && memcmp(a->offsets, b->offsets, sizeof(uint64_t) * (a->n + 1)) == 0 &&
           memcmp(a->indices, b->indices, sizeof(uint32_t) * a->m) == 0 &&
           memcmp(a->weights, b->weights, sizeof(float) * a->m) == 0;
}

static csr_copy generate_csr(gg_context *ctx, const gg_generator_options *o) {
    gg_graph *g = generate(ctx, o);
    csr_copy c = copy_csr(ctx, g);
    gg_graph_destroy(g);
    return c;
}

static gg_generator_options options_of(gg_generator kind) {
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.kind = kind;
    return o;
}

/* The same options give the same CSR, call after call. */
static void test_same_seed_same_graph(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    const gg_generator kinds[] = {GG_GENERATOR_KRON, GG_GENERATOR_URAND, GG_GENERATOR_GRID};
    for (size_t k = 0; k < 3; ++k) {
        gg_generator_options o = options_of(kinds[k]);
        o.scale = 12;
        o.degree = 8;
        o.rows = 50;
        o.cols = 70;
        o.weighted = 1;
        csr_copy a = generate_csr(ctx, &o), b = generate_csr(ctx, &o);
        assert_true(a.m > 0);
        if (!csr_equal(&a, &b)) fail_msg("generator kind %d: two runs with seed %llu differ", kinds[k],
                                         (unsigned long long)o.seed);
        free_csr(&a);
        free_csr(&b);
    }
    gg_context_destroy(ctx);
}

/* Generation runs in blocks of its own seeded streams, so the thread count
 * changes nothing. gg_graph_generate does not take its thread count from the
 * context, so the OpenMP default is set as well, to make sure that 1 and 4
 * threads really run (with several blocks: 2^15 * 8 edges are 4 blocks). */
static void test_thread_count_does_not_matter(void **state) {
    (void)state;
    gg_context *one = new_context(1), *four = new_context(4);
    const gg_generator kinds[] = {GG_GENERATOR_KRON, GG_GENERATOR_URAND, GG_GENERATOR_GRID};
    for (size_t k = 0; k < 3; ++k) {
        gg_generator_options o = options_of(kinds[k]);
        o.scale = 15;
        o.degree = 8;
        o.rows = 300;
        o.cols = 500;
        o.weighted = 1;
        o.seed = 99 + k;
        omp_set_num_threads(1);
        csr_copy a = generate_csr(one, &o);
        omp_set_num_threads(4);
        csr_copy b = generate_csr(four, &o);
        if (!csr_equal(&a, &b)) fail_msg("generator kind %d: 1 and 4 threads give different graphs", kinds[k]);
        free_csr(&a);
        free_csr(&b);
    }
    omp_set_num_threads(omp_get_num_procs());
    gg_context_destroy(one);
    gg_context_destroy(four);
}

static void test_different_seeds_differ(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    const gg_generator kinds[] = {GG_GENERATOR_KRON, GG_GENERATOR_URAND};
    for (size_t k = 0; k < 2; ++k) {
        gg_generator_options o = options_of(kinds[k]);
        o.scale = 10;
        o.seed = 1;
        csr_copy a = generate_csr(ctx, &o);
        o.seed = 2;
        csr_copy b = generate_csr(ctx, &o);
        if (csr_equal(&a, &b)) fail_msg("generator kind %d: seeds 1 and 2 give the same graph", kinds[k]);
        free_csr(&a);
        free_csr(&b);
    }
    /* Grid weights come from the seed too. */
    gg_generator_options o = options_of(GG_GENERATOR_GRID);
    o.weighted = 1;
    o.seed = 1;
    csr_copy a = generate_csr(ctx, &o);
    o.seed = 2;
    csr_copy b = generate_csr(ctx, &o);
    assert_int_equal(a.m, b.m);
    assert_memory_equal(a.indices, b.indices, sizeof(uint32_t) * a.m);
    assert_memory_not_equal(a.weights, b.weights, sizeof(float) * a.m);
    free_csr(&a);
    free_csr(&b);
    gg_context_destroy(ctx);
}

/* Grid: exactly the 4-neighbours, m = 2 (rows (cols-1) + cols (rows-1)). */
static void test_grid_structure(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    const uint32_t shapes[][2] = {{7, 5}, {1, 9}, {9, 1}, {1, 1}, {64, 33}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
        const uint32_t rows = shapes[s][0], cols = shapes[s][1];
        gg_generator_options o = options_of(GG_GENERATOR_GRID);
        o.rows = rows;
        o.cols = cols;
        gg_graph *g = generate(ctx, &o);
        assert_int_equal(gg_graph_is_undirected(g), 1);
        csr_copy c = copy_csr(ctx, g);
        assert_int_equal(c.n, rows * cols);
        assert_int_equal(c.m, 2 * ((uint64_t)rows * (cols - 1) + (uint64_t)cols * (rows - 1)));
        for (uint32_t v = 0; v < c.n; ++v) {
            const uint32_t r = v / cols, col = v % cols;
            uint32_t expected[4], count = 0; /* in increasing id order */
            if (r > 0) expected[count++] = v - cols;
            if (col > 0) expected[count++] = v - 1;
            if (col + 1 < cols) expected[count++] = v + 1;
            if (r + 1 < rows) expected[count++] = v + cols;
            assert_int_equal(c.offsets[v + 1] - c.offsets[v], count);
            for (uint32_t i = 0; i < count; ++i) assert_int_equal(c.indices[c.offsets[v] + i], expected[i]);
        }
        free_csr(&c);
        gg_graph_destroy(g);

        o.symmetrize = 0; /* each grid edge once, smaller id first */
        g = generate(ctx, &o);
        assert_int_equal(gg_graph_is_undirected(g), 0);
        c = copy_csr(ctx, g);
        assert_int_equal(c.m, (uint64_t)rows * (cols - 1) + (uint64_t)cols * (rows - 1));
        for (uint32_t v = 0; v < c.n; ++v)
            for (uint64_t e = c.offsets[v]; e < c.offsets[v + 1]; ++e) assert_true(c.indices[e] > v);
        free_csr(&c);
        gg_graph_destroy(g);
    }
    gg_context_destroy(ctx);
}

static uint32_t max_degree(const csr_copy *c) {
    uint32_t best = 0;
    for (uint32_t v = 0; v < c->n; ++v)
        if (c->offsets[v + 1] - c->offsets[v] > best) best = (uint32_t)(c->offsets[v + 1] - c->offsets[v]);
    return best;
}

static void assert_no_self_loops(const csr_copy *c) {
    for (uint32_t v = 0; v < c->n; ++v)
        for (uint64_t e = c->offsets[v]; e < c->offsets[v + 1]; ++e)
            if (c->indices[e] == v) fail_msg("self-loop at vertex %u", v);
}

/* kron and urand: 2^scale vertices, at most 2 * degree * 2^scale stored
 * edges, no self-loops; kron is skewed (hubs), urand is not, and kron's hubs
 * are spread over the id range by the vertex permutation. */
static void test_kron_and_urand_shape(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    const uint32_t scale = 14, degree = 16;
    const uint64_t generated = (uint64_t)degree << scale;

    gg_generator_options o = options_of(GG_GENERATOR_KRON);
    o.scale = scale;
    o.degree = degree;
    csr_copy kron = generate_csr(ctx, &o);
    assert_int_equal(kron.n, 1u << scale);
    assert_true(kron.m <= 2 * generated);
    assert_true(kron.m > generated); /* duplicates merge, but most edges survive */
    assert_no_self_loops(&kron);
    const double kron_average = (double)kron.m / kron.n;
    const uint32_t kron_max = max_degree(&kron);
    if (kron_max < 20 * kron_average) fail_msg("kron max degree %u is not >> average %.1f", kron_max, kron_average);
    /* The ten largest hubs do not all sit in the lowest 1/16 of the ids. */
    uint32_t hubs_low = 0;
    for (uint32_t v = 0; v < kron.n; ++v)
        if (kron.offsets[v + 1] - kron.offsets[v] > kron_max / 4 && v < kron.n / 16) ++hubs_low;
    uint32_t hubs = 0;
    for (uint32_t v = 0; v < kron.n; ++v)
        if (kron.offsets[v + 1] - kron.offsets[v] > kron_max / 4) ++hubs;
    assert_true(hubs >= 2);
    if (hubs_low == hubs) fail_msg("all %u kron hubs have ids below n/16: ids are not permuted", hubs);
    free_csr(&kron);

    o = options_of(GG_GENERATOR_URAND);
    o.scale = scale;
    o.degree = degree;
    csr_copy urand = generate_csr(ctx, &o);
    assert_int_equal(urand.n, 1u << scale);
    /* Few repeats and self-loops among 2^18 uniform pairs over 2^14 vertices. */
    assert_true(urand.m <= 2 * generated);
    assert_true(urand.m >= 2 * generated - 2 * generated / 100);
    assert_no_self_loops(&urand);
    const double urand_average = (double)urand.m / urand.n;
    assert_true(max_degree(&urand) < 3 * urand_average);
    free_csr(&urand);
    gg_context_destroy(ctx);
}

/* Weights: integers in [weight_min, weight_max], every value drawn, and the
 * graph marked weighted; without weights every edge weighs 1. */
static void test_weights(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    const gg_generator kinds[] = {GG_GENERATOR_KRON, GG_GENERATOR_URAND, GG_GENERATOR_GRID};
    for (size_t k = 0; k < 3; ++k) {
        gg_generator_options o = options_of(kinds[k]);
        o.scale = 11;
        o.rows = 40;
        o.cols = 40;
        o.weighted = 1;
        o.weight_min = 3;
        o.weight_max = 17;
        gg_graph *g = generate(ctx, &o);
        assert_int_equal(gg_graph_is_weighted(g), 1);
        csr_copy c = copy_csr(ctx, g);
        int seen[18] = {0};
        for (uint64_t e = 0; e < c.m; ++e) {
            const float w = c.weights[e];
            if (!(w >= 3.0f && w <= 17.0f && w == floorf(w)))
                fail_msg("kind %d: edge %llu has weight %g outside the integers of [3, 17]", kinds[k],
                         (unsigned long long)e, (double)w);
            seen[(int)w] = 1;
        }
        for (int w = 3; w <= 17; ++w)
            if (!seen[w]) fail_msg("kind %d: weight %d never drawn", kinds[k], w);
        free_csr(&c);
        gg_graph_destroy(g);

        o.weight_min = o.weight_max = (1u << 24) - 1; /* the largest allowed, exact as a float */
        c = generate_csr(ctx, &o);
        for (uint64_t e = 0; e < c.m; ++e) assert_true(c.weights[e] == 16777215.0f);
        free_csr(&c);

        o.weighted = 0;
        g = generate(ctx, &o);
        assert_int_equal(gg_graph_is_weighted(g), 0);
        c = copy_csr(ctx, g);
        for (uint64_t e = 0; e < c.m; ++e) assert_true(c.weights[e] == 1.0f);
        free_csr(&c);
        gg_graph_destroy(g);
    }
    gg_context_destroy(ctx);
}

/* NULL options are the defaults: kron, scale 10, degree 16, symmetrized. */
static void test_defaults(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    gg_graph *g = generate(ctx, NULL);
    assert_int_equal(gg_graph_num_vertices(g), 1024);
    assert_int_equal(gg_graph_is_undirected(g), 1);
    assert_true(gg_graph_num_edges(g) > 16 * 1024);
    gg_generator_options o;
    gg_generator_options_init(&o);
    csr_copy a = copy_csr(ctx, g), b = generate_csr(ctx, &o);
    assert_true(csr_equal(&a, &b));
    free_csr(&a);
    free_csr(&b);
    gg_graph_destroy(g);
    gg_context_destroy(ctx);
}

/* R-MAT with a = 1 puts every edge at (0, 0): a self-loop, dropped; with
 * b = 1 every edge goes from 0 to the last id before relabelling. */
static void test_rmat_parameters_are_used(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    gg_generator_options o = options_of(GG_GENERATOR_KRON);
    o.scale = 8;
    o.rmat_a = 1.0;
    o.rmat_b = 0.0;
    o.rmat_c = 0.0;
    gg_graph *g = generate(ctx, &o);
    assert_int_equal(gg_graph_num_edges(g), 0);
    gg_graph_destroy(g);
    o.rmat_a = 0.0;
    o.rmat_b = 1.0;
    g = generate(ctx, &o);
    assert_int_equal(gg_graph_num_edges(g), 2); /* one edge, both directions */
    gg_graph_destroy(g);
    gg_context_destroy(ctx);
}

typedef struct {
    const char *what;
    void (*apply)(gg_generator_options *o);
    gg_status status;
    const char *field; /* must appear in the message */
} bad_option;

static void scale_zero(gg_generator_options *o) { o->scale = 0; }
static void scale_32(gg_generator_options *o) { o->scale = 32; }
static void urand_scale_40(gg_generator_options *o) { o->kind = GG_GENERATOR_URAND; o->scale = 40; }
static void degree_zero(gg_generator_options *o) { o->degree = 0; }
static void too_many_edges(gg_generator_options *o) { o->scale = 31; o->degree = 64; }
static void urand_too_many(gg_generator_options *o) { o->kind = GG_GENERATOR_URAND; o->scale = 30; o->degree = 100; }
static void rows_zero(gg_generator_options *o) { o->kind = GG_GENERATOR_GRID; o->rows = 0; }
static void cols_zero(gg_generator_options *o) { o->kind = GG_GENERATOR_GRID; o->cols = 0; }
static void grid_too_big(gg_generator_options *o) { o->kind = GG_GENERATOR_GRID; o->rows = 65536; o->cols = 65536; }
static void weight_min_above_max(gg_generator_options *o) { o->weighted = 1; o->weight_min = 10; o->weight_max = 9; }
static void weight_max_too_big(gg_generator_options *o) { o->weighted = 1; o->weight_max = 1u << 24; }
static void rmat_a_negative(gg_generator_options *o) { o->rmat_a = -0.1; }
static void rmat_b_above_one(gg_generator_options *o) { o->rmat_b = 1.5; }
static void rmat_c_nan(gg_generator_options *o) { o->rmat_c = NAN; }
static void rmat_sum_above_one(gg_generator_options *o) { o->rmat_a = 0.5; o->rmat_b = 0.3; o->rmat_c = 0.3; }
static void kind_unknown(gg_generator_options *o) { o->kind = (gg_generator)7; }
static void struct_size_zero(gg_generator_options *o) { o->struct_size = 0; }

static void test_bad_options(void **state) {
    (void)state;
    const bad_option cases[] = {
        {"scale 0", scale_zero, GG_ERROR_INVALID_ARGUMENT, "scale"},
        {"scale 32", scale_32, GG_ERROR_INVALID_ARGUMENT, "scale"},
        {"urand scale 40", urand_scale_40, GG_ERROR_INVALID_ARGUMENT, "scale"},
        {"degree 0", degree_zero, GG_ERROR_INVALID_ARGUMENT, "degree"},
        {"2^37 kron edges", too_many_edges, GG_ERROR_TOO_LARGE, "degree"},
        {"3 * 2^35 urand edges", urand_too_many, GG_ERROR_TOO_LARGE, "degree"},
        {"rows 0", rows_zero, GG_ERROR_INVALID_ARGUMENT, "rows"},
        {"cols 0", cols_zero, GG_ERROR_INVALID_ARGUMENT, "cols"},
        {"2^32 grid vertices", grid_too_big, GG_ERROR_INVALID_ARGUMENT, "rows x cols"},
        {"weight_min > weight_max", weight_min_above_max, GG_ERROR_INVALID_ARGUMENT, "weight_min"},
        {"weight_max 2^24", weight_max_too_big, GG_ERROR_INVALID_ARGUMENT, "weight_max"},
        {"rmat_a -0.1", rmat_a_negative, GG_ERROR_INVALID_ARGUMENT, "rmat_a"},
        {"rmat_b 1.5", rmat_b_above_one, GG_ERROR_INVALID_ARGUMENT, "rmat_b"},
        {"rmat_c NaN", rmat_c_nan, GG_ERROR_INVALID_ARGUMENT, "rmat_c"},
        {"a + b + c = 1.1", rmat_sum_above_one, GG_ERROR_INVALID_ARGUMENT, "rmat_a + rmat_b + rmat_c"},
        {"kind 7", kind_unknown, GG_ERROR_INVALID_ARGUMENT, "kind"},
        {"struct_size 0", struct_size_zero, GG_ERROR_INVALID_ARGUMENT, "struct_size"},
    };
    gg_context *ctx = new_context(0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        gg_generator_options o;
        gg_generator_options_init(&o);
        cases[i].apply(&o);
        gg_graph *g = (gg_graph *)&o; /* must be reset to NULL */
        gg_status s = gg_graph_generate(ctx, &o, &g);
        if (s != cases[i].status)
            fail_msg("%s: expected status %d, got %d (%s)", cases[i].what, cases[i].status, s,
                     gg_context_last_error(ctx));
        assert_null(g);
        assert_int_equal(gg_context_last_status(ctx), cases[i].status);
        const char *message = gg_context_last_error(ctx);
        if (strstr(message, cases[i].field) == NULL)
            fail_msg("%s: message \"%s\" does not name \"%s\"", cases[i].what, message, cases[i].field);
        gg_context_clear_error(ctx);
    }
    assert_int_equal(gg_graph_generate(ctx, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "out_graph"));
    gg_context_destroy(ctx);
}

/* Fields a kind does not use are not checked: a grid ignores scale and
 * degree, an unweighted graph ignores the weight range. */
static void test_unused_fields_ignored(void **state) {
    (void)state;
    gg_context *ctx = new_context(0);
    gg_generator_options o = options_of(GG_GENERATOR_GRID);
    o.scale = 0;
    o.degree = 0;
    o.rmat_a = 5.0;
    o.weight_min = 10;
    o.weight_max = 1;
    gg_graph *g = generate(ctx, &o);
    assert_int_equal(gg_graph_num_vertices(g), 32 * 32);
    gg_graph_destroy(g);
    gg_context_destroy(ctx);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_graph),
        cmocka_unit_test(test_thread_count_does_not_matter),
        cmocka_unit_test(test_different_seeds_differ),
        cmocka_unit_test(test_grid_structure),
        cmocka_unit_test(test_kron_and_urand_shape),
        cmocka_unit_test(test_weights),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_rmat_parameters_are_used),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_unused_fields_ignored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
