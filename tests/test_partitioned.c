/* Partitioned runs (gg_partition_plan): on every shape of the catalogue and
 * on the awkward cases (isolated vertices, a part with no edges, a hub
 * reaching every part, more parts than vertices, one vertex, directed
 * graphs whose parts are unreachable from the source), every algorithm run
 * over 1 to 8 parts, by each partitioner and replication depth, returns the
 * unpartitioned run's answer: exactly for BFS (depths, and parents that are
 * valid BFS parents), SSSP, SSWP and CC; within 1e-9 (relative) for
 * PageRank, SpMV and BC. The plan's statistics are checked against counts
 * made here from the CSR (edge cut, replicas of depth 1), and bad plans and
 * runs are refused with messages naming what is wrong. All on the CPU
 * backend, whose parts exchange by memory copies: the whole partition,
 * replica and exchange logic runs without a GPU; with a usable GPU, the
 * same on the GPU's parts, and a part running out of device memory. */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gg.h"
#include "graph_shapes.h"
#include "test_filter.h"

static gg_context *ctx;

static int setup(void **state) {
    (void)state;
    gg_context_options o;
    gg_context_options_init(&o);
    o.backend = GG_BACKEND_CPU;
    return gg_context_create(&o, &ctx) == GG_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    gg_context_destroy(ctx);
    return 0;
}

static void check_ok(gg_status s, const char *what) {
    if (s != GG_OK) fail_msg("%s failed (%d): %s", what, s, gg_context_last_error(ctx));
}

static void *alloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    assert_non_null(p);
    return p;
}

static gg_partition_plan *make_plan(gg_graph *g, uint32_t parts, gg_partitioner partitioner, uint32_t depth,
                                    const uint32_t *given) {
    gg_partition_plan_options o;
    gg_partition_plan_options_init(&o);
    o.num_parts = parts;
    o.partitioner = partitioner;
    o.replication_depth = depth;
    o.seed = 7;
    if (partitioner == GG_PARTITIONER_GIVEN) {
        o.parts = given;
        o.parts_length = gg_graph_num_vertices(g);
    }
    gg_partition_plan *plan = NULL;
    check_ok(gg_partition_plan_create(ctx, g, &o, &plan), "gg_partition_plan_create");
    return plan;
}

