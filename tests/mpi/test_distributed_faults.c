/* Faults of distributed contexts (docs/distributed.md), under
 * `mpirun -np 2`: processes that start with different settings are told so
 * at once, on every process; a process that stops answering makes the
 * others fail with GG_ERROR_DISTRIBUTED within the timeout, never hang, and
 * the failed context refuses further distributed calls while a new context
 * works. Plain asserts: a failure exits non-zero, which mpirun reports.
 *
 * GG_TEST_BACKEND=cuda (ctest's mpi.gpu.faults, skipped with 77 without two
 * usable GPUs) checks the same of NCCL between the processes: each process
 * on its own GPU, GG_PARTITIONED_TRANSPORT=nccl, and process 1 silent in
 * NCCL (GG_FAULT_NCCL_SILENT=1, docs/building.md): process 0's wait for its
 * transfers fails with GG_ERROR_DISTRIBUTED within the timeout, process 1's
 * next wait on MPI fails too, and a new context runs through NCCL again. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "gg.h"

static int rank;

static void expect(int ok, const char *what, gg_context *c) {
    if (ok) return;
    fprintf(stderr, "process %d: FAILED: %s (%s)\n", rank, what, c ? gg_context_last_error(c) : "");
    exit(1);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static char last_log[512];
static void keep_log(void *user, gg_log_level level, const char *message) {
    (void)user;
    if (level == GG_LOG_ERROR) snprintf(last_log, sizeof last_log, "%s", message);
}

static gg_backend backend = GG_BACKEND_CPU;
static int32_t device = -1;

static gg_context *distributed(double timeout_s) {
    gg_context_options o;
    gg_context_options_init(&o);
    o.backend = backend;
    o.device_id = device;
    o.mpi = GG_MPI_WORLD;
    o.mpi_timeout_s = timeout_s;
    o.log_fn = keep_log;
    gg_context *c = NULL;
    last_log[0] = '\0';
    gg_status s = gg_context_create(&o, &c);
    if (s != GG_OK) return NULL;
    return c;
}

/* The GPUs visible to this process (0 without a usable one). */
static uint32_t visible_gpus(void) {
    gg_context_options o;
    gg_context_options_init(&o);
    o.backend = GG_BACKEND_CUDA;
    o.all_devices = 1;
    gg_context *probe = NULL;
    uint32_t count = 0;
    if (gg_context_create(&o, &probe) == GG_OK && gg_context_cuda_available(probe, NULL, 0))
        gg_context_get_devices(probe, NULL, 0, &count);
    gg_context_destroy(probe);
    return count;
}

/* The path 0 -> 1 -> 2 -> 3 over the processes of a distributed context
 * (process 0 passes its edges), its plan, and run options over the plan. */
typedef struct {
    gg_context *context;
    gg_graph *graph;
    gg_partition_plan *plan;
    gg_run_options options;
} path_run;

/* The path in a new context of `timeout_s`; one BFS over it must reach
 * vertex 3 at depth 3 (`what` names that run in a failure). */
static path_run path_over_processes(double timeout_s, const char *what) {
    static const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 3};
    path_run r;
    memset(&r, 0, sizeof r);
    r.context = distributed(timeout_s);
    expect(r.context != NULL, "a distributed context", NULL);
    expect(gg_graph_create(r.context, 4, rank == 0 ? 3 : 0, src, dst, NULL, NULL, &r.graph) == GG_OK, "create",
           r.context);
    expect(gg_partition_plan_create(r.context, r.graph, NULL, &r.plan) == GG_OK, "plan", r.context);
    gg_run_options_init(&r.options);
    r.options.partition_plan = r.plan;
    uint32_t depths[4];
    expect(gg_run_bfs(r.context, r.graph, 0, depths, NULL, &r.options, NULL) == GG_OK && depths[3] == 3, what,
           r.context);
    return r;
}

static void path_destroy(path_run *r) {
    gg_partition_plan_destroy(r->plan);
    gg_graph_destroy(r->graph);
    gg_context_destroy(r->context);
}

/* After a failed context: every process lets go of it, then a new one runs. */
static int finish_with_a_new_context(path_run *failed, const char *what, const char *done) {
    MPI_Barrier(MPI_COMM_WORLD);
    path_destroy(failed);
    path_run again = path_over_processes(60, what);
    path_destroy(&again);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("%s: all checks passed\n", done);
    MPI_Finalize();
    return 0;
}

/* NCCL between the processes' GPUs: a silent process makes the other's
 * wait fail within the timeout; a new context works. */
static int nccl_faults(void) {
    path_run r = path_over_processes(3, "a run through NCCL");
    uint32_t depths[4];
    setenv("GG_FAULT_NCCL_SILENT", "1", 1);
    const double start = now();
    const gg_status s = gg_run_bfs(r.context, r.graph, 0, depths, NULL, &r.options, NULL);
    const double waited = now() - start;
    unsetenv("GG_FAULT_NCCL_SILENT");
    expect(s == GG_ERROR_DISTRIBUTED, "a run with a process silent in NCCL fails with GG_ERROR_DISTRIBUTED",
           r.context);
    expect(waited < 30, "it fails within about the timeout", r.context);
    if (rank == 0) {
        expect(strstr(gg_context_last_error(r.context), "exchange between the processes") != NULL,
               "process 0's message names the GPUs' exchange", r.context);
        printf("process 0: the silent partner was detected after %.1f s: %s\n", waited,
               gg_context_last_error(r.context));
    }
    expect(gg_run_bfs(r.context, r.graph, 0, depths, NULL, &r.options, NULL) == GG_ERROR_DISTRIBUTED,
           "the context stays failed", r.context);
    return finish_with_a_new_context(&r, "a run through NCCL in a new context", "NCCL faults");
}

int main(void) {
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    const char *asked = getenv("GG_TEST_BACKEND");
    if (asked && strcmp(asked, "cuda") == 0) {
        const uint32_t gpus = visible_gpus();
        if (gpus < (uint32_t)ranks) {
            if (rank == 0) printf("%u GPU(s) for %d processes: NCCL between them is not checked here\n", gpus, ranks);
            MPI_Finalize();
            return 77;
        }
        backend = GG_BACKEND_CUDA;
        device = rank;
        return nccl_faults();
    }

    /* Different settings: refused on every process, naming the difference. */
    gg_context *c = distributed(rank == 0 ? 30 : 31);
    expect(c == NULL, "a context over processes with different timeouts is refused", NULL);
    expect(strstr(last_log, "disagree") != NULL, "the refusal says the processes disagree", NULL);

    path_run r = path_over_processes(2, "a run");
    uint32_t depths[4];

    /* Process 1 stops answering: process 0's run fails within the timeout. */
    if (rank == 0) {
        const double start = now();
        const gg_status s = gg_run_bfs(r.context, r.graph, 0, depths, NULL, &r.options, NULL);
        const double waited = now() - start;
        expect(s == GG_ERROR_DISTRIBUTED, "a run whose partner is silent fails with GG_ERROR_DISTRIBUTED", r.context);
        expect(strstr(gg_context_last_error(r.context), "no answer") != NULL, "the message says no answer came",
               r.context);
        expect(waited >= 1.5 && waited < 20, "it fails after about the timeout", r.context);
        expect(gg_run_bfs(r.context, r.graph, 0, depths, NULL, &r.options, NULL) == GG_ERROR_DISTRIBUTED,
               "the context stays failed", r.context);
        printf("process 0: the silent partner was detected after %.1f s: %s\n", waited,
               gg_context_last_error(r.context));
    }
    return finish_with_a_new_context(&r, "a run in a new context", "faults");
}
