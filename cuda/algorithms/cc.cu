/*
 * Weakly connected components on the GPU by Afforest (Sutton, Ben-Nun,
 * Barak, IPDPS'18, §III-§IV), the same algorithm as src/cpu/cc.cpp:
 *
 * 1. Sampling: every vertex links with its first kSamplingRounds
 *    out-neighbours (one kernel per round, a thread per vertex), with a
 *    compression pass after each round.
 * 2. The most frequent root among kSamples sampled vertices is taken as the
 *    giant component (one thread block sorts the samples in shared memory).
 * 3. Vertices outside it are gathered into a frontier and link with the rest
 *    of their out-neighbours and, in a directed graph, all their
 *    in-neighbours, through the load-balanced advance (advance.cuh), so that
 *    a hub outside the giant component does not serialise a warp.
 * 4. A last compression makes every parent a root.
 *
 * Hooking and pointer jumping: link() hooks the larger of two roots under
 * the smaller with a compare-and-swap, and its root searches (with path
 * halving) and the compression only replace a parent by an ancestor, so
 * parent[v] <= v throughout and each root is the smallest
 * id of its tree: the final parents are the labels (smallest vertex id of the
 * component) with no renumbering, exactly what the CPU returns.
 */
#include <algorithm>

#include "engines/layout_relax.cuh"
#include "primitives/advance.cuh"
#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "layouts/device_layouts.cuh"
#include "primitives/frontier.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

constexpr uint32_t kSamplingRounds = 2;
constexpr int kSamples = 1024;
constexpr int kThreads = 256;

__device__ __forceinline__ uint32_t parent_of(const uint32_t *comp, uint32_t v) { return load_volatile(comp + v); }

// The root of x's tree, halving the path on the way: each vertex passed is
// pointed at its grandparent. Only non-roots are written (a root's slot
// changes only by link's compare-and-swap), and only to an ancestor, so
// parent[v] <= v holds in whatever order the writes land.
__device__ __forceinline__ uint32_t find_root(uint32_t *comp, uint32_t x) {
    uint32_t parent = parent_of(comp, x);
    for (;;) {
        const uint32_t grandparent = parent_of(comp, parent);
        if (grandparent == parent) return parent;
        comp[x] = grandparent;
        x = grandparent;
        parent = parent_of(comp, x);
    }
}

// Lock-free union of the trees of u and v: the larger root is hooked under
// the smaller with a compare-and-swap. When the larger is no root (any more),
// both sides are searched to their roots with path halving. Without the
// halving, sampling round 1 on urand scale 22 took most of CC's 4.3 ms: roots
// hooked under roots form chains, and every thread whose compare-and-swap
// lost climbed the whole chain again, two steps at a time. Halving from the
// first step instead cost kron 1.3x: its hubs' paths are on every thread's
// way, and all of them wrote the same few slots (H200, session 50:
// bench/results/cuda-h200-2026-11-29-s50.md).
__device__ void link(uint32_t u, uint32_t v, uint32_t *comp) {
    uint32_t a = parent_of(comp, u);
    uint32_t b = parent_of(comp, v);
    while (a != b) {
        const uint32_t high = a > b ? a : b;
        const uint32_t low = a + b - high;
        uint32_t parent_of_high = parent_of(comp, high);
        if (parent_of_high == low) return;
        if (parent_of_high == high) {
            parent_of_high = atomicCAS(comp + high, high, low);
            if (parent_of_high == high) return;
        }
        a = find_root(comp, parent_of_high);
        b = find_root(comp, low);
    }
}

__global__ void start_forest(uint32_t *comp, uint32_t n) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += uint64_t(gridDim.x) * blockDim.x)
        comp[v] = uint32_t(v);
}

__global__ void link_sample(DeviceCsr out, uint32_t round, uint32_t *comp) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < out.n;
         v += uint64_t(gridDim.x) * blockDim.x) {
        const uint64_t e = out.offsets[v] + round;
        if (e < out.offsets[v + 1]) link(uint32_t(v), out.indices[e], comp);
    }
}

__global__ void compress(uint32_t *comp, uint32_t n) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += uint64_t(gridDim.x) * blockDim.x) {
        uint32_t root = parent_of(comp, uint32_t(v));
        while (root != parent_of(comp, root)) root = parent_of(comp, root);
        comp[v] = root;
    }
}

