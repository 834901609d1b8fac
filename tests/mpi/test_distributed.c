/* Distributed runs (docs/distributed.md), launched by ctest under
 * `mpirun -np 1..4`: every process holds a share of each graph's edges and
 * its parts of the plan, and every algorithm of the partitioned engine must
 * give, on every process, exactly what one process gives over the same parts
 * (the same local graphs, exchanges and sums in the same order: the bytes
 * are compared). The plan's statistics must equal the one-process plan's.
 * Graphs come from the whole test catalogue (each process passes its slice
 * of a shape's COO arrays to gg_graph_create), from a .ggb file (each
 * process reads its share), from .mtx, .el, .wel and .gr files (each parses
 * its byte range) and from the generators (each generates its range). Bad input and disagreeing processes fail on every process with a
 * clear status, never a hang.
 *
 * GG_TEST_BACKEND=cuda runs the same on the GPU (every process's parts on
 * the visible GPU; ctest's mpi.gpu.* where CUDA is built in, skipped with
 * 77 without a usable GPU): the distributed runs against one process's GPU
 * runs over the same parts. BFS, SSSP, SSWP and CC are compared byte for
 * byte; PageRank, SpMV and BC within test_partitioned's tolerances, since
 * their GPU sums add by atomics in no fixed order (one run to the next may
 * differ in the last bits, on one process or many).
 *
 * GG_TEST_DEVICE_BY_RANK=1 gives process r the GPU r mod the visible count
 * (skipped with 77 where fewer GPUs than processes are visible): with
 * GG_PARTITIONED_TRANSPORT=nccl (ctest's mpi.gpu.nccl.np2) the messages
 * between the processes then go GPU to GPU through NCCL. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <mpi.h>

#include "gg.h"
#include "graph_shapes.h"

static gg_context *alone;       /* this process by itself: the reference */
static gg_context *together;    /* every process of MPI_COMM_WORLD */
static int rank, ranks;
static gg_backend backend = GG_BACKEND_CPU;

static void check_ok(gg_context *c, gg_status s, const char *what) {
    if (s != GG_OK) fail_msg("process %d: %s failed (%d): %s", rank, what, s, gg_context_last_error(c));
}

static void expect_status(gg_context *c, gg_status got, gg_status expected, const char *needle) {
    if (got != expected)
        fail_msg("process %d: status %d, expected %d (%s)", rank, got, expected, gg_context_last_error(c));
    if (needle && !strstr(gg_context_last_error(c), needle))
        fail_msg("process %d: message \"%s\" lacks \"%s\"", rank, gg_context_last_error(c), needle);
}

static void *alloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    assert_non_null(p);
    return p;
}

/* This process's slice [begin, end) of m items. */
static uint64_t slice_begin(uint64_t m, int r) { return m * (uint64_t)r / (uint64_t)ranks; }

static gg_graph *distributed_shape(const shape *s) {
    const uint64_t begin = slice_begin(s->m, rank), end = slice_begin(s->m, rank + 1);
    gg_graph_options o;
    gg_graph_options_init(&o);
    o.undirected = s->undirected;
    o.duplicates = s->duplicates;
    gg_graph *g = NULL;
    check_ok(together,
             gg_graph_create(together, s->n, end - begin, s->src + begin, s->dst + begin,
                             s->weights ? s->weights + begin : NULL, &o, &g),
             "distributed gg_graph_create");
    return g;
}

/* Set while a test's plans release their graph's edges (release_graph_edges). */
static int releasing;

static gg_partition_plan *plan_of(gg_context *c, gg_graph *g, uint32_t parts, gg_partitioner partitioner,
                                  uint32_t depth, const uint32_t *given) {
    gg_partition_plan_options o;
    gg_partition_plan_options_init(&o);
    assert_int_equal(o.release_graph_edges, 0);
    o.release_graph_edges = releasing;
    o.num_parts = parts;
    o.replication_depth = depth;
    o.partitioner = partitioner;
    o.seed = 11;
    if (given) {
        o.parts = given;
        o.parts_length = gg_graph_num_vertices(g);
    }
    gg_partition_plan *plan = NULL;
    check_ok(c, gg_partition_plan_create(c, g, &o, &plan), "gg_partition_plan_create");
    return plan;
}

