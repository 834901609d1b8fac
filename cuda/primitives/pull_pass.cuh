// One pull pass over the CSC with the load balance of pull_layout.cuh: for
// every vertex v, sum over in-edges u -> v of op.load(u, e), then
// op.finish(v, sum). Blocks [0, chunk_blocks) take the hub chunks, the rest
// the regular vertices by groups of kLanes threads; a warp walks 32/kLanes
// neighbour lists side by side with coalesced loads. A Slice limits each
// list to a part of it (source_blocks.cuh passes over one source block at a
// time); the layout's hubs and chunks stay those of the whole lists, so that
// every pass finds the same hubs.
//
// The in-edge sources stream through once per pass and are loaded with
// the evict-first hint (__ldcs), so that they do not push the gathered
// vertex values, which are reused, out of L2 (on the H100 the PageRank pass
// was bound by L2 throughput, with 29% of its gathers missing L2).
//
//   struct Op {
//     using Acc = ...;                                  // accumulator type
//     __device__ bool proceed();                        // false: the pass has nothing to do
//     using Context = ...;                              // per-vertex data finish() needs
//     __device__ Context before(uint32_t v);            // loaded before the edges, off the
//                                                       // critical path of the sum
//     __device__ Acc load(uint32_t u, uint64_t e);      // one in-edge's term
//     __device__ void finish(uint32_t v, Acc sum, const Context &c);  // once per vertex
//     __device__ void flush();                          // every thread of the block, at the end
//   };
#pragma once

#include <cstdint>

#include "layouts/device_csr.cuh"
#include "layouts/pull_layout.cuh"
#include "runtime/runtime.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

// Scratch of the hub chunks: a partial sum and an arrival count per hub,
// both zero between passes (the last chunk of a hub resets them).
template <class Acc>
struct HubScratch {
    Acc *sum;
    uint32_t *arrivals;
};

// Adds one piece's partial `sum` of vertex v into scratch slot `slot`; the
// last of the `pieces` to arrive finishes v with the total and leaves the
// slot zero for the next pass. One thread per piece calls it. Shared by the
// hub chunks here and the virtual-node families of split_pull_pass.cuh.
template <class Op>
__device__ void add_piece(HubScratch<typename Op::Acc> scratch, uint32_t slot, uint32_t pieces, uint32_t v,
                          typename Op::Acc sum, Op &op) {
    using Acc = typename Op::Acc;
    atomicAdd(&scratch.sum[slot], sum);
    __threadfence();
    if (atomicAdd(&scratch.arrivals[slot], 1u) == pieces - 1) {
        // Every other piece of this vertex has added its sum.
        __threadfence();
        const Acc total = load_volatile(&scratch.sum[slot]);
        scratch.sum[slot] = Acc(0);
        scratch.arrivals[slot] = 0;
        op.finish(v, total, op.before(v));
    }
}

// Which part of v's list [list_begin, list_end) a pass reads: all of it,
struct WholeLists {
    __device__ uint64_t begin(uint32_t, uint64_t list_begin) const { return list_begin; }
    __device__ uint64_t end(uint32_t, uint64_t list_end) const { return list_end; }
};
// or [lo[v], hi[v]).
struct ListSlices {
    const uint64_t *lo, *hi;
    __device__ uint64_t begin(uint32_t v, uint64_t) const { return lo[v]; }
    __device__ uint64_t end(uint32_t v, uint64_t) const { return hi[v]; }
};

