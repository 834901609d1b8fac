/*
 * BFS, SSSP and SSWP over the parts of a plan on the GPUs: the CPU's
 * partitioned algorithm (src/partitioned/paths.cpp has the method and why
 * its fixed point is the unpartitioned answer, exactly), with the GPU's own
 * pieces: each part's local step is the near-far search (Davidson et al.;
 * Pathak et al.'s atomic-min relaxation, 004 §4.2; engines/near_far.cu)
 * continued from the keys the part holds and seeded with the replicas the
 * last exchange changed, and the exchange is the device one
 * (device_exchange.cuh; Medusa's replica update, 002 §4.3). SSSP and SSWP
 * search in band windows that all parts share (run_band_windows); BFS's
 * hop kind, one band, goes to the fixed point. The part values
 * are the near-far keys themselves (backend/path_semiring.h), which stay on
 * the device from the first superstep to the last; a smaller key is better
 * for all three kinds, so the merge keeps the smaller.
 *
 * BFS is the hop kind of the same search (one band: its rounds are levels).
 * Parents are found on the host from the final depths (replicas' too), as
 * the CPU's parts do (bfs_parents_from_depths): one O(local edges) pass,
 * only when asked.
 */
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "engines/near_far.cuh"
#include "layouts/device_layouts.cuh"
#include "partitioned/device_exchange.cuh"
#include "partitioned/device_results.cuh"
#include "partitioned/band_windows.h"
#include "partitioned/device_runs.cuh"
#include "partitioned/fixed_point.h"
#include "partitioned/partitioned_run.h"
#include "primitives/fill.cuh"

namespace gg::cuda {

namespace {

// The whole graph's edges: a distributed run's graph is a header without
// edges, so the plan's count (the owned vertices' out-degrees over every
// part, added when it was built).
uint64_t whole_graph_edges(const PartitionPlan &plan, const Graph &g) {
    return plan.ranks == 1 ? g.m() : plan.graph_edges;
}

// The GPU's parts for run_to_fixed_point (src/partitioned/fixed_point.h).
template <PathKind kind>
class DevicePathParts {
public:
    using S = PathSemiring<kind>;
    struct KeyToValue {
        __device__ typename S::Value operator()(uint32_t key) const { return S::value_of(key); }
    };

    DevicePathParts(DevicePartSet &parts, const Graph &g, uint32_t source, const RunConfig &config,
                    RunReport &report)
        : parts_(parts), exchange_(parts), values_(parts), layouts_(parts, report) {
        const PartitionPlan &plan = parts.plan();
        const float width = kind == PathKind::hops ? 1.0f
                            : config.delta > 0    ? config.delta
                                                  : band_width(g, kind, whole_graph_edges(plan, g), kWindowedWidthBands);
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const Graph &local = plan.parts[p].local;
            DeviceScope scope(parts.device_of(p));
            const DeviceInfo &info = parts.info_of(p);
            const RunConfig part_config = parts.config_of(p, config);
            RunLayouts &layouts = layouts_.of(p);
            const DeviceCsr out = layouts.edges(EdgeDirection::out, kind != PathKind::hops);
            engines_.push_back(take_state<NearFarEngine>(local, info, part_config, EngineId::near_far,
                                                         uint64_t(kind), [&] {
                                                             return std::make_unique<NearFarEngine>(out, info, kind);
                                                         }));
            // Bands are measured from the whole graph's largest weight: a
            // replica's width may come from edges this part does not hold.
            engines_.back()->bind(out, width, g.max_weight);
            report.device_bytes += layouts.device_bytes();
            values_.value[p] = engines_.back()->keys();
            fill(values_.value[p], S::kUnreachedKey, plan.parts[p].size(), parts.stream_of(p));
            const uint32_t local_source = local_id_in(plan, p, source);
            if (local_source != UINT32_MAX) {
                const uint32_t key = S::key_of(S::at_source());
                double unused = 0;
                copy_to_device(values_.value[p] + local_source, &key, sizeof key, parts.stream_of(p), unused);
                copy_to_device(values_.changed(p), &local_source, sizeof local_source, parts.stream_of(p),
                               unused);
                values_.changed_now[p] = 1;
            }
        }
        values_.mark_synced(parts);
        searched_.assign(plan.num_parts(), false);
        pending_band_.assign(plan.num_parts(), kNoBandLimit);
        parts.synchronize();
    }

