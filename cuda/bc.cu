/*
 * Betweenness centrality on the GPU by Brandes' algorithm (U. Brandes, "A
 * faster algorithm for betweenness centrality", J. Math. Sociology 2001),
 * level-synchronous as in GPU BC since Jia et al. (2011), per source:
 *
 * 1. Levels: the direction-optimizing BFS of bfs_engine.cu, which leaves the
 *    reached vertices in visit order with the start of every level.
 * 2. Path counts, in double: level by level, sigma(v) = sum of sigma(u) over
 *    in-neighbours u one level up (a pull over the CSC, so no atomics and the
 *    counts are exact integers up to 2^53).
 * 3. Dependencies, deepest level first: delta(v) = sum over out-neighbours w
 *    one level down of sigma(v)/sigma(w) * (1 + delta(w)); centrality(v) +=
 *    delta(v) for v other than the source.
 *
 * Steps 2 and 3 run in one persistent cooperative kernel with a grid barrier
 * between levels, reading the level count and boundaries from device memory,
 * so a source costs two kernel launches whatever its depth. Within a level a
 * warp takes 32 vertices; lists of 32 or more edges are reduced by the whole
 * warp, shorter ones by their own lane, and hubs are split into block-sized
 * chunks (pull_layout.cuh, after Tigr 001_e12cff375407a15a.txt §4.1) whose
 * sums are added atomically. No normalisation and no halving.
 */
#include <cooperative_groups.h>

#include "bfs_engine.cuh"
#include "cuda_backend.h"
#include "warp_ops.cuh"

namespace cg = cooperative_groups;

namespace gg::cuda {

namespace {

// One block of 1024 threads per SM: fewer blocks make cheaper grid barriers.
constexpr int kBcThreads = 1024;

struct BcArgs {
    DeviceCsr out, in;
    PullLayout in_hubs, out_hubs;  // hub chunks of the CSC and of the CSR
    uint32_t source;
    const uint32_t *depth;
    const uint32_t *list;
    const uint32_t *level_start;
    const BfsSummary *summary;
    double *sigma;  // zero except where written: hubs accumulate into it
    double *delta;  // likewise
    double *centrality;
};

// Sums term(v, x) over the list of every vertex v in list[lo, hi) and hands
// each its total: store(v, total). A warp takes 32 vertices at a time; lists
// of 32 or more edges are reduced by the whole warp; hubs (more than
// hubs.hub_threshold edges) are left to reduce_hub_chunks.
template <class Term, class Store>
__device__ void reduce_level(const DeviceCsr &csr, uint32_t hub_threshold, const uint32_t *list, uint32_t lo,
                             uint32_t hi, Term term, Store store) {
    const int lane = lane_id();
    const uint64_t warps = warps_in_grid();
    for (uint64_t base = lo + uint64_t(global_warp()) * 32; base < hi; base += warps * 32) {
        const uint64_t i = base + lane;
        bool have = i < hi;
        uint32_t v = 0;
        uint64_t begin = 0, end = 0;
        if (have) {
            v = list[i];
            begin = csr.offsets[v];
            end = csr.offsets[v + 1];
            if (end - begin > hub_threshold) {
                have = false;
                end = begin;
            }
        }
        double total = 0;
        unsigned long_lists = __ballot_sync(kFullMask, end - begin >= 32);
        while (long_lists) {
            const int owner = __ffs(long_lists) - 1;
            long_lists &= long_lists - 1;
            const uint32_t owner_vertex = __shfl_sync(kFullMask, v, owner);
            const uint64_t owner_begin = __shfl_sync(kFullMask, begin, owner);
            const uint64_t owner_end = __shfl_sync(kFullMask, end, owner);
            double part = 0;
            for (uint64_t e = owner_begin + lane; e < owner_end; e += 32) part += term(owner_vertex, csr.indices[e]);
            part = warp_sum(part);
            if (lane == owner) total = part;
        }
        if (have && end - begin < 32)
            for (uint64_t e = begin; e < end; ++e) total += term(v, csr.indices[e]);
        if (have) store(v, total);
    }
}

// The hubs of level d: each chunk of a hub's list is summed by one block and
// added to accumulator[hub] (Tigr's virtual split, pull_layout.cuh).
template <class Term>
__device__ void reduce_hub_chunks(const DeviceCsr &csr, const PullLayout &hubs, const uint32_t *depth, uint32_t d,
                                  Term term, double *accumulator) {
    for (uint32_t c = blockIdx.x; c < hubs.num_chunks; c += gridDim.x) {
        const uint32_t hub = hubs.chunk_hub[c];
        const uint32_t v = hubs.hub_vertex[hub];
        if (depth[v] != d) continue;  // the same for the whole block
        const uint64_t list_end = csr.offsets[v + 1];
        const uint64_t begin = csr.offsets[v] + uint64_t(c - hubs.hub_first_chunk[hub]) * hubs.chunk_edges;
        const uint64_t end = begin + hubs.chunk_edges < list_end ? begin + hubs.chunk_edges : list_end;
        double part = 0;
        for (uint64_t e = begin + threadIdx.x; e < end; e += blockDim.x) part += term(v, csr.indices[e]);
        part = block_sum(part);
        if (threadIdx.x == 0) atomicAdd(&accumulator[v], part);
    }
}

__global__ void __launch_bounds__(kBcThreads, 1) accumulate_dependencies(BcArgs a) {
    cg::grid_group grid = cg::this_grid();
    const uint32_t levels = a.summary->levels;
    const uint32_t *depth = a.depth;
    double *sigma = a.sigma;
    double *delta = a.delta;
    double *centrality = a.centrality;
    const uint32_t source = a.source;

    if (grid.thread_rank() == 0) sigma[source] = 1.0;
    grid.sync();
    for (uint32_t d = 1; d < levels; ++d) {
        const uint32_t up = d - 1;
        auto term = [=] __device__(uint32_t, uint32_t u) { return depth[u] == up ? load_fresh(sigma + u) : 0.0; };
        reduce_level(a.in, a.in_hubs.hub_threshold, a.list, a.level_start[d], a.level_start[d + 1], term,
                     [=] __device__(uint32_t v, double total) { sigma[v] = total; });
        reduce_hub_chunks(a.in, a.in_hubs, depth, d, term, sigma);
        grid.sync();
    }
    for (uint32_t d = levels; d-- > 0;) {
        const uint32_t down = d + 1;
        auto term = [=] __device__(uint32_t v, uint32_t w) {
            return depth[w] == down ? load_fresh(sigma + v) / load_fresh(sigma + w) * (1.0 + load_fresh(delta + w))
                                    : 0.0;
        };
        reduce_level(a.out, a.out_hubs.hub_threshold, a.list, a.level_start[d], a.level_start[d + 1], term,
                     [=] __device__(uint32_t v, double total) {
                         delta[v] = total;
                         if (v != source) centrality[v] += total;
                     });
        reduce_hub_chunks(a.out, a.out_hubs, depth, d, term, delta);
        grid.sync();
    }
    // Hubs received their dependency by atomic adds; now it is complete.
    for (uint64_t h = grid.thread_rank(); h < a.out_hubs.num_hubs; h += grid.size()) {
        const uint32_t v = a.out_hubs.hub_vertex[h];
        if (v != source && depth[v] != kUnvisited) centrality[v] += load_fresh(delta + v);
    }
}

}  // namespace

void bc(const Graph &g, const uint32_t *sources, uint32_t num_sources, double *centrality, const RunConfig &config,
        RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, GG_LAYOUT_CSR, "BC");
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    GraphNeeds needs;
    needs.out = true;
    needs.in = true;
    needs.in_pull_layout = true;
    needs.out_pull_layout = true;
    const DeviceGraph graph = device_graph(g, info.id, needs, stream.get(), report);

