// The device layout types of device_layouts.cuh: one entry type per layout,
// each knowing how to build (host builders of src/layout/), size and upload
// itself. Their DeviceArrays free themselves on their own device.
#include "layouts/device_layouts.cuh"

#include <string>

#include "core/timer.h"
#include "layout/hub_order.h"
#include "layout/pull_layout.h"
#include "layout/source_blocks.h"
#include "primitives/blocked_pull_pass.cuh"

namespace gg::cuda {

namespace {

// LayoutKey::layout of each entry type.
enum LayoutType : uint32_t {
    kStructure = 1,     // CSR or CSC offsets and indices (variant: direction)
    kWeights = 2,       // their weights (variant: direction)
    kPull = 3,          // pull layout (variant: direction)
    kHubOrder = 4,      // hub-ordered CSC with its pull layout
    kSourceBlocks = 5,  // the CSC's source-block cuts
    kPullFacts = 6,     // host: PullFacts
};

template <class T>
DeviceArray<T> upload(const std::vector<T> &host, const char *what, cudaStream_t stream, double &transfer_ms) {
    DeviceArray<T> device(host.size(), what);
    copy_to_device(device.get(), host.data(), host.size() * sizeof(T), stream, transfer_ms);
    return device;
}

struct StructureEntry final : CachedLayout {
    DeviceArray<uint64_t> offsets;
    DeviceArray<uint32_t> indices;
};

struct WeightsEntry final : CachedLayout {
    DeviceArray<float> weights;
};

struct PullArrays {
    PullLayout view;
    DeviceArray<uint32_t> hub_vertex, hub_first_chunk, chunk_hub;

