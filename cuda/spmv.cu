// SpMV on the GPU: y(v) = sum over in-edges u -> v of w(u,v) * x(u), a pull
// over the CSC with the load balance of pull_layout.cuh (groups of lanes per
// vertex; hubs split into block-sized chunks, Tigr 001_e12cff375407a15a.txt
// §4.1). Products and sums are formed in double and rounded once to float,
// so the result is within one rounding of the exact sum whatever the order.
#include <algorithm>

#include "cuda_backend.h"
#include "device_graph.cuh"
#include "pull_pass.cuh"

namespace gg::cuda {

namespace {

struct ProductStep {
    using Acc = double;
    const float *x;
    const float *weights;
    float *y;

    __device__ bool proceed() const { return true; }
    struct Context {};
    __device__ Context before(uint32_t) const { return Context{}; }
    // Weights stream through once (evict-first); x is read-only and reused.
    __device__ Acc load(uint32_t u, uint64_t e) const { return double(__ldcs(weights + e)) * double(__ldg(x + u)); }
    __device__ void finish(uint32_t v, Acc sum, const Context &) const { y[v] = float(sum); }
    __device__ void flush() const {}
};

}  // namespace

void spmv(const Graph &g, const float *x, float *y, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, GG_LAYOUT_CSR, "SpMV");
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    GraphNeeds needs;
    needs.in = true;
    needs.in_weights = true;
    needs.in_pull_layout = true;
    const DeviceGraph graph = device_graph(g, info.id, needs, stream.get(), report);

    DeviceArray<float> device_x(n, "the SpMV input vector");
    DeviceArray<float> device_y(n, "the SpMV output vector");
    const uint32_t hubs = std::max<uint32_t>(graph.in_pull.num_hubs, 1);
    DeviceArray<double> hub_sum(hubs, "SpMV hub sums");
    DeviceArray<uint32_t> hub_arrivals(hubs, "SpMV hub arrivals");
    copy_to_device(device_x.get(), x, device_x.bytes(), stream.get(), report.transfer_ms);

    EventTimer compute;
    compute.start(stream.get());
    GG_CUDA_CHECK(cudaMemsetAsync(hub_sum.get(), 0, hub_sum.bytes(), stream.get()));
    GG_CUDA_CHECK(cudaMemsetAsync(hub_arrivals.get(), 0, hub_arrivals.bytes(), stream.get()));
    const ProductStep step{device_x.get(), graph.in.weights, device_y.get()};
    launch_pull_pass(graph.in, graph.in_pull, HubScratch<double>{hub_sum.get(), hub_arrivals.get()}, info, step,
                     stream.get());
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    copy_to_host(y, device_y.get(), device_y.bytes(), stream.get(), report.transfer_ms);
    report.iterations = 1;
    report.edges_visited = g.m();
    report.device_bytes = graph.device_bytes;
}

}  // namespace gg::cuda
