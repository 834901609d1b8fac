// Load-balanced push advance: visits every out-edge of a frontier
// (frontier.cuh) with the grid's warps, so that neither a hub nor a run of
// tiny lists leaves lanes idle. Three mappings by degree, after Merrill,
// Garland and Grimshaw's BFS gathering ("Scalable GPU Graph Traversal",
// PPoPP'12) and Gunrock's thread/warp/CTA split:
//
//  - degree >= huge threshold: the vertex sits in the frontier's huge list;
//    the edges of all huge vertices form one flat range split evenly over
//    every warp of the grid (a warp finds its vertex by binary search over
//    the huge list's running degree sums);
//  - 32 <= degree < huge: the warp that holds the vertex walks its list 32
//    edges at a time;
//  - degree < 32: a warp's small lists are packed by a warp prefix sum and
//    walked 32 edges at a time, each lane finding its vertex by a shuffle
//    binary search over the prefix sums.
//
// The operator sees each edge once:
//   struct Op {
//     using Value = ...;
//     __device__ Value vertex_value(uint32_t u);               // once per frontier vertex
//     __device__ void edge(bool active, uint32_t u, Value value, uint64_t e);  // all 32 lanes together
//   };
// Frontier arrays are read with load_fresh: in a persistent kernel they were
// written by other blocks since the last grid barrier.
// edge() is called by all lanes of a warp at once (active says whether the
// lane holds a real edge), so that it can push with warp_push().
//
// `ends` says where vertex u's edges to visit end: its whole list (WholeLists),
// or a prefix of it (the partitioned BFS visits only the edges toward a
// part's own vertices, which a sorted local list holds first). The degree a
// vertex was pushed with must be the length of what is visited: the huge
// list's running sums are made of it.
#pragma once

#include <cstdint>

#include "primitives/frontier.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

struct WholeLists {
    __device__ uint64_t end(const uint64_t *offsets, uint32_t u, uint64_t) const { return offsets[u + 1]; }
};

// The edges of the lists the 32 lanes of a warp hold, [begin, end) each
// (empty where a lane holds none), visited by the whole warp: lists of 32
// or more one at a time, 32 edges a step, the short ones packed together by
// a prefix sum of their lengths. All 32 lanes call it together.
template <class Op>
__device__ void advance_warp_lists(uint32_t u, uint64_t begin, uint64_t end, typename Op::Value value, Op &op) {
    using Value = typename Op::Value;
    const int lane = lane_id();
    const uint64_t degree = end - begin;

    // Lists of 32 or more: the whole warp, one list at a time.
    unsigned long_lists = __ballot_sync(kFullMask, degree >= 32);
    while (long_lists) {
        const int owner = __ffs(long_lists) - 1;
        long_lists &= long_lists - 1;
        const uint32_t owner_vertex = __shfl_sync(kFullMask, u, owner);
        const Value owner_value = __shfl_sync(kFullMask, value, owner);
        const uint64_t owner_begin = __shfl_sync(kFullMask, begin, owner);
        const uint64_t owner_end = __shfl_sync(kFullMask, end, owner);
        for (uint64_t e0 = owner_begin; e0 < owner_end; e0 += 32) {
            const uint64_t e = e0 + lane;
            op.edge(e < owner_end, owner_vertex, owner_value, e);
        }
    }

    // Short lists: packed together by a prefix sum of their lengths.
    const uint32_t small = degree < 32 ? uint32_t(degree) : 0;
    const uint32_t inclusive = warp_inclusive_scan(small);
    const uint32_t exclusive = inclusive - small;
    const uint32_t total = __shfl_sync(kFullMask, inclusive, 31);
    for (uint32_t k0 = 0; k0 < total; k0 += 32) {
        const uint32_t k = k0 + lane;
        // The owner of packed edge k: the last lane whose exclusive sum is <= k.
        int owner = 0;
#pragma unroll
        for (int step = 16; step > 0; step >>= 1) {
            const uint32_t start = __shfl_sync(kFullMask, exclusive, owner + step);
            if (start <= k) owner += step;
        }
        const uint32_t owner_vertex = __shfl_sync(kFullMask, u, owner);
        const Value owner_value = __shfl_sync(kFullMask, value, owner);
        const uint64_t owner_begin = __shfl_sync(kFullMask, begin, owner);
        const uint32_t owner_start = __shfl_sync(kFullMask, exclusive, owner);
        op.edge(k < total, owner_vertex, owner_value, owner_begin + (k - owner_start));
    }
}

