/*
 * PageRank on the GPU, networkx semantics (shared/design.md): pull over the
 * CSC, r'(v) = (1-d)/n + d * (sum over u -> v of r(u)/outdeg(u) + D/n) where
 * D is the rank held by vertices without out-edges; stop when the L1 change
 * of an iteration is below the tolerance or after max_iterations.
 *
 * One kernel per iteration (pull_pass.cuh, load balance of pull_layout.cuh:
 * groups of lanes per vertex, hubs split into block-sized chunks after Tigr
 * §4.1). The kernel that computes iteration i+1 also writes the next
 * iteration's contributions r(v)/outdeg(v), the next dangling mass and the
 * L1 change, so an iteration reads each in-edge once and each vertex array
 * once.
 *
 * The state between iterations is the contributions alone: c(v) = r(v) /
 * outdeg(v), or r(v) itself where v has no out-edge. A gather only ever
 * reads c(u) along an edge u -> v, so u has an out-edge there, and a
 * vertex's own rank, needed for the L1 change, is c(v) * outdeg(v) (or
 * c(v)). Keeping a rank array as well cost one more read and one more write
 * of 8n bytes per iteration, a quarter of the traffic on the road grid. The
 * ranks are written once, after the last iteration.
 *
 * Bytes one iteration must move: 4m (in-edge sources) + n * (8 CSC offset +
 * 8 out-degree offset + 8 own contribution read + 8 contribution written)
 * plus the gathered contributions, 8m at worst (each a random 32-byte L2
 * sector in practice). Everything is double: the test suites hold the GPU to
 * 1e-10 of the reference, which float contributions (1e-8) missed.
 *
 * Where a graph's hubs carry most of its edges, the pass runs over the
 * hub-ordered CSC of src/layout/hub_order.h (hubs renumbered first, so that their
 * gathered contributions share sectors and stay in L1); the ranks go back to
 * the vertices' own ids once, at the end. Where the degrees are even but the
 * sources of each list are spread over all the ids, so that the
 * contributions do not stay in L2, an iteration is two passes over two
 * source blocks (src/layout/source_blocks.h, GraphCage's cache blocking); the run
 * then reports the TOCAB layout, which can also be asked for. Under auto
 * the choice is src/layout/auto_layout.h's.
 *
 * Convergence without a host round trip per iteration: iteration i's kernel
 * first looks at the L1 change recorded by iteration i-1 and returns at once
 * when it is below the tolerance (recording the iteration count); the host
 * launches iterations in batches and reads that record once per batch.
 *
 * The other layouts: Tigr's virtual split of the CSC runs the same steps
 * through split_pull_pass.cuh; CuSha's G-Shards and Concatenated Windows
 * run in engines/cusha_engine.cu.
 */
#include <algorithm>

#include "primitives/blocked_pull_pass.cuh"
#include "backend/supersteps.h"
#include "core/error.h"
#include "cuda_backend.h"
#include "engines/cusha_engine.cuh"
#include "engines/engine_state.cuh"
#include "engines/layout_relax.cuh"
#include "layouts/device_layouts.cuh"
#include "layout/source_blocks.h"
#include "primitives/pull_pass.cuh"
#include "primitives/split_pull_pass.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

constexpr uint32_t kNotConverged = 0xffffffffu;
constexpr uint32_t kBatch = 8;  // iterations launched between two reads of the convergence record

// Out-degrees by the pass's vertex numbering: from the CSR offsets, or from
// the array of the hub order (hub_order.cuh). Two types, not one with a
// branch: with the branch, the grid's pass (no hub order) took 0.133 ms per
// iteration instead of 0.115 on the H100.
struct DegreesFromOffsets {
    const uint64_t *offsets;
    __device__ uint64_t of(uint32_t v) const { return offsets[v + 1] - offsets[v]; }
};
struct DegreesById {
    const uint64_t *by_id;
    __device__ uint64_t of(uint32_t v) const { return by_id[v]; }
};

template <class OutDegrees>
struct RankStep {
    using Acc = double;
    uint32_t iteration;  // computes r_(iteration+1) from r_iteration
    double tolerance;
    const double *change;    // change[i] = L1 distance between r_i and r_(i-1)
    uint32_t *converged_at;  // the i whose change fell below the tolerance
    const double *contribution;
    double *next_contribution;
    OutDegrees out_degrees;
    double base;  // (1-d)/n
    double damping;
    double inverse_n;
    const double *dangling;  // rank of the dangling vertices in r_iteration
    double *next_dangling;
    double *next_change;
    double local_change = 0, local_dangling = 0;

