// Uniform random graph (Erdos-Renyi style, as the GAP Benchmark Suite's
// urand graphs): 2^scale vertices and degree * 2^scale edges, each edge two
// independent uniform endpoints. Self-loops and repeats are left to the
// builder (dropped and merged), as GAP does.
#include "gen/blocks.h"
#include "gen/kinds.h"

namespace gg {
namespace gen {

void urand_blocks(const gg_generator_options &o, uint64_t begin, uint64_t end, const EdgeBlockSink &sink) {
    const unsigned scale = o.scale;
    const bool weighted = o.weighted != 0;
    const WeightDraw weight(o);
    const uint64_t draws = 2 + (weighted ? WeightDraw::kDraws : 0);  // one per endpoint

    for_each_edge_block(begin, end, draws, o.seed, StreamTag::urand_edges, weighted, sink,
                        [&](RandomStream &rng, uint64_t lo, uint64_t hi, uint32_t *srcs, uint32_t *dsts, float *ws) {
        for (uint64_t e = lo; e < hi; ++e) {
            srcs[e - lo] = uint32_t(rng.top_bits(scale));
            dsts[e - lo] = uint32_t(rng.top_bits(scale));
            if (weighted) ws[e - lo] = weight(rng);
        }
    });
}

}  // namespace gen
}  // namespace gg