template <int kLanes, class Op, class Slice>
__global__ void __launch_bounds__(kPullBlockThreads)
    pull_pass(DeviceCsr in, PullLayout layout, HubScratch<typename Op::Acc> scratch, uint32_t chunk_blocks, Op op,
              Slice slice) {
    using Acc = typename Op::Acc;
    if (!op.proceed()) return;  // the same answer in every thread of the grid
    if (blockIdx.x < chunk_blocks) {
        for (uint32_t c = blockIdx.x; c < layout.num_chunks; c += chunk_blocks) {
            const uint32_t hub = layout.chunk_hub[c];
            const uint32_t v = layout.hub_vertex[hub];
            const uint32_t first = layout.hub_first_chunk[hub];
            const uint32_t pieces = layout.hub_first_chunk[hub + 1] - first;
            const uint64_t list_end = in.offsets[v + 1];
            const uint64_t list_begin = in.offsets[v];
            uint64_t begin = list_begin + uint64_t(c - first) * layout.chunk_edges;
            uint64_t end = begin + layout.chunk_edges < list_end ? begin + layout.chunk_edges : list_end;
            const uint64_t slice_begin = slice.begin(v, list_begin), slice_end = slice.end(v, list_end);
            if (begin < slice_begin) begin = slice_begin;
            if (end > slice_end) end = slice_end;
            Acc sum = Acc(0);
            for (uint64_t e = begin + threadIdx.x; e < end; e += blockDim.x) sum += op.load(__ldcs(in.indices + e), e);
            sum = block_sum(sum);
            if (threadIdx.x == 0) add_piece(scratch, hub, pieces, v, sum, op);
        }
    } else {
        constexpr int kPerWarp = 32 / kLanes;
        const uint64_t warp = ((blockIdx.x - chunk_blocks) * uint64_t(blockDim.x) + threadIdx.x) >> 5;
        const uint64_t warps = ((gridDim.x - chunk_blocks) * uint64_t(blockDim.x)) >> 5;
        const int lane = lane_id();
        const int member = lane % kLanes;
        for (uint64_t base = warp * kPerWarp; base < in.n; base += warps * kPerWarp) {
            const uint64_t v = base + lane / kLanes;
            uint64_t begin = 0, end = 0;
            bool mine = false;
            typename Op::Context context{};
            if (v < in.n) {
                begin = in.offsets[v];
                end = in.offsets[v + 1];
                mine = end - begin <= layout.hub_threshold;
                if (!mine) {
                    end = begin;
                } else {
                    begin = slice.begin(uint32_t(v), begin);
                    end = slice.end(uint32_t(v), end);
                }
                if (mine && member == 0) context = op.before(uint32_t(v));
            }
            Acc sum = Acc(0);
#pragma unroll 4
            for (uint64_t e = begin + member; e < end; e += kLanes) sum += op.load(__ldcs(in.indices + e), e);
            sum = group_sum<kLanes>(sum);
            if (mine && member == 0) op.finish(uint32_t(v), sum, context);
        }
    }
    op.flush();
}

// Launches pull_pass with the layout's group width.
template <class Op, class Slice = WholeLists>
void launch_pull_pass(const DeviceCsr &in, const PullLayout &layout, HubScratch<typename Op::Acc> scratch,
                      const DeviceInfo &info, const Op &op, cudaStream_t stream, Slice slice = Slice()) {
    const uint32_t chunk_blocks = layout.num_chunks < uint32_t(info.sm_count) * 4 ? layout.num_chunks
                                                                                   : uint32_t(info.sm_count) * 4;
    const uint64_t groups_per_block = kPullBlockThreads / layout.lanes;
    const uint64_t wanted = (uint64_t(in.n) + groups_per_block - 1) / groups_per_block;
    const uint64_t cap = uint64_t(info.sm_count) * (info.max_threads_per_sm / kPullBlockThreads) * 8;
    const uint32_t vertex_blocks = uint32_t(wanted < cap ? (wanted > 0 ? wanted : 1) : cap);
    const uint32_t blocks = chunk_blocks + vertex_blocks;
    switch (layout.lanes) {
    case 1:
        pull_pass<1, Op, Slice><<<blocks, kPullBlockThreads, 0, stream>>>(in, layout, scratch, chunk_blocks, op, slice);
        break;
    case 4:
        pull_pass<4, Op, Slice><<<blocks, kPullBlockThreads, 0, stream>>>(in, layout, scratch, chunk_blocks, op, slice);
        break;
    case 8:
        pull_pass<8, Op, Slice><<<blocks, kPullBlockThreads, 0, stream>>>(in, layout, scratch, chunk_blocks, op, slice);
        break;
    case 16:
        pull_pass<16, Op, Slice><<<blocks, kPullBlockThreads, 0, stream>>>(in, layout, scratch, chunk_blocks, op, slice);
        break;
    default:
        pull_pass<32, Op, Slice><<<blocks, kPullBlockThreads, 0, stream>>>(in, layout, scratch, chunk_blocks, op, slice);
        break;
    }
    GG_CUDA_CHECK_LAUNCH("pull_pass");
}

}  // namespace gg::cuda