static int close_enough(double a, double b) {
    if (isinf(a) || isinf(b)) return a == b;
    return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

/* A context over every visible GPU (its default backend the CPU), in place
 * of the suite's one-device context while a GPU test runs. */
static gg_context *context_over_all_devices(void) {
    gg_context_options o;
    gg_context_options_init(&o);
    o.backend = GG_BACKEND_CPU;
    o.all_devices = 1;
    gg_context *all = NULL;
    assert_int_equal(gg_context_create(&o, &all), GG_OK);
    return all;
}

/* The options of an unpartitioned run on the CPU (`whole`) and of a run
 * over `plan` on the GPU (`split`). */
static void cpu_and_gpu_options(const gg_partition_plan *plan, gg_run_options *whole, gg_run_options *split) {
    gg_run_options_init(whole);
    whole->backend = GG_BACKEND_CPU;
    *split = *whole;
    split->backend = GG_BACKEND_CUDA;
    split->partition_plan = plan;
}

static void test_awkward_cases(void **state);

/* The backend the partitioned runs of compare_runs() use: the CPU, and the
 * GPU too when one is usable (test_gpu_parts_equal_cpu). */
static gg_backend split_backend = GG_BACKEND_CPU;

/* Runs every algorithm unpartitioned on the CPU and over `plan` on
 * split_backend, and compares. */
static void compare_runs(gg_graph *g, const gg_partition_plan *plan, const char *what) {
    const uint32_t n = gg_graph_num_vertices(g);
    gg_run_options whole, split;
    gg_run_options_init(&whole);
    whole.backend = GG_BACKEND_CPU;
    split = whole;
    split.backend = split_backend;
    split.partition_plan = plan;
    gg_partition_plan_stats ps;
    gg_partition_plan_stats_init(&ps);
    check_ok(gg_partition_plan_read_stats(ctx, plan, &ps), "gg_partition_plan_read_stats");

    uint32_t *u1 = alloc(n, sizeof *u1), *u2 = alloc(n, sizeof *u2), *parents = alloc(n, sizeof *parents);
    float *f1 = alloc(n, sizeof *f1), *f2 = alloc(n, sizeof *f2), *x = alloc(n, sizeof *x);
    double *d1 = alloc(n, sizeof *d1), *d2 = alloc(n, sizeof *d2);
    double part_ms[8] = {0};
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    stats.part_compute_ms = part_ms;
    stats.part_capacity = 8;

    uint32_t sources[3] = {0, n / 2, n > 0 ? n - 1 : 0};
    for (int i = 0; i < 3 && n > 0; ++i) {
        const uint32_t s = sources[i];
        check_ok(gg_run_bfs(ctx, g, s, u1, NULL, &whole, NULL), "bfs");
        check_ok(gg_run_bfs(ctx, g, s, u2, parents, &split, &stats), "partitioned bfs");
        assert_int_equal(stats.num_parts, ps.num_parts);
        assert_int_equal(stats.edge_cut, ps.edge_cut);
        assert_int_equal(stats.replicas, ps.replicas);
        /* What ran behind the parts' scans (a GPU BFS's overlapped
         * bottom-up levels) is part of the exchange; none on the CPU. */
        if (!(stats.exchange_hidden_ms >= 0 && stats.exchange_hidden_ms <= stats.exchange_ms * (1 + 1e-9)) ||
            (split_backend == GG_BACKEND_CPU && stats.exchange_hidden_ms != 0))
            fail_msg("%s: BFS hid %g ms of its %g ms of exchange", what, stats.exchange_hidden_ms, stats.exchange_ms);
        for (uint32_t v = 0; v < n; ++v) {
            if (u1[v] != u2[v])
                fail_msg("%s: BFS from %u: depth of %u is %u, unpartitioned %u", what, s, v, u2[v], u1[v]);
            if (u1[v] == UINT32_MAX) {
                assert_int_equal(parents[v], UINT32_MAX);
            } else if (v == s) {
                assert_int_equal(parents[v], s);
            } else if (parents[v] >= n || u1[parents[v]] + 1 != u1[v]) {
                fail_msg("%s: BFS from %u: parent %u of %u is not one level up", what, s, parents[v], v);
            }
        }
        check_ok(gg_run_sssp(ctx, g, s, f1, &whole, NULL), "sssp");
        check_ok(gg_run_sssp(ctx, g, s, f2, &split, NULL), "partitioned sssp");
        for (uint32_t v = 0; v < n; ++v)
            if (f1[v] != f2[v]) fail_msg("%s: SSSP from %u: %u has %g, unpartitioned %g", what, s, v, f2[v], f1[v]);
        check_ok(gg_run_sswp(ctx, g, s, f1, &whole, NULL), "sswp");
        check_ok(gg_run_sswp(ctx, g, s, f2, &split, NULL), "partitioned sswp");
        for (uint32_t v = 0; v < n; ++v)
            if (f1[v] != f2[v]) fail_msg("%s: SSWP from %u: %u has %g, unpartitioned %g", what, s, v, f2[v], f1[v]);
    }
    check_ok(gg_run_cc(ctx, g, u1, &whole, NULL), "cc");
    check_ok(gg_run_cc(ctx, g, u2, &split, NULL), "partitioned cc");
    for (uint32_t v = 0; v < n; ++v)
        if (u1[v] != u2[v]) fail_msg("%s: CC: label of %u is %u, unpartitioned %u", what, v, u2[v], u1[v]);

    check_ok(gg_run_pagerank(ctx, g, d1, &whole, NULL), "pagerank");
    check_ok(gg_run_pagerank(ctx, g, d2, &split, &stats), "partitioned pagerank");
    /* The exchange hidden behind the parts' compute is part of the exchange
     * (a GPU PageRank over several devices overlaps its refresh), none on
     * the CPU. */
    if (!(stats.exchange_hidden_ms >= 0 && stats.exchange_hidden_ms <= stats.exchange_ms * (1 + 1e-9)) ||
        (split_backend == GG_BACKEND_CPU && stats.exchange_hidden_ms != 0))
        fail_msg("%s: PageRank hid %g ms of its %g ms of exchange", what, stats.exchange_hidden_ms, stats.exchange_ms);
    for (uint32_t v = 0; v < n; ++v)
        if (!close_enough(d1[v], d2[v]))
            fail_msg("%s: PageRank of %u is %.17g, unpartitioned %.17g", what, v, d2[v], d1[v]);

    for (uint32_t v = 0; v < n; ++v) x[v] = (float)((v * 7u) % 13u) - 6.0f;
    check_ok(gg_run_spmv(ctx, g, x, f1, &whole, NULL), "spmv");
    check_ok(gg_run_spmv(ctx, g, x, f2, &split, NULL), "partitioned spmv");
    for (uint32_t v = 0; v < n; ++v)
        if (!(fabsf(f1[v] - f2[v]) <= 1e-5f * fmaxf(1.0f, fabsf(f1[v]))))
            fail_msg("%s: SpMV: y of %u is %.9g, unpartitioned %.9g", what, v, f2[v], f1[v]);

    const uint32_t num_sources = n < 3 ? n : 3;
    check_ok(gg_run_bc(ctx, g, sources, num_sources, d1, &whole, NULL), "bc");
    check_ok(gg_run_bc(ctx, g, sources, num_sources, d2, &split, NULL), "partitioned bc");
    for (uint32_t v = 0; v < n; ++v)
        if (!close_enough(d1[v], d2[v]))
            fail_msg("%s: BC of %u is %.17g, unpartitioned %.17g", what, v, d2[v], d1[v]);

    free(u1);
    free(u2);
    free(parents);
    free(f1);
    free(f2);
    free(x);
    free(d1);
    free(d2);
}

/* Every catalogue shape, a partitioner, part count and depth chosen by its
 * index so that all combinations occur across the catalogue. */
static void test_catalogue_equals_unpartitioned(void **state) {
    (void)state;
    static const gg_partitioner partitioners[] = {GG_PARTITIONER_METIS, GG_PARTITIONER_RANDOM, GG_PARTITIONER_BLOCK};
    static const uint32_t part_counts[] = {2, 3, 5, 8};
    const size_t count = shape_count();
    for (size_t i = 0; i < count; ++i) {
        shape s;
        shape_make(i, &s);
        gg_graph *g = shape_build(ctx, &s);
        const gg_partitioner partitioner = partitioners[i % 3];
        const uint32_t parts = part_counts[(i / 3) % 4];
        const uint32_t depth = 1 + (uint32_t)(i % 2);
        gg_partition_plan *plan = make_plan(g, parts, partitioner, depth, NULL);
        char what[160];
        snprintf(what, sizeof what, "%s, %u parts by %s, depth %u", s.name, parts, gg_partitioner_name(partitioner),
                 depth);
        compare_runs(g, plan, what);
        gg_partition_plan_destroy(plan);
        gg_graph_destroy(g);
        shape_free(&s);
    }
}

/* Over two GPUs or more (ctx spans them): NCCL failing to start (the hook
 * GG_FAULT_NCCL_START) fails a run that asked for NCCL with GG_ERROR_DEVICE
 * naming it, while a run that left the choice to gg exchanges by peer
 * copies and gets the CPU's answer; an unknown transport is refused; and
 * without the hook NCCL serves again. */
static void check_transport_failures(void) {
    shape s;
    shape_rmat(&s, 9, 8, 0.57, 0.19, 0.19, 20, 11);
    gg_graph *g = shape_build(ctx, &s);
    const uint32_t n = gg_graph_num_vertices(g);
    gg_partition_plan *plan = make_plan(g, 3, GG_PARTITIONER_RANDOM, 1, NULL);
    gg_run_options whole, split;
    cpu_and_gpu_options(plan, &whole, &split);
    double *expected = alloc(n, sizeof *expected), *got = alloc(n, sizeof *got);
    check_ok(gg_run_pagerank(ctx, g, expected, &whole, NULL), "pagerank");

    setenv("GG_FAULT_NCCL_START", "1", 1);
    setenv("GG_PARTITIONED_TRANSPORT", "nccl", 1);
    gg_status status = gg_run_pagerank(ctx, g, got, &split, NULL);
    if (status != GG_ERROR_DEVICE || strstr(gg_context_last_error(ctx), "NCCL did not start") == NULL)
        fail_msg("NCCL asked for and failing to start: status %d (%s)", status, gg_context_last_error(ctx));
    setenv("GG_PARTITIONED_TRANSPORT", "carrier pigeons", 1);
    status = gg_run_pagerank(ctx, g, got, &split, NULL);
    if (status != GG_ERROR_INVALID_ARGUMENT || strstr(gg_context_last_error(ctx), "GG_PARTITIONED_TRANSPORT") == NULL)
        fail_msg("an unknown transport: status %d (%s)", status, gg_context_last_error(ctx));
    unsetenv("GG_PARTITIONED_TRANSPORT");
    for (int fault = 1; fault >= 0; --fault) {
        if (!fault) unsetenv("GG_FAULT_NCCL_START");
        memset(got, 0, n * sizeof *got);
        check_ok(gg_run_pagerank(ctx, g, got, &split, NULL), fault ? "pagerank, NCCL failing" : "pagerank, NCCL back");
        for (uint32_t v = 0; v < n; ++v)
            if (!close_enough(expected[v], got[v]))
                fail_msg("PageRank over GPU parts (NCCL %s): %u has %.17g, unpartitioned %.17g",
                         fault ? "failing" : "back", v, got[v], expected[v]);
    }
    print_message("NCCL failing to start: refused when asked for, peer copies otherwise\n");
    free(expected);
    free(got);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
    shape_free(&s);
}

/* With a usable GPU: the catalogue again, its parts on every visible GPU
 * (part p on the (p mod D)-th, several parts sharing each, messages between
 * GPUs by NCCL where it loads), and the awkward cases, against the CPU's
 * unpartitioned answers; over two GPUs or more, the awkward cases again by
 * peer copies, and the transports' failures. Without a GPU it checks
 * nothing and says so. */
static void test_gpu_parts_equal_cpu(void **state) {
    if (!gg_context_cuda_available(ctx, NULL, 0)) {
        print_message("no usable GPU: the GPU's parts are not checked here\n");
        return;
    }
    gg_context *one_device = ctx;
    ctx = context_over_all_devices();
    uint32_t devices = 0;
    assert_int_equal(gg_context_get_devices(ctx, NULL, 0, &devices), GG_OK);
    assert_true(devices >= 1);
    print_message("the GPU's parts over %u visible device(s)\n", devices);
    split_backend = GG_BACKEND_CUDA;
    /* BFS as partitioned_bfs chooses: level by level on the skewed shapes,
     * to the fixed point on the others; BFS's bottom-up levels with their
     * boundaries first and their flags sent meanwhile, and over several
     * GPUs PageRank's refresh overlapped with its pulls (docs/building.md). */
    setenv("GG_PARTITIONED_OVERLAP", "1", 1);
    test_catalogue_equals_unpartitioned(state);
    unsetenv("GG_PARTITIONED_OVERLAP");
    /* The awkward cases three times, each time another way
     * (docs/building.md): BFS level by level (SSSP and SSWP by band
     * windows, as the catalogue ran them), without any overlap (PageRank's
     * is on by default over several GPUs) and with it (parts with no
     * boundary, or nothing but boundary); then BFS, SSSP and SSWP to the
     * fixed point with PageRank's replicas through the message exchange,
     * as between processes. */
    setenv("GG_PARTITIONED_BFS", "levels", 1);
    setenv("GG_PARTITIONED_OVERLAP", "0", 1);
    test_awkward_cases(state);
    setenv("GG_PARTITIONED_OVERLAP", "1", 1);
    test_awkward_cases(state);
    unsetenv("GG_PARTITIONED_OVERLAP");
    setenv("GG_PARTITIONED_BFS", "fixed-point", 1);
    setenv("GG_PARTITIONED_PATHS", "fixed-point", 1);
    setenv("GG_PARTITIONED_MESSAGE_EXCHANGE", "1", 1);
    test_awkward_cases(state);
    unsetenv("GG_PARTITIONED_MESSAGE_EXCHANGE");
    unsetenv("GG_PARTITIONED_PATHS");
    unsetenv("GG_PARTITIONED_BFS");
    if (devices >= 2) {
        /* The other transport between GPUs (docs/building.md): peer copies
         * where NCCL served above; and NCCL failing to start. */
        setenv("GG_PARTITIONED_TRANSPORT", "peer", 1);
        test_awkward_cases(state);
        unsetenv("GG_PARTITIONED_TRANSPORT");
        check_transport_failures();
    } else {
        print_message("one GPU: the transports between GPUs are not checked here\n");
    }
    split_backend = GG_BACKEND_CPU;
    gg_context_destroy(ctx);
    ctx = one_device;
}

/* With a usable GPU: a part that runs out of device memory, forced at each
 * device allocation of a run in turn by the test hook
 * GG_FAULT_DEVICE_ALLOCATION (docs/building.md), ends the run with
 * GG_ERROR_OUT_OF_MEMORY naming where; the next run on the same context and
 * plan succeeds with the CPU's answer. BFS, PageRank and BC: three drivers
 * with their own device states, each on a fresh plan: a layout build that
 * runs out of memory makes the layout cache evict what no run holds and try
 * again, so the previous algorithm's cached layouts would absorb the
 * injected failure (PageRank's first allocation is a pull layout's). */
static void test_gpu_parts_out_of_memory(void **state) {
    (void)state;
    if (!gg_context_cuda_available(ctx, NULL, 0)) {
        print_message("no usable GPU: the GPU's parts running out of memory are not checked here\n");
        return;
    }
    shape s;
    shape_rmat(&s, 9, 8, 0.57, 0.19, 0.19, 20, 7);
    gg_graph *g = shape_build(ctx, &s);
    const uint32_t n = gg_graph_num_vertices(g);
    double *expected = alloc(n, sizeof *expected), *got = alloc(n, sizeof *got);
    uint32_t *depths = alloc(n, sizeof *depths);
    const uint32_t sources[2] = {0, n / 2};
    for (int algorithm = 0; algorithm < 3; ++algorithm) {
        const char *name = algorithm == 0 ? "BFS" : algorithm == 1 ? "PageRank" : "BC";
        gg_partition_plan *plan = make_plan(g, 3, GG_PARTITIONER_RANDOM, 1, NULL);
        gg_run_options whole, split;
        cpu_and_gpu_options(plan, &whole, &split);
        gg_status status = GG_OK;
        unsigned failures = 0;
        for (unsigned k = 1; k < 1000; ++k) {
            char value[16];
            snprintf(value, sizeof value, "%u", k);
            setenv("GG_FAULT_DEVICE_ALLOCATION", value, 1);
            if (algorithm == 0) status = gg_run_bfs(ctx, g, 0, depths, NULL, &split, NULL);
            if (algorithm == 1) status = gg_run_pagerank(ctx, g, got, &split, NULL);
            if (algorithm == 2) status = gg_run_bc(ctx, g, sources, 2, got, &split, NULL);
            unsetenv("GG_FAULT_DEVICE_ALLOCATION");
            if (status == GG_OK) break;
            const char *message = gg_context_last_error(ctx);
            if (status != GG_ERROR_OUT_OF_MEMORY || strstr(message, "ran out of device memory") == NULL ||
                strstr(message, "GG_FAULT_DEVICE_ALLOCATION") == NULL ||
                (strstr(message, "in part ") == NULL && strstr(message, "while placing") == NULL))
                fail_msg("%s with allocation %u failing: status %d (%s)", name, k, status, message);
            ++failures;
        }
        assert_int_equal(status, GG_OK);
        if (failures == 0) fail_msg("%s over GPU parts allocated no device memory for the hook to fail", name);
        /* The run that succeeded, and one more with nothing failing, against the CPU. */
        for (int again = 0; again < 2; ++again) {
            if (algorithm == 0) {
                uint32_t *cpu_depths = alloc(n, sizeof *cpu_depths);
                check_ok(gg_run_bfs(ctx, g, 0, cpu_depths, NULL, &whole, NULL), "bfs");
                for (uint32_t v = 0; v < n; ++v) assert_int_equal(depths[v], cpu_depths[v]);
                free(cpu_depths);
                if (!again) check_ok(gg_run_bfs(ctx, g, 0, depths, NULL, &split, NULL), "bfs over GPU parts");
                continue;
            }
            if (algorithm == 1) check_ok(gg_run_pagerank(ctx, g, expected, &whole, NULL), "pagerank");
            if (algorithm == 2) check_ok(gg_run_bc(ctx, g, sources, 2, expected, &whole, NULL), "bc");
            for (uint32_t v = 0; v < n; ++v)
                if (!close_enough(expected[v], got[v]))
                    fail_msg("%s after %u injected failures: %u has %.17g, unpartitioned %.17g", name, failures, v,
                             got[v], expected[v]);
            if (!again && algorithm == 1) check_ok(gg_run_pagerank(ctx, g, got, &split, NULL), "pagerank over GPU parts");
            if (!again && algorithm == 2) check_ok(gg_run_bc(ctx, g, sources, 2, got, &split, NULL), "bc over GPU parts");
        }
        print_message("%s over 3 GPU parts: %u device allocations failed in turn, each refused cleanly\n", name,
                      failures);
        gg_partition_plan_destroy(plan);  /* its parts' layouts and states go with it */
    }
    free(expected);
    free(got);
    free(depths);
    gg_graph_destroy(g);
    shape_free(&s);
}

/* With a usable GPU: PageRank as the first run on a fresh plan, plan after
 * plan, each made after the last one's device states were freed, so that
 * its arrays may land in memory the last one filled. The pull pass's hub
 * scratch must start at zero: four GPU parts of kron 25 once gave wrong
 * ranks this way (bench/results/multi-gpu-nccl-overlap-2026-11-27.md). A
 * skewed graph of 2^12 vertices, whose hubs have in-degrees past the pull
 * layout's hub threshold, over every visible GPU. */
static void test_gpu_pagerank_first_on_fresh_plans(void **state) {
    (void)state;
    if (!gg_context_cuda_available(ctx, NULL, 0)) {
        print_message("no usable GPU: PageRank first on fresh GPU plans is not checked here\n");
        return;
    }
    gg_context *one_device = ctx;
    ctx = context_over_all_devices();
    shape s;
    shape_rmat(&s, 12, 16, 0.57, 0.19, 0.19, 20, 5);
    gg_graph *g = shape_build(ctx, &s);
    const uint32_t n = gg_graph_num_vertices(g);
    gg_run_options whole, split;
    cpu_and_gpu_options(NULL, &whole, &split);
    double *expected = alloc(n, sizeof *expected), *got = alloc(n, sizeof *got);
    check_ok(gg_run_pagerank(ctx, g, expected, &whole, NULL), "pagerank");
    static const uint32_t part_counts[] = {2, 4, 3, 4, 2, 5};
    for (size_t k = 0; k < sizeof part_counts / sizeof *part_counts; ++k) {
        gg_partition_plan *plan = make_plan(g, part_counts[k], GG_PARTITIONER_RANDOM, 1, NULL);
        split.partition_plan = plan;
        check_ok(gg_run_pagerank(ctx, g, got, &split, NULL), "pagerank first on a fresh plan");
        for (uint32_t v = 0; v < n; ++v)
            if (!close_enough(expected[v], got[v]))
                fail_msg("PageRank first on fresh plan %zu (%u parts): %u has %.17g, unpartitioned %.17g", k,
                         part_counts[k], v, got[v], expected[v]);
        /* SpMV and BFS leave other values where the next plan may allocate. */
        float *x = alloc(n, sizeof *x), *y = alloc(n, sizeof *y);
        for (uint32_t v = 0; v < n; ++v) x[v] = (float)(v % 7) + 0.5f;
        check_ok(gg_run_spmv(ctx, g, x, y, &split, NULL), "spmv over the plan");
        free(x);
        free(y);
        gg_partition_plan_destroy(plan);
        check_ok(gg_graph_release_device_memory(ctx, g, NULL), "gg_graph_release_device_memory");
    }
    free(expected);
    free(got);
    gg_graph_destroy(g);
    shape_free(&s);
    gg_context_destroy(ctx);
    ctx = one_device;
}

/* With a usable GPU: PageRank where the host has no room for the hub
 * order's arrays (GG_FAULT_AVAILABLE_MEMORY=1, docs/building.md), on one
 * GPU and over GPU parts. Weighted kron 29 over two processes of a 256 GiB
 * host was killed building them (bench/results/multi-gpu-h200x2-2026-11-29-s56.md);
 * refused, the pull runs over the plain CSC. The ranks must be the CPU's,
 * and the device must hold other layouts for the graph than with the order
 * (so the hook took): on one GPU the plain CSR of this undirected graph,
 * less than the order's lists and per-vertex arrays; over parts, whose
 * local graphs are not symmetric, their CSR and CSC, more (on two H200s:
 * 638,976 bytes against 529,944). Two handles of the same graph keep the
 * two runs' cached layouts apart. */
static void test_gpu_pagerank_without_room_for_the_hub_order(void **state) {
    (void)state;
    if (!gg_context_cuda_available(ctx, NULL, 0)) {
        print_message("no usable GPU: PageRank without room for the hub order is not checked here\n");
        return;
    }
    shape s;
    shape_rmat(&s, 12, 16, 0.57, 0.19, 0.19, 20, 5);
    s.undirected = 1;
    gg_graph *ordered = shape_build(ctx, &s), *plain = shape_build(ctx, &s);
    const uint32_t n = gg_graph_num_vertices(ordered);
    gg_run_options whole, split;
    cpu_and_gpu_options(NULL, &whole, &split);
    double *expected = alloc(n, sizeof *expected), *got = alloc(n, sizeof *got);
    check_ok(gg_run_pagerank(ctx, ordered, expected, &whole, NULL), "pagerank");
    for (uint32_t parts = 1; parts <= 2; ++parts) {
        gg_run_stats with_order, without;
        gg_run_stats_init(&with_order);
        gg_run_stats_init(&without);
        gg_partition_plan *plan = parts > 1 ? make_plan(ordered, parts, GG_PARTITIONER_RANDOM, 1, NULL) : NULL;
        split.partition_plan = plan;
        check_ok(gg_run_pagerank(ctx, ordered, got, &split, &with_order), "pagerank with the hub order");
        gg_partition_plan_destroy(plan);
        plan = parts > 1 ? make_plan(plain, parts, GG_PARTITIONER_RANDOM, 1, NULL) : NULL;
        split.partition_plan = plan;
        setenv("GG_FAULT_AVAILABLE_MEMORY", "1", 1);
        const gg_status status = gg_run_pagerank(ctx, plain, got, &split, &without);
        unsetenv("GG_FAULT_AVAILABLE_MEMORY");
        check_ok(status, "pagerank without room for the hub order");
        for (uint32_t v = 0; v < n; ++v)
            if (!close_enough(expected[v], got[v]))
                fail_msg("PageRank on %u part(s) without the hub order: %u has %.17g, the CPU %.17g", parts, v, got[v],
                         expected[v]);
        if (without.device_bytes == with_order.device_bytes)
            fail_msg("PageRank on %u part(s): %llu device bytes without the hub order, %llu with it", parts,
                     (unsigned long long)without.device_bytes, (unsigned long long)with_order.device_bytes);
        gg_partition_plan_destroy(plan);
        check_ok(gg_graph_release_device_memory(ctx, ordered, NULL), "gg_graph_release_device_memory");
        check_ok(gg_graph_release_device_memory(ctx, plain, NULL), "gg_graph_release_device_memory");
    }
    free(expected);
    free(got);
    gg_graph_destroy(plain);
    gg_graph_destroy(ordered);
    shape_free(&s);
}

/* One mid-sized shape through every part count 1..8, partitioner and depth 1..3. */
static void test_every_setting_on_one_shape(void **state) {
    (void)state;
    shape s;
    shape_rmat(&s, 8, 6, 0.57, 0.19, 0.19, 20, 99);
    gg_graph *g = shape_build(ctx, &s);
    for (uint32_t parts = 1; parts <= 8; ++parts)
        for (int p = 0; p < 3; ++p)
            for (uint32_t depth = 1; depth <= 3; ++depth) {
                gg_partition_plan *plan = make_plan(g, parts, (gg_partitioner)p, depth, NULL);
                char what[96];
                snprintf(what, sizeof what, "rmat-8, %u parts by %s, depth %u", parts,
                         gg_partitioner_name((gg_partitioner)p), depth);
                compare_runs(g, plan, what);
                gg_partition_plan_destroy(plan);
            }
    gg_graph_destroy(g);
    shape_free(&s);
}

static gg_graph *edges_graph(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, const float *w,
                             int undirected) {
    gg_graph_options o;
    gg_graph_options_init(&o);
    o.undirected = undirected;
    gg_graph *g = NULL;
    check_ok(gg_graph_create(ctx, n, m, src, dst, w, &o, &g), "gg_graph_create");
    return g;
}

/* The awkward cases, with the caller's own parts. */
static void test_awkward_cases(void **state) {
    (void)state;
    /* A directed graph: part 1 (vertices 4..7) is unreachable from 0; 8 and 9 are isolated
     * and make part 2 a part with no edges. */
    const uint32_t src[] = {0, 1, 2, 3, 4, 5, 6, 7, 2, 4};
    const uint32_t dst[] = {1, 2, 3, 0, 5, 6, 7, 4, 0, 1};
    const float w[] = {1, 2, 0, 4, 1, 1, 1, 1, 3, 5};
    gg_graph *g = edges_graph(10, 10, src, dst, w, 0);
    const uint32_t given[] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2};
    gg_partition_plan *plan = make_plan(g, 3, GG_PARTITIONER_GIVEN, 1, given);
    gg_part_info info;
    gg_part_info_init(&info);
    check_ok(gg_partition_plan_read_part(ctx, plan, 2, &info), "read_part");
    assert_int_equal(info.owned, 2);
    assert_int_equal(info.local_edges, 0);
    assert_int_equal(info.replicas, 0);
    compare_runs(g, plan, "directed, unreachable part, edgeless part");
    gg_partition_plan_destroy(plan);

    /* More parts than vertices: most parts own nothing. */
    plan = make_plan(g, 8, GG_PARTITIONER_RANDOM, 2, NULL);
    compare_runs(g, plan, "10 vertices over 8 random parts, depth 2");
    gg_partition_plan_destroy(plan);
    uint32_t spread[10];
    for (uint32_t v = 0; v < 10; ++v) spread[v] = v % 7 == 0 ? 6 : v % 7;
    gg_partition_plan_options o;
    gg_partition_plan_options_init(&o);
    o.num_parts = 16;
    o.partitioner = GG_PARTITIONER_GIVEN;
    o.parts = spread;
    o.parts_length = 10;
    check_ok(gg_partition_plan_create(ctx, g, &o, &plan), "16 parts over 10 vertices");
    gg_partition_plan_stats ps;
    gg_partition_plan_stats_init(&ps);
    check_ok(gg_partition_plan_read_stats(ctx, plan, &ps), "stats");
    assert_int_equal(ps.empty_parts, 16 - 6);
    compare_runs(g, plan, "16 parts, 10 of them empty");
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);

    /* Two sinks owned by a part of their own and reached from every other
     * part at once: the sinks' owner hears about each from 7 replicas in one
     * round (BC's path counts going to their owners must list each once). */
    {
        enum { kMiddle = 28, kN = kMiddle + 3 };
        uint32_t fan_src[3 * kMiddle], fan_dst[3 * kMiddle], owner[kN];
        uint64_t m = 0;
        for (uint32_t v = 1; v <= kMiddle; ++v) {
            fan_src[m] = 0, fan_dst[m++] = v;
            fan_src[m] = v, fan_dst[m++] = kN - 2;
            fan_src[m] = v, fan_dst[m++] = kN - 1;
        }
        for (uint32_t v = 0; v < kN; ++v) owner[v] = v >= kN - 2 ? 0 : 1 + v % 7;
        g = edges_graph(kN, m, fan_src, fan_dst, NULL, 0);
        plan = make_plan(g, 8, GG_PARTITIONER_GIVEN, 1, owner);
        compare_runs(g, plan, "two sinks owned alone, reached from 7 parts at once");
        gg_partition_plan_destroy(plan);
        gg_graph_destroy(g);
    }

    /* One vertex with a self-loop. */
    const uint32_t loop[] = {0};
    g = edges_graph(1, 1, loop, loop, NULL, 0);
    plan = make_plan(g, 4, GG_PARTITIONER_BLOCK, 1, NULL);
    compare_runs(g, plan, "one vertex");
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);

    /* A hub joined to every vertex, each leaf in its own part. */
    enum { kLeaves = 64 };
    uint32_t hub_src[kLeaves], hub_dst[kLeaves], own[kLeaves + 1];
    for (uint32_t i = 0; i < kLeaves; ++i) {
        hub_src[i] = 0;
        hub_dst[i] = i + 1;
    }
    for (uint32_t v = 0; v <= kLeaves; ++v) own[v] = v % 8;
    g = edges_graph(kLeaves + 1, kLeaves, hub_src, hub_dst, NULL, 1);
    plan = make_plan(g, 8, GG_PARTITIONER_GIVEN, 1, own);
    for (uint32_t p = 1; p < 8; ++p) {
        check_ok(gg_partition_plan_read_part(ctx, plan, p, &info), "read_part");
        assert_int_equal(info.replicas, 1); /* the hub */
    }
    check_ok(gg_partition_plan_read_part(ctx, plan, 0, &info), "read_part");
    assert_int_equal(info.replicas, kLeaves - kLeaves / 8); /* every leaf the hub's part does not own */
    compare_runs(g, plan, "hub reaching every part");
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
}

