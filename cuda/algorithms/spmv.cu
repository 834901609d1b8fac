// SpMV on the GPU: y(v) = sum over in-edges u -> v of w(u,v) * x(u), a pull
// over the CSC with the load balance of pull_layout.cuh (groups of lanes per
// vertex; hubs split into block-sized chunks, Tigr 001_e12cff375407a15a.txt
// §4.1). Products and sums are formed in double and rounded once to float,
// so the result is within one rounding of the exact sum whatever the order.
// The same step runs over GraphCage's source blocks (TOCAB,
// blocked_pull_pass.cuh) and Tigr's virtual split (split_pull_pass.cuh);
// CuSha's layouts run in engines/cusha_engine.cu.
#include <algorithm>

#include "cuda_backend.h"
#include "engines/cusha_engine.cuh"
#include "engines/engine_state.cuh"
#include "engines/layout_relax.cuh"
#include "algorithms/spmv_step.cuh"
#include "layouts/device_layouts.cuh"
#include "layout/source_blocks.h"
#include "primitives/blocked_pull_pass.cuh"
#include "primitives/pull_pass.cuh"
#include "primitives/split_pull_pass.cuh"

namespace gg::cuda {

void spmv(const Graph &g, const float *x, float *y, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout,
                                  {GG_LAYOUT_CSR, GG_LAYOUT_TOCAB, GG_LAYOUT_VIRTUAL_SPLIT, GG_LAYOUT_GSHARDS,
                                   GG_LAYOUT_CW},
                                  "SpMV");
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    // Under auto, CSR, G-Shards or TOCAB, by the cost model of
    // src/layout/auto_layout.h (G-Shards where the gathers miss the L2).
    if (config.layout == GG_LAYOUT_AUTO) report.layout = layouts.auto_layout(AutoKernel::spmv).layout;
    const bool shards = report.layout == GG_LAYOUT_GSHARDS || report.layout == GG_LAYOUT_CW;
    const bool split = report.layout == GG_LAYOUT_VIRTUAL_SPLIT;
    const bool blocked = report.layout == GG_LAYOUT_TOCAB;
    const DeviceCsr in = shards ? DeviceCsr{} : layouts.edges(EdgeDirection::in, true);
    const PullLayout in_pull = shards || split ? PullLayout{} : layouts.pull(EdgeDirection::in);
    const VirtualSplit in_split =
        split ? layouts.virtual_split(EdgeDirection::in, degree_bound_of(report.layout, config), true) : VirtualSplit{};

    // Scratch slots: one per hub of the pull layout, or per virtual node.
    const uint32_t hubs = std::max<uint32_t>(split ? in_split.num_virtual : in_pull.num_hubs, 1);
    const uint64_t variant = split ? (uint64_t(in_split.degree_bound) << 2) | 1 : blocked ? 2 : 0;
    auto state = take_state<SpmvState>(g, info, config, EngineId::spmv, variant,
                                       [&] { return std::make_unique<SpmvState>(n, hubs, blocked); });
    DeviceArray<float> &device_x = state->x;
    DeviceArray<float> &device_y = state->y;
    DeviceArray<double> &hub_sum = state->hub_sum;
    DeviceArray<uint32_t> &hub_arrivals = state->hub_arrivals;
    copy_to_device(device_x.get(), x, device_x.bytes(), stream.get(), report.transfer_ms);

    if (shards) {
        cusha_spmv(g, layouts.shards(EdgeDirection::out), report.layout, device_x.get(), device_y.get(), info, config,
                   stream.get(), report);
    } else {
        EventTimer compute;
        compute.start(stream.get());
        GG_CUDA_CHECK(cudaMemsetAsync(hub_sum.get(), 0, hub_sum.bytes(), stream.get()));
        GG_CUDA_CHECK(cudaMemsetAsync(hub_arrivals.get(), 0, hub_arrivals.bytes(), stream.get()));
        const HubScratch<double> scratch{hub_sum.get(), hub_arrivals.get()};
        const ProductStep step{device_x.get(), in.weights, device_y.get()};
        if (blocked)
            launch_blocked_pull_pass(in, in_pull,
                                     layouts.in_source_blocks(source_block_count(
                                         layouts.facts().peak_live_sources, sizeof(float), layout_l2_bytes(info))),
                                     scratch, info, step, state->partial.get(), stream.get());
        else if (split)
            launch_split_pull_pass(in_split, scratch, info, ProductStep{device_x.get(), in_split.edges.weights,
                                                                        device_y.get()}, stream.get());
        else
            launch_pull_pass(in, in_pull, scratch, info, step, stream.get());
        compute.stop(stream.get());
        report.compute_ms += compute.elapsed_ms();
    }

    copy_to_host(y, device_y.get(), device_y.bytes(), stream.get(), report.transfer_ms);
    report.iterations = 1;
    report.edges_visited = g.m();
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
