// A radix heap (Ahuja, Mehlhorn, Orlin, Tarjan, "Faster algorithms for the
// shortest path problem", J. ACM 37(2), 1990): a monotone priority queue
// for Dijkstra, where every key pushed is at least the last key popped.
// Item keys are kept in 33 buckets by the highest bit in which they differ
// from the last popped key; popping from an empty bucket 0 redistributes the
// smallest non-empty bucket around its minimum. Each item moves down at most
// 32 times, and the buckets are plain vectors scanned in order, which is why
// this beats a binary heap (log n comparisons with scattered accesses) on the
// large, shallow heaps of APSP on hub-heavy graphs.
//
// Keys are non-negative floats compared through their bit patterns: for
// +0 <= a <= b <= +inf, bits(a) <= bits(b) as unsigned integers. (Distances
// start at +0 and only grow by non-negative weights, so -0 never appears.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace gg::cpu {

class RadixHeap {
public:
    static uint32_t key_of(float distance) {
        uint32_t bits;
        std::memcpy(&bits, &distance, sizeof bits);
        return bits;
    }
    static float distance_of(uint32_t key) {
        float distance;
        std::memcpy(&distance, &key, sizeof distance);
        return distance;
    }

    bool empty() const { return size_ == 0; }

    void clear() {
        for (auto &bucket : buckets_) bucket.clear();
        size_ = 0;
        last_ = 0;
    }

    // `key` must be >= the last popped key.
    void push(uint32_t key, uint32_t vertex) {
        buckets_[bucket_of(key)].push_back({key, vertex});
        ++size_;
    }

    // Removes an item of the smallest key; returns (key, vertex).
    std::pair<uint32_t, uint32_t> pop() {
        if (buckets_[0].empty()) {
            size_t i = 1;
            while (buckets_[i].empty()) ++i;
            std::vector<Item> &from = buckets_[i];
            last_ = std::min_element(from.begin(), from.end())->first;
            for (const Item &item : from) buckets_[bucket_of(item.first)].push_back(item);
            from.clear();
        }
        Item top = buckets_[0].back();
        buckets_[0].pop_back();
        --size_;
        return top;
    }

private:
    using Item = std::pair<uint32_t, uint32_t>;
    size_t bucket_of(uint32_t key) const { return key == last_ ? 0 : size_t(32 - __builtin_clz(key ^ last_)); }

    std::vector<Item> buckets_[33];
    uint32_t last_ = 0;
    size_t size_ = 0;
};

}  // namespace gg::cpu
