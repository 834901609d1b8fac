// SpMV on the GPU: y(v) = sum over in-edges u -> v of w(u,v) * x(u), a pull
// over the CSC with the load balance of pull_layout.cuh (groups of lanes per
// vertex; hubs split into block-sized chunks, Tigr 001_e12cff375407a15a.txt
// §4.1). Products and sums are formed in double and rounded once to float,
// so the result is within one rounding of the exact sum whatever the order.
#include <algorithm>

#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "algorithms/spmv_step.cuh"
#include "layouts/device_layouts.cuh"
#include "primitives/pull_pass.cuh"

namespace gg::cuda {

void spmv(const Graph &g, const float *x, float *y, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, {GG_LAYOUT_CSR}, "SpMV");
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    const DeviceCsr in = layouts.edges(EdgeDirection::in, true);
    const PullLayout in_pull = layouts.pull(EdgeDirection::in);

    const uint32_t hubs = std::max<uint32_t>(in_pull.num_hubs, 1);
    auto state = take_state<SpmvState>(g, info, config, EngineId::spmv, 0,
                                       [&] { return std::make_unique<SpmvState>(n, hubs); });
    DeviceArray<float> &device_x = state->x;
    DeviceArray<float> &device_y = state->y;
    DeviceArray<double> &hub_sum = state->hub_sum;
    DeviceArray<uint32_t> &hub_arrivals = state->hub_arrivals;
    copy_to_device(device_x.get(), x, device_x.bytes(), stream.get(), report.transfer_ms);

    EventTimer compute;
    compute.start(stream.get());
    GG_CUDA_CHECK(cudaMemsetAsync(hub_sum.get(), 0, hub_sum.bytes(), stream.get()));
    GG_CUDA_CHECK(cudaMemsetAsync(hub_arrivals.get(), 0, hub_arrivals.bytes(), stream.get()));
    const ProductStep step{device_x.get(), in.weights, device_y.get()};
    launch_pull_pass(in, in_pull, HubScratch<double>{hub_sum.get(), hub_arrivals.get()}, info, step,
                     stream.get());
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    copy_to_host(y, device_y.get(), device_y.bytes(), stream.get(), report.transfer_ms);
    report.iterations = 1;
    report.edges_visited = g.m();
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
