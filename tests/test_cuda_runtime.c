/* The CUDA backend's runtime behaviour, as a caller sees it through gg.h:
 * device choice and the CPU fallback (these run on every machine), and, when
 * a GPU is usable, the device cache (a graph's arrays uploaded once and
 * reused), layout refusal, run statistics, concurrent runs sharing one
 * graph (of one kind, and of four different persistent kernels), very deep
 * searches that exercise the on-device level loop and band changes, and APSP
 * by thousands of back-to-back searches.
 * GPU-only cases print "SKIPPED: no usable GPU (<reason>)" and skip. */
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
#include "test_filter.h"

static gg_context *context_on(gg_backend backend, int32_t device_id) {
    gg_context_options options;
    gg_context_options_init(&options);
    options.backend = backend;
    options.device_id = device_id;
    gg_context *context = NULL;
    assert_int_equal(gg_context_create(&options, &context), GG_OK);
    return context;
}

/* A CUDA context, or a visible skip when no GPU is usable. */
static gg_context *gpu_context(void) {
    gg_context *context = context_on(GG_BACKEND_CUDA, -1);
    char reason[256] = "";
    if (!gg_context_cuda_available(context, reason, sizeof reason)) {
        printf("SKIPPED: no usable GPU (%s)\n", reason);
        fflush(stdout);
        gg_context_destroy(context);
        skip();
    }
    return context;
}

static gg_graph *grid_graph(gg_context *context, uint32_t rows, uint32_t cols, int weighted) {
    gg_generator_options g;
    gg_generator_options_init(&g);
    g.kind = GG_GENERATOR_GRID;
    g.rows = rows;
    g.cols = cols;
    g.weighted = weighted;
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_generate(context, &g, &graph), GG_OK);
    return graph;
}

/* A directed path 0 -> 1 -> ... -> n-1 with weight 2 on every edge. */
static gg_graph *path_graph(gg_context *context, uint32_t n) {
    uint32_t *src = malloc(sizeof(uint32_t) * (n - 1));
    uint32_t *dst = malloc(sizeof(uint32_t) * (n - 1));
    float *w = malloc(sizeof(float) * (n - 1));
    assert_non_null(src);
    assert_non_null(dst);
    assert_non_null(w);
    for (uint32_t i = 0; i + 1 < n; ++i) {
        src[i] = i;
        dst[i] = i + 1;
        w[i] = 2.0f;
    }
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_create(context, n, n - 1, src, dst, w, NULL, &graph), GG_OK);
    free(src);
    free(dst);
    free(w);
    return graph;
}

/* ---- every machine ---------------------------------------------------------- */

static void test_missing_device_falls_back_with_reason(void **state) {
    (void)state;
    gg_context *context = context_on(GG_BACKEND_AUTO, 4096);
    char reason[256] = "";
    assert_int_equal(gg_context_cuda_available(context, reason, sizeof reason), 0);
    assert_true(strlen(reason) > 0);
    gg_graph *graph = path_graph(context, 8);
    uint32_t depths[8];
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CPU);
    assert_string_equal(stats.fallback_reason, reason);
    assert_int_equal(depths[7], 7);

    gg_run_options cuda;
    gg_run_options_init(&cuda);
    cuda.backend = GG_BACKEND_CUDA;
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &cuda, NULL), GG_ERROR_UNSUPPORTED);
    assert_non_null(strstr(gg_context_last_error(context), reason));
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* With a driver, device 4096 is named as missing; without one the driver is. */
static void test_missing_device_reason_is_specific(void **state) {
    (void)state;
    gg_context *first = context_on(GG_BACKEND_AUTO, 0);
    char first_reason[256] = "";
    const int32_t gpu = gg_context_cuda_available(first, first_reason, sizeof first_reason);
    gg_context *far = context_on(GG_BACKEND_AUTO, 4096);
    char far_reason[256] = "";
    assert_int_equal(gg_context_cuda_available(far, far_reason, sizeof far_reason), 0);
    if (gpu) assert_non_null(strstr(far_reason, "device 4096 does not exist"));
    else assert_string_equal(far_reason, first_reason);
    gg_context_destroy(first);
    gg_context_destroy(far);
}

/* ---- with a GPU -------------------------------------------------------------- */

