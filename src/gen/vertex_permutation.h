// A seeded permutation of the ids [0, 2^bits), computed per id in O(1).
//
// R-MAT puts its hubs at ids with many zero bits (vertex 0 is the largest),
// so Graph500 and GAP relabel vertices by a random permutation. GAP shuffles
// an array; Graph500's reference code scrambles ids with a bijective hash.
// gg does the latter: nothing to store, nothing serial, and the same result
// for any thread count. Each round applies three bijections of bits-bit
// integers: multiply by an odd key and add a key (both mod 2^bits: every bit
// then depends on the bits below it), and x ^= x >> shift (every bit then
// depends on the bits above it). Three rounds mix every bit into every other.
#pragma once

#include <cstdint>

#include "gen/random.h"

namespace gg {
namespace gen {

class VertexPermutation {
public:
    VertexPermutation(unsigned bits, uint64_t seed)
        : mask_(bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1), shift_((bits + 1) / 2) {
        RandomStream keys = block_stream(seed, StreamTag::kron_permutation, 0);
        for (int r = 0; r < kRounds; ++r) {
            multiplier_[r] = keys.next() | 1;  // odd, hence invertible mod 2^bits
            addend_[r] = keys.next();
        }
    }

    uint64_t operator()(uint64_t id) const {
        uint64_t x = id;
        for (int r = 0; r < kRounds; ++r) {
            x = (x * multiplier_[r] + addend_[r]) & mask_;
            x ^= x >> shift_;
        }
        return x;
    }

private:
    static constexpr int kRounds = 3;
    uint64_t mask_;
    unsigned shift_;
    uint64_t multiplier_[kRounds];
    uint64_t addend_[kRounds];
};

}  // namespace gen
}  // namespace gg
