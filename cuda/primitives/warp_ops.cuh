// Warp- and block-level building blocks shared by the kernels: lane ids,
// shuffles-based scans and reductions, and a block-wide sum. Every function
// whose name starts with warp_ must be called by all 32 lanes together.
#pragma once

#include <cstdint>

namespace gg::cuda {

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kWarpSize = 32;

__device__ __forceinline__ int lane_id() { return threadIdx.x & 31; }

__device__ __forceinline__ unsigned lanes_below() {
    unsigned mask;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
    return mask;
}

// Global warp index and warp count of a 1-D grid.
__device__ __forceinline__ uint32_t global_warp() { return (blockIdx.x * blockDim.x + threadIdx.x) >> 5; }
__device__ __forceinline__ uint32_t warps_in_grid() { return (gridDim.x * blockDim.x) >> 5; }

template <class T>
__device__ __forceinline__ T warp_inclusive_scan(T value) {
#pragma unroll
    for (int offset = 1; offset < 32; offset <<= 1) {
        T other = __shfl_up_sync(kFullMask, value, offset);
        if (lane_id() >= offset) value += other;
    }
    return value;
}

template <class T>
__device__ __forceinline__ T warp_sum(T value) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) value += __shfl_xor_sync(kFullMask, value, offset);
    return value;
}

// Sum over a group of `width` consecutive lanes (a power of two <= 32); every
// lane of the warp takes part, each group gets its own sum.
template <int width, class T>
__device__ __forceinline__ T group_sum(T value) {
#pragma unroll
    for (int offset = width / 2; offset > 0; offset >>= 1) value += __shfl_xor_sync(kFullMask, value, offset, width);
    return value;
}

// Sum over the whole thread block; the result is valid in thread 0. Uses 32
// words of shared memory; every thread of the block must call it.
template <class T>
__device__ __forceinline__ T block_sum(T value) {
    __shared__ T partial[32];
    value = warp_sum(value);
    const int warp = threadIdx.x >> 5;
    __syncthreads();  // a previous call may still be reading `partial`
    if (lane_id() == 0) partial[warp] = value;
    __syncthreads();
    T total = T(0);
    if (warp == 0) {
        const int warps = (blockDim.x + 31) >> 5;
        total = lane_id() < warps ? partial[lane_id()] : T(0);
        total = warp_sum(total);
    }
    return total;
}

// Sets bit `bit` of the bit array `words` for every lane that wants to,
// with one atomicOr per distinct word (the first wanting lane's, then the
// next's, ...); every lane of the warp calls it. Worth it where the lanes'
// bits are near one another (consecutive vertices): 32 bits of one word
// cost one atomic instead of 32 on the same address. Over bits in 32
// different words it costs 32 turns.
__device__ __forceinline__ void warp_set_bit(uint32_t *words, bool want, uint32_t bit) {
    unsigned pending = __ballot_sync(kFullMask, want);
    while (pending) {
        const int leader = __ffs(pending) - 1;
        const uint32_t word = __shfl_sync(kFullMask, bit >> 5, leader);
        const bool in_word = want && (bit >> 5) == word;
        uint32_t value = in_word ? 1u << (bit & 31) : 0u;
        for (int d = 16; d; d >>= 1) value |= __shfl_xor_sync(kFullMask, value, d);
        if (lane_id() == leader) atomicOr(&words[word], value);
        pending &= ~__ballot_sync(kFullMask, in_word);
    }
}

// A relaxed load that is never cached in registers across a grid barrier.
template <class T>
__device__ __forceinline__ T load_volatile(const T *p) {
    return *const_cast<const volatile T *>(p);
}

// A load of data that other blocks of the same persistent kernel may have
// written since this SM last read it: from L2 (ld.global.cg), never from the
// SM's own L1, which a grid barrier does not invalidate. Plain loads there
// returned stale labels on the H100 (SSSP distances too large).
template <class T>
__device__ __forceinline__ T load_fresh(const T *p) {
    return __ldcg(p);
}

}  // namespace gg::cuda