    BfsEngine bfs(graph, info, false, true);
    DeviceArray<double> sigma(n, "BC path counts");
    DeviceArray<double> delta(n, "BC dependencies");
    DeviceArray<double> total(n, "BC centrality");
    const int blocks =
        cooperative_blocks(reinterpret_cast<const void *>(accumulate_dependencies), kBcThreads, 0, info);

    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    EventTimer compute;
    compute.start(stream.get());
    GG_CUDA_CHECK(cudaMemsetAsync(total.get(), 0, total.bytes(), stream.get()));
    BcArgs a;
    a.out = graph.out;
    a.in = graph.in;
    a.in_hubs = graph.in_pull;
    a.out_hubs = graph.out_pull;
    a.depth = bfs.depth();
    a.list = bfs.list();
    a.level_start = bfs.level_start();
    a.summary = bfs.summary_pointer();
    a.sigma = sigma.get();
    a.delta = delta.get();
    a.centrality = total.get();
    for (uint32_t i = 0; i < num_sources; ++i) {
        GG_CUDA_CHECK(cudaMemsetAsync(sigma.get(), 0, sigma.bytes(), stream.get()));
        GG_CUDA_CHECK(cudaMemsetAsync(delta.get(), 0, delta.bytes(), stream.get()));
        bfs.run(sources[i], stream.get());
        a.source = sources[i];
        void *params[] = {&a};
        GG_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(accumulate_dependencies), blocks,
                                                  kBcThreads, params, 0, stream.get()));
    }
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    copy_to_host(centrality, total.get(), total.bytes(), stream.get(), report.transfer_ms);
    report.iterations = num_sources;
    report.edges_visited = uint64_t(num_sources) * g.m() * 2;
    report.device_bytes = graph.device_bytes;
}

}  // namespace gg::cuda
