// Builds the hub split of pull_layout.h from a CSC on the host: one pass
// over the offsets.
#include "layout/pull_layout.h"

#include <algorithm>

#include "core/error.h"
#include "graph/graph.h"

namespace gg {

PullLayoutHost build_pull_layout(const Csr &csc, uint32_t first, uint32_t count) {
    PullLayoutHost layout;
    first = std::min(first, csc.n);
    const uint32_t n = std::min(count, csc.n - first);
    const uint64_t *offsets = csc.offsets.data() + first;
    const uint64_t m = n ? offsets[n] - offsets[0] : 0;
    const double average = n ? double(m) / n : 0.0;
    // The group is the power of two nearest half the average degree: the
    // typical list takes two coalesced rounds, whose loads are in flight
    // together, and a warp sums several lists at once. On the H100, a group of
    // 32 per vertex left the pass bound by the latency of its dependent loads
    // (1.34 ms per iteration on kron and urand, scale 22); groups of 8 and 4
    // were slower than 16 there (urand 1.83 and 2.19 ms against 1.69).
    //
    // Short lists (average degree at most 6) get a thread each: then no
    // lane waits on a shuffle or idles while its group's first lane writes
    // the result, and a warp's writes are 32 consecutive values. On the
    // 2048 x 2048 grid (degree 4) PageRank took 0.093 ms per iteration
    // against 0.114 with groups of 2.
    uint32_t lanes = 1;
    if (average > 6.0)
        for (lanes = 4; lanes < 32 && lanes * 3 < average;) lanes *= 2;
    layout.lanes = lanes;
    // A group may take up to 32 rounds before its vertex counts as a hub; a
    // hub chunk gives each thread of a block 8 edges.
    layout.hub_threshold = std::max<uint32_t>(32 * lanes, 512);
    layout.chunk_edges = 8 * 256;
    layout.hub_first_chunk.push_back(0);
    uint64_t chunks = 0;
    for (uint32_t v = 0; v < n; ++v) {
        const uint64_t degree = offsets[v + 1] - offsets[v];
        if (degree <= layout.hub_threshold) continue;
        const uint64_t pieces = (degree + layout.chunk_edges - 1) / layout.chunk_edges;
        if (chunks + pieces > UINT32_MAX)
            fail(GG_ERROR_TOO_LARGE, "the pull layout needs more than 2^32 hub chunks (%llu edges)",
                 (unsigned long long)m);
        const uint32_t hub = uint32_t(layout.hub_vertex.size());
        layout.hub_vertex.push_back(v);
        for (uint64_t p = 0; p < pieces; ++p) layout.chunk_hub.push_back(hub);
        chunks += pieces;
        layout.hub_first_chunk.push_back(uint32_t(chunks));
    }
    return layout;
}

}  // namespace gg
