/*
 * Direction-optimizing BFS (Beamer, Asanovic, Patterson, SC'12; switching
 * rule of the GAP Benchmark Suite, the same as src/cpu/bfs.cpp) in one
 * persistent cooperative kernel.
 *
 * Top-down levels are the queue BFS of Pathak et al. (004_6c0534b53c1f8710.txt
 * §3.2): frontier vertices claim unvisited neighbours with an atomic
 * compare-and-swap on depth and append them to the next frontier. Unlike
 * §3.2, the frontier is expanded by the load-balanced advance of advance.cuh,
 * and the level loop lives on the device: each level ends at a grid barrier
 * instead of a kernel launch and a host read of the queue size, which on the
 * 2048 x 2048 road grid (about 2,000 levels) is the difference between
 * microseconds and tenths of a millisecond per level. §3.1's
 * one-thread-per-vertex level scan is what the bottom-up steps do, over the
 * CSC with early exit; §3.3's scan-built queue is replaced by warp-aggregated
 * appends (frontier.cuh).
 *
 * Bottom-up levels: each unvisited vertex scans its in-edges until it finds
 * one whose source is in the frontier bitmap. A warp owns 32 consecutive
 * vertices, i.e. one bitmap word, so the next bitmap is written with plain
 * stores, each word exactly once, and needs no clearing.
 *
 * Data layout: `list` receives every vertex in visit order, level after
 * level; level L is a window of it, so switching from bottom-up back to
 * top-down needs no bitmap-to-queue conversion, and bc.cu reads the levels
 * from it. Counters rotate over three slots: level L reads slot L%3, appends
 * to slot (L+1)%3 and clears slot (L+2)%3, so one grid barrier per level is
 * enough.
 */
#include <cooperative_groups.h>

#include "primitives/advance.cuh"
#include "engines/bfs_engine.cuh"
#include "primitives/warp_ops.cuh"

namespace cg = cooperative_groups;

namespace gg::cuda {

namespace {

// One block of 1024 threads per SM: the fewer blocks a grid barrier waits
// for, the cheaper a level (the road grid has about 2,000 of them).
constexpr int kBfsThreads = 1024;
constexpr unsigned long long kAlpha = 15;
constexpr uint32_t kBeta = 18;

struct BfsArgs {
    DeviceCsr out, in;
    uint32_t source;
    uint32_t huge_threshold;
    bool bottom_up;
    uint32_t *depth;
    uint32_t *parent;  // may be null
    uint32_t *list;
    uint32_t *huge_items;
    unsigned long long *huge_start;
    uint32_t *level_start;  // may be null
    uint32_t *bitmaps;      // 2 * words, or null
    uint32_t words;
    FrontierCounters *counters;
    BfsSummary *summary;
};

struct TopDownStep {
    using Value = uint32_t;
    const uint64_t *offsets;
    const uint32_t *indices;
    uint32_t *depth;
    uint32_t *parent;
    uint32_t next_depth;
    uint32_t huge_threshold;
    FrontierSink sink;

    __device__ Value vertex_value(uint32_t) const { return 0; }

