/*
 * PageRank over the parts of a plan on the GPUs: the CPU's partitioned
 * method (src/partitioned/pagerank.cpp says why it is exact), Medusa's
 * multi-hop replication (002 §4.3), with the GPU's pull pass
 * (primitives/pull_pass.cuh, the load balance of the unpartitioned run).
 *
 * The parts hold contributions r(u) / outdeg(u) (outdeg counts every edge
 * of u, local or not; r(u) itself where there is none) for all their local
 * vertices, in two buffers, and no ranks until the end, as the
 * unpartitioned run (cuda/algorithms/pagerank.cu says why): an iteration's
 * pull reads one and writes the other, one kernel per part per iteration
 * doing all of it:
 *
 *   pull     each part recomputes its computed vertices (those whose
 *            in-edges are all local) from the contributions, and writes
 *            their new contributions, the L1 change of its owned ones and
 *            the rank of its owned vertices without out-edges (the next
 *            iteration's dangling mass); the run adds both sums in part
 *            order: where every part is in this process and every device
 *            reads the others' memory, on the devices (combine_part_sums,
 *            before each part's pull; the host waits once per kBatch
 *            iterations, as the unpartitioned run does), else on the host
 *            (two numbers per part cross to it per iteration);
 *   refresh  every `depth` iterations owners send their contributions to
 *            the replicas, which take them in place of their own. The
 *            refresh is queued on the devices right behind the pull,
 *            without a host wait (DeviceExchange::broadcast_dense: a dense
 *            pack, one move per link between devices, NCCL between
 *            processes, an unpack), so an iteration waits on the host at
 *            most once, for its two sums (added over the processes of a
 *            distributed plan). Replicas farther out than depth - 1 hops are not
 *            recomputed between refreshes, so after a refresh both buffers
 *            take their new value.
 *
 * A first version stored each owned vertex's new contribution into its
 * replicas' slots on the other device from inside the pull kernel (peer
 * stores over NVLink, no refresh step at all). On two H200s the two ways
 * took 155.8 and 151.9 ms for 10 iterations of kron scale 25 over random
 * parts (14.1 million replicas), and 8.23 and 8.63 ms on the 8192 x 8192
 * grid over METIS parts (bench/results/multi-gpu-scale-25-26-2026-11-27.md):
 * the refresh is not what bounds the run, the parts' pulls are. The
 * broadcast stays: it needs no per-vertex replica lists on the devices,
 * and its device time can be measured (exchange_ms).
 *
 * Where hubs carry most of a part's edges the pull runs over the hub order
 * of its computed vertices' in-edges (RunLayouts::hub_ordered_in(rows),
 * the pass the unpartitioned run takes there): its contributions and
 * out-degrees are by pass id, its ranks by local id. The first runs on two
 * H200s pulled over the plain local CSC, whose rows include the outer
 * replicas' in-edges (the edges from the owned vertices out to them, a
 * third of each part's local edges on kron 25 over random parts), pulled
 * and thrown away: each part's pull over half of kron 25's edges took 14.5
 * ms per iteration against 11.1 ms for all of them unpartitioned. With the
 * hub order of every local row it took 9.25 ms on four H200s.
 *
 * With parts on several devices of one process and a refresh worth hiding,
 * a refresh iteration computes each part's boundary first and refreshes
 * while it pulls the rest (finish_overlapped, Medusa's overlap, 002 §4.3;
 * overlap_asked says when, and what it gains).
 *
 * The unpartitioned run computes the same iterates; the sums run in
 * another order, so ranks agree to rounding.
 */
#include <algorithm>
#include <memory>
#include <vector>

#include "core/environment.h"
#include "core/timer.h"
#include "core/trace.h"
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

constexpr uint32_t kNotConverged = 0xffffffffu;
constexpr uint32_t kBatch = 8;  // iterations queued between two host waits where the devices add the sums

// How a part's pull numbers its vertices: in the hub order of its local
// graph (src/layout/hub_order.h, where hubs carry most of its edges, as the
// unpartitioned run does), or by local id (vertex_at null). Contributions
// and out-degrees are by pass id, ranks by local id.
struct PassOrder {
    const uint32_t *vertex_at = nullptr;  // pass id -> local id
    __device__ uint32_t local(uint32_t v) const { return vertex_at ? vertex_at[v] : v; }
};

// The global out-degree of each pass id, and each local id's pass id.
__global__ void order_part_arrays(const uint32_t *vertex_at, const uint32_t *out_degree, uint32_t size,
                                  uint32_t *pass_degree, uint32_t *position) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < size;
         v += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t local = vertex_at[v];
        pass_degree[v] = out_degree[local];
        position[local] = uint32_t(v);
    }
}

// The first iteration's contributions, from the start ranks of every local
// vertex (r / outdeg, or r itself without out-edges: no edge gathers it,
// and it keeps the rank), and the rank of the owned vertices without
// out-edges added into *dangling.
__global__ void part_contributions(const double *rank, const uint32_t *out_degree, PassOrder order, uint32_t size,
                                   uint32_t owned, double *contribution, double *dangling) {
    double mass = 0;
    for (uint64_t u = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; u < size;
         u += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t local = order.local(uint32_t(u));
        const uint32_t degree = out_degree[u];
        contribution[u] = degree ? rank[local] / double(degree) : rank[local];
        if (degree == 0 && local < owned) mass += rank[local];
    }
    mass = block_sum(mass);
    if (threadIdx.x == 0) atomicAdd(dangling, mass);
}

