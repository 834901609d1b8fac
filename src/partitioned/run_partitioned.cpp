// The one dispatch of partitioned runs: which partitioned driver serves
// which algorithm (the drivers are one file each in this folder).
#include <algorithm>

#include "core/error.h"
#include "partitioned/partitioned.h"
#include "partitioned/drivers.h"
#include "backend/dispatch.h"
#include "cuda_backend.h"

namespace gg {

void run_partitioned(gg_backend backend, const PartitionPlan &plan, const Graph &g, const RunRequest &r,
                     const RunConfig &config, RunReport &report, PartitionedReport &out) {
    if (plan.graph_uid != g.uid())
        fail(GG_ERROR_INVALID_ARGUMENT, "the partition plan was made from another graph");
    if (backend == GG_BACKEND_CUDA) {
        cuda::CallerDeviceGuard caller_device;
        cuda::run_partitioned(plan, g, r, config, report, out);
        return;
    }
    Stopwatch clock;
    PartitionedRun run(plan, config);
    switch (r.algorithm) {
    case Algorithm::bfs: partitioned_bfs(run, r.source, r.depths, r.parents, report, out); break;
    case Algorithm::sssp: partitioned_paths<PathKind::shortest>(run, r.source, r.values, report, out); break;
    case Algorithm::sswp: partitioned_paths<PathKind::widest>(run, r.source, r.values, report, out); break;
    case Algorithm::cc: partitioned_cc(run, r.labels, report, out); break;
    case Algorithm::pagerank: partitioned_pagerank(run, g.n(), r.scores, report, out); break;
    case Algorithm::spmv: partitioned_spmv(run, r.x, r.values, report, out); break;
    case Algorithm::bc: partitioned_bc(run, r.sources, r.num_sources, r.scores, report, out); break;
    case Algorithm::apsp:
        fail(GG_ERROR_INTERNAL, "APSP runs unpartitioned; the C boundary should not have sent it here");
    case Algorithm::matching:
        fail(GG_ERROR_INTERNAL, "matching is not partitioned; the C boundary should have refused the plan");
    case Algorithm::program:
        fail(GG_ERROR_INTERNAL, "vertex programs are not partitioned; the C boundary should have refused the plan");
    }
    // The whole run but the answers' delivery to the other processes
    // (share_owned), which is transfer_ms, as a GPU run's copies are.
    report.compute_ms = std::max(0.0, clock.elapsed_ms() - report.transfer_ms);
}

}  // namespace gg
