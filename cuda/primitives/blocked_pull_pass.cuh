// A pull pass in source blocks (source_blocks.cuh), one pass per block: the
// first sums each vertex's in-edges from the first block into partial[v],
// each middle one adds those of its block to partial[v], and the last adds
// its own and hands the op the total. Any op of pull_pass.cuh runs
// unchanged: the first and middle passes only borrow its proceed() and
// load(), the last adds the partial sum before its finish(). The sums are
// formed in the same order on every run (block by block, in id order), so
// the blocked pass repeats its bits from run to run.
#pragma once

#include "layouts/device_csr.cuh"
#include "primitives/pull_pass.cuh"
#include "layouts/source_blocks.cuh"

namespace gg::cuda {

template <class Op>
struct FirstBlockPass {
    using Acc = typename Op::Acc;
    Op op;
    Acc *partial;

    __device__ bool proceed() { return op.proceed(); }
    struct Context {};
    __device__ Context before(uint32_t) const { return Context{}; }
    __device__ Acc load(uint32_t u, uint64_t e) const { return op.load(u, e); }
    __device__ void finish(uint32_t v, Acc sum, const Context &) const { partial[v] = sum; }
    __device__ void flush() const {}
};

template <class Op>
struct MiddleBlockPass {
    using Acc = typename Op::Acc;
    Op op;
    Acc *partial;

    __device__ bool proceed() { return op.proceed(); }
    struct Context {
        Acc partial;
    };
    __device__ Context before(uint32_t v) const { return Context{partial[v]}; }
    __device__ Acc load(uint32_t u, uint64_t e) const { return op.load(u, e); }
    __device__ void finish(uint32_t v, Acc sum, const Context &c) const { partial[v] = c.partial + sum; }
    __device__ void flush() const {}
};

template <class Op>
struct LastBlockPass {
    using Acc = typename Op::Acc;
    Op op;
    const Acc *partial;

    __device__ bool proceed() { return op.proceed(); }
    struct Context {
        typename Op::Context of_op;
        Acc partial;
    };
    // The partial sum is loaded with the op's own context, before the edges.
    __device__ Context before(uint32_t v) const { return Context{op.before(v), partial[v]}; }
    __device__ Acc load(uint32_t u, uint64_t e) const { return op.load(u, e); }
    __device__ void finish(uint32_t v, Acc sum, const Context &c) { op.finish(v, c.partial + sum, c.of_op); }
    __device__ void flush() { op.flush(); }
};

// cut[v] = the first in-edge of v whose source is at least `boundary`, for
// the CSC `in`, whose lists are sorted (one call per boundary between blocks).
void find_source_cuts(const DeviceCsr &in, uint32_t boundary, uint64_t *cut, const DeviceInfo &info,
                      cudaStream_t stream);

// One pull pass of `op` over `in`, block by block; partial holds n sums.
// Every pass takes the layout of the whole lists, group width included:
// on urand (scale 22, lists of 32, two blocks) groups of 16 lanes for half
// lists of 16 took 1.39 ms per iteration, groups of 8 1.42, 4 1.60, 32 1.90.
template <class Op>
void launch_blocked_pull_pass(const DeviceCsr &in, const PullLayout &layout, const SourceBlocks &blocks,
                              HubScratch<typename Op::Acc> scratch, const DeviceInfo &info, const Op &op,
                              typename Op::Acc *partial, cudaStream_t stream) {
    const uint32_t last = blocks.count - 1;
    // Block b's slice of v's list: [cut of b, cut of b + 1), the list's ends outside.
    auto cut = [&](uint32_t b) { return blocks.cuts + uint64_t(b - 1) * in.n; };
    launch_pull_pass(in, layout, scratch, info, FirstBlockPass<Op>{op, partial}, stream,
                     ListSlices{in.offsets, cut(1)});
    for (uint32_t b = 1; b < last; ++b)
        launch_pull_pass(in, layout, scratch, info, MiddleBlockPass<Op>{op, partial}, stream,
                         ListSlices{cut(b), cut(b + 1)});
    launch_pull_pass(in, layout, scratch, info, LastBlockPass<Op>{op, partial}, stream,
                     ListSlices{cut(last), in.offsets + 1});
}

}  // namespace gg::cuda
