/* Malformed graph files of every format, written by the test: each must give
 * the right status and a message naming the file (and, for text formats, the
 * line: "<path>:<line>: <what>"), never a crash, a hang or a huge allocation.
 * Binary .ggb cases start from a file gg wrote and change bytes; those that
 * must get past the checksum recompute it with the format's checksum,
 * written out again here from its definition (src/io/ggb/checksum.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Named after the process too: ctest runs this program twice at once (the
 * .by_ranges test), and the two must not write each other's files. */
static void tmp_path(char *out, size_t size, const char *name) {
    snprintf(out, size, "%s/io_malformed_%ld_%s", GG_TEST_TMP_DIR, (long)getpid(), name);
}

static void write_bytes(const char *path, const void *data, size_t size) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (size > 0) assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

static unsigned char *read_bytes(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc(*size + 1);
    assert_int_equal(fread(data, 1, *size, f), *size);
    fclose(f);
    return data;
}

/* Loads path and checks the status and that the message holds `where`
 * (the path, and the line for text) followed by `what`. */
static void expect_load_failure(const char *path, const gg_graph_options *options, gg_status status, long line,
                                const char *what) {
    gg_graph *g = (gg_graph *)&g; /* must come back NULL */
    gg_status got = gg_graph_load(ctx, path, GG_FORMAT_AUTO, options, &g);
    const char *message = gg_context_last_error(ctx);
    if (got != status)
        fail_msg("%s: expected status %d (%s), got %d; message: %s", path, status, gg_status_string(status), got, message);
    if (g != NULL) fail_msg("%s: out_graph not reset to NULL on failure", path);
    char where[600];
    if (line > 0)
        snprintf(where, sizeof where, "%s:%ld: ", path, line);
    else
        snprintf(where, sizeof where, "%s: ", path);
    const char *at = strstr(message, where);
    if (at == NULL) fail_msg("%s: expected the message to contain \"%s\", got \"%s\"", path, where, message);
    if (strstr(at + strlen(where), what) == NULL)
        fail_msg("%s: expected \"%s\" after \"%s\", got \"%s\"", path, what, where, message);
}

/* ---- text formats: table-driven ----------------------------------------- */

typedef struct {
    const char *file;      /* name with extension; the extension picks the format */
    const char *text;
    size_t length;         /* 0: strlen(text); else the bytes hold NULs */
    gg_status status;
    long line;
    const char *what;
    uint64_t max_edges;    /* 0: default */
} text_case;

static void run_text_cases(const text_case *cases, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        char path[512];
        tmp_path(path, sizeof path, cases[i].file);
        write_bytes(path, cases[i].text, cases[i].length ? cases[i].length : strlen(cases[i].text));
        gg_graph_options opt;
        gg_graph_options_init(&opt);
        opt.max_edges = cases[i].max_edges;
        expect_load_failure(path, &opt, cases[i].status, cases[i].line, cases[i].what);
        unlink(path);
    }
}