    __device__ bool proceed() const {
        if (load_volatile(converged_at) != kNotConverged) return false;
        if (iteration > 0 && load_volatile(&change[iteration]) < tolerance) {
            if (blockIdx.x == 0 && threadIdx.x == 0) *converged_at = iteration;
            return false;
        }
        return true;
    }

    struct Context {
        double old_rank;
        uint64_t out_degree;
    };

    __device__ Context before(uint32_t v) const {
        const uint64_t out_degree = out_degrees.of(v);
        const double own = contribution[v];
        return Context{out_degree ? own * double(out_degree) : own, out_degree};
    }

    // Read-only for the whole pass: through the read-only data cache.
    __device__ Acc load(uint32_t u, uint64_t) const { return __ldg(contribution + u); }

    __device__ void finish(uint32_t v, Acc sum, const Context &c) {
        const double r = base + damping * (sum + *dangling * inverse_n);
        local_change += fabs(r - c.old_rank);
        next_contribution[v] = c.out_degree ? r / double(c.out_degree) : r;
        if (c.out_degree == 0) local_dangling += r;
    }

    __device__ void flush() {
        const double c = block_sum(local_change);
        const double d = block_sum(local_dangling);
        if (threadIdx.x == 0) {
            atomicAdd(next_change, c);
            atomicAdd(next_dangling, d);
        }
    }
};

template <class OutDegrees>
__global__ void start_ranks(double *contribution, OutDegrees out_degrees, uint32_t n, double *dangling) {
    double mass = 0;
    const double r = 1.0 / n;
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += uint64_t(gridDim.x) * blockDim.x) {
        const uint64_t degree = out_degrees.of(uint32_t(v));
        contribution[v] = degree ? r / double(degree) : r;
        if (degree == 0) mass += r;
    }
    mass = block_sum(mass);
    if (threadIdx.x == 0) atomicAdd(dangling, mass);
}

// vertex_at: the vertex of each id of the pass (null: the ids are the vertices).
template <class OutDegrees>
__global__ void ranks_from_contributions(const double *contribution, OutDegrees out_degrees,
                                         const uint32_t *vertex_at, uint32_t n, double *rank) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += uint64_t(gridDim.x) * blockDim.x) {
        const uint64_t degree = out_degrees.of(uint32_t(v));
        rank[vertex_at ? vertex_at[v] : v] = degree ? contribution[v] * double(degree) : contribution[v];
    }
}

// The run's arrays, pooled per (graph, device, pass) (backend/state_pool.h).
// The iteration sums grow with max_iterations, the rest is sized by the graph.
struct PageRankState final : EngineState {
    DeviceArray<double> rank, contribution, sums, hub_sum, partial;
    DeviceArray<uint32_t> converged_at, hub_arrivals;
    PinnedBuffer record{sizeof(uint32_t)};
    uint32_t iteration_capacity = 0;

    PageRankState(uint32_t n, uint32_t hubs, bool blocked)
        : rank(n, "PageRank ranks"), contribution(2 * uint64_t(n), "PageRank contributions"),
          hub_sum(hubs, "PageRank hub sums"), partial(blocked ? n : 0, "PageRank sums over the first source block"),
          converged_at(1, "the PageRank convergence record"), hub_arrivals(hubs, "PageRank hub arrivals") {}
    uint64_t bytes() const override {
        return rank.bytes() + contribution.bytes() + sums.bytes() + hub_sum.bytes() + partial.bytes() +
               converged_at.bytes() + hub_arrivals.bytes();
    }
    // dangling[0..max], then change[0..max].
    void reserve_iterations(uint32_t max_iterations) {
        if (max_iterations <= iteration_capacity && sums.get() != nullptr) return;
        sums = DeviceArray<double>(2 * (uint64_t(max_iterations) + 1), "PageRank iteration sums");
        iteration_capacity = max_iterations;
    }
};

// The ranks of a run on CuSha's layouts (engines/cusha_engine.cuh), whose
// engine keeps its own iteration state.
struct ShardRanks final : EngineState {
    DeviceArray<double> rank;
    explicit ShardRanks(uint32_t n) : rank(n, "PageRank ranks") {}
    uint64_t bytes() const override { return rank.bytes(); }
};

// The pass each run takes: what sizes the state and which kernel runs.
enum class RankPass : uint64_t { plain = 0, hub_ordered = 1, blocked = 2, split = 3 };

