// The GPU's dispatch of partitioned runs: the parts placed on the
// context's devices (device_parts.cuh), then the algorithm's driver. A part
// that runs out of device memory ends the run with GG_ERROR_OUT_OF_MEMORY
// naming the part and its device, after every part's pooled states and
// cached layouts are freed, so that the memory the run took goes back and
// the context stays usable (a later run on the plan builds them again).
#include <algorithm>

#include "core/error.h"
#include "core/timer.h"
#include "core/trace.h"
#include "cuda_backend.h"
#include "layout/layout_cache.h"
#include "partitioned/device_runs.cuh"

namespace gg::cuda {

namespace {

void dispatch(DevicePartSet &parts, const Graph &g, const RunRequest &r, const RunConfig &config, RunReport &report,
              PartitionedReport &out) {
    switch (r.algorithm) {
    case Algorithm::bfs: partitioned_bfs(parts, g, r.source, r.depths, r.parents, config, report, out); break;
    case Algorithm::sssp: partitioned_paths(parts, PathKind::shortest, g, r.source, r.values, config, report, out); break;
    case Algorithm::sswp: partitioned_paths(parts, PathKind::widest, g, r.source, r.values, config, report, out); break;
    case Algorithm::cc: partitioned_cc(parts, r.labels, config, report, out); break;
    case Algorithm::pagerank: partitioned_pagerank(parts, r.scores, config, report, out); break;
    case Algorithm::spmv: partitioned_spmv(parts, r.x, r.values, config, report, out); break;
    case Algorithm::bc: partitioned_bc(parts, r.sources, r.num_sources, r.scores, config, report, out); break;
    case Algorithm::apsp:
        fail(GG_ERROR_INTERNAL, "APSP runs unpartitioned; the C boundary should not have sent it here");
    case Algorithm::matching:
        fail(GG_ERROR_INTERNAL, "matching is not partitioned; the C boundary should have refused the plan");
    case Algorithm::program:
        fail(GG_ERROR_INTERNAL, "vertex programs are not partitioned; the C boundary should have refused the plan");
    }
}

// Every part's pooled engine states and cached device layouts.
void release_parts(const PartitionPlan &plan, const RunConfig &config) {
    for (const PartitionPart &part : plan.parts) {
        if (config.states) config.states->release_graph(part.local.uid());
        layout_cache().release_graph_devices(part.local.uid());
    }
}

}  // namespace

void run_partitioned(const PartitionPlan &plan, const Graph &g, const RunRequest &r, const RunConfig &config,
                     RunReport &report, PartitionedReport &out) {
    // Each part is a CSR of its own; the papers' layouts are built over the
    // whole graph only (cuda/layouts/), not yet per part.
    if (config.layout != GG_LAYOUT_AUTO && config.layout != GG_LAYOUT_CSR)
        fail(GG_ERROR_UNSUPPORTED, "a partitioned run on the GPU runs the csr layout on each part (layout %s was "
             "requested): run unpartitioned for the other layouts", gg_layout_name(config.layout));
    Stopwatch clock;
    const char *stage = "placing the parts on their devices";
    uint32_t part = 0;
    double placed_ms = 0;
    try {
        DevicePartSet parts(plan, config);
        placed_ms = clock.elapsed_ms();
        try {
            stage = nullptr;
            dispatch(parts, g, r, config, report, out);
        } catch (const Error &) {
            part = parts.addressed_part();
            throw;
        }
    } catch (const Error &e) {
        if (e.status() != GG_ERROR_OUT_OF_MEMORY) throw;
        // The parts' checkouts went back to the pool as the error left their scopes.
        release_parts(plan, config);
        const std::string where =
            stage ? format("while %s", stage)
                  : format("in part %u of %u (device %d)", part, plan.num_parts(),
                           config.devices.empty() ? -1 : config.devices[part % config.devices.size()]);
        fail(GG_ERROR_OUT_OF_MEMORY,
             "%s over %u parts ran out of device memory %s; the parts' device memory is freed and the context "
             "stays usable: %s",
             algorithm_name(r.algorithm), plan.num_parts(), where.c_str(), e.what());
    }
    // The whole run but its copies between the host and the devices (the
    // caller's inputs and answers), which are transfer_ms, as in an
    // unpartitioned run: the two compute times compare the same work.
    report.compute_ms = std::max(0.0, clock.elapsed_ms() - report.transfer_ms);
    trace_run_line("%s over %u parts (process %u of %u): the parts placed on their devices %.3f ms, then the run "
                   "%.3f ms, of which the answer's copies and delivery (transfer_ms) %.3f ms",
                   algorithm_name(r.algorithm), plan.num_parts(), plan.rank, plan.ranks, placed_ms,
                   clock.elapsed_ms() - placed_ms, report.transfer_ms);
}

}  // namespace gg::cuda
