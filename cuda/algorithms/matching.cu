/*
 * Maximum bipartite matching on the GPU: phases of level-synchronous
 * alternating BFS from every free left vertex at once, each tree augmenting
 * along at most one path, until a phase finds none. This is the "APFB"
 * scheme of Deveci, Kaya, Uçar and Çatalyürek ("GPU accelerated maximum
 * cardinality matching algorithms for bipartite graphs", Euro-Par 2013,
 * §3), with the vertex-disjoint BFS forest of Azad, Buluç and Pothen's
 * MS-BFS; Medusa (paper 002, §5.1) runs a bipartite matching as one of its
 * workloads, a maximal one, which gg's built-in extends to maximum.
 *
 * Edges are read in either direction, so the search runs over the
 * symmetrized CSR (EdgeDirection::both: every out- and in-neighbour once; an
 * undirected graph's own CSR). Left vertices are 0 .. num_left - 1.
 *
 * 1. Greedy start: each left vertex claims the first free right vertex
 *    among its first kGreedyEdges neighbours with a compare-and-swap on the
 *    right vertex's mate.
 * 2. A phase:
 *    a. Every free left vertex roots its own tree (root[u] = u) and forms
 *       the first frontier.
 *    b. Each level expands the frontier's left vertices with the
 *       load-balanced advance (primitives/advance.cuh): a right vertex r goes
 *       to the first tree that reaches it in this phase (atomicExch of
 *       visited[r] to the phase's stamp), which records pred[r]. A free r
 *       ends its tree's search: tree_end[root] = r by compare-and-swap (one
 *       end per tree). A matched r passes its mate to the next frontier, in
 *       the same tree. The trees of finished searches stop expanding; the
 *       others go on until the frontier is empty.
 *    c. Each tree with an end flips its path, walking pred[] and the old
 *       mates back to its root (one thread per tree). Trees share no vertex,
 *       so the walks never meet.
 *    A phase that ends no tree ends the run: no tree was cut short, so every
 *    vertex reachable along an alternating path from a free left vertex was
 *    reached, and none of them is a free right vertex: no augmenting path
 *    is left and the matching is maximum (Berge).
 *
 * Encoding: visited[] holds the stamp of the last phase that reached each
 * right vertex, so no array is cleared between phases (it is zeroed once
 * per run); kNone (UINT32_MAX) is "unmatched", "no end" and "no tree".
 */
#include <algorithm>

#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "layouts/device_layouts.cuh"
#include "primitives/advance.cuh"
#include "primitives/frontier.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

constexpr uint32_t kNone = 0xffffffffu;
constexpr int kThreads = 256;
// Neighbours a left vertex tries in the greedy start: enough to match most
// vertices of most graphs, few enough that a hub cannot hold its warp long.
constexpr uint64_t kGreedyEdges = 32;

__global__ void greedy_match(DeviceCsr adj, uint32_t num_left, uint32_t *mate) {
    for (uint64_t u = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; u < num_left;
         u += uint64_t(gridDim.x) * blockDim.x) {
        const uint64_t begin = adj.offsets[u];
        const uint64_t end = adj.offsets[u + 1] - begin > kGreedyEdges ? begin + kGreedyEdges : adj.offsets[u + 1];
        for (uint64_t e = begin; e < end; ++e) {
            const uint32_t r = adj.indices[e];
            if (load_volatile(mate + r) == kNone && atomicCAS(mate + r, kNone, uint32_t(u)) == kNone) {
                mate[u] = r;
                break;
            }
        }
    }
}

// The first frontier: every free left vertex, the root of its own tree.
__global__ void gather_roots(DeviceCsr adj, uint32_t num_left, const uint32_t *mate, uint32_t *root,
                             FrontierSink sink, uint32_t huge_threshold) {
    const uint64_t warps = warps_in_grid();
    for (uint64_t base = uint64_t(global_warp()) * 32; base < num_left; base += warps * 32) {
        const uint32_t u = uint32_t(base) + lane_id();
        const bool free = u < num_left && mate[u] == kNone;
        const uint32_t degree = free ? uint32_t(adj.offsets[u + 1] - adj.offsets[u]) : 0;
        if (free) root[u] = u;
        warp_push(sink, free && degree > 0, u, degree, huge_threshold);
    }
}

// One level of the alternating BFS, as the advance's operator.
struct AlternatingStep {
    using Value = uint32_t;  // the root of the vertex's tree; kNone once that tree has its path

    const uint64_t *offsets;
    const uint32_t *indices;
    const uint32_t *mate;
    uint32_t *visited;
    uint32_t *pred;
    uint32_t *root;
    uint32_t *tree_end;
    unsigned long long *ended;  // trees that found their path in this phase
    uint32_t stamp;
    FrontierSink sink;
    uint32_t huge_threshold;

    __device__ Value vertex_value(uint32_t u) const {
        const uint32_t tree = root[u];
        return load_volatile(tree_end + tree) == kNone ? tree : kNone;
    }

