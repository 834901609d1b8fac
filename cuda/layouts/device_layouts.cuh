// The graph's layouts on one device, as a run reads them. Each layout is an
// entry of the one layout cache (src/layout/layout_cache.h), keyed by
// (graph, part, device, layout type, variant): built on the host (builders in
// src/layout/), uploaded once, reused by every later run on that device, and
// freed with the graph, by gg_graph_release_device_memory, or by the cache's
// eviction rule. A RunLayouts holds what one run fetched until the run ends,
// so an eviction meanwhile cannot free memory a kernel still reads. The
// build and upload time of what a run had to build go to its preprocess_ms
// and transfer_ms.
//
// A new layout is a new entry type and a fetch method here (its view struct
// in its own header of cuda/layouts/); engines ask for the layouts they
// serve and nothing else is uploaded.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <vector>

#include "core/error.h"

#include "backend/run_config.h"
#include "graph/graph.h"
#include "layout/auto_layout.h"
#include "layout/layout_cache.h"
#include "layouts/device_csr.cuh"
#include "layouts/device_shards.cuh"
#include "layouts/pull_layout.cuh"
#include "layouts/source_blocks.cuh"
#include "layouts/virtual_split.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// LayoutKey::layout of each entry type.
enum LayoutType : uint32_t {
    kStructure = 1,     // CSR, CSC or symmetrized offsets and indices (variant: EdgeDirection)
    kWeights = 2,       // their weights (variant: EdgeDirection)
    kPull = 3,          // pull layout (variant: direction)
    kHubOrder = 4,      // hub-ordered CSC with its pull layout (variant: 0, or the rows kept + 1)
    kSourceBlocks = 5,  // the CSC's source-block cuts (variant: the block count)
    kPullFacts = 6,     // host: PullFacts
    kShards = 7,        // CuSha's G-Shards and Concatenated Windows (variant: edge set)
    kSymmetric = 8,     // host: the symmetrized CSR of a directed graph (CC's edge set)
    kVirtualSplit = 9,  // Tigr's virtual node array (variant: EdgeDirection and K)
    kUdt = 10,          // Tigr's UDT-transformed graph with its virtual node array (variant: EdgeDirection and K)
    kHubOrderSplit = 11,  // kHubOrder with its rows in two groups (variant: the rows kept + 1)
};
static_assert(kHubOrderSplit < kFirstCpuLayout, "the CPU backend's host entries are numbered from kFirstCpuLayout");

// The CSC renumbered by src/layout/hub_order.h, with its pull layout.
struct HubOrderedCsc {
    DeviceCsr in;
    PullLayout pull;
    const uint32_t *vertex_at = nullptr;   // new id -> vertex
    const uint64_t *out_degree = nullptr;  // by new id
    // Rows in two groups (hub_ordered_in with a front set): row r holds the
    // list of new id row_at[r]; rows [0, front_rows) are the front's, each
    // group with its own pull layout (`pull` then covers the front's rows,
    // `rest_pull` the others'). Null: row r is new id r.
    const uint32_t *row_at = nullptr;
    uint32_t front_rows = 0;
    PullLayout rest_pull;
};

// Which edges a layout holds: the out-edges, the in-edges, or both (the
// symmetrized graph, whose CSR lists every out- and in-neighbour once: the
// edge set of weakly connected components). An undirected graph's three
// are the same arrays.
enum class EdgeDirection : uint32_t { out = 0, in = 1, both = 2 };

// Facts about a graph that decide which layout a pull pass takes; computed
// once per graph on the host (one O(n + m) pass each) and cached with it.
struct PullFacts {
    bool hub_order_pays = false;     // src/layout/hub_order.h
    uint64_t peak_live_sources = 0;  // src/layout/source_blocks.h
};

class RunLayouts {
public:
    // `stream` carries the uploads; `report` receives their times.
    RunLayouts(const Graph &g, const DeviceInfo &info, cudaStream_t stream, RunReport &report);