/* A difference found by one process alone must fail every process at the
 * same point: were only one to leave the test, the others would go on into
 * collective calls it never makes, and every later test would fail on the
 * mismatch instead of on its own merits. So compare() notes the first
 * difference and, once all its runs are done, the processes agree on
 * whether any found one (agree_on_differences). */
static char difference[512];

static void note_difference(const char *format, ...) {
    if (difference[0] != '\0') return;
    va_list args;
    va_start(args, format);
    vsnprintf(difference, sizeof difference, format, args);
    va_end(args);
}

static void agree_on_differences(void) {
    int mine = difference[0] != '\0', any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!any) return;
    char message[sizeof difference];
    snprintf(message, sizeof message, "%s", mine ? difference : "another process found a difference");
    difference[0] = '\0';
    fail_msg("process %d: %s", rank, message);
}

static void same_bytes(const void *a, const void *b, size_t bytes, const char *what, const char *where) {
    if (memcmp(a, b, bytes) == 0) return;
    const unsigned char *x = a, *y = b;
    size_t at = 0;
    while (x[at] == y[at]) ++at;
    note_difference("%s on %s: distributed and one-process answers differ at byte %zu", what, where, at);
}

/* Within |a - b| <= tolerance * max(1, |a|, |b|), for the GPU's sums. */
static void close_values(const void *a, const void *b, uint32_t n, int doubles, double tolerance, const char *what,
                         const char *where) {
    for (uint32_t v = 0; v < n; ++v) {
        const double x = doubles ? ((const double *)a)[v] : ((const float *)a)[v];
        const double y = doubles ? ((const double *)b)[v] : ((const float *)b)[v];
        if (!(fabs(x - y) <= tolerance * fmax(1.0, fmax(fabs(x), fabs(y))))) {
            note_difference("%s on %s: vertex %u: distributed %.17g, one process %.17g", what, where, v, x, y);
            return;
        }
    }
}

/* Byte-equal on the CPU, within `tolerance` on the GPU. */
static void same_sums(const void *a, const void *b, uint32_t n, int doubles, double tolerance, const char *what,
                      const char *where) {
    if (backend == GG_BACKEND_CUDA)
        close_values(a, b, n, doubles, tolerance, what, where);
    else
        same_bytes(a, b, (doubles ? 8ull : 4ull) * n, what, where);
}

/* Runs every algorithm over the distributed plan and over the one-process
 * plan of the same parts; the answers must be equal, byte for byte. */
