/*
 * BFS over the parts of a plan on the GPUs, level by level: the
 * direction-optimizing BFS of engines/bfs_engine.cu (Beamer et al. SC'12,
 * GAP's switching rule; top-down levels are Pathak et al.'s queue BFS,
 * 004_6c0534b53c1f8710.txt §3.2, over the load-balanced advance of
 * primitives/advance.cuh) run by every part on its local graph, with
 * Medusa's replicas (002 §4.3) brought up to date after every level by flags,
 * one bit per replica link entry (DeviceExchange::flags).
 *
 * The fixed-point search of paths.cu lets each part search its local graph
 * to the end before any exchange. On a graph of few levels and many cut
 * edges that is the wrong trade: every part runs a whole top-down search
 * per round, one round after another (two H200s over random parts of kron
 * 25: 28.9 ms against 5.65 ms on one GPU, bench/results/
 * multi-gpu-scale-25-26-2026-11-27.md), where one GPU's search goes
 * bottom-up through its middle levels. Here a level costs every part one
 * step over its share of the frontier, and the parts agree on the
 * direction.
 *
 * Each part's list holds its local vertices, owned and replicas, in the
 * order they reached their depth, level L a window of it (each local vertex
 * enters once, so the list never outgrows the part). Level L:
 *
 *   top-down   each part expands its whole window, owned vertices and
 *              replicas, along their local out-edges toward its owned
 *              vertices only, and claims unvisited ends by compare-and-swap
 *              into the next window. An edge u -> v with v owned by part p
 *              is in p's local graph (v's in-edges all are), and u is then
 *              local there, at depth L, so every part finds all its owned
 *              vertices of depth L + 1 itself. A local list holds its
 *              owned ends first (plan.cpp sorts it by local id, owned ids
 *              the smallest; direct_part.cpp writes them first;
 *              test_plan_build checks it), so a vertex's visit ends where
 *              its replica ends begin (owned_targets, counted once per
 *              local graph);
 *   bottom-up  each part's unvisited owned vertices scan their local
 *              in-edges (all there) for a source at depth L, owned or
 *              replica, in a bitmap built from the depths;
 *   to replicas  each owned vertex now at depth L + 1 sets its flag, and
 *              its replicas take depth L + 1 (the bottom-up steps read it),
 *              and after a top-down level join the next window. After a
 *              bottom-up level they do not: there they are millions (level
 *              1 of kron 26 over two parts), and their pushes, three
 *              atomics on one counter a warp, made that level's exchange
 *              1.4 ms longer. The host then chooses bottom-up again, or,
 *              where it turns top-down, a sweep over the part's replicas
 *              expands those at depth L beside the window's step
 *              (replica_sweep: a pass over the replicas' depths, once per
 *              switch).
 *
 * A first version expanded only the owned vertices, along all their local
 * out-edges, and claimed replica ends too, which went to their owners in a
 * second round of flags (to owners) each top-down level; the part that owns
 * a hub expanded all of its edges (the source's million at level 0 of kron
 * 26). Now each edge is visited by the part that owns its end, a hub's
 * edges spread over the parts, and a top-down level sends one round.
 *
 * The kernel that claims a vertex sets its flags as it claims it
 * (link_flags.cuh), so a level's exchange costs what it reached, not a
 * pass over every replica: the first version picked the flags by reading
 * every link entry's depth after the step, two passes over all replicas a
 * top-down level, most of them for the few vertices the first and last
 * levels reach.
 *
 * Everything is queued on the devices; the host waits once per level, for
 * each part's next window (count, degree sum, hub edges), and adds them
 * over the parts (and over the processes of a distributed plan, one sum of
 * two numbers a level) to choose the next direction by GAP's rule, as the
 * one-GPU kernel does from the whole frontier. So each level's depths are
 * exactly the unpartitioned ones, however the parts are spread. The
 * replicas' depths equal their owners', which is what
 * bfs_parents_from_depths needs for the parents.
 *
 * Overlap (GG_PARTITIONED_OVERLAP=1, every part in this process; Medusa's
 * overlap, 002 §4.3): a bottom-up level scans each part's boundary first
 * (its owned vertices that other parts replicate, the only ones that set
 * flags), then, on the devices' side streams, sends those flags to the
 * replicas while the main streams scan the interior. The replicas' depths
 * the flags write are read by no scan of this level (the scans read owned
 * depths and the level's bitmap, built before), and the next level's
 * step waits for the side streams. Top-down levels send after their step:
 * a claim's flags come from any edge of the frontier, and the levels that
 * move most go bottom-up.
 *
 * A host wait per level suits graphs of few levels; on a road grid of
 * thousands of levels the fixed point wins (its parts run their levels
 * inside one persistent kernel). partitioned_bfs chooses (paths.cu).
 */
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "core/environment.h"
#include "core/timer.h"
#include "core/trace.h"
#include "cuda_backend.h"
#include "engines/bfs_engine.cuh"
#include "engines/engine_state.cuh"
#include "layouts/device_layouts.cuh"
#include "partitioned/device_exchange.cuh"
#include "partitioned/device_results.cuh"
#include "partitioned/device_runs.cuh"
#include "partitioned/link_flags.cuh"
#include "partitioned/partitioned_run.h"
#include "primitives/advance.cuh"
#include "primitives/fill.cuh"
#include "primitives/frontier.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

