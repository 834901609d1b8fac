// CuSha's G-Shards and Concatenated Windows (000_b078cda2a2748e6e.txt §3.1,
// §3.2, and §4 "Selecting shard size"), built on the host.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/graph.h"

namespace gg {

struct ShardOptions {
    uint32_t vertices_per_shard = 0;    // |N|; 0 = CuSha's rule
    uint32_t shared_memory_bytes = 48 * 1024;
    uint32_t vertex_value_bytes = 4;
};

struct Shards {
    uint32_t n = 0;
    uint32_t vertices_per_shard = 0;  // |N|
    uint32_t num_shards = 0;          // |S| = ceil(n / |N|)
    // G-Shards: shard j = entries [shard_offsets[j], shard_offsets[j+1]) with
    // destination in [j*|N|, (j+1)*|N|), ordered by (source, destination).
    std::vector<uint64_t> shard_offsets;  // |S| + 1
    std::vector<uint32_t> src_index;      // m
    std::vector<uint32_t> dst_index;      // m
    std::vector<float> weights;           // m
    // W(i, j) = entries [window_offsets[j*|S| + i], window_offsets[j*|S| + i + 1]).
    std::vector<uint64_t> window_offsets;  // |S|^2 + 1
    // CW_i = entries [cw_offsets[i], cw_offsets[i+1]) of cw_src_index / cw_mapper:
    // W(i,0), W(i,1), ... concatenated; cw_mapper gives each one's shard position.
    std::vector<uint64_t> cw_offsets;    // |S| + 1
    std::vector<uint32_t> cw_src_index;  // m
    std::vector<uint64_t> cw_mapper;     // m
};

// CuSha's rule: |N| such that the average window size |E||N|^2/|V|^2 is 32,
// capped by what fits in shared memory, at least 1.
uint32_t cusha_vertices_per_shard(uint32_t n, uint64_t m, const ShardOptions &options);

Shards build_shards(const Graph &g, const ShardOptions &options);

}  // namespace gg