    void upload_from(const PullLayoutHost &host, cudaStream_t stream, double &transfer_ms) {
        hub_vertex = upload(host.hub_vertex, "the pull layout's hub list", stream, transfer_ms);
        hub_first_chunk = upload(host.hub_first_chunk, "the pull layout's hub chunks", stream, transfer_ms);
        chunk_hub = upload(host.chunk_hub, "the pull layout's chunk owners", stream, transfer_ms);
        view.lanes = host.lanes;
        view.hub_threshold = host.hub_threshold;
        view.chunk_edges = host.chunk_edges;
        view.num_hubs = uint32_t(host.hub_vertex.size());
        view.num_chunks = uint32_t(host.chunk_hub.size());
        view.hub_vertex = hub_vertex.get();
        view.hub_first_chunk = hub_first_chunk.get();
        view.chunk_hub = chunk_hub.get();
    }
    uint64_t bytes() const { return hub_vertex.bytes() + hub_first_chunk.bytes() + chunk_hub.bytes(); }
};

struct PullEntry final : CachedLayout {
    PullArrays pull;
};

struct HubOrderEntry final : CachedLayout {
    HubOrderedCsc view;
    DeviceArray<uint64_t> offsets, out_degree;
    DeviceArray<uint32_t> indices, vertex_at;
    PullArrays pull;
};

struct SourceBlocksEntry final : CachedLayout {
    SourceBlocks view;
    DeviceArray<uint64_t> cut;
};

struct PullFactsEntry final : CachedLayout {
    PullFacts facts;
};

}  // namespace

RunLayouts::RunLayouts(const Graph &g, const DeviceInfo &info, cudaStream_t stream, RunReport &report)
    : graph_(g), info_(info), stream_(stream), report_(report) {}

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

EdgeDirection RunLayouts::stored(EdgeDirection direction) const {
    return graph_.undirected ? EdgeDirection::out : direction;
}

const PullFacts &RunLayouts::facts() {
    return fetch<PullFactsEntry>(kHostDevice, kPullFacts, 0, [&] {
               auto entry = std::make_unique<PullFactsEntry>();
               Stopwatch clock;
               entry->facts.hub_order_pays = hub_order_pays(graph_.out);
               entry->facts.peak_live_sources = peak_live_sources(graph_.out);
               entry->build_ms = clock.elapsed_ms();
               return entry;
           })
        .facts;
}

DeviceCsr RunLayouts::edges(EdgeDirection direction, bool with_weights) {
    const EdgeDirection source = stored(direction);
    const Csr *host = &graph_.out;
    double build_ms = 0;
    if (source == EdgeDirection::in) {
        // The transpose is built once per graph on the host, by whichever
        // run needs it first; that run pays for it.
        if (!graph_.in_is_built()) {
            Stopwatch clock;
            graph_.in();
            build_ms = clock.elapsed_ms();
            report_.preprocess_ms += build_ms;
        }
        host = &graph_.in();
    }
    const bool in = source == EdgeDirection::in;
    const auto &structure = fetch<StructureEntry>(info_.id, kStructure, uint32_t(source), [&] {
        auto entry = std::make_unique<StructureEntry>();
        entry->offsets = upload(host->offsets, in ? "the graph's CSC offsets" : "the graph's CSR offsets", stream_,
                                entry->transfer_ms);
        entry->indices = upload(host->indices, in ? "the graph's CSC indices" : "the graph's CSR indices", stream_,
                                entry->transfer_ms);
        entry->bytes = entry->offsets.bytes() + entry->indices.bytes();
        return entry;
    });
    DeviceCsr view;
    view.n = host->n;
    view.m = host->num_edges();
    view.offsets = structure.offsets.get();
    view.indices = structure.indices.get();
    if (with_weights) {
        const auto &weights = fetch<WeightsEntry>(info_.id, kWeights, uint32_t(source), [&] {
            auto entry = std::make_unique<WeightsEntry>();
            entry->weights = upload(host->weights, in ? "the graph's CSC weights" : "the graph's CSR weights",
                                    stream_, entry->transfer_ms);
            entry->bytes = entry->weights.bytes();
            return entry;
        });
        view.weights = weights.weights.get();
    }
    return view;
}

PullLayout RunLayouts::pull(EdgeDirection direction) {
    const EdgeDirection source = stored(direction);
    const Csr &host = source == EdgeDirection::in ? graph_.in() : graph_.out;
    return fetch<PullEntry>(info_.id, kPull, uint32_t(source), [&] {
               auto entry = std::make_unique<PullEntry>();
               Stopwatch clock;
               const PullLayoutHost layout = build_pull_layout(host);
               entry->build_ms = clock.elapsed_ms();
               entry->pull.upload_from(layout, stream_, entry->transfer_ms);
               entry->bytes = entry->pull.bytes();
               return entry;
           })
        .pull.view;
}

HubOrderedCsc RunLayouts::hub_ordered_in() {
    if (!graph_.undirected && !graph_.in_is_built()) {
        Stopwatch clock;
        graph_.in();
        report_.preprocess_ms += clock.elapsed_ms();
    }
    return fetch<HubOrderEntry>(info_.id, kHubOrder, 0, [&] {
               auto entry = std::make_unique<HubOrderEntry>();
               Stopwatch clock;
               const HubOrderHost host = build_hub_order(graph_.in(), graph_.out);
               const PullLayoutHost pull = build_pull_layout(host.in);
               entry->build_ms = clock.elapsed_ms();
               double &ms = entry->transfer_ms;
               entry->offsets = upload(host.in.offsets, "the hub-ordered CSC offsets", stream_, ms);
               entry->indices = upload(host.in.indices, "the hub-ordered CSC indices", stream_, ms);
               entry->vertex_at = upload(host.vertex_at, "the hub order", stream_, ms);
               entry->out_degree = upload(host.out_degree, "the hub-ordered out-degrees", stream_, ms);
               entry->pull.upload_from(pull, stream_, ms);
               entry->bytes = entry->offsets.bytes() + entry->indices.bytes() + entry->vertex_at.bytes() +
                              entry->out_degree.bytes() + entry->pull.bytes();
               HubOrderedCsc &view = entry->view;
               view.in.n = host.in.n;
               view.in.m = host.in.num_edges();
               view.in.offsets = entry->offsets.get();
               view.in.indices = entry->indices.get();
               view.pull = entry->pull.view;
               view.vertex_at = entry->vertex_at.get();
               view.out_degree = entry->out_degree.get();
               return entry;
           })
        .view;
}

SourceBlocks RunLayouts::in_source_blocks() {
    const DeviceCsr in = edges(EdgeDirection::in, false);
    return fetch<SourceBlocksEntry>(info_.id, kSourceBlocks, 0, [&] {
               auto entry = std::make_unique<SourceBlocksEntry>();
               entry->cut = DeviceArray<uint64_t>(in.n, "the CSC's source-block cuts");
               Stopwatch clock;
               // The second block: sources from ceil(n / 2). Lists are sorted,
               // so the cuts are found on the device by binary search.
               find_source_cuts(in, uint32_t((uint64_t(in.n) + 1) / 2), entry->cut.get(), info_, stream_);
               GG_CUDA_CHECK(cudaStreamSynchronize(stream_));
               entry->build_ms = clock.elapsed_ms();
               entry->bytes = entry->cut.bytes();
               entry->view.cut = entry->cut.get();
               entry->view.present = true;
               return entry;
           })
        .view;
}

uint64_t RunLayouts::device_bytes() const { return layout_cache().totals(graph_.uid(), info_.id).bytes; }

gg_layout choose_layout(gg_layout requested, std::initializer_list<gg_layout> served, const char *algorithm) {
    if (requested == GG_LAYOUT_AUTO) return *served.begin();
    std::string names;
    for (gg_layout layout : served) {
        if (layout == requested) return layout;
        names += (names.empty() ? "" : ", ") + std::string(gg_layout_name(layout));
    }
    const char *asked = gg_layout_name(requested);
    fail(GG_ERROR_UNSUPPORTED, "the CUDA backend runs %s on layout%s %s only (layout %s was requested)", algorithm,
         served.size() == 1 ? "" : "s", names.c_str(), asked ? asked : "unknown");
}

}  // namespace gg::cuda
