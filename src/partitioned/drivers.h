// One driver per algorithm, one file each (paths.cpp serves BFS, SSSP and
// SSWP): what run_partitioned.cpp dispatches to.
#pragma once

#include <cstdint>

#include "backend/path_semiring.h"
#include "partitioned/partitioned_run.h"

namespace gg {

void partitioned_bfs(PartitionedRun &run, uint32_t source, uint32_t *depths, uint32_t *parents, RunReport &report,
                     PartitionedReport &out);
template <PathKind kind>
void partitioned_paths(PartitionedRun &run, uint32_t source, float *result, RunReport &report, PartitionedReport &out);
void partitioned_cc(PartitionedRun &run, uint32_t *labels, RunReport &report, PartitionedReport &out);
void partitioned_pagerank(PartitionedRun &run, uint32_t n, double *ranks, RunReport &report, PartitionedReport &out);
void partitioned_spmv(PartitionedRun &run, const float *x, float *y, RunReport &report, PartitionedReport &out);
void partitioned_bc(PartitionedRun &run, const uint32_t *sources, uint32_t num_sources, double *centrality,
                    RunReport &report, PartitionedReport &out);

}  // namespace gg