static void compare(gg_graph *dg, gg_partition_plan *dplan, gg_graph *g, gg_partition_plan *plan, const char *where) {
    const uint32_t n = gg_graph_num_vertices(g);
    assert_int_equal(gg_graph_num_vertices(dg), n);
    assert_int_equal(gg_graph_num_edges(dg), gg_graph_num_edges(g));
    gg_partition_plan_stats ds, s;
    gg_partition_plan_stats_init(&ds);
    gg_partition_plan_stats_init(&s);
    check_ok(together, gg_partition_plan_read_stats(together, dplan, &ds), "read_stats");
    check_ok(alone, gg_partition_plan_read_stats(alone, plan, &s), "read_stats");
    if (ds.edge_cut != s.edge_cut || ds.replicas != s.replicas || ds.local_edges != s.local_edges ||
        ds.empty_parts != s.empty_parts || ds.max_part_vertices != s.max_part_vertices)
        fail_msg("%s: plan stats differ: cut %llu/%llu, replicas %llu/%llu, edges %llu/%llu", where,
                 (unsigned long long)ds.edge_cut, (unsigned long long)s.edge_cut, (unsigned long long)ds.replicas,
                 (unsigned long long)s.replicas, (unsigned long long)ds.local_edges,
                 (unsigned long long)s.local_edges);
    for (uint32_t p = 0; p < s.num_parts; ++p) {
        gg_part_info di, si;
        gg_part_info_init(&di);
        gg_part_info_init(&si);
        check_ok(together, gg_partition_plan_read_part(together, dplan, p, &di), "read_part");
        check_ok(alone, gg_partition_plan_read_part(alone, plan, p, &si), "read_part");
        if (di.owned != si.owned || di.replicas != si.replicas || di.local_edges != si.local_edges ||
            di.neighbours != si.neighbours)
            fail_msg("%s: part %u differs", where, p);
    }

    gg_run_options dopt, opt;
    gg_run_options_init(&dopt);
    gg_run_options_init(&opt);
    dopt.backend = opt.backend = backend;
    dopt.partition_plan = dplan;
    opt.partition_plan = plan;
    gg_run_stats dstats, stats;
    uint32_t *a = alloc(n, 4), *b = alloc(n, 4), *pa = alloc(n, 4), *pb = alloc(n, 4);
    float *fa = alloc(n, 4), *fb = alloc(n, 4), *x = alloc(n, 4);
    double *da = alloc(n, 8), *db = alloc(n, 8);
    const uint32_t source = n > 1 ? n / 2 : 0;

    gg_run_stats_init(&dstats);
    gg_run_stats_init(&stats);
    check_ok(together, gg_run_bfs(together, dg, source, a, pa, &dopt, &dstats), "distributed BFS");
    check_ok(alone, gg_run_bfs(alone, g, source, b, pb, &opt, &stats), "BFS");
    same_bytes(a, b, 4ull * n, "BFS depths", where);
    if (s.num_parts > 1) {
        same_bytes(pa, pb, 4ull * n, "BFS parents", where);
    } else {
        /* Unpartitioned, one process may pick other parents: each must sit one level up. */
        for (uint32_t v = 0; v < n; ++v)
            if (a[v] != UINT32_MAX && v != source && (pa[v] >= n || a[pa[v]] + 1 != a[v])) {
                note_difference("%s: BFS parent of %u is not one level up", where, v);
                break;
            }
    }
    /* One part runs unpartitioned in one process (its own iterations), but as one part when distributed. */
    if (s.num_parts > 1 && (dstats.bytes_exchanged != stats.bytes_exchanged || dstats.iterations != stats.iterations ||
                            dstats.edges_visited != stats.edges_visited || dstats.num_parts != stats.num_parts))
        note_difference("%s: BFS stats differ: bytes %llu/%llu, iterations %u/%u", where,
                        (unsigned long long)dstats.bytes_exchanged, (unsigned long long)stats.bytes_exchanged,
                        dstats.iterations, stats.iterations);
    check_ok(together, gg_run_sssp(together, dg, source, fa, &dopt, NULL), "distributed SSSP");
    check_ok(alone, gg_run_sssp(alone, g, source, fb, &opt, NULL), "SSSP");
    same_bytes(fa, fb, 4ull * n, "SSSP", where);
    check_ok(together, gg_run_sswp(together, dg, 0, fa, &dopt, NULL), "distributed SSWP");
    check_ok(alone, gg_run_sswp(alone, g, 0, fb, &opt, NULL), "SSWP");
    same_bytes(fa, fb, 4ull * n, "SSWP", where);
    check_ok(together, gg_run_cc(together, dg, a, &dopt, NULL), "distributed CC");
    check_ok(alone, gg_run_cc(alone, g, b, &opt, NULL), "CC");
    same_bytes(a, b, 4ull * n, "CC", where);
    check_ok(together, gg_run_pagerank(together, dg, da, &dopt, NULL), "distributed PageRank");
    check_ok(alone, gg_run_pagerank(alone, g, db, &opt, NULL), "PageRank");
    same_sums(da, db, n, 1, 1e-9, "PageRank", where);
    for (uint32_t v = 0; v < n; ++v) x[v] = (float)((v * 7u) % 13u) - 6.0f;
    check_ok(together, gg_run_spmv(together, dg, x, fa, &dopt, NULL), "distributed SpMV");
    check_ok(alone, gg_run_spmv(alone, g, x, fb, &opt, NULL), "SpMV");
    same_sums(fa, fb, n, 0, 1e-5, "SpMV", where);
    const uint32_t sources[2] = {0, n - 1};
    check_ok(together, gg_run_bc(together, dg, sources, n > 1 ? 2 : 1, da, &dopt, NULL), "distributed BC");
    check_ok(alone, gg_run_bc(alone, g, sources, n > 1 ? 2 : 1, db, &opt, NULL), "BC");
    same_sums(da, db, n, 1, 1e-9, "BC", where);
    free(a), free(b), free(pa), free(pb), free(fa), free(fb), free(x), free(da), free(db);
    agree_on_differences();
}