#define B "%%MatrixMarket matrix coordinate real general\n"
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static void test_mtx_malformed(void **state) {
    (void)state;
    static const text_case cases[] = {
        {"empty.mtx", "", 0, GG_ERROR_PARSE, 1, "empty file", 0},
        {"no_banner.mtx", "3 3 1\n1 2 1\n", 0, GG_ERROR_PARSE, 1, "banner", 0},
        {"array.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", 0, GG_ERROR_UNSUPPORTED, 1, "'array'", 0},
        {"complex.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", 0, GG_ERROR_UNSUPPORTED, 1, "'complex'", 0},
        {"hermitian.mtx", "%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n", 0, GG_ERROR_UNSUPPORTED, 1, "'hermitian'", 0},
        {"bad_field.mtx", "%%MatrixMarket matrix coordinate float general\n1 1 0\n", 0, GG_ERROR_PARSE, 1, "field 'float'", 0},
        {"short_banner.mtx", "%%MatrixMarket matrix coordinate\n1 1 0\n", 0, GG_ERROR_PARSE, 1, "incomplete banner", 0},
        {"no_size.mtx", B "% only a comment\n", 0, GG_ERROR_PARSE, 2, "before the size line", 0},
        {"size_short.mtx", B "3 3\n", 0, GG_ERROR_PARSE, 2, "missing entry count", 0},
        {"too_few.mtx", B "3 3 3\n1 2 1\n2 3 1\n", 0, GG_ERROR_PARSE, 4, "ends after 2 of the 3 entries declared on line 2", 0},
        {"too_many.mtx", B "3 3 1\n1 2 1\n2 3 1\n", 0, GG_ERROR_PARSE, 4, "more entries than the 1 declared on line 2", 0},
        {"zero_id.mtx", B "3 3 1\n0 2 1\n", 0, GG_ERROR_PARSE, 3, "row index is 0", 0},
        {"row_above.mtx", B "3 3 1\n4 2 1\n", 0, GG_ERROR_PARSE, 3, "row index 4 is out of range 1..3", 0},
        {"col_above.mtx", B "3 2 1\n1 3 1\n", 0, GG_ERROR_PARSE, 3, "column index 3 is out of range 1..2", 0},
        {"negative_id.mtx", B "3 3 1\n-1 2 1\n", 0, GG_ERROR_PARSE, 3, "negative", 0},
        {"overflowing_id.mtx", B "3 3 1\n99999999999999999999999 2 1\n", 0, GG_ERROR_PARSE, 3, "too large", 0},
        {"big_id.mtx", B "3 3 1\n1 99999999999 1\n", 0, GG_ERROR_PARSE, 3, "column index 99999999999 is out of range", 0},
        {"missing_value.mtx", B "3 3 1\n1 2\n", 0, GG_ERROR_PARSE, 3, "missing value", 0},
        {"missing_column.mtx", B "3 3 1\n1\n", 0, GG_ERROR_PARSE, 3, "missing column index", 0},
        {"trailing.mtx", B "3 3 1\n1 2 1 x\n", 0, GG_ERROR_PARSE, 3, "unexpected text 'x'", 0},
        {"pattern_value.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2 5\n", 0, GG_ERROR_PARSE, 3,
         "unexpected text '5'", 0},
        {"garbage_id.mtx", B "3 3 1\n1a 2 1\n", 0, GG_ERROR_PARSE, 3, "'1a' is not a non-negative integer", 0},
        {"nan.mtx", B "3 3 1\n1 2 nan\n", 0, GG_ERROR_PARSE, 3, "'nan' is not finite", 0},
        {"inf.mtx", B "3 3 2\n1 2 1\n2 3 -inf\n", 0, GG_ERROR_PARSE, 4, "'-inf' is not finite", 0},
        {"float_overflow.mtx", B "3 3 1\n1 2 1e39\n", 0, GG_ERROR_PARSE, 3, "does not fit in a float", 0},
        {"double_overflow.mtx", B "3 3 1\n1 2 1e999\n", 0, GG_ERROR_PARSE, 3, "out of range", 0},
        {"value_garbage.mtx", B "3 3 1\n1 2 abc\n", 0, GG_ERROR_PARSE, 3, "'abc' is not a number", 0},
        {"huge_declared.mtx", B "4294967295 4294967295 999999999999999\n1 1 1\n", 0, GG_ERROR_PARSE, 2,
         "declares 999999999999999 entries", 0},
        {"rows_above_32_bits.mtx", B "4294967296 3 1\n1 1 1\n", 0, GG_ERROR_PARSE, 2, "at most 4294967295", 0},
        {"max_edges.mtx", B "3 3 3\n1 2 1\n2 3 1\n3 1 1\n", 0, GG_ERROR_TOO_LARGE, 2, "max_edges", 2},
        {"binary.mtx", "\x00\x01\xff\xfe garbage\n\x00", 14, GG_ERROR_PARSE, 1, "banner", 0},
    };
    run_text_cases(cases, COUNT(cases));
}

/* A vertex count a file gives must be justified by its edges (max(2^24, 64 x
 * edges)) unless gg_graph_options.max_vertices lifts the limit: a 60-byte
 * file declaring 400 M vertices is refused at once, naming the option. */
