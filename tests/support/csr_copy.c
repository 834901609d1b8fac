#include "csr_copy.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

typedef gg_status (*read_fn)(gg_context *, const gg_graph *, uint64_t *, uint64_t, uint32_t *, uint64_t, float *,
                             uint64_t);

static csr_copy take(gg_context *context, const gg_graph *graph, read_fn read) {
    csr_copy c;
    c.n = gg_graph_num_vertices(graph);
    c.m = gg_graph_num_edges(graph);
    /* +1: malloc(0) may return NULL, which the library would refuse. */
    c.offsets = malloc(sizeof(uint64_t) * ((size_t)c.n + 1));
    c.indices = malloc(sizeof(uint32_t) * (c.m + 1));
    c.weights = malloc(sizeof(float) * (c.m + 1));
    assert_non_null(c.offsets);
    assert_non_null(c.indices);
    assert_non_null(c.weights);
    /* Exact capacities: the library must not need a single entry more. */
    gg_status status = read(context, graph, c.offsets, (uint64_t)c.n + 1, c.indices, c.m, c.weights, c.m);
    if (status != GG_OK) fail_msg("copying the graph's arrays failed (%d): %s", status, gg_context_last_error(context));
    return c;
}

csr_copy csr_copy_out(gg_context *context, const gg_graph *graph) { return take(context, graph, gg_graph_read_csr); }

csr_copy csr_copy_in(gg_context *context, const gg_graph *graph) { return take(context, graph, gg_graph_read_csc); }

void csr_copy_free(csr_copy *copy) {
    free(copy->offsets);
    free(copy->indices);
    free(copy->weights);
    memset(copy, 0, sizeof *copy);
}