// The owned vertices' ranks, by local id, from their contributions.
__global__ void part_ranks(const double *contribution, const uint32_t *out_degree, PassOrder order, uint32_t size,
                           uint32_t owned, double *rank) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < size;
         v += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t local = order.local(uint32_t(v));
        if (local >= owned) continue;
        const uint32_t degree = out_degree[v];
        rank[local] = degree ? contribution[v] * double(degree) : contribution[v];
    }
}

// Part p's part of iteration t summed on the devices (no host wait an
// iteration): the sums of r_t of every part (slot t % 2 of each part's sums,
// written by its last pull, read over the links in part order, so that
// every part gets the same bits) give the iteration's base, (1 - d) / n +
// d * D / n with D the dangling mass, the host's formula; where the L1
// change of r_t (t >= 1) is below the tolerance the run converged at t, and
// the pulls from then on do nothing. Part p's slot for r_(t+1) is cleared
// here: every part read it for iteration t - 1, and this stream waited for
// theirs (DeviceRankParts::every_part_waits).
constexpr uint32_t kMaxSummedParts = 32;
struct PartSums {
    const double *at[kMaxSummedParts];  // each part's sums, [slot][dangling, change]; null: an empty part
    uint32_t count;
};
__global__ void combine_part_sums(PartSums all, uint32_t t, double first_term, double damping, double n,
                                  double tolerance, double *base, uint32_t *converged_at, double *next_slot) {
    if (threadIdx.x != 0) return;
    const uint32_t slot = 2 * (t % 2);
    double dangling = 0, change = 0;
    for (uint32_t p = 0; p < all.count; ++p) {
        if (all.at[p] == nullptr) continue;
        dangling += all.at[p][slot];
        change += all.at[p][slot + 1];
    }
    *base = first_term + damping * dangling / n;
    if (t > 0 && *converged_at == kNotConverged && change < tolerance) *converged_at = t;
    next_slot[0] = next_slot[1] = 0;
}

// After a refresh, the replicas beyond depth - 1 hops (local ids from
// `computed` on) take their new contribution in the other buffer too.
__global__ void copy_far_replicas(const double *from, PassOrder order, uint32_t size, uint32_t computed,
                                  double *to) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < size;
         v += uint64_t(gridDim.x) * blockDim.x)
        if (order.local(uint32_t(v)) >= computed) to[v] = from[v];
}

// The pull pass's operation (pull_pass.cuh): r(v) = base + d * sum of the
// contributions of v's in-edges, for the computed vertices only (a replica
// farther out has only some of its in-edges here: it waits for its owner's
// value); the new contributions, and for the owned vertices the L1 change
// and the dangling mass.
struct PartRankStep {
    using Acc = double;
    const double *contribution;  // this iteration's, every local vertex (by pass id)
    double *next;                // the next iteration's
    const uint32_t *out_degree;  // by pass id
    PassOrder order;
    uint32_t computed, owned;
    double base, damping;
    bool refresh;  // the iteration ends in a refresh: replicas take their owners' contributions
    double *sums;  // [0] dangling mass of the new ranks, [1] L1 change
    // Iterations summed on the devices (DeviceRankParts::device_sums_): the
    // base from combine_part_sums in place of `base`, and nothing to do once
    // the run converged. Null on the host's iterations.
    const double *device_base = nullptr;
    const uint32_t *converged_at = nullptr;
    double local_dangling = 0, local_change = 0;

    __device__ bool proceed() const {
        return converged_at == nullptr || load_volatile(converged_at) == kNotConverged;
    }
    struct Context {
        double old_rank;
        uint32_t local;
    };
    // The old rank from the vertex's own contribution (read in pass order),
    // as the unpartitioned run does: a rank array read and written by local
    // id is a random access per vertex in a hub order.
    __device__ Context before(uint32_t v) const {
        const uint32_t local = order.local(v);
        if (local >= owned) return Context{0.0, local};
        const uint32_t degree = out_degree[v];
        const double own = contribution[v];
        return Context{degree ? own * double(degree) : own, local};
    }
    __device__ Acc load(uint32_t u, uint64_t) const { return __ldg(contribution + u); }
    __device__ void finish(uint32_t v, Acc sum, const Context &c) {
        if (c.local >= computed) return;
        const double r = (device_base ? *device_base : base) + damping * sum;
        const uint32_t degree = out_degree[v];
        const double share = degree ? r / double(degree) : r;
        if (c.local >= owned) {
            if (!refresh) next[v] = share;
            return;
        }
        next[v] = share;
        local_change += fabs(r - c.old_rank);
        if (degree == 0) local_dangling += r;
    }
    __device__ void flush() {
        const double dangling = block_sum(local_dangling);
        if (threadIdx.x == 0) atomicAdd(sums, dangling);
        const double change = block_sum(local_change);
        if (threadIdx.x == 0) atomicAdd(sums + 1, change);
    }
};