/* The distributed plan's parts, given to a one-process plan over the whole
 * graph, both with replicas `depth` hops deep. */
static void compare_over_plan(gg_graph *dg, gg_graph *g, uint32_t parts, gg_partitioner partitioner, uint32_t depth,
                              const char *where) {
    gg_partition_plan *dplan = plan_of(together, dg, parts, partitioner, depth, NULL);
    const uint32_t n = gg_graph_num_vertices(g);
    uint32_t *owner = alloc(n, 4);
    check_ok(together, gg_partition_plan_read_parts(together, dplan, owner, n), "read_parts");
    gg_partition_plan *plan = plan_of(alone, g, parts, GG_PARTITIONER_GIVEN, depth, owner);
    char text[160];
    snprintf(text, sizeof text, "%s, %u %s parts of depth %u over %d processes", where, parts,
             gg_partitioner_name(partitioner), depth, ranks);
    compare(dg, dplan, g, plan, text);
    gg_partition_plan_destroy(plan);
    gg_partition_plan_destroy(dplan);
    free(owner);
}

static void test_catalogue(void **state) {
    (void)state;
    const gg_partitioner partitioners[] = {GG_PARTITIONER_RANDOM, GG_PARTITIONER_BLOCK, GG_PARTITIONER_AUTO};
    for (size_t i = 0; i < shape_count(); ++i) {
        shape s;
        shape_make(i, &s);
        gg_graph *g = shape_build(alone, &s);
        gg_graph *dg = distributed_shape(&s);
        const uint32_t parts[] = {(uint32_t)ranks, (uint32_t)ranks + 1, 1};
        compare_over_plan(dg, g, parts[i % 3], partitioners[i % 3], 1 + (uint32_t)(i / 3) % 3, s.name);
        /* One part a process at depth 1: each process builds its part in
         * place from the edges it gathered (src/partition/direct_part.h). */
        if (i % 9 != 0) compare_over_plan(dg, g, (uint32_t)ranks, GG_PARTITIONER_RANDOM, 1, s.name);
        gg_graph_destroy(dg);
        gg_graph_destroy(g);
        shape_free(&s);
    }
}

/* Awkward shapes: more parts than vertices, one vertex, no edge, a hub, a
 * process with no edges of its own. */
static void test_awkward(void **state) {
    (void)state;
    const uint32_t src[] = {0, 0, 0, 0, 0, 0, 1, 7};
    const uint32_t dst[] = {1, 2, 3, 4, 5, 6, 1, 8};
    const float w[] = {1, 0, 3, 1, 2, 5, 4, 1};
    shape s;
    memset(&s, 0, sizeof s);
    s.duplicates = GG_DUPLICATES_KEEP_MIN;
    s.src = (uint32_t *)src, s.dst = (uint32_t *)dst, s.weights = (float *)w;
    const uint32_t sizes[] = {11, 1, 9};
    const uint64_t edges[] = {8, 0, 2};
    for (int c = 0; c < 3; ++c) {
        s.n = sizes[c];
        s.m = edges[c];
        snprintf(s.name, sizeof s.name, "awkward %d", c);
        for (int undirected = 0; undirected < 2; ++undirected) {
            s.undirected = undirected;
            gg_graph *g = shape_build(alone, &s);
            gg_graph *dg = distributed_shape(&s);
            compare_over_plan(dg, g, 2 * (uint32_t)ranks + 3, GG_PARTITIONER_RANDOM, 1, s.name);
            compare_over_plan(dg, g, (uint32_t)ranks + 1, GG_PARTITIONER_RANDOM, 3, s.name);
            compare_over_plan(dg, g, 1, GG_PARTITIONER_BLOCK, 1, s.name);
            compare_over_plan(dg, g, (uint32_t)ranks, GG_PARTITIONER_BLOCK, 1, s.name);
            gg_graph_destroy(dg);
            gg_graph_destroy(g);
        }
    }
}