static void test_gpu_statistics(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    gg_graph *graph = grid_graph(context, 64, 64, 1);
    uint32_t *depths = malloc(sizeof(uint32_t) * 64 * 64);
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CUDA);
    assert_int_equal(stats.layout, GG_LAYOUT_CSR);
    assert_int_equal(stats.device_id, 0);
    assert_int_equal(stats.num_threads, 0);
    assert_string_equal(stats.fallback_reason, "");
    assert_true(stats.compute_ms > 0);
    assert_true(stats.transfer_ms > 0);
    assert_int_equal(stats.iterations, 64 + 64 - 1); /* depths 0 .. 126 */
    assert_int_equal(depths[64 * 64 - 1], 126);
    free(depths);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* The CSR is uploaded on the first run and reused; weights join it when a
 * weighted algorithm first needs them; nothing is uploaded twice. */
static void test_device_cache_uploads_once(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    const uint32_t side = 200;
    gg_graph *graph = grid_graph(context, side, side, 1);
    const uint64_t n = gg_graph_num_vertices(graph), m = gg_graph_num_edges(graph);
    const uint64_t structure = (n + 1) * sizeof(uint64_t) + m * sizeof(uint32_t);
    uint32_t *depths = malloc(sizeof(uint32_t) * n);
    float *dist = malloc(sizeof(float) * n);
    gg_run_stats stats;

    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.device_bytes, structure); /* undirected: the CSC is the CSR */
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_sssp(context, graph, 0, dist, NULL, &stats), GG_OK);
    assert_int_equal(stats.device_bytes, structure + m * sizeof(float));
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 5, depths, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.device_bytes, structure + m * sizeof(float));
    assert_int_equal(depths[5], 0);
    free(depths);
    free(dist);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* gg_graph_release_device_memory drops the layouts and the context's engine
 * states; the next run uploads again and answers the same. */
