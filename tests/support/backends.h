/*
 * The backends every algorithm suite runs on: the CPU always (with the
 * default thread count, and with 3 threads so that work splits unevenly and
 * races have room to show), and CUDA when gg_context_cuda_available() says a
 * GPU is usable. Without one, the CUDA case prints
 * "SKIPPED: no usable GPU (<reason>)" and is reported as skipped by cmocka.
 */
#ifndef GG_TEST_BACKENDS_H
#define GG_TEST_BACKENDS_H

#include <stdint.h>

#include "gg.h"

typedef struct test_backend {
    const char *name;
    gg_backend backend;
    int32_t num_threads;  /* 0: the context's default */
} test_backend;

extern const test_backend test_backend_cpu;
extern const test_backend test_backend_cpu_3_threads;
extern const test_backend test_backend_cuda;

/* A context whose runs use `backend`; for CUDA without a usable GPU it prints
 * the SKIPPED line and calls cmocka's skip() (it does not return). */
gg_context *backend_context(const test_backend *backend);

/* Run options that pin the backend of `backend`. */
gg_run_options backend_run_options(const test_backend *backend);

/* One cmocka test per backend for a test function taking the backend as its
 * initial state: FN_cpu, FN_cpu_3_threads, FN_cuda. */
#define GG_BACKEND_TESTS(fn)                                                  \
    {#fn "_cpu", fn, NULL, NULL, (void *)&test_backend_cpu},                  \
        {#fn "_cpu_3_threads", fn, NULL, NULL, (void *)&test_backend_cpu_3_threads}, \
        {#fn "_cuda", fn, NULL, NULL, (void *)&test_backend_cuda}

/* Creates a CPU context for the error-path tests (fails the test if it cannot). */
gg_context *cpu_context(void);

#endif
