/*
 * Weakly connected components over the parts of a plan on the GPUs: the
 * CPU's partitioned algorithm (src/partitioned/components.cpp has the method
 * and why it gives the smallest id of each component, exactly) with the
 * GPU's pieces: each part's components come from the GPU's Afforest
 * (algorithms/cc.cu) on its local graph, once per plan (kept with the
 * part's pooled arrays); then every superstep each stale
 * part gives every local component the smallest label among its vertices
 * (two passes, a warp-aggregated atomicMin into each component's slot,
 * then a gather), and the device exchange (device_exchange.cuh; Medusa's replica
 * update, 002 §4.3) sends changed owned labels to the replicas, keeping the
 * smaller. Labels stay on the device until the last superstep.
 */
#include <vector>

#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "partitioned/device_exchange.cuh"
#include "partitioned/device_results.cuh"
#include "partitioned/device_runs.cuh"
#include "partitioned/fixed_point.h"
#include "partitioned/partitioned_run.h"
#include "primitives/fill.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

// smallest[c] = the least label of component c's vertices. A part's giant
// component puts most of its vertices on one slot, and an atomicMin per
// vertex serialised there: 23 ms for two rounds on kron scale 23 against
// 2.5 ms for the whole unpartitioned CC (bench/results/multi-gpu-2026-11-27.md).
// So the lanes of a warp that share a component first agree on their least
// label (one atomic per component per warp), and the atomic is skipped when
// the slot already holds a label as small (most of them, after the first
// warps reach the slot).
__global__ void smallest_label_per_component(const uint32_t *component, const uint32_t *label, uint32_t n,
                                             uint32_t *smallest) {
    // Warp-uniform bounds: every lane of a warp runs the same iterations.
    const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t first = blockIdx.x * uint64_t(blockDim.x) + (threadIdx.x & ~31u); first < n; first += stride) {
        const uint64_t v = first + lane_id();
        const bool live = v < n;
        const unsigned lanes = __ballot_sync(kFullMask, live);
        if (!live) continue;
        const uint32_t c = component[v];
        const unsigned peers = __match_any_sync(lanes, c);
        const uint32_t least = __reduce_min_sync(peers, label[v]);
        if (lane_id() == __ffs(peers) - 1 && least < *(volatile const uint32_t *)(smallest + c))
            atomicMin(&smallest[c], least);
    }
}

__global__ void take_component_label(const uint32_t *component, const uint32_t *smallest, uint32_t n,
                                     uint32_t *label) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += uint64_t(gridDim.x) * blockDim.x)
        label[v] = smallest[component[v]];
}

// A part's arrays, pooled under its local graph: its local components
// (Afforest's, computed by the first run on the part and kept, since they
// depend on the local graph only), its vertices' global ids (every label's
// start, uploaded with them), its labels and the per-component minima.
struct PartComponents final : EngineState {
    DeviceArray<uint32_t> component, global_ids, labels, smallest;
    explicit PartComponents(size_t size)
        : component(size, "a part's local components"), global_ids(size, "a part's global ids"),
          labels(size, "a part's labels"), smallest(size, "a part's smallest label per component") {}
    uint64_t bytes() const override {
        return component.bytes() + global_ids.bytes() + labels.bytes() + smallest.bytes();
    }
};