    bool has_work(uint32_t p) const { return values_.changed_now[p] > 0; }
    // In a band window: seeds, or keys in the window no search expanded.
    bool has_work_in(uint32_t p, uint32_t band_limit) const {
        return values_.changed_now[p] > 0 || pending_band_[p] <= band_limit;
    }
    // The smallest band above the last window some part of this process
    // holds a key in (band_windows.h).
    uint32_t next_pending_band() const {
        uint32_t next = kNoBandLimit;
        for (uint32_t p = 0; p < pending_band_.size(); ++p)
            if (parts_.plan().holds(p)) next = std::min(next, pending_band_[p]);
        return next;
    }

    // Queues part p's search without waiting for it (one persistent kernel,
    // engines/near_far.cu), so that parts on different GPUs search at the
    // same time; the exchange's packs follow it on the part's stream.
    void step(uint32_t p) { step_in(p, 0, kNoBandLimit); }
    // The same over the band window (start_band, band_limit]
    // (NearFarEngine::run_band_window).
    void step_in(uint32_t p, uint32_t start_band, uint32_t band_limit) {
        DeviceScope scope(parts_.device_of(p));
        parts_.start_compute(p);
        engines_[p]->run_band_window(values_.changed(p), values_.changed_now[p], start_band, band_limit,
                                     parts_.stream_of(p));
        parts_.stop_compute(p);
        values_.changed_now[p] = 0;
        searched_[p] = true;
    }

    void exchange() {
        count_searches();
        exchange_.to_replicas(values_, KeepSmaller{});
    }

    // Every part's values on the host, replicas included (for BFS parents).
    std::vector<std::vector<uint32_t>> depths_on_host(int threads) {
        const PartitionPlan &plan = parts_.plan();
        std::vector<std::vector<uint32_t>> host(plan.num_parts());
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            parts_.copy_values_to_host(p, values_.value[p], plan.parts[p].size(), host[p]);
            uint32_t *values = host[p].data();
#pragma omp parallel for num_threads(threads) schedule(static) if (host[p].size() > 65536)
            for (int64_t l = 0; l < int64_t(host[p].size()); ++l) values[l] = S::value_of(values[l]);
        }
        return host;
    }

    // The owned values, by global id, into the caller's array.
    template <class Value>
    void to_caller(Value *result, RunReport &report) {
        DeviceResults results(parts_);
        results.to_caller(values_.value, result, report.transfer_ms, KeyToValue{});
    }

    uint64_t edges_visited = 0;

private:
    // The edges the searches of the last steps relaxed, read once they are
    // done (each read waits for its part's device; the parts of every
    // device were queued before the first read), and their device time.
    void count_searches() {
        for (uint32_t p = 0; p < searched_.size(); ++p) {
            if (!searched_[p]) continue;
            DeviceScope scope(parts_.device_of(p));
            double unused = 0;
            const NearFarSummary summary = engines_[p]->summary(parts_.stream_of(p), unused);
            edges_visited += summary.edges_relaxed;
            pending_band_[p] = summary.next_band;
            searched_[p] = false;
        }
        parts_.collect_compute();
    }

    DevicePartSet &parts_;
    DeviceExchange exchange_;
    DevicePartValues<uint32_t> values_;
    PartLayouts layouts_;  // declared before the engines: freed after them
    std::vector<StatePool::Checkout<NearFarEngine>> engines_;
    std::vector<bool> searched_;  // by part: stepped since the last count_searches()
    // By part: the smallest band above the last window holding a key (none before the first).
    std::vector<uint32_t> pending_band_;
};

