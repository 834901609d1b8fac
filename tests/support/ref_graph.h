/*
 * The tests' own graph of a shape, built here from the shape's COO arrays by
 * the load rules of design.md (undirected edges stored both ways, a self-loop
 * once; duplicates merged by the shape's policy; unweighted means weight 1),
 * independently of the library's builder. The references and verifiers of
 * verify/ read it through `csr`.
 */
#ifndef GG_TEST_REF_GRAPH_H
#define GG_TEST_REF_GRAPH_H

#include <stdint.h>

#include "graph_shapes.h"
#include "reference.h"
#include "verify_csr.h"

typedef struct ref_graph {
    verify_csr csr; /* n, m and the arrays, which this struct owns; targets sorted per vertex */
    uint32_t *out_degree;
    uint32_t *in_degree;
} ref_graph;

void ref_graph_from_shape(const shape *s, ref_graph *out);
void ref_graph_free(ref_graph *g);
/* 1 when the graph holds an edge u -> v. */
int ref_has_edge(const ref_graph *g, uint32_t u, uint32_t v);

#endif
