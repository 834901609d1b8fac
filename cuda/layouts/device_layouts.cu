// The device layout types of device_layouts.cuh: one entry type per layout,
// each knowing how to build (host builders of src/layout/), size and upload
// itself. Their DeviceArrays free themselves on their own device.
#include "layouts/device_layouts.cuh"

#include <string>

#include <unistd.h>

#include "core/memory.h"
#include "core/timer.h"
#include "core/trace.h"
#include "layout/hub_order.h"
#include "layout/pull_layout.h"
#include "layout/symmetric.h"
#include "layouts/hub_order_lists.cuh"
#include "layout/source_blocks.h"
#include "primitives/blocked_pull_pass.cuh"

namespace gg::cuda {

namespace {



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
    DeviceArray<uint32_t> indices, vertex_at, row_at;
    PullArrays pull, rest_pull;
};

struct SourceBlocksEntry final : CachedLayout {
    SourceBlocks view;
    DeviceArray<uint64_t> cuts;
};

struct PullFactsEntry final : CachedLayout {
    PullFacts facts;
};

// Host memory: bytes count what the arrays hold, as gg info reports them.
struct SymmetricEntry final : CachedLayout {
    Csr csr;
};

}  // namespace

RunLayouts::RunLayouts(const Graph &g, const DeviceInfo &info, cudaStream_t stream, RunReport &report)
    : graph_(g), info_(info), stream_(stream), report_(report) {}


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

AutoLayoutChoice RunLayouts::auto_layout(AutoKernel kernel) {
    AutoLayoutFacts in;
    in.n = graph_.n();
    in.m = graph_.m();
    if (kernel != AutoKernel::traversal) {
        const PullFacts &pull = facts();
        in.hub_order_pays = pull.hub_order_pays;
        in.peak_live_sources = pull.peak_live_sources;
    }
    in.cache_bytes = layout_l2_bytes(info_);
    size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) in.free_device_bytes = free_bytes;
    const long pages = sysconf(_SC_AVPHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0) in.free_host_bytes = uint64_t(pages) * uint64_t(page_size);
    return choose_auto_layout(kernel, in);
}

const Csr &RunLayouts::graph_in() {
    // The transpose is built once per graph on the host, by whichever run
    // needs it first; that run pays for it.
    if (!graph_.in_is_built()) {
        Stopwatch clock;
        graph_.in();
        report_.preprocess_ms += clock.elapsed_ms();
    }
    return graph_.in();
}

const Csr &RunLayouts::host_edges(EdgeDirection direction) {
    switch (stored(direction)) {
        case EdgeDirection::out: return graph_.out;
        case EdgeDirection::in: return graph_in();
        case EdgeDirection::both: break;
    }
    graph_in();  // symmetrize() merges it with the CSR
    return fetch<SymmetricEntry>(kHostDevice, kSymmetric, 0, [&] {
               auto entry = std::make_unique<SymmetricEntry>();
               Stopwatch clock;
               entry->csr = symmetrize(graph_);
               entry->build_ms = clock.elapsed_ms();
               entry->bytes = entry->csr.offsets.size() * sizeof(uint64_t) +
                              entry->csr.indices.size() * (sizeof(uint32_t) + sizeof(float));
               return entry;
           })
        .csr;
}

