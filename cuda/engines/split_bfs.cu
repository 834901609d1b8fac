// BFS over Tigr's virtual split (001_e12cff375407a15a.txt §4.1 for the
// virtual nodes, §4.4 for edge-array coalescing, §4.2 for pulling over
// virtual nodes), level by level and direction-optimizing (Beamer, Asanovic,
// Patterson, SC'12): a level pushes along the out-edges' virtual nodes or
// pulls along the in-edges' ones, whichever touches fewer edges.
//
// Why not Tigr's push engine (split_engine.cu), which serves SSSP, SSWP and
// CC over the same layout: on kron scale 22 (H200, session 53,
// bench/results/layouts-vsplit-h200-2026-11-29-s53.md) its second round,
// the source hub's 163,318 neighbours pushing into nearly every vertex,
// took 2.9 of the run's 3.6 ms, slower than Tigr's own code (3.37 ms). A
// pull over the unreached vertices' virtual nodes stops at each node's first
// in-neighbour one level up, at most K edges, and touches a fraction of the
// edges.
//
// A level kernel:
//   push  the frontier's virtual nodes (the queue the previous level wrote,
//         or, when it overflowed or the previous level pulled, every
//         virtual node whose vertex is at this depth) walk their strided
//         out-edges; an unreached destination is claimed with a
//         compare-and-swap and its whole family queued for the next level;
//   pull  every virtual node of an unreached vertex walks its strided
//         in-edges until one comes from this depth, and claims the vertex.
// Depths are written only from "unreached" to the next level, so every
// vertex gets the depth of its first level, exactly the CPU's answer. The
// kernel decides its own direction from what the previous level counted
// (found vertices and their virtual nodes; Beamer's alpha and beta), so that
// levels are launched in batches without a host round trip each (a road
// grid has thousands), as the push engine's rounds are.
#include "engines/split_engine.cuh"

#include <algorithm>
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

#include "engines/engine_state.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace cg = cooperative_groups;

namespace {

constexpr int kLevelThreads = 256;
constexpr uint32_t kUnreached = 0xffffffffu;
// Beamer's switches: pull once the frontier's work exceeds the unexplored
// work / kAlpha; push again once the frontier holds fewer than n / kBeta
// vertices (his values). Work is counted in virtual nodes, a thread's share
// of a level in either direction (Beamer counts edges: summing the found
// vertices' degrees cost the 2048 x 2048 grid's 2,049 small levels 18%,
// 23.8 against 28.1 ms, H200, session 53).
constexpr uint32_t kAlpha = 15;
constexpr uint32_t kBeta = 18;

// What a level found, for the next level's direction and frontier. Level t
// reads slot t % 3, adds into slot (t+1) % 3 and clears slot (t+2) % 3, so
// that a batch of levels runs without the host.
struct LevelSlot {
    uint32_t vertices;  // vertices found (0: the search is over)
    uint32_t listed;    // their virtual nodes (queued for the next level while they fit the queue)
    uint32_t visited;   // virtual nodes of every vertex found before them
    uint32_t pulled;    // whether the level that found them pulled (then it queued nothing)
};

struct SplitBfsState final : EngineState {
    DeviceArray<uint32_t> depth, work[2];
    DeviceArray<LevelSlot> slots;
    DeviceArray<uint32_t> levels;
    DeviceArray<unsigned long long> edges_examined;
    PinnedBuffer record{sizeof(uint32_t)};