// The iterations as supersteps (backend/supersteps.h): one pull pass each,
// with the convergence record read every kBatch of them.
template <class OutDegrees>
class RankIterations {
public:
    RankIterations(const DeviceCsr &in, const PullLayout &pull, const SourceBlocks &blocks, const VirtualSplit *split,
                   OutDegrees out_degrees, PageRankState &state, const DeviceInfo &info, const RunConfig &config,
                   cudaStream_t stream)
        : in_(in), pull_(pull), blocks_(blocks), split_(split), out_degrees_(out_degrees), state_(state), info_(info),
          config_(config), stream_(stream) {}

    double *dangling() const { return state_.sums.get(); }
    double *change() const { return state_.sums.get() + config_.max_iterations + 1; }

    // Back to r_0 = 1/n.
    void reset() {
        const uint32_t n = in_.n;
        GG_CUDA_CHECK(cudaMemsetAsync(state_.sums.get(), 0, state_.sums.bytes(), stream_));
        GG_CUDA_CHECK(cudaMemsetAsync(state_.converged_at.get(), 0xff, state_.converged_at.bytes(), stream_));
        GG_CUDA_CHECK(cudaMemsetAsync(state_.hub_sum.get(), 0, state_.hub_sum.bytes(), stream_));
        GG_CUDA_CHECK(cudaMemsetAsync(state_.hub_arrivals.get(), 0, state_.hub_arrivals.bytes(), stream_));
        start_ranks<<<grid_stride_blocks(n, 256, info_), 256, 0, stream_>>>(state_.contribution.get(), out_degrees_,
                                                                            n, dangling());
        GG_CUDA_CHECK_LAUNCH("start_ranks");
    }

    StepOutcome superstep(uint32_t i) {
        const uint32_t n = in_.n;
        const int from = i & 1, to = from ^ 1;
        RankStep<OutDegrees> step;
        step.iteration = i;
        step.tolerance = config_.tolerance;
        step.change = change();
        step.converged_at = state_.converged_at.get();
        step.contribution = state_.contribution.get() + size_t(from) * n;
        step.next_contribution = state_.contribution.get() + size_t(to) * n;
        step.out_degrees = out_degrees_;
        step.base = (1.0 - config_.damping) / n;
        step.damping = config_.damping;
        step.inverse_n = 1.0 / n;
        step.dangling = dangling() + i;
        step.next_dangling = dangling() + i + 1;
        step.next_change = change() + i + 1;
        const HubScratch<double> scratch{state_.hub_sum.get(), state_.hub_arrivals.get()};
        if (split_)
            launch_split_pull_pass(*split_, scratch, info_, step, stream_);
        else if (blocks_.present())
            launch_blocked_pull_pass(in_, pull_, blocks_, scratch, info_, step, state_.partial.get(), stream_);
        else
            launch_pull_pass(in_, pull_, scratch, info_, step, stream_);
        if (i + 1 == config_.max_iterations) {
            read_record();
            return StepOutcome::done;
        }
        return (i + 1) % kBatch == 0 ? StepOutcome::check : StepOutcome::more;
    }

    bool converged() {
        read_record();
        return converged_ != kNotConverged;
    }

    // Converged at k: r_k is the answer. Otherwise r_max_iterations (whether
    // or not its own change fell below the tolerance, it is the last one).
    uint32_t iterations() const { return converged_ != kNotConverged ? converged_ : config_.max_iterations; }

private:
    void read_record() {
        GG_CUDA_CHECK(cudaMemcpyAsync(state_.record.get(), state_.converged_at.get(), sizeof(uint32_t),
                                      cudaMemcpyDeviceToHost, stream_));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream_));
        converged_ = *static_cast<uint32_t *>(state_.record.get());
    }

    DeviceCsr in_;
    PullLayout pull_;
    SourceBlocks blocks_;
    const VirtualSplit *split_;  // the pass runs over Tigr's virtual split of the CSC when set
    OutDegrees out_degrees_;
    PageRankState &state_;
    const DeviceInfo &info_;
    const RunConfig &config_;
    cudaStream_t stream_;
    uint32_t converged_ = kNotConverged;
};