static void test_declared_vertices_need_edges(void **state) {
    (void)state;
    static const text_case cases[] = {
        {"huge_n.mtx", "%%MatrixMarket matrix coordinate pattern general\n400000000 400000000 1\n1 1\n", 0,
         GG_ERROR_TOO_LARGE, 2, "400000000 vertices for 1 edges is more than max(2^24, 64 x edges) = 16777216", 0},
        {"huge_n_symmetric.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n16777217 16777217 1\n2 1\n", 0,
         GG_ERROR_TOO_LARGE, 2, "16777217 vertices for 2 edges", 0},
        {"huge_n.gr", "p sp 500000000 1\na 1 2 1\n", 0, GG_ERROR_TOO_LARGE, 1, "gg_graph_options.max_vertices", 0},
        {"huge_id.el", "0 3999999999\n", 0, GG_ERROR_TOO_LARGE, 0, "4000000000 vertices for 1 edges", 0},
        {"huge_id.wel", "0 1 1\n2 3999999999 1\n", 0, GG_ERROR_TOO_LARGE, 0, "--max-vertices", 0},
    };
    run_text_cases(cases, COUNT(cases));

    /* At the limit it loads; one above it loads only when max_vertices allows. */
    char path[512];
    tmp_path(path, sizeof path, "at_limit.mtx");
    const char *at_limit = "%%MatrixMarket matrix coordinate pattern general\n16777216 16777216 1\n1 2\n";
    write_bytes(path, at_limit, strlen(at_limit));
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_load(ctx, path, GG_FORMAT_AUTO, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_num_vertices(g), 16777216u);
    gg_graph_destroy(g);
    const char *above = "%%MatrixMarket matrix coordinate pattern general\n16777217 16777217 1\n1 2\n";
    write_bytes(path, above, strlen(above));
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    expect_load_failure(path, &opt, GG_ERROR_TOO_LARGE, 2, "16777217 vertices");
    opt.max_vertices = 16777217;
    g = NULL;
    assert_int_equal(gg_graph_load(ctx, path, GG_FORMAT_AUTO, &opt, &g), GG_OK);
    assert_int_equal(gg_graph_num_vertices(g), 16777217u);
    gg_graph_destroy(g);
    opt.max_vertices = 1000;
    expect_load_failure(path, &opt, GG_ERROR_TOO_LARGE, 2, "more than max_vertices, 1000");
    unlink(path);
}

static void test_edge_list_malformed(void **state) {
    (void)state;
    static const text_case cases[] = {
        {"overflow.el", "0 1\n99999999999 1\n", 0, GG_ERROR_PARSE, 2, "source id 99999999999 is too large", 0},
        {"uint32_max.el", "4294967295 0\n", 0, GG_ERROR_PARSE, 1, "too large", 0},
        {"way_too_large.el", "1 123456789012345678901234567890\n", 0, GG_ERROR_PARSE, 1, "too large", 0},
        {"negative.el", "# c\n0 -1\n", 0, GG_ERROR_PARSE, 2, "destination id '-1' is negative", 0},
        {"missing.el", "0 1\n5\n", 0, GG_ERROR_PARSE, 2, "missing destination id", 0},
        {"weight_column.el", "0 1 3\n", 0, GG_ERROR_PARSE, 1, ".wel", 0},
        {"garbage.txt", "a b\n", 0, GG_ERROR_PARSE, 1, "'a' is not a non-negative integer", 0},
        {"float_id.el", "1.5 2\n", 0, GG_ERROR_PARSE, 1, "'1.5'", 0},
        {"after_comments.el", "# a\n% b\n\n0 1\n1 x\n", 0, GG_ERROR_PARSE, 5, "'x'", 0},
        {"nul_byte.el", "0 1\n1\0 2\n", 9, GG_ERROR_PARSE, 2, "'1\\x00'", 0},
        {"max_edges.el", "0 1\n1 2\n2 0\n", 0, GG_ERROR_TOO_LARGE, 3, "more than 2 edges", 2},
        {"missing_weight.wel", "0 1 2\n1 2\n", 0, GG_ERROR_PARSE, 2, "missing weight", 0},
        {"nan.wel", "0 1 1\n1 2 nan\n", 0, GG_ERROR_PARSE, 2, "not finite", 0},
        {"inf.wel", "0 1 inf\n", 0, GG_ERROR_PARSE, 1, "not finite", 0},
        {"weight_garbage.wel", "0 1 1.5x\n", 0, GG_ERROR_PARSE, 1, "'1.5x' is not a number", 0},
        {"weight_digits_garbage.wel", "0 1 1\n0 1 12a\n", 0, GG_ERROR_PARSE, 2, "'12a' is not a number", 0},
        {"weight_minus_only.wel", "0 1 -\n", 0, GG_ERROR_PARSE, 1, "'-' is not a number", 0},
        {"weight_double_minus.wel", "0 1 --5\n", 0, GG_ERROR_PARSE, 1, "'--5' is not a number", 0},
        {"plus_minus.wel", "0 1 +-3\n", 0, GG_ERROR_PARSE, 1, "not a number", 0},
        {"extra_column.wel", "0 1 2 3\n", 0, GG_ERROR_PARSE, 1, "unexpected text '3'", 0},
        {"negative_id.wel", "0 -1 2\n", 0, GG_ERROR_PARSE, 1, "negative", 0},
    };
    run_text_cases(cases, COUNT(cases));
}

