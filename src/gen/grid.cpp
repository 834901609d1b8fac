// 2D grid (road-like): rows x cols vertices, vertex (r, c) has id r * cols + c
// and is joined to its right and lower neighbours. Each grid edge is emitted
// once, from the smaller id to the larger; the undirected build
// (symmetrize) stores the reverse direction. Horizontal edges come first,
// row by row, then vertical ones.
#include "gen/blocks.h"
#include "gen/kinds.h"

namespace gg {
namespace gen {

EdgeList generate_grid(const gg_generator_options &o, uint64_t begin, uint64_t end) {
    const uint64_t rows = o.rows, cols = o.cols;
    const uint64_t horizontal = grid_horizontal_edges(o);
    const bool weighted = o.weighted != 0;
    EdgeList edges = allocate_edges(uint32_t(rows * cols), end - begin, weighted);
    const WeightDraw weight(o);
    const uint64_t draws = weighted ? WeightDraw::kDraws : 0;  // the ids are not drawn

    const StreamTag tag = StreamTag::grid_weights;
    for_each_block(begin, end, draws, o.seed, tag, [&](RandomStream &rng, uint64_t lo, uint64_t hi) {
        for (uint64_t e = lo; e < hi; ++e) {
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
            edges.src[e - begin] = uint32_t(from);
            edges.dst[e - begin] = uint32_t(to);
            if (weighted) edges.weights[e - begin] = weight(rng);
        }
    });
    return edges;
}

}  // namespace gen
}  // namespace gg