__device__ __forceinline__ uint64_t splitmix64(uint64_t x) {
    uint64_t z = x + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// One block of kSamples threads: sorts sampled roots, writes the most frequent.
__global__ void __launch_bounds__(kSamples) find_giant(const uint32_t *comp, uint32_t n, uint32_t *giant) {
    __shared__ uint32_t sample[kSamples];
    __shared__ unsigned long long best;
    const int i = threadIdx.x;
    sample[i] = comp[splitmix64(0x5eedull * kSamples + i) % n];
    if (i == 0) best = 0;
    for (int size = 2; size <= kSamples; size <<= 1) {
        for (int stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            const int j = i ^ stride;
            if (j > i) {
                const bool ascending = (i & size) == 0;
                const uint32_t x = sample[i], y = sample[j];
                if ((x > y) == ascending) {
                    sample[i] = y;
                    sample[j] = x;
                }
            }
        }
    }
    __syncthreads();
    if (i == 0 || sample[i] != sample[i - 1]) {
        int low = i, high = kSamples;  // first index past the run of sample[i]
        while (low + 1 < high) {
            const int middle = (low + high) / 2;
            if (sample[middle] == sample[i]) low = middle; else high = middle;
        }
        atomicMax(&best, (static_cast<unsigned long long>(high - i) << 32) | sample[i]);
    }
    __syncthreads();
    if (i == 0) *giant = uint32_t(best & 0xffffffffu);
}

// Frontiers of the vertices outside the giant component, by out-degree and,
// for a directed graph, by in-degree.
__global__ void gather_outsiders(DeviceCsr out, DeviceCsr in, const uint32_t *comp, const uint32_t *giant,
                                 FrontierSink out_sink, FrontierSink in_sink, uint32_t out_huge, uint32_t in_huge) {
    const uint32_t g = *giant;
    const uint64_t warps = warps_in_grid();
    for (uint64_t base = uint64_t(global_warp()) * 32; base < out.n; base += warps * 32) {
        const uint32_t v = uint32_t(base) + lane_id();
        const bool outside = v < out.n && comp[v] != g;
        const uint32_t out_degree = outside ? uint32_t(out.offsets[v + 1] - out.offsets[v]) : 0;
        warp_push<false>(out_sink, outside && out_degree > kSamplingRounds, v, out_degree, out_huge);
        if (in.offsets) {
            const uint32_t in_degree = outside ? uint32_t(in.offsets[v + 1] - in.offsets[v]) : 0;
            warp_push<false>(in_sink, outside && in_degree > 0, v, in_degree, in_huge);
        }
    }
}

struct LinkRest {
    using Value = uint32_t;
    const uint64_t *offsets;
    const uint32_t *indices;
    uint32_t *comp;
    uint32_t skip;  // edges of each list already linked by sampling

    __device__ Value vertex_value(uint32_t) const { return 0; }
    __device__ void edge(bool active, uint32_t u, Value, uint64_t e) {
        if (active && e - offsets[u] >= skip) link(u, indices[e], comp);
    }
};

__global__ void link_outsiders(DeviceCsr csr, const uint32_t *items, const uint32_t *huge_items,
                               const unsigned long long *huge_start, const FrontierCounters *counters,
                               uint32_t huge_threshold, uint32_t *comp, uint32_t skip) {
    Frontier frontier;
    frontier.items = items;
    frontier.count = counters->count;
    frontier.huge_items = huge_items;
    frontier.huge_start = huge_start;
    frontier.huge_count = uint32_t(counters->huge >> kHugeCountShift);
    frontier.huge_edges = counters->huge & kHugeEdgeMask;
    LinkRest op{csr.offsets, csr.indices, comp, skip};
    advance_frontier(csr.offsets, frontier, huge_threshold, op);
}

// The frontier arrays of one direction.
struct OutsiderList {
    DeviceArray<uint32_t> items, huge_items;
    DeviceArray<unsigned long long> huge_start;
    uint32_t huge_threshold = 0;

    OutsiderList(uint32_t n, uint64_t m, const char *what) {
        huge_threshold = huge_degree_threshold(m);
        const uint64_t huge_capacity = std::min<uint64_t>(n, m / huge_threshold + 1);
        items = DeviceArray<uint32_t>(n, what);
        huge_items = DeviceArray<uint32_t>(huge_capacity, what);
        huge_start = DeviceArray<unsigned long long>(huge_capacity, what);
    }
    uint64_t bytes() const { return items.bytes() + huge_items.bytes() + huge_start.bytes(); }
    FrontierSink sink(FrontierCounters *counters) const {
        return FrontierSink{items.get(), huge_items.get(), huge_start.get(), counters, 0, 0};
    }
};

// The run's arrays, pooled per (graph, device) (backend/state_pool.h).
struct CcState final : EngineState {
    DeviceArray<uint32_t> comp, giant;
    DeviceArray<FrontierCounters> counters;
    OutsiderList out_list;
    std::unique_ptr<OutsiderList> in_list;

    CcState(uint32_t n, uint64_t m, bool directed)
        : comp(n, "component labels"), giant(1, "the giant component's label"), counters(2, "CC counters"),
          out_list(n, m, "the CC out-edge frontier") {
        if (directed) in_list = std::make_unique<OutsiderList>(n, m, "the CC in-edge frontier");
    }
    uint64_t bytes() const override {
        return comp.bytes() + giant.bytes() + counters.bytes() + out_list.bytes() + (in_list ? in_list->bytes() : 0);
    }
};

}  // namespace

