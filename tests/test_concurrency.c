/* Concurrency stress: 16 threads run the eight algorithms at once, every
 * algorithm once per thread, on one shared gg_graph (docs/concepts.md,
 * "Threads": a graph may serve concurrent runs, and so may a context), half
 * of them through one shared context and half through contexts of their
 * own; every answer must equal the serial run's: exactly for BFS, SSSP,
 * SSWP, CC and APSP, within 1e-9 (relative; SpMV's floats 1e-6) for
 * PageRank, SpMV and BC, whose GPU sums use atomics and so may differ in the
 * last bits from run to run even serially. On the CPU backend always, on the
 * CUDA backend too when a GPU is usable. GG_TEST_RUN_THREADS sets each
 * context's CPU threads (default 2; ThreadSanitizer runs use 1, since
 * libgomp is not instrumented). */
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

enum { kThreads = 16, kAlgorithms = 8, kRounds = kAlgorithms };  /* each thread runs every algorithm */

static const char *const kNames[kAlgorithms] = {"bfs", "sssp", "sswp", "cc", "pagerank", "spmv", "bc", "apsp"};

typedef struct {
    gg_graph *graph;
    uint32_t n;
    const float *x;   /* SpMV's input */
    uint32_t sources[2];
} workload;

/* Bytes of algorithm a's answer. */
static size_t answer_bytes(const workload *w, int a) {
    switch (a) {
    case 0: case 3: return w->n * sizeof(uint32_t);
    case 1: case 2: case 5: return w->n * sizeof(float);
    case 4: case 6: return w->n * sizeof(double);
    default: return (size_t)w->n * w->n * sizeof(float);
    }
}

static gg_status run(gg_context *c, const workload *w, int a, gg_backend backend, void *out) {
    gg_run_options o;
    gg_run_options_init(&o);
    o.backend = backend;
    switch (a) {
    case 0: return gg_run_bfs(c, w->graph, w->sources[0], out, NULL, &o, NULL);
    case 1: return gg_run_sssp(c, w->graph, w->sources[0], out, &o, NULL);
    case 2: return gg_run_sswp(c, w->graph, w->sources[1], out, &o, NULL);
    case 3: return gg_run_cc(c, w->graph, out, &o, NULL);
    case 4: return gg_run_pagerank(c, w->graph, out, &o, NULL);
    case 5: return gg_run_spmv(c, w->graph, w->x, out, &o, NULL);
    case 6: return gg_run_bc(c, w->graph, w->sources, 2, out, &o, NULL);
    default: return gg_run_apsp(c, w->graph, out, (uint64_t)w->n * w->n, &o, NULL);
    }
}

/* Whether two answers of algorithm a agree (see the header). */
static int same_answer(const workload *w, int a, const void *x, const void *y) {
    if (a == 4 || a == 6) {
        const double *p = x, *q = y;
        for (uint32_t v = 0; v < w->n; ++v)
            if (!(fabs(p[v] - q[v]) <= 1e-9 * fmax(1.0, fabs(p[v])))) return 0;
        return 1;
    }
    if (a == 5) {
        const float *p = x, *q = y;
        for (uint32_t v = 0; v < w->n; ++v)
            if (!(fabs((double)p[v] - (double)q[v]) <= 1e-6 * fmax(1.0, fabs((double)p[v])))) return 0;
        return 1;
    }
    return memcmp(x, y, answer_bytes(w, a)) == 0;
}

typedef struct {
    gg_context *context;
    const workload *w;
    gg_backend backend;
    int first_algorithm;
    void *const *expected;
    char failure[256];
} worker;

