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
    std::vector<uint32_t> change(uint64_t(n) + 1, 0);
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
    uint32_t live = 0, peak = 0;
    for (uint32_t v = 0; v < n; ++v) {
        live += change[v];
        peak = std::max(peak, live);
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