// The GPU's parts for run_to_fixed_point (src/partitioned/fixed_point.h).
class DeviceLabelParts {
public:
    DeviceLabelParts(DevicePartSet &parts, const RunConfig &config) : parts_(parts), exchange_(parts), values_(parts) {
        const PartitionPlan &plan = parts.plan();
        std::vector<uint32_t> host;
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            const size_t size = std::max<uint32_t>(part.size(), 1);
            // The part's arrays go on its device. (They were once allocated on
            // the context's current device: with peer access a kernel on
            // another device still reached them, across NVLink; a process
            // whose context runs on GPU 1 faulted with an illegal address.)
            DeviceScope scope(parts.device_of(p));
            const StateKey key{part.local.uid(), 0, parts.device_of(p), uint32_t(EngineId::part_components), 0};
            arrays_.push_back(StatePool::take<PartComponents>(
                parts.states(), key, [&] { return std::unique_ptr<EngineState>(new PartComponents(size)); }));
            PartComponents &arrays = *arrays_.back();
            const cudaStream_t stream = parts.stream_of(p);
            double unused = 0;
            if (arrays_.back().fresh() && part.size() > 0) {
                // Afforest on the part's local graph: component[l] is the
                // smallest local id of l's local component.
                host.assign(part.size(), 0);
                Stopwatch clock;
                RunReport local;
                cuda::cc(part.local, host.data(), parts.config_of(p, config), local);
                parts.compute_ms[p] += clock.elapsed_ms();
                edges_visited += local.edges_visited;
                copy_to_device(arrays.component.get(), host.data(), host.size() * sizeof(uint32_t), stream, unused);
                copy_to_device(arrays.global_ids.get(), part.global_ids.data(), part.size() * sizeof(uint32_t),
                               stream, unused);
            }
            // Each vertex starts with its own (global) id.
            if (part.size() > 0)
                GG_CUDA_CHECK(cudaMemcpyAsync(arrays.labels.get(), arrays.global_ids.get(),
                                              part.size() * sizeof(uint32_t), cudaMemcpyDeviceToDevice, stream));
            values_.value[p] = arrays.labels.get();
        }
        values_.mark_synced(parts);
        parts.synchronize();
        stale_.assign(plan.num_parts(), true);
    }

    bool has_work(uint32_t p) const { return stale_[p]; }

    // Queues part p's relabelling without waiting for it, so that parts on
    // different GPUs run at the same time; exchange() waits for every part's
    // and collects their device time.
    void step(uint32_t p) {
        const uint32_t n = parts_.plan().parts[p].size();
        DeviceScope scope(parts_.device_of(p));
        const cudaStream_t stream = parts_.stream_of(p);
        if (n > 0) {
            parts_.start_compute(p);
            const unsigned blocks = unsigned(grid_stride_blocks(n, 256, parts_.info_of(p)));
            fill(arrays_[p]->smallest.get(), UINT32_MAX, n, stream);
            smallest_label_per_component<<<blocks, 256, 0, stream>>>(arrays_[p]->component.get(), arrays_[p]->labels.get(), n,
                                                                     arrays_[p]->smallest.get());
            GG_CUDA_CHECK_LAUNCH("smallest_label_per_component");
            take_component_label<<<blocks, 256, 0, stream>>>(arrays_[p]->component.get(), arrays_[p]->smallest.get(), n,
                                                             arrays_[p]->labels.get());
            GG_CUDA_CHECK_LAUNCH("take_component_label");
            parts_.stop_compute(p);
            edges_visited += n;
        }
        stale_[p] = false;
    }

    void exchange() {
        parts_.synchronize();  // the steps end first: their time is not the exchange's
        parts_.collect_compute();
        exchange_.to_replicas(values_, KeepSmaller{});
        for (uint32_t p = 0; p < stale_.size(); ++p) stale_[p] = values_.changed_now[p] > 0;
    }

    void to_caller(uint32_t *labels, RunReport &report) {
        DeviceResults results(parts_);
        results.to_caller(values_.value, labels, report.transfer_ms);
    }

    uint64_t edges_visited = 0;

private:
    DevicePartSet &parts_;
    DeviceExchange exchange_;
    DevicePartValues<uint32_t> values_;
    std::vector<StatePool::Checkout<PartComponents>> arrays_;
    std::vector<bool> stale_;
};

}  // namespace

void partitioned_cc(DevicePartSet &parts, uint32_t *labels, const RunConfig &config, RunReport &report,
                    PartitionedReport &out) {
    DeviceLabelParts state(parts, config);
    const uint32_t supersteps = run_to_fixed_point(state, parts.num_parts(), parts.plan().communicator());
    state.to_caller(labels, report);
    parts.finish(report, out, supersteps, state.edges_visited);
}

}  // namespace gg::cuda