DeviceCsr RunLayouts::edges(EdgeDirection direction, bool with_weights) {
    const EdgeDirection source = stored(direction);
    const Csr *host = &host_edges(source);
    static const char *const offsets_name[] = {"the graph's CSR offsets", "the graph's CSC offsets",
                                               "the symmetrized graph's offsets"};
    static const char *const indices_name[] = {"the graph's CSR indices", "the graph's CSC indices",
                                               "the symmetrized graph's indices"};
    static const char *const weights_name[] = {"the graph's CSR weights", "the graph's CSC weights",
                                               "the symmetrized graph's weights"};
    const uint32_t which = uint32_t(source);
    const auto &structure = fetch<StructureEntry>(info_.id, kStructure, which, [&] {
        auto entry = std::make_unique<StructureEntry>();
        entry->offsets = upload(host->offsets, offsets_name[which], stream_, entry->transfer_ms);
        entry->indices = upload(host->indices, indices_name[which], stream_, entry->transfer_ms);
        entry->bytes = entry->offsets.bytes() + entry->indices.bytes();
        return entry;
    });
    DeviceCsr view;
    view.n = host->n;
    view.m = host->num_edges();
    view.offsets = structure.offsets.get();
    view.indices = structure.indices.get();
    if (with_weights) {
        const auto &weights = fetch<WeightsEntry>(info_.id, kWeights, which, [&] {
            auto entry = std::make_unique<WeightsEntry>();
            entry->weights = upload(host->weights, weights_name[which], stream_, entry->transfer_ms);
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

HubOrderedCsc RunLayouts::hub_ordered_in(uint32_t rows) { return hub_ordered_in(rows, FrontSet()); }

HubOrderedCsc RunLayouts::hub_ordered_in(uint32_t rows, const FrontSet &front) {
    graph_in();
    const uint32_t variant = rows < graph_.n() ? rows + 1 : 0;
    const bool split = bool(front);
    return fetch<HubOrderEntry>(info_.id, split ? kHubOrderSplit : kHubOrder, variant, [&] {
               auto entry = std::make_unique<HubOrderEntry>();
               Stopwatch clock;
               // The order, the rows and their offsets on the host, the
               // lists on the device (hub_order_lists.cuh); the pull layouts
               // need the offsets alone. About 36 bytes a vertex on the host
               // while it is built (degrees, order, new ids, out-degrees,
               // offsets, rows): at weighted kron 29 over two processes the
               // parts left too little of the host for it, and a process was
               // killed; refused, the run takes another pass (PageRank's).
               check_available_memory(36 * uint64_t(graph_.n()), "the hub order's host arrays");
               HubOrderHost host = build_hub_order(graph_.in(), graph_.out, rows, split ? front() : std::vector<uint8_t>(),
                                                  HubOrderLists::device);
               const uint32_t first_rows = split ? host.front_rows : host.in.n;
               const PullLayoutHost pull = build_pull_layout(host.in, 0, first_rows);
               const PullLayoutHost rest = build_pull_layout(host.in, first_rows);
               double &ms = entry->transfer_ms;
               entry->offsets = upload(host.in.offsets, "the hub-ordered CSC offsets", stream_, ms);
               entry->vertex_at = upload(host.vertex_at, "the hub order", stream_, ms);
               entry->out_degree = upload(host.out_degree, "the hub-ordered out-degrees", stream_, ms);
               entry->pull.upload_from(pull, stream_, ms);
               if (split) {
                   entry->row_at = upload(host.row_at, "the hub order's rows", stream_, ms);
                   entry->rest_pull.upload_from(rest, stream_, ms);
               }
               try {
                   entry->indices = build_hub_order_lists(graph_.in(), host, entry->offsets.get(),
                                                          entry->vertex_at.get(), split ? entry->row_at.get() : nullptr,
                                                          info_, stream_, ms);
               } catch (const Error &error) {
                   // No room for the lists twice over (the CSC's and the
                   // new ones): the host builds them, and they go up once.
                   if (error.status() != GG_ERROR_OUT_OF_MEMORY) throw;
                   check_available_memory(host.in.offsets[host.in.n] * sizeof(uint32_t),
                                          "the hub-ordered lists, built on the host where the device had no room");
                   build_hub_order_lists_on_host(graph_.in(), host);
                   entry->indices = upload(host.in.indices, "the hub-ordered CSC indices", stream_, ms);
               }
               // Build time: the host's work and the device's renumbering
               // and sorting, without the copies (transfer_ms has them).
               entry->build_ms = clock.elapsed_ms() - ms;
               entry->bytes = entry->offsets.bytes() + entry->indices.bytes() + entry->vertex_at.bytes() +
                              entry->out_degree.bytes() + entry->pull.bytes() + entry->row_at.bytes() +
                              entry->rest_pull.bytes();
               HubOrderedCsc &view = entry->view;
               view.in.n = host.in.n;
               view.in.m = host.in.offsets[host.in.n];  // the lists are on the device only
               view.in.offsets = entry->offsets.get();
               view.in.indices = entry->indices.get();
               view.pull = entry->pull.view;
               view.vertex_at = entry->vertex_at.get();
               view.out_degree = entry->out_degree.get();
               view.row_at = split ? entry->row_at.get() : nullptr;
               view.front_rows = split ? host.front_rows : 0;
               view.rest_pull = entry->rest_pull.view;
               return entry;
           })
        .view;
}

bool RunLayouts::hub_ordered_in_if_room(uint32_t rows, const FrontSet &front, HubOrderedCsc &out) {
    try {
        out = hub_ordered_in(rows, front);
        return true;
    } catch (const Error &error) {
        if (error.status() != GG_ERROR_OUT_OF_MEMORY) throw;
        trace_run_line("the hub order of %u vertices was not built (%s): the pull runs over the plain CSC",
                       graph_.n(), error.what());
        return false;
    }
}

SourceBlocks RunLayouts::in_source_blocks(uint32_t count) {
    const DeviceCsr in = edges(EdgeDirection::in, false);
    return fetch<SourceBlocksEntry>(info_.id, kSourceBlocks, count, [&] {
               auto entry = std::make_unique<SourceBlocksEntry>();
               entry->cuts = DeviceArray<uint64_t>(uint64_t(count - 1) * in.n, "the CSC's source-block cuts");
               Stopwatch clock;
               // Block b starts at source ceil(b n / count). Lists are sorted,
               // so the cuts are found on the device by binary search.
               for (uint32_t b = 1; b < count; ++b)
                   find_source_cuts(in, source_block_start(in.n, b, count), entry->cuts.get() + uint64_t(b - 1) * in.n,
                                    info_, stream_);
               GG_CUDA_CHECK(cudaStreamSynchronize(stream_));
               entry->build_ms = clock.elapsed_ms();
               entry->bytes = entry->cuts.bytes();
               entry->view.cuts = entry->cuts.get();
               entry->view.count = count;
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
