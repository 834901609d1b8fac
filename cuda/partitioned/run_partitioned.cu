// The GPU's dispatch of partitioned runs: the parts placed on the
// context's devices (device_parts.cuh), then the algorithm's driver.
#include "core/timer.h"
#include "cuda_backend.h"
#include "partitioned/device_runs.cuh"

namespace gg::cuda {

void run_partitioned(const PartitionPlan &plan, const Graph &g, const RunRequest &r, const RunConfig &config,
                     RunReport &report, PartitionedReport &out) {
    Stopwatch clock;
    DevicePartSet parts(plan, config);
    switch (r.algorithm) {
    case Algorithm::bfs: partitioned_bfs(parts, g, r.source, r.depths, r.parents, config, report, out); break;
    case Algorithm::sssp: partitioned_paths(parts, PathKind::shortest, g, r.source, r.values, config, report, out); break;
    case Algorithm::sswp: partitioned_paths(parts, PathKind::widest, g, r.source, r.values, config, report, out); break;
    case Algorithm::cc: partitioned_cc(parts, r.labels, config, report, out); break;
    case Algorithm::pagerank: partitioned_pagerank(parts, r.scores, config, report, out); break;
    case Algorithm::spmv: partitioned_spmv(parts, r.x, r.values, config, report, out); break;
    case Algorithm::bc: partitioned_bc(parts, r.sources, r.num_sources, r.scores, config, report, out); break;
    default:
        fail(GG_ERROR_INTERNAL, "%s has no GPU parts; the C boundary should have sent it to the CPU's",
             algorithm_name(r.algorithm));
    }
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cuda
