// gg_partition (METIS) and gg_shard (CuSha G-Shards / Concatenated Windows).
#include <algorithm>
#include <cstring>

#include "api/boundary.h"
#include "partition/metis_partition.h"

using gg::fail;
using gg::guarded;
using gg::require;

extern "C" {

void gg_partition_options_init(gg_partition_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->seed = 1;
    options->ufactor = 0;
}

gg_status gg_partition(gg_context *context, const gg_graph *graph, uint32_t num_parts, uint32_t *parts,
                       uint64_t *edge_cut, const gg_partition_options *options) {
    return guarded(context, "gg_partition", [&] {
        const gg::Graph &g = gg::graph_of(graph);
        require(parts, "parts");
        gg_partition_options o = gg::read_options(options, gg_partition_options_init, "gg_partition_options");
        if (num_parts == 0) fail(GG_ERROR_INVALID_ARGUMENT, "num_parts must be at least 1");
        if (o.ufactor < 0) fail(GG_ERROR_INVALID_ARGUMENT, "gg_partition_options.ufactor is %d; it must be >= 0", o.ufactor);
        uint64_t cut = gg::metis_partition(g, num_parts, parts, o.seed, o.ufactor == 0 ? 30 : o.ufactor);
        if (edge_cut) *edge_cut = cut;
    });
}

void gg_shard_options_init(gg_shard_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
}

void gg_shard_stats_init(gg_shard_stats *stats) {
    if (stats == nullptr) return;
    std::memset(stats, 0, sizeof *stats);
    stats->struct_size = sizeof *stats;
}

gg_status gg_shard(gg_context *context, const gg_graph *graph, const gg_shard_options *options,
                   gg_shards **out_shards) {
    return guarded(context, "gg_shard", [&] {
        require(out_shards, "out_shards");
        *out_shards = nullptr;
        const gg::Graph &g = gg::graph_of(graph);
        gg_shard_options o = gg::read_options(options, gg_shard_options_init, "gg_shard_options");
        gg::ShardOptions s;
        s.vertices_per_shard = o.vertices_per_shard;
        if (o.shared_memory_bytes != 0) s.shared_memory_bytes = o.shared_memory_bytes;
        if (o.vertex_value_bytes != 0) s.vertex_value_bytes = o.vertex_value_bytes;
        if (s.vertex_value_bytes > s.shared_memory_bytes)
            fail(GG_ERROR_INVALID_ARGUMENT, "vertex_value_bytes (%u) exceeds shared_memory_bytes (%u)",
                 s.vertex_value_bytes, s.shared_memory_bytes);
        auto *handle = new gg_shards;
        try {
            handle->shards = gg::build_shards(g, s);
        } catch (...) {
            delete handle;
            throw;
        }
        *out_shards = handle;
    });
}

void gg_shards_destroy(gg_shards *shards) { delete shards; }

gg_status gg_shards_read_stats(gg_context *context, const gg_shards *shards, gg_shard_stats *stats) {
    return guarded(context, "gg_shards_read_stats", [&] {
        require(shards, "shards");
        require(stats, "stats");
        if (stats->struct_size < sizeof(size_t))
            fail(GG_ERROR_INVALID_ARGUMENT, "gg_shard_stats.struct_size is %zu: initialise it with gg_shard_stats_init",
                 stats->struct_size);
        const gg::Shards &s = shards->shards;
        gg_shard_stats out;
        gg_shard_stats_init(&out);
        out.num_shards = s.num_shards;
        out.vertices_per_shard = s.vertices_per_shard;
        out.num_edges = s.src_index.size();
        out.num_windows = uint64_t(s.num_shards) * s.num_shards;
        for (uint64_t w = 0; w < out.num_windows; ++w) {
            uint64_t size = s.window_offsets[w + 1] - s.window_offsets[w];
            if (size == 0) ++out.empty_windows;
            out.max_window = std::max(out.max_window, size);
            int bucket = 0;
            while (bucket < 7 && size >= (uint64_t(1) << bucket)) ++bucket;  // 0, 1, 2-3, ..., >= 64
            ++out.window_histogram[bucket];
        }
        out.mean_window = out.num_windows ? double(out.num_edges) / double(out.num_windows) : 0.0;
        for (uint32_t j = 0; j < s.num_shards; ++j)
            out.max_shard = std::max(out.max_shard, s.shard_offsets[j + 1] - s.shard_offsets[j]);
        out.gshards_bytes = gg::gshards_bytes(s);
        out.cw_bytes = gg::cw_extra_bytes(s);
        gg::write_stats(stats, out);
    });
}

// Each read checks every capacity before it writes anything, so a refused
// call leaves all of the caller's arrays as they were.
gg_status gg_shards_read_shards(gg_context *context, const gg_shards *shards, uint64_t *shard_offsets,
                                uint64_t shard_offsets_capacity, uint32_t *src_index, uint64_t src_index_capacity,
                                uint32_t *dst_index, uint64_t dst_index_capacity, float *weights,
                                uint64_t weights_capacity) {
    return guarded(context, "gg_shards_read_shards", [&] {
        require(shards, "shards");
        const gg::Shards &s = shards->shards;
        gg::require_capacity(shard_offsets, shard_offsets_capacity, s.shard_offsets.size(), "shard_offsets",
                             "num_shards + 1");
        gg::require_capacity(src_index, src_index_capacity, s.src_index.size(), "src_index", "m");
        gg::require_capacity(dst_index, dst_index_capacity, s.dst_index.size(), "dst_index", "m");
        gg::require_capacity(weights, weights_capacity, s.weights.size(), "weights", "m");
        if (shard_offsets) std::copy(s.shard_offsets.begin(), s.shard_offsets.end(), shard_offsets);
        if (src_index) std::copy(s.src_index.begin(), s.src_index.end(), src_index);
        if (dst_index) std::copy(s.dst_index.begin(), s.dst_index.end(), dst_index);
        if (weights) std::copy(s.weights.begin(), s.weights.end(), weights);
    });
}

gg_status gg_shards_read_windows(gg_context *context, const gg_shards *shards, uint64_t *window_offsets,
                                 uint64_t window_offsets_capacity) {
    return guarded(context, "gg_shards_read_windows", [&] {
        require(shards, "shards");
        const gg::Shards &s = shards->shards;
        gg::require_capacity(window_offsets, window_offsets_capacity, s.window_offsets.size(), "window_offsets",
                             "num_shards * num_shards + 1");
        if (window_offsets) std::copy(s.window_offsets.begin(), s.window_offsets.end(), window_offsets);
    });
}

gg_status gg_shards_read_cw(gg_context *context, const gg_shards *shards, uint64_t *cw_offsets,
                            uint64_t cw_offsets_capacity, uint32_t *cw_src_index, uint64_t cw_src_index_capacity,
                            uint64_t *cw_mapper, uint64_t cw_mapper_capacity) {
    return guarded(context, "gg_shards_read_cw", [&] {
        require(shards, "shards");
        const gg::Shards &s = shards->shards;
        gg::require_capacity(cw_offsets, cw_offsets_capacity, s.cw_offsets.size(), "cw_offsets", "num_shards + 1");
        gg::require_capacity(cw_src_index, cw_src_index_capacity, s.cw_src_index.size(), "cw_src_index", "m");
        gg::require_capacity(cw_mapper, cw_mapper_capacity, s.cw_mapper.size(), "cw_mapper", "m");
        if (cw_offsets) std::copy(s.cw_offsets.begin(), s.cw_offsets.end(), cw_offsets);
        if (cw_src_index) std::copy(s.cw_src_index.begin(), s.cw_src_index.end(), cw_src_index);
        if (cw_mapper) std::copy(s.cw_mapper.begin(), s.cw_mapper.end(), cw_mapper);
    });
}

// The deprecated forms take no context and trust the caller's sizes, as they
// always did. They run the new code with a context of their own, whose
// message has nowhere to go: only the status reaches the caller.
gg_status gg_shards_get_stats(const gg_shards *shards, gg_shard_stats *stats) {
    gg_context unreported;
    return gg_shards_read_stats(&unreported, shards, stats);
}

gg_status gg_shards_copy_shards(const gg_shards *shards, uint64_t *shard_offsets, uint32_t *src_index,
                                uint32_t *dst_index, float *weights) {
    gg_context unreported;
    return gg_shards_read_shards(&unreported, shards, shard_offsets, UINT64_MAX, src_index, UINT64_MAX, dst_index,
                                 UINT64_MAX, weights, UINT64_MAX);
}

gg_status gg_shards_copy_windows(const gg_shards *shards, uint64_t *window_offsets) {
    gg_context unreported;
    return gg_shards_read_windows(&unreported, shards, window_offsets, UINT64_MAX);
}

gg_status gg_shards_copy_cw(const gg_shards *shards, uint64_t *cw_offsets, uint32_t *cw_src_index,
                            uint64_t *cw_mapper) {
    gg_context unreported;
    return gg_shards_read_cw(&unreported, shards, cw_offsets, UINT64_MAX, cw_src_index, UINT64_MAX, cw_mapper,
                             UINT64_MAX);
}

}  // extern "C"
