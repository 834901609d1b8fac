/* Helpers of the algorithm suites; see algo_checks.h. */
#include "algo_checks.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static int add_unique(uint32_t *sources, uint32_t count, uint32_t max, uint32_t v) {
    if (count >= max) return 0;
    for (uint32_t i = 0; i < count; ++i)
        if (sources[i] == v) return 0;
    sources[count] = v;
    return 1;
}

uint32_t pick_sources(const ref_graph *g, uint32_t *sources, uint32_t max) {
    if (g->csr.n == 0) return 0;
    uint32_t hub = 0, isolated = UINT32_MAX, sink = UINT32_MAX;
    for (uint32_t v = 0; v < g->csr.n; ++v) {
        if (g->out_degree[v] > g->out_degree[hub]) hub = v;
        if (g->out_degree[v] == 0 && g->in_degree[v] == 0 && isolated == UINT32_MAX) isolated = v;
        if (g->out_degree[v] == 0 && sink == UINT32_MAX) sink = v;
    }
    uint32_t count = 0;
    if (isolated != UINT32_MAX)
        count += add_unique(sources, count, max, isolated);
    else if (sink != UINT32_MAX)
        count += add_unique(sources, count, max, sink);
    count += add_unique(sources, count, max, 0);
    count += add_unique(sources, count, max, hub);
    count += add_unique(sources, count, max, g->csr.n / 2);
    count += add_unique(sources, count, max, g->csr.n - 1);
    return count;
}

void expect_verified(verify_finding finding, const char *fmt, ...) {
    if (!finding.failed) return;
    char run[256];
    va_list args;
    va_start(args, fmt);
    vsnprintf(run, sizeof run, fmt, args);
    va_end(args);
    fail_msg("%s: the verifier rejects the result: %s", run, finding.message);
}

void expect_ok(gg_context *context, gg_status status, const char *what) {
    if (status != GG_OK)
        fail_msg("%s returned %s: %s", what, gg_status_string(status), gg_context_last_error(context));
}

gg_context *cpu_context_of_threads(int threads) {
    gg_context_options options;
    gg_context_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    options.num_threads = threads;
    gg_context *context = NULL;
    if (gg_context_create(&options, &context) != GG_OK) fail_msg("no CPU context of %d threads", threads);
    return context;
}

gg_graph *generated_graph(gg_context *context, gg_generator kind, uint32_t scale, uint32_t rows, uint32_t cols,
                          const char *name) {
    gg_generator_options options;
    gg_generator_options_init(&options);
    options.kind = kind;
    options.scale = scale;
    options.rows = rows;
    options.cols = cols;
    gg_graph *graph = NULL;
    expect_ok(context, gg_graph_generate(context, &options, &graph), name);
    return graph;
}

void expect_failure(gg_context *context, gg_status status, gg_status expected, const char *needle,
                    const char *second_needle) {
    const char *message = gg_context_last_error(context);
    if (status != expected)
        fail_msg("expected status %s, got %s (message: \"%s\")", gg_status_string(expected), gg_status_string(status),
                 message);
    if (needle && strstr(message, needle) == NULL)
        fail_msg("the message \"%s\" does not mention \"%s\"", message, needle);
    if (second_needle && strstr(message, second_needle) == NULL)
        fail_msg("the message \"%s\" does not mention \"%s\"", message, second_needle);
}

void check_stats(const gg_run_stats *stats, const test_backend *backend, int iterations_expected) {
    if (stats->backend != backend->backend)
        fail_msg("stats.backend is %d, expected %d", (int)stats->backend, (int)backend->backend);
    if (stats->layout == GG_LAYOUT_AUTO) fail_msg("stats.layout is still AUTO after a run");
    if (backend->backend == GG_BACKEND_CPU) {
        /* CSR, or PageRank's two source blocks (cpu/pagerank.cpp). */
        if (stats->layout != GG_LAYOUT_CSR && stats->layout != GG_LAYOUT_TOCAB)
            fail_msg("CPU stats.layout is %d, expected CSR or TOCAB", (int)stats->layout);
        if (stats->num_threads <= 0) fail_msg("CPU stats.num_threads is %d", stats->num_threads);
        if (backend->num_threads > 0 && stats->num_threads != backend->num_threads)
            fail_msg("stats.num_threads is %d, the context asked for %d", stats->num_threads, backend->num_threads);
        if (stats->device_id != -1) fail_msg("CPU stats.device_id is %d, expected -1", stats->device_id);
    }
    if (!(stats->compute_ms >= 0) || !(stats->total_ms >= stats->compute_ms))
        fail_msg("stats times are inconsistent: compute %g ms, total %g ms", stats->compute_ms, stats->total_ms);
    if (iterations_expected && stats->iterations == 0) fail_msg("stats.iterations is 0");
}

gg_graph *small_graph(gg_context *context, uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst,
                      const float *weights) {
    gg_graph *graph = NULL;
    expect_ok(context, gg_graph_create(context, n, m, src, dst, weights, NULL, &graph), "gg_graph_create");
    return graph;
}

void *zeroed_alloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    assert_non_null(p);
    return p;
}
