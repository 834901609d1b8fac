/* gg-distributed-generate: what generating a graph, and planning its parts,
 * costs each process of a distributed run (docs/distributed.md, "A
 * distributed graph"): run under an MPI launcher, every process generates
 * weighted kron of the given scale and degree (the gg tool's
 * kron:SCALE[:DEGREE]) in a GG_MPI_WORLD context, then prints its rank, the
 * whole graph's stored edges, its wall time and its peak resident memory
 * (getrusage), one line per process. With PARTS, every process then builds a
 * plan of that many random parts (depth DEPTH, default 1) and prints its time,
 * local edges and the peak resident memory since the start (so the larger of
 * generation's and the plan's).
 *
 *   mpirun -np 2 build/bench/gg-distributed-generate 22 16 2
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "gg.h"

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int parse(const char *text, unsigned long max, uint32_t *out) {
    char *end = NULL;
    const unsigned long value = strtoul(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || value == 0 || value > max) return 0;
    *out = (uint32_t)value;
    return 1;
}

int main(int argc, char **argv) {
    gg_generator_options go;
    gg_generator_options_init(&go);
    go.weighted = 1;
    uint32_t parts = 0, depth = 1;
    if (argc < 2 || argc > 5 || !parse(argv[1], 31, &go.scale) || (argc >= 3 && !parse(argv[2], 1u << 20, &go.degree)) ||
        (argc >= 4 && !parse(argv[3], 1u << 16, &parts)) || (argc == 5 && !parse(argv[4], 8, &depth))) {
        fprintf(stderr, "usage: %s SCALE [DEGREE [PARTS [DEPTH]]]   (under an MPI launcher)\n", argv[0]);
        return 2;
    }
    gg_context_options co;
    gg_context_options_init(&co);
    co.mpi = GG_MPI_WORLD;
    gg_context *context = NULL;
    if (gg_context_create(&co, &context) != GG_OK) {
        fprintf(stderr, "gg-distributed-generate: no distributed context: %s\n", gg_context_last_error(context));
        gg_context_destroy(context);
        return 1;
    }
    const double start = now_ms();
    gg_graph *graph = NULL;
    const gg_status status = gg_graph_generate(context, &go, &graph);
    const double ms = now_ms() - start;
    if (status != GG_OK) {
        fprintf(stderr, "gg-distributed-generate: %s\n", gg_context_last_error(context));
        gg_context_destroy(context);
        return 1;
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("process %d of %d: kron %u degree %u weighted, %llu stored edges, generated in %.1f ms, peak resident "
           "%.1f MiB\n",
           (int)gg_context_rank(context), (int)gg_context_num_ranks(context), go.scale, go.degree,
           (unsigned long long)gg_graph_num_edges(graph), ms, (double)usage.ru_maxrss / 1024.0);
    int failed = 0;
    if (parts > 0) {
        gg_partition_plan_options po;
        gg_partition_plan_options_init(&po);
        po.num_parts = parts;
        po.partitioner = GG_PARTITIONER_RANDOM;
        po.replication_depth = depth;
        gg_partition_plan *plan = NULL;
        const double plan_start = now_ms();
        if (gg_partition_plan_create(context, graph, &po, &plan) != GG_OK) {
            fprintf(stderr, "gg-distributed-generate: %s\n", gg_context_last_error(context));
            failed = 1;
        } else {
            const double plan_ms = now_ms() - plan_start;
            gg_partition_plan_stats stats;
            gg_partition_plan_stats_init(&stats);
            gg_partition_plan_read_stats(context, plan, &stats);
            getrusage(RUSAGE_SELF, &usage);
            printf("process %d of %d: plan of %u random parts, depth %u, %llu local edges, %llu replicas, built in "
                   "%.1f ms, peak resident %.1f MiB\n",
                   (int)gg_context_rank(context), (int)gg_context_num_ranks(context), parts, depth,
                   (unsigned long long)stats.local_edges, (unsigned long long)stats.replicas, plan_ms,
                   (double)usage.ru_maxrss / 1024.0);
        }
        gg_partition_plan_destroy(plan);
    }
    gg_graph_destroy(graph);
    gg_context_destroy(context);
    return failed;
}
