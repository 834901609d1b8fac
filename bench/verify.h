// Serial checks of each kernel's result, in the spirit of GAP's verifiers:
// cheap enough to run once per graph, strong enough to catch a broken
// kernel. Each returns "" when the result holds, else what is wrong (the
// first offending vertex or edge). The invariants are stated per file.
#pragma once

#include <cstdint>
#include <string>

#include "host_csr.h"

namespace bench {

std::string verify_bfs(const HostCsr &g, uint32_t source, const uint32_t *depths);
std::string verify_sssp(const HostCsr &g, uint32_t source, const float *distances);
std::string verify_sswp(const HostCsr &g, uint32_t source, const float *widths);
std::string verify_cc(const HostCsr &g, const uint32_t *labels);
std::string verify_pagerank(const HostCsr &g, const double *ranks, uint32_t iterations, double damping);
std::string verify_bc(const HostCsr &g, uint32_t source, const double *centrality);
std::string verify_spmv(const HostCsr &g, const float *x, const float *y);
// Checks the diagonal and a few full rows (n x n row-major) against Dijkstra.
std::string verify_apsp(const HostCsr &g, const float *distances);

// printf-style helper for the messages.
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace bench