    __device__ void edge(bool active, uint32_t u, Value tree, uint64_t e) {
        bool push = false;
        uint32_t next = 0, degree = 0;
        if (active && tree != kNone) {
            const uint32_t r = indices[e];
            if (load_volatile(visited + r) != stamp && atomicExch(visited + r, stamp) != stamp) {
                pred[r] = u;
                const uint32_t m = mate[r];
                if (m == kNone) {
                    if (atomicCAS(tree_end + tree, kNone, r) == kNone) atomicAdd(ended, 1ull);
                } else {
                    root[m] = tree;
                    next = m;
                    degree = uint32_t(offsets[m + 1] - offsets[m]);
                    push = true;
                }
            }
        }
        warp_push(sink, push, next, degree, huge_threshold);
    }
};

__global__ void expand_level(const uint32_t *items, const uint32_t *huge_items, const unsigned long long *huge_start,
                             const FrontierCounters *counters, AlternatingStep step) {
    Frontier frontier;
    frontier.items = items;
    frontier.count = counters->count;
    frontier.huge_items = huge_items;
    frontier.huge_start = huge_start;
    frontier.huge_count = uint32_t(counters->huge >> kHugeCountShift);
    frontier.huge_edges = counters->huge & kHugeEdgeMask;
    advance_frontier(step.offsets, frontier, step.huge_threshold, step);
}

// Flips each ended tree's path: r, pred[r], that vertex's old mate, ... up
// to the root, which was free.
__global__ void flip_paths(uint32_t num_left, const uint32_t *tree_end, const uint32_t *pred, uint32_t *mate) {
    for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < num_left;
         t += uint64_t(gridDim.x) * blockDim.x) {
        uint32_t r = tree_end[t];
        if (r == kNone) continue;
        for (;;) {
            const uint32_t l = pred[r];
            const uint32_t previous = mate[l];
            mate[l] = r;
            mate[r] = l;
            if (l == uint32_t(t)) break;
            r = previous;
        }
    }
}

// The pairs: matched left vertices, counted on the device because the
// caller's mates may be device memory (gg_run_options.device_arrays).
__global__ void count_matched(uint32_t num_left, const uint32_t *mate, unsigned long long *count) {
    unsigned long long mine = 0;
    for (uint64_t u = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; u < num_left;
         u += uint64_t(gridDim.x) * blockDim.x)
        mine += mate[u] != kNone;
    if (mine) atomicAdd(count, mine);
}

// One frontier's arrays (sized for every vertex: a frontier holds each left
// vertex at most once).
struct FrontierBuffers {
    DeviceArray<uint32_t> items, huge_items;
    DeviceArray<unsigned long long> huge_start;

    FrontierBuffers(uint32_t n, uint64_t m, uint32_t huge_threshold) {
        const uint64_t huge_capacity = std::min<uint64_t>(n, m / huge_threshold + 1);
        items = DeviceArray<uint32_t>(n, "the matching frontier");
        huge_items = DeviceArray<uint32_t>(huge_capacity, "the matching frontier's hubs");
        huge_start = DeviceArray<unsigned long long>(huge_capacity, "the matching frontier's hub offsets");
    }
    uint64_t bytes() const { return items.bytes() + huge_items.bytes() + huge_start.bytes(); }
    FrontierSink sink(FrontierCounters *counters) const {
        return FrontierSink{items.get(), huge_items.get(), huge_start.get(), counters, 0, 0};
    }
};

// What a level's end tells the host: the next frontier's counters and the
// trees ended so far in the phase.
struct LevelRecord {
    FrontierCounters next;
    unsigned long long ended;
};

// The run's arrays, pooled per (graph, device) (backend/state_pool.h).
struct MatchingState final : EngineState {
    uint32_t huge_threshold;
    DeviceArray<uint32_t> mate, visited, pred, root, tree_end;
    DeviceArray<FrontierCounters> counters;  // one per frontier buffer
    DeviceArray<unsigned long long> ended;
    FrontierBuffers frontier[2];
    PinnedBuffer record{sizeof(LevelRecord)};

    MatchingState(uint32_t n, uint64_t m)
        : huge_threshold(huge_degree_threshold(m)), mate(n, "matching mates"), visited(n, "matching visit stamps"),
          pred(n, "matching predecessors"), root(n, "matching tree roots"), tree_end(n, "matching tree ends"),
          counters(2, "matching frontier counters"), ended(1, "matching ended trees"),
          frontier{FrontierBuffers(n, m, huge_threshold), FrontierBuffers(n, m, huge_threshold)} {}
    uint64_t bytes() const override {
        return mate.bytes() + visited.bytes() + pred.bytes() + root.bytes() + tree_end.bytes() + counters.bytes() +
               ended.bytes() + frontier[0].bytes() + frontier[1].bytes();
    }
};

}  // namespace