/* Edge cut and depth-1 replicas against counts made here from the CSR. */
/* SSSP and SSWP by band windows of 3 buckets, so that work waits beyond
 * them and windows repeat, and to the fixed point (GG_PARTITIONED_PATHS,
 * docs/building.md); the catalogue ran them by the CPU's own wide windows. */
static void test_paths_by_narrow_windows_and_to_the_fixed_point(void **state) {
    setenv("GG_PARTITIONED_PATHS", "windows:3", 1);
    test_awkward_cases(state);
    test_every_setting_on_one_shape(state);
    setenv("GG_PARTITIONED_PATHS", "fixed-point", 1);
    test_awkward_cases(state);
    test_every_setting_on_one_shape(state);
    unsetenv("GG_PARTITIONED_PATHS");

    /* Buckets past 2^32 (a path of weights 10^6, delta 10^-4: the far end
     * in bucket 1.9e11), more than the windows count in 32 bits: the last
     * window takes the rest, and the run ends. */
    enum { kPath = 20 };
    uint32_t src[kPath - 1], dst[kPath - 1];
    float w[kPath - 1];
    for (uint32_t i = 0; i + 1 < kPath; ++i) {
        src[i] = i;
        dst[i] = i + 1;
        w[i] = 1.0e6f;
    }
    gg_graph *g = edges_graph(kPath, kPath - 1, src, dst, w, 0);
    gg_partition_plan *plan = make_plan(g, 3, GG_PARTITIONER_BLOCK, 1, NULL);
    gg_run_options whole, split;
    gg_run_options_init(&whole);
    whole.backend = GG_BACKEND_CPU;
    whole.delta = 1.0e-4f;
    split = whole;
    split.partition_plan = plan;
    float a[kPath], b[kPath];
    check_ok(gg_run_sssp(ctx, g, 0, a, &whole, NULL), "sssp");
    check_ok(gg_run_sssp(ctx, g, 0, b, &split, NULL), "partitioned sssp, buckets past 2^32");
    assert_memory_equal(a, b, sizeof a);
    assert_true(b[kPath - 1] == 19.0e6f);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
}

