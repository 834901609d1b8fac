// Counter-based random streams for the generators.
//
// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014): the state is a 64-bit counter advanced by an odd
// constant, and each output is the counter passed through a 64-bit finalizer.
// Every generator block opens its own stream keyed by (seed, generator tag,
// block index), so an edge's value depends on those three numbers only: the
// output is the same on every machine and for every thread count.
#pragma once

#include <cstdint>

namespace gg {
namespace gen {

// The SplitMix64 finalizer: a bijective 64-bit mix with good avalanche.
inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

class RandomStream {
public:
    explicit RandomStream(uint64_t state) : state_(state) {}

    uint64_t next() {
        state_ += kGoldenGamma;
        return mix64(state_);
    }

    // Uniform in [0, bound), bound >= 1, by Lemire's multiply-high; the bias
    // is below bound / 2^64, far under anything a graph could show.
    uint64_t below(uint64_t bound) { return uint64_t((unsigned __int128)next() * bound >> 64); }

    // The top `bits` bits of one draw: uniform in [0, 2^bits), 1 <= bits <= 63.
    uint64_t top_bits(unsigned bits) { return next() >> (64 - bits); }

    // Moves past `draws` draws in O(1): the state is a counter.
    void skip(uint64_t draws) { state_ += draws * kGoldenGamma; }

    // The draw k places ahead of the stream at `state` (k = 0: what next()
    // returns), for loops that compute many streams' draws side by side.
    static uint64_t draw_at(uint64_t state, uint64_t k) { return mix64(state + (k + 1) * kGoldenGamma); }
    uint64_t state() const { return state_; }

private:
    static constexpr uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;
    uint64_t state_;
};

// Tags keep the streams of different generators (and of the vertex
// permutation) apart even under the same seed.
enum class StreamTag : uint64_t {
    kron_edges = 0x6b726f6e65646765ULL,
    kron_permutation = 0x6b726f6e7065726dULL,
    urand_edges = 0x7572616e64656467ULL,
    grid_weights = 0x6772696477656967ULL,
};

// The stream of block `block` of the generator tagged `tag` under `seed`.
inline RandomStream block_stream(uint64_t seed, StreamTag tag, uint64_t block) {
    return RandomStream(mix64(mix64(seed ^ uint64_t(tag)) + mix64(block + 1)));
}

}  // namespace gen
}  // namespace gg
