// Device-side vertex frontiers: a list of vertices plus, for the vertices of
// very high degree ("huge"), a second list with the running sum of their
// degrees, so that advance.cuh can spread their edges evenly over the whole
// grid instead of leaving one warp to a hub.
//
// Appends are warp-aggregated: one atomicAdd per warp and list (or staged in
// shared memory per warp, StagedSink, one per many appends). The huge list
// takes one 64-bit atomicAdd on a packed counter (count in the high bits, edge
// total in the low 38), which hands each warp a slot range and an edge range
// in the same order, so huge_start[] comes out sorted without a scan.
#pragma once

#include <cstdint>

#include "primitives/warp_ops.cuh"

namespace gg::cuda {

constexpr int kHugeCountShift = 38;
constexpr unsigned long long kHugeEdgeMask = (1ull << kHugeCountShift) - 1;

// Counters of one frontier under construction. Zero them to start it.
struct FrontierCounters {
    uint32_t count;
    uint32_t unused;
    unsigned long long huge;        // (huge count << 38) | their edge total
    unsigned long long degree_sum;  // degree sum of every appended vertex
};

// Where appends go: items[base + i], huge_items[huge_base + j].
struct FrontierSink {
    uint32_t *items = nullptr;
    uint32_t *huge_items = nullptr;
    unsigned long long *huge_start = nullptr;
    FrontierCounters *counters = nullptr;
    uint32_t base = 0;
    uint32_t huge_base = 0;
};

// A complete frontier to expand.
struct Frontier {
    const uint32_t *items = nullptr;
    uint32_t count = 0;
    const uint32_t *huge_items = nullptr;
    const unsigned long long *huge_start = nullptr;
    uint32_t huge_count = 0;
    unsigned long long huge_edges = 0;
};

// The degree from which a vertex goes to the huge list. At least 512 keeps
// the packed count below 2^26 for graphs up to 2^35 edges; larger graphs
// raise it.
__host__ __device__ inline uint32_t huge_degree_threshold(uint64_t m) {
    uint64_t t = m >> 25;
    return t > 512 ? uint32_t(t > 0xffffffffull ? 0xffffffffull : t) : 512u;
}

// Appends v to the list (not to the huge list) for each lane whose `want`
// is set; all 32 lanes call it together. `count_degrees`: also add the
// appended degrees to counters->degree_sum, which only the BFS reads (to
// choose its direction).
template <bool count_degrees = true>
__device__ __forceinline__ void warp_push_items(const FrontierSink &sink, bool want, uint32_t v, uint32_t degree) {
    const unsigned wanted = __ballot_sync(kFullMask, want);
    if (wanted == 0) return;
    const int lane = lane_id();
    const int leader = __ffs(wanted) - 1;
    uint32_t base = 0;
    if (lane == leader) base = atomicAdd(&sink.counters->count, uint32_t(__popc(wanted)));
    base = __shfl_sync(kFullMask, base, leader);
    if (want) sink.items[sink.base + base + __popc(wanted & lanes_below())] = v;

    if (count_degrees) {
        const unsigned long long my_degree = want ? degree : 0;
        const unsigned long long degree_total = warp_sum(my_degree);
        if (lane == leader) atomicAdd(&sink.counters->degree_sum, degree_total);
    }
}

// Appends v, for each lane whose `huge` is set, to the huge list only (a hub
// is in both lists; the advance skips it in the first). All 32 lanes call it.
__device__ __forceinline__ void warp_push_huge(const FrontierSink &sink, bool huge, uint32_t v, uint32_t degree) {
    const unsigned huge_lanes = __ballot_sync(kFullMask, huge);
    if (huge_lanes == 0) return;
    const int lane = lane_id();
    const unsigned long long huge_degree = huge ? degree : 0;
    const unsigned long long inclusive = warp_inclusive_scan(huge_degree);
    const unsigned long long edge_total = __shfl_sync(kFullMask, inclusive, 31);
    const int huge_leader = __ffs(huge_lanes) - 1;
    unsigned long long old = 0;
    if (lane == huge_leader)
        old = atomicAdd(&sink.counters->huge,
                        (static_cast<unsigned long long>(__popc(huge_lanes)) << kHugeCountShift) | edge_total);
    old = __shfl_sync(kFullMask, old, huge_leader);
    if (huge) {
        const uint32_t slot = uint32_t(old >> kHugeCountShift) + __popc(huge_lanes & lanes_below());
        sink.huge_items[sink.huge_base + slot] = v;
        sink.huge_start[sink.huge_base + slot] = (old & kHugeEdgeMask) + inclusive - huge_degree;
    }
}

// Appends v (with out-degree `degree`) for each lane whose `want` is set:
// one atomicAdd per warp and list. All 32 lanes call it together.
template <bool count_degrees = true>
__device__ __forceinline__ void warp_push(const FrontierSink &sink, bool want, uint32_t v, uint32_t degree,
                                          uint32_t huge_threshold) {
    warp_push_items<count_degrees>(sink, want, v, degree);
    warp_push_huge(sink, want && degree >= huge_threshold, v, degree);
}

// A warp's appends gathered in `slots` words of shared memory and written
// out in one piece when they fill up (and by flush(), which every warp must
// call before the frontier is read). warp_push takes one atomicAdd on the
// list's counter per pushing warp; when most warps of a grid push a vertex or
// two each, those same-address atomics are serialised in L2 and set the pace
// (removing the degree_sum one alone took SSSP on kron from 8.8 to 5.9 ms,
// docs/cuda-tuning.md). Staged, a warp pays one per `slots` vertices, and its
// writes to the list are coalesced. Hubs still go to the huge list at once:
// they are few. Every function must be called by all 32 lanes together.
struct StagedSink {
    FrontierSink sink;
    uint32_t *stage;  // this warp's slots in shared memory
    uint32_t slots;
    uint32_t huge_threshold;
    uint32_t fill = 0;  // the same in every lane

    __device__ void push(bool want, uint32_t v, uint32_t degree) {
        const unsigned wanted = __ballot_sync(kFullMask, want);
        if (wanted == 0) return;
        const uint32_t added = __popc(wanted);
        if (fill + added > slots) flush();
        if (want) stage[fill + __popc(wanted & lanes_below())] = v;
        fill += added;
        warp_push_huge(sink, want && degree >= huge_threshold, v, degree);
    }

    __device__ void flush() {
        __syncwarp();  // the stage writes of every lane are visible
        if (fill == 0) return;
        uint32_t base = 0;
        if (lane_id() == 0) base = atomicAdd(&sink.counters->count, fill);
        base = __shfl_sync(kFullMask, base, 0);
        for (uint32_t i = lane_id(); i < fill; i += 32) sink.items[sink.base + base + i] = stage[i];
        __syncwarp();  // every lane has read its slots before they are reused
        fill = 0;
    }
};

}  // namespace gg::cuda
