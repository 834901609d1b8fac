// Concatenated Windows (000_b078cda2a2748e6e.txt §3.2) from built G-Shards.
#pragma once

#include "graph/graph.h"
#include "layout/cusha/shards.h"

namespace gg {

// Fills s.cw_offsets, s.cw_src_index and s.cw_mapper from the shard arrays
// and window offsets of s; `out` is the CSR s was built from.
void build_concatenated_windows(const Csr &out, Shards &s);

}  // namespace gg
