// BFS, SSSP, SSWP and CC on the papers' layouts: CuSha's G-Shards and
// Concatenated Windows (engines/cusha_engine.cuh) and Tigr's virtual split
// and UDT (engines/split_engine.cuh). The algorithm entry points
// (cuda/algorithms/) keep the CSR engines and hand the other layouts here;
// this file fetches the layout, runs the engine with the algorithm's
// relaxation (relaxations.cuh) and copies the answers out.
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "engines/relaxations.cuh"
#include "graph/graph.h"
#include "gg.h"

namespace gg::cuda {

// The degree bound a run of `layout` uses: config.degree_bound, or the
// layout's default (src/layout/tigr/virtual_split.h, src/layout/tigr/udt.h).
uint32_t degree_bound_of(gg_layout layout, const RunConfig &config);

// `values` (host, n entries of 32 bits: depths, labels, or float bits);
// `parents` (host, n entries, or null) only for Relaxation::hops. `layout`
// is GG_LAYOUT_GSHARDS, GG_LAYOUT_CW, GG_LAYOUT_VIRTUAL_SPLIT or GG_LAYOUT_UDT.
void relax_on_layout(const Graph &g, gg_layout layout, Relaxation kind, uint32_t source, void *values,
                     uint32_t *parents, const RunConfig &config, RunReport &report);

}  // namespace gg::cuda
