// Runs a generator over its edges in fixed-size blocks, in parallel.
//
// Block b covers edges [b * kEdgesPerBlock, (b + 1) * kEdgesPerBlock) and draws
// from its own stream (random.h), so which thread runs a block changes
// nothing in the output. Also the edge-list allocation and the uniform
// integer weights every generator shares.
#pragma once

#include <cstdint>

#include "gg.h"
#include "gen/random.h"
#include "graph/builder.h"

namespace gg {
namespace gen {

constexpr uint64_t kEdgesPerBlock = uint64_t(1) << 16;

// An edge list of n vertices with room for m edges (and weights when asked).
inline EdgeList allocate_edges(uint32_t n, uint64_t m, bool weighted) {
    EdgeList edges;
    edges.n = n;
    edges.src.resize(m);
    edges.dst.resize(m);
    if (weighted) edges.weights.resize(m);
    return edges;
}

// Integer weights in [min, max] stored as floats (exact: max < 2^24).
class WeightDraw {
public:
    explicit WeightDraw(const gg_generator_options &o)
        : min_(o.weight_min), span_(uint64_t(o.weight_max) - o.weight_min + 1) {}
    float operator()(RandomStream &rng) const { return float(min_ + rng.below(span_)); }

private:
    uint64_t min_;
    uint64_t span_;
};

// Calls body(rng, begin, end) once per block of [0, m), in parallel.
template <class Body>
void for_each_block(uint64_t m, uint64_t seed, StreamTag tag, Body &&body) {
    const int64_t blocks = int64_t((m + kEdgesPerBlock - 1) / kEdgesPerBlock);
#pragma omp parallel for schedule(dynamic, 4)
    for (int64_t b = 0; b < blocks; ++b) {
        RandomStream rng = block_stream(seed, tag, uint64_t(b));
        const uint64_t begin = uint64_t(b) * kEdgesPerBlock;
        const uint64_t end = begin + kEdgesPerBlock < m ? begin + kEdgesPerBlock : m;
        body(rng, begin, end);
    }
}

}  // namespace gen
}  // namespace gg
