// 2D grid (road-like): rows x cols vertices, vertex (r, c) has id r * cols + c
// and is joined to its right and lower neighbours. Each grid edge is emitted
// once, from the smaller id to the larger; the undirected build
// (symmetrize) stores the reverse direction. Horizontal edges come first,
// row by row, then vertical ones.
#include "gen/blocks.h"
#include "gen/kinds.h"

namespace gg {
namespace gen {

EdgeList generate_grid(const gg_generator_options &o) {
    const uint64_t rows = o.rows, cols = o.cols;
    const uint64_t horizontal = rows * (cols - 1);
    const uint64_t vertical = (rows - 1) * cols;
    const uint64_t m = horizontal + vertical;
    const bool weighted = o.weighted != 0;
    EdgeList edges = allocate_edges(uint32_t(rows * cols), m, weighted);
    const WeightDraw weight(o);

    for_each_block(m, o.seed, StreamTag::grid_weights, [&](RandomStream &rng, uint64_t begin, uint64_t end) {
        for (uint64_t e = begin; e < end; ++e) {
            uint64_t from;
            uint64_t to;
            if (e < horizontal) {
                const uint64_t r = e / (cols - 1), c = e % (cols - 1);
                from = r * cols + c;
                to = from + 1;
            } else {
                from = e - horizontal;  // vertical edges enumerate their upper vertex in id order
                to = from + cols;
            }
            edges.src[e] = uint32_t(from);
            edges.dst[e] = uint32_t(to);
            if (weighted) edges.weights[e] = weight(rng);
        }
    });
    return edges;
}

}  // namespace gen
}  // namespace gg
