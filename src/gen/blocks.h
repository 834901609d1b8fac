// Runs a generator over a range of its edges in fixed-size blocks, in parallel.
//
// Block b covers edges [b * kEdgesPerBlock, (b + 1) * kEdgesPerBlock) and draws
// from its own stream (random.h), so which thread runs a block changes
// nothing in the output. Every edge of a generator takes the same number of
// draws, so a range that starts inside a block skips to its first edge's
// draws in O(1): a process generating its share of the edges gets exactly
// the entries of the full list. Also the uniform integer weights every
// generator shares, and the buffers a generator fills block by block for
// its sink (kinds.h).
#pragma once

#include <cstdint>
#include <vector>

#include "gg.h"
#include "gen/kinds.h"
#include "gen/random.h"
#include "graph/builder.h"

namespace gg {
namespace gen {

constexpr uint64_t kEdgesPerBlock = uint64_t(1) << 16;

// Integer weights in [min, max] stored as floats (exact: max < 2^24).
class WeightDraw {
public:
    explicit WeightDraw(const gg_generator_options &o)
        : min_(o.weight_min), span_(uint64_t(o.weight_max) - o.weight_min + 1) {}
    float operator()(RandomStream &rng) const { return from_draw(rng.next()); }
    // The weight a draw gives (RandomStream::below's multiply-high).
    float from_draw(uint64_t draw) const { return float(min_ + uint64_t((unsigned __int128)draw * span_ >> 64)); }
    static constexpr uint64_t kDraws = 1;  // draws per weight

private:
    uint64_t min_;
    uint64_t span_;
};

// Calls body(rng, lo, hi) once for each block's part [lo, hi) of the edges
// [begin, end), in parallel, with rng at the first draw of edge lo: each edge
// takes draws_per_edge draws of its block's stream.
template <class Body>
void for_each_block(uint64_t begin, uint64_t end, uint64_t draws_per_edge, uint64_t seed, StreamTag tag, Body &&body) {
    if (begin >= end) return;
    const uint64_t first_block = begin / kEdgesPerBlock;
    const int64_t blocks = int64_t((end - 1) / kEdgesPerBlock - first_block + 1);
#pragma omp parallel for schedule(dynamic, 4)
    for (int64_t i = 0; i < blocks; ++i) {
        const uint64_t b = first_block + uint64_t(i), start = b * kEdgesPerBlock;
        const uint64_t lo = begin > start ? begin : start;
        const uint64_t hi = end < start + kEdgesPerBlock ? end : start + kEdgesPerBlock;
        RandomStream rng = block_stream(seed, tag, b);
        rng.skip((lo - start) * draws_per_edge);
        body(rng, lo, hi);
    }
}

// for_each_block, each block's edges written by fill(rng, lo, hi, src, dst,
// weights) (edge e at index e - lo) into buffers of the running thread, then
// handed to the sink.
template <class Fill>
void for_each_edge_block(uint64_t begin, uint64_t end, uint64_t draws_per_edge, uint64_t seed, StreamTag tag,
                         bool weighted, const EdgeBlockSink &sink, Fill &&fill) {
    for_each_block(begin, end, draws_per_edge, seed, tag, [&](RandomStream &rng, uint64_t lo, uint64_t hi) {
        thread_local std::vector<uint32_t> src, dst;
        thread_local std::vector<float> weights;
        src.resize(kEdgesPerBlock);
        dst.resize(kEdgesPerBlock);
        weights.resize(weighted ? kEdgesPerBlock : 0);
        fill(rng, lo, hi, src.data(), dst.data(), weights.data());
        sink(EdgeBlock{lo, hi - lo, src.data(), dst.data(), weighted ? weights.data() : nullptr});
    });
}

}  // namespace gen
}  // namespace gg
