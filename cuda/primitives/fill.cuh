// Fills a device array with one value (cudaMemset can only repeat a byte).
#pragma once

#include <cstdint>

#include "runtime/runtime.cuh"

namespace gg::cuda {

template <class T>
__global__ void fill_kernel(T *data, T value, uint64_t count) {
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count; i += uint64_t(gridDim.x) * blockDim.x)
        data[i] = value;
}

template <class T>
void fill(T *data, T value, uint64_t count, cudaStream_t stream) {
    if (count == 0) return;
    const uint64_t blocks = (count + 255) / 256;
    fill_kernel<T><<<unsigned(blocks < 8192 ? blocks : 8192), 256, 0, stream>>>(data, value, count);
    GG_CUDA_CHECK_LAUNCH("fill_kernel");
}

}  // namespace gg::cuda
