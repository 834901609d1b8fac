// The GPU's partitioned drivers, one file each in this folder, and what
// run_partitioned.cu dispatches to. Each leaves the answer in the caller's
// host array and the totals in `report` and `out`.
#pragma once

#include <cstdint>

#include "backend/path_semiring.h"
#include "backend/run_config.h"
#include "graph/graph.h"
#include "partitioned/device_parts.cuh"
#include "partitioned/partitioned.h"

namespace gg::cuda {

void partitioned_bfs(DevicePartSet &parts, const Graph &g, uint32_t source, uint32_t *depths, uint32_t *parents,
                     const RunConfig &config, RunReport &report, PartitionedReport &out);
// BFS level by level (bfs_levels.cu), m the whole graph's edges; what
// partitioned_bfs runs on graphs of few levels.
void bfs_by_levels(DevicePartSet &parts, uint64_t m, uint32_t source, uint32_t *depths, uint32_t *parents,
                   const RunConfig &config, RunReport &report, PartitionedReport &out);
// kind: shortest (SSSP) or widest (SSWP).
void partitioned_paths(DevicePartSet &parts, PathKind kind, const Graph &g, uint32_t source, float *result,
                       const RunConfig &config, RunReport &report, PartitionedReport &out);
void partitioned_cc(DevicePartSet &parts, uint32_t *labels, const RunConfig &config, RunReport &report,
                    PartitionedReport &out);
void partitioned_pagerank(DevicePartSet &parts, double *ranks, const RunConfig &config, RunReport &report,
                          PartitionedReport &out);
void partitioned_spmv(DevicePartSet &parts, const float *x, float *y, const RunConfig &config, RunReport &report,
                      PartitionedReport &out);
void partitioned_bc(DevicePartSet &parts, const uint32_t *sources, uint32_t num_sources, double *centrality,
                    const RunConfig &config, RunReport &report, PartitionedReport &out);

}  // namespace gg::cuda
