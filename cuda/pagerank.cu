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
 * hub-ordered CSC of hub_order.cuh (hubs renumbered first, so that their
 * gathered contributions share sectors and stay in L1); the ranks go back to
 * the vertices' own ids once, at the end. Where the degrees are even but the
 * sources of each list are spread over all the ids, so that the
 * contributions do not stay in L2, an iteration is two passes over two
 * source blocks (source_blocks.cuh, GraphCage's cache blocking); the run
 * then reports the TOCAB layout, which can also be asked for.
 *
 * Convergence without a host round trip per iteration: iteration i's kernel
 * first looks at the L1 change recorded by iteration i-1 and returns at once
 * when it is below the tolerance (recording the iteration count); the host
 * launches iterations in batches and reads that record once per batch.
 */
#include <algorithm>

#include "blocked_pull_pass.cuh"
#include "core/error.h"
#include "cuda_backend.h"
#include "device_graph.cuh"
#include "pull_pass.cuh"
#include "warp_ops.cuh"

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

// The iterations over `in`, whose ids vertex_at maps to the graph's (null:
// the same ids), in two passes each where `blocks` is present; the ranks go
// to `ranks`, by the graph's ids.
template <class OutDegrees>
void iterate(const DeviceCsr &in, const PullLayout &pull, const SourceBlocks &blocks, OutDegrees out_degrees,
             const uint32_t *vertex_at, double *ranks, const DeviceInfo &info, const RunConfig &config,
             Stream &stream, RunReport &report) {
    const uint32_t n = in.n;
    const uint32_t max_iterations = config.max_iterations;

    DeviceArray<double> rank(n, "PageRank ranks");
    DeviceArray<double> contribution(2 * uint64_t(n), "PageRank contributions");
    // dangling[0..max], then change[0..max], then the convergence record.
    DeviceArray<double> sums(2 * (uint64_t(max_iterations) + 1), "PageRank iteration sums");
    DeviceArray<uint32_t> converged_at(1, "the PageRank convergence record");
    const uint32_t hubs = std::max<uint32_t>(pull.num_hubs, 1);
    DeviceArray<double> hub_sum(hubs, "PageRank hub sums");
    DeviceArray<uint32_t> hub_arrivals(hubs, "PageRank hub arrivals");
    DeviceArray<double> partial(blocks.present ? n : 0, "PageRank sums over the first source block");
    PinnedBuffer record(sizeof(uint32_t));
    double *dangling = sums.get();
    double *change = sums.get() + max_iterations + 1;

    EventTimer compute;
    compute.start(stream.get());
    GG_CUDA_CHECK(cudaMemsetAsync(sums.get(), 0, sums.bytes(), stream.get()));
    GG_CUDA_CHECK(cudaMemsetAsync(converged_at.get(), 0xff, converged_at.bytes(), stream.get()));
    GG_CUDA_CHECK(cudaMemsetAsync(hub_sum.get(), 0, hub_sum.bytes(), stream.get()));
    GG_CUDA_CHECK(cudaMemsetAsync(hub_arrivals.get(), 0, hub_arrivals.bytes(), stream.get()));
    start_ranks<<<grid_stride_blocks(n, 256, info), 256, 0, stream.get()>>>(contribution.get(), out_degrees, n,
                                                                             dangling);
    GG_CUDA_CHECK_LAUNCH("start_ranks");

    const double damping = config.damping;
    uint32_t converged = kNotConverged;
    for (uint32_t i = 0; i < max_iterations && converged == kNotConverged; ++i) {
        const int from = i & 1, to = from ^ 1;
        RankStep<OutDegrees> step;
        step.iteration = i;
        step.tolerance = config.tolerance;
        step.change = change;
        step.converged_at = converged_at.get();
        step.contribution = contribution.get() + size_t(from) * n;
        step.next_contribution = contribution.get() + size_t(to) * n;
        step.out_degrees = out_degrees;
        step.base = (1.0 - damping) / n;
        step.damping = damping;
        step.inverse_n = 1.0 / n;
        step.dangling = dangling + i;
        step.next_dangling = dangling + i + 1;
        step.next_change = change + i + 1;
        const HubScratch<double> scratch{hub_sum.get(), hub_arrivals.get()};
        if (blocks.present)
            launch_blocked_pull_pass(in, pull, blocks, scratch, info, step, partial.get(), stream.get());
        else
            launch_pull_pass(in, pull, scratch, info, step, stream.get());
        if ((i + 1) % kBatch == 0 || i + 1 == max_iterations) {
            GG_CUDA_CHECK(cudaMemcpyAsync(record.get(), converged_at.get(), sizeof(uint32_t), cudaMemcpyDeviceToHost,
                                          stream.get()));
            stream.synchronize();
            converged = *static_cast<uint32_t *>(record.get());
        }
    }
    // Converged at k: r_k is the answer. Otherwise r_max_iterations (whether
    // or not its own change fell below the tolerance, it is the last one).
    const uint32_t iterations = converged != kNotConverged ? converged : max_iterations;
    ranks_from_contributions<<<grid_stride_blocks(n, 256, info), 256, 0, stream.get()>>>(
        contribution.get() + size_t(iterations & 1) * n, out_degrees, vertex_at, n, rank.get());
    GG_CUDA_CHECK_LAUNCH("ranks_from_contributions");
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    copy_to_host(ranks, rank.get(), size_t(n) * sizeof(double), stream.get(), report.transfer_ms);
    report.iterations = iterations;
    report.edges_visited = uint64_t(iterations) * in.m;
}

}  // namespace

void pagerank(const Graph &g, double *ranks, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    const bool blocks_asked = config.layout == GG_LAYOUT_TOCAB;
    if (config.layout != GG_LAYOUT_AUTO && config.layout != GG_LAYOUT_CSR && !blocks_asked)
        fail(GG_ERROR_UNSUPPORTED,
             "the CUDA backend runs PageRank on the CSR and TOCAB layouts only (layout %d was requested)",
             int(config.layout));
    report.layout = blocks_asked ? GG_LAYOUT_TOCAB : GG_LAYOUT_CSR;
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    // The hub-ordered CSC where the degrees are skewed (hub_order.cuh); else
    // the graph's own CSC and CSR, in two source blocks where they pay
    // (source_blocks.cuh) or where the run asked for TOCAB.
    // (The hub order is not even looked at when TOCAB was asked for: an
    // earlier run may have cached one on this graph.)
    GraphNeeds needs;
    DeviceGraph graph;
    if (!blocks_asked) {
        needs.hub_ordered_in = true;
        graph = device_graph(g, info.id, needs, stream.get(), report);
    }
    if (graph.hub_in.present) {
        iterate(graph.hub_in.in, graph.hub_in.pull, SourceBlocks{}, DegreesById{graph.hub_in.out_degree},
                graph.hub_in.vertex_at, ranks, info, config, stream, report);
    } else {
        needs.out = true;
        needs.in = true;
        needs.in_pull_layout = true;
        needs.in_source_blocks = blocks_asked                       ? SourceBlocking::kAlways
                                 : config.layout == GG_LAYOUT_AUTO ? SourceBlocking::kWhereItPays
                                                                   : SourceBlocking::kNever;
        graph = device_graph(g, info.id, needs, stream.get(), report);
        if (graph.in_blocks.present) report.layout = GG_LAYOUT_TOCAB;
        iterate(graph.in, graph.in_pull, graph.in_blocks, DegreesFromOffsets{graph.out.offsets}, nullptr, ranks,
                info, config, stream, report);
    }
    report.device_bytes = graph.device_bytes;
}

}  // namespace gg::cuda