static void test_plan_statistics(void **state) {
    (void)state;
    shape s;
    shape_rmat(&s, 7, 5, 0.57, 0.19, 0.19, 0, 5);
    s.undirected = 0;
    gg_graph *g = shape_build(ctx, &s);
    const uint32_t n = gg_graph_num_vertices(g);
    const uint64_t m = gg_graph_num_edges(g);
    uint64_t *offsets = alloc(n + 1, sizeof *offsets);
    uint32_t *targets = alloc(m, sizeof *targets), *parts = alloc(n, sizeof *parts);
    check_ok(gg_graph_read_csr(ctx, g, offsets, n + 1, targets, m, NULL, 0), "read_csr");
    gg_partition_plan *plan = make_plan(g, 4, GG_PARTITIONER_RANDOM, 1, NULL);
    check_ok(gg_partition_plan_read_parts(ctx, plan, parts, n), "read_parts");
    gg_partition_plan_stats ps;
    gg_partition_plan_stats_init(&ps);
    check_ok(gg_partition_plan_read_stats(ctx, plan, &ps), "stats");
    assert_int_equal(ps.num_parts, 4);
    assert_int_equal(ps.replication_depth, 1);
    assert_int_equal(ps.partitioner, GG_PARTITIONER_RANDOM);
    assert_true(ps.local_edges >= m);

    /* replica (p, v): v is not in p and shares an edge, either way, with a vertex of p. */
    unsigned char *held = alloc((size_t)n * 4, 1);
    uint64_t cut = 0;
    unsigned char *pair_seen = alloc((size_t)n * n, 1);
    for (uint32_t u = 0; u < n; ++u)
        for (uint64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
            const uint32_t v = targets[e];
            if (parts[u] != parts[v]) {
                held[(size_t)v * 4 + parts[u]] = 1;
                held[(size_t)u * 4 + parts[v]] = 1;
                const uint32_t a = u < v ? u : v, b = u < v ? v : u;
                if (!pair_seen[(size_t)a * n + b]) {
                    pair_seen[(size_t)a * n + b] = 1;
                    ++cut;
                }
            }
        }
    uint64_t replicas = 0, per_part[4] = {0};
    for (uint32_t v = 0; v < n; ++v)
        for (uint32_t p = 0; p < 4; ++p)
            if (held[(size_t)v * 4 + p]) {
                ++replicas;
                ++per_part[p];
            }
    assert_int_equal(ps.edge_cut, cut);
    assert_int_equal(ps.replicas, replicas);
    for (uint32_t p = 0; p < 4; ++p) {
        gg_part_info info;
        gg_part_info_init(&info);
        check_ok(gg_partition_plan_read_part(ctx, plan, p, &info), "read_part");
        assert_int_equal(info.replicas, per_part[p]);
    }

    /* The plan's cost is reported by every run and paid once; bytes move. */
    float *dist = alloc(n, sizeof *dist);
    double compute[4], exchange[4];
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.partition_plan = plan;
    gg_run_stats rs;
    gg_run_stats_init(&rs);
    rs.part_compute_ms = compute;
    rs.part_exchange_ms = exchange;
    rs.part_capacity = 4;
    check_ok(gg_run_sssp(ctx, g, 0, dist, &ro, &rs), "sssp");
    assert_int_equal(rs.num_parts, 4);
    assert_true(rs.bytes_exchanged > 0);
    assert_true(rs.exchange_rounds >= 2);
    assert_true(rs.partition_ms == ps.partition_ms + ps.build_ms);
    assert_true(rs.part_compute_ms == compute); /* the caller's arrays stay its own */
    for (int p = 0; p < 4; ++p) assert_true(compute[p] >= 0 && exchange[p] >= 0);

    /* Auto depth picks one of the measured depths. */
    gg_partition_plan *automatic = make_plan(g, 4, GG_PARTITIONER_BLOCK, 0, NULL);
    check_ok(gg_partition_plan_read_stats(ctx, automatic, &ps), "stats");
    assert_true(ps.replication_depth >= 1 && ps.replication_depth <= 4);
    compare_runs(g, automatic, "auto depth");
    gg_partition_plan_destroy(automatic);

    free(dist);
    free(held);
    free(pair_seen);
    free(offsets);
    free(targets);
    free(parts);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
    shape_free(&s);
}

