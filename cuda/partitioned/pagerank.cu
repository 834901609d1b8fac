/*
 * PageRank over the parts of a plan on the GPUs: the CPU's partitioned
 * method (src/partitioned/pagerank.cpp says why it is exact), Medusa's
 * multi-hop replication (002 §4.3), with the GPU's pull pass
 * (primitives/pull_pass.cuh, the load balance of the unpartitioned run):
 *
 *   contributions  each part computes r(u) / outdeg(u) for all its local
 *                  vertices (outdeg counts every edge of u, local or not) and
 *                  the dangling rank of its owned vertices;
 *   sum            the run adds the parts' dangling masses in part order;
 *   pull           each part recomputes its computed vertices (those whose
 *                  in-edges are all local) and sums the L1 change of its
 *                  owned ones; the run adds the changes in part order;
 *   refresh        every `depth` iterations owners send their ranks to the
 *                  replicas (device_exchange.cuh; dense after depth > 1,
 *                  when replicas computed values of their own).
 *
 * Ranks stay on the devices; two numbers per part cross to the host each
 * iteration (and between processes, for a distributed plan). The sums run in another order than the unpartitioned run's:
 * ranks agree to rounding.
 */
#include <algorithm>
#include <memory>
#include <vector>

#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "layouts/device_layouts.cuh"
#include "partitioned/device_exchange.cuh"
#include "partitioned/device_results.cuh"
#include "partitioned/device_runs.cuh"
#include "partitioned/partitioned_run.h"
#include "primitives/fill.cuh"
#include "primitives/pull_pass.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

// c(u) = r(u) / outdeg(u) (0 without out-edges), and the rank of the owned
// vertices without out-edges added into *dangling.
__global__ void part_contributions(const double *rank, const uint32_t *out_degree, uint32_t size, uint32_t owned,
                                   double *contribution, double *dangling) {
    double mass = 0;
    for (uint64_t u = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; u < size;
         u += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t degree = out_degree[u];
        contribution[u] = degree ? rank[u] / double(degree) : 0.0;
        if (degree == 0 && u < owned) mass += rank[u];
    }
    mass = block_sum(mass);
    if (threadIdx.x == 0) atomicAdd(dangling, mass);
}

// The pull pass's operation (pull_pass.cuh): r(v) = base + d * sum of the
// contributions of v's in-edges, for the computed vertices only (a replica
// farther out has only some of its in-edges here; the next refresh gives it
// its owner's rank), with the L1 change of the owned ones.
struct PartRankStep {
    using Acc = double;
    const double *contribution;
    double *rank;
    uint32_t computed, owned;
    double base, damping;
    double *change;
    double local_change = 0;

    __device__ bool proceed() const { return true; }
    struct Context {
        double old_rank;
    };
    __device__ Context before(uint32_t v) const { return Context{v < computed ? rank[v] : 0.0}; }
    __device__ Acc load(uint32_t u, uint64_t) const { return __ldg(contribution + u); }
    __device__ void finish(uint32_t v, Acc sum, const Context &c) {
        if (v >= computed) return;
        const double r = base + damping * sum;
        if (v < owned) local_change += fabs(r - c.old_rank);
        rank[v] = r;
    }
    __device__ void flush() {
        const double c = block_sum(local_change);
        if (threadIdx.x == 0) atomicAdd(change, c);
    }
};

// A part's arrays, pooled under its local graph: ranks, contributions, the
// global out-degrees of its local vertices (uploaded once), the hub
// scratch of the pull pass, and the two sums of an iteration with the pinned
// words they are read into.
struct PartRanks final : EngineState {
    DeviceArray<double> rank, contribution, sums, hub_sum;
    DeviceArray<uint32_t> out_degree, hub_arrivals;
    PinnedBuffer read{2 * sizeof(double)};
    PartRanks(size_t size, uint32_t hubs)
        : rank(size, "a part's ranks"), contribution(size, "a part's rank contributions"),
          sums(2, "a part's dangling mass and change"), hub_sum(hubs, "a part's hub sums"),
          out_degree(size, "a part's out-degrees"), hub_arrivals(hubs, "a part's hub arrivals") {}
    uint64_t bytes() const override {
        return rank.bytes() + contribution.bytes() + sums.bytes() + hub_sum.bytes() + out_degree.bytes() +
               hub_arrivals.bytes();
    }
    double *dangling() const { return sums.get(); }
    double *change() const { return sums.get() + 1; }
};

