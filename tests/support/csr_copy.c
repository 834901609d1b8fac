#include "csr_copy.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

typedef gg_status (*copy_fn)(gg_context *, const gg_graph *, uint64_t *, uint32_t *, float *);

static csr_copy take(gg_context *context, const gg_graph *graph, copy_fn copy) {
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
    gg_status status = copy(context, graph, c.offsets, c.indices, c.weights);
    if (status != GG_OK) fail_msg("copying the graph's arrays failed (%d): %s", status, gg_context_last_error(context));
    return c;
}

csr_copy csr_copy_out(gg_context *context, const gg_graph *graph) { return take(context, graph, gg_graph_copy_csr); }

csr_copy csr_copy_in(gg_context *context, const gg_graph *graph) { return take(context, graph, gg_graph_copy_csc); }

void csr_copy_free(csr_copy *copy) {
    free(copy->offsets);
    free(copy->indices);
    free(copy->weights);
    memset(copy, 0, sizeof *copy);
}
