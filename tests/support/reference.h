/*
 * Simple sequential textbook implementations that the library's results are
 * checked against. They are written independently of src/: their graph is
 * built here from a shape's COO arrays by the load rules of design.md
 * (undirected edges stored both ways, a self-loop once; duplicates merged by
 * the shape's policy; unweighted means weight 1), and each algorithm is the
 * plainest correct version: queue BFS, binary-heap Dijkstra, widest-path
 * Dijkstra, union-find, power iteration, Brandes with predecessor lists,
 * edge-loop SpMV, Floyd-Warshall.
 */
#ifndef GG_TEST_REFERENCE_H
#define GG_TEST_REFERENCE_H

#include <stdint.h>

#include "graph_shapes.h"

typedef struct ref_graph {
    uint32_t n;
    uint64_t m;
    uint64_t *offsets;  /* n + 1: out-edges of u are [offsets[u], offsets[u+1]) */
    uint32_t *targets;
    float *weights;
    uint32_t *out_degree;
    uint32_t *in_degree;
} ref_graph;

void ref_graph_from_shape(const shape *s, ref_graph *out);
void ref_graph_free(ref_graph *g);
/* 1 when the graph holds an edge u -> v. */
int ref_has_edge(const ref_graph *g, uint32_t u, uint32_t v);

/* Hop counts from source; UINT32_MAX when unreachable. */
void ref_bfs(const ref_graph *g, uint32_t source, uint32_t *depth);
/* Dijkstra with a binary heap, float sums; +inf when unreachable. */
void ref_sssp(const ref_graph *g, uint32_t source, float *dist);
/* Widest (bottleneck) paths by Dijkstra on a max-heap; source +inf, unreachable 0. */
void ref_sswp(const ref_graph *g, uint32_t source, float *width);
/* Union-find over both edge directions; label = smallest id in the component. */
void ref_cc(const ref_graph *g, uint32_t *label);
/* networkx-style power iteration in double; returns the iterations run. */
uint32_t ref_pagerank(const ref_graph *g, double damping, double tolerance, uint32_t max_iterations, double *rank);
/* Brandes over the given sources, unweighted, no normalisation; path counts
 * in long double, so that counts beyond double's range stay finite. */
void ref_bc(const ref_graph *g, const uint32_t *sources, uint32_t num_sources, double *centrality);
/* y(v) = sum over edges u -> v of w * x(u), in double. */
void ref_spmv(const ref_graph *g, const float *x, double *y);
/* Floyd-Warshall into n*n row-major floats (for small n). */
void ref_apsp(const ref_graph *g, float *dist);

#endif