class DeviceRankParts {
public:
    DeviceRankParts(DevicePartSet &parts, const RunConfig &config, RunReport &report)
        : parts_(parts), config_(config), values_(parts), layouts_(parts, report) {
        const PartitionPlan &plan = parts.plan();
        const double start = 1.0 / double(plan.n);
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            DeviceScope scope(parts.device_of(p));
            const cudaStream_t stream = parts.stream_of(p);
            uint32_t hubs = 1;
            if (part.size()) {
                in_.push_back(layouts_.of(p).edges(EdgeDirection::in, false));
                pull_.push_back(layouts_.of(p).pull(EdgeDirection::in));
                hubs = std::max<uint32_t>(pull_.back().num_hubs, 1);
                report.device_bytes += layouts_.of(p).device_bytes();
            } else {
                in_.emplace_back();
                pull_.emplace_back();
            }
            const size_t size = std::max<uint32_t>(part.size(), 1);
            arrays_.push_back(take_state<PartRanks>(part.local, parts.info_of(p), parts.config_of(p, config),
                                                    EngineId::part_pagerank, 0,
                                                    [&] { return std::make_unique<PartRanks>(size, hubs); }));
            PartRanks &arrays = *arrays_.back();
            if (arrays_.back().fresh() && part.size()) {
                double unused = 0;
                copy_to_device(arrays.out_degree.get(), part.out_degree.data(), part.size() * sizeof(uint32_t),
                               stream, unused);
            }
            fill(arrays.rank.get(), start, part.size(), stream);
            values_.value[p] = arrays.rank.get();
        }
        values_.mark_synced(parts);
        parts.synchronize();
    }

    // The dangling rank of the owned vertices, over all parts.
    double dangling() {
        for_each_part([&](uint32_t p, PartRanks &a, cudaStream_t stream, unsigned blocks) {
            part_contributions<<<blocks, 256, 0, stream>>>(a.rank.get(), a.out_degree.get(),
                                                           parts_.plan().parts[p].size(),
                                                           parts_.plan().parts[p].owned, a.contribution.get(),
                                                           a.dangling());
            GG_CUDA_CHECK_LAUNCH("part_contributions");
        });
        return read_sums(0);
    }

    // One pull over every part's computed vertices; returns the L1 change.
    double pull(double base) {
        for_each_part([&](uint32_t p, PartRanks &a, cudaStream_t stream, unsigned) {
            const PartitionPart &part = parts_.plan().parts[p];
            PartRankStep step{a.contribution.get(), a.rank.get(), part.computed, part.owned, base,
                              config_.damping, a.change()};
            launch_pull_pass(in_[p], pull_[p], HubScratch<double>{a.hub_sum.get(), a.hub_arrivals.get()},
                             parts_.info_of(p), step, stream);
            edges_visited += part.local.in().offsets[part.computed];
        });
        return read_sums(1);
    }

    void refresh() {
        DeviceExchange exchange(parts_);
        exchange.to_replicas(values_, TakeOwners{}, /*everything=*/parts_.plan().depth > 1);
    }

    void to_caller(double *ranks, RunReport &report) {
        DeviceResults results(parts_);
        results.to_caller(values_.value, ranks, report.transfer_ms);
    }

    uint64_t edges_visited = 0;

private:
    // Launches `launch` on every part that has vertices, its sums zeroed.
    template <class Launch>
    void for_each_part(Launch launch) {
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            const uint32_t size = parts_.plan().parts[p].size();
            if (size == 0) continue;
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartRanks &a = *arrays_[p];
            GG_CUDA_CHECK(cudaMemsetAsync(a.sums.get(), 0, a.sums.bytes(), stream));
            launch(p, a, stream, unsigned(grid_stride_blocks(size, 256, parts_.info_of(p))));
            GG_CUDA_CHECK(cudaMemcpyAsync(a.read.get(), a.sums.get(), a.sums.bytes(), cudaMemcpyDeviceToHost, stream));
            parts_.compute_ms[p] += clock.elapsed_ms();
        }
    }

    // Waits for every part and adds sum `which` of each, in part order,
    // over every process (sum_by_part: the same bits however the parts are
    // spread).
    double read_sums(int which) {
        std::vector<double> by_part(parts_.num_parts(), 0.0);
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            if (parts_.plan().parts[p].size() == 0) continue;
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(p));
            GG_CUDA_CHECK(cudaStreamSynchronize(parts_.stream_of(p)));
            by_part[p] = static_cast<const double *>(arrays_[p]->read.get())[which];
            parts_.compute_ms[p] += clock.elapsed_ms();
        }
        return sum_by_part(parts_.plan().communicator(), by_part);
    }

    DevicePartSet &parts_;
    const RunConfig &config_;
    DevicePartValues<double> values_;
    PartLayouts layouts_;
    std::vector<DeviceCsr> in_;
    std::vector<PullLayout> pull_;
    std::vector<StatePool::Checkout<PartRanks>> arrays_;
};

}  // namespace

void partitioned_pagerank(DevicePartSet &parts, double *ranks, const RunConfig &config, RunReport &report,
                          PartitionedReport &out) {
    const PartitionPlan &plan = parts.plan();
    const uint32_t n = plan.n;
    if (n == 0) {
        parts.finish(report, out, 0, 0);
        return;
    }
    DeviceRankParts state(parts, config, report);
    const double d = config.damping;
    uint32_t iterations = 0;
    // The CPU's loop (src/partitioned/pagerank.cpp), step for step.
    while (iterations < config.max_iterations) {
        const double dangling = state.dangling();
        const double base = (1.0 - d) / double(n) + d * dangling / double(n);
        const double change = state.pull(base);
        ++iterations;
        if (change < config.tolerance) break;
        if (iterations % plan.depth == 0) state.refresh();
    }
    state.to_caller(ranks, report);
    parts.finish(report, out, iterations, state.edges_visited);
}

}  // namespace gg::cuda