static void test_dimacs_malformed(void **state) {
    (void)state;
    static const text_case cases[] = {
        {"empty.gr", "", 0, GG_ERROR_PARSE, 1, "no problem line", 0},
        {"comments_only.gr", "c x\nc y\n", 0, GG_ERROR_PARSE, 2, "no problem line", 0},
        {"arc_first.gr", "a 1 2 3\np sp 2 1\n", 0, GG_ERROR_PARSE, 1, "before the problem line", 0},
        {"not_sp.gr", "p max 3 1\n", 0, GG_ERROR_PARSE, 1, "'max' is not 'sp'", 0},
        {"two_problems.gr", "p sp 2 1\np sp 2 1\na 1 2 1\n", 0, GG_ERROR_PARSE, 2, "second problem line", 0},
        {"zero_id.gr", "p sp 2 1\na 0 2 1\n", 0, GG_ERROR_PARSE, 2, "source id is 0", 0},
        {"id_above_n.gr", "p sp 2 1\na 1 3 1\n", 0, GG_ERROR_PARSE, 2, "destination id 3 is out of range 1..2", 0},
        {"negative_id.gr", "p sp 2 1\na -1 2 1\n", 0, GG_ERROR_PARSE, 2, "negative", 0},
        {"too_few.gr", "p sp 2 2\na 1 2 1\n", 0, GG_ERROR_PARSE, 2, "ends after 1 of the 2 arcs declared on line 1", 0},
        {"too_many.gr", "p sp 2 1\na 1 2 1\na 2 1 1\n", 0, GG_ERROR_PARSE, 3, "more arcs than the 1 declared", 0},
        {"unknown_line.gr", "p sp 2 1\nx 1 2 1\n", 0, GG_ERROR_PARSE, 2, "unknown line type 'x'", 0},
        {"huge_m.gr", "p sp 10 999999999999\na 1 2 1\n", 0, GG_ERROR_PARSE, 1, "declares 999999999999 arcs", 0},
        {"huge_n.gr", "p sp 4294967296 1\na 1 2 1\n", 0, GG_ERROR_PARSE, 1, "32-bit", 0},
        {"short_problem.gr", "p sp 3\n", 0, GG_ERROR_PARSE, 1, "missing arc count", 0},
        {"nan.gr", "p sp 2 1\na 1 2 NaN\n", 0, GG_ERROR_PARSE, 2, "not finite", 0},
        {"missing_weight.gr", "p sp 2 1\na 1 2\n", 0, GG_ERROR_PARSE, 2, "missing weight", 0},
        {"trailing.gr", "p sp 2 1\na 1 2 3 4\n", 0, GG_ERROR_PARSE, 2, "unexpected text '4'", 0},
        {"max_edges.gr", "p sp 3 3\na 1 2 1\na 2 3 1\na 3 1 1\n", 0, GG_ERROR_TOO_LARGE, 1, "max_edges", 2},
    };
    run_text_cases(cases, COUNT(cases));
}

static void test_undetectable_content(void **state) {
    (void)state;
    static const text_case cases[] = {
        {"garbage.dat", "hello world\n", 0, GG_ERROR_PARSE, 1, "cannot tell the file format", 0},
        {"empty.dat", "", 0, GG_ERROR_PARSE, 1, "empty file", 0},
        {"four_columns.dat", "# x\n1 2 3 4\n", 0, GG_ERROR_PARSE, 2, "cannot tell the file format", 0},
        {"elf.dat", "\x7f" "ELF\x02\x01\x01\x00\x00\x00", 10, GG_ERROR_PARSE, 1, "cannot tell the file format", 0},
    };
    run_text_cases(cases, COUNT(cases));
}

/* An empty edge list is not malformed: it is the graph with no vertex. */
static void test_empty_edge_list_is_an_empty_graph(void **state) {
    (void)state;
    char path[512];
    tmp_path(path, sizeof path, "empty.el");
    write_bytes(path, "", 0);
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_load(ctx, path, GG_FORMAT_AUTO, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_num_vertices(g), 0);
    assert_int_equal(gg_graph_num_edges(g), 0);
    gg_graph_destroy(g);
    unlink(path);
}