// A pull over rows [first, first + count) of a hub order whose rows are in
// two groups (HubOrderedCsc::row_at): the pass numbers them from 0, the
// step sees their ids.
template <class Op>
struct RowWindow {
    using Acc = typename Op::Acc;
    using Context = typename Op::Context;
    Op op;
    const uint32_t *row_at;
    uint32_t first;
    __device__ bool proceed() const { return op.proceed(); }
    __device__ Context before(uint32_t r) const { return op.before(row_at[first + r]); }
    __device__ Acc load(uint32_t u, uint64_t e) const { return op.load(u, e); }
    __device__ void finish(uint32_t r, Acc sum, const Context &c) { op.finish(row_at[first + r], sum, c); }
    __device__ void flush() { op.flush(); }
};

// The rows [first, first + count) of `in` as a CSC of their own.
DeviceCsr row_window(DeviceCsr in, uint32_t first, uint32_t count) {
    in.offsets += first;
    in.n = count;
    return in;
}

// Whether the refresh overlaps the pulls: GG_PARTITIONED_OVERLAP=1 always,
// =0 never (docs/building.md); unset, where some part sends at least 1% of
// its owned vertices' values a refresh. On two H200s, kron 26 over random
// parts (each part sends 40% of its vertices' values), 20 iterations took
// 264.8 ms overlapped and 305.4 ms not; the 8192 x 8192 grid over METIS
// parts (0.03%) 11.63 against 11.29 ms: there is next to nothing to hide,
// and the second group's launch and the streams' waits cost 17 us an
// iteration (the 1% lies between the two, not measured closer). But kron
// 25 over random parts (40% too) took 134.6 overlapped and 124.4 ms not:
// its parts' pulls over two row groups are 10% slower than over one, where
// kron 26's are 13% faster, for a reason not found yet (session 57,
// bench/results/multi-gpu-h200x2-2026-11-29-s57.md). Overlap was off by
// default until then: the overlapped runs had measured slower (343.9
// against 320.3 ms on kron 26, bench/results/multi-gpu-nccl-overlap-2026-11-27.md),
// but each of them also paid a pass over every part's links on the host for
// the hub order's front set, which the order, once cached, did not need
// (RunLayouts::FrontSet now asks for it only when it builds).
bool overlap_asked(const PartitionPlan &plan) {
    const EnvironmentSwitch asked = switch_from_environment("GG_PARTITIONED_OVERLAP");
    if (asked != EnvironmentSwitch::unset) return asked == EnvironmentSwitch::on;
    std::vector<uint64_t> sent(plan.num_parts(), 0);
    for (const ReplicaLink &link : plan.links) sent[link.owner_part] += link.owner_local.size();
    for (uint32_t p = 0; p < plan.num_parts(); ++p)
        if (sent[p] * 100 >= plan.parts[p].owned && sent[p] != 0) return true;
    return false;
}

// A part's arrays, pooled under its local graph and pass: owned ranks, the
// two contribution buffers, the global out-degrees of its local vertices
// (uploaded once; in a hub order also by pass id, with each local id's pass
// id), the hub scratch of the pull pass, and the two sums of an iteration
// with the pinned words they are read into.
struct PartRanks final : EngineState {
    DeviceArray<double> rank, contribution, sums, hub_sum, base;
    DeviceArray<uint32_t> out_degree, hub_arrivals, pass_degree, position, converged_at;
    PinnedBuffer read{2 * sizeof(double)}, converged_read{sizeof(uint32_t)};
    PartRanks(size_t size, uint32_t hubs, bool ordered)
        : rank(size, "a part's ranks"), contribution(2 * size, "a part's rank contributions"),
          sums(4, "a part's dangling mass and change, two slots"), hub_sum(hubs, "a part's hub sums"),
          base(1, "a part's iteration base"), out_degree(size, "a part's out-degrees"),
          hub_arrivals(hubs, "a part's hub arrivals"), pass_degree(ordered ? size : 0, "a part's out-degrees in hub order"),
          position(ordered ? size : 0, "a part's hub order positions"),
          converged_at(1, "a part's converged iteration") {}
    uint64_t bytes() const override {
        return rank.bytes() + contribution.bytes() + sums.bytes() + hub_sum.bytes() + base.bytes() +
               out_degree.bytes() + hub_arrivals.bytes() + pass_degree.bytes() + position.bytes() +
               converged_at.bytes();
    }
    // The sums of r_t (slot t % 2; the host's iterations use slot 0).
    double *sums_of(uint32_t t) const { return sums.get() + 2 * (t % 2); }
    // The out-degrees by pass id.
    const uint32_t *degrees() const { return pass_degree.size() ? pass_degree.get() : out_degree.get(); }
    // Contribution buffer 0 or 1.
    double *buffer(uint32_t which) const { return contribution.get() + which * rank.size(); }
};

// Whether the refresh goes by the message exchange (changed values packed,
// their counts read back, merged: the rounds of the other algorithms) in
// place of the dense broadcast: GG_PARTITIONED_MESSAGE_EXCHANGE=1
// (docs/building.md), so that the tests check both ways give the ranks.
bool message_exchange_asked() { return flag_from_environment("GG_PARTITIONED_MESSAGE_EXCHANGE"); }