// GAP's switching parameters, as engines/bfs_engine.cu.
constexpr unsigned long long kAlpha = 15;
constexpr uint32_t kBeta = 18;

// What the host reads of a part after every level, in one copy: two
// frontier counters (this level's window, the next one's), how many of each
// window's vertices are replicas (the frontier of GAP's rule counts every
// vertex once, at its owner), and the edges the bottom-up steps examined and
// the replica sweeps visited (the run's edges_visited adds them at the end).
struct LevelCounts {
    FrontierCounters slot[2];
    uint32_t replicas[2];
    unsigned long long examined;
};

// owned_targets[v]: how many of local vertex v's out-edges end at an owned
// vertex: the first ones of its list (owned local ids are below `owned`).
__global__ void count_owned_targets(DeviceCsr out, uint32_t owned, uint32_t *owned_targets) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < out.n;
         v += uint64_t(gridDim.x) * blockDim.x) {
        const uint64_t begin = out.offsets[v];
        uint64_t low = begin, high = out.offsets[v + 1];
        while (low < high) {  // the first end that is not owned
            const uint64_t middle = low + (high - low) / 2;
            if (out.indices[middle] < owned) low = middle + 1; else high = middle;
        }
        owned_targets[v] = uint32_t(low - begin);
    }
}

// A top-down visit's lists end at their owned targets.
struct OwnedTargetEnds {
    const uint32_t *owned_targets;
    __device__ uint64_t end(const uint64_t *, uint32_t u, uint64_t begin) const { return begin + owned_targets[u]; }
};

// A part's arrays, pooled under its local graph: depths of every local
// vertex, the local vertices' list in visit order with its hub list, each
// local vertex's count of owned targets, the two frontier bitmaps of
// bottom-up levels (level L reads bitmap L % 2 and writes its owned words of
// the other), and its counts with the pinned words they are read into.
struct PartLevels final : EngineState {
    DeviceArray<uint32_t> depth, list, huge_items, bitmap, owned_targets;
    DeviceArray<unsigned long long> huge_start;
    DeviceArray<LevelCounts> counts;
    PinnedBuffer read{sizeof(LevelCounts)};
    SentFlags to_replicas;  // the flags this part sends, set by its claims
    bool targets_counted = false;  // owned_targets holds the counts (the first run counts them)
    // Overlapped levels only (made by the first): the owned vertices, those
    // of the boundary first, each group by id; the boundary's count.
    DeviceArray<uint32_t> boundary_first;
    uint32_t boundary = 0;
    // A part another process holds sends nothing from here: no flag maps.
    PartLevels(const PartitionPlan &plan, uint32_t part, uint64_t huge_capacity, cudaStream_t stream)
        : PartLevels(plan.parts[part].size(), huge_capacity) {
        if (!plan.holds(part)) return;
        to_replicas = SentFlags(plan, part, /*toward_replicas=*/true, stream);
    }
    PartLevels(uint32_t size, uint64_t huge_capacity)
        : depth(std::max<uint32_t>(size, 1), "a part's BFS depths"),
          list(std::max<uint32_t>(size, 1), "a part's BFS visit list"),
          huge_items(std::max<uint64_t>(huge_capacity, 1), "a part's BFS hub list"),
          bitmap(2 * bitmap_words(size), "a part's BFS frontier bitmaps"),
          owned_targets(std::max<uint32_t>(size, 1), "a part's counts of owned targets"),
          huge_start(std::max<uint64_t>(huge_capacity, 1), "a part's BFS hub offsets"),
          counts(1, "a part's BFS counters") {}
    uint64_t bytes() const override {
        return depth.bytes() + list.bytes() + huge_items.bytes() + bitmap.bytes() + owned_targets.bytes() +
               huge_start.bytes() + counts.bytes() + to_replicas.bytes() + boundary_first.bytes();
    }
    static uint64_t bitmap_words(uint32_t size) { return (uint64_t(size) + 31) / 32 + 1; }
    // The frontier bitmap of depth `level`.
    uint32_t *bitmap_of(uint32_t level) const {
        return bitmap.get() + (level % 2) * (bitmap.size() / 2);
    }
    // Counts owned_targets (once: it depends on the local graph only) on
    // `stream` of the part's device (current).
    void count_targets(const DeviceCsr &out, uint32_t owned, const DeviceInfo &info, cudaStream_t stream) {
        if (targets_counted || out.n == 0) return;
        count_owned_targets<<<unsigned(grid_stride_blocks(out.n, 256, info)), 256, 0, stream>>>(out, owned,
                                                                                              owned_targets.get());
        GG_CUDA_CHECK_LAUNCH("count_owned_targets");
        targets_counted = true;
    }
    // Makes boundary_first (once: it depends on the plan only) on `stream`
    // of the part's device (current).
    void order_boundary_first(const PartitionPlan &plan, uint32_t part, cudaStream_t stream) {
        const uint32_t owned = plan.parts[part].owned;
        if (boundary_first.get() != nullptr || owned == 0) return;
        const std::vector<uint8_t> is_boundary = owned_boundary(plan, part);
        std::vector<uint32_t> order;
        order.reserve(owned);
        for (int group = 1; group >= 0; --group)
            for (uint32_t l = 0; l < owned; ++l)
                if (is_boundary[l] == group) order.push_back(l);
        boundary = uint32_t(std::count(is_boundary.begin(), is_boundary.begin() + owned, uint8_t(1)));
        boundary_first = DeviceArray<uint32_t>(owned, "a part's owned vertices, boundary first");
        double unused = 0;
        copy_to_device(boundary_first.get(), order.data(), owned * sizeof(uint32_t), stream, unused);
    }
    const LevelCounts &on_host() const { return *static_cast<const LevelCounts *>(read.get()); }
};

