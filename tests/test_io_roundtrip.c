/* Graph files through the public API: every format written by gg_graph_save
 * reads back with gg_graph_load as the same CSR (weights where the format
 * keeps them), format detection by extension and by content, the text
 * features readers must accept (comments, tabs, CRLF, symmetric .mtx), and
 * writer errors.
 *
 * What each format keeps (shared/design.md):
 *  - .ggb keeps everything, the undirected flag included.
 *  - .mtx and .gr keep n, the edges and the weights (.mtx "pattern" when
 *    unweighted); every stored direction is written, so an undirected graph
 *    comes back as a directed graph with the same CSR.
 *  - .el/.txt and .wel define n = max id + 1, so isolated vertices after the
 *    largest id are lost; .el drops weights (they read back as 1). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

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

/* Named after the process too: ctest runs this program twice at once (the
 * .by_ranges test), and the two must not write each other's files. */
static void tmp_path(char *out, size_t size, const char *name) {
    snprintf(out, size, "%s/io_roundtrip_%ld_%s", GG_TEST_TMP_DIR, (long)getpid(), name);
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

static gg_graph *load_ok(const char *path, gg_format format, const gg_graph_options *options) {
    gg_graph *g = NULL;
    gg_status s = gg_graph_load(ctx, path, format, options, &g);
    if (s != GG_OK) fail_msg("loading %s failed (%d): %s", path, s, gg_context_last_error(ctx));
    return g;
}

static void save_ok(const gg_graph *g, const char *path, gg_format format) {
    gg_status s = gg_graph_save(ctx, g, path, format);
    if (s != GG_OK) fail_msg("saving %s failed (%d): %s", path, s, gg_context_last_error(ctx));
}

/* ---- graph arrays ------------------------------------------------------- */

/* n that an edge list gives back: max id + 1, or 0 without edges. */
static uint32_t edge_list_n(const csr_copy *c) {
    uint32_t n = 0;
    for (uint32_t u = 0; u < c->n; ++u)
        for (uint64_t e = c->offsets[u]; e < c->offsets[u + 1]; ++e) {
            if (u + 1 > n) n = u + 1;
            if (c->indices[e] + 1 > n) n = c->indices[e] + 1;
        }
    return n;
}

/* got must equal want on want's first got.n vertices (all of them when
 * expected_n == want.n); weights compared bit for bit when keep_weights,
 * else they must all be 1. */
static void expect_same_edges(const csr_copy *got, const csr_copy *want, uint32_t expected_n, int keep_weights,
                              const char *what) {
    if (got->n != expected_n) fail_msg("%s: n is %u, expected %u", what, got->n, expected_n);
    if (got->m != want->m) fail_msg("%s: m is %llu, expected %llu", what, (unsigned long long)got->m, (unsigned long long)want->m);
    for (uint32_t v = 0; v <= got->n; ++v)
        if (got->offsets[v] != want->offsets[v])
            fail_msg("%s: offsets[%u] is %llu, expected %llu", what, v, (unsigned long long)got->offsets[v],
                     (unsigned long long)want->offsets[v]);
    for (uint64_t e = 0; e < got->m; ++e) {
        if (got->indices[e] != want->indices[e])
            fail_msg("%s: indices[%llu] is %u, expected %u", what, (unsigned long long)e, got->indices[e], want->indices[e]);
        float expected = keep_weights ? want->weights[e] : 1.0f;
        if (memcmp(&got->weights[e], &expected, sizeof expected) != 0)
            fail_msg("%s: weights[%llu] is %.9g, expected %.9g", what, (unsigned long long)e, got->weights[e], expected);
    }
}

/* ---- the graphs ----------------------------------------------------------- */

static uint64_t rng_state = 0x853c49e6748fea9bull;
static uint32_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* Any finite float: random bits, NaN and infinities redrawn; tests that the
 * shortest decimal written reads back as the same float. */
static float random_float(void) {
    for (;;) {
        uint32_t bits = next_random();
        float f;
        memcpy(&f, &bits, sizeof f);
        if (isfinite(f)) return f;
    }
}

typedef enum { WEIGHTS_NONE, WEIGHTS_INTEGER, WEIGHTS_ANY_FLOAT } weight_kind;

/* n vertices, m random edges among the first `used` vertices (so the rest are
 * isolated trailing vertices). */
static gg_graph *random_graph(uint32_t n, uint32_t used, uint64_t m, weight_kind weights, int undirected) {
    uint32_t *src = malloc(sizeof(uint32_t) * (m + 1)), *dst = malloc(sizeof(uint32_t) * (m + 1));
    float *w = malloc(sizeof(float) * (m + 1));
    for (uint64_t e = 0; e < m; ++e) {
        src[e] = next_random() % used;
        dst[e] = next_random() % used;
        w[e] = weights == WEIGHTS_ANY_FLOAT ? random_float() : (float)(1 + next_random() % 255);
    }
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.undirected = undirected;
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_create(ctx, n, m, src, dst, weights == WEIGHTS_NONE ? NULL : w, &opt, &g), GG_OK);
    free(src);
    free(dst);
    free(w);
    return g;
}

