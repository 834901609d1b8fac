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

/* NCCL between the processes' GPUs: a silent process makes the other's
 * wait fail within the timeout; a new context works. */
static int nccl_faults(void) {
    const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 3};
    uint32_t depths[4];
    gg_context *c = distributed(3);
    expect(c != NULL, "a distributed context on the GPUs", NULL);
    gg_graph *g = NULL;
    expect(gg_graph_create(c, 4, rank == 0 ? 3 : 0, src, dst, NULL, NULL, &g) == GG_OK, "create", c);
    gg_partition_plan *plan = NULL;
    expect(gg_partition_plan_create(c, g, NULL, &plan) == GG_OK, "plan", c);
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.partition_plan = plan;
    expect(gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL) == GG_OK && depths[3] == 3, "a run through NCCL", c);

    setenv("GG_FAULT_NCCL_SILENT", "1", 1);
    const double start = now();
    const gg_status s = gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL);
    const double waited = now() - start;
    unsetenv("GG_FAULT_NCCL_SILENT");
    expect(s == GG_ERROR_DISTRIBUTED, "a run with a process silent in NCCL fails with GG_ERROR_DISTRIBUTED", c);
    expect(waited < 30, "it fails within about the timeout", c);
    if (rank == 0) {
        expect(strstr(gg_context_last_error(c), "exchange between the processes") != NULL,
               "process 0's message names the GPUs' exchange", c);
        printf("process 0: the silent partner was detected after %.1f s: %s\n", waited, gg_context_last_error(c));
    }
    expect(gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL) == GG_ERROR_DISTRIBUTED, "the context stays failed", c);
    MPI_Barrier(MPI_COMM_WORLD);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
    gg_context_destroy(c);

    c = distributed(60);
    expect(c != NULL, "a new distributed context after a failed one", NULL);
    expect(gg_graph_create(c, 4, rank == 0 ? 3 : 0, src, dst, NULL, NULL, &g) == GG_OK, "create again", c);
    expect(gg_partition_plan_create(c, g, NULL, &plan) == GG_OK, "plan again", c);
    ro.partition_plan = plan;
    expect(gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL) == GG_OK && depths[3] == 3, "a run through NCCL again", c);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
    gg_context_destroy(c);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("NCCL faults: all checks passed\n");
    MPI_Finalize();
    return 0;
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

    c = distributed(2);
    expect(c != NULL, "a distributed context", NULL);
    const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 3};
    gg_graph *g = NULL;
    expect(gg_graph_create(c, 4, rank == 0 ? 3 : 0, src, dst, NULL, NULL, &g) == GG_OK, "create", c);
    gg_partition_plan *plan = NULL;
    expect(gg_partition_plan_create(c, g, NULL, &plan) == GG_OK, "plan", c);
    gg_run_options ro;
    gg_run_options_init(&ro);
    ro.partition_plan = plan;
    uint32_t depths[4];
    expect(gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL) == GG_OK && depths[3] == 3, "a run", c);

    /* Process 1 stops answering: process 0's run fails within the timeout. */
    if (rank == 0) {
        const double start = now();
        const gg_status s = gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL);
        const double waited = now() - start;
        expect(s == GG_ERROR_DISTRIBUTED, "a run whose partner is silent fails with GG_ERROR_DISTRIBUTED", c);
        expect(strstr(gg_context_last_error(c), "no answer") != NULL, "the message says no answer came", c);
        expect(waited >= 1.5 && waited < 20, "it fails after about the timeout", c);
        expect(gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL) == GG_ERROR_DISTRIBUTED, "the context stays failed", c);
        printf("process 0: the silent partner was detected after %.1f s: %s\n", waited, gg_context_last_error(c));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
    gg_context_destroy(c);

    /* A new context works. */
    c = distributed(30);
    expect(c != NULL, "a new distributed context after a failed one", NULL);
    expect(gg_graph_create(c, 4, rank == 0 ? 3 : 0, src, dst, NULL, NULL, &g) == GG_OK, "create again", c);
    expect(gg_partition_plan_create(c, g, NULL, &plan) == GG_OK, "plan again", c);
    ro.partition_plan = plan;
    expect(gg_run_bfs(c, g, 0, depths, NULL, &ro, NULL) == GG_OK && depths[3] == 3, "a run again", c);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(g);
    gg_context_destroy(c);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("faults: all checks passed\n");
    MPI_Finalize();
    return 0;
}
