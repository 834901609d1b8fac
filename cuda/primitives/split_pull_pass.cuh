// A pull pass over Tigr's virtual split of the in-edges (virtual_split.cuh;
// 001_e12cff375407a15a.txt §4.2, Theorem 3: pull-based programming over virtual nodes):
// the same operator interface as pull_pass.cuh, so PageRank's and SpMV's
// steps run unchanged over this layout.
//
// A thread takes a virtual node and sums op.load over its strided in-edges
// (edge-array coalescing). A warp holds 32 consecutive virtual nodes, so a
// family's nodes in it are consecutive lanes: they add their sums with
// shuffles, in a fixed tree, and the family's lowest lane finishes the
// vertex when the family lies within the warp's 32 nodes (a warp of
// families of one skips the shuffles). A family spread
// over several warps' nodes adds each warp's piece into a scratch slot
// (indexed by the family's first virtual node) and the last arrival
// finishes the vertex with the total, as the hub chunks of pull_pass.cuh
// do: the vertex function is a sum, associative, so the family's partial
// sums give the original vertex's value (Tigr's Theorem 2). Every vertex has
// at least one virtual node, so every vertex is finished exactly once.
//
// The first version added every node's sum into the scratch slot (two
// atomics and two fences per node of a family of more than one): on kron
// and urand scale 22 (K = 10, H200, session 53) its PageRank iteration took
// 2.19 and 2.59 ms against Tigr's 1.49 and 1.47; this one takes 1.65 and
// 2.52 (bench/results/layouts-vsplit-h200-2026-11-29-s53.md). Finding the
// family's lanes with __match_any_sync instead of from the node ids cost
// urand 7% and the grid 21%.
#pragma once

#include <cstdint>

#include "layouts/virtual_split.cuh"
#include "primitives/pull_pass.cuh"
#include "primitives/warp_ops.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

constexpr int kSplitPullThreads = 256;

template <class Op>
__global__ void __launch_bounds__(kSplitPullThreads)
    split_pull_pass(VirtualSplit in, HubScratch<typename Op::Acc> scratch, Op op) {
    using Acc = typename Op::Acc;
    if (!op.proceed()) return;  // the same answer in every thread of the grid
    const int lane = lane_id();
    // Warp-uniform bounds: the shuffles need every lane.
    const uint64_t stride = gridDim.x * uint64_t(blockDim.x);
    for (uint64_t base = blockIdx.x * uint64_t(blockDim.x) + (threadIdx.x & ~31u); base < in.num_virtual;
         base += stride) {
        const uint64_t t = base + lane;
        const bool live = t < in.num_virtual;
        uint32_t v = UINT32_MAX, first = 0, family = 0;
        Acc sum = Acc(0);
        if (live) {
            const uint32_t node = uint32_t(t);
            v = in.virtual_vertex[node];
            first = in.first_virtual[v];
            family = in.first_virtual[v + 1] - first;
            const uint64_t end = in.edges.offsets[v + 1];
            // Plain loads, four in flight: the streaming loads (__ldcs) of
            // pull_pass.cuh, made for whole sectors, lose here, where a
            // family reads a few consecutive words of each sector per step
            // (urand 2.63 -> 2.48 ms, grid 0.125 -> 0.112 for SpMV, H200).
#pragma unroll 4
            for (uint64_t e = in.edges.offsets[v] + (node - first); e < end; e += family)
                sum += op.load(__ldg(in.edges.indices + e), e);
        }
        // Most warps of a graph without hubs hold only families of one.
        if (__ballot_sync(kFullMask, family > 1) == 0) {
            if (live) op.finish(v, sum, op.before(v));
            continue;
        }
        // v's family holds this warp's lanes from first - base (or 0) to
        // `last`: each lane adds the partial sums of the lanes above it
        // within that range, in a fixed tree, so the lowest lane ends with
        // the family's sum over this warp.
        const uint64_t family_end = uint64_t(first) + family - 1 - base;  // the family's last node, from base
        const int last = !live ? lane : family_end < 31 ? int(family_end) : 31;
#pragma unroll
        for (int offset = 1; offset < 32; offset <<= 1) {
            const Acc other = __shfl_down_sync(kFullMask, sum, offset);
            if (lane + offset <= last) sum += other;
        }
        if (!live || (t != first && lane != 0)) continue;
        // How many warps' nodes the family spans: chunks of 32 aligned nodes.
        const uint32_t pieces = (first + family - 1) / 32 - first / 32 + 1;
        if (pieces == 1)
            op.finish(v, sum, op.before(v));
        else
            add_piece(scratch, first, pieces, v, sum, op);
    }
    op.flush();
}

// Scratch: in.num_virtual slots of each array, zero between passes.
template <class Op>
void launch_split_pull_pass(const VirtualSplit &in, HubScratch<typename Op::Acc> scratch, const DeviceInfo &info,
                            const Op &op, cudaStream_t stream) {
    const int blocks = grid_stride_blocks(in.num_virtual > 0 ? in.num_virtual : 1, kSplitPullThreads, info);
    split_pull_pass<Op><<<blocks, kSplitPullThreads, 0, stream>>>(in, scratch, op);
    GG_CUDA_CHECK_LAUNCH("split_pull_pass");
}

}  // namespace gg::cuda