typedef struct {
    const char *name;
    gg_graph *graph;
} named_graph;

enum { NUM_GRAPHS = 8 };

static void make_graphs(named_graph *graphs) {
    static const uint32_t loop[] = {0};
    graphs[0] = (named_graph){"weighted (any float)", random_graph(60, 50, 400, WEIGHTS_ANY_FLOAT, 0)};
    graphs[1] = (named_graph){"weighted (integers), undirected", random_graph(40, 40, 150, WEIGHTS_INTEGER, 1)};
    graphs[2] = (named_graph){"unweighted, isolated trailing vertices", random_graph(30, 12, 50, WEIGHTS_NONE, 0)};
    graphs[3] = (named_graph){"unweighted, undirected", random_graph(25, 25, 60, WEIGHTS_NONE, 1)};
    graphs[4] = (named_graph){"empty", NULL};
    assert_int_equal(gg_graph_create(ctx, 0, 0, NULL, NULL, NULL, NULL, &graphs[4].graph), GG_OK);
    graphs[5] = (named_graph){"one vertex, no edge", NULL};
    assert_int_equal(gg_graph_create(ctx, 1, 0, NULL, NULL, NULL, NULL, &graphs[5].graph), GG_OK);
    graphs[6] = (named_graph){"one vertex, self-loop", NULL};
    assert_int_equal(gg_graph_create(ctx, 1, 1, loop, loop, NULL, NULL, &graphs[6].graph), GG_OK);
    graphs[7] = (named_graph){"isolated vertices only", NULL};
    assert_int_equal(gg_graph_create(ctx, 7, 0, NULL, NULL, NULL, NULL, &graphs[7].graph), GG_OK);
}

static void free_graphs(named_graph *graphs) {
    for (int i = 0; i < NUM_GRAPHS; ++i) gg_graph_destroy(graphs[i].graph);
}

typedef struct {
    const char *extension;
    gg_format format;
    int keeps_n;       /* else n = max id + 1 */
    int keeps_weights; /* else weights read back as 1 */
} format_case;

static const format_case kFormats[] = {
    {"mtx", GG_FORMAT_MTX, 1, 1},      {"el", GG_FORMAT_EDGELIST, 0, 0}, {"txt", GG_FORMAT_EDGELIST, 0, 0},
    {"wel", GG_FORMAT_WEL, 0, 1},      {"gr", GG_FORMAT_DIMACS, 1, 1},   {"ggb", GG_FORMAT_GGB, 1, 1},
};
enum { NUM_FORMATS = sizeof kFormats / sizeof kFormats[0] };

static void check_round_trip(const gg_graph *original, const gg_graph *loaded, const format_case *f, const char *what) {
    csr_copy want = csr_copy_out(ctx, original), got = csr_copy_out(ctx, loaded);
    uint32_t expected_n = f->keeps_n ? want.n : edge_list_n(&want);
    expect_same_edges(&got, &want, expected_n, f->keeps_weights || !gg_graph_is_weighted(original), what);
    int weighted = gg_graph_is_weighted(original);
    int expected_weighted = f->format == GG_FORMAT_EDGELIST ? 0
                            : f->format == GG_FORMAT_WEL || f->format == GG_FORMAT_DIMACS ? 1
                                                                                          : weighted;
    if (gg_graph_is_weighted(loaded) != expected_weighted)
        fail_msg("%s: is_weighted is %d, expected %d", what, gg_graph_is_weighted(loaded), expected_weighted);
    int expected_undirected = f->format == GG_FORMAT_GGB ? gg_graph_is_undirected(original) : 0;
    if (gg_graph_is_undirected(loaded) != expected_undirected)
        fail_msg("%s: is_undirected is %d, expected %d", what, gg_graph_is_undirected(loaded), expected_undirected);
    csr_copy_free(&want);
    csr_copy_free(&got);
}

