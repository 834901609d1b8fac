// The CPU (OpenMP) backend: the reference every other backend is tested
// against. One algorithm per file in src/cpu/. Each function fills
// report.iterations / edges_visited / compute_ms and honours
// config.num_threads. Inputs are validated by the caller (src/api/).
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "graph/graph.h"

namespace gg::cpu {

// depths[v] = hops from source (UINT32_MAX unreachable); parents optional.
void bfs(const Graph &g, uint32_t source, uint32_t *depths, uint32_t *parents, const RunConfig &config,
         RunReport &report);
// dist[v] = shortest distance (+inf unreachable). No negative weights.
void sssp(const Graph &g, uint32_t source, float *dist, const RunConfig &config, RunReport &report);
// width[v] = widest path (source +inf, unreachable 0).
void sswp(const Graph &g, uint32_t source, float *width, const RunConfig &config, RunReport &report);
// labels[v] = smallest id in v's weakly connected component.
void cc(const Graph &g, uint32_t *labels, const RunConfig &config, RunReport &report);
// ranks[v], networkx semantics (design.md).
void pagerank(const Graph &g, double *ranks, const RunConfig &config, RunReport &report);
// centrality[v] summed over the given sources (never NULL here; num_sources >= 0).
void bc(const Graph &g, const uint32_t *sources, uint32_t num_sources, double *centrality, const RunConfig &config,
        RunReport &report);
// y[v] = sum over u->v of w * x[u].
void spmv(const Graph &g, const float *x, float *y, const RunConfig &config, RunReport &report);
// dist: n*n row-major; the caller checked the size. No negative weights.
void apsp(const Graph &g, float *dist, const RunConfig &config, RunReport &report);

}  // namespace gg::cpu