// Before a level's step: the next window's counters and the flags the part
// sends, cleared in one launch (memsets cost the host a call each a part a
// level, and a level that reaches few vertices costs what the host takes
// to queue it).
__global__ void begin_level(FrontierCounters *next, uint32_t *next_replicas, uint32_t *words, uint64_t word_count) {
    const uint64_t thread = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (thread == 0) {
        *next = FrontierCounters{};
        *next_replicas = 0;
    }
    const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t i = thread; i < word_count; i += stride) words[i] = 0;
}

// Pushes the lanes' local vertices that `join` into the window of `sink`,
// each with its count of owned targets (what a top-down visit of it
// expands); those that are replicas (`replica`) are counted in *replicas.
// Every lane of the warp calls it.
__device__ __forceinline__ void join_window(const FrontierSink &sink, uint32_t *replicas, bool join, bool replica,
                                            uint32_t v, const uint32_t *owned_targets, uint32_t huge_threshold) {
    warp_push(sink, join, v, join ? owned_targets[v] : 0, huge_threshold);
    const unsigned joined_replicas = __ballot_sync(kFullMask, join && replica);
    if (joined_replicas != 0 && lane_id() == 0) atomicAdd(replicas, uint32_t(__popc(joined_replicas)));
}

// The source: depth 0 wherever a part holds it, and the first window of
// each of those parts' lists (one warp, so that it goes through warp_push
// like any other).
__global__ void seed_source(uint32_t local, bool owned, const uint32_t *owned_targets, uint32_t huge_threshold,
                            uint32_t *depth, FrontierSink sink, uint32_t *replicas) {
    if (lane_id() == 0) depth[local] = 0;
    join_window(sink, replicas, lane_id() == 0, !owned, local, owned_targets, huge_threshold);
}

// Claims the unvisited end of each edge of the frontier (an owned vertex:
// the visit ends at the owned targets): it joins the next window and flags
// its replicas.
struct ClaimOutEdges {
    using Value = uint32_t;
    const uint32_t *indices;
    const uint32_t *owned_targets;
    uint32_t *depth;
    uint32_t next_depth, huge_threshold;
    FrontierSink sink;
    FlagMarks to_replicas;

    __device__ Value vertex_value(uint32_t) const { return 0; }
    __device__ void edge(bool active, uint32_t, Value, uint64_t e) {
        bool joins = false;
        uint32_t v = 0;
        if (active) {
            v = indices[e];
            joins = depth[v] == kUnvisited && atomicCAS(&depth[v], kUnvisited, next_depth) == kUnvisited;
            if (joins) to_replicas.mark(v);
        }
        warp_push(sink, joins, v, joins ? owned_targets[v] : 0, huge_threshold);
    }
};

__global__ void top_down_level(const uint64_t *offsets, Frontier frontier, uint32_t huge_threshold,
                               ClaimOutEdges claim) {
    advance_frontier(offsets, frontier, huge_threshold, claim, OwnedTargetEnds{claim.owned_targets});
}

