/* A test's own copy of a graph's CSR or CSC arrays, taken through the public
 * API, so that tests can compare graphs with plain loops. */
#ifndef GG_TEST_CSR_COPY_H
#define GG_TEST_CSR_COPY_H

#include <stdint.h>

#include "gg.h"

typedef struct {
    uint32_t n;
    uint64_t m;
    uint64_t *offsets; /* n + 1 */
    uint32_t *indices; /* m */
    float *weights;    /* m */
} csr_copy;

/* Out-edges (gg_graph_read_csr); fails the test when the copy fails. */
csr_copy csr_copy_out(gg_context *context, const gg_graph *graph);
/* In-edges (gg_graph_read_csc); fails the test when the copy fails. */
csr_copy csr_copy_in(gg_context *context, const gg_graph *graph);
/* Frees the arrays and zeroes the struct. */
void csr_copy_free(csr_copy *copy);

#endif
