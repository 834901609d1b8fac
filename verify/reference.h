/*
 * Simple sequential textbook implementations that the library's results are
 * checked against, by the CMocka suites directly and by the verifiers of
 * verify.h. They are written independently of src/ and each is the plainest
 * correct version: queue BFS, binary-heap Dijkstra, widest-path Dijkstra,
 * union-find, power iteration, Brandes with predecessor lists, edge-loop
 * SpMV, Floyd-Warshall, Kuhn's matching. Each writes n values (n * n for APSP) into the
 * caller's array.
 */
#ifndef GG_VERIFY_REFERENCE_H
#define GG_VERIFY_REFERENCE_H

#include <stdint.h>

#include "verify_csr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Hop counts from source; UINT32_MAX when unreachable. */
void ref_bfs(const verify_csr *g, uint32_t source, uint32_t *depth);
/* Dijkstra with a binary heap, float sums; +inf when unreachable. */
void ref_sssp(const verify_csr *g, uint32_t source, float *dist);
/* Widest (bottleneck) paths by Dijkstra on a max-heap; source +inf, unreachable 0. */
void ref_sswp(const verify_csr *g, uint32_t source, float *width);
/* Union-find over both edge directions; label = smallest id in the component. */
void ref_cc(const verify_csr *g, uint32_t *label);
/* networkx-style power iteration in double, stopping once the L1 change of an
 * iteration is below tolerance (never, for tolerance 0) or after
 * max_iterations; returns the iterations run. */
uint32_t ref_pagerank(const verify_csr *g, double damping, double tolerance, uint32_t max_iterations, double *rank);
/* Brandes over the given sources, unweighted, no normalisation; path counts
 * in long double, so that counts beyond double's range stay finite. */
void ref_bc(const verify_csr *g, const uint32_t *sources, uint32_t num_sources, double *centrality);
/* y(v) = sum over edges u -> v of w * x(u), in double. */
void ref_spmv(const verify_csr *g, const float *x, double *y);
/* Floyd-Warshall into n*n row-major floats (for small n). */
void ref_apsp(const verify_csr *g, float *dist);
/* Maximum bipartite matching by Kuhn's algorithm: from each left vertex
 * (0 .. num_left - 1) in turn, one depth-first search for an augmenting path
 * (iterative, so long paths need no deep stack). Edges are read in either
 * direction; an edge inside one side is ignored. mates[v] = v's partner or
 * UINT32_MAX; returns the number of pairs. O(n m): for small graphs. */
uint64_t ref_matching(const verify_csr *g, uint32_t num_left, uint32_t *mates);

#ifdef __cplusplus
}
#endif

#endif
