/*
 * Serial checks of one result of each algorithm, in the spirit of GAP's
 * verifiers: cheap enough to run on every result, strong enough to catch a
 * broken kernel. BFS and SSSP are checked by certificate in O(n + m); the
 * others against the references of reference.h, within tolerances stated in
 * each file. Each returns a finding: failed = 0 when the result holds, else
 * a message naming the first offending vertex or edge.
 *
 * Who calls them: the CMocka suites (tests/test_algo_*.c) on every result
 * they also compare with a reference, and gg-bench (bench/kernels.cpp) on
 * each kernel's first result; bench/test/verifier_selftest.cpp checks that
 * each accepts right answers and rejects corrupted ones.
 */
#ifndef GG_VERIFY_VERIFY_H
#define GG_VERIFY_VERIFY_H

#include <stdint.h>

#include "verify_csr.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct verify_finding {
    int failed;        /* 0: the result holds */
    char message[256]; /* when failed: what is wrong, first offender first */
} verify_finding;

verify_finding verify_bfs(const verify_csr *g, uint32_t source, const uint32_t *depths);
verify_finding verify_sssp(const verify_csr *g, uint32_t source, const float *distances);
verify_finding verify_sswp(const verify_csr *g, uint32_t source, const float *widths);
verify_finding verify_cc(const verify_csr *g, const uint32_t *labels);
/* `iterations`: what the run reports it ran; the reference runs exactly as many. */
verify_finding verify_pagerank(const verify_csr *g, const double *ranks, uint32_t iterations, double damping);
/* The sum of the dependencies over `sources`, a source listed twice counting twice. */
verify_finding verify_bc(const verify_csr *g, const uint32_t *sources, uint32_t num_sources,
                         const double *centrality);
verify_finding verify_spmv(const verify_csr *g, const float *x, const float *y);
/* n x n row-major: the diagonal and three whole rows (first, middle, last). */
verify_finding verify_apsp(const verify_csr *g, const float *distances);
/* A matching of the bipartite graph whose left side is 0 .. num_left - 1:
 * mates symmetric, each pair on opposite sides and joined by an edge (either
 * direction), `size` pairs, and as many as the reference maximum (ref_matching). */
verify_finding verify_matching(const verify_csr *g, uint32_t num_left, const uint32_t *mates, uint64_t size);

#ifdef __cplusplus
}
#endif

#endif