static void test_release_device_memory(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    const uint32_t side = 120;
    gg_graph *graph = grid_graph(context, side, side, 1);
    const uint64_t n = gg_graph_num_vertices(graph), m = gg_graph_num_edges(graph);
    const uint64_t structure = (n + 1) * sizeof(uint64_t) + m * sizeof(uint32_t);
    uint32_t *depths = malloc(sizeof(uint32_t) * n), *again = malloc(sizeof(uint32_t) * n);
    float *dist = malloc(sizeof(float) * n);
    gg_run_stats stats;

    assert_int_equal(gg_run_bfs(context, graph, 7, depths, NULL, NULL, NULL), GG_OK);
    assert_int_equal(gg_run_sssp(context, graph, 7, dist, NULL, NULL), GG_OK);
    uint64_t released = 0;
    assert_int_equal(gg_graph_release_device_memory(context, graph, &released), GG_OK);
    /* The CSR with its weights, plus the BFS and near-far states (n words each at least). */
    assert_true(released >= structure + m * sizeof(float) + 2 * n * sizeof(uint32_t));
    assert_int_equal(gg_graph_release_device_memory(context, graph, &released), GG_OK);
    assert_int_equal(released, 0); /* nothing left to drop */
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 7, again, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.device_bytes, structure); /* uploaded again, without the weights */
    assert_memory_equal(depths, again, sizeof(uint32_t) * n);
    assert_int_equal(gg_graph_release_device_memory(context, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    free(depths);
    free(again);
    free(dist);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* A graph larger than what gg may hold on the GPU (GG_DEVICE_MEMORY_LIMIT,
 * docs/building.md, standing in for a graph larger than the GPU): the CUDA
 * backend returns GG_ERROR_OUT_OF_MEMORY naming the bytes needed and free;
 * the auto backend runs it on the CPU and says why in the stats; with the
 * cap lifted the same contexts run it on the GPU. */
static void test_graph_larger_than_the_device(void **state) {
    (void)state;
    gg_context *cuda = gpu_context();
    gg_context *automatic = context_on(GG_BACKEND_AUTO, -1);
    gg_context *cpu = context_on(GG_BACKEND_CPU, -1);
    gg_graph *g = grid_graph(cpu, 300, 300, 1);
    const uint32_t n = gg_graph_num_vertices(g);
    uint32_t *expected = malloc(n * sizeof *expected), *depths = malloc(n * sizeof *depths);
    double *ranks = malloc(n * sizeof *ranks), *cpu_ranks = malloc(n * sizeof *cpu_ranks);
    assert_non_null(expected);
    assert_non_null(depths);
    assert_non_null(ranks);
    assert_non_null(cpu_ranks);
    assert_int_equal(gg_run_bfs(cpu, g, 0, expected, NULL, NULL, NULL), GG_OK);
    assert_int_equal(gg_run_pagerank(cpu, g, cpu_ranks, NULL, NULL), GG_OK);

    setenv("GG_DEVICE_MEMORY_LIMIT", "64K", 1);
    assert_int_equal(gg_run_bfs(cuda, g, 0, depths, NULL, NULL, NULL), GG_ERROR_OUT_OF_MEMORY);
    const char *message = gg_context_last_error(cuda);
    assert_non_null(strstr(message, "needs"));
    assert_non_null(strstr(message, "free"));
    assert_non_null(strstr(message, "GG_DEVICE_MEMORY_LIMIT"));
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(automatic, g, 0, depths, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CPU);
    assert_non_null(strstr(stats.fallback_reason, "GPU out of memory"));
    assert_memory_equal(depths, expected, n * sizeof *depths);
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_pagerank(automatic, g, ranks, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CPU);
    assert_memory_equal(ranks, cpu_ranks, n * sizeof *ranks);
    unsetenv("GG_DEVICE_MEMORY_LIMIT");

    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(cuda, g, 0, depths, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CUDA);
    assert_memory_equal(depths, expected, n * sizeof *depths);
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_pagerank(automatic, g, ranks, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CUDA);
    assert_string_equal(stats.fallback_reason, "");
    for (uint32_t v = 0; v < n; ++v) assert_true(fabs(ranks[v] - cpu_ranks[v]) <= 1e-10);
    free(expected);
    free(depths);
    free(ranks);
    free(cpu_ranks);
    gg_graph_destroy(g);
    gg_context_destroy(cpu);
    gg_context_destroy(automatic);
    gg_context_destroy(cuda);
}

static void test_unsupported_layout_is_refused(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    gg_graph *graph = path_graph(context, 16);
    uint32_t depths[16];
    gg_run_options options;
    gg_run_options_init(&options);
    double centrality[16];
    options.layout = GG_LAYOUT_GSHARDS;
    assert_int_equal(gg_run_bc(context, graph, NULL, 0, centrality, &options, NULL), GG_ERROR_UNSUPPORTED);
    assert_non_null(strstr(gg_context_last_error(context), "BC"));
    options.layout = GG_LAYOUT_CSR;
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_OK);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* 100,000 levels in one search: the level loop stays on the device
 * (100 under GG_TEST_SHALLOW, for compute-sanitizer). */
static void test_deep_searches(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    const uint32_t n = test_shallow() ? 100 : 100000;
    gg_graph *graph = path_graph(context, n);
    uint32_t *depths = malloc(sizeof(uint32_t) * n);
    uint32_t *parents = malloc(sizeof(uint32_t) * n);
    float *dist = malloc(sizeof(float) * n);
    float *width = malloc(sizeof(float) * n);
    assert_int_equal(gg_run_bfs(context, graph, 1, depths, parents, NULL, NULL), GG_OK);
    assert_int_equal(depths[0], UINT32_MAX);
    assert_int_equal(parents[0], UINT32_MAX);
    assert_int_equal(parents[1], 1);
    for (uint32_t v = 2; v < n; ++v) {
        assert_int_equal(depths[v], v - 1);
        assert_int_equal(parents[v], v - 1);
    }
    assert_int_equal(gg_run_sssp(context, graph, 0, dist, NULL, NULL), GG_OK);
    assert_int_equal(gg_run_sswp(context, graph, 0, width, NULL, NULL), GG_OK);
    assert_true(isinf(width[0]));
    for (uint32_t v = 1; v < n; ++v) {
        assert_true(dist[v] == 2.0f * (float)v);
        assert_true(width[v] == 2.0f);
    }
    /* Buckets as wide as one edge: every vertex is a band of its own, so the
     * search changes band 100,000 times (a scan of the keys and a grid
     * barrier each), where a race once made the blocks disagree and hang. */
    gg_run_options narrow;
    gg_run_options_init(&narrow);
    narrow.delta = 2.0f;
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_sssp(context, graph, 0, dist, &narrow, &stats), GG_OK);
    assert_int_equal(stats.iterations, n); /* one relaxation round per vertex */
    for (uint32_t v = 1; v < n; ++v) assert_true(dist[v] == 2.0f * (float)v);
    free(depths);
    free(parents);
    free(dist);
    free(width);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* A star 0 -> 1..leaves whose edges weigh 254 or 255. With 2^22 leaves a
 * warp of the near-far search appends about a thousand vertices in one phase
 * (the hub's edges are spread evenly over the grid's warps, 4224 on an H100,
 * and a band scan gives each warp a thousand keys), several times what fits in its
 * shared-memory stage (near_far.cu, 256): the stage must be written out and
 * refilled mid-phase. The catalogue's graphs never fill it. */
static void test_wide_frontiers(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    const uint32_t leaves = 1u << 22, n = leaves + 1;
    uint32_t *src = malloc(sizeof(uint32_t) * leaves);
    uint32_t *dst = malloc(sizeof(uint32_t) * leaves);
    float *w = malloc(sizeof(float) * leaves);
    float *values = malloc(sizeof(float) * n);
    assert_non_null(src);
    assert_non_null(dst);
    assert_non_null(w);
    assert_non_null(values);
    for (uint32_t i = 0; i < leaves; ++i) {
        src[i] = 0;
        dst[i] = i + 1;
        w[i] = i % 3 == 0 ? 254.0f : 255.0f;
    }
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_create(context, n, leaves, src, dst, w, NULL, &graph), GG_OK);

    /* Default buckets: every leaf is queued in the first round. Width-one
     * buckets: none is, and two band scans gather them. SSWP's 64 bands put
     * the two weights 64 bands apart: a round, then a scan. */
    gg_run_options narrow;
    gg_run_options_init(&narrow);
    narrow.delta = 1.0f;
    const gg_run_options *sssp_options[] = {NULL, &narrow};
    for (int k = 0; k < 2; ++k) {
        assert_int_equal(gg_run_sssp(context, graph, 0, values, sssp_options[k], NULL), GG_OK);
        assert_true(values[0] == 0.0f);
        for (uint32_t i = 0; i < leaves; ++i)
            if (values[i + 1] != w[i]) fail_msg("SSSP (run %d) leaf %u: %g, expected %g", k, i + 1, values[i + 1], w[i]);
    }
    assert_int_equal(gg_run_sswp(context, graph, 0, values, NULL, NULL), GG_OK);
    assert_true(isinf(values[0]));
    for (uint32_t i = 0; i < leaves; ++i)
        if (values[i + 1] != w[i]) fail_msg("SSWP leaf %u: %g, expected %g", i + 1, values[i + 1], w[i]);
    free(src);
    free(dst);
    free(w);
    free(values);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

typedef struct shared_run {
    gg_context *context;
    const gg_graph *graph;
    uint32_t source;
    uint32_t *depths;
    gg_status status;
} shared_run;

static void *run_bfs_thread(void *arg) {
    shared_run *run = arg;
    run->status = gg_run_bfs(run->context, run->graph, run->source, run->depths, NULL, NULL, NULL);
    return NULL;
}

/* Four threads run on one fresh graph at once: the first upload is shared
 * (under the graph's cache lock) and every answer matches the CPU's. */
static void test_concurrent_runs_share_the_graph(void **state) {
    (void)state;
    enum { kThreads = 4 };
    gg_context *contexts[kThreads];
    for (int t = 0; t < kThreads; ++t) contexts[t] = gpu_context();
    gg_graph *graph = grid_graph(contexts[0], 300, 300, 0);
    const uint32_t n = gg_graph_num_vertices(graph);
    shared_run runs[kThreads];
    pthread_t threads[kThreads];
    for (int t = 0; t < kThreads; ++t) {
        runs[t] = (shared_run){contexts[t], graph, (uint32_t)t * 1000u, malloc(sizeof(uint32_t) * n), GG_OK};
        assert_int_equal(pthread_create(&threads[t], NULL, run_bfs_thread, &runs[t]), 0);
    }
    for (int t = 0; t < kThreads; ++t) assert_int_equal(pthread_join(threads[t], NULL), 0);
    gg_run_options cpu;
    gg_run_options_init(&cpu);
    cpu.backend = GG_BACKEND_CPU;
    uint32_t *want = malloc(sizeof(uint32_t) * n);
    for (int t = 0; t < kThreads; ++t) {
        assert_int_equal(runs[t].status, GG_OK);
        assert_int_equal(gg_run_bfs(contexts[0], graph, runs[t].source, want, NULL, &cpu, NULL), GG_OK);
        assert_memory_equal(want, runs[t].depths, sizeof(uint32_t) * n);
        free(runs[t].depths);
    }
    free(want);
    gg_graph_destroy(graph);
    for (int t = 0; t < kThreads; ++t) gg_context_destroy(contexts[t]);
}

typedef struct mixed_run {
    gg_context *context;
    const gg_graph *graph;
    int kind; /* 0 BFS, 1 SSSP, 2 SSWP, 3 BC */
    uint32_t source;
    void *values;
    gg_status status;
} mixed_run;

static gg_status run_kind(gg_context *context, const gg_graph *graph, int kind, uint32_t source, void *values,
                          const gg_run_options *options) {
    switch (kind) {
    case 0: return gg_run_bfs(context, graph, source, values, NULL, options, NULL);
    case 1: return gg_run_sssp(context, graph, source, values, options, NULL);
    case 2: return gg_run_sswp(context, graph, source, values, options, NULL);
    default: return gg_run_bc(context, graph, &source, 1, values, options, NULL);
    }
}

static void *run_mixed_thread(void *arg) {
    mixed_run *run = arg;
    const int repeats = test_shallow() ? 2 : 5;
    for (int repeat = 0; repeat < repeats && run->status == GG_OK; ++repeat)
        run->status = run_kind(run->context, run->graph, run->kind, run->source, run->values, NULL);
    return NULL;
}

/* Four threads run four different persistent kernels (BFS, SSSP, SSWP, BC,
 * each of which fills the GPU and waits at grid barriers) on one graph at
 * once, five times each: none may wait on another's blocks, and every answer
 * matches the CPU's. A 200 x 300 grid (10 x 15 and two runs each under
 * GG_TEST_SHALLOW). */
static void test_concurrent_persistent_kernels(void **state) {
    (void)state;
    enum { kThreads = 4 };
    gg_context *contexts[kThreads];
    for (int t = 0; t < kThreads; ++t) contexts[t] = gpu_context();
    const uint32_t shrink = test_shallow() ? 20 : 1;
    gg_graph *graph = grid_graph(contexts[0], 200 / shrink, 300 / shrink, 1);
    const uint32_t n = gg_graph_num_vertices(graph);
    const size_t value_size[kThreads] = {sizeof(uint32_t), sizeof(float), sizeof(float), sizeof(double)};
    mixed_run runs[kThreads];
    pthread_t threads[kThreads];
    for (int t = 0; t < kThreads; ++t) {
        runs[t] = (mixed_run){contexts[t], graph, t, (uint32_t)t * 7919u % n, malloc(value_size[t] * n), GG_OK};
        assert_non_null(runs[t].values);
        assert_int_equal(pthread_create(&threads[t], NULL, run_mixed_thread, &runs[t]), 0);
    }
    for (int t = 0; t < kThreads; ++t) assert_int_equal(pthread_join(threads[t], NULL), 0);
    gg_run_options cpu;
    gg_run_options_init(&cpu);
    cpu.backend = GG_BACKEND_CPU;
    for (int t = 0; t < kThreads; ++t) {
        assert_int_equal(runs[t].status, GG_OK);
        void *want = malloc(value_size[t] * n);
        assert_non_null(want);
        assert_int_equal(run_kind(contexts[0], graph, t, runs[t].source, want, &cpu), GG_OK);
        if (t < 3) {
            assert_memory_equal(want, runs[t].values, value_size[t] * n);
        } else {
            const double *got = runs[t].values, *expected = want;
            for (uint32_t v = 0; v < n; ++v) {
                const double scale = fabs(expected[v]) > 1.0 ? fabs(expected[v]) : 1.0;
                if (!(fabs(got[v] - expected[v]) <= 1e-9 * scale))
                    fail_msg("BC vertex %u: %.17g on the GPU, %.17g on the CPU", v, got[v], expected[v]);
            }
        }
        free(want);
        free(runs[t].values);
    }
    gg_graph_destroy(graph);
    for (int t = 0; t < kThreads; ++t) gg_context_destroy(contexts[t]);
}

/* APSP on a sparse graph above the backend's Floyd-Warshall limit (16,384
 * vertices) runs one near-far search per source, 16,448 persistent kernels
 * one after the other; rows are checked against the CPU's SSSP. The
 * distance matrix takes 1 GiB of host memory. */
static void test_apsp_by_repeated_searches(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    const uint32_t n = 16448, out_degree = 3;
    const uint64_t m = (uint64_t)n * out_degree;
    uint32_t *src = malloc(sizeof(uint32_t) * m), *dst = malloc(sizeof(uint32_t) * m);
    float *w = malloc(sizeof(float) * m);
    assert_non_null(src);
    assert_non_null(dst);
    assert_non_null(w);
    uint64_t state_bits = 0x9e3779b97f4a7c15ULL;
    for (uint64_t e = 0; e < m; ++e) {
        state_bits = state_bits * 6364136223846793005ULL + 1442695040888963407ULL;
        src[e] = (uint32_t)(e / out_degree);
        /* A ring edge keeps every vertex reachable; the others are random. */
        dst[e] = e % out_degree == 0 ? (src[e] + 1) % n : (uint32_t)((state_bits >> 33) % n);
        w[e] = (float)(1 + (state_bits >> 20) % 16);
    }
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_create(context, n, m, src, dst, w, NULL, &graph), GG_OK);
    free(src);
    free(dst);
    free(w);
    const uint64_t cells = (uint64_t)n * n;
    float *dist = malloc(sizeof(float) * cells);
    assert_non_null(dist);
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_apsp(context, graph, dist, cells, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CUDA);
    assert_int_equal(stats.iterations, n); /* one search per source, not n / 32 pivot tiles */
    gg_run_options cpu;
    gg_run_options_init(&cpu);
    cpu.backend = GG_BACKEND_CPU;
    float *row = malloc(sizeof(float) * n);
    assert_non_null(row);
    const uint32_t sources[] = {0, 1, n / 2, n - 1};
    for (size_t k = 0; k < sizeof sources / sizeof sources[0]; ++k) {
        assert_int_equal(gg_run_sssp(context, graph, sources[k], row, &cpu, NULL), GG_OK);
        assert_memory_equal(row, dist + (uint64_t)sources[k] * n, sizeof(float) * n);
    }
    free(row);
    free(dist);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* Graphs created, used on the GPU and destroyed in a loop: the cache is
 * freed with its graph (a leak would show as growth under compute-sanitizer
 * and as an eventual out-of-memory failure). */
static void test_graphs_come_and_go(void **state) {
    (void)state;
    gg_context *context = gpu_context();
    for (int round = 0; round < 20; ++round) {
        gg_graph *graph = grid_graph(context, 100, 100 + (uint32_t)round, 1);
        const uint32_t n = gg_graph_num_vertices(graph);
        uint32_t *labels = malloc(sizeof(uint32_t) * n);
        assert_int_equal(gg_run_cc(context, graph, labels, NULL, NULL), GG_OK);
        for (uint32_t v = 0; v < n; ++v) assert_int_equal(labels[v], 0);
        free(labels);
        gg_graph_destroy(graph);
    }
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missing_device_falls_back_with_reason),
        cmocka_unit_test(test_missing_device_reason_is_specific),
        cmocka_unit_test(test_gpu_statistics),
        cmocka_unit_test(test_device_cache_uploads_once),
        cmocka_unit_test(test_release_device_memory),
        cmocka_unit_test(test_graph_larger_than_the_device),
        cmocka_unit_test(test_unsupported_layout_is_refused),
        cmocka_unit_test(test_deep_searches),
        cmocka_unit_test(test_wide_frontiers),
        cmocka_unit_test(test_concurrent_runs_share_the_graph),
        cmocka_unit_test(test_concurrent_persistent_kernels),
        cmocka_unit_test(test_apsp_by_repeated_searches),
        cmocka_unit_test(test_graphs_come_and_go),
    };
    apply_test_filters();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