/* ---- tests ------------------------------------------------------------------ */

static void test_round_trip_every_format(void **state) {
    (void)state;
    named_graph graphs[NUM_GRAPHS];
    make_graphs(graphs);
    for (int i = 0; i < NUM_GRAPHS; ++i) {
        for (int f = 0; f < NUM_FORMATS; ++f) {
            char path[512], what[256], name[64];
            snprintf(name, sizeof name, "graph%d.%s", i, kFormats[f].extension);
            tmp_path(path, sizeof path, name);
            snprintf(what, sizeof what, "%s through .%s", graphs[i].name, kFormats[f].extension);
            save_ok(graphs[i].graph, path, GG_FORMAT_AUTO);
            gg_graph *loaded = load_ok(path, GG_FORMAT_AUTO, NULL);
            check_round_trip(graphs[i].graph, loaded, &kFormats[f], what);
            gg_graph_destroy(loaded);
            unlink(path);
        }
    }
    free_graphs(graphs);
}

/* The same files, renamed so that the extension says nothing: the content
 * must tell the format. */
static void test_format_detected_from_content(void **state) {
    (void)state;
    named_graph graphs[NUM_GRAPHS];
    make_graphs(graphs);
    const int with_edges[] = {0, 1, 2};
    for (size_t k = 0; k < sizeof with_edges / sizeof with_edges[0]; ++k) {
        int i = with_edges[k];
        for (int f = 0; f < NUM_FORMATS; ++f) {
            char path[512], what[256], name[64];
            snprintf(name, sizeof name, "sniff%d_%s.data", i, kFormats[f].extension);
            tmp_path(path, sizeof path, name);
            snprintf(what, sizeof what, "%s through .%s, detected from content", graphs[i].name, kFormats[f].extension);
            save_ok(graphs[i].graph, path, kFormats[f].format);
            gg_graph *loaded = load_ok(path, GG_FORMAT_AUTO, NULL);
            check_round_trip(graphs[i].graph, loaded, &kFormats[f], what);
            gg_graph_destroy(loaded);
            /* Naming the format works too, whatever the extension. */
            loaded = load_ok(path, kFormats[f].format, NULL);
            check_round_trip(graphs[i].graph, loaded, &kFormats[f], what);
            gg_graph_destroy(loaded);
            unlink(path);
        }
    }
    free_graphs(graphs);
}

static void test_format_from_path(void **state) {
    (void)state;
    assert_int_equal(gg_format_from_path("a.mtx"), GG_FORMAT_MTX);
    assert_int_equal(gg_format_from_path("dir/A.MTX"), GG_FORMAT_MTX);
    assert_int_equal(gg_format_from_path("x.el"), GG_FORMAT_EDGELIST);
    assert_int_equal(gg_format_from_path("x.txt"), GG_FORMAT_EDGELIST);
    assert_int_equal(gg_format_from_path("x.wel"), GG_FORMAT_WEL);
    assert_int_equal(gg_format_from_path("roads.gr"), GG_FORMAT_DIMACS);
    assert_int_equal(gg_format_from_path("/tmp/g.ggb"), GG_FORMAT_GGB);
    assert_int_equal(gg_format_from_path("x.mtx.gz"), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path("dir.mtx/file"), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path("noextension"), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path(NULL), GG_FORMAT_AUTO);
}

