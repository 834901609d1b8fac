// The per-graph device cache of device_graph.cuh. One entry per device the
// graph was used on; an entry only grows while the graph lives, so views
// handed to a run stay valid while other runs upload more parts.
#include <memory>
#include <mutex>
#include <vector>

#include "blocked_pull_pass.cuh"
#include "core/timer.h"
#include "device_graph.cuh"
#include "hub_order.cuh"

namespace gg::cuda {

namespace {

struct CsrArrays {
    DeviceArray<uint64_t> offsets;
    DeviceArray<uint32_t> indices;
    DeviceArray<float> weights;
};

struct PullArrays {
    bool built = false;
    PullLayout view;
    DeviceArray<uint32_t> hub_vertex, hub_first_chunk, chunk_hub;

    uint64_t bytes() const { return hub_vertex.bytes() + hub_first_chunk.bytes() + chunk_hub.bytes(); }
};

struct HubOrderArrays {
    bool decided = false;  // built, or found not to pay
    HubOrderedCsc view;
    CsrArrays in;
    DeviceArray<uint32_t> vertex_at;
    DeviceArray<uint64_t> out_degree;
    PullArrays pull;

    uint64_t bytes() const {
        return in.offsets.bytes() + in.indices.bytes() + vertex_at.bytes() + out_degree.bytes() + pull.bytes();
    }
};

struct SourceBlockArrays {
    bool decided = false;  // whether they pay, for 8-byte values on this device
    bool pay = false;
    DeviceArray<uint64_t> cut;
    SourceBlocks view;  // present once cut is built
};

struct DeviceEntry {
    int device = 0;
    CsrArrays out, in;
    PullArrays in_pull, out_pull;
    HubOrderArrays hub_in;
    SourceBlockArrays in_blocks;

    uint64_t bytes() const {
        return out.offsets.bytes() + out.indices.bytes() + out.weights.bytes() + in.offsets.bytes() +
               in.indices.bytes() + in.weights.bytes() + in_pull.bytes() + out_pull.bytes() + hub_in.bytes() +
               in_blocks.cut.bytes();
    }

