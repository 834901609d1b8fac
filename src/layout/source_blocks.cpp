// The host-side rule of source_blocks.h: one pass over the CSR.
#include "layout/source_blocks.h"

#include <algorithm>
#include <vector>

#include "graph/graph.h"

namespace gg {

uint64_t peak_live_sources(const Csr &out) {
    const uint32_t n = out.n;
    // starts[v] - ends[v]: values that become live at destination v minus
    // those read for the last time there. Counts stay below 2^32 (at most n
    // values are live), so unsigned wrap-around in the differences is exact.
    // Every thread adds its sources' changes (atomically: many sources share a
    // first destination). On one thread this pass and hub_order_pays's took
    // 2.5 s at n = 2^27 (PageRank's first run on kron scale 27).
    UninitVector<uint32_t> change(uint64_t(n) + 1);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v <= int64_t(n); ++v) change[v] = 0;  // first touched by every thread
#pragma omp parallel for schedule(static)
    for (int64_t u = 0; u < int64_t(n); ++u) {
        const uint64_t begin = out.offsets[u], end = out.offsets[u + 1];
        if (end - begin < 2) continue;  // read once at most: never kept for later
        const uint32_t first = out.indices[begin], last = out.indices[end - 1];
        if (first == last) continue;
#pragma omp atomic
        ++change[first];
#pragma omp atomic
        --change[last];
    }
    // The running sum's peak, on every thread: each chunk's total, the
    // totals summed in order into each chunk's start, then each chunk's
    // running sums from its start. Modulo 2^32 throughout: every running sum
    // is a count of live values, below 2^32, so each is exact.
    constexpr uint64_t kChunk = uint64_t(1) << 20;
    const int64_t chunks = int64_t((uint64_t(n) + kChunk - 1) / kChunk);
    std::vector<uint32_t> start(size_t(chunks) + 1, 0);
#pragma omp parallel for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
        uint32_t total = 0;
        for (uint64_t v = uint64_t(c) * kChunk; v < std::min<uint64_t>(n, uint64_t(c + 1) * kChunk); ++v)
            total += change[v];
        start[size_t(c) + 1] = total;
    }
    for (int64_t c = 0; c < chunks; ++c) start[size_t(c) + 1] += start[size_t(c)];
    uint32_t peak = 0;
#pragma omp parallel for schedule(static) reduction(max : peak)
    for (int64_t c = 0; c < chunks; ++c) {
        uint32_t live = start[size_t(c)];
        for (uint64_t v = uint64_t(c) * kChunk; v < std::min<uint64_t>(n, uint64_t(c + 1) * kChunk); ++v) {
            live += change[v];
            peak = std::max(peak, live);
        }
    }
    return peak;
}

bool source_blocks_pay(uint64_t peak_live, uint64_t value_bytes, uint64_t cache_bytes) {
    return peak_live * value_bytes > cache_bytes / 2;
}

uint32_t source_block_count(uint64_t peak_live, uint64_t value_bytes, uint64_t cache_bytes) {
    const uint64_t share = std::max<uint64_t>(cache_bytes / 2, 1);
    const uint64_t needed = (peak_live * value_bytes + share - 1) / share;
    return uint32_t(std::clamp<uint64_t>(needed, 2, kMaxSourceBlocks));
}

}  // namespace gg