    __device__ void edge(bool active, uint32_t u, Value, uint64_t e) {
        bool claimed = false;
        uint32_t v = 0, degree = 0;
        if (active) {
            v = indices[e];
            if (load_fresh(depth + v) == kUnvisited && atomicCAS(&depth[v], kUnvisited, next_depth) == kUnvisited) {
                claimed = true;
                if (parent) parent[v] = u;
                degree = uint32_t(offsets[v + 1] - offsets[v]);
            }
        }
        warp_push(sink, claimed, v, degree, huge_threshold);
    }
};

__global__ void bfs_start(BfsArgs a) {
    // One warp: the source is the whole first frontier.
    const bool me = lane_id() == 0;
    if (me) {
        a.depth[a.source] = 0;
        if (a.parent) a.parent[a.source] = a.source;
    }
    FrontierSink sink{a.list, a.huge_items, a.huge_start, &a.counters[0], 0, 0};
    const uint32_t degree = uint32_t(a.out.offsets[a.source + 1] - a.out.offsets[a.source]);
    warp_push(sink, me, a.source, degree, a.huge_threshold);
}

__device__ void bottom_up_step(const BfsArgs &a, uint32_t level, const uint32_t *front, uint32_t *next,
                               const FrontierSink &sink, unsigned long long &examined) {
    const int lane = lane_id();
    const uint64_t warps = warps_in_grid();
    const uint32_t n = a.out.n;
    for (uint64_t base = uint64_t(global_warp()) * 32; base < n; base += warps * 32) {
        const uint32_t v = uint32_t(base) + lane;
        bool found = false;
        if (v < n && load_fresh(a.depth + v) == kUnvisited) {
            const uint64_t end = a.in.offsets[v + 1];
            for (uint64_t e = a.in.offsets[v]; e < end; ++e) {
                const uint32_t u = a.in.indices[e];
                ++examined;
                if ((load_fresh(front + (u >> 5)) >> (u & 31)) & 1u) {
                    found = true;
                    a.depth[v] = level + 1;
                    if (a.parent) a.parent[v] = u;
                    break;
                }
            }
        }
        const unsigned word = __ballot_sync(kFullMask, found);
        if (lane == 0) next[base >> 5] = word;
        const uint32_t degree = found ? uint32_t(a.out.offsets[v + 1] - a.out.offsets[v]) : 0;
        warp_push(sink, found, v, degree, a.huge_threshold);
    }
}

__global__ void __launch_bounds__(kBfsThreads, 1) bfs_levels(BfsArgs a) {
    cg::grid_group grid = cg::this_grid();
    const uint64_t thread = grid.thread_rank();
    const uint64_t threads = grid.size();
    const uint32_t n = a.out.n;
    __shared__ FrontierCounters shared_counters;

    uint32_t level = 0, begin = 0, huge_begin = 0, previous_count = 0;
    bool bottom_up = false;
    int front = 0;
    unsigned long long edges_to_check = a.out.m;
    unsigned long long scout = 0;
    unsigned long long examined = 0;
    uint32_t bottom_up_levels = 0;

    while (true) {
        // One thread reads the frontier's counters for the whole block (not
        // every warp: see read_for_block in near_far.cu).
        if (threadIdx.x == 0) {
            const FrontierCounters *current = &a.counters[level % 3];
            shared_counters.count = load_volatile(&current->count);
            shared_counters.huge = load_volatile(&current->huge);
            shared_counters.degree_sum = load_volatile(&current->degree_sum);
        }
        __syncthreads();
        const uint32_t count = shared_counters.count;
        const unsigned long long huge = shared_counters.huge;
        const unsigned long long degree_sum = shared_counters.degree_sum;
        __syncthreads();
        if (count == 0) break;
        const uint32_t huge_count = uint32_t(huge >> kHugeCountShift);

        // GAP's switching rule, from the sizes of the last two frontiers.
        if (bottom_up) {
            if (!(count >= previous_count || count > n / kBeta)) {
                bottom_up = false;
                scout = 1;
            }
        } else {
            scout = degree_sum;
        }
        if (thread == 0) {
            FrontierCounters &stale = a.counters[(level + 2) % 3];
            stale.count = 0;
            stale.huge = 0;
            stale.degree_sum = 0;
            if (a.level_start) a.level_start[level] = begin;
        }
        const FrontierSink sink{a.list, a.huge_items, a.huge_start, &a.counters[(level + 1) % 3], begin + count,
                                huge_begin + huge_count};

        if (!bottom_up && a.bottom_up && scout > edges_to_check / kAlpha) {
            // Queue to bitmap, once per switch.
            uint32_t *bitmap = a.bitmaps + size_t(front) * a.words;
            for (uint64_t w = thread; w < a.words; w += threads) bitmap[w] = 0;
            grid.sync();
            for (uint64_t i = thread; i < count; i += threads) {
                const uint32_t u = load_fresh(a.list + begin + i);
                atomicOr(&bitmap[u >> 5], 1u << (u & 31));
            }
            grid.sync();
            bottom_up = true;
        }

        if (bottom_up) {
            bottom_up_step(a, level, a.bitmaps + size_t(front) * a.words, a.bitmaps + size_t(front ^ 1) * a.words,
                           sink, examined);
            front ^= 1;
            ++bottom_up_levels;
        } else {
            edges_to_check -= scout < edges_to_check ? scout : edges_to_check;
            if (thread == 0) examined += scout;
            Frontier frontier;
            frontier.items = a.list + begin;
            frontier.count = count;
            frontier.huge_items = a.huge_items + huge_begin;
            frontier.huge_start = a.huge_start + huge_begin;
            frontier.huge_count = huge_count;
            frontier.huge_edges = huge & kHugeEdgeMask;
            TopDownStep step{a.out.offsets, a.out.indices, a.depth, a.parent, level + 1, a.huge_threshold, sink};
            advance_frontier(a.out.offsets, frontier, a.huge_threshold, step);
        }
        grid.sync();
        previous_count = count;
        begin += count;
        huge_begin += huge_count;
        ++level;
    }

    const unsigned long long block_examined = block_sum(examined);
    if (threadIdx.x == 0) atomicAdd(&a.summary->edges_examined, block_examined);
    if (thread == 0) {
        a.summary->levels = level;
        a.summary->reached = begin;
        a.summary->bottom_up_levels = bottom_up_levels;
        if (a.level_start) a.level_start[level] = begin;
    }
}

}  // namespace

BfsEngine::BfsEngine(const DeviceCsr &out, bool bottom_up, const DeviceInfo &info, bool track_parents,
                     bool record_levels)
    : out_(out) {
    const uint32_t n = out_.n;
    bottom_up_ = bottom_up;
    huge_threshold_ = huge_degree_threshold(out_.m);
    depth_ = DeviceArray<uint32_t>(n, "BFS depths");
    if (track_parents) parent_ = DeviceArray<uint32_t>(n, "BFS parents");
    list_ = DeviceArray<uint32_t>(n, "the BFS visit list");
    const uint64_t huge_capacity = std::min<uint64_t>(n, out_.m / huge_threshold_ + 1);
    huge_items_ = DeviceArray<uint32_t>(huge_capacity, "the BFS hub list");
    huge_start_ = DeviceArray<unsigned long long>(huge_capacity, "the BFS hub offsets");
    if (record_levels) level_start_ = DeviceArray<uint32_t>(uint64_t(n) + 1, "the BFS level starts");
    if (bottom_up_) bitmaps_ = DeviceArray<uint32_t>(2 * ((uint64_t(n) + 31) / 32), "the BFS frontier bitmaps");
    counters_ = DeviceArray<FrontierCounters>(3, "BFS counters");
    summary_ = DeviceArray<BfsSummary>(1, "the BFS summary");
    blocks_ = cooperative_blocks(reinterpret_cast<const void *>(bfs_levels), kBfsThreads, 0, info);
}

uint64_t BfsEngine::bytes() const {
    return depth_.bytes() + parent_.bytes() + list_.bytes() + huge_items_.bytes() + level_start_.bytes() +
           bitmaps_.bytes() + huge_start_.bytes() + counters_.bytes() + summary_.bytes();
}

void BfsEngine::bind(const DeviceCsr &out, const DeviceCsr &in) {
    if (out.n != out_.n || out.m != out_.m || (bottom_up_ && (in.offsets == nullptr || in.n != out.n)))
        fail(GG_ERROR_INTERNAL, "a BFS state sized for %u vertices and %llu edges was given another graph", out_.n,
             (unsigned long long)out_.m);
    out_ = out;
    in_ = bottom_up_ ? in : DeviceCsr{};
}

void BfsEngine::run(uint32_t source, cudaStream_t stream) {
    const uint32_t n = out_.n;
    GG_CUDA_CHECK(cudaMemsetAsync(depth_.get(), 0xff, depth_.bytes(), stream));
    if (parent_.get()) GG_CUDA_CHECK(cudaMemsetAsync(parent_.get(), 0xff, parent_.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(counters_.get(), 0, counters_.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(summary_.get(), 0, summary_.bytes(), stream));
    BfsArgs a;
    a.out = out_;
    a.in = in_;
    a.source = source;
    a.huge_threshold = huge_threshold_;
    a.bottom_up = bottom_up_;
    a.depth = depth_.get();
    a.parent = parent_.get();
    a.list = list_.get();
    a.huge_items = huge_items_.get();
    a.huge_start = huge_start_.get();
    a.level_start = level_start_.get();
    a.bitmaps = bitmaps_.get();
    a.words = uint32_t((uint64_t(n) + 31) / 32);
    a.counters = counters_.get();
    a.summary = summary_.get();
    bfs_start<<<1, 32, 0, stream>>>(a);
    GG_CUDA_CHECK_LAUNCH("bfs_start");
    void *params[] = {&a};
    GG_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(bfs_levels), blocks_, kBfsThreads,
                                              params, 0, stream));
}

BfsSummary BfsEngine::summary(cudaStream_t stream, double &transfer_ms) const {
    BfsSummary s;
    copy_to_host(&s, summary_.get(), sizeof s, stream, transfer_ms);
    return s;
}

}  // namespace gg::cuda
