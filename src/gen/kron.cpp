// Kronecker / R-MAT generator with the Graph500 parameters (a, b, c) =
// (0.57, 0.19, 0.19) by default, as the GAP Benchmark Suite's kron graphs:
// 2^scale vertices and degree * 2^scale edges, ids relabelled by a seeded
// permutation so that the hubs are scattered over the id range.
//
// Each edge descends `scale` levels of the adjacency matrix; at each level
// it picks a quadrant: top-left (a), top-right (b: destination bit set),
// bottom-left (c: source bit set), bottom-right (d = 1 - a - b - c: both).
// One 64-bit draw serves two levels: each 32-bit half is compared with the
// cumulative probabilities scaled to 2^32.
#include <cmath>

#include "gen/blocks.h"
#include "gen/kinds.h"
#include "gen/vertex_permutation.h"

namespace gg {
namespace gen {
namespace {

struct QuadrantThresholds {
    uint64_t a, ab, abc;  // cumulative probabilities times 2^32

    explicit QuadrantThresholds(const gg_generator_options &o) {
        const double scale32 = 4294967296.0;
        a = to_fixed(o.rmat_a * scale32);
        ab = to_fixed((o.rmat_a + o.rmat_b) * scale32);
        abc = to_fixed((o.rmat_a + o.rmat_b + o.rmat_c) * scale32);
    }
    static uint64_t to_fixed(double x) { return x <= 0 ? 0 : uint64_t(std::llround(x)); }
};

}  // namespace

void kron_blocks(const gg_generator_options &o, uint64_t begin, uint64_t end, const EdgeBlockSink &sink) {
    const unsigned scale = o.scale;
    const bool weighted = o.weighted != 0;
    const QuadrantThresholds t(o);
    const VertexPermutation relabel(scale, o.seed);
    const WeightDraw weight(o);
    const uint64_t draws = (scale + 1) / 2 + (weighted ? WeightDraw::kDraws : 0);  // one per two levels

    for_each_edge_block(begin, end, draws, o.seed, StreamTag::kron_edges, weighted, sink,
                        [&](RandomStream &rng, uint64_t lo, uint64_t hi, uint32_t *srcs, uint32_t *dsts, float *ws) {
        for (uint64_t e = lo; e < hi; ++e) {
            uint64_t src = 0, dst = 0;
            uint64_t draw = 0;
            for (unsigned level = 0; level < scale; ++level) {
                if ((level & 1) == 0) draw = rng.next();
                const uint64_t q = (level & 1) ? (draw >> 32) : (draw & 0xffffffffULL);
                // Branch-free (the quadrant is unpredictable): the source bit
                // is set in c and d (q >= a+b); the destination bit in b and d,
                // which is where an odd number of the three thresholds is passed.
                const uint64_t past_a = q >= t.a, past_ab = q >= t.ab, past_abc = q >= t.abc;
                src |= past_ab << level;
                dst |= (past_a ^ past_ab ^ past_abc) << level;
            }
            srcs[e - lo] = uint32_t(relabel(src));
            dsts[e - lo] = uint32_t(relabel(dst));
            if (weighted) ws[e - lo] = weight(rng);
        }
    });
}

}  // namespace gen
}  // namespace gg
