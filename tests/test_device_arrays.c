/*
 * gg_run_options.device_arrays (gg.h, since 0.6): a run's per-vertex arrays
 * lent as CUDA device memory. On a GPU machine every algorithm, and a vertex
 * program, runs with cudaMalloc'd arrays along each path the library takes
 * with them: in place on an unpartitioned CUDA run, through host copies on
 * the CPU backend and on a partitioned run. The answers must be those of the
 * same run with host arrays: exact where the design says exact (BFS, SSSP,
 * SSWP, CC, APSP, the matching's size), within the concurrency suite's
 * tolerances for the sums (PageRank, BC, SpMV). Wrong pointers and flags are
 * refused with a message. Without a GPU only the refusals run; the rest say
 * they were skipped.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backends.h"
#include "graph_shapes.h"
#include "gg.h"

#ifdef GG_TEST_CUDA
#include <cuda_runtime.h>
#endif

static void expect_message(gg_context *context, const char *part) {
    const char *message = gg_context_last_error(context);
    if (strstr(message, part) == NULL) fail_msg("message \"%s\" does not name \"%s\"", message, part);
}

// The one-edge graph 0 -> 1 the refusal tests run on.
static gg_graph *one_edge(gg_context *context) {
    uint32_t src[] = {0}, dst[] = {1};
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_create(context, 2, 1, src, dst, NULL, NULL, &graph), GG_OK);
    return graph;
}

static void test_flag_must_be_0_or_1(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    uint32_t depths[2];
    gg_graph *graph = one_edge(context);
    gg_run_options options;
    gg_run_options_init(&options);
    assert_int_equal(options.device_arrays, 0);
    options.device_arrays = 2;
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_ERROR_INVALID_ARGUMENT);
    expect_message(context, "device_arrays is 2");
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

static void test_refused_without_a_gpu(void **state) {
    (void)state;
    gg_context *context = cpu_context();
    char reason[256];
    if (gg_context_cuda_available(context, reason, sizeof reason)) {
        gg_context_destroy(context);
        skip();
    }
    uint32_t depths[2];
    gg_graph *graph = one_edge(context);
    gg_run_options options;
    gg_run_options_init(&options);
    options.device_arrays = 1;
    options.backend = GG_BACKEND_CPU;  // even a CPU run needs the GPU that holds the arrays
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_ERROR_UNSUPPORTED);
    expect_message(context, "needs a usable GPU");
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

#ifdef GG_TEST_CUDA

static void *device_copy_of(const void *host, size_t bytes) {
    void *device = NULL;
    if (cudaMalloc(&device, bytes ? bytes : 1) != cudaSuccess) fail_msg("cudaMalloc of %zu bytes failed", bytes);
    if (bytes && cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess) fail_msg("cudaMemcpy in");
    return device;
}

static void *device_zeros(size_t bytes) {
    void *device = NULL;
    if (cudaMalloc(&device, bytes ? bytes : 1) != cudaSuccess) fail_msg("cudaMalloc of %zu bytes failed", bytes);
    cudaMemset(device, 0xab, bytes ? bytes : 1);  // not the answer, so a run that writes nothing shows
    return device;
}

static void *host_copy_of(const void *device, size_t bytes) {
    void *host = malloc(bytes ? bytes : 1);
    assert_non_null(host);
    if (bytes && cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost) != cudaSuccess) fail_msg("cudaMemcpy out");
    return host;
}

static void expect_same(const char *what, const char *shape_name, const char *path, const void *want,
                        const void *got, size_t bytes) {
    if (memcmp(want, got, bytes) != 0) fail_msg("%s on %s (%s): device arrays gave other values", what, shape_name, path);
}

static void expect_close(const char *what, const char *shape_name, const char *path, const double *want,
                         const double *got, size_t count, double tolerance) {
    for (size_t i = 0; i < count; ++i)
        if (fabs(want[i] - got[i]) > tolerance * fmax(1.0, fabs(want[i])))
            fail_msg("%s on %s (%s): [%zu] %.17g against %.17g", what, shape_name, path, i, got[i], want[i]);
}

static void expect_close_f(const char *what, const char *shape_name, const char *path, const float *want,
                           const float *got, size_t count, double tolerance) {
    for (size_t i = 0; i < count; ++i) {
        if (isinf(want[i]) && want[i] == got[i]) continue;
        if (fabs((double)want[i] - got[i]) > tolerance * fmax(1.0, fabs((double)want[i])))
            fail_msg("%s on %s (%s): [%zu] %.9g against %.9g", what, shape_name, path, i, (double)got[i],
                     (double)want[i]);
    }
}

static void expect_bfs_tree(gg_context *context, gg_graph *graph, uint32_t source, const uint32_t *depths,
                            const uint32_t *parents, const char *shape_name, const char *path) {
    const uint32_t n = gg_graph_num_vertices(graph);
    const uint64_t m = gg_graph_num_edges(graph);
    uint64_t *offsets = malloc((n + 1) * sizeof(uint64_t));
    uint32_t *targets = malloc((m ? m : 1) * sizeof(uint32_t));
    assert_int_equal(gg_graph_read_csr(context, graph, offsets, n + 1, targets, m, NULL, 0), GG_OK);
    for (uint32_t v = 0; v < n; ++v) {
        const uint32_t p = parents[v];
        if (v == source || depths[v] == UINT32_MAX) {
            if (p != (v == source ? source : UINT32_MAX))
                fail_msg("BFS parents on %s (%s): vertex %u has parent %u", shape_name, path, v, p);
            continue;
        }
        int edge = 0;
        if (p < n && depths[p] + 1 == depths[v])
            for (uint64_t e = offsets[p]; e < offsets[p + 1] && !edge; ++e) edge = targets[e] == v;
        if (!edge)
            fail_msg("BFS parents on %s (%s): %u is not an in-neighbour of %u one level up", shape_name, path, p, v);
    }
    free(offsets);
    free(targets);
}

// The paths a run with device arrays takes: in place, and through host copies.
typedef struct path {
    const char *name;
    gg_backend backend;
    uint32_t parts;  // > 1: partitioned over a block plan of that many parts
} path;

static const path kPaths[] = {
    {"cuda, in place", GG_BACKEND_CUDA, 1},
    {"cpu, staged", GG_BACKEND_CPU, 1},
    {"cuda, 3 parts, staged", GG_BACKEND_CUDA, 3},
};

static gg_context *gpu_context_or_skip(void) {
    gg_context_options options;
    gg_context_options_init(&options);
    gg_context *context = NULL;
    assert_int_equal(gg_context_create(&options, &context), GG_OK);
    char reason[256];
    if (!gg_context_cuda_available(context, reason, sizeof reason)) {
        print_message("SKIPPED: no usable GPU (%s)\n", reason);
        gg_context_destroy(context);
        skip();
    }
    return context;
}

// Every algorithm on one shape along one path: host arrays, then device arrays.
static void check_shape(gg_context *context, const shape *s, const path *p) {
    gg_graph *graph = shape_build(context, s);
    const uint32_t n = gg_graph_num_vertices(graph);
    if (n == 0) {
        gg_graph_destroy(graph);
        return;
    }
    gg_partition_plan *plan = NULL;
    if (p->parts > 1) {
        gg_partition_plan_options plan_options;
        gg_partition_plan_options_init(&plan_options);
        plan_options.num_parts = p->parts;
        plan_options.partitioner = GG_PARTITIONER_BLOCK;
        assert_int_equal(gg_partition_plan_create(context, graph, &plan_options, &plan), GG_OK);
    }
    gg_run_options host_options, device_options;
    gg_run_options_init(&host_options);
    host_options.backend = p->backend;
    host_options.partition_plan = plan;
    device_options = host_options;
    device_options.device_arrays = 1;
    const size_t u32 = (size_t)n * sizeof(uint32_t), f32 = (size_t)n * sizeof(float), f64 = (size_t)n * sizeof(double);
    const uint32_t source = n / 2;

    // BFS with parents.
    uint32_t *depths = malloc(u32), *parents = malloc(u32);
    uint32_t *d_depths = device_zeros(u32), *d_parents = device_zeros(u32);
    assert_int_equal(gg_run_bfs(context, graph, source, depths, parents, &host_options, NULL), GG_OK);
    assert_int_equal(gg_run_bfs(context, graph, source, d_depths, d_parents, &device_options, NULL), GG_OK);
    uint32_t *got = host_copy_of(d_depths, u32);
    expect_same("BFS depths", s->name, p->name, depths, got, u32);
    free(got);
    // The GPU may pick any in-neighbour one level up as a parent, so the
    // device run's parents are checked as a BFS tree of the same depths.
    got = host_copy_of(d_parents, u32);
    expect_bfs_tree(context, graph, source, depths, got, s->name, p->name);
    free(got);
    cudaFree(d_depths);
    cudaFree(d_parents);

    // SSSP and SSWP.
    float *values = malloc(f32);
    float *d_values = device_zeros(f32);
    assert_int_equal(gg_run_sssp(context, graph, source, values, &host_options, NULL), GG_OK);
    assert_int_equal(gg_run_sssp(context, graph, source, d_values, &device_options, NULL), GG_OK);
    float *got_f = host_copy_of(d_values, f32);
    expect_same("SSSP", s->name, p->name, values, got_f, f32);
    free(got_f);
    assert_int_equal(gg_run_sswp(context, graph, source, values, &host_options, NULL), GG_OK);
    assert_int_equal(gg_run_sswp(context, graph, source, d_values, &device_options, NULL), GG_OK);
    got_f = host_copy_of(d_values, f32);
    expect_same("SSWP", s->name, p->name, values, got_f, f32);
    free(got_f);

    // CC.
    uint32_t *d_labels = device_zeros(u32);
    assert_int_equal(gg_run_cc(context, graph, depths, &host_options, NULL), GG_OK);
    assert_int_equal(gg_run_cc(context, graph, d_labels, &device_options, NULL), GG_OK);
    got = host_copy_of(d_labels, u32);
    expect_same("CC", s->name, p->name, depths, got, u32);
    free(got);
    cudaFree(d_labels);

    // PageRank and BC from three sources (host list).
    double *scores = malloc(f64);
    double *d_scores = device_zeros(f64);
    assert_int_equal(gg_run_pagerank(context, graph, scores, &host_options, NULL), GG_OK);
    assert_int_equal(gg_run_pagerank(context, graph, d_scores, &device_options, NULL), GG_OK);
    double *got_d = host_copy_of(d_scores, f64);
    expect_close("PageRank", s->name, p->name, scores, got_d, n, 1e-9);
    free(got_d);
    const uint32_t sources[3] = {0, source, n - 1};
    assert_int_equal(gg_run_bc(context, graph, sources, 3, scores, &host_options, NULL), GG_OK);
    assert_int_equal(gg_run_bc(context, graph, sources, 3, d_scores, &device_options, NULL), GG_OK);
    got_d = host_copy_of(d_scores, f64);
    expect_close("BC", s->name, p->name, scores, got_d, n, 1e-9);
    free(got_d);
    cudaFree(d_scores);
    free(scores);

    // SpMV: x is an input on the device too.
    float *x = malloc(f32);
    for (uint32_t v = 0; v < n; ++v) x[v] = (float)((v * 7u) % 13u) / 4.0f - 1.0f;
    float *d_x = device_copy_of(x, f32);
    assert_int_equal(gg_run_spmv(context, graph, x, values, &host_options, NULL), GG_OK);
    assert_int_equal(gg_run_spmv(context, graph, d_x, d_values, &device_options, NULL), GG_OK);
    got_f = host_copy_of(d_values, f32);
    expect_close_f("SpMV", s->name, p->name, values, got_f, n, 1e-6);
    free(got_f);
    cudaFree(d_x);
    free(x);
    cudaFree(d_values);

    // APSP (unpartitioned by definition) on small graphs.
    if (n <= 300) {
        const size_t cells = (size_t)n * n;
        float *matrix = malloc(cells * sizeof(float));
        float *d_matrix = device_zeros(cells * sizeof(float));
        assert_int_equal(gg_run_apsp(context, graph, matrix, cells, &host_options, NULL), GG_OK);
        assert_int_equal(gg_run_apsp(context, graph, d_matrix, cells, &device_options, NULL), GG_OK);
        got_f = host_copy_of(d_matrix, cells * sizeof(float));
        expect_same("APSP", s->name, p->name, matrix, got_f, cells * sizeof(float));
        free(got_f);
        free(matrix);
        cudaFree(d_matrix);
    }
    free(values);
    free(depths);
    free(parents);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(graph);
}

static void test_every_algorithm_on_every_path(void **state) {
    (void)state;
    gg_context *context = gpu_context_or_skip();
    for (size_t k = 0; k < sizeof kPaths / sizeof kPaths[0]; ++k)
        for (size_t i = 0; i < shape_count(); ++i) {
            shape s;
            shape_make(i, &s);
            check_shape(context, &s, &kPaths[k]);
            shape_free(&s);
        }
    gg_context_destroy(context);
}

// A bipartite graph: left 0..L-1, right L..n-1, random edges.
static void test_matching(void **state) {
    (void)state;
    gg_context *context = gpu_context_or_skip();
    enum { L = 300, R = 250, M = 1200 };
    uint32_t src[M], dst[M];
    uint64_t seed = 7;
    for (int i = 0; i < M; ++i) {
        src[i] = (uint32_t)(shape_random(&seed) % L);
        dst[i] = L + (uint32_t)(shape_random(&seed) % R);
    }
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_create(context, L + R, M, src, dst, NULL, NULL, &graph), GG_OK);
    const size_t bytes = (L + R) * sizeof(uint32_t);
    for (int b = 0; b < 2; ++b) {
        gg_run_options options;
        gg_run_options_init(&options);
        options.backend = b ? GG_BACKEND_CPU : GG_BACKEND_CUDA;
        uint32_t mates[L + R];
        uint64_t want = 0, size = 0;
        assert_int_equal(gg_run_matching(context, graph, L, mates, &want, &options, NULL), GG_OK);
        options.device_arrays = 1;
        uint32_t *d_mates = device_zeros(bytes);
        assert_int_equal(gg_run_matching(context, graph, L, d_mates, &size, &options, NULL), GG_OK);
        assert_int_equal(size, want);
        uint32_t *got = host_copy_of(d_mates, bytes);
        uint64_t pairs = 0;
        for (uint32_t v = 0; v < L + R; ++v) {
            if (got[v] == UINT32_MAX) continue;
            assert_true(got[v] < L + R && got[got[v]] == v);
            pairs += v < L;
        }
        assert_int_equal(pairs, size);
        free(got);
        cudaFree(d_mates);
    }
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

static void test_program_values_on_the_device(void **state) {
    (void)state;
    gg_context *context = gpu_context_or_skip();
    gg_program *program = NULL;
    if (gg_program_load(context, GG_EXAMPLES_DIR "/bfs.ggp", &program) != GG_OK)
        fail_msg("gg_program_load: %s", gg_context_last_error(context));
    shape s;
    shape_make(shape_count() - 1, &s);
    gg_graph *graph = shape_build(context, &s);
    const uint32_t n = gg_graph_num_vertices(graph);
    const size_t bytes = (size_t)n * sizeof(uint32_t);
    gg_program_run_options run;
    gg_program_run_options_init(&run);
    for (int b = 0; b < 2; ++b) {
        gg_run_options options;
        gg_run_options_init(&options);
        options.backend = b ? GG_BACKEND_CPU : GG_BACKEND_CUDA;
        uint32_t *want = malloc(bytes);
        assert_int_equal(gg_run_program(context, graph, program, want, bytes, &run, &options, NULL), GG_OK);
        options.device_arrays = 1;
        uint32_t *d_values = device_zeros(bytes);
        if (gg_run_program(context, graph, program, d_values, bytes, &run, &options, NULL) != GG_OK)
            fail_msg("gg_run_program with device values: %s", gg_context_last_error(context));
        uint32_t *got = host_copy_of(d_values, bytes);
        expect_same("bfs.ggp", s.name, b ? "cpu, staged" : "cuda, in place", want, got, bytes);
        free(got);
        free(want);
        cudaFree(d_values);
    }
    gg_graph_destroy(graph);
    shape_free(&s);
    gg_program_destroy(program);
    gg_context_destroy(context);
}

static void test_host_pointer_is_refused(void **state) {
    (void)state;
    gg_context *context = gpu_context_or_skip();
    uint32_t depths[2];
    gg_graph *graph = one_edge(context);
    gg_run_options options;
    gg_run_options_init(&options);
    options.device_arrays = 1;
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_ERROR_INVALID_ARGUMENT);
    expect_message(context, "depths is host");
    // The context stays usable.
    options.device_arrays = 0;
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_OK);
    assert_int_equal(depths[1], 1);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

#endif

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flag_must_be_0_or_1),
        cmocka_unit_test(test_refused_without_a_gpu),
#ifdef GG_TEST_CUDA
        cmocka_unit_test(test_every_algorithm_on_every_path),
        cmocka_unit_test(test_matching),
        cmocka_unit_test(test_program_values_on_the_device),
        cmocka_unit_test(test_host_pointer_is_refused),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
