// Uniform random graph (Erdos-Renyi style, as the GAP Benchmark Suite's
// urand graphs): 2^scale vertices and degree * 2^scale edges, each edge two
// independent uniform endpoints. Self-loops and repeats are left to the
// builder (dropped and merged), as GAP does.
#include "gen/blocks.h"
#include "gen/kinds.h"

namespace gg {
namespace gen {

EdgeList generate_urand(const gg_generator_options &o) {
    const unsigned scale = o.scale;
    const uint64_t m = uint64_t(o.degree) << scale;
    const bool weighted = o.weighted != 0;
    EdgeList edges = allocate_edges(uint32_t(uint64_t(1) << scale), m, weighted);
    const WeightDraw weight(o);

    for_each_block(m, o.seed, StreamTag::urand_edges, [&](RandomStream &rng, uint64_t begin, uint64_t end) {
        for (uint64_t e = begin; e < end; ++e) {
            edges.src[e] = uint32_t(rng.top_bits(scale));
            edges.dst[e] = uint32_t(rng.top_bits(scale));
            if (weighted) edges.weights[e] = weight(rng);
        }
    });
    return edges;
}

}  // namespace gen
}  // namespace gg
