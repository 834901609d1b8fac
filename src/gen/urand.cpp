// Uniform random graph (Erdos-Renyi style, as the GAP Benchmark Suite's
// urand graphs): 2^scale vertices and degree * 2^scale edges, each edge two
// independent uniform endpoints. Self-loops and repeats are left to the
// builder (dropped and merged), as GAP does.
#include "gen/blocks.h"
#include "gen/kinds.h"

namespace gg {
namespace gen {

EdgeList generate_urand(const gg_generator_options &o, uint64_t begin, uint64_t end) {
    const unsigned scale = o.scale;
    const bool weighted = o.weighted != 0;
    EdgeList edges = allocate_edges(uint32_t(uint64_t(1) << scale), end - begin, weighted);
    const WeightDraw weight(o);
    const uint64_t draws = 2 + (weighted ? WeightDraw::kDraws : 0);  // one per endpoint

    for_each_block(begin, end, draws, o.seed, StreamTag::urand_edges, [&](RandomStream &rng, uint64_t lo, uint64_t hi) {
        for (uint64_t e = lo; e < hi; ++e) {
            edges.src[e - begin] = uint32_t(rng.top_bits(scale));
            edges.dst[e - begin] = uint32_t(rng.top_bits(scale));
            if (weighted) edges.weights[e - begin] = weight(rng);
        }
    });
    return edges;
}

}  // namespace gen
}  // namespace gg
