// Betweenness centrality's shortest-path counts, one arithmetic for both
// backends (src/cpu/bc.cpp, cuda/algorithms/bc.cu), so that they count
// alike and overflow alike.
//
// The number of shortest paths to a vertex grows as fast as a product of
// degrees along the BFS levels and passes double's range on long, wide
// graphs, so a count is kept as a pair, sigma = mass * 2^(512 * scale), with
// mass in [1, 2^512) and an integer scale. A sum aligns its terms to the
// larger scale (one scale below is added times 2^-512; two or more would
// round away entirely); normalised() moves a mass past 2^512 up one scale.
// Counts below 2^53 stay exact integers at scale 0.
//
// A count type is any struct with `double mass` and `int32_t scale` (the GPU
// adds the vertex's level, which these functions carry through unread).
#pragma once

#include <cmath>
#include <cstdint>

#include "backend/host_device.h"

namespace gg::path_count {

constexpr int kScaleBits = 512;
constexpr double kScaleUnit = 0x1p512;
constexpr double kInverseScaleUnit = 0x1p-512;

// a + b with the smaller term aligned to the larger one's scale; the result
// keeps the larger term's other fields.
template <class Count>
GG_HOST_DEVICE inline Count add(Count a, Count b) {
    if (b.mass == 0.0) return a;
    if (a.mass == 0.0) return b;
    if (a.scale < b.scale) {
        const Count t = a;
        a = b;
        b = t;
    }
    const int32_t below = a.scale - b.scale;
    if (below == 0) a.mass += b.mass;
    else if (below == 1) a.mass += b.mass * kInverseScaleUnit;
    return a;  // two or more scales below: under half an ulp of a.mass
}

// A sum of at most 2^32 masses below 2^512 is below 2^544: one step suffices.
template <class Count>
GG_HOST_DEVICE inline Count normalised(Count c) {
    if (c.mass >= kScaleUnit) {
        c.mass *= kInverseScaleUnit;
        ++c.scale;
    }
    return c;
}

// x * 2^(kScaleBits * shift) for the scale differences an edge of the
// shortest-path DAG can have (0, -1, rarely less; below -3 the result is 0).
GG_HOST_DEVICE inline double scaled(double x, int32_t shift) {
    if (shift == 0) return x;
    if (shift == -1) return x * kInverseScaleUnit;
    shift = shift < -3 ? -3 : (shift > 1 ? 1 : shift);
    return ldexp(x, kScaleBits * shift);
}

// Partitioned BC's merge of the paths a replica's part found into its
// owner's (src/partitioned/bc.cpp, cuda/partitioned/bc.cu): `Reach` adds a
// `depth` to the count (`unreached` for none). A shallower depth replaces
// the slot, an equal one adds its count, a deeper one is dropped. Returns
// whether the slot changed.
template <class Reach>
GG_HOST_DEVICE inline bool merge_at_depth(Reach &slot, const Reach &incoming, uint32_t unreached) {
    if (incoming.depth == unreached || incoming.mass == 0) return false;
    if (slot.depth != unreached && slot.depth < incoming.depth) return false;
    if (slot.depth == unreached || slot.depth > incoming.depth) {
        slot = incoming;
        return true;
    }
    const Reach sum = normalised(add(slot, incoming));
    slot.mass = sum.mass;
    slot.scale = sum.scale;
    return true;
}

}  // namespace gg::path_count