/* Auto: a grid numbered by position gets blocks, a graph with hubs random
 * parts; the stats name the choice and the cuts it measured, and the runs
 * still equal the unpartitioned ones. */
static void test_auto_partitioner(void **state) {
    (void)state;
    gg_generator_options go;
    gg_generator_options_init(&go);
    go.kind = GG_GENERATOR_GRID;
    go.rows = 40;
    go.cols = 50;
    go.weighted = 1;
    gg_graph *grid = NULL;
    check_ok(gg_graph_generate(ctx, &go, &grid), "grid");
    gg_partition_plan *plan = make_plan(grid, 4, GG_PARTITIONER_AUTO, 1, NULL);
    gg_partition_plan_stats ps;
    gg_partition_plan_stats_init(&ps);
    check_ok(gg_partition_plan_read_stats(ctx, plan, &ps), "stats");
    assert_int_equal(ps.partitioner, GG_PARTITIONER_BLOCK);
    assert_non_null(strstr(ps.choice, "auto chose block"));
    assert_non_null(strstr(ps.choice, "random cut"));
    compare_runs(grid, plan, "grid, auto partitioner");
    gg_partition_plan_destroy(plan);

    /* A hub joined to 2,000 leaves on a ring: degree 2,000 against a mean near 4. */
    enum { kLeaves = 2000 };
    uint32_t *src = alloc(3 * kLeaves, sizeof *src), *dst = alloc(3 * kLeaves, sizeof *dst);
    for (uint32_t i = 0; i < kLeaves; ++i) {
        src[3 * i] = 0, dst[3 * i] = i + 1;
        src[3 * i + 1] = i + 1, dst[3 * i + 1] = 1 + (i + 1) % kLeaves;
        src[3 * i + 2] = i + 1, dst[3 * i + 2] = 1 + (i + 7) % kLeaves;
    }
    gg_graph *skewed = edges_graph(kLeaves + 1, 3 * kLeaves, src, dst, NULL, 1);
    free(src);
    free(dst);
    plan = make_plan(skewed, 4, GG_PARTITIONER_AUTO, 1, NULL);
    check_ok(gg_partition_plan_read_stats(ctx, plan, &ps), "stats");
    if (ps.partitioner != GG_PARTITIONER_RANDOM || strstr(ps.choice, "(hubs)") == NULL)
        fail_msg("a hub under auto: partitioner %d, \"%s\"", ps.partitioner, ps.choice);
    compare_runs(skewed, plan, "hub and ring, auto partitioner");
    gg_partition_plan_destroy(plan);

    /* A named partitioner leaves the choice empty. */
    plan = make_plan(skewed, 2, GG_PARTITIONER_BLOCK, 1, NULL);
    check_ok(gg_partition_plan_read_stats(ctx, plan, &ps), "stats");
    assert_string_equal(ps.choice, "");
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(skewed);
    gg_graph_destroy(grid);
}

