// layout=auto's cost model (see auto_layout.h).
#include "layout/auto_layout.h"

#include "layout/cusha/shards.h"
#include "layout/source_blocks.h"

namespace gg {

namespace {

// A gather of a 4-byte x(u) moves a 32-byte sector; measured, the float
// gathers of SpMV missed as PageRank's 8-byte ones do at the same live set
// (urand and R-MAT a 0.45 scale 22: 16 MB of x, a third of the H100's L2,
// yet G-Shards 1.25x faster than the pull). So locality is judged at 8
// bytes a value for both.
constexpr uint64_t kGatherBytes = 8;

uint64_t window_count(uint32_t n, uint64_t m) {
    const uint64_t per_shard = cusha_vertices_per_shard(n, m, ShardOptions{});
    const uint64_t shards = per_shard == 0 ? 0 : (uint64_t(n) + per_shard - 1) / per_shard;
    return shards * shards + 1;
}

}  // namespace

uint64_t estimated_gshards_device_bytes(uint32_t n, uint64_t m) {
    // SrcIndex, DestIndex, EdgeValue, SrcValue per entry; window and shard offsets.
    return m * 16 + window_count(n, m) * 8 + uint64_t(n) * 8;
}

uint64_t estimated_shards_host_bytes(uint32_t n, uint64_t m) {
    // G-Shards (12 per entry) and CW (12 per entry) with the offsets, and the
    // builder's counting arrays.
    return m * 24 + window_count(n, m) * 8 + uint64_t(n) * 16;
}

AutoLayoutChoice choose_auto_layout(AutoKernel kernel, const AutoLayoutFacts &facts) {
    AutoLayoutChoice choice;
    if (kernel == AutoKernel::traversal) {
        choice.why = "CSR: gg's CSR kernels were the fastest layout for traversals on every graph measured";
        return choice;
    }
    if (facts.hub_order_pays) {
        choice.why = "CSR: hubs carry most edges, and the hub-ordered pull keeps their values in cache";
        return choice;
    }
    const bool gathers_miss = source_blocks_pay(facts.peak_live_sources, kGatherBytes, facts.cache_bytes);
    if (!gathers_miss) {
        choice.why = "CSR: the values a pull gathers stay in the L2";
        return choice;
    }
    if (kernel == AutoKernel::pagerank) {
        choice.layout = GG_LAYOUT_TOCAB;
        choice.why = "TOCAB: the gathered values overflow half the L2, two source blocks fit it";
        return choice;
    }
    // SpMV. The shards cost a host build (about 6 ns an edge on 16 cores)
    // and three times CSR's device bytes, once per graph: taken only where
    // both fit with room to spare, since the run must not fail where CSR
    // would have run.
    const bool fits = estimated_gshards_device_bytes(facts.n, facts.m) <= facts.free_device_bytes / 2 &&
                      estimated_shards_host_bytes(facts.n, facts.m) <= facts.free_host_bytes / 2;
    if (fits) {
        choice.layout = GG_LAYOUT_GSHARDS;
        choice.why = "G-Shards: the gathers miss the L2, and the shards stream each source's value in order";
        return choice;
    }
    // x is 4 bytes a value: TOCAB's blocks pay only where x itself overflows.
    if (source_blocks_pay(facts.peak_live_sources, sizeof(float), facts.cache_bytes)) {
        choice.layout = GG_LAYOUT_TOCAB;
        choice.why = "TOCAB: the shards do not fit, and x overflows half the L2";
        return choice;
    }
    choice.why = "CSR: the shards do not fit beside what the device holds";
    return choice;
}

}  // namespace gg