/* gg_partition_plan_options.release_graph_edges. */
static void test_released_rows(void **state) {
    (void)state;
    /* Each process's rows released as the rounds send them: rounds of a
     * few pages of row edges give pages back while later rows are still to
     * be sent (they read as zeros once released), and the answers must not
     * change. Then the graph makes no other plan, and its plan still runs. */
    gg_generator_options go;
    gg_generator_options_init(&go);
    go.scale = 12;
    go.degree = 8;
    go.weighted = 1;
    gg_graph *g = NULL, *dg = NULL;
    check_ok(alone, gg_graph_generate(alone, &go, &g), "generate");
    check_ok(together, gg_graph_generate(together, &go, &dg), "distributed generate");
    setenv("GG_PLAN_ROUND_EDGES", "3000", 1);
    releasing = 1;
    gg_partition_plan *released = plan_of(together, dg, (uint32_t)ranks, GG_PARTITIONER_RANDOM, 1, NULL);
    releasing = 0;
    unsetenv("GG_PLAN_ROUND_EDGES");
    {
        const uint32_t n = gg_graph_num_vertices(g);
        uint32_t *owner = alloc(n, 4);
        check_ok(together, gg_partition_plan_read_parts(together, released, owner, n), "read_parts");
        gg_partition_plan *plan = plan_of(alone, g, (uint32_t)ranks, GG_PARTITIONER_GIVEN, 1, owner);
        compare(dg, released, g, plan, "generated kron, rows released in small rounds");
        gg_partition_plan_destroy(plan);
        free(owner);
    }
    gg_partition_plan *again = NULL;
    expect_status(together, gg_partition_plan_create(together, dg, NULL, &again), GG_ERROR_INVALID_ARGUMENT,
                  "released by an earlier plan");
    assert_null(again);
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.backend = backend;
    ro.partition_plan = released;
    uint32_t *labels = alloc(gg_graph_num_vertices(dg), 4);
    check_ok(together, gg_run_cc(together, dg, labels, &ro, NULL), "CC after the refusal");
    free(labels);
    gg_partition_plan_destroy(released);
    gg_graph_destroy(dg);

    /* A graph that is not distributed ignores the option: its runs read its edges. */
    releasing = 1;
    gg_partition_plan *first = plan_of(alone, g, 2, GG_PARTITIONER_RANDOM, 1, NULL);
    gg_partition_plan *second = plan_of(alone, g, 3, GG_PARTITIONER_RANDOM, 1, NULL);
    releasing = 0;
    uint32_t *depths = alloc(gg_graph_num_vertices(g), 4);
    check_ok(alone, gg_run_bfs(alone, g, 0, depths, NULL, NULL, NULL), "unpartitioned BFS after releasing plans");
    free(depths);
    gg_partition_plan_destroy(second);
    gg_partition_plan_destroy(first);

    gg_graph_destroy(g);
}

