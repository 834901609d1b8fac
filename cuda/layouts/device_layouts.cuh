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
#include <initializer_list>
#include <memory>
#include <vector>

#include "backend/run_config.h"
#include "graph/graph.h"
#include "layout/layout_cache.h"
#include "layouts/device_csr.cuh"
#include "layouts/pull_layout.cuh"
#include "layouts/source_blocks.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// The CSC renumbered by src/layout/hub_order.h, with its pull layout.
struct HubOrderedCsc {
    DeviceCsr in;
    PullLayout pull;
    const uint32_t *vertex_at = nullptr;   // new id -> vertex
    const uint64_t *out_degree = nullptr;  // by new id
};

enum class EdgeDirection : uint32_t { out = 0, in = 1 };

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

    // The out-edges (CSR) or in-edges (CSC); an undirected graph's CSC is its
    // CSR, and they share their device arrays.
    DeviceCsr edges(EdgeDirection direction, bool with_weights);
    // The pull layout over those edges (src/layout/pull_layout.h).
    PullLayout pull(EdgeDirection direction);
    // The hub-ordered CSC; the caller checked facts().hub_order_pays.
    HubOrderedCsc hub_ordered_in();
    // The CSC's two source blocks (GraphCage's TOCAB, src/layout/source_blocks.h).
    SourceBlocks in_source_blocks();
    const PullFacts &facts();

    // Device memory cached for this graph on this device, all layouts.
    uint64_t device_bytes() const;
    const DeviceInfo &device() const { return info_; }

private:
    template <class Entry, class Build>
    const Entry &fetch(int device, uint32_t layout, uint32_t variant, Build &&build);
    // The direction whose arrays hold `direction`'s edges.
    EdgeDirection stored(EdgeDirection direction) const;

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

}  // namespace gg::cuda