    // Frees on the entry's own device, whichever is current.
    ~DeviceEntry() {
        int previous = -1;
        cudaGetDevice(&previous);
        cudaSetDevice(device);
        out = CsrArrays();
        in = CsrArrays();
        in_pull = PullArrays();
        out_pull = PullArrays();
        hub_in = HubOrderArrays();
        in_blocks = SourceBlockArrays();
        if (previous >= 0) cudaSetDevice(previous);
        cudaGetLastError();
    }
};

// The struct stored in Graph::cuda_cache().
struct DeviceGraphCache final : BackendCache {
    std::vector<std::unique_ptr<DeviceEntry>> entries;
};

template <class T>
DeviceArray<T> upload(const std::vector<T> &host, const char *what, cudaStream_t stream, double &transfer_ms) {
    DeviceArray<T> device(host.size(), what);
    copy_to_device(device.get(), host.data(), host.size() * sizeof(T), stream, transfer_ms);
    return device;
}

void upload_structure(const Csr &csr, CsrArrays &arrays, const char *offsets_what, const char *indices_what,
                      cudaStream_t stream, double &transfer_ms) {
    if (arrays.offsets.get() == nullptr) arrays.offsets = upload(csr.offsets, offsets_what, stream, transfer_ms);
    if (arrays.indices.get() == nullptr && !csr.indices.empty())
        arrays.indices = upload(csr.indices, indices_what, stream, transfer_ms);
}

DeviceCsr view_of(const Csr &csr, const CsrArrays &arrays, bool with_weights) {
    DeviceCsr view;
    view.n = csr.n;
    view.m = csr.num_edges();
    view.offsets = arrays.offsets.get();
    view.indices = arrays.indices.get();
    view.weights = with_weights ? arrays.weights.get() : nullptr;
    return view;
}

void build_pull(const Csr &csr, PullArrays &pull, cudaStream_t stream, double &transfer_ms, RunReport &report) {
    Stopwatch clock;
    PullLayoutHost host = build_pull_layout(csr);
    report.preprocess_ms += clock.elapsed_ms();
    pull.hub_vertex = upload(host.hub_vertex, "the pull layout's hub list", stream, transfer_ms);
    pull.hub_first_chunk = upload(host.hub_first_chunk, "the pull layout's hub chunks", stream, transfer_ms);
    pull.chunk_hub = upload(host.chunk_hub, "the pull layout's chunk owners", stream, transfer_ms);
    pull.view.lanes = host.lanes;
    pull.view.hub_threshold = host.hub_threshold;
    pull.view.chunk_edges = host.chunk_edges;
    pull.view.num_hubs = uint32_t(host.hub_vertex.size());
    pull.view.num_chunks = uint32_t(host.chunk_hub.size());
    pull.view.hub_vertex = pull.hub_vertex.get();
    pull.view.hub_first_chunk = pull.hub_first_chunk.get();
    pull.view.chunk_hub = pull.chunk_hub.get();
    pull.built = true;
}

void build_hub_order_arrays(const Graph &g, const Csr &in, HubOrderArrays &hub, cudaStream_t stream,
                            double &transfer_ms, RunReport &report) {
    Stopwatch clock;
    const bool pays = hub_order_pays(g.out);
    HubOrderHost host;
    if (pays) host = build_hub_order(in, g.out);
    report.preprocess_ms += clock.elapsed_ms();
    hub.decided = true;
    if (!pays) return;
    upload_structure(host.in, hub.in, "the hub-ordered CSC offsets", "the hub-ordered CSC indices", stream,
                     transfer_ms);
    hub.vertex_at = upload(host.vertex_at, "the hub order", stream, transfer_ms);
    hub.out_degree = upload(host.out_degree, "the hub-ordered out-degrees", stream, transfer_ms);
    build_pull(host.in, hub.pull, stream, transfer_ms, report);
    hub.view.present = true;
    hub.view.in = view_of(host.in, hub.in, false);
    hub.view.pull = hub.pull.view;
    hub.view.vertex_at = hub.vertex_at.get();
    hub.view.out_degree = hub.out_degree.get();
}

// Cuts the CSC (on the device, sorted lists) at the middle of the id range.
void build_source_blocks(const DeviceCsr &in, SourceBlockArrays &blocks, const DeviceInfo &info, cudaStream_t stream,
                         RunReport &report) {
    blocks.cut = DeviceArray<uint64_t>(in.n, "the CSC's source-block cuts");
    Stopwatch clock;
    // The second block: sources from ceil(n / 2).
    find_source_cuts(in, uint32_t((uint64_t(in.n) + 1) / 2), blocks.cut.get(), info, stream);
    GG_CUDA_CHECK(cudaStreamSynchronize(stream));
    report.preprocess_ms += clock.elapsed_ms();
    blocks.view.cut = blocks.cut.get();
    blocks.view.present = true;
}

}  // namespace

DeviceGraph device_graph(const Graph &g, int device_id, const GraphNeeds &needs, cudaStream_t stream,
                         RunReport &report) {
    std::lock_guard<std::mutex> lock(g.cache_mutex());
    std::unique_ptr<BackendCache> &slot = g.cuda_cache();
    if (!slot) slot = std::make_unique<DeviceGraphCache>();
    auto *cache = dynamic_cast<DeviceGraphCache *>(slot.get());
    if (cache == nullptr) fail(GG_ERROR_INTERNAL, "the graph's CUDA cache holds an object of another type");
    DeviceEntry *entry = nullptr;
    for (auto &e : cache->entries)
        if (e->device == device_id) entry = e.get();
    if (entry == nullptr) {
        cache->entries.push_back(std::make_unique<DeviceEntry>());
        entry = cache->entries.back().get();
        entry->device = device_id;
    }

    const bool want_blocks = needs.in_source_blocks != SourceBlocking::kNever;
    const bool need_in = needs.in || needs.in_weights || needs.in_pull_layout || want_blocks;
    const bool need_in_pull = needs.in_pull_layout || want_blocks;
    // The hub order is built from the CSC on the host; only it goes to the device.
    const bool build_hub_order = needs.hub_ordered_in && !entry->hub_in.decided;
    // An undirected graph's CSC is its CSR: share the device arrays too.
    const bool in_is_out = g.undirected;
    const bool need_out = needs.out || needs.out_weights || needs.out_pull_layout || (need_in && in_is_out);
    const bool need_out_weights = needs.out_weights || (needs.in_weights && in_is_out);

    double transfer_ms = 0;
    if (need_out) {
        upload_structure(g.out, entry->out, "the graph's CSR offsets", "the graph's CSR indices", stream, transfer_ms);
        if (need_out_weights && entry->out.weights.get() == nullptr && !g.out.weights.empty())
            entry->out.weights = upload(g.out.weights, "the graph's CSR weights", stream, transfer_ms);
    }
    const Csr *in_host = &g.out;
    if ((need_in || build_hub_order) && !in_is_out) {
        if (!g.in_is_built()) {
            Stopwatch clock;
            g.in();
            report.preprocess_ms += clock.elapsed_ms();
        }
        in_host = &g.in();
    }
    if (need_in && !in_is_out) {
        upload_structure(*in_host, entry->in, "the graph's CSC offsets", "the graph's CSC indices", stream,
                         transfer_ms);
        if (needs.in_weights && entry->in.weights.get() == nullptr && !in_host->weights.empty())
            entry->in.weights = upload(in_host->weights, "the graph's CSC weights", stream, transfer_ms);
    }
    const CsrArrays &in_arrays = in_is_out ? entry->out : entry->in;
    if (need_in_pull && !entry->in_pull.built)
        build_pull(*in_host, entry->in_pull, stream, transfer_ms, report);
    // An undirected graph's CSR layout is its CSC layout.
    PullArrays &out_pull = in_is_out ? entry->in_pull : entry->out_pull;
    if (needs.out_pull_layout && !out_pull.built) build_pull(g.out, out_pull, stream, transfer_ms, report);
    if (build_hub_order)
        build_hub_order_arrays(g, *in_host, entry->hub_in, stream, transfer_ms, report);
    report.transfer_ms += transfer_ms;
    if (needs.in_source_blocks == SourceBlocking::kWhereItPays && !entry->in_blocks.decided) {
        Stopwatch clock;
        entry->in_blocks.pay = source_blocks_pay(g.out, sizeof(double), uint64_t(use_device(device_id).l2_bytes));
        entry->in_blocks.decided = true;
        report.preprocess_ms += clock.elapsed_ms();
    }
    const bool use_blocks = needs.in_source_blocks == SourceBlocking::kAlways ||
                            (needs.in_source_blocks == SourceBlocking::kWhereItPays && entry->in_blocks.pay);
    if (use_blocks && !entry->in_blocks.view.present)
        build_source_blocks(view_of(*in_host, in_arrays, false), entry->in_blocks, use_device(device_id), stream,
                            report);

    DeviceGraph result;
    if (need_out) result.out = view_of(g.out, entry->out, need_out_weights);
    if (need_in) result.in = view_of(*in_host, in_arrays, needs.in_weights);
    if (entry->in_pull.built) result.in_pull = entry->in_pull.view;
    if (out_pull.built) result.out_pull = out_pull.view;
    result.hub_in = entry->hub_in.view;
    if (use_blocks) result.in_blocks = entry->in_blocks.view;
    result.device_bytes = entry->bytes();
    return result;
}

gg_layout choose_layout(gg_layout requested, gg_layout native, const char *algorithm) {
    if (requested == GG_LAYOUT_AUTO || requested == native) return native;
    if (requested == GG_LAYOUT_CSR) return GG_LAYOUT_CSR;
    fail(GG_ERROR_UNSUPPORTED, "the CUDA backend runs %s on the CSR layout%s only (layout %d was requested)", algorithm,
         native == GG_LAYOUT_CSR ? "" : " or its own", int(requested));
}

}  // namespace gg::cuda
