/*
 * A vertex program that faults on the GPU (docs/programs.md, "On the GPU"):
 * the run returns GG_ERROR_DEVICE naming the program and the CUDA error, the
 * process survives, and the CPU keeps working. A sticky CUDA error leaves the
 * device unusable for the rest of the process, so this is an executable of
 * its own, after which nothing else runs on that GPU. Skipped without a GPU
 * (on the CPU the same fault would be a fault of the caller's process).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "algo_checks.h"
#include "backends.h"
#include "gg.h"

static const char *const faulting_source =
    "typedef struct { uint32_t x; } gg_vertex;\n"
    "typedef uint32_t gg_message;\n"
    "GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {\n"
    "    v->x = info->id; return 1;\n"
    "}\n"
    "GG_FUNCTION int gg_send(const gg_vertex *src, const gg_edge *e, gg_message *m, const gg_program_globals *g) {\n"
    "    volatile uint32_t *nowhere = (volatile uint32_t *)(uint64_t)(src->x + 8u);\n"
    "    *nowhere = 1;\n"
    "    *m = 0; return 1;\n"
    "}\n"
    "GG_FUNCTION int gg_apply(gg_vertex *v, const gg_message *m, const gg_vertex_info *info,\n"
    "                         const gg_program_globals *g) { return 0; }\n";

static void test_program_device_fault(void **state) {
    const test_backend *backend = *state;
    gg_context *context = backend_context(backend); /* skips without a GPU */
    gg_run_options options = backend_run_options(backend);
    const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 0};
    gg_graph *graph = small_graph(context, 3, 3, src, dst, NULL);
    gg_program_desc desc;
    gg_program_desc_init(&desc);
    desc.model = GG_PROGRAM_EMV;
    desc.name = "faulting_program";
    desc.vertex_value_size = 4;
    desc.combiner = GG_COMBINE_MIN;
    desc.message_type = GG_SCALAR_UINT32;
    desc.source = faulting_source;
    gg_program *program = NULL;
    expect_ok(context, gg_program_create(context, &desc, &program), "create");
    uint32_t values[3];
    expect_failure(context, gg_run_program(context, graph, program, values, sizeof values, NULL, &options, NULL),
                   GG_ERROR_DEVICE, "faulting_program", "cuda");

    /* The process goes on, and the CPU still answers. */
    gg_run_options cpu;
    gg_run_options_init(&cpu);
    cpu.backend = GG_BACKEND_CPU;
    uint32_t depths[3];
    expect_ok(context, gg_run_bfs(context, graph, 0, depths, NULL, &cpu, NULL), "BFS on the CPU after the fault");
    assert_int_equal(depths[2], 2);
    gg_program_destroy(program);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate(test_program_device_fault, (void *)&test_backend_cuda),
    };
    char dir[512];
    snprintf(dir, sizeof dir, "%s/program-cache", GG_TEST_TMP_DIR);
    setenv("GG_CACHE_DIR", dir, 1);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