// The iterations over `in`, whose ids vertex_at maps to the graph's (null:
// the same ids), in two passes each where `blocks` is present, over the
// virtual split where `split` is set; the ranks go to `ranks`, by the
// graph's ids.
template <class OutDegrees>
void iterate(const Graph &g, RankPass pass, const DeviceCsr &in, const PullLayout &pull, const SourceBlocks &blocks,
             const VirtualSplit *split, OutDegrees out_degrees, const uint32_t *vertex_at, double *ranks,
             const DeviceInfo &info, const RunConfig &config, Stream &stream, RunReport &report) {
    const uint32_t n = in.n;
    // Scratch slots: one per hub, or one per virtual node of a split.
    const uint32_t hubs = std::max<uint32_t>(split ? split->num_virtual : pull.num_hubs, 1);
    const uint64_t variant = uint64_t(pass) | (split ? uint64_t(split->degree_bound) << 8 : 0);
    auto state = take_state<PageRankState>(g, info, config, EngineId::pagerank, variant, [&] {
        return std::make_unique<PageRankState>(n, hubs, blocks.present());
    });
    state->reserve_iterations(config.max_iterations);

    EventTimer compute;
    compute.start(stream.get());
    RankIterations<OutDegrees> iterations(in, pull, blocks, split, out_degrees, *state, info, config, stream.get());
    iterations.reset();
    if (config.max_iterations > 0) run_supersteps(iterations);
    const uint32_t count = iterations.iterations();
    ranks_from_contributions<<<grid_stride_blocks(n, 256, info), 256, 0, stream.get()>>>(
        state->contribution.get() + size_t(count & 1) * n, out_degrees, vertex_at, n, state->rank.get());
    GG_CUDA_CHECK_LAUNCH("ranks_from_contributions");
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    copy_to_host(ranks, state->rank.get(), size_t(n) * sizeof(double), stream.get(), report.transfer_ms);
    report.iterations = count;
    report.edges_visited = uint64_t(count) * in.m;
}

}  // namespace

void pagerank(const Graph &g, double *ranks, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(
        config.layout, {GG_LAYOUT_CSR, GG_LAYOUT_TOCAB, GG_LAYOUT_VIRTUAL_SPLIT, GG_LAYOUT_GSHARDS, GG_LAYOUT_CW},
        "PageRank");
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    // Under auto, CSR or TOCAB, by the cost model of src/layout/auto_layout.h.
    if (config.layout == GG_LAYOUT_AUTO) report.layout = layouts.auto_layout(AutoKernel::pagerank).layout;
    if (report.layout == GG_LAYOUT_GSHARDS || report.layout == GG_LAYOUT_CW) {
        const DeviceShards shards = layouts.shards(EdgeDirection::out);
        auto state = take_state<ShardRanks>(g, info, config, EngineId::shard_ranks, 0,
                                            [&] { return std::make_unique<ShardRanks>(n); });
        cusha_pagerank(g, shards, report.layout, state->rank.get(), info, config, stream.get(), report);
        copy_to_host(ranks, state->rank.get(), state->rank.bytes(), stream.get(), report.transfer_ms);
        report.device_bytes = layouts.device_bytes();
        return;
    }
    if (report.layout == GG_LAYOUT_VIRTUAL_SPLIT) {
        // Tigr's virtual split of the in-edges: the same steps, another pass.
        const DeviceCsr out = layouts.edges(EdgeDirection::out, false);
        const VirtualSplit split =
            layouts.virtual_split(EdgeDirection::in, degree_bound_of(report.layout, config), false);
        iterate(g, RankPass::split, split.edges, PullLayout{}, SourceBlocks{}, &split,
                DegreesFromOffsets{out.offsets}, nullptr, ranks, info, config, stream, report);
        report.device_bytes = layouts.device_bytes();
        return;
    }
    // CSR: the hub-ordered CSC where the degrees are skewed (src/layout/
    // hub_order.h), else the graph's own CSC and CSR; TOCAB: the latter in
    // source blocks (src/layout/source_blocks.h). Each is its own entry
    // of the layout cache, so asking for one never returns another.
    const bool blocked = report.layout == GG_LAYOUT_TOCAB;
    HubOrderedCsc hub;
    if (!blocked && layouts.facts().hub_order_pays && layouts.hub_ordered_in_if_room(UINT32_MAX, RunLayouts::FrontSet(), hub)) {
        iterate(g, RankPass::hub_ordered, hub.in, hub.pull, SourceBlocks{}, nullptr, DegreesById{hub.out_degree},
                hub.vertex_at, ranks, info, config, stream, report);
    } else {
        const DeviceCsr out = layouts.edges(EdgeDirection::out, false);
        const DeviceCsr in = layouts.edges(EdgeDirection::in, false);
        const PullLayout in_pull = layouts.pull(EdgeDirection::in);
        // As many blocks as keep each block's contributions in half the L2.
        const SourceBlocks blocks =
            blocked ? layouts.in_source_blocks(source_block_count(layouts.facts().peak_live_sources, sizeof(double),
                                                                  layout_l2_bytes(info)))
                    : SourceBlocks{};
        iterate(g, blocked ? RankPass::blocked : RankPass::plain, in, in_pull, blocks, nullptr, DegreesFromOffsets{out.offsets},
                nullptr, ranks, info, config, stream, report);
    }
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