/* A line longer than the 16 MiB read block, in a file larger than a block. */
static void test_line_longer_than_a_block(void **state) {
    (void)state;
    char path[512];
    tmp_path(path, sizeof path, "long_line.el");
    size_t size = (size_t)17 << 20;
    char *text = malloc(size);
    memset(text, '7', size);
    memcpy(text, "0 1\n# ", 6);
    text[size - 1] = '\n';
    write_bytes(path, text, size);
    free(text);
    expect_load_failure(path, NULL, GG_ERROR_PARSE, 2, "line longer than");
    unlink(path);
}

static void test_missing_file_and_directory(void **state) {
    (void)state;
    char path[512];
    tmp_path(path, sizeof path, "does_not_exist.mtx");
    unlink(path);
    expect_load_failure(path, NULL, GG_ERROR_IO, 0, "No such file or directory");
    expect_load_failure(GG_TEST_TMP_DIR, NULL, GG_ERROR_IO, 0, "Is a directory");
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_load(ctx, NULL, GG_FORMAT_AUTO, NULL, &g), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_graph_load(ctx, path, (gg_format)99, NULL, &g), GG_ERROR_INVALID_ARGUMENT);
}

/* ---- .ggb ------------------------------------------------------------------- */

/* The .ggb checksum, from its definition in src/io/ggb/checksum.h. */
static const uint64_t kMulA = 0x9E3779B97F4A7C15ull, kMulB = 0xBF58476D1CE4E5B9ull, kMulC = 0x94D049BB133111EBull;
static uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static uint64_t le64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}
static uint64_t mix_word(uint64_t lane, uint64_t word) { return rotl64(lane + word * kMulB, 31) * kMulA; }
static uint64_t ggb_checksum(const unsigned char *data, size_t n) {
    uint64_t lanes[4] = {kMulA + kMulB, kMulB, 0, 0 - kMulA};
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; ++k) lanes[k] = mix_word(lanes[k], le64(data + i + 8 * k));
    uint64_t h = rotl64(lanes[0], 1) + rotl64(lanes[1], 7) + rotl64(lanes[2], 12) + rotl64(lanes[3], 18);
    for (int k = 0; k < 4; ++k) h = (h ^ mix_word(0, lanes[k])) * kMulA + kMulC;
    h += n;
    for (; i + 8 <= n; i += 8) h = rotl64(h ^ mix_word(0, le64(data + i)), 27) * kMulA + kMulC;
    for (; i < n; ++i) h = rotl64(h ^ ((uint64_t)data[i] * kMulC), 11) * kMulA;
    h ^= h >> 30;
    h *= kMulB;
    h ^= h >> 27;
    h *= kMulC;
    h ^= h >> 31;
    return h;
}

static void put_le(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) p[i] = (unsigned char)(v >> (8 * i));
}

/* After an edit, so that only the edit is wrong. Version 1 ends with the
 * checksum of every byte before it; version 2 (and any later version number an
 * edit writes) with one checksum per 16 MiB block, then the checksum of that
 * table: the files here are far below 16 MiB, so one block. */
static void refresh_checksum(unsigned char *data, size_t size) {
    if (le64(data + 8) % ((uint64_t)1 << 32) == 1) {
        put_le(data + size - 8, ggb_checksum(data, size - 8), 8);
        return;
    }
    put_le(data + size - 16, ggb_checksum(data, size - 16), 8);
    put_le(data + size - 8, ggb_checksum(data + size - 16, 8), 8);
}

/* The reference file as gg writes it (version 2): 4 vertices, edges 0->1 (1),
 * 0->2 (2), 1->2 (3), 3->0 (4). Layout: header 0..32, offsets 32..72, indices
 * 72..88, weights 88..104, the one block's checksum 104..112, the table's
 * checksum 112..120. */
enum { OFFSETS_AT = 32, INDICES_AT = 72, WEIGHTS_AT = 88, BLOCKS_END = 104, GGB_SIZE = 120 };

static unsigned char *reference_ggb(size_t *size) {
    const uint32_t src[] = {0, 0, 1, 3}, dst[] = {1, 2, 2, 0};
    const float w[] = {1, 2, 3, 4};
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_create(ctx, 4, 4, src, dst, w, NULL, &g), GG_OK);
    char path[512];
    tmp_path(path, sizeof path, "reference.ggb");
    assert_int_equal(gg_graph_save(ctx, g, path, GG_FORMAT_AUTO), GG_OK);
    gg_graph_destroy(g);
    unsigned char *data = read_bytes(path, size);
    unlink(path);
    assert_int_equal(*size, GGB_SIZE);
    return data;
}

