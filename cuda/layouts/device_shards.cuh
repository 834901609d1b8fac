// The device view of CuSha's G-Shards and Concatenated Windows
// (000_b078cda2a2748e6e.txt §3.1, §3.2; host builder src/layout/cusha/shards.h):
// the shard arrays, the window boundaries and the CW arrays, owned by the
// layout cache. The SrcValue column is not here: its type is the engine's
// vertex value, so it lives in the engine's state.
#pragma once

#include <cstdint>

namespace gg::cuda {

struct DeviceShards {
    uint32_t n = 0;
    uint64_t m = 0;
    uint32_t vertices_per_shard = 0;  // |N|
    uint32_t num_shards = 0;          // |S|
    // Shard j = entries [shard_offsets[j], shard_offsets[j+1]), destinations
    // in [j|N|, (j+1)|N|), ordered by (source, destination).
    const uint64_t *shard_offsets = nullptr;  // |S| + 1
    const uint32_t *src_index = nullptr;      // m
    const uint32_t *dst_index = nullptr;      // m
    const float *weights = nullptr;           // m
    // W(i, j) = entries [window_offsets[j|S| + i], window_offsets[j|S| + i + 1]).
    const uint64_t *window_offsets = nullptr;  // |S|^2 + 1
    // Range i's non-empty windows are W(i, window_shard[k]) for k in
    // [window_list[i], window_list[i+1]) (src/layout/cusha/shards.h).
    const uint64_t *window_list = nullptr;   // |S| + 1
    const uint32_t *window_shard = nullptr;  // one per non-empty window
    // CW_i = [cw_offsets[i], cw_offsets[i+1]) of cw_src_index / cw_mapper.
    const uint64_t *cw_offsets = nullptr;    // |S| + 1
    const uint32_t *cw_src_index = nullptr;  // m
    const uint64_t *cw_mapper = nullptr;     // m: the entry's position in the shard arrays
    // The offsets of the CSR the shards were built from (n + 1): each
    // source's degree, which PageRank divides its rank by.
    const uint64_t *offsets = nullptr;
};

}  // namespace gg::cuda
