// A pull pass over Tigr's virtual split of the in-edges (virtual_split.cuh;
// 001_e12cff375407a15a.txt §4.3, pull-based programming over virtual nodes):
// the same operator interface as pull_pass.cuh, so PageRank's and SpMV's
// steps run unchanged over this layout.
//
// A thread takes a virtual node and sums op.load over its strided in-edges
// (edge-array coalescing). A family of one finishes its vertex at once; a
// larger family adds its partial sums into a scratch slot (indexed by the
// family's first virtual node) and the last arrival finishes the vertex with
// the total, as the hub chunks of pull_pass.cuh do: the vertex function is a
// sum, associative, so the family's partial sums give the original vertex's
// value (Tigr's Theorem 2). Every vertex has at least one virtual node, so
// every vertex is finished exactly once.
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
    for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < in.num_virtual;
         t += gridDim.x * uint64_t(blockDim.x)) {
        const uint32_t node = uint32_t(t);
        const uint32_t v = in.virtual_vertex[node];
        const uint32_t first = in.first_virtual[v];
        const uint32_t family = in.first_virtual[v + 1] - first;
        const uint64_t end = in.edges.offsets[v + 1];
        Acc sum = Acc(0);
        for (uint64_t e = in.edges.offsets[v] + (node - first); e < end; e += family)
            sum += op.load(__ldcs(in.edges.indices + e), e);
        if (family == 1) {
            op.finish(v, sum, op.before(v));
            continue;
        }
        add_piece(scratch, first, family, v, sum, op);
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
