// The path problems as semirings: one host/device description of what an
// edge does to a value and which of two values wins, read by the CPU's
// bucket relaxation (src/cpu/engines/path_relaxation.h), the GPU's near-far search
// (cuda/engines/near_far.cu) and the partitioned engine's exchange, whose
// combine is the semiring's "better" (src/partitioned/).
//
//   kind       value of a path           better   unreached   source
//   shortest   sum of its weights         smaller  +inf        0
//   widest     smallest weight on it      larger   0           +inf
//   hops       number of edges            smaller  UINT32_MAX  0
//
// Keys: the GPU relaxes 32-bit keys with atomicMin, so each float semiring
// also maps its values to keys whose unsigned order is "better first":
// shortest uses the float's bits (non-negative floats order as their bits),
// widest the bits subtracted from those of +inf. extend_key() is extend()
// in key space, written out so the device's inner loop stays one add or max.
#pragma once

#include <cstdint>
#include <cstring>

#include "backend/host_device.h"

namespace gg {

enum class PathKind { shortest, widest, hops };

namespace semiring_detail {

constexpr uint32_t kInfBits = 0x7f800000u;  // bits of +inf

GG_HOST_DEVICE inline uint32_t bits_of(float value) {
#ifdef __CUDA_ARCH__
    return __float_as_uint(value);
#else
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
#endif
}

GG_HOST_DEVICE inline float float_of(uint32_t bits) {
#ifdef __CUDA_ARCH__
    return __uint_as_float(bits);
#else
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
#endif
}

}  // namespace semiring_detail

template <PathKind kind>
struct PathSemiring;

// (min, +): shortest distances.
template <>
struct PathSemiring<PathKind::shortest> {
    using Value = float;
    static constexpr bool smaller_is_better = true;
    GG_HOST_DEVICE static float unreached() { return semiring_detail::float_of(semiring_detail::kInfBits); }
    GG_HOST_DEVICE static float at_source() { return 0.0f; }
    GG_HOST_DEVICE static float extend(float value, float weight) { return value + weight; }
    GG_HOST_DEVICE static bool better(float a, float b) { return a < b; }

    static constexpr uint32_t kUnreachedKey = semiring_detail::kInfBits;
    GG_HOST_DEVICE static uint32_t key_of(float value) { return semiring_detail::bits_of(value); }
    GG_HOST_DEVICE static float value_of(uint32_t key) { return semiring_detail::float_of(key); }
    GG_HOST_DEVICE static uint32_t extend_key(uint32_t key, float weight) {
        return key_of(value_of(key) + weight);
    }
};

// (max, min): widest paths (the width of a path is its smallest weight).
template <>
struct PathSemiring<PathKind::widest> {
    using Value = float;
    static constexpr bool smaller_is_better = false;
    GG_HOST_DEVICE static float unreached() { return 0.0f; }
    GG_HOST_DEVICE static float at_source() { return semiring_detail::float_of(semiring_detail::kInfBits); }
    GG_HOST_DEVICE static float extend(float value, float weight) { return weight < value ? weight : value; }
    GG_HOST_DEVICE static bool better(float a, float b) { return a > b; }

    static constexpr uint32_t kUnreachedKey = semiring_detail::kInfBits;
    // A width <= 0 never beats "unreached", so it maps to the unreached key.
    GG_HOST_DEVICE static uint32_t key_of(float value) {
        return value > 0.0f ? semiring_detail::kInfBits - semiring_detail::bits_of(value) : kUnreachedKey;
    }
    GG_HOST_DEVICE static float value_of(uint32_t key) {
        return semiring_detail::float_of(semiring_detail::kInfBits - key);
    }
    GG_HOST_DEVICE static uint32_t extend_key(uint32_t key, float weight) {
        if (!(weight > 0.0f)) return kUnreachedKey;
        const uint32_t edge_key = semiring_detail::kInfBits - semiring_detail::bits_of(weight);
        return key > edge_key ? key : edge_key;  // the narrower of path and edge
    }
};

// (min, +1): BFS depths as a path problem (weights ignored).
template <>
struct PathSemiring<PathKind::hops> {
    using Value = uint32_t;
    static constexpr bool smaller_is_better = true;
    GG_HOST_DEVICE static uint32_t unreached() { return UINT32_MAX; }
    GG_HOST_DEVICE static uint32_t at_source() { return 0; }
    GG_HOST_DEVICE static uint32_t extend(uint32_t value, float) { return value + 1; }
    GG_HOST_DEVICE static bool better(uint32_t a, uint32_t b) { return a < b; }

    // Keys are the depths, with the unreached key of the float kinds, so
    // that one search (cuda/engines/near_far.cu) tells all three apart from
    // "unreached" alike; depths stay far below it.
    static constexpr uint32_t kUnreachedKey = semiring_detail::kInfBits;
    GG_HOST_DEVICE static uint32_t key_of(uint32_t depth) { return depth < kUnreachedKey ? depth : kUnreachedKey; }
    GG_HOST_DEVICE static uint32_t value_of(uint32_t key) { return key < kUnreachedKey ? key : UINT32_MAX; }
    GG_HOST_DEVICE static uint32_t extend_key(uint32_t key, float) { return key + 1; }
};

}  // namespace gg
