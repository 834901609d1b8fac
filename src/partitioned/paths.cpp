/*
 * BFS, SSSP and SSWP over the parts of a plan: label-correcting relaxation
 * to a fixed point (Pathak et al.'s atomic relaxation, 004 §4.2, run by
 * the CPU's delta-stepping engine, cpu/engines/path_relaxation.h), with Medusa's
 * replica update between supersteps (002 §4.3).
 *
 * Replicas follow Medusa: each edge is also kept in the part that owns its
 * destination, with its source replicated there (the plan's local graphs
 * hold every edge of their computed vertices). One superstep: every part
 * whose seeds are not empty relaxes its local graph from them until nothing
 * local improves (a part may run to its own convergence: the limit of
 * Medusa's "exchange every k iterations" when k is as large as the part
 * needs); then owners send the values that changed to their replicas,
 * which keep the better (the semiring's min or max) and seed the next
 * superstep with them. Nothing goes from a replica to its owner: the owner
 * relaxes the same edge from its own replica of the edge's source, one
 * superstep later at most, and the bytes are half. No improvement anywhere
 * ends the run. Values only ever improve and each is the value of a real
 * path, so the fixed point is the unpartitioned answer, exactly (the same
 * float sums along the same best path).
 *
 * BFS parents come last: each part gives each owned vertex at depth d an
 * in-neighbour at depth d - 1 from its local in-edges, whose replicas hold
 * their owners' final depths.
 */
#include <algorithm>

#include "cpu/engines/path_relaxation.h"
#include "partitioned/drivers.h"
#include "partitioned/fixed_point.h"

namespace gg {
namespace {

// The CPU's parts for run_to_fixed_point: host values, delta-stepping from
// each part's changed vertices, the memory-copy exchange.
template <PathKind kind>
struct CpuPathParts {
    using S = PathSemiring<kind>;
    using T = typename S::Value;

    PartitionedRun &run;
    PartValues<T> &values;
    uint64_t edges_visited = 0;
    std::vector<uint32_t> seeds;

    bool has_work(uint32_t p) const { return !values.changed[p].empty(); }

    void step(uint32_t p) {
        seeds.swap(values.changed[p]);
        values.changed[p].clear();
        std::sort(seeds.begin(), seeds.end());
        seeds.erase(std::unique(seeds.begin(), seeds.end()), seeds.end());
        const cpu::PathTotals totals = run.compute(p, [&] {
            return cpu::relax_paths<kind>(run.plan.parts[p].local, values.value[p].data(), seeds.data(), seeds.size(),
                                          run.config);
        });
        edges_visited += totals.edges_visited;
    }

    void exchange() {
        run.exchange.to_replicas(values, [](T &slot, T incoming) {
            if (!S::better(incoming, slot)) return false;
            slot = incoming;
            return true;
        });
    }
};

template <PathKind kind>
uint32_t relax_to_fixed_point(PartitionedRun &run, uint32_t source,
                              PartValues<typename PathSemiring<kind>::Value> &values, uint64_t &edges_visited) {
    using S = PathSemiring<kind>;
    const PartitionPlan &plan = run.plan;
    values.fill(plan, [&](uint32_t v) { return v == source ? S::at_source() : S::unreached(); });
    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        const uint32_t local = local_id_in(plan, p, source);
        if (local != UINT32_MAX) values.changed[p].push_back(local);
    }
    CpuPathParts<kind> parts{run, values, 0, {}};
    const uint32_t supersteps = run_to_fixed_point(parts, plan.num_parts(), run.comm);
    edges_visited += parts.edges_visited;
    return supersteps;
}

}  // namespace

void bfs_parents_from_depths(const PartitionPlan &plan, const std::vector<std::vector<uint32_t>> &depths,
                             uint32_t source, uint32_t *parents, int threads) {
    for (uint32_t p = plan.rank; p < plan.num_parts(); p += plan.ranks) {
        const PartitionPart &part = plan.parts[p];
        const Csr &in = part.local.in();
        const std::vector<uint32_t> &depth = depths[p];
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
        for (int64_t v = 0; v < int64_t(part.owned); ++v) {
            const uint32_t global = part.global_ids[size_t(v)];
            uint32_t parent = UINT32_MAX;
            if (global == source) {
                parent = source;
            } else if (depth[size_t(v)] != UINT32_MAX) {
                for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e)
                    if (depth[in.indices[e]] + 1 == depth[size_t(v)]) {
                        parent = part.global_ids[in.indices[e]];
                        break;
                    }
            }
            parents[global] = parent;
        }
    }
}

void partitioned_bfs(PartitionedRun &run, uint32_t source, uint32_t *depths, uint32_t *parents, RunReport &report,
                     PartitionedReport &out) {
    PartValues<uint32_t> values(run.plan);
    uint64_t edges = 0;
    const uint32_t supersteps = relax_to_fixed_point<PathKind::hops>(run, source, values, edges);
    run.write_answers(values.value, depths);
    if (parents) {
        bfs_parents_from_depths(run.plan, values.value, source, parents, run.config.num_threads);
        run.share_owned(parents);
    }
    run.finish(report, out, supersteps, edges);
}

template <PathKind kind>
void partitioned_paths(PartitionedRun &run, uint32_t source, float *result, RunReport &report,
                       PartitionedReport &out) {
    PartValues<float> values(run.plan);
    uint64_t edges = 0;
    const uint32_t supersteps = relax_to_fixed_point<kind>(run, source, values, edges);
    run.write_answers(values.value, result);
    run.finish(report, out, supersteps, edges);
}

template void partitioned_paths<PathKind::shortest>(PartitionedRun &, uint32_t, float *, RunReport &,
                                                    PartitionedReport &);
template void partitioned_paths<PathKind::widest>(PartitionedRun &, uint32_t, float *, RunReport &,
                                                  PartitionedReport &);

}  // namespace gg