// The top-down step of the replicas [owned, size) at depth `level`, where
// the window holds none (the level before was bottom-up): each warp takes 32
// replicas, and those at the level have their owned targets visited by the
// whole warp as the advance visits a frontier's lists (advance_warp_lists:
// short lists packed, long ones 32 edges a step). Adds the edges it visits
// to *visited. A first version walked each replica's list with the warp,
// one list a step: on kron 25 its level 3 (1.8 million vertices, a third
// of them replicas) took 0.28 ms against 0.15 for the owners' expansion and
// a round of flags it replaced.
__global__ void replica_sweep(const uint64_t *offsets, uint32_t owned, uint32_t size, uint32_t level,
                              ClaimOutEdges claim, unsigned long long *visited) {
    unsigned long long edges = 0;
    const uint64_t warps = warps_in_grid();
    for (uint64_t base = owned + uint64_t(global_warp()) * 32; base < size; base += warps * 32) {
        const uint64_t l = base + lane_id();
        const bool at_level = l < size && claim.depth[l] == level;
        const uint64_t begin = at_level ? offsets[l] : 0;
        const uint64_t end = at_level ? begin + claim.owned_targets[l] : 0;
        edges += end - begin;
        advance_warp_lists(uint32_t(l), begin, end, 0u, claim);
    }
    edges = block_sum(edges);
    if (threadIdx.x == 0 && edges) atomicAdd(visited, edges);
}

// bitmap bit l: depth[l] == level, over every local vertex of the words
// from first_word on.
__global__ void frontier_bitmap(const uint32_t *depth, uint32_t size, uint32_t level, uint32_t first_word,
                                uint32_t *bitmap) {
    const uint32_t words = (size + 31) / 32;
    for (uint64_t w = first_word + global_warp(); w < words; w += warps_in_grid()) {
        const uint64_t l = w * 32 + lane_id();
        const unsigned word = __ballot_sync(kFullMask, l < size && depth[l] == level);
        if (lane_id() == 0) bitmap[w] = word;
    }
}

// The owned vertices a bottom-up step scans: ids first .. first + count,
// or the entries there of a list of ids (the boundary-first order of an
// overlapped level, each group by id).
struct OwnedRange {
    const uint32_t *ids;  // null: the ids themselves
    uint32_t first, count;
    __device__ uint32_t at(uint32_t i) const { return ids ? ids[first + i] : first + i; }
};

// Each unvisited owned vertex of `range` scans its in-edges for a source in
// the frontier bitmap, until the first; a vertex found flags its replicas,
// an atomic a flag word for the warp's 32 vertices (consecutive, or nearly:
// a group of the boundary-first order is by id). Where `range` is the ids
// from 0, a warp's vertices are one word of the next level's bitmap, which
// it writes (`next`; the owned vertices found here are all the owned ones
// at the next depth): the next bottom-up level then builds only the
// replicas' words from the depths, as the unpartitioned engine builds none.
__global__ void bottom_up_level(DeviceCsr in, const uint32_t *owned_targets, const uint32_t *bitmap, OwnedRange range,
                                uint32_t next_depth, uint32_t huge_threshold, uint32_t *depth, FrontierSink sink,
                                FlagMarks to_replicas, unsigned long long *examined, uint32_t *next) {
    unsigned long long scanned = 0;
    const uint64_t warps = warps_in_grid();
    for (uint64_t base = uint64_t(global_warp()) * 32; base < range.count; base += warps * 32) {
        const uint32_t i = uint32_t(base) + lane_id();
        const bool mine = i < range.count;
        const uint32_t v = mine ? range.at(i) : 0;
        bool found = false;
        if (mine && depth[v] == kUnvisited) {
            for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
                const uint32_t u = in.indices[e];
                ++scanned;
                if ((bitmap[u >> 5] >> (u & 31)) & 1u) {
                    found = true;
                    depth[v] = next_depth;
                    break;
                }
            }
        }
        to_replicas.mark_by_warp(found, v);
        warp_push(sink, found, v, found ? owned_targets[v] : 0, huge_threshold);
        const unsigned word = __ballot_sync(kFullMask, found);
        if (next != nullptr && lane_id() == 0) next[base >> 5] = word;
    }
    scanned = block_sum(scanned);
    if (threadIdx.x == 0 && scanned) atomicAdd(examined, scanned);
}

// The receiver of the exchange's flags (DeviceExchange::flags): the
// replica takes its owner's new depth (a replica takes a depth from its
// owner alone, once), and after a top-down level (`join`) joins the next
// window. All lanes of a warp call it.
struct ReplicaTakes {
    uint32_t *depth;
    const uint32_t *owned_targets;
    uint32_t next_depth, huge_threshold;
    FrontierSink sink;
    uint32_t *replicas;
    bool join;
    __device__ void operator()(bool set, uint32_t l) const {
        if (set) depth[l] = next_depth;
        if (join) join_window(sink, replicas, set, true, l, owned_targets, huge_threshold);
    }
};