class DeviceRankParts {
public:
    DeviceRankParts(DevicePartSet &parts, const RunConfig &config, RunReport &report)
        : parts_(parts), config_(config), layouts_(parts, report), ranks_(parts.num_parts(), nullptr),
          bulk_(!message_exchange_asked()),
          overlap_(bulk_ && parts.plan().ranks == 1 && parts.num_devices() > 1 && overlap_asked(parts.plan())) {
        const PartitionPlan &plan = parts.plan();
        const double start = 1.0 / double(plan.n);
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            DeviceScope scope(parts.device_of(p));
            const cudaStream_t stream = parts.stream_of(p);
            uint32_t hubs = 1;
            PassOrder order;
            // The unpartitioned run's choice (cuda/algorithms/pagerank.cu):
            // the hub order where hubs carry most of the edges. The message
            // exchange addresses values by local id, so it keeps the ids.
            // Overlapped, its rows in two groups: the boundary's, whose
            // values the refresh sends, then the others'. Without room for
            // the order, the plain CSC (hub_ordered_in_if_room).
            HubOrderedCsc hub;
            const bool ordered = bulk_ && part.size() && layouts_.of(p).facts().hub_order_pays &&
                                 layouts_.of(p).hub_ordered_in_if_room(
                                     part.computed,
                                     overlap_ ? RunLayouts::FrontSet([&plan, p] { return owned_boundary(plan, p); })
                                              : RunLayouts::FrontSet(),
                                     hub);
            if (ordered) {
                in_.push_back(hub.in);
                pull_.push_back(hub.pull);
                rest_pull_.push_back(hub.rest_pull);
                row_at_.push_back(hub.row_at);
                front_rows_.push_back(hub.front_rows);
                order.vertex_at = hub.vertex_at;
            } else if (part.size()) {
                in_.push_back(layouts_.of(p).edges(EdgeDirection::in, false));
                pull_.push_back(layouts_.of(p).pull(EdgeDirection::in));
            } else {
                in_.emplace_back();
                pull_.emplace_back();
            }
            if (!ordered) {
                rest_pull_.emplace_back();
                row_at_.push_back(nullptr);
                front_rows_.push_back(0);
            }
            if (part.size()) {
                hubs = std::max<uint32_t>({pull_.back().num_hubs, rest_pull_.back().num_hubs, 1u});
                report.device_bytes += layouts_.of(p).device_bytes();
            }
            order_.push_back(order);
            const size_t size = std::max<uint32_t>(part.size(), 1);
            arrays_.push_back(take_state<PartRanks>(
                // Keyed by the pass too: its hub count sizes the scratch.
                part.local, parts.info_of(p), parts.config_of(p, config), EngineId::part_pagerank,
                ordered ? (row_at_.back() ? 2 : 1) : 0,
                [&] { return std::make_unique<PartRanks>(size, hubs, ordered); }));
            PartRanks &arrays = *arrays_.back();
            if (arrays_.back().fresh() && part.size()) {
                double unused = 0;
                copy_to_device(arrays.out_degree.get(), part.out_degree.data(), part.size() * sizeof(uint32_t),
                               stream, unused);
                if (ordered) {
                    const unsigned blocks = unsigned(grid_stride_blocks(part.size(), 256, parts.info_of(p)));
                    order_part_arrays<<<blocks, 256, 0, stream>>>(order.vertex_at, arrays.out_degree.get(),
                                                                  part.size(), arrays.pass_degree.get(),
                                                                  arrays.position.get());
                    GG_CUDA_CHECK_LAUNCH("order_part_arrays");
                }
            }
            positions_.push_back(ordered ? arrays.position.get() : nullptr);
            // The pull pass needs its hub scratch zero (each pass leaves it
            // so): a fresh allocation may hold what the memory last held (a
            // freed plan's states), and a failed run may leave partial sums.
            // Without this, four parts of kron 25 gave wrong ranks when
            // PageRank was the first run on its plan after another plan's
            // states were freed (bench/results/multi-gpu-nccl-overlap-2026-11-27.md).
            GG_CUDA_CHECK(cudaMemsetAsync(arrays.hub_sum.get(), 0, arrays.hub_sum.bytes(), stream));
            GG_CUDA_CHECK(cudaMemsetAsync(arrays.hub_arrivals.get(), 0, arrays.hub_arrivals.bytes(), stream));
            fill(arrays.rank.get(), start, part.size(), stream);
            ranks_[p] = arrays.rank.get();
        }
        device_sums_ = bulk_ && plan.ranks == 1 && plan.num_parts() <= kMaxSummedParts && devices_read_each_other();
        const uint32_t slots = device_sums_ ? kBatch : 1;
        for (uint32_t i = 0; i < slots * plan.num_parts(); ++i) {
            DeviceScope scope(parts.device_of(i % plan.num_parts()));  // an event belongs to its device
            compute_clocks_.push_back(std::make_unique<EventTimer>());
            refresh_clocks_.push_back(std::make_unique<EventTimer>());
            exposed_clocks_.push_back(std::make_unique<EventTimer>());
        }
        slot_refresh_.assign(slots, false);
        slot_overlapped_.assign(slots, false);
        if (device_sums_)
            for (uint32_t p = 0; p < plan.num_parts(); ++p) {
                if (plan.parts[p].size() == 0) continue;
                DeviceScope scope(parts.device_of(p));
                GG_CUDA_CHECK(cudaMemsetAsync(arrays_[p]->converged_at.get(), 0xff, sizeof(uint32_t),
                                              parts.stream_of(p)));
            }
        if (!bulk_) messages_ = std::make_unique<DevicePartValues<double>>(parts);
        parts.synchronize();
    }

    // The start ranks' contributions into buffer 0; returns their dangling mass.
    double start() {
        for_each_part([&](uint32_t p, PartRanks &a, cudaStream_t stream) {
            const PartitionPart &part = parts_.plan().parts[p];
            const unsigned blocks = unsigned(grid_stride_blocks(part.size(), 256, parts_.info_of(p)));
            part_contributions<<<blocks, 256, 0, stream>>>(a.rank.get(), a.degrees(), order_[p], part.size(),
                                                           part.owned, a.buffer(0), a.sums.get());
            GG_CUDA_CHECK_LAUNCH("part_contributions");
        });
        return read_sums(0);
    }

    // Whether the parts add their sums on the devices (every part in this
    // process, the refresh by broadcast, every device able to read every
    // other's memory): then iterate_on_devices, else iterate.
    bool device_sums() const { return device_sums_; }

    // Iteration `t` (from 0) over every part's computed vertices, the host
    // adding the sums (over the processes too); `refresh`: it ends in a
    // refresh. Returns the L1 change; dangling() is then the new ranks'
    // dangling mass.
    double iterate(uint32_t t, double base, bool refresh) {
        Stopwatch clock;
        queue(t, base, refresh, 0);
        const double queued_ms = clock.elapsed_ms();
        clock.restart();
        parts_.synchronize();
        collect_clocks(1);
        const double waited_ms = clock.elapsed_ms();
        clock.restart();
        const double change = read_sums_done(1);
        dangling_ = read_sums_done(0);
        const PartitionPlan &plan = parts_.plan();
        trace_run_line("PageRank over %u parts (process %u of %u): iteration %u%s: queued %.3f ms, waited for the "
                       "devices %.3f ms, added over the processes %.3f ms",
                       plan.num_parts(), plan.rank, plan.ranks, t, refresh && overlap_ ? ", refresh overlapped" : "",
                       queued_ms, waited_ms, clock.elapsed_ms());
        return change;
    }

    // Iterations first .. first + count - 1 (count <= kBatch), the devices
    // adding the sums (combine_part_sums) and the host waiting once, at the
    // end, as the unpartitioned run does (on two H200s, the 8192 x 8192
    // grid over two METIS parts: 20 iterations in 11.09 ms against 11.29
    // with a host wait each, session 57). Each part's stream
    // waits for every other part's iteration before its next one (the
    // sums of the iteration, and the replicas' values). Returns the
    // iteration the run converged at, or kNotConverged.
    uint32_t iterate_on_devices(uint32_t first, uint32_t count) {
        Stopwatch clock;
        const PartitionPlan &plan = parts_.plan();
        const uint32_t k = plan.num_parts();
        PartSums all{};
        all.count = k;
        for (uint32_t p = 0; p < k; ++p) all.at[p] = plan.parts[p].size() ? arrays_[p]->sums.get() : nullptr;
        const double first_term = (1.0 - config_.damping) / double(plan.n);
        for (uint32_t b = 0; b < count; ++b) {
            const uint32_t t = first + b;
            for (uint32_t p = 0; p < k; ++p) {
                if (plan.parts[p].size() == 0) continue;
                DeviceScope scope(parts_.device_of(p));
                PartRanks &a = *arrays_[p];
                combine_part_sums<<<1, 32, 0, parts_.stream_of(p)>>>(
                    all, t, first_term, config_.damping, double(plan.n), config_.tolerance, a.base.get(),
                    a.converged_at.get(), a.sums_of(t + 1));
                GG_CUDA_CHECK_LAUNCH("combine_part_sums");
            }
            const bool refresh = (t + 1) % plan.depth == 0;
            queue(t, first_term, refresh, b);
            if (refresh) finish_refresh(t);
            every_part_waits();
        }
        uint32_t reader = 0;  // a part with vertices: each has the same record
        while (reader + 1 < k && plan.parts[reader].size() == 0) ++reader;
        {
            DeviceScope scope(parts_.device_of(reader));
            GG_CUDA_CHECK(cudaMemcpyAsync(arrays_[reader]->converged_read.get(), arrays_[reader]->converged_at.get(),
                                          sizeof(uint32_t), cudaMemcpyDeviceToHost, parts_.stream_of(reader)));
        }
        const double queued_ms = clock.elapsed_ms();
        clock.restart();
        parts_.synchronize();
        collect_clocks(count);
        trace_run_line("PageRank over %u parts, summed on the devices: iterations %u to %u: queued %.3f ms, "
                       "waited for the devices %.3f ms",
                       k, first, first + count - 1, queued_ms, clock.elapsed_ms());
        return plan.parts[reader].size() ? *static_cast<const uint32_t *>(arrays_[reader]->converged_read.get())
                                         : kNotConverged;
    }
    // The edges one iteration pulls, over every part of this process.
    uint64_t edges_per_iteration() const {
        uint64_t edges = 0;
        for (const PartitionPart &part : parts_.plan().parts)
            if (part.size()) edges += part.local.in().offsets[part.computed];
        return edges;
    }
    double dangling() const { return dangling_; }

    // After iteration t ended in a refresh: between processes, the owners'
    // contributions to the replicas by the device exchange (in one process
    // iterate() queued them already). Then, with replicas beyond depth - 1
    // hops, both buffers take theirs.
    void finish_refresh(uint32_t t) {
        const uint32_t now = t % 2, next = 1 - now;
        const PartitionPlan &plan = parts_.plan();
        if (!bulk_) {
            for (uint32_t p = 0; p < parts_.num_parts(); ++p) messages_->value[p] = arrays_[p]->buffer(next);
            DeviceExchange exchange(parts_);
            exchange.to_replicas(*messages_, TakeOwners{}, /*everything=*/true);
        }
        if (plan.depth == 1) return;  // every replica is refreshed every iteration
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            if (part.size() == part.computed) continue;
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            if (order_[p].vertex_at == nullptr) {  // local ids: the far replicas are the last ones
                GG_CUDA_CHECK(cudaMemcpyAsync(arrays_[p]->buffer(now) + part.computed,
                                              arrays_[p]->buffer(next) + part.computed,
                                              (part.size() - part.computed) * sizeof(double),
                                              cudaMemcpyDeviceToDevice, stream));
            } else {
                const unsigned blocks = unsigned(grid_stride_blocks(part.size(), 256, parts_.info_of(p)));
                copy_far_replicas<<<blocks, 256, 0, stream>>>(arrays_[p]->buffer(next), order_[p], part.size(),
                                                              part.computed, arrays_[p]->buffer(now));
                GG_CUDA_CHECK_LAUNCH("copy_far_replicas");
            }
            parts_.exchange_ms[p] += clock.elapsed_ms();
        }
    }

    // The owned ranks after `iterations` iterations (their contributions are
    // in buffer iterations % 2) into the caller's array.
    void to_caller(uint32_t iterations, double *ranks, RunReport &report) {
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const unsigned blocks = unsigned(grid_stride_blocks(part.size(), 256, parts_.info_of(p)));
            part_ranks<<<blocks, 256, 0, parts_.stream_of(p)>>>(arrays_[p]->buffer(iterations % 2),
                                                                arrays_[p]->degrees(), order_[p], part.size(),
                                                                part.owned, arrays_[p]->rank.get());
            GG_CUDA_CHECK_LAUNCH("part_ranks");
        }
        DeviceResults results(parts_);
        results.to_caller(ranks_, ranks, report.transfer_ms);
    }

    uint64_t edges_visited = 0;

