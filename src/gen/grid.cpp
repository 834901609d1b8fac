// 2D grid (road-like): rows x cols vertices, vertex (r, c) has id r * cols + c
// and is joined to its right and lower neighbours. Each grid edge is emitted
// once, from the smaller id to the larger; the undirected build
// (symmetrize) stores the reverse direction. Horizontal edges come first,
// row by row, then vertical ones.
#include "gen/blocks.h"
#include "gen/kinds.h"

namespace gg {
namespace gen {

void grid_blocks(const gg_generator_options &o, uint64_t begin, uint64_t end, const EdgeBlockSink &sink) {
    const uint64_t cols = o.cols;
    const uint64_t horizontal = grid_horizontal_edges(o);
    const bool weighted = o.weighted != 0;
    const WeightDraw weight(o);
    const uint64_t draws = weighted ? WeightDraw::kDraws : 0;  // the ids are not drawn

    const StreamTag tag = StreamTag::grid_weights;
    for_each_edge_block(begin, end, draws, o.seed, tag, weighted, sink,
                        [&](RandomStream &rng, uint64_t lo, uint64_t hi, uint32_t *srcs, uint32_t *dsts, float *ws) {
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
            srcs[e - lo] = uint32_t(from);
            dsts[e - lo] = uint32_t(to);
            if (weighted) ws[e - lo] = weight(rng);
        }
    });
}

}  // namespace gen
}  // namespace gg
