#include "io/ggb/checksum.h"

#include <cstring>

namespace gg::io {
namespace {

// Odd 64-bit constants with well-mixed bits (the golden ratio and the
// SplitMix64 finaliser multipliers).
constexpr uint64_t kMulA = 0x9E3779B97F4A7C15ull;
constexpr uint64_t kMulB = 0xBF58476D1CE4E5B9ull;
constexpr uint64_t kMulC = 0x94D049BB133111EBull;

inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

// One load on little-endian hosts (GCC 12 at -O2 kept the byte loop, which
// held the hash to about 2 GB/s, the bound of loading a .ggb).
inline uint64_t load_le64(const unsigned char *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
#else
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
#endif
}

inline uint64_t mix_word(uint64_t lane, uint64_t word) { return rotl(lane + word * kMulB, 31) * kMulA; }

inline uint64_t avalanche(uint64_t h) {
    h ^= h >> 30;
    h *= kMulB;
    h ^= h >> 27;
    h *= kMulC;
    h ^= h >> 31;
    return h;
}

}  // namespace

Checksum::Checksum() {
    lanes_[0] = kMulA + kMulB;
    lanes_[1] = kMulB;
    lanes_[2] = 0;
    lanes_[3] = 0 - kMulA;
}

void Checksum::consume_stripe(const unsigned char *stripe) {
    lanes_[0] = mix_word(lanes_[0], load_le64(stripe));
    lanes_[1] = mix_word(lanes_[1], load_le64(stripe + 8));
    lanes_[2] = mix_word(lanes_[2], load_le64(stripe + 16));
    lanes_[3] = mix_word(lanes_[3], load_le64(stripe + 24));
}

void Checksum::update(const void *data, size_t n) {
    const unsigned char *p = static_cast<const unsigned char *>(data);
    total_ += n;
    if (pending_size_ > 0) {
        size_t take = 32 - pending_size_ < n ? 32 - pending_size_ : n;
        std::memcpy(pending_ + pending_size_, p, take);
        pending_size_ += take;
        p += take;
        n -= take;
        if (pending_size_ < 32) return;
        consume_stripe(pending_);
        pending_size_ = 0;
    }
    // The lanes stay in registers over the bulk (four independent chains).
    uint64_t a = lanes_[0], b = lanes_[1], c = lanes_[2], d = lanes_[3];
    for (; n >= 32; p += 32, n -= 32) {
        a = mix_word(a, load_le64(p));
        b = mix_word(b, load_le64(p + 8));
        c = mix_word(c, load_le64(p + 16));
        d = mix_word(d, load_le64(p + 24));
    }
    lanes_[0] = a;
    lanes_[1] = b;
    lanes_[2] = c;
    lanes_[3] = d;
    std::memcpy(pending_, p, n);
    pending_size_ = n;
}

uint64_t Checksum::digest() const {
    uint64_t h = rotl(lanes_[0], 1) + rotl(lanes_[1], 7) + rotl(lanes_[2], 12) + rotl(lanes_[3], 18);
    for (uint64_t lane : lanes_) h = (h ^ mix_word(0, lane)) * kMulA + kMulC;
    h += total_;
    // The tail: whole words, then single bytes, each mixed in order.
    size_t i = 0;
    for (; i + 8 <= pending_size_; i += 8) h = rotl(h ^ mix_word(0, load_le64(pending_ + i)), 27) * kMulA + kMulC;
    for (; i < pending_size_; ++i) h = rotl(h ^ (uint64_t(pending_[i]) * kMulC), 11) * kMulA;
    return avalanche(h);
}

}  // namespace gg::io