static void test_ggb_shares_and_generators(void **state) {
    (void)state;
    gg_generator_options go;
    gg_generator_options_init(&go);
    go.scale = 9;
    go.degree = 8;
    go.weighted = 1;
    gg_graph *g = NULL, *dg = NULL;
    check_ok(alone, gg_graph_generate(alone, &go, &g), "generate");
    check_ok(together, gg_graph_generate(together, &go, &dg), "distributed generate");
    compare_over_plan(dg, g, (uint32_t)ranks, GG_PARTITIONER_RANDOM, 2, "generated kron");
    /* The plan's edges in rounds of a few row edges each (the slices of distributed_plan.cpp). */
    setenv("GG_PLAN_ROUND_EDGES", "37", 1);
    compare_over_plan(dg, g, (uint32_t)ranks + 1, GG_PARTITIONER_RANDOM, 2, "generated kron, plan in small rounds");
    unsetenv("GG_PLAN_ROUND_EDGES");
    gg_graph_destroy(dg);

    char path[256];
    snprintf(path, sizeof path, "%s/distributed_%d.ggb", GG_TEST_TMP_DIR, ranks);
    if (rank == 0) check_ok(alone, gg_graph_save(alone, g, path, GG_FORMAT_GGB), "save");
    MPI_Barrier(MPI_COMM_WORLD);
    check_ok(together, gg_graph_load(together, path, GG_FORMAT_AUTO, NULL, &dg), "distributed load");
    compare_over_plan(dg, g, (uint32_t)ranks + 1, GG_PARTITIONER_BLOCK, 1, "kron from .ggb");
    gg_graph_destroy(dg);

    /* Text files: each process parses its byte range; the graph is the one a whole-file load builds. */
    static const char *const text_formats[] = {"mtx", "el", "wel", "gr"};
    for (int t = 0; t < 4; ++t) {
        char text[256];
        snprintf(text, sizeof text, "%s/distributed_%d.%s", GG_TEST_TMP_DIR, ranks, text_formats[t]);
        if (rank == 0) check_ok(alone, gg_graph_save(alone, g, text, GG_FORMAT_AUTO), "save text");
        MPI_Barrier(MPI_COMM_WORLD);
        gg_graph *whole = NULL;
        check_ok(alone, gg_graph_load(alone, text, GG_FORMAT_AUTO, NULL, &whole), "load text alone");
        check_ok(together, gg_graph_load(together, text, GG_FORMAT_AUTO, NULL, &dg), "distributed text load");
        compare_over_plan(dg, whole, (uint32_t)ranks + t, GG_PARTITIONER_RANDOM, 1, text_formats[t]);
        gg_graph_destroy(dg);
        gg_graph_destroy(whole);
    }
    gg_graph_destroy(g);

    go.kind = GG_GENERATOR_GRID;
    go.rows = 17;
    go.cols = 23;
    check_ok(alone, gg_graph_generate(alone, &go, &g), "generate grid");
    check_ok(together, gg_graph_generate(together, &go, &dg), "distributed generate grid");
    compare_over_plan(dg, g, (uint32_t)ranks, GG_PARTITIONER_AUTO, 3, "grid");
#ifdef GG_TEST_HAVE_METIS
    compare_over_plan(dg, g, (uint32_t)ranks + 1, GG_PARTITIONER_METIS, 2, "grid");
#endif
    gg_graph_destroy(dg);
    gg_graph_destroy(g);

    /* A corrupt file fails on every process. */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *f = fopen(path, "r+b");
        assert_non_null(f);
        fseek(f, 40, SEEK_SET);
        fputc(0x5a, f);
        fclose(f);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    dg = NULL;
    expect_status(together, gg_graph_load(together, path, GG_FORMAT_AUTO, NULL, &dg), GG_ERROR_PARSE, NULL);
    assert_null(dg);
}

static void test_refusals(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1, 2, 3}, dst[] = {1, 2, 3, 0};
    gg_graph *dg = NULL;
    check_ok(together, gg_graph_create(together, 4, 4, src, dst, NULL, NULL, &dg), "create");
    uint32_t out[4];
    expect_status(together, gg_run_bfs(together, dg, 0, out, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT,
                  "partition plan");
    expect_status(together, gg_graph_out_degrees(together, dg, out), GG_ERROR_UNSUPPORTED, "distributed");
    float apsp[16];
    expect_status(together, gg_run_apsp(together, dg, apsp, 16, NULL, NULL), GG_ERROR_UNSUPPORTED, "distributed");
    gg_partition_plan_options po;
    gg_partition_plan_options_init(&po);
    po.replication_depth = 9;
    gg_partition_plan *plan = NULL;
    expect_status(together, gg_partition_plan_create(together, dg, &po, &plan), GG_ERROR_INVALID_ARGUMENT,
                  "replication_depth");
    /* Auto's cost model needs the whole graph: a distributed plan's auto depth is 1. */
    po.replication_depth = 0;
    check_ok(together, gg_partition_plan_create(together, dg, &po, &plan), "auto depth");
    gg_partition_plan_stats ps;
    gg_partition_plan_stats_init(&ps);
    check_ok(together, gg_partition_plan_read_stats(together, plan, &ps), "read_stats");
    assert_int_equal(ps.replication_depth, 1);
    gg_partition_plan_destroy(plan);
    plan = plan_of(together, dg, 2, GG_PARTITIONER_BLOCK, 1, NULL);
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.partition_plan = plan;
    /* The processes disagree on the source: every one fails, none waits. */
    if (ranks > 1)
        expect_status(together, gg_run_bfs(together, dg, rank == 0 ? 0 : 1, out, NULL, &ro, NULL),
                      GG_ERROR_INVALID_ARGUMENT, "disagree");
    check_ok(together, gg_run_bfs(together, dg, 0, out, NULL, &ro, NULL), "BFS after a refusal");
    assert_int_equal(out[3], 3);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(dg);

    /* A bad edge in the last process's share fails every process, naming it. */
    const uint32_t bad_dst[] = {1, 2, 3, 9};
    const int last = rank == ranks - 1;
    dg = NULL;
    expect_status(together, gg_graph_create(together, 4, last ? 4 : 0, src, last ? bad_dst : dst, NULL, NULL, &dg),
                  GG_ERROR_INVALID_ARGUMENT, "out of range");
    assert_null(dg);
    expect_status(together, gg_graph_load(together, "no-such-graph.el", GG_FORMAT_AUTO, NULL, &dg), GG_ERROR_IO,
                  "no-such-graph.el");
    /* Processes that load with different duplicate policies would build different graphs. */
    if (ranks > 1) {
        gg_graph_options go;
        gg_graph_options_init(&go);
        go.duplicates = rank == 0 ? GG_DUPLICATES_KEEP_MIN : GG_DUPLICATES_SUM;
        expect_status(together, gg_graph_create(together, 4, 4, src, dst, NULL, &go, &dg), GG_ERROR_INVALID_ARGUMENT,
                      "disagree");
        assert_null(dg);
    }
}

