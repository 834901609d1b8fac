// CuSha's G-Shards and Concatenated Windows (000_b078cda2a2748e6e.txt §3.1,
// §3.2, and §4 "Selecting shard size"), built on the host.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/graph.h"
#include "core/default_init_allocator.h"

namespace gg {

struct ShardOptions {
    uint32_t vertices_per_shard = 0;    // |N|; 0 = CuSha's rule; above n it is lowered to n
    uint32_t shared_memory_bytes = 48 * 1024;
    uint32_t vertex_value_bytes = 4;
};

// The arrays are UninitVectors (plain std::vectors without the zero-fill of
// resize): every entry is written by the builder.
struct Shards {
    uint32_t n = 0;
    uint32_t vertices_per_shard = 0;  // |N|
    uint32_t num_shards = 0;          // |S| = ceil(n / |N|)
    // G-Shards: shard j = entries [shard_offsets[j], shard_offsets[j+1]) with
    // destination in [j*|N|, (j+1)*|N|), ordered by (source, destination).
    UninitVector<uint64_t> shard_offsets;  // |S| + 1
    UninitVector<uint32_t> src_index;      // m
    UninitVector<uint32_t> dst_index;      // m
    UninitVector<float> weights;           // m
    // W(i, j) = entries [window_offsets[j*|S| + i], window_offsets[j*|S| + i + 1]).
    UninitVector<uint64_t> window_offsets;  // |S|^2 + 1
    // CW_i = entries [cw_offsets[i], cw_offsets[i+1]) of cw_src_index / cw_mapper:
    // W(i,0), W(i,1), ... concatenated; cw_mapper gives each one's shard position.
    UninitVector<uint64_t> cw_offsets;    // |S| + 1
    UninitVector<uint32_t> cw_src_index;  // m
    UninitVector<uint64_t> cw_mapper;     // m
};

// CuSha's rule: |N| such that the average window size |E||N|^2/|V|^2 is 32,
// capped by what fits in shared memory, at least 1 and at most n. With no
// edges every |N| gives empty windows, and the largest allowed is taken
// (fewest shards). With no vertices it returns 1 (there are no shards).
uint32_t cusha_vertices_per_shard(uint32_t n, uint64_t m, const ShardOptions &options);

// Builds the G-Shards, their window boundaries and the Concatenated Windows
// of g in O(m + |S|^2) time. Fails with GG_ERROR_TOO_LARGE when the |S|^2
// window offsets would outgrow the edge arrays (a too small |N| for n).
Shards build_shards(const Graph &g, const ShardOptions &options);
// The same over any out-edge CSR (a symmetrized edge set, say).
Shards build_shards(const Csr &out, const ShardOptions &options);

// Bytes of the G-Shards as the CUDA engine holds them: per entry SrcIndex,
// DestIndex, EdgeValue and SrcValue (4 each), and the shard and window
// offsets; and what Concatenated Windows add to them: per entry the
// window's SrcIndex (4) and Mapper (8), and the CW offsets.
uint64_t gshards_bytes(const Shards &s);
uint64_t cw_extra_bytes(const Shards &s);

// For each vertex range i, the shards j whose window W(i, j) holds entries,
// in order: [offsets[i], offsets[i+1]) of shard. G-Shards' write-back
// (§3.1, Figure 3c) walks W(i, j) for every j; on a sparse graph with many
// shards most are empty (a road grid's range reaches two or three shards of
// hundreds), and walking only these skips the empty ones. gg's addition to
// the representation; the shards themselves are unchanged. O(|S|^2).
struct NonEmptyWindows {
    std::vector<uint64_t> offsets;  // |S| + 1
    std::vector<uint32_t> shard;    // one per non-empty window
};
NonEmptyWindows nonempty_windows(const Shards &s);

}  // namespace gg
