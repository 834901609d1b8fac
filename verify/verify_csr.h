/*
 * The graph every reference and verifier reads: a read-only view of CSR
 * arrays owned by the caller. The CMocka suites point it at the graph they
 * build themselves from a shape's edges (tests/support/ref_graph.h), so a
 * fault in the library's graph builder shows too; gg-bench points it at the
 * CSR copied out of the library (bench/host_csr.h), so it checks the kernel
 * on exactly the graph the kernel ran on.
 */
#ifndef GG_VERIFY_CSR_H
#define GG_VERIFY_CSR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct verify_csr {
    uint32_t n;
    uint64_t m;
    const uint64_t *offsets; /* n + 1: the out-edges of u are [offsets[u], offsets[u + 1]) */
    const uint32_t *targets; /* m */
    const float *weights;    /* m */
} verify_csr;

#ifdef __cplusplus
}
#endif

#endif