static void test_ggb_checksum_matches_its_definition(void **state) {
    (void)state;
    size_t size;
    unsigned char *data = reference_ggb(&size);
    assert_int_equal(le64(data + 8) % ((uint64_t)1 << 32), 2); /* version */
    assert_int_equal(le64(data + BLOCKS_END), ggb_checksum(data, BLOCKS_END));
    assert_int_equal(le64(data + BLOCKS_END + 8), ggb_checksum(data + BLOCKS_END, 8));
    assert_int_equal(le64(data + 16), 4); /* n */
    assert_int_equal(le64(data + 24), 4); /* m */
    free(data);
}

/* The reference as version 1 wrote it: one checksum of every byte before it. */
static unsigned char *reference_ggb_version_1(size_t *size) {
    unsigned char *data = reference_ggb(size);
    put_le(data + 8, 1, 4);
    *size = BLOCKS_END + 8;
    refresh_checksum(data, *size);
    return data;
}

/* gg still reads what it wrote before version 2, and still checks it. */
static void test_ggb_version_1_still_loads(void **state) {
    (void)state;
    size_t size;
    unsigned char *data = reference_ggb_version_1(&size);
    char path[512];
    tmp_path(path, sizeof path, "version_1.ggb");
    write_bytes(path, data, size);
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_load(ctx, path, GG_FORMAT_GGB, NULL, &g), GG_OK);
    assert_int_equal(gg_graph_num_vertices(g), 4);
    assert_int_equal(gg_graph_num_edges(g), 4);
    gg_graph_destroy(g);
    data[INDICES_AT + 1] ^= 0x40;
    write_bytes(path, data, size);
    expect_load_failure(path, NULL, GG_ERROR_PARSE, 0, "checksum mismatch");
    data[INDICES_AT + 1] ^= 0x40;
    put_le(data + 24, 5, 8); /* m */
    refresh_checksum(data, size);
    write_bytes(path, data, size);
    expect_load_failure(path, NULL, GG_ERROR_PARSE, 0, "do not fit the 112-byte file");
    unlink(path);
    free(data);
}

typedef void (*ggb_edit)(unsigned char *data, size_t *size);

static void edit_empty(unsigned char *d, size_t *s) { (void)d; *s = 0; }
static void edit_short_header(unsigned char *d, size_t *s) { (void)d; *s = 20; }
static void edit_magic(unsigned char *d, size_t *s) { (void)s; d[1] = 'X'; }
static void edit_version(unsigned char *d, size_t *s) { put_le(d + 8, 3, 4); refresh_checksum(d, *s); }
static void edit_flags(unsigned char *d, size_t *s) { put_le(d + 12, 0x6, 4); refresh_checksum(d, *s); }
static void edit_n_above_32_bits(unsigned char *d, size_t *s) { put_le(d + 16, (uint64_t)1 << 32, 8); refresh_checksum(d, *s); }
static void edit_n_huge_for_file(unsigned char *d, size_t *s) { put_le(d + 16, UINT32_MAX, 8); refresh_checksum(d, *s); }
static void edit_m_2_pow_40(unsigned char *d, size_t *s) { put_le(d + 24, (uint64_t)1 << 40, 8); *s = 100; }
static void edit_m_max(unsigned char *d, size_t *s) { put_le(d + 24, UINT64_MAX, 8); refresh_checksum(d, *s); }
static void edit_truncated(unsigned char *d, size_t *s) { (void)d; *s -= 5; }
static void edit_appended(unsigned char *d, size_t *s) { d[*s] = 0; *s += 1; }
static void edit_flip_index_byte(unsigned char *d, size_t *s) { (void)s; d[INDICES_AT + 1] ^= 0x40; }
static void edit_flip_checksum(unsigned char *d, size_t *s) { d[*s - 3] ^= 0x01; }
static void edit_flip_block_sum(unsigned char *d, size_t *s) { (void)s; d[BLOCKS_END + 2] ^= 0x01; }
static void edit_offset0(unsigned char *d, size_t *s) { put_le(d + OFFSETS_AT, 1, 8); refresh_checksum(d, *s); }
static void edit_offsets_decrease(unsigned char *d, size_t *s) { put_le(d + OFFSETS_AT + 16, 1, 8); refresh_checksum(d, *s); }
static void edit_offsets_end(unsigned char *d, size_t *s) { put_le(d + OFFSETS_AT + 32, 3, 8); refresh_checksum(d, *s); }
static void edit_id_out_of_range(unsigned char *d, size_t *s) { put_le(d + INDICES_AT, 9, 4); refresh_checksum(d, *s); }
static void edit_unsorted(unsigned char *d, size_t *s) {
    put_le(d + INDICES_AT, 2, 4);
    put_le(d + INDICES_AT + 4, 1, 4);
    refresh_checksum(d, *s);
}
static void edit_nan_weight(unsigned char *d, size_t *s) { put_le(d + WEIGHTS_AT + 4, 0x7fc00000u, 4); refresh_checksum(d, *s); }
static void edit_inf_weight(unsigned char *d, size_t *s) { put_le(d + WEIGHTS_AT + 12, 0xff800000u, 4); refresh_checksum(d, *s); }
static void edit_undirected_flag(unsigned char *d, size_t *s) { put_le(d + 12, 0x3, 4); refresh_checksum(d, *s); }