template <class Op, class Ends = WholeLists>
__device__ void advance_frontier(const uint64_t *offsets, const Frontier &frontier, uint32_t huge_threshold,
                                 Op &op, Ends ends = Ends{}) {
    using Value = typename Op::Value;
    const int lane = lane_id();
    const uint64_t warp = global_warp();
    const uint64_t warps = warps_in_grid();

    for (uint64_t base = warp * 32; base < frontier.count; base += warps * 32) {
        const uint64_t i = base + lane;
        const bool have = i < frontier.count;
        uint32_t u = 0;
        uint64_t begin = 0, end = 0;
        Value value{};
        if (have) {
            u = load_fresh(frontier.items + i);
            begin = offsets[u];
            end = ends.end(offsets, u, begin);
            if (end - begin >= huge_threshold) end = begin;  // expanded from the huge list
            if (end > begin) value = op.vertex_value(u);
        }
        advance_warp_lists(u, begin, end, value, op);
    }

    // Huge lists: one flat edge range over the whole grid, cut into one
    // contiguous piece per warp. A warp finds the list its piece starts in
    // once (binary search over the running degree sums) and then walks
    // forward, 32 edges a step; a huge list has at least 512 edges, so one
    // step crosses at most one list boundary. (Searching again for every 32
    // edges, as an earlier version did, put a chain of ~log2(hubs) dependent
    // L2 loads in front of every step: on kron from its hub that search, not
    // the relaxation, set the pace.)
    if (frontier.huge_count == 0) return;
    const uint64_t total = frontier.huge_edges;
    const uint64_t piece = ((total + warps - 1) / warps + 31) & ~uint64_t(31);
    const uint64_t first = warp * piece;
    if (first >= total) return;
    const uint64_t last = first + piece < total ? first + piece : total;

    uint32_t slot = 0;
    if (lane == 0) {
        uint32_t low = 0, high = frontier.huge_count;
        while (high - low > 1) {
            const uint32_t middle = (low + high) / 2;
            if (load_fresh(frontier.huge_start + middle) <= first) low = middle; else high = middle;
        }
        slot = low;
    }
    slot = __shfl_sync(kFullMask, slot, 0);

    // The list of `slot`, read by every lane (the same addresses: one
    // broadcast load each): its vertex, its value, and the shift that turns a
    // flat edge number into a CSR edge index.
    struct List {
        uint32_t vertex;
        Value value;
        uint64_t shift;  // offsets[vertex] - huge_start[slot], modulo 2^64
        uint64_t end;    // flat number of its first edge past the list
    };
    auto list_at = [&](uint32_t s) {
        List l;
        l.vertex = load_fresh(frontier.huge_items + s);
        l.value = op.vertex_value(l.vertex);
        l.shift = offsets[l.vertex] - load_fresh(frontier.huge_start + s);
        l.end = s + 1 < frontier.huge_count ? load_fresh(frontier.huge_start + s + 1) : total;
        return l;
    };
    List current = list_at(slot);
    for (uint64_t k0 = first; k0 < last; k0 += 32) {
        const uint64_t k = k0 + lane;
        const bool active = k < last;
        if (k0 + 32 > current.end && current.end < last) {  // this step enters the next list
            const List next = list_at(++slot);
            const bool in_next = k >= current.end;
            op.edge(active, in_next ? next.vertex : current.vertex, in_next ? next.value : current.value,
                    (in_next ? next.shift : current.shift) + k);
            current = next;
        } else {
            op.edge(active, current.vertex, current.value, current.shift + k);
        }
    }
}

}  // namespace gg::cuda
