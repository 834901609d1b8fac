// layout=auto's cost model: which layout the CUDA backend runs when the
// caller asks for none (docs/layouts.md "How auto chooses"). One pure
// function of the graph's statistics, the device's cache and free memory
// and the algorithm, so that every algorithm's choice is made in one place
// and is tested on the host (tests/test_auto_layout.cpp) without a GPU.
//
// What it weighs, and what the measurements behind it showed (H100, eight
// graphs in and outside the benchmark suite, every layout x algorithm:
// bench/results/cuda-h100-2026-11-25-layout-auto.md):
//  - traversals (BFS, SSSP, SSWP, CC; BC, APSP and matching run on CSR
//    only): gg's CSR kernels were the fastest layout on every graph, from
//    the road grid (diameter in the thousands) to kron hubs of 10^5 edges,
//    by 1.3x to 60x over the next; the diameter and the skew decide how
//    those kernels run (near-far bands, direction-optimizing levels), not
//    which layout, so auto is CSR.
//  - pull passes (PageRank, SpMV) are bound by their gathers of x(u), one
//    per edge. Where hubs carry most edges (hub_order_pays: skew) the hub
//    order or CSR's hub chunks keep the hot values in cache; where the
//    values still to be gathered overflow the L2 (peak_live_sources x the
//    bytes a gather really moves, against half the L2: locality), the
//    gathers miss, and a layout that streams the values pays: GraphCage's
//    two source blocks (TOCAB) for PageRank, CuSha's G-Shards (each edge
//    carries its source's value, SrcValue, written and read in order) for
//    SpMV. Otherwise CSR.
#pragma once

#include <cstdint>

#include "gg.h"

namespace gg {

// The statistics the choice reads; each is measured once per graph (the
// layout cache's pull facts) or per device.
struct AutoLayoutFacts {
    uint32_t n = 0;
    uint64_t m = 0;                    // stored edges (each direction of an undirected edge)
    bool hub_order_pays = false;       // src/layout/hub_order.h: hubs carry at least half the edges
    uint64_t peak_live_sources = 0;    // src/layout/source_blocks.h: most values live at once in a pull
    uint64_t cache_bytes = 0;          // the device's L2
    uint64_t free_device_bytes = 0;    // for a layout built on first use
    uint64_t free_host_bytes = 0;      // for its host-side build
};

enum class AutoKernel { traversal, pagerank, spmv };

struct AutoLayoutChoice {
    gg_layout layout = GG_LAYOUT_CSR;
    const char *why = "";  // one sentence, for logs and docs
};

AutoLayoutChoice choose_auto_layout(AutoKernel kernel, const AutoLayoutFacts &facts);

// Bytes the CUDA engine holds for the G-Shards of a graph of n vertices and
// m edges (layout/cusha/shards.h gshards_bytes, from the sizes alone), and
// the host's peak while building them (G-Shards and Concatenated Windows).
uint64_t estimated_gshards_device_bytes(uint32_t n, uint64_t m);
uint64_t estimated_shards_host_bytes(uint32_t n, uint64_t m);

}  // namespace gg