static void test_ggb_malformed(void **state) {
    (void)state;
    const struct {
        const char *name;
        ggb_edit edit;
        gg_status status;
        const char *what;
    } cases[] = {
        {"empty", edit_empty, GG_ERROR_PARSE, "too short"},
        {"short_header", edit_short_header, GG_ERROR_PARSE, "too short"},
        {"magic", edit_magic, GG_ERROR_PARSE, "bad magic"},
        {"version", edit_version, GG_ERROR_UNSUPPORTED, "version 3"},
        {"flags", edit_flags, GG_ERROR_PARSE, "unknown header flags 0x6"},
        {"n_above_32_bits", edit_n_above_32_bits, GG_ERROR_PARSE, "4294967296 vertices"},
        {"n_huge_for_file", edit_n_huge_for_file, GG_ERROR_PARSE, "do not fit the 120-byte file"},
        {"m_2_pow_40", edit_m_2_pow_40, GG_ERROR_PARSE, "1099511627776 edges, which do not fit the 100-byte file"},
        {"m_max", edit_m_max, GG_ERROR_PARSE, "do not fit"},
        {"truncated", edit_truncated, GG_ERROR_PARSE, "do not fit the 115-byte file"},
        {"appended", edit_appended, GG_ERROR_PARSE, "do not fit the 121-byte file"},
        {"flipped_index", edit_flip_index_byte, GG_ERROR_PARSE, "checksum mismatch in bytes 0 to 104"},
        {"flipped_checksum", edit_flip_checksum, GG_ERROR_PARSE, "checksum mismatch in the block table"},
        {"flipped_block_sum", edit_flip_block_sum, GG_ERROR_PARSE, "checksum mismatch in the block table"},
        {"offset0", edit_offset0, GG_ERROR_PARSE, "offsets[0] is 1"},
        {"offsets_decrease", edit_offsets_decrease, GG_ERROR_PARSE, "offsets decrease at vertex 1"},
        {"offsets_end", edit_offsets_end, GG_ERROR_PARSE, "offsets end at 3"},
        {"id_out_of_range", edit_id_out_of_range, GG_ERROR_PARSE, "vertex 0 are out of range or unsorted"},
        {"unsorted", edit_unsorted, GG_ERROR_PARSE, "vertex 0 are out of range or unsorted"},
        {"nan_weight", edit_nan_weight, GG_ERROR_PARSE, "weight of edge 1 is not finite"},
        {"inf_weight", edit_inf_weight, GG_ERROR_PARSE, "weight of edge 3 is not finite"},
        {"undirected_but_asymmetric", edit_undirected_flag, GG_ERROR_PARSE, "flagged undirected"},
    };
    for (size_t i = 0; i < COUNT(cases); ++i) {
        size_t size;
        unsigned char *data = reference_ggb(&size);
        data = realloc(data, size + 16);
        cases[i].edit(data, &size);
        char path[512], name[64];
        snprintf(name, sizeof name, "%s.ggb", cases[i].name);
        tmp_path(path, sizeof path, name);
        write_bytes(path, data, size);
        free(data);
        expect_load_failure(path, NULL, cases[i].status, 0, cases[i].what);
        unlink(path);
    }
}

static void test_ggb_limits_and_detection(void **state) {
    (void)state;
    size_t size;
    unsigned char *data = reference_ggb(&size);
    char path[512];
    tmp_path(path, sizeof path, "reference.ggb");
    write_bytes(path, data, size);
    gg_graph_options opt;
    gg_graph_options_init(&opt);
    opt.max_edges = 3;
    expect_load_failure(path, &opt, GG_ERROR_TOO_LARGE, 0, "max_edges");
    opt.max_edges = 4;
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_load(ctx, path, GG_FORMAT_AUTO, &opt, &g), GG_OK);
    gg_graph_destroy(g);
    unlink(path);
    /* A corrupt .ggb behind an unknown extension is still recognised by its magic. */
    data[INDICES_AT] ^= 1;
    tmp_path(path, sizeof path, "corrupt_ggb.bin");
    write_bytes(path, data, size);
    expect_load_failure(path, NULL, GG_ERROR_PARSE, 0, "checksum mismatch");
    unlink(path);
    free(data);
}

