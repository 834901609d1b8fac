/* Backend selection for the algorithm suites; see backends.h. */
#include "backends.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

const test_backend test_backend_cpu = {"cpu", GG_BACKEND_CPU, 0};
const test_backend test_backend_cpu_3_threads = {"cpu-3-threads", GG_BACKEND_CPU, 3};
const test_backend test_backend_cuda = {"cuda", GG_BACKEND_CUDA, 0};

gg_context *backend_context(const test_backend *backend) {
    gg_context_options options;
    gg_context_options_init(&options);
    options.backend = backend->backend;
    options.num_threads = backend->num_threads;
    gg_context *context = NULL;
    assert_int_equal(gg_context_create(&options, &context), GG_OK);
    assert_non_null(context);
    if (backend->backend == GG_BACKEND_CUDA) {
        char reason[256] = "";
        if (!gg_context_cuda_available(context, reason, sizeof reason)) {
            printf("SKIPPED: no usable GPU (%s)\n", reason);
            fflush(stdout);
            gg_context_destroy(context);
            skip();
        }
    }
    return context;
}

gg_run_options backend_run_options(const test_backend *backend) {
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = backend->backend;
    return options;
}

gg_context *cpu_context(void) { return backend_context(&test_backend_cpu); }
