/*
 * Small helpers shared by the tests/test_algo_*.c suites: choosing sources,
 * asserting on statuses and verifier findings with the message in the
 * failure text, and checking the run statistics.
 */
#ifndef GG_TEST_ALGO_CHECKS_H
#define GG_TEST_ALGO_CHECKS_H

#include <stdint.h>

#include "backends.h"
#include "gg.h"
#include "ref_graph.h"
#include "verify.h"

/* Up to `max` distinct sources: 0, the vertex of largest out-degree, n / 2,
 * n - 1, and an isolated vertex (no in- or out-edge) or else a vertex without
 * out-edges, when the graph has one. Returns how many were written. */
uint32_t pick_sources(const ref_graph *g, uint32_t *sources, uint32_t max);

/* Fails the test unless a verifier of verify/ found the result sound; the
 * failure text is printf(fmt, ...) (the shape and run) and the finding. */
void expect_verified(verify_finding finding, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Fails the test unless `status` is GG_OK; `what` names the call. */
void expect_ok(gg_context *context, gg_status status, const char *what);

/* Fails the test unless `status` is `expected` and the context's last message
 * contains every non-NULL needle. */
void expect_failure(gg_context *context, gg_status status, gg_status expected, const char *needle,
                    const char *second_needle);

/* Checks what every run must report: the backend asked for, a layout, the
 * thread count on the CPU, and, when `iterations_expected`, iterations > 0. */
void check_stats(const gg_run_stats *stats, const test_backend *backend, int iterations_expected);

/* A graph from a handful of edges, for the error-path tests. */
gg_graph *small_graph(gg_context *context, uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst,
                      const float *weights);

/* A CPU context of `threads` threads, and in it a graph of gg's generator
 * (`scale` for kron and urand, rows x cols for a grid), for the tests that
 * run one graph on several thread counts; each fails the test when it
 * cannot. */
gg_context *cpu_context_of_threads(int threads);
gg_graph *generated_graph(gg_context *context, gg_generator kind, uint32_t scale, uint32_t rows, uint32_t cols,
                          const char *name);

/* Allocation that fails the test instead of returning NULL. */
void *zeroed_alloc(size_t count, size_t size);

#endif
