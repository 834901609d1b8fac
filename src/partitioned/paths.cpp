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
 * ends the run. SSSP and SSWP go by band windows (band_windows.h): every
 * part relaxes only the buckets of a window, whole-graph buckets the same in
 * every part, before each exchange, so that a part does not search its whole
 * graph from labels that paths through other parts will correct; BFS's
 * buckets are its depths, and it runs to the fixed point. Values only ever
 * improve and each is the value of a real path, so the fixed point is the
 * unpartitioned answer, exactly (the same float sums along the same best
 * path).
 *
 * BFS parents come last: each part gives each owned vertex at depth d an
 * in-neighbour at depth d - 1 from its local in-edges, whose replicas hold
 * their owners' final depths.
 */
#include <algorithm>
#include <cstring>

#include "cpu/engines/path_relaxation.h"
#include "partitioned/band_windows.h"
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

    // Part p's seeds: what the last exchange changed, and `waiting`, once each.
    void take_seeds(uint32_t p, std::vector<uint32_t> &waiting) {
        seeds.swap(values.changed[p]);
        values.changed[p].clear();
        seeds.insert(seeds.end(), waiting.begin(), waiting.end());
        waiting.clear();
        std::sort(seeds.begin(), seeds.end());
        seeds.erase(std::unique(seeds.begin(), seeds.end()), seeds.end());
    }

    void step(uint32_t p) {
        std::vector<uint32_t> none;
        take_seeds(p, none);
        const cpu::PathTotals totals = run.compute(p, [&] {
            return cpu::relax_paths<kind>(run.plan.parts[p].local, values.value[p].data(), seeds.data(), seeds.size(),
                                          run.config);
        });
        edges_visited += totals.edges_visited;
    }

    // Band windows (band_windows.h), SSSP and SSWP: the buckets are the
    // whole graph's, the same in every part.
    cpu::PathBuckets buckets;
    std::vector<std::vector<uint32_t>> pending;  // by part: vertices left above the last window
    std::vector<uint64_t> pending_bucket;        // by part: the lowest bucket among them (UINT64_MAX: none)

    // A window reaching the last band is the rest of the search (buckets
    // run to 2^63; band_windows.h counts bands in 32 bits).
    static uint64_t bucket_limit(uint32_t band_limit) {
        return band_limit >= kNoPendingBand - 1 ? UINT64_MAX : band_limit;
    }

    bool has_work_in(uint32_t p, uint32_t band_limit) const {
        return !values.changed[p].empty() ||
               (pending_bucket[p] != UINT64_MAX && pending_bucket[p] <= bucket_limit(band_limit));
    }

    // The CPU's engine relaxes its seeds from the lowest bucket among them
    // (a label-correcting method may), so the window's start is not needed.
    void step_in(uint32_t p, uint32_t, uint32_t band_limit) {
        take_seeds(p, pending[p]);
        const cpu::PathTotals totals = run.compute(p, [&] {
            return cpu::relax_paths_in_window<kind>(run.plan.parts[p].local, values.value[p].data(), seeds.data(),
                                                    seeds.size(), run.config, buckets, bucket_limit(band_limit),
                                                    pending[p]);
        });
        edges_visited += totals.edges_visited;
        uint64_t lowest = UINT64_MAX;
        for (const uint32_t v : pending[p])
            lowest = std::min(lowest, cpu::bucket_of<kind>(buckets, values.value[p][v]));
        pending_bucket[p] = lowest;
    }

    uint32_t next_pending_band() const {
        uint64_t next = UINT64_MAX;
        for (uint32_t p = 0; p < pending_bucket.size(); ++p)
            if (run.plan.holds(p)) next = std::min(next, pending_bucket[p]);
        return next == UINT64_MAX ? kNoPendingBand : uint32_t(std::min<uint64_t>(next, kNoPendingBand - 1));
    }

    void exchange() {
        run.exchange.to_replicas(values, [](T &slot, T incoming) {
            if (!S::better(incoming, slot)) return false;
            slot = incoming;
            return true;
        });
    }
};

// The whole graph's buckets for the parts' band windows, from what every
// process knows: the plan's vertices and edges, and the weight range over
// every process's parts.
template <PathKind kind>
cpu::PathBuckets whole_graph_buckets(const PartitionedRun &run) {
    const PartitionPlan &plan = run.plan;
    // Doubles as unsigned integers that order as they do, so that the
    // processes' maximum (of the largest weight, and of the smallest one
    // flipped) is one reduction.
    const auto ordered = [](double x) {
        uint64_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        return bits >> 63 ? ~bits : bits | (uint64_t(1) << 63);
    };
    const auto from_ordered = [](uint64_t key) {
        const uint64_t bits = key >> 63 ? key & ~(uint64_t(1) << 63) : ~key;
        double x;
        std::memcpy(&x, &bits, sizeof x);
        return x;
    };
    double lo = 1.0, hi = 1.0;
    bool any = false;
    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        const Graph &local = plan.parts[p].local;
        if (!plan.holds(p) || local.m() == 0) continue;
        lo = any ? std::min(lo, double(local.min_weight)) : double(local.min_weight);
        hi = any ? std::max(hi, double(local.max_weight)) : double(local.max_weight);
        any = true;
    }
    uint64_t keys[2] = {ordered(hi), ~ordered(lo)};
    if (!any) keys[0] = keys[1] = 0;  // nothing here: the others' weights decide
    plan.communicator().max(keys, 2);
    if (keys[0] != 0) {
        hi = from_ordered(keys[0]);
        lo = from_ordered(~keys[1]);
    }
    return cpu::whole_graph_buckets<kind>(plan.n, plan.graph_edges, lo, hi, run.config);
}

// Buckets per window. On the CPU the windows do not cut the work as on the
// GPU, whose fixed-point searches paid a pass over the keys per band and
// round (cuda/partitioned/paths.cu); what helps is the whole graph's
// buckets (VM, 2 threads, SSSP over 4 random parts of kron 18, ms: to the
// fixed point with each part's own buckets 144-165; windows of 16 buckets
// 369-389, 128: 122-140, 256: 111-131, 1024: 93-114, 4096: 95-119, one
// window: 102-115; bench/results/cpu-partitioned-sssp-windows-vm-
// 2026-11-28-s49.md, with the grid). So the windows are wide.
constexpr uint32_t kCpuBucketsPerWindow = 1024;

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
    CpuPathParts<kind> parts{run, values, 0, {}, {}, {}, {}};
    uint32_t supersteps = 0;
    uint32_t width = 0;  // hops: its buckets are depths; windows would be levels
    if constexpr (kind != PathKind::hops) {
        width = band_window_width(kCpuBucketsPerWindow);
        if (width) {
            parts.buckets = whole_graph_buckets<kind>(run);
            parts.pending.assign(plan.num_parts(), {});
            parts.pending_bucket.assign(plan.num_parts(), UINT64_MAX);
            supersteps = run_band_windows(parts, plan, width);
        }
    }
    if (!width) supersteps = run_to_fixed_point(parts, plan.num_parts(), run.comm);
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