/* Several threads, each with its own context, run partitioned algorithms on
 * one shared graph and plan at once: every answer equals its serial run. */
enum { kConcurrentThreads = 6 };

typedef struct {
    gg_graph *graph;
    const gg_partition_plan *plan;
    int which;          /* 0: SSSP, 1: CC, 2: PageRank */
    uint32_t n;
    void *result;
    gg_status status;
} concurrent_run;

static void *run_partitioned_thread(void *arg) {
    concurrent_run *r = arg;
    gg_context_options co;
    gg_context_options_init(&co);
    co.backend = GG_BACKEND_CPU;
    co.num_threads = 2;
    gg_context *own = NULL;
    r->status = gg_context_create(&co, &own);
    if (r->status != GG_OK) return NULL;
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.partition_plan = r->plan;
    for (int repeat = 0; repeat < 3 && r->status == GG_OK; ++repeat) {
        if (r->which == 0) r->status = gg_run_sssp(own, r->graph, 1, r->result, &ro, NULL);
        if (r->which == 1) r->status = gg_run_cc(own, r->graph, r->result, &ro, NULL);
        if (r->which == 2) r->status = gg_run_pagerank(own, r->graph, r->result, &ro, NULL);
    }
    gg_context_destroy(own);
    return NULL;
}

static void test_concurrent_runs_share_a_plan(void **state) {
    (void)state;
    shape s;
    shape_rmat(&s, 10, 8, 0.57, 0.19, 0.19, 30, 41);
    gg_graph *g = shape_build(ctx, &s);
    const uint32_t n = gg_graph_num_vertices(g);
    gg_partition_plan *plan = make_plan(g, 4, GG_PARTITIONER_RANDOM, 2, NULL);
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.partition_plan = plan;
    float *dist = alloc(n, sizeof *dist);
    uint32_t *labels = alloc(n, sizeof *labels);
    double *ranks = alloc(n, sizeof *ranks);
    check_ok(gg_run_sssp(ctx, g, 1, dist, &ro, NULL), "serial sssp");
    check_ok(gg_run_cc(ctx, g, labels, &ro, NULL), "serial cc");
    check_ok(gg_run_pagerank(ctx, g, ranks, &ro, NULL), "serial pagerank");

    concurrent_run runs[kConcurrentThreads];
    pthread_t threads[kConcurrentThreads];
    for (int t = 0; t < kConcurrentThreads; ++t) {
        runs[t] = (concurrent_run){g, plan, t % 3, n, NULL, GG_OK};
        runs[t].result = alloc(n, t % 3 == 2 ? sizeof(double) : sizeof(uint32_t));
        assert_int_equal(pthread_create(&threads[t], NULL, run_partitioned_thread, &runs[t]), 0);
    }
    for (int t = 0; t < kConcurrentThreads; ++t) assert_int_equal(pthread_join(threads[t], NULL), 0);
    for (int t = 0; t < kConcurrentThreads; ++t) {
        assert_int_equal(runs[t].status, GG_OK);
        const void *serial = runs[t].which == 0 ? (const void *)dist : runs[t].which == 1 ? (const void *)labels
                                                                                            : (const void *)ranks;
        const size_t bytes = (size_t)n * (runs[t].which == 2 ? sizeof(double) : sizeof(uint32_t));
        if (memcmp(serial, runs[t].result, bytes) != 0) fail_msg("thread %d: answer differs from the serial run", t);
        free(runs[t].result);
    }
    free(dist);
    free(labels);
    free(ranks);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
    shape_free(&s);
}