// Where a part's current window lies in its list, and what its counters said.
struct Window {
    uint32_t begin = 0, count = 0;
    uint32_t owned = 0;  // of count: the owned vertices (the others are replicas)
    uint32_t huge_begin = 0, huge_count = 0;
    unsigned long long huge_edges = 0, degree_sum = 0;
};

class LevelParts {
public:
    LevelParts(DevicePartSet &parts, uint32_t source, const RunConfig &config, RunReport &report)
        : parts_(parts), layouts_(parts, report), windows_(parts.num_parts()),
          overlap_(parts.plan().ranks == 1 && parts.num_parts() > 1 && flag_from_environment("GG_PARTITIONED_OVERLAP")) {
        const PartitionPlan &plan = parts.plan();
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            DeviceScope scope(parts.device_of(p));
            const cudaStream_t stream = parts.stream_of(p);
            RunLayouts &layouts = layouts_.of(p);
            out_.push_back(part.size() ? layouts.edges(EdgeDirection::out, false) : DeviceCsr{});
            in_.push_back(part.size() ? layouts.edges(EdgeDirection::in, false) : DeviceCsr{});
            if (part.size()) report.device_bytes += layouts.device_bytes();
            const uint64_t local_m = part.local.m();
            huge_threshold_.push_back(huge_degree_threshold(local_m));
            // A vertex goes to the hub list with at least huge_threshold
            // owned targets, each an edge of the local graph.
            const uint64_t huge_capacity = std::min<uint64_t>(part.size(), local_m / huge_threshold_.back() + 1);
            arrays_.push_back(take_state<PartLevels>(
                part.local, parts.info_of(p), parts.config_of(p, config), EngineId::part_bfs_levels, 0,
                [&] { return std::make_unique<PartLevels>(plan, p, huge_capacity, stream); }));
            PartLevels &a = *arrays_.back();
            std::memset(a.read.get(), 0, sizeof(LevelCounts));
            fill(a.depth.get(), kUnvisited, part.size(), stream);
            GG_CUDA_CHECK(cudaMemsetAsync(a.counts.get(), 0, a.counts.bytes(), stream));
            if (overlap_) a.order_boundary_first(plan, p, stream);
            a.count_targets(out_.back(), part.owned, parts.info_of(p), stream);
            depths_.push_back(a.depth.get());
            exchange_clocks_.push_back(std::make_unique<EventTimer>());
            exposed_clocks_.push_back(std::make_unique<EventTimer>());
            const uint32_t local = local_id_in(plan, p, source);
            if (local != UINT32_MAX) {
                seed_source<<<1, 32, 0, stream>>>(local, local < part.owned, a.owned_targets.get(),
                                                  huge_threshold_.back(), a.depth.get(), sink(p, 0),
                                                  &a.counts.get()->replicas[0]);
                GG_CUDA_CHECK_LAUNCH("seed_source");
            }
        }
        read_windows(0);
    }

    // Every level to the last; returns the levels expanded. m: the whole
    // graph's edges.
    uint32_t run(uint64_t m, uint32_t n) {
        uint32_t level = 0;
        bool bottom_up = false, previous_bottom_up = false;
        uint64_t previous_count = 0, edges_to_check = m;
        const PartitionPlan &plan = parts_.plan();
        while (true) {
            // [0] the frontier's vertices, [1] their out-edges, over every
            // part of every process (the processes' order of adding does
            // not matter: integers). After a bottom-up level [1] lacks the
            // replicas' edges (not in the windows); the rule does not read
            // it then (scout is 1 where it turns top-down), and the sweep
            // counts the edges it visits.
            Stopwatch clock;
            uint64_t frontier[2] = {0, 0};
            for (const Window &w : windows_) {
                frontier[0] += w.owned;
                frontier[1] += w.degree_sum;
            }
            const uint64_t mine = frontier[1];
            plan.communicator().sum(frontier, 2);
            const uint64_t count = frontier[0], degree_sum = frontier[1];
            const double summed_ms = clock.elapsed_ms();
            if (count == 0) break;
            // GAP's rule, from the whole frontier (engines/bfs_engine.cu).
            uint64_t scout = degree_sum;
            if (bottom_up && !(count >= previous_count || count > n / kBeta)) {
                bottom_up = false;
                scout = 1;
            }
            if (!bottom_up && scout > edges_to_check / kAlpha) bottom_up = true;
            if (!bottom_up) {
                edges_to_check -= std::min<uint64_t>(scout, edges_to_check);
                edges_visited += mine;  // this process's share: the run's report adds the processes'
            }
            clock.restart();
            overlapped_ = overlap_ && bottom_up;
            if (overlapped_) {
                overlapped_bottom_up(level);
            } else {
                step(level, bottom_up, previous_bottom_up);
                exchange(level, bottom_up);
            }
            previous_bottom_up = bottom_up;
            const double queued_ms = clock.elapsed_ms();
            clock.restart();
            read_windows(level + 1);
            trace_run_line("BFS by levels over %u parts (process %u of %u): level %u %s, frontier %llu: added over "
                           "the processes %.3f ms, queued %.3f ms, waited for the devices %.3f ms",
                           plan.num_parts(), plan.rank, plan.ranks, level,
                           overlapped_ ? "bottom-up, boundary first" : bottom_up ? "bottom-up" : "top-down",
                           (unsigned long long)count, summed_ms, queued_ms, clock.elapsed_ms());
            previous_count = count;
            ++level;
        }
        // The bottom-up steps' scanned edges, as read after the last level.
        for (uint32_t p = 0; p < parts_.num_parts(); ++p)
            if (parts_.plan().parts[p].size() != 0) edges_visited += arrays_[p]->on_host().examined;
        return level;
    }

    void to_caller(uint32_t *depths, RunReport &report) {
        DeviceResults results(parts_);
        results.to_caller(depths_, depths, report.transfer_ms);
    }

    // Every part's depths on the host, replicas included (for the parents).
    std::vector<std::vector<uint32_t>> depths_on_host() {
        const PartitionPlan &plan = parts_.plan();
        std::vector<std::vector<uint32_t>> host(plan.num_parts());
        for (uint32_t p = 0; p < plan.num_parts(); ++p)
            parts_.copy_values_to_host(p, depths_[p], plan.parts[p].size(), host[p]);
        return host;
    }

    uint64_t edges_visited = 0;