void cc(const Graph &g, uint32_t *labels, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, {GG_LAYOUT_CSR, GG_LAYOUT_VIRTUAL_SPLIT, GG_LAYOUT_UDT, GG_LAYOUT_GSHARDS, GG_LAYOUT_CW}, "CC");
    if (report.layout != GG_LAYOUT_CSR) {
        relax_on_layout(g, report.layout, Relaxation::label, 0, labels, nullptr, config, report);
        return;
    }
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    const DeviceCsr out = layouts.edges(EdgeDirection::out, false);
    // A directed graph's outsiders also link along in-edges.
    const DeviceCsr in = g.undirected ? DeviceCsr{} : layouts.edges(EdgeDirection::in, false);

    auto state = take_state<CcState>(g, info, config, EngineId::cc, 0,
                                     [&] { return std::make_unique<CcState>(n, g.m(), !g.undirected); });
    DeviceArray<uint32_t> &comp = state->comp;
    DeviceArray<uint32_t> &giant = state->giant;
    DeviceArray<FrontierCounters> &counters = state->counters;
    const OutsiderList &out_list = state->out_list;
    const std::unique_ptr<OutsiderList> &in_list = state->in_list;

    const int vertex_blocks = grid_stride_blocks(n, kThreads, info);
    EventTimer compute;
    compute.start(stream.get());
    GG_CUDA_CHECK(cudaMemsetAsync(counters.get(), 0, counters.bytes(), stream.get()));
    start_forest<<<vertex_blocks, kThreads, 0, stream.get()>>>(comp.get(), n);
    GG_CUDA_CHECK_LAUNCH("start_forest");
    for (uint32_t round = 0; round < kSamplingRounds; ++round) {
        link_sample<<<vertex_blocks, kThreads, 0, stream.get()>>>(out, round, comp.get());
        GG_CUDA_CHECK_LAUNCH("link_sample");
        compress<<<vertex_blocks, kThreads, 0, stream.get()>>>(comp.get(), n);
        GG_CUDA_CHECK_LAUNCH("compress");
    }
    find_giant<<<1, kSamples, 0, stream.get()>>>(comp.get(), n, giant.get());
    GG_CUDA_CHECK_LAUNCH("find_giant");
    const FrontierSink in_sink = in_list ? in_list->sink(counters.get() + 1) : FrontierSink{};
    gather_outsiders<<<vertex_blocks, kThreads, 0, stream.get()>>>(
        out, in, comp.get(), giant.get(), out_list.sink(counters.get()), in_sink, out_list.huge_threshold,
        in_list ? in_list->huge_threshold : 0);
    GG_CUDA_CHECK_LAUNCH("gather_outsiders");
    const int edge_blocks = grid_stride_blocks(g.m(), kThreads, info);
    link_outsiders<<<edge_blocks, kThreads, 0, stream.get()>>>(
        out, out_list.items.get(), out_list.huge_items.get(), out_list.huge_start.get(), counters.get(),
        out_list.huge_threshold, comp.get(), kSamplingRounds);
    GG_CUDA_CHECK_LAUNCH("link_outsiders");
    if (in_list) {
        link_outsiders<<<edge_blocks, kThreads, 0, stream.get()>>>(
            in, in_list->items.get(), in_list->huge_items.get(), in_list->huge_start.get(), counters.get() + 1,
            in_list->huge_threshold, comp.get(), 0);
        GG_CUDA_CHECK_LAUNCH("link_outsiders");
    }
    compress<<<vertex_blocks, kThreads, 0, stream.get()>>>(comp.get(), n);
    GG_CUDA_CHECK_LAUNCH("compress");
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    copy_to_host(labels, comp.get(), comp.bytes(), stream.get(), report.transfer_ms);
    report.iterations = kSamplingRounds + 1;
    report.edges_visited = g.m();
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
