// The device entries of Tigr's layouts (virtual_split.cuh): the virtual node
// array over the graph's own edges, and the UDT-transformed graph with its
// own (trivial) virtual node array. Host builders: src/layout/
// virtual_split.h and src/layout/tigr/udt.h.
#include "core/timer.h"
#include "layout/tigr/udt.h"
#include "layout/tigr/virtual_split.h"
#include "layouts/device_layouts.cuh"

namespace gg::cuda {

namespace {

struct VirtualNodesArrays {
    DeviceArray<uint32_t> first_virtual, virtual_vertex;

    void upload_from(const VirtualNodes &host, VirtualSplit &view, cudaStream_t stream, double &transfer_ms) {
        first_virtual = upload(host.first_virtual,
                               "the virtual node offsets", stream, transfer_ms);
        virtual_vertex = upload(host.virtual_vertex,
                                "the virtual node array", stream, transfer_ms);
        view.degree_bound = host.degree_bound;
        view.num_virtual = host.count();
        view.first_virtual = first_virtual.get();
        view.virtual_vertex = virtual_vertex.get();
    }
    uint64_t bytes() const { return first_virtual.bytes() + virtual_vertex.bytes(); }
};

struct VirtualSplitEntry final : CachedLayout {
    VirtualSplit view;  // edges filled per run: they are the edge entries' arrays
    VirtualNodesArrays nodes;
};

struct UdtEntry final : CachedLayout {
    VirtualSplit view;
    DeviceArray<uint64_t> offsets;
    DeviceArray<uint32_t> indices;
    DeviceArray<float> weights;
    VirtualNodesArrays nodes;
};

// Bounds are capped at 2^30 - 1 so that the cache variant holds the edge
// set in its low two bits and K above; a larger bound would only matter to a
// vertex with over a billion edges.
constexpr uint32_t kLargestBound = (1u << 30) - 1;
uint32_t capped(uint32_t k) { return k < kLargestBound ? k : kLargestBound; }
uint32_t variant_of(EdgeDirection direction, uint32_t k) { return uint32_t(direction) | (k << 2); }

}  // namespace

VirtualSplit RunLayouts::virtual_split(EdgeDirection direction, uint32_t bound, bool with_weights) {
    const uint32_t k = capped(bound);
    const EdgeDirection source = stored(direction);
    const Csr &host = host_edges(source);
    const DeviceCsr edges_view = edges(source, with_weights);
    VirtualSplit view = fetch<VirtualSplitEntry>(info_.id, kVirtualSplit, variant_of(source, k), [&] {
                            auto entry = std::make_unique<VirtualSplitEntry>();
                            Stopwatch clock;
                            const VirtualNodes nodes = build_virtual_nodes(host, k);
                            entry->build_ms = clock.elapsed_ms();
                            entry->nodes.upload_from(nodes, entry->view, stream_, entry->transfer_ms);
                            entry->view.num_real = host.n;
                            entry->bytes = entry->nodes.bytes();
                            return entry;
                        }).view;
    view.edges = edges_view;
    return view;
}

VirtualSplit RunLayouts::udt(EdgeDirection direction, uint32_t bound) {
    const uint32_t k = capped(bound);
    const EdgeDirection source = stored(direction);
    const Csr &host = host_edges(source);
    return fetch<UdtEntry>(info_.id, kUdt, variant_of(source, k), [&] {
               auto entry = std::make_unique<UdtEntry>();
               Stopwatch clock;
               const UdtGraph udt = udt_transform(host, k);
               // Every node has at most k edges: one virtual node each.
               const VirtualNodes nodes = build_virtual_nodes(udt.csr, k);
               entry->build_ms = clock.elapsed_ms();
               double &ms = entry->transfer_ms;
               entry->offsets = upload(udt.csr.offsets, "the UDT graph's offsets", stream_, ms);
               entry->indices = upload(udt.csr.indices, "the UDT graph's indices", stream_, ms);
               entry->weights = upload(udt.csr.weights, "the UDT graph's weights", stream_, ms);
               entry->nodes.upload_from(nodes, entry->view, stream_, ms);
               VirtualSplit &view = entry->view;
               view.edges.n = udt.csr.n;
               view.edges.m = udt.csr.num_edges();
               view.edges.offsets = entry->offsets.get();
               view.edges.indices = entry->indices.get();
               view.edges.weights = entry->weights.get();
               view.num_real = udt.num_real;
               entry->bytes = entry->offsets.bytes() + entry->indices.bytes() + entry->weights.bytes() +
                              entry->nodes.bytes();
               return entry;
           })
        .view;
}

}  // namespace gg::cuda