private:
    // Appends to part p's window after the current one, counted in slot `slot`.
    FrontierSink sink(uint32_t p, uint32_t slot) const {
        const Window &w = windows_[p];
        PartLevels &a = *arrays_[p];
        return FrontierSink{a.list.get(), a.huge_items.get(), a.huge_start.get(), &a.counts.get()->slot[slot],
                            w.begin + w.count, w.huge_begin + w.huge_count};
    }

    // Level `level`'s local step on every part with local vertices;
    // `after_bottom_up`: the level before was bottom-up, so the replicas at
    // depth `level` are not in the window (ReplicaTakes).
    void step(uint32_t level, bool bottom_up, bool after_bottom_up) {
        const uint32_t next_slot = (level + 1) % 2;
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartLevels &a = *arrays_[p];
            const DeviceInfo &info = parts_.info_of(p);
            begin(p, next_slot);
            parts_.start_compute(p);
            const Window &w = windows_[p];
            const ClaimOutEdges claim{out_[p].indices, a.owned_targets.get(), a.depth.get(),
                                      level + 1,        huge_threshold_[p],   sink(p, next_slot),
                                      a.to_replicas.marks()};
            if (bottom_up) {
                bitmap_of(p, level);
                scan_bottom_up(p, level, OwnedRange{nullptr, 0, part.owned});
            } else if (after_bottom_up && part.size() > part.owned) {
                replica_sweep<<<grid_stride_blocks(part.size() - part.owned, kThreads, info), kThreads, 0, stream>>>(
                    out_[p].offsets, part.owned, part.size(), level, claim, &a.counts.get()->examined);
                GG_CUDA_CHECK_LAUNCH("replica_sweep");
            }
            if (!bottom_up && w.count) {
                Frontier frontier;
                frontier.items = a.list.get() + w.begin;
                frontier.count = w.count;
                frontier.huge_items = a.huge_items.get() + w.huge_begin;
                frontier.huge_start = a.huge_start.get() + w.huge_begin;
                frontier.huge_count = w.huge_count;
                frontier.huge_edges = w.huge_edges;
                const uint64_t lanes = uint64_t(w.count) * 32 + w.huge_edges;
                top_down_level<<<grid_stride_blocks(lanes, kThreads, info), kThreads, 0, stream>>>(
                    out_[p].offsets, frontier, huge_threshold_[p], claim);
                GG_CUDA_CHECK_LAUNCH("top_down_level");
            }
            parts_.stop_compute(p);
            exchange_clocks_[p]->start(stream);
        }
        owned_bits_written_ = bottom_up;  // scan_bottom_up over every owned id
    }

    // Part p before its step (its device current): the next window's
    // counters and the flags it sends, cleared.
    void begin(uint32_t p, uint32_t next_slot) {
        PartLevels &a = *arrays_[p];
        const uint64_t words = a.to_replicas.word_count();
        begin_level<<<grid_stride_blocks(words, kThreads, parts_.info_of(p)), kThreads, 0, parts_.stream_of(p)>>>(
            &a.counts.get()->slot[next_slot], &a.counts.get()->replicas[next_slot], a.to_replicas.words(), words);
        GG_CUDA_CHECK_LAUNCH("begin_level");
    }

    // What part p's replicas do when their owners' flags of level `level`
    // come: take depth level + 1, and after a top-down level join the next
    // window.
    ReplicaTakes replica_takes(uint32_t p, uint32_t level, bool bottom_up) const {
        const uint32_t next_slot = (level + 1) % 2;
        PartLevels &a = *arrays_[p];
        return ReplicaTakes{depths_[p],         a.owned_targets.get(), level + 1, huge_threshold_[p],
                            sink(p, next_slot), &a.counts.get()->replicas[next_slot], !bottom_up};
    }

    // Part p's frontier bitmap of depth `level`, over every local vertex,
    // or where the step before wrote the owned vertices' words
    // (owned_bits_written_), over the replicas' (the word they share with
    // owned vertices whole).
    void bitmap_of(uint32_t p, uint32_t level) {
        const PartitionPart &part = parts_.plan().parts[p];
        const uint32_t first_word = owned_bits_written_ ? part.owned / 32 : 0;
        const uint64_t lanes = (uint64_t(part.size()) + 31) / 32 * 32 - uint64_t(first_word) * 32;
        if (lanes == 0) return;
        frontier_bitmap<<<grid_stride_blocks(lanes, kThreads, parts_.info_of(p)), kThreads, 0, parts_.stream_of(p)>>>(
            arrays_[p]->depth.get(), part.size(), level, first_word, arrays_[p]->bitmap_of(level));
        GG_CUDA_CHECK_LAUNCH("frontier_bitmap");
    }

    // Part p's bottom-up step over the owned vertices of `range` (writing
    // the owned words of the next level's bitmap where `range` is every
    // owned id in order).
    void scan_bottom_up(uint32_t p, uint32_t level, OwnedRange range) {
        if (range.count == 0) return;
        PartLevels &a = *arrays_[p];
        uint32_t *next = range.ids == nullptr && range.first == 0 ? a.bitmap_of(level + 1) : nullptr;
        bottom_up_level<<<grid_stride_blocks(range.count, kThreads, parts_.info_of(p)), kThreads, 0,
                          parts_.stream_of(p)>>>(in_[p], a.owned_targets.get(), a.bitmap_of(level), range, level + 1,
                                                 huge_threshold_[p], a.depth.get(), sink(p, (level + 1) % 2),
                                                 a.to_replicas.marks(), &a.counts.get()->examined, next);
        GG_CUDA_CHECK_LAUNCH("bottom_up_level");
    }

    // A bottom-up level with its exchange overlapped (the header comment):
    // every part's boundary on its main stream, the flags on the side
    // streams once each sender's boundary is done, every part's interior on
    // the main streams meanwhile; then each main stream waits for its side
    // stream. Parts that share a device queue their boundaries before any
    // interior, so that the flags need not wait for another part's interior.
    void overlapped_bottom_up(uint32_t level) {
        const uint32_t k = parts_.num_parts();
        for (uint32_t p = 0; p < k; ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            PartLevels &a = *arrays_[p];
            begin(p, (level + 1) % 2);
            parts_.start_compute(p, 0);
            bitmap_of(p, level);
            scan_bottom_up(p, level, OwnedRange{a.boundary_first.get(), 0, a.boundary});
            parts_.stop_compute(p, 0);
            parts_.side_waits_for_main(p);
            exchange_clocks_[p]->start(parts_.side_stream_of(p));
        }
        DeviceExchange exchange(parts_);
        std::vector<const SentFlags *> to_replicas;
        for (const auto &a : arrays_) to_replicas.push_back(&a->to_replicas);
        exchange.flags(
            /*toward_replicas=*/true, to_replicas, [&](uint32_t p) { return replica_takes(p, level, true); },
            DevicePartSet::Lane::side);
        for (uint32_t p = 0; p < k; ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            PartLevels &a = *arrays_[p];
            exchange_clocks_[p]->stop(parts_.side_stream_of(p));
            parts_.start_compute(p, 1);
            scan_bottom_up(p, level, OwnedRange{a.boundary_first.get(), a.boundary, part.owned - a.boundary});
            parts_.stop_compute(p, 1);
        }
        // Every interior is queued before any main stream waits for its
        // side stream: on a shared device, the first part's wait would
        // hold the next part's interior behind the whole exchange.
        for (uint32_t p = 0; p < k; ++p) {
            if (parts_.plan().parts[p].size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            // What the main stream waits for beyond its own scans: the
            // exchange's time not hidden behind them.
            exposed_clocks_[p]->start(stream);
            parts_.main_waits_for_side(p);
            exposed_clocks_[p]->stop(stream);
            read_counts(p);
        }
        owned_bits_written_ = false;  // the boundary-first scans write no bitmap
    }

    // Every owned vertex reached at this level to its replicas; then each
    // part's counts toward the host.
    void exchange(uint32_t level, bool bottom_up) {
        DeviceExchange exchange(parts_);
        std::vector<const SentFlags *> to_replicas;
        for (const auto &a : arrays_) to_replicas.push_back(&a->to_replicas);
        exchange.flags(/*toward_replicas=*/true, to_replicas,
                       [&](uint32_t p) { return replica_takes(p, level, bottom_up); });
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            if (parts_.plan().parts[p].size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            exchange_clocks_[p]->stop(stream);
            read_counts(p);
        }
    }

    // Part p's counts toward the host, on its stream (its device current).
    void read_counts(uint32_t p) {
        PartLevels &a = *arrays_[p];
        GG_CUDA_CHECK(
            cudaMemcpyAsync(a.read.get(), a.counts.get(), sizeof(LevelCounts), cudaMemcpyDeviceToHost, parts_.stream_of(p)));
    }

    // Waits for the devices and moves each part's window to the one its
    // counters (slot level % 2) describe.
    void read_windows(uint32_t level) {
        if (level == 0) {
            for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
                if (parts_.plan().parts[p].size() == 0) continue;
                DeviceScope scope(parts_.device_of(p));
                read_counts(p);
            }
        }
        parts_.synchronize();
        parts_.collect_compute();
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            if (parts_.plan().parts[p].size() == 0) continue;
            if (level > 0) {
                DeviceScope scope(parts_.device_of(p));
                const double exchange_ms = exchange_clocks_[p]->elapsed_ms();
                parts_.exchange_ms[p] += exchange_ms;
                if (overlapped_)
                    parts_.exchange_hidden_ms[p] +=
                        exchange_ms - std::min(exposed_clocks_[p]->elapsed_ms(), exchange_ms);
            }
            const FrontierCounters &c = arrays_[p]->on_host().slot[level % 2];
            Window &w = windows_[p];
            w.begin += w.count;
            w.huge_begin += w.huge_count;
            w.count = c.count;
            w.owned = c.count - arrays_[p]->on_host().replicas[level % 2];
            w.huge_count = uint32_t(c.huge >> kHugeCountShift);
            w.huge_edges = c.huge & kHugeEdgeMask;
            w.degree_sum = c.degree_sum;
        }
    }

    static constexpr int kThreads = 256;
    DevicePartSet &parts_;
    PartLayouts layouts_;  // held for the run (device_parts.cuh)
    std::vector<DeviceCsr> out_, in_;
    std::vector<uint32_t> huge_threshold_;
    std::vector<StatePool::Checkout<PartLevels>> arrays_;
    std::vector<uint32_t *> depths_;
    std::vector<Window> windows_;
    std::vector<std::unique_ptr<EventTimer>> exchange_clocks_;  // by part
    std::vector<std::unique_ptr<EventTimer>> exposed_clocks_;   // by part: an overlapped exchange's wait
    const bool overlap_;     // bottom-up levels overlap their exchange (GG_PARTITIONED_OVERLAP=1)
    bool owned_bits_written_ = false;  // the last step wrote the owned words of the next level's bitmap
    bool overlapped_ = false;  // the last level queued did
};

}  // namespace