void matching(const Graph &g, uint32_t num_left, uint32_t *mates, uint64_t *size, const RunConfig &config,
              RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, {GG_LAYOUT_CSR}, "matching");
    *size = 0;
    const uint32_t n = g.n();
    if (n == 0) {
        report.iterations = 1;  // one search, which found nothing: the CPU's count
        return;
    }
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    const DeviceCsr adj = layouts.edges(EdgeDirection::both, false);

    auto state = take_state<MatchingState>(g, info, config, EngineId::matching, 0,
                                           [&] { return std::make_unique<MatchingState>(n, adj.m); });
    MatchingState &s = *state;
    const uint32_t huge = s.huge_threshold;
    auto *record = static_cast<LevelRecord *>(s.record.get());
    // Copies the counters of frontier `which` and the ended count to the host.
    auto read_record = [&](int which) {
        GG_CUDA_CHECK(cudaMemcpyAsync(&record->next, s.counters.get() + which, sizeof(FrontierCounters),
                                      cudaMemcpyDeviceToHost, stream.get()));
        GG_CUDA_CHECK(cudaMemcpyAsync(&record->ended, s.ended.get(), sizeof(unsigned long long),
                                      cudaMemcpyDeviceToHost, stream.get()));
        stream.synchronize();
    };

    const int left_blocks = grid_stride_blocks(std::max<uint32_t>(num_left, 1), kThreads, info);
    const int edge_blocks = grid_stride_blocks(std::max<uint64_t>(adj.m, 1), kThreads, info);
    uint64_t matched = 0, edges = 0;
    uint32_t phases = 0;

    EventTimer compute;
    compute.start(stream.get());
    GG_CUDA_CHECK(cudaMemsetAsync(s.mate.get(), 0xff, s.mate.bytes(), stream.get()));
    GG_CUDA_CHECK(cudaMemsetAsync(s.visited.get(), 0, s.visited.bytes(), stream.get()));
    if (num_left > 0 && adj.m > 0) {
        greedy_match<<<left_blocks, kThreads, 0, stream.get()>>>(adj, num_left, s.mate.get());
        GG_CUDA_CHECK_LAUNCH("greedy_match");
    }
    for (;;) {
        const uint32_t stamp = ++phases;
        GG_CUDA_CHECK(cudaMemsetAsync(s.tree_end.get(), 0xff, sizeof(uint32_t) * uint64_t(num_left), stream.get()));
        GG_CUDA_CHECK(cudaMemsetAsync(s.counters.get(), 0, s.counters.bytes(), stream.get()));
        GG_CUDA_CHECK(cudaMemsetAsync(s.ended.get(), 0, s.ended.bytes(), stream.get()));
        if (num_left > 0) {
            gather_roots<<<left_blocks, kThreads, 0, stream.get()>>>(adj, num_left, s.mate.get(), s.root.get(),
                                                                     s.frontier[0].sink(s.counters.get()), huge);
            GG_CUDA_CHECK_LAUNCH("gather_roots");
        }
        read_record(0);
        int current = 0;
        while (record->next.count > 0) {
            edges += record->next.degree_sum;
            const int next = 1 - current;
            GG_CUDA_CHECK(cudaMemsetAsync(s.counters.get() + next, 0, sizeof(FrontierCounters), stream.get()));
            const AlternatingStep step{adj.offsets,     adj.indices,      s.mate.get(),  s.visited.get(),
                                       s.pred.get(),    s.root.get(),     s.tree_end.get(), s.ended.get(),
                                       stamp,           s.frontier[next].sink(s.counters.get() + next), huge};
            const FrontierBuffers &from = s.frontier[current];
            expand_level<<<edge_blocks, kThreads, 0, stream.get()>>>(
                from.items.get(), from.huge_items.get(), from.huge_start.get(), s.counters.get() + current, step);
            GG_CUDA_CHECK_LAUNCH("expand_level");
            read_record(next);
            current = next;
        }
        if (record->ended == 0) break;  // no augmenting path is left
        flip_paths<<<left_blocks, kThreads, 0, stream.get()>>>(num_left, s.tree_end.get(), s.pred.get(),
                                                               s.mate.get());
        GG_CUDA_CHECK_LAUNCH("flip_paths");
    }
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    GG_CUDA_CHECK(cudaMemsetAsync(s.ended.get(), 0, sizeof(unsigned long long), stream.get()));
    count_matched<<<left_blocks, kThreads, 0, stream.get()>>>(num_left, s.mate.get(), s.ended.get());
    GG_CUDA_CHECK_LAUNCH("count_matched");
    read_record(0);
    matched = record->ended;
    copy_to_host(mates, s.mate.get(), sizeof(uint32_t) * uint64_t(n), stream.get(), report.transfer_ms);
    *size = matched;
    report.iterations = phases;
    report.edges_visited = edges;  // the BFS levels' (the greedy start reads at most kGreedyEdges per vertex)
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