static void expect_refusal(gg_status status, gg_status expected, const char *needle) {
    if (status != expected) fail_msg("expected status %d, got %d (%s)", expected, status, gg_context_last_error(ctx));
    if (strstr(gg_context_last_error(ctx), needle) == NULL)
        fail_msg("message \"%s\" does not name \"%s\"", gg_context_last_error(ctx), needle);
}

static void test_bad_plans_and_runs(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 3};
    gg_graph *g = edges_graph(4, 3, src, dst, NULL, 0);
    gg_partition_plan *plan = NULL;
    gg_partition_plan_options o;

    gg_partition_plan_options_init(&o);
    o.num_parts = 0;
    expect_refusal(gg_partition_plan_create(ctx, g, &o, &plan), GG_ERROR_INVALID_ARGUMENT, "num_parts");
    assert_null(plan);

    const uint32_t parts[] = {0, 1, 5, 0};
    gg_partition_plan_options_init(&o);
    o.partitioner = GG_PARTITIONER_GIVEN;
    o.parts = parts;
    o.parts_length = 3;
    expect_refusal(gg_partition_plan_create(ctx, g, &o, &plan), GG_ERROR_INVALID_ARGUMENT, "parts_length is 3");
    o.parts_length = 4;
    expect_refusal(gg_partition_plan_create(ctx, g, &o, &plan), GG_ERROR_INVALID_ARGUMENT, "parts[2] = 5");
    o.parts = NULL;
    expect_refusal(gg_partition_plan_create(ctx, g, &o, &plan), GG_ERROR_INVALID_ARGUMENT, "parts");

    gg_partition_plan_options_init(&o);
    o.replication_depth = 9;
    expect_refusal(gg_partition_plan_create(ctx, g, &o, &plan), GG_ERROR_INVALID_ARGUMENT, "replication_depth");
    gg_partition_plan_options_init(&o);
    o.partitioner = (gg_partitioner)5;
    expect_refusal(gg_partition_plan_create(ctx, g, &o, &plan), GG_ERROR_INVALID_ARGUMENT, "partitioner");
    gg_partition_plan_options_init(&o);
    o.partitioner = GG_PARTITIONER_RANDOM;
    o.parts = parts;
    expect_refusal(gg_partition_plan_create(ctx, g, &o, &plan), GG_ERROR_INVALID_ARGUMENT, "GG_PARTITIONER_GIVEN");

    /* A plan of one graph refused by runs on another. */
    plan = make_plan(g, 2, GG_PARTITIONER_BLOCK, 1, NULL);
    gg_graph *other = edges_graph(4, 3, src, dst, NULL, 0);
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.partition_plan = plan;
    uint32_t depths[4];
    expect_refusal(gg_run_bfs(ctx, other, 0, depths, NULL, &ro, NULL), GG_ERROR_INVALID_ARGUMENT, "another graph");
    check_ok(gg_run_bfs(ctx, g, 0, depths, NULL, &ro, NULL), "the context stays usable");
    assert_int_equal(depths[3], 3);

    /* With a GPU, under auto: BFS and PageRank run on its parts, PageRank
     * agreeing with the CPU's parts. */
    if (gg_context_cuda_available(ctx, NULL, 0)) {
        gg_context *automatic = NULL;
        assert_int_equal(gg_context_create(NULL, &automatic), GG_OK);
        gg_run_stats st;
        gg_run_stats_init(&st);
        assert_int_equal(gg_run_bfs(automatic, g, 0, depths, NULL, &ro, &st), GG_OK);
        assert_int_equal(st.backend, GG_BACKEND_CUDA);
        assert_int_equal(st.num_parts, 2);
        assert_int_equal(depths[3], 3);
        double ranks[4], cpu_ranks[4];
        gg_run_stats_init(&st);
        assert_int_equal(gg_run_pagerank(automatic, g, ranks, &ro, &st), GG_OK);
        assert_int_equal(st.backend, GG_BACKEND_CUDA);
        assert_int_equal(st.num_parts, 2);
        ro.backend = GG_BACKEND_CPU;
        check_ok(gg_run_pagerank(ctx, g, cpu_ranks, &ro, NULL), "pagerank over the CPU's parts");
        ro.backend = GG_BACKEND_AUTO;
        for (int v = 0; v < 4; ++v) assert_true(close_enough(ranks[v], cpu_ranks[v]));
        gg_context_destroy(automatic);
    }

    gg_part_info info;
    gg_part_info_init(&info);
    expect_refusal(gg_partition_plan_read_part(ctx, plan, 2, &info), GG_ERROR_INVALID_ARGUMENT, "part 2");
    uint32_t short_parts[2];
    expect_refusal(gg_partition_plan_read_parts(ctx, plan, short_parts, 2), GG_ERROR_TOO_LARGE, "parts");
    gg_partition_plan *no_plan = plan;
    assert_int_equal(gg_partition_plan_create(ctx, NULL, NULL, &no_plan), GG_ERROR_INVALID_ARGUMENT);
    assert_null(no_plan);

    /* Names. */
    gg_partitioner p;
    assert_int_equal(gg_partitioner_from_name("random", &p), GG_OK);
    assert_int_equal(p, GG_PARTITIONER_RANDOM);
    assert_int_equal(gg_partitioner_from_name("Random", &p), GG_ERROR_INVALID_ARGUMENT);
    assert_string_equal(gg_partitioner_name(GG_PARTITIONER_BLOCK), "block");
    assert_string_equal(gg_partitioner_name(GG_PARTITIONER_AUTO), "auto");
    assert_null(gg_partitioner_name((gg_partitioner)5));

    gg_partition_plan_destroy(plan);
    gg_partition_plan_destroy(NULL);
    gg_graph_destroy(other);
    gg_graph_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_plans_and_runs),
        cmocka_unit_test(test_plan_statistics),
        cmocka_unit_test(test_awkward_cases),
        cmocka_unit_test(test_paths_by_narrow_windows_and_to_the_fixed_point),
        cmocka_unit_test(test_auto_partitioner),
        cmocka_unit_test(test_concurrent_runs_share_a_plan),
        cmocka_unit_test(test_every_setting_on_one_shape),
        cmocka_unit_test(test_catalogue_equals_unpartitioned),
        cmocka_unit_test(test_gpu_parts_equal_cpu),
        cmocka_unit_test(test_gpu_parts_out_of_memory),
        cmocka_unit_test(test_gpu_pagerank_first_on_fresh_plans),
        cmocka_unit_test(test_gpu_pagerank_without_room_for_the_hub_order),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, setup, teardown);
}