static void *work(void *arg) {
    worker *me = arg;
    for (int round = 0; round < kRounds && me->failure[0] == '\0'; ++round) {
        const int a = (me->first_algorithm + round) % kAlgorithms;
        void *out = malloc(answer_bytes(me->w, a));
        if (out == NULL) {
            snprintf(me->failure, sizeof me->failure, "out of host memory");
            break;
        }
        const gg_status status = run(me->context, me->w, a, me->backend, out);
        if (status != GG_OK) {
            char message[200];
            gg_context_copy_last_error(me->context, message, sizeof message);
            snprintf(me->failure, sizeof me->failure, "%s: status %d (%s)", kNames[a], status, message);
        } else if (!same_answer(me->w, a, out, me->expected[a])) {
            snprintf(me->failure, sizeof me->failure, "%s: answer differs from the serial run's", kNames[a]);
        }
        free(out);
    }
    return NULL;
}

static void stress(gg_backend backend) {
    gg_context_options options;
    gg_context_options_init(&options);
    options.backend = backend;
    const char *team = getenv("GG_TEST_RUN_THREADS");
    options.num_threads = team && *team ? atoi(team) : 2;  /* 16 threads of runs, each with a small team */
    gg_context *shared = NULL;
    assert_int_equal(gg_context_create(&options, &shared), GG_OK);

    shape s;
    shape_rmat(&s, 10, 8, 0.57, 0.19, 0.19, 30, 2026);
    workload w;
    w.graph = shape_build(shared, &s);
    w.n = gg_graph_num_vertices(w.graph);
    float *x = malloc(w.n * sizeof *x);
    assert_non_null(x);
    for (uint32_t v = 0; v < w.n; ++v) x[v] = (float)((v * 7u) % 11u) - 5.0f;
    w.x = x;
    w.sources[0] = 0;
    w.sources[1] = w.n / 3;

    void *expected[kAlgorithms];
    for (int a = 0; a < kAlgorithms; ++a) {
        expected[a] = malloc(answer_bytes(&w, a));
        assert_non_null(expected[a]);
        assert_int_equal(run(shared, &w, a, backend, expected[a]), GG_OK);
    }

    worker workers[kThreads];
    pthread_t threads[kThreads];
    for (int t = 0; t < kThreads; ++t) {
        gg_context *own = shared;
        if (t % 2 == 1) assert_int_equal(gg_context_create(&options, &own), GG_OK);
        workers[t] = (worker){own, &w, backend, t % kAlgorithms, expected, ""};
        assert_int_equal(pthread_create(&threads[t], NULL, work, &workers[t]), 0);
    }
    for (int t = 0; t < kThreads; ++t) assert_int_equal(pthread_join(threads[t], NULL), 0);
    for (int t = 0; t < kThreads; ++t) {
        if (workers[t].failure[0] != '\0')
            fail_msg("%s backend, thread %d (%s context): %s", gg_backend_name(backend), t,
                     t % 2 ? "its own" : "the shared", workers[t].failure);
        if (t % 2 == 1) gg_context_destroy(workers[t].context);
    }
    print_message("%s backend: %d threads x %d rounds of the %d algorithms on one graph agree with serial runs\n",
                  gg_backend_name(backend), kThreads, kRounds, kAlgorithms);
    for (int a = 0; a < kAlgorithms; ++a) free(expected[a]);
    free(x);
    gg_graph_destroy(w.graph);
    shape_free(&s);
    gg_context_destroy(shared);
}

static void test_cpu_runs_in_parallel(void **state) {
    (void)state;
    stress(GG_BACKEND_CPU);
}

static void test_gpu_runs_in_parallel(void **state) {
    (void)state;
    gg_context *probe = NULL;
    assert_int_equal(gg_context_create(NULL, &probe), GG_OK);
    char reason[200] = "";
    const int usable = gg_context_cuda_available(probe, reason, sizeof reason);
    gg_context_destroy(probe);
    if (!usable) {
        print_message("SKIPPED: no usable GPU (%s)\n", reason);
        skip();
    }
    stress(GG_BACKEND_CUDA);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cpu_runs_in_parallel),
        cmocka_unit_test(test_gpu_runs_in_parallel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