/* Content sniffing of hand-written files with leading comments. */
static void test_sniffing_hand_written_files(void **state) {
    (void)state;
    const struct {
        const char *text;
        uint32_t n;
        uint64_t m;
        int weighted;
    } cases[] = {
        {"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", 2, 1, 0},
        {"c road graph\np sp 3 1\na 1 3 7\n", 3, 1, 1},
        {"p sp 3 1\na 3 1 7\n", 3, 1, 1},
        {"# SNAP\n# Nodes: 3\n0\t2\n", 3, 1, 0},
        {"% comment\n\n0 1 2.5\n1 0 3\n", 2, 2, 1},
        {"# only comments: an empty edge list\n", 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char path[512], name[64];
        snprintf(name, sizeof name, "handwritten%zu.unknown", i);
        tmp_path(path, sizeof path, name);
        write_text(path, cases[i].text);
        gg_graph *g = load_ok(path, GG_FORMAT_AUTO, NULL);
        if (gg_graph_num_vertices(g) != cases[i].n || gg_graph_num_edges(g) != cases[i].m ||
            gg_graph_is_weighted(g) != cases[i].weighted)
            fail_msg("case %zu: n %u m %llu weighted %d, expected n %u m %llu weighted %d", i, gg_graph_num_vertices(g),
                     (unsigned long long)gg_graph_num_edges(g), gg_graph_is_weighted(g), cases[i].n,
                     (unsigned long long)cases[i].m, cases[i].weighted);
        gg_graph_destroy(g);
        unlink(path);
    }
}

/* Loads text and compares with the expected arrays. */
static void expect_loaded(const char *name, const char *text, const gg_graph_options *options, uint32_t n, uint64_t m,
                          const uint64_t *offsets, const uint32_t *indices, const float *weights, int undirected) {
    char path[512];
    tmp_path(path, sizeof path, name);
    write_text(path, text);
    gg_graph *g = load_ok(path, GG_FORMAT_AUTO, options);
    csr_copy c = csr_copy_out(ctx, g);
    if (c.n != n || c.m != m) fail_msg("%s: n %u m %llu, expected n %u m %llu", name, c.n, (unsigned long long)c.m, n, (unsigned long long)m);
    assert_memory_equal(c.offsets, offsets, sizeof(uint64_t) * (n + 1));
    if (m > 0) {
        assert_memory_equal(c.indices, indices, sizeof(uint32_t) * m);
        for (uint64_t e = 0; e < m; ++e)
            if (c.weights[e] != weights[e]) fail_msg("%s: weight %llu is %g, expected %g", name, (unsigned long long)e, c.weights[e], weights[e]);
    }
    assert_int_equal(gg_graph_is_undirected(g), undirected);
    csr_copy_free(&c);
    gg_graph_destroy(g);
    unlink(path);
}

static void test_text_features(void **state) {
    (void)state;
    {   /* symmetric .mtx: undirected, 1-based, diagonal stored once, integer field, CRLF, comments */
        const uint64_t offsets[] = {0, 2, 3, 5};
        const uint32_t indices[] = {0, 2, 2, 0, 1};
        const float weights[] = {4, 6, 5, 6, 5};
        expect_loaded("symmetric.mtx",
                      "%%MatrixMarket matrix coordinate integer symmetric\r\n% a comment\r\n3 3 3\r\n1 1 4\r\n3 1 6\r\n3 2 5\r\n",
                      NULL, 3, 5, offsets, indices, weights, 1);
    }
    {   /* duplicates keep the minimum weight by default, the maximum on request; rectangular: n = max(rows, cols) */
        const char *text = "%%MatrixMarket matrix coordinate real general\n2 4 3\n1 4 2.5\n1 4 -1e-3\n2 1 7\n";
        const uint64_t offsets[] = {0, 1, 2, 2, 2};
        const uint32_t indices[] = {3, 0};
        const float min_weights[] = {-1e-3f, 7}, max_weights[] = {2.5f, 7};
        expect_loaded("duplicates.mtx", text, NULL, 4, 2, offsets, indices, min_weights, 0);
        gg_graph_options opt;
        gg_graph_options_init(&opt);
        opt.duplicates = GG_DUPLICATES_KEEP_MAX;
        expect_loaded("duplicates_max.mtx", text, &opt, 4, 2, offsets, indices, max_weights, 0);
    }
    {   /* SNAP edge list: tabs, '#' and '%' comments, blank lines, no final newline, leading zeros; undirected on request */
        const uint64_t offsets[] = {0, 1, 3, 4};
        const uint32_t indices[] = {1, 0, 2, 1};
        const float weights[] = {1, 1, 1, 1};
        gg_graph_options opt;
        gg_graph_options_init(&opt);
        opt.undirected = 1;
        expect_loaded("snap.txt", "# Directed graph\n# FromNodeId\tToNodeId\n\n0\t1\n% other comment\n  002 \t 1", &opt, 3, 4,
                      offsets, indices, weights, 1);
    }
    {   /* .wel: weights in many spellings; a self-loop kept */
        const uint64_t offsets[] = {0, 3, 3};
        const uint32_t indices[] = {0, 1, 1};
        const float weights[] = {-0.0f, 1e-3f, 25};
        gg_graph_options opt;
        gg_graph_options_init(&opt);
        opt.duplicates = GG_DUPLICATES_KEEP_ALL;
        expect_loaded("spellings.wel", "0 1 +25\n0 1 1E-3\n0 0 -0.0\n", &opt, 2, 3, offsets, indices, weights, 0);
    }
    {   /* .wel: integer weights around the short path for up to 7 digits, and past it */
        const uint64_t offsets[] = {0, 7, 7};
        const uint32_t indices[] = {1, 1, 1, 1, 1, 1, 1};
        const float weights[] = {-9999999.0f, -42.0f, -0.0f, 7.0f, 9999999.0f, 10000000.0f, 16777216.0f};
        gg_graph_options opt;
        gg_graph_options_init(&opt);
        opt.duplicates = GG_DUPLICATES_KEEP_ALL;
        expect_loaded("integers.wel", "0 1 16777217\n0 1 0000007\n0 1 -0\n0 1 9999999\n0 1 10000000\n0 1 -42\n0 1 -9999999\n",
                      &opt, 2, 7, offsets, indices, weights, 0);
    }
    {   /* DIMACS: ids 1-based, comments between arcs, trailing isolated vertices kept */
        const uint64_t offsets[] = {0, 0, 1, 1, 1};
        const uint32_t indices[] = {0};
        const float weights[] = {12};
        expect_loaded("small.gr", "c 9th DIMACS\np sp 4 1\nc arcs follow\na 2 1 12\n", NULL, 4, 1, offsets, indices, weights, 0);
    }
    {   /* drop_self_loops applies to files too */
        const uint64_t offsets[] = {0, 1, 1};
        const uint32_t indices[] = {1};
        const float weights[] = {1};
        gg_graph_options opt;
        gg_graph_options_init(&opt);
        opt.drop_self_loops = 1;
        expect_loaded("loops.el", "0 0\n0 1\n1 1\n", &opt, 2, 1, offsets, indices, weights, 0);
    }
}

/* An undirected graph written as text reads back the same when loaded as
 * undirected too (both stored directions merge into the same edges). */
static void test_undirected_text_reloaded_as_undirected(void **state) {
    (void)state;
    gg_graph *original = random_graph(30, 30, 80, WEIGHTS_INTEGER, 1);
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.undirected = 1;
    for (int f = 0; f < NUM_FORMATS; ++f) {
        char path[512], name[64], what[128];
        snprintf(name, sizeof name, "undirected.%s", kFormats[f].extension);
        tmp_path(path, sizeof path, name);
        save_ok(original, path, GG_FORMAT_AUTO);
        gg_graph *loaded = load_ok(path, GG_FORMAT_AUTO, &opt);
        assert_int_equal(gg_graph_is_undirected(loaded), 1);
        csr_copy want = csr_copy_out(ctx, original), got = csr_copy_out(ctx, loaded);
        snprintf(what, sizeof what, "undirected graph through .%s loaded undirected", kFormats[f].extension);
        expect_same_edges(&got, &want, kFormats[f].keeps_n ? want.n : edge_list_n(&want), kFormats[f].keeps_weights, what);
        csr_copy_free(&want);
        csr_copy_free(&got);
        gg_graph_destroy(loaded);
        unlink(path);
    }
    gg_graph_destroy(original);
}

/* Files bigger than the readers' 16 MiB block: lines cross block boundaries. */
static void test_round_trip_larger_than_a_block(void **state) {
    (void)state;
    gg_graph *original = random_graph(1u << 20, 1u << 20, 1500000, WEIGHTS_ANY_FLOAT, 0);
    const format_case *cases[] = {&kFormats[3], &kFormats[0], &kFormats[5]}; /* .wel, .mtx, .ggb */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char path[512], name[64], what[64];
        snprintf(name, sizeof name, "large.%s", cases[i]->extension);
        tmp_path(path, sizeof path, name);
        save_ok(original, path, GG_FORMAT_AUTO);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fclose(f);
        if (cases[i]->format != GG_FORMAT_GGB && size < (32l << 20))
            fail_msg("%s is only %ld bytes; the test needs more than two 16 MiB blocks", path, size);
        gg_graph *loaded = load_ok(path, GG_FORMAT_AUTO, NULL);
        snprintf(what, sizeof what, "large graph through .%s", cases[i]->extension);
        check_round_trip(original, loaded, cases[i], what);
        gg_graph_destroy(loaded);
        unlink(path);
    }
    gg_graph_destroy(original);
}

