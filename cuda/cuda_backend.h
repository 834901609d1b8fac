// The CUDA backend as the C boundary sees it: plain C++ (no CUDA types), so
// that src/api/ compiles without nvcc. A build without CUDA links
// src/nocuda/cuda_unavailable.cpp instead, where usable() says why not and
// every run throws GG_ERROR_UNSUPPORTED.
#pragma once

#include <cstdint>
#include <string>

#include "backend/run_config.h"
#include "graph/graph.h"

namespace gg::cuda {

// True when device `device_id` can run kernels (driver present and recent
// enough, device exists, compute capability supported). Otherwise `reason`
// says why. Cheap after the first call.
bool usable(int device_id, std::string &reason);

// Number of CUDA devices visible (0 when no driver or no device).
int device_count();

void bfs(const Graph &g, uint32_t source, uint32_t *depths, uint32_t *parents, const RunConfig &config,
         RunReport &report);
void sssp(const Graph &g, uint32_t source, float *dist, const RunConfig &config, RunReport &report);
void sswp(const Graph &g, uint32_t source, float *width, const RunConfig &config, RunReport &report);
void cc(const Graph &g, uint32_t *labels, const RunConfig &config, RunReport &report);
void pagerank(const Graph &g, double *ranks, const RunConfig &config, RunReport &report);
void bc(const Graph &g, const uint32_t *sources, uint32_t num_sources, double *centrality, const RunConfig &config,
        RunReport &report);
void spmv(const Graph &g, const float *x, float *y, const RunConfig &config, RunReport &report);
void apsp(const Graph &g, float *dist, const RunConfig &config, RunReport &report);

}  // namespace gg::cuda