void bfs_by_levels(DevicePartSet &parts, uint64_t m, uint32_t source, uint32_t *depths, uint32_t *parents,
                   const RunConfig &config, RunReport &report, PartitionedReport &out) {
    const PartitionPlan &plan = parts.plan();
    if (plan.n == 0) {
        parts.finish(report, out, 0, 0);
        return;
    }
    Stopwatch clock;
    LevelParts state(parts, source, config, report);
    const double set_up_ms = clock.elapsed_ms();
    clock.restart();
    const uint32_t levels = state.run(m, plan.n);
    const double levels_ms = clock.elapsed_ms();
    clock.restart();
    state.to_caller(depths, report);
    if (parents) {
        const std::vector<std::vector<uint32_t>> host = state.depths_on_host();
        bfs_parents_from_depths(plan, host, source, parents, config.num_threads);
        report.transfer_ms += share_owned(plan, parents, config.num_threads);
    }
    const double answer_ms = clock.elapsed_ms();
    clock.restart();
    parts.finish(report, out, levels, state.edges_visited);
    trace_run_line("BFS by levels over %u parts (process %u of %u): set up %.3f ms, %u levels %.3f ms, the answer "
                   "%.3f ms, the totals %.3f ms",
                   plan.num_parts(), plan.rank, plan.ranks, set_up_ms, levels, levels_ms, answer_ms,
                   clock.elapsed_ms());
}

}  // namespace gg::cuda