    SplitBfsState(uint32_t n, uint32_t virtual_nodes)
        : depth(n, "the split BFS's depths"),
          work{DeviceArray<uint32_t>(virtual_nodes, "the split BFS's frontier queue"),
               DeviceArray<uint32_t>(virtual_nodes, "the split BFS's next frontier queue")},
          slots(3, "the split BFS's level counts"), levels(1, "the split BFS's level count"),
          edges_examined(1, "the split BFS's edge count") {}
    uint64_t bytes() const override {
        return depth.bytes() + work[0].bytes() + work[1].bytes() + slots.bytes() + levels.bytes() +
               edges_examined.bytes();
    }
};

struct LevelArgs {
    VirtualSplit out, in;  // in.num_virtual == 0: never pull
    uint32_t *depth;
    LevelSlot *slots;
    const uint32_t *work;  // this level's queue
    uint32_t *next;        // the next level's
    uint32_t limit;        // the queue's capacity
    uint32_t *levels;
    unsigned long long *edges_examined;
};

// Every vertex unreached but the source; level 0's slot: the source with its
// family queued.
__global__ void start_search(VirtualSplit out, uint32_t source, uint32_t *depth, LevelSlot *slots, uint32_t *work) {
    const uint32_t n = out.edges.n;
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += gridDim.x * uint64_t(blockDim.x))
        depth[v] = v == source ? 0 : kUnreached;
    if (blockIdx.x != 0) return;
    const uint32_t first = out.first_virtual[source], count = out.first_virtual[source + 1] - first;
    for (uint32_t k = threadIdx.x; k < count; k += blockDim.x) work[k] = first + k;
    if (threadIdx.x == 0) {
        slots[0] = LevelSlot{1, count, 0, 0};
        slots[1] = LevelSlot{};
        slots[2] = LevelSlot{};
    }
}

// Counts vertex v, just claimed, into the next level's slot (one atomic per
// field for the threads that claim together) and, when `queue`, appends its
// family to the next queue (while it fits; past its end the next level
// scans every node instead).
__device__ void found(const LevelArgs &a, LevelSlot *slot, uint32_t v, bool queue) {
    const uint32_t first = a.out.first_virtual[v];
    const uint32_t count = a.out.first_virtual[v + 1] - first;
    cg::coalesced_group group = cg::coalesced_threads();
    const uint32_t offset = cg::exclusive_scan(group, count);
    uint32_t base = 0;
    if (group.thread_rank() == group.size() - 1) {
        atomicAdd(&slot->vertices, group.size());
        base = atomicAdd(&slot->listed, offset + count);
    }
    if (!queue) return;
    base = group.shfl(base, group.size() - 1) + offset;
    if (base + count <= a.limit)
        for (uint32_t k = 0; k < count; ++k) a.next[base + k] = first + k;
}

__global__ void __launch_bounds__(kLevelThreads, 8) split_bfs_level(LevelArgs a, uint32_t level) {
    const LevelSlot here = a.slots[level % 3];  // written by the previous level only
    LevelSlot *next = a.slots + (level + 1) % 3;
    // Beamer's rule, from this level's frontier (the same in every thread).
    const uint32_t seen = here.visited + here.listed;
    const uint32_t unexplored = a.out.num_virtual > seen ? a.out.num_virtual - seen : 0;
    const bool pull = a.in.num_virtual > 0 &&
                      (here.pulled ? here.vertices >= a.out.edges.n / kBeta : here.listed > unexplored / kAlpha);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        a.slots[(level + 2) % 3] = LevelSlot{};  // read by the level before this one, filled by the one after
        if (here.vertices > 0) {
            next->visited = seen;
            next->pulled = pull;
            ++*a.levels;
        }
    }
    if (here.vertices == 0) return;
    unsigned long long examined = 0;
    const uint64_t stride = gridDim.x * uint64_t(blockDim.x);
    if (pull) {
        const DeviceCsr &in = a.in.edges;
        for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < a.in.num_virtual; t += stride) {
            const uint32_t node = uint32_t(t);
            const uint32_t v = a.in.virtual_vertex[node];
            if (load_volatile(a.depth + v) != kUnreached) continue;
            const uint32_t first = a.in.first_virtual[v];
            const uint32_t family = a.in.first_virtual[v + 1] - first;
            const uint64_t end = in.offsets[v + 1];
            for (uint64_t e = in.offsets[v] + (node - first); e < end; e += family) {
                ++examined;
                if (load_volatile(a.depth + in.indices[e]) != level) continue;
                if (atomicCAS(a.depth + v, kUnreached, level + 1) == kUnreached) found(a, next, v, false);
                break;
            }
        }
    } else {
        const DeviceCsr &out = a.out.edges;
        // The queue holds the frontier's nodes unless it overflowed or the
        // level before pulled; then every node is looked at.
        const bool queued = !here.pulled && here.listed <= a.limit;
        const uint32_t items = queued ? here.listed : a.out.num_virtual;
        for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < items; t += stride) {
            const uint32_t node = queued ? a.work[t] : uint32_t(t);
            const uint32_t v = a.out.virtual_vertex[node];
            if (!queued && load_volatile(a.depth + v) != level) continue;
            const uint32_t first = a.out.first_virtual[v];
            const uint32_t family = a.out.first_virtual[v + 1] - first;
            const uint64_t end = out.offsets[v + 1];
            for (uint64_t e = out.offsets[v] + (node - first); e < end; e += family) {
                ++examined;
                const uint32_t dst = out.indices[e];
                if (load_volatile(a.depth + dst) != kUnreached) continue;
                if (atomicCAS(a.depth + dst, kUnreached, level + 1) == kUnreached) found(a, next, dst, true);
            }
        }
    }
    const unsigned long long warp_total = warp_sum<unsigned long long>(examined);
    if (lane_id() == 0 && warp_total != 0) atomicAdd(a.edges_examined, warp_total);
}