static void test_caller_communicator(void **state) {
    (void)state;
    gg_context_options o;
    gg_context_options_init(&o);
    o.backend = GG_BACKEND_CPU;
    o.mpi = GG_MPI_COMM;
    o.mpi_comm = (int64_t)MPI_Comm_c2f(MPI_COMM_WORLD);
    gg_context *c = NULL;
    assert_int_equal(gg_context_create(&o, &c), GG_OK);
    assert_int_equal(gg_context_rank(c), rank);
    assert_int_equal(gg_context_num_ranks(c), ranks);
    gg_context_destroy(c);
    assert_int_equal(gg_context_rank(alone), 0);
    assert_int_equal(gg_context_num_ranks(alone), 1);
}

int main(void) {
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    const char *asked = getenv("GG_TEST_BACKEND");
    if (asked && strcmp(asked, "cuda") == 0) backend = GG_BACKEND_CUDA;
    gg_context_options o;
    gg_context_options_init(&o);
    o.backend = backend;
    o.num_threads = 1;
    if (gg_context_create(&o, &alone) != GG_OK) return 1;
    if (backend == GG_BACKEND_CUDA && !gg_context_cuda_available(alone, NULL, 0)) {
        /* No usable GPU here (every process sees the same machine): skipped. */
        if (rank == 0) printf("no usable GPU: the distributed GPU runs are not checked here\n");
        gg_context_destroy(alone);
        MPI_Finalize();
        return 77;
    }
    const char *by_rank = getenv("GG_TEST_DEVICE_BY_RANK");
    if (backend == GG_BACKEND_CUDA && by_rank && strcmp(by_rank, "1") == 0) {
        uint32_t visible = 0;
        gg_context_options all;
        gg_context_options_init(&all);
        all.backend = GG_BACKEND_CUDA;
        all.all_devices = 1;
        gg_context *probe = NULL;
        if (gg_context_create(&all, &probe) == GG_OK) gg_context_get_devices(probe, NULL, 0, &visible);
        gg_context_destroy(probe);
        if (visible < (uint32_t)ranks) {
            if (rank == 0) printf("%u GPU(s) for %d processes: one GPU per process is not checked here\n", visible, ranks);
            gg_context_destroy(alone);
            MPI_Finalize();
            return 77;
        }
        o.device_id = rank % (int)visible;
    }
    o.mpi = GG_MPI_WORLD;
    o.mpi_timeout_s = 120;
    if (gg_context_create(&o, &together) != GG_OK) return 1;
    if (rank != 0) cmocka_set_message_output(CM_OUTPUT_STDOUT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_caller_communicator), cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_awkward), cmocka_unit_test(test_ggb_shares_and_generators),
        cmocka_unit_test(test_released_rows),
        cmocka_unit_test(test_catalogue),
    };
    const int failed = cmocka_run_group_tests_name("distributed", tests, NULL, NULL);
    gg_context_destroy(together);
    gg_context_destroy(alone);
    int any = failed;
    MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return any ? 1 : 0;
}
