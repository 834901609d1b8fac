/*
 * SpMV over the parts of a plan on the GPUs: the CPU's partitioned method
 * (src/partitioned/spmv.cpp): owners send x to their replicas in one dense
 * exchange (device_exchange.cuh; Medusa's replica update, 002 §4.3), then
 * each part runs the GPU's SpMV pull pass (algorithms/spmv_step.cuh) over
 * its local in-edges, which hold every in-edge of its owned vertices; the
 * rows of its replicas are partial and dropped. Each y(v) sums the same
 * products in double as the unpartitioned run, in another order, and is
 * rounded once to float: the results agree to float rounding.
 */
#include <algorithm>
#include <memory>
#include <vector>

#include "algorithms/spmv_step.cuh"
#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "layouts/device_layouts.cuh"
#include "partitioned/device_exchange.cuh"
#include "partitioned/device_results.cuh"
#include "partitioned/device_runs.cuh"
#include "partitioned/partitioned_run.h"
#include "primitives/pull_pass.cuh"

namespace gg::cuda {

void partitioned_spmv(DevicePartSet &parts, const float *x, float *y, const RunConfig &config, RunReport &report,
                      PartitionedReport &out) {
    const PartitionPlan &plan = parts.plan();
    const uint32_t k = plan.num_parts();
    DeviceExchange exchange(parts);
    DevicePartValues<float> xs(parts);
    std::vector<StatePool::Checkout<SpmvState>> states;  // per part, pooled under its local graph
    PartLayouts layouts(parts, report);
    for (uint32_t p = 0; p < k; ++p) {
        const PartitionPart &part = plan.parts[p];
        DeviceScope scope(parts.device_of(p));
        const DeviceInfo &info = parts.info_of(p);
        uint32_t hubs = 1;
        if (part.owned > 0) {
            hubs = std::max<uint32_t>(layouts.of(p).pull(EdgeDirection::in).num_hubs, 1);
        }
        const uint32_t size = std::max<uint32_t>(part.size(), 1);
        states.push_back(take_state<SpmvState>(part.local, info, parts.config_of(p, config), EngineId::spmv, 0,
                                               [&] { return std::make_unique<SpmvState>(size, hubs); }));
        xs.value[p] = states.back()->x.get();
    }
    // The owned entries of x; the exchange brings the replicas'.
    DeviceResults results(parts);
    results.from_caller(x, xs.value, report.transfer_ms);
    exchange.to_replicas(xs, TakeOwners{}, /*everything=*/true);

    uint64_t edges = 0;
    std::vector<float *> ys(k, nullptr);
    for (uint32_t p = 0; p < k; ++p) {
        const PartitionPart &part = plan.parts[p];
        if (part.owned == 0) continue;
        DeviceScope scope(parts.device_of(p));
        const DeviceInfo &info = parts.info_of(p);
        const cudaStream_t stream = parts.stream_of(p);
        const DeviceCsr in = layouts.of(p).edges(EdgeDirection::in, true);
        const PullLayout pull = layouts.of(p).pull(EdgeDirection::in);
        report.device_bytes += layouts.of(p).device_bytes();
        SpmvState &state = *states[p];
        GG_CUDA_CHECK(cudaMemsetAsync(state.hub_sum.get(), 0, state.hub_sum.bytes(), stream));
        GG_CUDA_CHECK(cudaMemsetAsync(state.hub_arrivals.get(), 0, state.hub_arrivals.bytes(), stream));
        const ProductStep step{state.x.get(), in.weights, state.y.get()};
        parts.start_compute(p);
        launch_pull_pass(in, pull, HubScratch<double>{state.hub_sum.get(), state.hub_arrivals.get()}, info, step,
                         stream);
        parts.stop_compute(p);
        ys[p] = state.y.get();
        edges += part.local.in().offsets[part.owned];
    }
    results.to_caller(ys, y, report.transfer_ms);
    parts.finish(report, out, 1, edges);
}

}  // namespace gg::cuda