// As the push engine's rounds (split_engine.cu): batches of 1, 2, 4, ... up
// to 64 levels between host checks; a level past the end returns at once.
constexpr uint32_t kMaxBatch = 64;

}  // namespace

void split_bfs(const Graph &g, const VirtualSplit &out, const VirtualSplit &in, uint32_t source,
               uint32_t *device_values, const DeviceInfo &info, const RunConfig &config, cudaStream_t stream,
               RunReport &report) {
    const uint32_t n = out.edges.n;
    if (n == 0) return;
    auto state = take_state<SplitBfsState>(g, info, config, EngineId::split_bfs, out.degree_bound, [&] {
        return std::make_unique<SplitBfsState>(n, out.num_virtual);
    });
    EventTimer compute;
    compute.start(stream);
    GG_CUDA_CHECK(cudaMemsetAsync(state->levels.get(), 0, state->levels.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state->edges_examined.get(), 0, state->edges_examined.bytes(), stream));
    start_search<<<grid_stride_blocks(n, kLevelThreads, info), kLevelThreads, 0, stream>>>(
        out, source, state->depth.get(), state->slots.get(), state->work[0].get());
    GG_CUDA_CHECK_LAUNCH("start_search");
    LevelArgs a;
    a.out = out;
    a.in = in;
    a.depth = state->depth.get();
    a.slots = state->slots.get();
    a.limit = split_queue_limit(out.num_virtual);
    a.levels = state->levels.get();
    a.edges_examined = state->edges_examined.get();
    const uint32_t nodes = std::max(out.num_virtual, in.num_virtual);
    const int blocks = grid_stride_blocks(nodes > 0 ? nodes : 1, kLevelThreads, info);
    uint32_t *record = static_cast<uint32_t *>(state->record.get());
    uint32_t launched = 0;
    for (uint32_t batch = 1;; batch = batch < kMaxBatch ? batch * 2 : kMaxBatch) {
        for (uint32_t b = 0; b < batch; ++b, ++launched) {
            a.work = state->work[launched % 2].get();
            a.next = state->work[(launched + 1) % 2].get();
            split_bfs_level<<<blocks, kLevelThreads, 0, stream>>>(a, launched);
            GG_CUDA_CHECK_LAUNCH("split_bfs_level");
        }
        GG_CUDA_CHECK(cudaMemcpyAsync(record, &state->slots.get()[launched % 3].vertices, sizeof(uint32_t),
                                      cudaMemcpyDeviceToHost, stream));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (record[0] == 0) break;
    }
    GG_CUDA_CHECK(cudaMemcpyAsync(device_values, state->depth.get(), size_t(n) * sizeof(uint32_t),
                                  cudaMemcpyDeviceToDevice, stream));
    compute.stop(stream);
    report.compute_ms += compute.elapsed_ms();
    unsigned long long examined = 0;
    uint32_t levels = 0;
    copy_to_host(&examined, state->edges_examined.get(), sizeof(examined), stream, report.transfer_ms);
    copy_to_host(&levels, state->levels.get(), sizeof(levels), stream, report.transfer_ms);
    report.iterations = levels;
    report.edges_visited = examined;
}

}  // namespace gg::cuda
