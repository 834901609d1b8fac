// The device entry of CuSha's G-Shards and Concatenated Windows
// (device_shards.cuh; host builder src/layout/cusha/shards.h): built once per
// (graph, device, edge set) and uploaded whole, since the engine
// (engines/cusha_engine.cu) reads the shard arrays in every stage, the
// window boundaries to seed a run and for G-Shards' write-back, the CW
// arrays for CW's write-back, and the CSR offsets for PageRank's degrees.
#include "core/timer.h"
#include "layout/cusha/shards.h"
#include "layouts/device_layouts.cuh"

namespace gg::cuda {

namespace {

// |N| is chosen so that a shard's vertex values fit in the shared memory a
// block has without opting in to more (48 KiB on every GPU since Kepler),
// for the engine's widest value: PageRank's double sums.
constexpr uint32_t kLargestValueBytes = sizeof(double);
constexpr uint32_t kSharedMemoryBytes = 48 * 1024;

struct ShardsEntry final : CachedLayout {
    DeviceShards view;
    DeviceArray<uint64_t> shard_offsets, window_offsets, window_list, cw_offsets, cw_mapper, offsets;
    DeviceArray<uint32_t> src_index, dst_index, cw_src_index, window_shard;
    DeviceArray<float> weights;
};

}  // namespace

DeviceShards RunLayouts::shards(EdgeDirection direction) {
    const EdgeDirection source = stored(direction);
    if (source == EdgeDirection::in)
        fail(GG_ERROR_INTERNAL, "CuSha's shards hold the out-edges or the symmetrized edges, not the in-edges");
    return fetch<ShardsEntry>(info_.id, kShards, uint32_t(source), [&] {
               // The symmetrized CSR, when it must be built, is its own
               // host entry and reports its own time.
               const Csr &host = host_edges(source);
               auto entry = std::make_unique<ShardsEntry>();
               Stopwatch clock;
               ShardOptions options;
               options.vertex_value_bytes = kLargestValueBytes;
               options.shared_memory_bytes = kSharedMemoryBytes;
               const Shards shards = build_shards(host, options);
               const NonEmptyWindows windows = nonempty_windows(shards);
               entry->build_ms = clock.elapsed_ms();

               double &ms = entry->transfer_ms;
               entry->shard_offsets = upload(shards.shard_offsets, "the G-Shards' offsets", stream_, ms);
               entry->src_index = upload(shards.src_index, "the G-Shards' source indices", stream_, ms);
               entry->dst_index = upload(shards.dst_index, "the G-Shards' destination indices", stream_, ms);
               entry->weights = upload(shards.weights, "the G-Shards' edge weights", stream_, ms);
               entry->window_offsets = upload(shards.window_offsets, "the G-Shards' window offsets", stream_, ms);
               entry->window_list = upload(windows.offsets, "the G-Shards' non-empty window lists", stream_, ms);
               entry->window_shard = upload(windows.shard, "the G-Shards' non-empty windows", stream_, ms);
               entry->cw_offsets = upload(shards.cw_offsets, "the Concatenated Windows' offsets", stream_, ms);
               entry->cw_src_index =
                   upload(shards.cw_src_index, "the Concatenated Windows' source indices", stream_, ms);
               entry->cw_mapper = upload(shards.cw_mapper, "the Concatenated Windows' mapper", stream_, ms);
               entry->offsets = upload(host.offsets, "the sharded edge set's CSR offsets", stream_, ms);
               entry->bytes = entry->shard_offsets.bytes() + entry->src_index.bytes() + entry->dst_index.bytes() +
                              entry->weights.bytes() + entry->window_offsets.bytes() + entry->window_list.bytes() +
                              entry->window_shard.bytes() + entry->cw_offsets.bytes() +
                              entry->cw_src_index.bytes() + entry->cw_mapper.bytes() + entry->offsets.bytes();

               DeviceShards &view = entry->view;
               view.n = shards.n;
               view.m = shards.src_index.size();
               view.vertices_per_shard = shards.vertices_per_shard;
               view.num_shards = shards.num_shards;
               view.shard_offsets = entry->shard_offsets.get();
               view.src_index = entry->src_index.get();
               view.dst_index = entry->dst_index.get();
               view.weights = entry->weights.get();
               view.window_offsets = entry->window_offsets.get();
               view.window_list = entry->window_list.get();
               view.window_shard = entry->window_shard.get();
               view.cw_offsets = entry->cw_offsets.get();
               view.cw_src_index = entry->cw_src_index.get();
               view.cw_mapper = entry->cw_mapper.get();
               view.offsets = entry->offsets.get();
               return entry;
           })
        .view;
}

}  // namespace gg::cuda