/* A directed multigraph saved as .ggb, then flagged undirected: it loads only
 * when every edge u -> v is mirrored by v -> u as often and with the same
 * weights. Pins the symmetry check down on multiplicities and weights. */
static gg_status load_flagged_undirected(uint64_t m, const uint32_t *src, const uint32_t *dst, const float *w,
                                         const char *name, char *path, size_t path_size) {
    gg_graph_options keep_all;
    gg_graph_options_init(&keep_all);
    keep_all.duplicates = GG_DUPLICATES_KEEP_ALL;
    gg_graph *g = NULL;
    assert_int_equal(gg_graph_create(ctx, 3, m, src, dst, w, &keep_all, &g), GG_OK);
    tmp_path(path, path_size, name);
    assert_int_equal(gg_graph_save(ctx, g, path, GG_FORMAT_GGB), GG_OK);
    gg_graph_destroy(g);
    size_t size;
    unsigned char *data = read_bytes(path, &size);
    put_le(data + 12, 0x3, 4); /* undirected | weighted */
    refresh_checksum(data, size);
    write_bytes(path, data, size);
    free(data);
    g = NULL;
    gg_status status = gg_graph_load(ctx, path, GG_FORMAT_GGB, NULL, &g);
    gg_graph_destroy(g);
    return status;
}

static void test_ggb_undirected_symmetry_counts_copies_and_weights(void **state) {
    (void)state;
    char path[512];
    {   /* mirrored with equal multiplicities and weights: accepted */
        const uint32_t src[] = {0, 0, 1, 1, 1, 2}, dst[] = {1, 1, 0, 0, 2, 1};
        const float w[] = {2, 2, 2, 2, 5, 5};
        assert_int_equal(load_flagged_undirected(6, src, dst, w, "sym_ok.ggb", path, sizeof path), GG_OK);
        unlink(path);
    }
    {   /* 0 -> 1 twice, 1 -> 0 once */
        const uint32_t src[] = {0, 0, 1}, dst[] = {1, 1, 0};
        const float w[] = {2, 2, 2};
        gg_status s = load_flagged_undirected(3, src, dst, w, "sym_copies.ggb", path, sizeof path);
        expect_load_failure(path, NULL, GG_ERROR_PARSE, 0, "edge 0 -> 1 has no matching 1 -> 0");
        assert_int_equal(s, GG_ERROR_PARSE);
        unlink(path);
    }
    {   /* 1 -> 0 twice, 0 -> 1 once: the extra copy sits in the mirror list */
        const uint32_t src[] = {0, 1, 1}, dst[] = {1, 0, 0};
        const float w[] = {2, 2, 2};
        assert_int_equal(load_flagged_undirected(3, src, dst, w, "sym_extra.ggb", path, sizeof path), GG_ERROR_PARSE);
        unlink(path);
    }
    {   /* mirrored, but with another weight */
        const uint32_t src[] = {0, 1, 1, 2}, dst[] = {1, 0, 2, 1};
        const float w[] = {2, 3, 5, 5};
        gg_status s = load_flagged_undirected(4, src, dst, w, "sym_weight.ggb", path, sizeof path);
        expect_load_failure(path, NULL, GG_ERROR_PARSE, 0, "edge 0 -> 1 has no matching 1 -> 0");
        assert_int_equal(s, GG_ERROR_PARSE);
        unlink(path);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mtx_malformed),
        cmocka_unit_test(test_edge_list_malformed),
        cmocka_unit_test(test_declared_vertices_need_edges),
        cmocka_unit_test(test_dimacs_malformed),
        cmocka_unit_test(test_undetectable_content),
        cmocka_unit_test(test_empty_edge_list_is_an_empty_graph),
        cmocka_unit_test(test_line_longer_than_a_block),
        cmocka_unit_test(test_missing_file_and_directory),
        cmocka_unit_test(test_ggb_checksum_matches_its_definition),
        cmocka_unit_test(test_ggb_version_1_still_loads),
        cmocka_unit_test(test_ggb_malformed),
        cmocka_unit_test(test_ggb_limits_and_detection),
        cmocka_unit_test(test_ggb_undirected_symmetry_counts_copies_and_weights),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