    // The out-edges (CSR), in-edges (CSC) or both (the symmetrized CSR); an
    // undirected graph's three are its CSR, and they share its device arrays.
    DeviceCsr edges(EdgeDirection direction, bool with_weights);
    // The host CSR of `direction`'s edges: the graph's out-edges, its CSC
    // (built on first use) or its symmetrization (src/layout/symmetric.h,
    // cached as a host entry); what is built goes to this run's preprocess_ms.
    const Csr &host_edges(EdgeDirection direction);
    // The pull layout over those edges (src/layout/pull_layout.h).
    PullLayout pull(EdgeDirection direction);
    // The hub-ordered CSC; the caller checked facts().hub_order_pays. With
    // `rows` below n, of the in-edges of vertices [0, rows) alone
    // (build_hub_order; a part's computed vertices), its own cache entry.
    HubOrderedCsc hub_ordered_in(uint32_t rows = UINT32_MAX);
    // The same with its rows in two groups, the vertices the set `front()`
    // returns flags first (build_hub_order's front set; a part's boundary,
    // cached as the one front of these rows: a part's graph belongs to one
    // plan). An empty function: one group. The set is asked for only when
    // the order is built: a part's boundary is a pass over its links on the
    // host, which every overlapped PageRank paid before, the order cached or
    // not.
    using FrontSet = std::function<std::vector<uint8_t>()>;
    HubOrderedCsc hub_ordered_in(uint32_t rows, const FrontSet &front);
    // hub_ordered_in, or false (and a GG_TRACE_RUN line) where neither the
    // device nor the host has room to build it: the order only speeds the
    // pull up, and PageRank then pulls over the plain CSC.
    bool hub_ordered_in_if_room(uint32_t rows, const FrontSet &front, HubOrderedCsc &out);
    // The CSC's `count` source blocks (GraphCage's TOCAB, src/layout/source_blocks.h;
    // 2 <= count <= kMaxSourceBlocks, from source_block_count). Each count is its own entry.
    SourceBlocks in_source_blocks(uint32_t count);
    const PullFacts &facts();
    // What layout=auto runs for `kernel` on this graph and device
    // (src/layout/auto_layout.h), from facts(), the L2 and the free memory.
    AutoLayoutChoice auto_layout(AutoKernel kernel);
    // CuSha's G-Shards with their Concatenated Windows over `direction`'s
    // edges (out or both), sized for vertex values of up to 8 bytes
    // (device_shards.cu).
    DeviceShards shards(EdgeDirection direction);
    // Tigr's virtual node array over `direction`'s edges with degree bound
    // k (virtual_split.cu); the edges carry weights when asked.
    VirtualSplit virtual_split(EdgeDirection direction, uint32_t k, bool with_weights);
    // Tigr's UDT transform of `direction`'s edges with degree bound k, and
    // its trivial virtual node array (every node has at most k edges).
    VirtualSplit udt(EdgeDirection direction, uint32_t k);

    // Device memory cached for this graph on this device, all layouts.
    uint64_t device_bytes() const;
    const DeviceInfo &device() const { return info_; }

private:
    template <class Entry, class Build>
    const Entry &fetch(int device, uint32_t layout, uint32_t variant, Build &&build);
    // The direction whose arrays hold `direction`'s edges.
    EdgeDirection stored(EdgeDirection direction) const;
    // The graph's CSC, built on the host first if no run has yet (its time
    // goes to this run's preprocess_ms).
    const Csr &graph_in();

    const Graph &graph_;
    const DeviceInfo &info_;
    cudaStream_t stream_;
    RunReport &report_;
    std::vector<std::shared_ptr<const CachedLayout>> held_;
};

// How an algorithm declares the layouts it serves: `served` lists them, the
// first being what GG_LAYOUT_AUTO starts from. Returns the requested layout
// when served; otherwise GG_ERROR_UNSUPPORTED naming the algorithm and what
// it serves.
gg_layout choose_layout(gg_layout requested, std::initializer_list<gg_layout> served, const char *algorithm);

// A host vector on the device (an entry's array), its copy timed into `transfer_ms`.
template <class T, class Allocator>
DeviceArray<T> upload(const std::vector<T, Allocator> &host, const char *what, cudaStream_t stream, double &transfer_ms) {
    DeviceArray<T> device(host.size(), what);
    copy_to_device(device.get(), host.data(), host.size() * sizeof(T), stream, transfer_ms);
    return device;
}

// The cached entry of this run's graph for (device, layout, variant), built
// by `build` when absent; what this run built goes to its report. Defined
// here so that each layout type's fetch method can live in its own file.
template <class Entry, class Build>
const Entry &RunLayouts::fetch(int device, uint32_t layout, uint32_t variant, Build &&build) {
    bool built = false;
    const LayoutKey key{graph_.uid(), 0, device, layout, variant};
    std::shared_ptr<CachedLayout> entry = layout_cache().get_or_build(
        key, [&]() -> std::unique_ptr<CachedLayout> { return build(); }, built);
    if (built) {
        report_.preprocess_ms += entry->build_ms;
        report_.transfer_ms += entry->transfer_ms;
    }
    const auto *typed = dynamic_cast<const Entry *>(entry.get());
    if (typed == nullptr) fail(GG_ERROR_INTERNAL, "layout cache entry %u/%u has an unexpected type", layout, variant);
    held_.push_back(std::move(entry));
    return *typed;
}

}  // namespace gg::cuda