// SSSP's and SSWP's band windows (src/partitioned/band_windows.h): searched
// to the fixed point instead, each part searched its whole graph before any
// exchange, and on kron's random parts most of those labels came out of
// paths that leave the part and were corrected round after round.
//
// A wider window costs fewer rounds (each a launch, a pass over the keys for
// the next band, an exchange and a host wait) and lets more labels be
// corrected within it. Two H200s (bench/results/multi-gpu-sssp-windows-
// 2026-11-28-s49.md), SSSP on kron 25 over random parts / on the 8192 x
// 8192 grid over two blocks of rows, ms: 1 band 62.5 / 464.6, 4 bands
// 46.7 / 331.3, 8: 42.9 / -, 16: 41.4 / 344.3, 64: 40.9 / 545.3; to the
// fixed point 68.9 / 2194 (one GPU: 36.1 / 209.5).
constexpr uint32_t kBandsPerWindow = 16;
static_assert(kNoBandLimit == kNoPendingBand, "the engine's \"no band\" is the loop's");


// The search to its fixed point, then the answer into `result` (and BFS
// parents, from every part's depths, when asked for).
template <PathKind kind, class Value>
void relax_parts(DevicePartSet &parts, const Graph &g, uint32_t source, Value *result, uint32_t *parents,
                 const RunConfig &config, RunReport &report, PartitionedReport &out) {
    DevicePathParts<kind> state(parts, g, source, config, report);
    // BFS's hop kind has one band: windows would be its levels (bfs_levels.cu).
    const uint32_t width = kind == PathKind::hops ? 0 : band_window_width(kBandsPerWindow);
    const uint32_t supersteps = width ? run_band_windows(state, parts.plan(), width)
                                      : run_to_fixed_point(state, parts.num_parts(), parts.plan().communicator());
    state.to_caller(result, report);
    if (parents) {
        const std::vector<std::vector<uint32_t>> depths = state.depths_on_host(config.num_threads);
        bfs_parents_from_depths(parts.plan(), depths, source, parents, config.num_threads);
        report.transfer_ms += share_owned(parts.plan(), parents, config.num_threads);
    }
    parts.finish(report, out, supersteps, state.edges_visited);
}

// Level by level (bfs_levels.cu: a host wait per level) where the graph's
// hubs carry most of its edges, as on power-law graphs, whose levels are
// few; else the fixed point, whose parts run their levels inside one
// persistent kernel each (a road grid has thousands). GG_PARTITIONED_BFS=
// levels or fixed-point forces one (docs/building.md), so that the tests
// run both on every graph. The degrees are the first nonempty part's, whose
// facts are cached with its layouts: the whole graph's would cost a pass
// over its n offsets in every run (tens of milliseconds on kron 25). The
// processes of a distributed plan each look at their own parts and vote:
// level by level where any of them chose it, so that all run the same.
bool bfs_level_by_level(DevicePartSet &parts, RunReport &report) {
    const PartitionPlan &plan = parts.plan();
    const char *forced = std::getenv("GG_PARTITIONED_BFS");
    bool levels = false;
    if (forced != nullptr && std::strcmp(forced, "levels") == 0) {
        levels = true;
    } else if (forced == nullptr || std::strcmp(forced, "fixed-point") != 0) {
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            if (plan.parts[p].size() == 0) continue;
            DeviceScope scope(parts.device_of(p));
            RunLayouts layouts(plan.parts[p].local, parts.info_of(p), parts.stream_of(p), report);
            levels = layouts.facts().hub_order_pays;
            break;
        }
    }
    return plan.communicator().any(levels);
}

}  // namespace

void partitioned_bfs(DevicePartSet &parts, const Graph &g, uint32_t source, uint32_t *depths, uint32_t *parents,
                     const RunConfig &config, RunReport &report, PartitionedReport &out) {
    if (bfs_level_by_level(parts, report))
        bfs_by_levels(parts, whole_graph_edges(parts.plan(), g), source, depths, parents, config, report, out);
    else
        relax_parts<PathKind::hops>(parts, g, source, depths, parents, config, report, out);
}

void partitioned_paths(DevicePartSet &parts, PathKind kind, const Graph &g, uint32_t source, float *result,
                       const RunConfig &config, RunReport &report, PartitionedReport &out) {
    if (kind == PathKind::shortest)
        relax_parts<PathKind::shortest>(parts, g, source, result, nullptr, config, report, out);
    else
        relax_parts<PathKind::widest>(parts, g, source, result, nullptr, config, report, out);
}

}  // namespace gg::cuda
