// A shared vertex queue filled concurrently through per-thread buffers, after
// the sliding queue of the GAP Benchmark Suite (Beamer, Asanovic, Patterson,
// arXiv:1508.03619, "reference implementation"): threads append into a small
// private buffer and publish it with one atomic fetch_add, so the shared
// counter is touched once per buffer instead of once per vertex.
//
// Levels are windows of one array: [window_begin, window_end) is the current
// frontier; vertices pushed during a level land after window_end and become
// the next window at slide(). Capacity must bound the total pushes over all
// levels (n for a traversal that pushes each vertex at most once).
//
// The array is left uninitialised, as GAP's is: only pushed slots are read,
// and a zeroed vector of n entries cost a serial pass over 4n bytes (and
// every page fault of it on one thread) inside each timed search; left
// alone, its pages are faulted in by the threads that push into them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "cpu/primitives/atomics.h"

namespace gg::cpu {

class FrontierQueue {
public:
    explicit FrontierQueue(uint64_t capacity) : items_(new uint32_t[std::max<uint64_t>(capacity, 1)]) {}

    void push_single(uint32_t v) { items_[tail_++] = v; }

    // Makes everything pushed since the last slide the current window.
    void slide() {
        window_begin_ = window_end_;
        window_end_ = tail_;
    }
    bool window_empty() const { return window_begin_ == window_end_; }
    uint64_t window_size() const { return window_end_ - window_begin_; }
    const uint32_t *window_begin() const { return items_.get() + window_begin_; }
    const uint32_t *window_end() const { return items_.get() + window_end_; }

    // Everything pushed since the last reset, in push order (all windows).
    const uint32_t *items() const { return items_.get(); }
    uint64_t pushed() const { return tail_; }

    // Forgets every window and pushed vertex.
    void reset() { tail_ = window_begin_ = window_end_ = 0; }

    // A thread's private staging area; flush() publishes it. Flushes on destruction.
    class Buffer {
    public:
        explicit Buffer(FrontierQueue &queue) : queue_(queue) {}
        ~Buffer() { flush(); }
        Buffer(const Buffer &) = delete;
        Buffer &operator=(const Buffer &) = delete;

        void push(uint32_t v) {
            if (size_ == kCapacity) flush();
            local_[size_++] = v;
        }
        void flush() {
            if (size_ == 0) return;
            uint64_t at = fetch_add(&queue_.tail_, uint64_t(size_));
            std::copy(local_, local_ + size_, queue_.items_.get() + at);
            size_ = 0;
        }

    private:
        static constexpr uint32_t kCapacity = 1024;
        FrontierQueue &queue_;
        uint32_t local_[kCapacity];
        uint32_t size_ = 0;
    };

private:
    std::unique_ptr<uint32_t[]> items_;  // uninitialised (above)
    uint64_t tail_ = 0;
    uint64_t window_begin_ = 0;
    uint64_t window_end_ = 0;
};

}  // namespace gg::cpu