/* Arrays of four 16 MiB blocks or more are read by several threads at once,
 * each block into its place, and checksummed in order by one: a symmetric
 * weighted kron graph of over 64 MiB of ids reads back equal on 1, 2 and 3
 * threads, and a byte changed in a late block is still a checksum mismatch. */
static void test_ggb_read_by_several_threads(void **state) {
    (void)state;
    gg_generator_options options;
    gg_generator_options_init(&options);
    options.kind = GG_GENERATOR_KRON;
    options.scale = 19;
    options.degree = 24;
    options.weighted = 1;
    gg_graph *original = NULL;
    assert_int_equal(gg_graph_generate(ctx, &options, &original), GG_OK);
    csr_copy want = csr_copy_out(ctx, original);
    if (4 * want.m <= (uint64_t)3 << 24) fail_msg("%llu edges: the ids need more than three 16 MiB blocks", (unsigned long long)want.m);
    char path[512];
    tmp_path(path, sizeof path, "parallel.ggb");
    save_ok(original, path, GG_FORMAT_GGB);
    gg_graph_destroy(original);
    for (int32_t threads = 1; threads <= 3; ++threads) {
        gg_context_options context_options;
        gg_context_options_init(&context_options);
        context_options.num_threads = threads;
        gg_context *context = NULL;
        assert_int_equal(gg_context_create(&context_options, &context), GG_OK);
        gg_graph *loaded = NULL;
        if (gg_graph_load(context, path, GG_FORMAT_GGB, NULL, &loaded) != GG_OK)
            fail_msg("%d threads: %s", threads, gg_context_last_error(context));
        csr_copy got = csr_copy_out(context, loaded);
        assert_int_equal(got.n, want.n);
        assert_int_equal(got.m, want.m);
        assert_memory_equal(got.offsets, want.offsets, 8 * (want.n + 1));
        assert_memory_equal(got.indices, want.indices, 4 * want.m);
        assert_memory_equal(got.weights, want.weights, 4 * want.m);
        csr_copy_free(&got);
        gg_graph_destroy(loaded);
        gg_context_destroy(context);
    }
    /* One bit of the last weights' block. */
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, -100, SEEK_END), 0);
    const int byte = fgetc(f);
    assert_int_equal(fseek(f, -100, SEEK_END), 0);
    assert_int_equal(fputc(byte ^ 0x10, f), byte ^ 0x10);
    assert_int_equal(fclose(f), 0);
    gg_graph *corrupt = NULL;
    assert_int_equal(gg_graph_load(ctx, path, GG_FORMAT_GGB, NULL, &corrupt), GG_ERROR_PARSE);
    assert_non_null(strstr(gg_context_last_error(ctx), "checksum mismatch"));
    csr_copy_free(&want);
    unlink(path);
}

