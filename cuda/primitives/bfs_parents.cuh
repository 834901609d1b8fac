// BFS parents from finished depths: the engines that relax depths in any
// order (CuSha's, Tigr's) do not know which in-neighbour settled a vertex
// last, so the parents are found afterwards: for each reached vertex of
// depth d > 0, its first in-neighbour of depth d - 1 (design.md: any parent
// one level up is valid). The source is its own parent; unreached vertices
// get UINT32_MAX. One warp per vertex, so that a hub's in-list is scanned
// 32 entries at a time and the warp stops at the first match.
#pragma once

#include <cstdint>

#include "layouts/device_csr.cuh"
#include "primitives/warp_ops.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

__global__ void parents_from_depths(DeviceCsr in, const uint32_t *depth, uint32_t source, uint32_t *parent) {
    const uint64_t warps = (uint64_t(gridDim.x) * blockDim.x) >> 5;
    for (uint64_t v = (blockIdx.x * uint64_t(blockDim.x) + threadIdx.x) >> 5; v < in.n; v += warps) {
        const uint32_t d = depth[v];
        uint32_t found = UINT32_MAX;
        if (v == source) {
            found = source;
        } else if (d != UINT32_MAX && d > 0) {
            const uint64_t end = in.offsets[v + 1];
            for (uint64_t base = in.offsets[v]; base < end && found == UINT32_MAX; base += 32) {
                const uint64_t e = base + lane_id();
                const uint32_t u = e < end ? in.indices[e] : UINT32_MAX;
                const bool one_up = u != UINT32_MAX && depth[u] == d - 1;
                const unsigned hits = __ballot_sync(kFullMask, one_up);
                if (hits) found = __shfl_sync(kFullMask, u, __ffs(hits) - 1);
            }
        }
        if (lane_id() == 0) parent[v] = found;
    }
}

inline void launch_parents_from_depths(const DeviceCsr &in, const uint32_t *depth, uint32_t source, uint32_t *parent,
                                       const DeviceInfo &info, cudaStream_t stream) {
    const uint64_t threads = uint64_t(in.n) * 32;
    parents_from_depths<<<grid_stride_blocks(threads > 0 ? threads : 1, 256, info), 256, 0, stream>>>(in, depth, source,
                                                                                                     parent);
    GG_CUDA_CHECK_LAUNCH("parents_from_depths");
}

}  // namespace gg::cuda
