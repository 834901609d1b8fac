// The device side of source_blocks.cuh: where each in-list crosses the
// boundary between the two source blocks, by binary search (lists sorted).
#include "primitives/blocked_pull_pass.cuh"

namespace gg::cuda {

namespace {

__global__ void cut_lists(DeviceCsr in, uint32_t boundary, uint64_t *cut) {
    const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < in.n; v += stride) {
        uint64_t low = in.offsets[v], high = in.offsets[v + 1];
        while (low < high) {
            const uint64_t middle = low + (high - low) / 2;
            if (in.indices[middle] < boundary)
                low = middle + 1;
            else
                high = middle;
        }
        cut[v] = low;
    }
}

}  // namespace

void find_source_cuts(const DeviceCsr &in, uint32_t boundary, uint64_t *cut, const DeviceInfo &info,
                      cudaStream_t stream) {
    cut_lists<<<grid_stride_blocks(in.n, 256, info), 256, 0, stream>>>(in, boundary, cut);
    GG_CUDA_CHECK_LAUNCH("cut_lists");
}

}  // namespace gg::cuda
