// The graph on the device: CSR (out-edges) and CSC (in-edges) arrays,
// uploaded once per graph and device and cached on the gg::Graph (its
// cuda_cache() slot, under cache_mutex()), freed when the graph is destroyed.
// Each part is uploaded the first time a run needs it; the copy time goes to
// the run's transfer_ms and host-side layout building (the CSC transpose, the
// pull layout, the hub order) to its preprocess_ms.
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "graph/graph.h"
#include "pull_layout.cuh"
#include "runtime.cuh"
#include "source_blocks.cuh"

namespace gg::cuda {

// A read-only view of one CSR on the device. weights is null when the run
// did not ask for them.
struct DeviceCsr {
    uint32_t n = 0;
    uint64_t m = 0;
    const uint64_t *offsets = nullptr;
    const uint32_t *indices = nullptr;
    const float *weights = nullptr;
};

// When a run wants the CSC in two source blocks (source_blocks.cuh).
enum class SourceBlocking { kNever, kWhereItPays, kAlways };

// What a run needs uploaded.
struct GraphNeeds {
    bool out = false;
    bool out_weights = false;
    bool in = false;
    bool in_weights = false;
    bool in_pull_layout = false;   // PullLayout over the CSC (PageRank, SpMV, BC)
    bool out_pull_layout = false;  // PullLayout over the CSR (BC's backward pass)
    bool hub_ordered_in = false;   // HubOrderedCsc (PageRank), where hub_order_pays()
    // SourceBlocks over the CSC for 8-byte gathered values (PageRank); with
    // kWhereItPays, where source_blocks_pay() on this device. Implies in and
    // in_pull_layout.
    SourceBlocking in_source_blocks = SourceBlocking::kNever;
};

// The CSC renumbered by hub_order.cuh, with its pull layout; `present` is
// false where the graph's degrees are too even for it to pay.
struct HubOrderedCsc {
    bool present = false;
    DeviceCsr in;
    PullLayout pull;
    const uint32_t *vertex_at = nullptr;  // new id -> vertex
    const uint64_t *out_degree = nullptr;  // by new id
};

struct DeviceGraph {
    DeviceCsr out;
    DeviceCsr in;
    PullLayout in_pull;
    PullLayout out_pull;
    HubOrderedCsc hub_in;
    SourceBlocks in_blocks;  // present where asked for and paying (or asked for always)
    uint64_t device_bytes = 0;  // everything cached for this graph on this device
};

// Uploads what `needs` asks for and is not cached yet, and returns views of
// the cached arrays. They stay valid until the graph is destroyed.
DeviceGraph device_graph(const Graph &g, int device_id, const GraphNeeds &needs, cudaStream_t stream,
                         RunReport &report);

// The layout a run uses: `native` for GG_LAYOUT_AUTO or when the run asked
// for it (or for GG_LAYOUT_CSR, which every kernel here reads); any other
// request is GG_ERROR_UNSUPPORTED naming the algorithm.
gg_layout choose_layout(gg_layout requested, gg_layout native, const char *algorithm);

}  // namespace gg::cuda
