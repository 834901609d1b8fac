/* quickstart.c: the smallest complete use of gg's C API.
 *
 * Builds a small weighted directed graph from edge arrays (or loads the file
 * named on the command line), runs single-source shortest paths from vertex 0
 * on the GPU when one is usable and on the CPU otherwise, prints the
 * distances and where the run happened, and shows how a failure is reported.
 *
 *   cc -std=c99 quickstart.c -o quickstart $(pkg-config --cflags --static --libs gg)
 *   ./quickstart [GRAPH-FILE]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gg.h>

/* Prints the context's last error and returns a failing exit status. */
static int report(gg_context *context, gg_status status, const char *what) {
    fprintf(stderr, "quickstart: %s failed (%s): %s\n", what, gg_status_string(status),
            gg_context_last_error(context));
    return EXIT_FAILURE;
}

int main(int argc, char **argv) {
    if (gg_version() != GG_VERSION_NUMBER)
        fprintf(stderr, "quickstart: warning: built against gg %d.%d.%d but linked with %s\n", GG_VERSION_MAJOR,
                GG_VERSION_MINOR, GG_VERSION_PATCH, gg_version_string());

    gg_context *context = NULL;
    gg_status status = gg_context_create(NULL, &context); /* NULL: default options, backend auto */
    if (status != GG_OK) {
        fprintf(stderr, "quickstart: gg_context_create: %s\n", gg_status_string(status));
        return EXIT_FAILURE;
    }

    gg_graph *graph = NULL;
    if (argc > 1) {
        status = gg_graph_load(context, argv[1], GG_FORMAT_AUTO, NULL, &graph);
        if (status != GG_OK) return report(context, status, "gg_graph_load");
    } else {
        /* Edge i goes from src[i] to dst[i] with weight w[i]. */
        const uint32_t src[] = {0, 0, 1, 2, 2, 3};
        const uint32_t dst[] = {1, 2, 3, 1, 3, 4};
        const float w[] = {4.0f, 1.0f, 1.0f, 2.0f, 5.0f, 3.0f};
        status = gg_graph_create(context, 5, 6, src, dst, w, NULL, &graph);
        if (status != GG_OK) return report(context, status, "gg_graph_create");
    }

    const uint32_t n = gg_graph_num_vertices(graph);
    float *distances = malloc((n ? n : 1) * sizeof *distances);
    if (distances == NULL) return EXIT_FAILURE;

    gg_run_stats stats;
    gg_run_stats_init(&stats); /* sets stats.struct_size */
    status = gg_run_sssp(context, graph, 0, distances, NULL, &stats);
    if (status != GG_OK) return report(context, status, "gg_run_sssp");

    for (uint32_t v = 0; v < n && v < 10; ++v) {
        if (isinf(distances[v])) printf("distance(0 -> %u) = unreachable\n", v);
        else printf("distance(0 -> %u) = %g\n", v, distances[v]);
    }
    printf("ran on the %s in %.3f ms%s%s\n", stats.backend == GG_BACKEND_CUDA ? "GPU" : "CPU", stats.compute_ms,
           stats.fallback_reason[0] ? "; GPU not used: " : "", stats.fallback_reason);

    /* A source out of range is refused, and the context says why. */
    status = gg_run_sssp(context, graph, n, distances, NULL, NULL);
    if (status != GG_OK) printf("as expected, source %u is refused: %s\n", n, gg_context_last_error(context));

    free(distances);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
    return EXIT_SUCCESS;
}