static void test_save_errors(void **state) {
    (void)state;
    gg_graph *g = random_graph(5, 5, 10, WEIGHTS_INTEGER, 0);
    char path[512];
    tmp_path(path, sizeof path, "unknown.extension");
    unlink(path);
    assert_int_equal(gg_graph_save(ctx, g, path, GG_FORMAT_AUTO), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), path));
    assert_int_equal(access(path, F_OK), -1); /* nothing was created */

    const char *missing_dir = GG_TEST_TMP_DIR "/no_such_directory/graph.el";
    assert_int_equal(gg_graph_save(ctx, g, missing_dir, GG_FORMAT_AUTO), GG_ERROR_IO);
    assert_non_null(strstr(gg_context_last_error(ctx), missing_dir));
    assert_non_null(strstr(gg_context_last_error(ctx), "No such file or directory"));

    if (access("/dev/full", W_OK) == 0) { /* every write fails with ENOSPC: a full disk */
        assert_int_equal(gg_graph_save(ctx, g, "/dev/full", GG_FORMAT_MTX), GG_ERROR_IO);
        assert_non_null(strstr(gg_context_last_error(ctx), "/dev/full"));
        assert_int_equal(gg_graph_save(ctx, g, "/dev/full", GG_FORMAT_GGB), GG_ERROR_IO);
    } else {
        print_message("/dev/full is not writable here; the disk-full case was skipped\n");
    }
    assert_int_equal(gg_graph_save(ctx, g, path, (gg_format)42), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_graph_save(ctx, NULL, path, GG_FORMAT_EDGELIST), GG_ERROR_INVALID_ARGUMENT);
    gg_graph_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_format),
        cmocka_unit_test(test_format_detected_from_content),
        cmocka_unit_test(test_format_from_path),
        cmocka_unit_test(test_sniffing_hand_written_files),
        cmocka_unit_test(test_text_features),
        cmocka_unit_test(test_undirected_text_reloaded_as_undirected),
        cmocka_unit_test(test_round_trip_larger_than_a_block),
        cmocka_unit_test(test_ggb_read_by_several_threads),
        cmocka_unit_test(test_save_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
