// Kronecker / R-MAT generator with the Graph500 parameters (a, b, c) =
// (0.57, 0.19, 0.19) by default, as the GAP Benchmark Suite's kron graphs:
// 2^scale vertices and degree * 2^scale edges, ids relabelled by a seeded
// permutation so that the hubs are scattered over the id range.
//
// Each edge descends `scale` levels of the adjacency matrix; at each level
// it picks a quadrant: top-left (a), top-right (b: destination bit set),
// bottom-left (c: source bit set), bottom-right (d = 1 - a - b - c: both).
// One 64-bit draw serves two levels: each 32-bit half is compared with the
// cumulative probabilities scaled to 2^32. Edges are drawn many side by side
// (kron_fill), each exactly as if alone.
#include <algorithm>
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

// What drawing one edge needs, passed by value to the fill below so that the
// compiler sees nothing else can change it.
struct KronDraw {
    unsigned scale;
    unsigned pairs;  // draws of the levels: one per two levels
    uint64_t draws;  // draws an edge takes (the levels', then its weight's)
    QuadrantThresholds t;
    VertexPermutation relabel;
};

// Edges 0 to count - 1 of a stream standing at `state` before edge 0's first
// draw, into srcs and dsts. Level-major over groups of edges: each step is
// the same arithmetic on every edge of the group, which vectorises (the
// edge-major loop, one edge's levels after another, did not: the draws of
// the levels were 70% of a build's time on the 2-core VM). Cloned for the
// wider vector units where GCC can: their 64-bit multiplies are
// instructions, not SSE2's sequences.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
void kron_fill(const KronDraw k, uint64_t state, uint64_t count, uint32_t *srcs, uint32_t *dsts) {
    constexpr uint64_t kGroup = 256;
    uint64_t src[kGroup], dst[kGroup];
    for (uint64_t first = 0; first < count; first += kGroup) {
        const uint64_t lanes = std::min(kGroup, count - first);
        for (uint64_t i = 0; i < lanes; ++i) src[i] = dst[i] = 0;
        for (unsigned pair = 0; pair < k.pairs; ++pair) {
            const unsigned low = 2 * pair, high = low + 1;
            // An odd scale's last draw serves one level: its high half sets
            // no bit.
            const uint64_t high_used = high < k.scale ? 1 : 0;
            for (uint64_t i = 0; i < lanes; ++i) {
                const uint64_t draw = RandomStream::draw_at(state, (first + i) * k.draws + pair);
                // Per level, branch-free (the quadrant is unpredictable): the
                // source bit is set in c and d (q >= a+b); the destination bit
                // in b and d, where an odd number of the thresholds is passed.
                const uint64_t q0 = draw & 0xffffffffULL, q1 = draw >> 32;
                const uint64_t a0 = q0 >= k.t.a, ab0 = q0 >= k.t.ab, abc0 = q0 >= k.t.abc;
                const uint64_t a1 = q1 >= k.t.a, ab1 = q1 >= k.t.ab, abc1 = q1 >= k.t.abc;
                src[i] |= (ab0 << low) | ((ab1 & high_used) << high);
                dst[i] |= ((a0 ^ ab0 ^ abc0) << low) | (((a1 ^ ab1 ^ abc1) & high_used) << high);
            }
        }
        for (uint64_t i = 0; i < lanes; ++i) {
            srcs[first + i] = uint32_t(k.relabel(src[i]));
            dsts[first + i] = uint32_t(k.relabel(dst[i]));
        }
    }
}

}  // namespace

void kron_blocks(const gg_generator_options &o, uint64_t begin, uint64_t end, const EdgeBlockSink &sink) {
    const bool weighted = o.weighted != 0;
    const unsigned pairs = (o.scale + 1) / 2;
    const KronDraw draw{o.scale, pairs, pairs + (weighted ? WeightDraw::kDraws : 0), QuadrantThresholds(o),
                        VertexPermutation(o.scale, o.seed)};
    const WeightDraw weight(o);

    for_each_edge_block(begin, end, draw.draws, o.seed, StreamTag::kron_edges, weighted, sink,
                        [&](RandomStream &rng, uint64_t lo, uint64_t hi, uint32_t *srcs, uint32_t *dsts, float *ws) {
        kron_fill(draw, rng.state(), hi - lo, srcs, dsts);
        if (weighted)
            for (uint64_t e = 0; e < hi - lo; ++e)
                ws[e] = weight.from_draw(RandomStream::draw_at(rng.state(), e * draw.draws + pairs));
    });
}

}  // namespace gen
}  // namespace gg
