/* A distributed run (docs/distributed.md): launch with
 *     mpirun -np 4 ./distributed_pagerank [graph.ggb]
 * Every process reads its share of the .ggb (or generates its share of a
 * Kronecker graph), the parts of the plan spread over the processes, and
 * every process receives all the ranks; the first prints the top five. */
#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#include "gg.h"

static int check(gg_context *context, gg_status status, const char *what) {
    if (status == GG_OK) return 0;
    fprintf(stderr, "process %d: %s: %s\n", gg_context_rank(context), what, gg_context_last_error(context));
    return 1;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    gg_context_options options;
    gg_context_options_init(&options);
    options.mpi = GG_MPI_COMM;  /* or GG_MPI_WORLD, and gg initialises MPI itself */
    options.mpi_comm = (int64_t)MPI_Comm_c2f(MPI_COMM_WORLD);
    gg_context *context = NULL;
    if (gg_context_create(&options, &context) != GG_OK) {
        fprintf(stderr, "cannot create a distributed context (a gg built without MPI?)\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    gg_graph *graph = NULL;
    gg_status status;
    if (argc > 1) {
        status = gg_graph_load(context, argv[1], GG_FORMAT_AUTO, NULL, &graph);
    } else {
        gg_generator_options kron;
        gg_generator_options_init(&kron);
        kron.scale = 14;
        status = gg_graph_generate(context, &kron, &graph);
    }
    int failed = check(context, status, "loading");

    gg_partition_plan_options plan_options;
    gg_partition_plan_options_init(&plan_options);
    plan_options.num_parts = (uint32_t)gg_context_num_ranks(context); /* one part per process */
    plan_options.partitioner = GG_PARTITIONER_AUTO;
    gg_partition_plan *plan = NULL;
    if (!failed) failed = check(context, gg_partition_plan_create(context, graph, &plan_options, &plan), "partitioning");

    const uint32_t n = failed ? 0 : gg_graph_num_vertices(graph);
    double *ranks = calloc(n ? n : 1, sizeof *ranks);
    gg_run_options run;
    gg_run_options_init(&run);
    run.partition_plan = plan;
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    if (!failed) failed = check(context, gg_run_pagerank(context, graph, ranks, &run, &stats), "PageRank");

    if (!failed && gg_context_rank(context) == 0) {
        printf("%u vertices, %llu edges over %d processes: %u iterations, %llu bytes exchanged\n", n,
               (unsigned long long)gg_graph_num_edges(graph), gg_context_num_ranks(context), stats.iterations,
               (unsigned long long)stats.bytes_exchanged);
        for (int top = 0; top < 5 && top < (int)n; ++top) {
            uint32_t best = 0;
            for (uint32_t v = 1; v < n; ++v)
                if (ranks[v] > ranks[best]) best = v;
            printf("  vertex %u: %.6g\n", best, ranks[best]);
            ranks[best] = -1;
        }
    }
    free(ranks);
    gg_partition_plan_destroy(plan);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
    MPI_Finalize();
    return failed;
}