private:
    // Iteration t's step of part p (its sums: r_(t+1)'s slot where the
    // devices add them, else slot 0, which the host reads).
    PartRankStep step_of(uint32_t p, PartRanks &a, uint32_t t, double base, bool refresh) const {
        const PartitionPart &part = parts_.plan().parts[p];
        const uint32_t now = t % 2, next = 1 - now;
        PartRankStep step{a.buffer(now), a.buffer(next), a.degrees(), order_[p], part.computed, part.owned, base,
                          config_.damping, refresh, device_sums_ ? a.sums_of(t + 1) : a.sums.get()};
        if (device_sums_) {
            step.device_base = a.base.get();
            step.converged_at = a.converged_at.get();
        }
        return step;
    }
    void launch_rows(uint32_t p, uint32_t first, uint32_t count, const PullLayout &layout, const PartRankStep &step,
                     HubScratch<double> scratch, cudaStream_t stream) {
        if (count == 0) return;
        launch_pull_pass(row_window(in_[p], first, count), layout, scratch, parts_.info_of(p),
                         RowWindow<PartRankStep>{step, row_at_[p], first}, stream);
    }

    // Queues iteration t on every part with vertices: its pull, and with
    // `refresh` the refresh behind it (overlapped with the pull where
    // overlap_), the clocks in slot b. The host's iterations zero the sums
    // first and copy them back after.
    void queue(uint32_t t, double base, bool refresh, uint32_t b) {
        const uint32_t next = 1 - t % 2;
        const bool overlapped = refresh && overlap_;
        slot_refresh_[b] = refresh && bulk_;
        slot_overlapped_[b] = overlapped;
        const uint32_t k = parts_.num_parts();
        for (uint32_t p = 0; p < k; ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartRanks &a = *arrays_[p];
            clock(compute_clocks_, b, p).start(stream);
            if (!device_sums_) GG_CUDA_CHECK(cudaMemsetAsync(a.sums.get(), 0, 2 * sizeof(double), stream));
            const PartRankStep step = step_of(p, a, t, base, refresh);
            const HubScratch<double> scratch{a.hub_sum.get(), a.hub_arrivals.get()};
            if (row_at_[p] == nullptr) {
                launch_pull_pass(in_[p], pull_[p], scratch, parts_.info_of(p), step, stream);
            } else {  // rows in two groups, one after the other
                launch_rows(p, 0, front_rows_[p], pull_[p], step, scratch, stream);
                // Overlapped, the other group's rows after the refresh is queued.
                if (!overlapped)
                    launch_rows(p, front_rows_[p], in_[p].n - front_rows_[p], rest_pull_[p], step, scratch, stream);
            }
            if (overlapped) {
                parts_.side_waits_for_main(p);
                clock(refresh_clocks_, b, p).start(parts_.side_stream_of(p));
            } else {
                clock(compute_clocks_, b, p).stop(stream);
                if (!device_sums_)
                    GG_CUDA_CHECK(cudaMemcpyAsync(a.read.get(), a.sums.get(), 2 * sizeof(double),
                                                  cudaMemcpyDeviceToHost, stream));
            }
            edges_visited += part.local.in().offsets[part.computed];
        }
        if (overlapped)
            finish_overlapped(t, base, b);
        else if (refresh && bulk_)
            broadcast(next, b);
    }

    // The rest of an iteration whose refresh overlaps its pulls (Medusa's
    // overlap, 002 §4.3; issue "Partitioned execution" item 4), after each
    // part queued its boundary rows on its device's main stream and its side
    // stream waits for them: the boundary's new contributions go to the
    // replicas on the side streams while each part pulls its other rows on
    // the main stream, which then waits for the side's unpack. The replicas'
    // slots the unpack writes are in the buffer the pulls write only at
    // computed rows, and with depth 1 every replica is refreshed, with depth
    // > 1 the computed replicas do not write in a refresh iteration
    // (PartRankStep::finish).
    void finish_overlapped(uint32_t t, double base, uint32_t b) {
        const uint32_t k = parts_.num_parts();
        std::vector<double *> values(k, nullptr);
        for (uint32_t p = 0; p < k; ++p) values[p] = arrays_[p]->buffer(1 - t % 2);
        DeviceExchange exchange(parts_);
        exchange.broadcast_dense(values, positions_, DevicePartSet::Lane::side);
        for (uint32_t p = 0; p < k; ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartRanks &a = *arrays_[p];
            clock(refresh_clocks_, b, p).stop(parts_.side_stream_of(p));
            if (row_at_[p] != nullptr)
                launch_rows(p, front_rows_[p], in_[p].n - front_rows_[p], rest_pull_[p],
                            step_of(p, a, t, base, true),
                            HubScratch<double>{a.hub_sum.get(), a.hub_arrivals.get()}, stream);
            clock(compute_clocks_, b, p).stop(stream);
            // What the main stream waits for the side beyond its own pulls:
            // the refresh's time not hidden behind them.
            clock(exposed_clocks_, b, p).start(stream);
            parts_.main_waits_for_side(p);
            clock(exposed_clocks_, b, p).stop(stream);
            if (!device_sums_)
                GG_CUDA_CHECK(cudaMemcpyAsync(a.read.get(), a.sums.get(), 2 * sizeof(double), cudaMemcpyDeviceToHost,
                                              stream));
        }
    }

    // The owners' new contributions (buffer `next`) to their replicas,
    // queued behind the pulls; each part's refresh clock (slot b) runs from
    // the end of its pull to the end of its replicas' unpack, waits included.
    void broadcast(uint32_t next, uint32_t b) {
        std::vector<double *> values(parts_.num_parts());
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            values[p] = arrays_[p]->buffer(next);
            if (parts_.plan().parts[p].size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            clock(refresh_clocks_, b, p).start(parts_.stream_of(p));
        }
        DeviceExchange exchange(parts_);
        exchange.broadcast_dense(values, positions_);
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            if (parts_.plan().parts[p].size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            clock(refresh_clocks_, b, p).stop(parts_.stream_of(p));
        }
    }

    // Every part's stream waits for what every other part's has queued (the
    // iteration summed on the devices: its sums, and the replicas' values).
    void every_part_waits() {
        const uint32_t k = parts_.num_parts();
        for (uint32_t from = 0; from < k; ++from) {
            if (parts_.plan().parts[from].size() == 0) continue;
            parts_.record_handoff(from);
            for (uint32_t to = 0; to < k; ++to)
                if (to != from && parts_.plan().parts[to].size() != 0) parts_.wait_for_handoff(from, to);
        }
    }

    // The clocks of slots 0 .. count - 1 into the parts' compute, exchange
    // and hidden times, once the devices ran them.
    void collect_clocks(uint32_t count) {
        const uint32_t k = parts_.num_parts();
        for (uint32_t b = 0; b < count; ++b)
            for (uint32_t p = 0; p < k; ++p) {
                if (parts_.plan().parts[p].size() == 0) continue;
                DeviceScope scope(parts_.device_of(p));
                parts_.compute_ms[p] += clock(compute_clocks_, b, p).elapsed_ms();
                if (!slot_refresh_[b]) continue;
                const double refresh_ms = clock(refresh_clocks_, b, p).elapsed_ms();
                parts_.exchange_ms[p] += refresh_ms;
                if (slot_overlapped_[b])
                    parts_.exchange_hidden_ms[p] +=
                        refresh_ms - std::min(clock(exposed_clocks_, b, p).elapsed_ms(), refresh_ms);
            }
    }
    // Slot b's clock of part p.
    EventTimer &clock(std::vector<std::unique_ptr<EventTimer>> &clocks, uint32_t b, uint32_t p) {
        return *clocks[size_t(b) * parts_.num_parts() + p];
    }

    // Launches `launch` on every part that has vertices, its sums zeroed and
    // read back after it (the start of the run).
    template <class Launch>
    void for_each_part(Launch launch) {
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            if (parts_.plan().parts[p].size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartRanks &a = *arrays_[p];
            GG_CUDA_CHECK(cudaMemsetAsync(a.sums.get(), 0, a.sums.bytes(), stream));
            launch(p, a, stream);
            GG_CUDA_CHECK(cudaMemcpyAsync(a.read.get(), a.sums.get(), 2 * sizeof(double), cudaMemcpyDeviceToHost,
                                          stream));
        }
    }

    // Whether every device of a part with vertices can read every other's
    // memory (the devices' sums, combine_part_sums).
    bool devices_read_each_other() const {
        const PartitionPlan &plan = parts_.plan();
        for (uint32_t p = 0; p < plan.num_parts(); ++p)
            for (uint32_t q = 0; q < plan.num_parts(); ++q)
                if (plan.parts[p].size() && plan.parts[q].size() &&
                    !peer_access_enabled(parts_.device_of(p), parts_.device_of(q)))
                    return false;
        return true;
    }

    // Waits for every part and adds sum `which` of each, in part order,
    // over every process (sum_by_part: the same bits however the parts are
    // spread).
    double read_sums(int which) {
        parts_.synchronize();
        parts_.collect_compute();
        return read_sums_done(which);
    }
    // The same, the parts already waited for.
    double read_sums_done(int which) {
        std::vector<double> by_part(parts_.num_parts(), 0.0);
        for (uint32_t p = 0; p < parts_.num_parts(); ++p)
            if (parts_.plan().parts[p].size() != 0)
                by_part[p] = static_cast<const double *>(arrays_[p]->read.get())[which];
        return sum_by_part(parts_.plan().communicator(), by_part);
    }

    DevicePartSet &parts_;
    const RunConfig &config_;
    PartLayouts layouts_;
    std::vector<DeviceCsr> in_;
    std::vector<PullLayout> pull_;       // by part: of all its rows, or of the front group's
    std::vector<PullLayout> rest_pull_;  // by part: of the other group's rows (rows in two groups)
    std::vector<const uint32_t *> row_at_;  // by part: row -> pass id (null: the same)
    std::vector<uint32_t> front_rows_;      // by part: rows in the front group
    std::vector<StatePool::Checkout<PartRanks>> arrays_;
    std::vector<double *> ranks_;
    std::vector<PassOrder> order_;                // by part
    std::vector<const uint32_t *> positions_;     // by part: each local id's pass id (null: the id)
    bool bulk_;     // the refresh by broadcast_dense (else by the message exchange, when asked for)
    bool overlap_;  // that refresh overlapped with the pulls (parts on several devices of this process)
    bool device_sums_ = false;  // the devices add the sums (device_sums())
    std::unique_ptr<DevicePartValues<double>> messages_;  // else by the message exchange
    // By slot (an iteration of a batch; one on the host's iterations), then
    // part: the pull, the refresh, and the main stream's wait for an
    // overlapped refresh; whether the slot's iteration refreshed, and
    // overlapped it.
    std::vector<std::unique_ptr<EventTimer>> compute_clocks_, refresh_clocks_, exposed_clocks_;
    std::vector<bool> slot_refresh_, slot_overlapped_;
    double dangling_ = 0;
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
    Stopwatch clock;
    DeviceRankParts state(parts, config, report);
    const double d = config.damping;
    uint32_t iterations = 0;
    // The CPU's loop (src/partitioned/pagerank.cpp), step for step, but that
    // each pull leaves the next iteration's dangling mass.
    double dangling = state.start();
    const double set_up_ms = clock.elapsed_ms();
    clock.restart();
    if (state.device_sums()) {
        // The same iterates, the devices adding the sums: batches of
        // kBatch, and the iterations queued after the one the run converged
        // at do nothing (PartRankStep::proceed).
        while (iterations < config.max_iterations) {
            const uint32_t count = std::min(kBatch, config.max_iterations - iterations);
            const uint32_t converged_at = state.iterate_on_devices(iterations, count);
            if (converged_at != kNotConverged) {
                iterations = converged_at;
                break;
            }
            iterations += count;
        }
        state.edges_visited = uint64_t(iterations) * state.edges_per_iteration();
    } else {
        while (iterations < config.max_iterations) {
            const double base = (1.0 - d) / double(n) + d * dangling / double(n);
            const bool refresh = (iterations + 1) % plan.depth == 0;
            const double change = state.iterate(iterations, base, refresh);
            dangling = state.dangling();
            ++iterations;
            if (change < config.tolerance) break;
            if (refresh) state.finish_refresh(iterations - 1);
        }
    }
    const double iterations_ms = clock.elapsed_ms();
    clock.restart();
    state.to_caller(iterations, ranks, report);
    const double answer_ms = clock.elapsed_ms();
    clock.restart();
    parts.finish(report, out, iterations, state.edges_visited);
    trace_run_line("PageRank over %u parts (process %u of %u): set up %.3f ms, %u iterations %.3f ms, the answer "
                   "%.3f ms, the totals %.3f ms",
                   plan.num_parts(), plan.rank, plan.ranks, set_up_ms, iterations, iterations_ms, answer_ms,
                   clock.elapsed_ms());
}

}  // namespace gg::cuda
