// A least-significant-digit radix sort of one list, for the host builds
// that sort many lists each on its own thread: a hub's list of millions of
// ids took std::sort about 20 compares an item, each a branch it could not
// predict, where this takes a few streaming passes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace gg {

// Sorts items[0, count) by key(item), an unsigned integer below 2^key_bits,
// keeping the order of items with equal keys. As few passes as 11-bit digits
// need, the digits then narrowed to share the bits evenly; `scratch` is the
// caller's buffer, reused across calls.
template <class T, class Key>
void radix_sort(T *items, uint64_t count, std::vector<T> &scratch, unsigned key_bits, Key key) {
    if (count < 2 || key_bits == 0) return;
    const unsigned passes = (key_bits + 10) / 11, digit_bits = (key_bits + passes - 1) / passes;
    const uint64_t buckets = uint64_t(1) << digit_bits, mask = buckets - 1;
    std::vector<uint64_t> start(buckets);
    scratch.resize(count);
    T *from = items, *to = scratch.data();
    for (unsigned pass = 0; pass < passes; ++pass) {
        const unsigned shift = pass * digit_bits;
        std::fill(start.begin(), start.end(), 0);
        for (uint64_t i = 0; i < count; ++i) ++start[(uint64_t(key(from[i])) >> shift) & mask];
        uint64_t sum = 0;
        for (uint64_t &bucket : start) {
            const uint64_t size = bucket;
            bucket = sum;
            sum += size;
        }
        for (uint64_t i = 0; i < count; ++i) to[start[(uint64_t(key(from[i])) >> shift) & mask]++] = from[i];
        std::swap(from, to);
    }
    if (from != items) std::memcpy(items, from, count * sizeof(T));
}

// The bits a key below `bound` needs (bound >= 1).
inline unsigned bits_below(uint64_t bound) { return bound <= 1 ? 0 : unsigned(64 - __builtin_clzll(bound - 1)); }

}  // namespace gg
