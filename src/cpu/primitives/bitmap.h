// A set of vertex ids as one bit per vertex, in 64-bit words. Used by the
// bottom-up step of direction-optimizing BFS (Beamer et al., SC'12): the
// frontier as a bitmap makes "is my parent candidate in the frontier?" one
// cached bit test instead of a search through a queue.
#pragma once

#include <cstdint>
#include <vector>

namespace gg::cpu {

class Bitmap {
public:
    explicit Bitmap(uint64_t size) : size_(size), words_((size + 63) / 64, 0) {}

    uint64_t size() const { return size_; }

    // Parallel clear; call from inside an OpenMP parallel region (it is a work-shared loop).
    void clear_in_team() {
#pragma omp for schedule(static)
        for (int64_t w = 0; w < int64_t(words_.size()); ++w) words_[w] = 0;
    }

    void clear() {
        for (auto &w : words_) w = 0;
    }

    bool test(uint64_t i) const { return (words_[i >> 6] >> (i & 63)) & 1; }

    // Safe when several threads set bits of the same word.
    void set_atomic(uint64_t i) { __atomic_fetch_or(&words_[i >> 6], uint64_t(1) << (i & 63), __ATOMIC_RELAXED); }
    // Word w (bits 64w .. 64w + 63) at once, by the one thread that owns it.
    uint64_t num_words() const { return words_.size(); }
    uint64_t word(uint64_t w) const { return words_[w]; }
    void set_word(uint64_t w, uint64_t bits) { words_[w] = bits; }

    void swap(Bitmap &other) {
        words_.swap(other.words_);
        std::swap(size_, other.size_);
    }

private:
    uint64_t size_;
    std::vector<uint64_t> words_;
};

}  // namespace gg::cpu
