/*
 * Betweenness centrality over the parts of a plan on the GPUs: the CPU's
 * partitioned method (src/partitioned/bc.cpp; Brandes' two sweeps,
 * level-synchronous, with Medusa's replica update after every level, 002
 * §4.3), its steps as kernels, mostly one warp per vertex (a warp walks a
 * list with coalesced loads and reduces it with shuffles):
 *
 * Forward, level L, in each part, top-down: the owned vertices of depth L
 * claim the unreached targets of their out-edges for depth L + 1 (a
 * compare-and-swap on the depth); then each claimed vertex sums the path
 * counts of its in-edges from the owned frontier (backend/path_count.h, the
 * arithmetic of both backends). Or bottom-up, when the frontier's out-edges
 * are many (kBottomUpRatio): every unreached vertex makes that sum over its
 * in-edges, and a nonzero one reaches it; the same sums in the same order.
 * Replicas send (depth, count) to their owners, which add the counts of
 * equal depth (to_owners, sparse: a sum must see each change once); the
 * owned vertices of depth L + 1 that the part claimed or a merge changed
 * form its next level (a flag per vertex keeps each once); owners send the
 * totals back to their replicas.
 * Backward, level L from the deepest: each owned u of depth L sums, over
 * its successors v (depth L + 1), mass(u) * w(v) scaled by the scales,
 * where w(v) = (1 + dependency(v)) / mass(v) (or, when level L + 1 holds
 * far fewer edges, its vertices push those terms to their owned
 * in-neighbours of depth L: kPushRatio); then owners send the w of their
 * depth-L vertices to the replicas.
 *
 * Hubs. A warp walks one vertex's list; a list of hundreds of thousands of
 * edges (kron 25's source has 639,504) held its whole level's kernel on one
 * warp for milliseconds. So each step leaves the lists longer than the pull
 * layout's hub threshold (pull_layout.h, built for each part's in- and
 * out-edges) to its chunks of 2,048 edges, one warp each, after Tigr's
 * virtual nodes (001 §4.1): claims and pushed terms go straight from the
 * chunks; sums (path counts, pulled dependencies) go to a slot per chunk,
 * which one thread per hub then adds in chunk order, so that a hub's sum
 * does not depend on which warp finished first.
 *
 * Values and levels stay on the devices; per level the host reads the
 * exchange's counts and each part's level size. The sums run in another
 * order than the unpartitioned run's: centrality agrees to rounding.
 */
#include <algorithm>
#include <memory>
#include <vector>

#include "backend/path_count.h"
#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "layouts/device_layouts.cuh"
#include "layouts/pull_layout.cuh"
#include "partitioned/device_exchange.cuh"
#include "partitioned/device_results.cuh"
#include "partitioned/device_runs.cuh"
#include "partitioned/partitioned_run.h"
#include "primitives/frontier.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

constexpr uint32_t kUnreached = UINT32_MAX;
constexpr int kThreads = 256;
// A part takes a forward step bottom-up when its frontier's out-edges times
// this exceed its local in-edges: bottom-up then reads at most this many
// times the edges the claims would (every in-edge of the part), in one
// streaming pass that also counts, where top-down follows the claims with a
// pull over the new level's in-edges. The CPU's parts take the same rule
// (src/partitioned/bc.cpp, which says why it is not the unpartitioned
// bc.cpp's). Kron 25 over two H200s (bench/results/multi-gpu-bc-hubs-
// 2026-11-28-s49.md): 32.5 ms with 16, 32.1 with 4 and with 64, 49.4 with
// every step top-down.
constexpr uint64_t kBottomUpRatio = 16;
// A backward level is pushed from the level below when that level's owned
// out-edges times this, plus the part's vertices (the push scans their
// depths), are fewer than the level's own out-edges. Kron 25 over two
// H200s: 32.5 ms, 34.7 with every level pulled.
constexpr uint64_t kPushRatio = 4;
// In-lists up to this long are summed by one lane (sums_of_lanes).
constexpr uint64_t kLaneList = 16;

// A vertex's BFS depth and shortest-path count (mass * 2^(512 * scale)).
struct alignas(16) Reach {
    uint32_t depth;
    int32_t scale;
    double mass;
    __host__ __device__ bool operator==(const Reach &o) const {
        return depth == o.depth && scale == o.scale && mass == o.mass;
    }
};

// The paths of a replica's part, added to its owner's at the same depth
// (the CPU's merge, backend/path_count.h).
struct AddPaths {
    __device__ bool operator()(Reach &slot, Reach incoming) const {
        return path_count::merge_at_depth(slot, incoming, kUnreached);
    }
};

// Warps of the grid, each taking items warp, warp + warps, ...
__device__ __forceinline__ uint64_t warp_index() { return (blockIdx.x * uint64_t(blockDim.x) + threadIdx.x) >> 5; }
__device__ __forceinline__ uint64_t warp_count() { return (uint64_t(gridDim.x) * blockDim.x) >> 5; }

// Whether v's list is a hub's of `hubs` (left to its chunks).
__device__ __forceinline__ bool is_hub(const DeviceCsr &csr, const PullLayout &hubs, uint32_t v) {
    return csr.offsets[v + 1] - csr.offsets[v] > hubs.hub_threshold;
}

// Chunk c of a pull layout: its hub and the edges [begin, end) it covers.
struct HubChunk {
    uint32_t vertex;
    uint64_t begin, end;
};
__device__ __forceinline__ HubChunk hub_chunk(const DeviceCsr &csr, const PullLayout &hubs, uint32_t c) {
    const uint32_t h = hubs.chunk_hub[c];
    const uint32_t x = hubs.hub_vertex[h];
    const uint64_t begin = csr.offsets[x] + uint64_t(c - hubs.hub_first_chunk[h]) * hubs.chunk_edges;
    const uint64_t end = csr.offsets[x + 1];
    return HubChunk{x, begin, begin + hubs.chunk_edges < end ? begin + hubs.chunk_edges : end};
}

__global__ void reset_part(Reach *reach, double *w, uint32_t size) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < size;
         v += uint64_t(gridDim.x) * blockDim.x) {
        reach[v] = Reach{kUnreached, 0, 0.0};
        w[v] = 0.0;
    }
}

// The frontier's unreached out-neighbours take depth level + 1 and are
// listed in `reached`. The appends and the edge count are per warp
// (frontier.cuh's warp_push_items; one count a warp at its end): with one
// same-address atomic per claimed vertex and per frontier vertex, those
// atomics, serialised in L2, set the kernel's pace on kron's big levels.
__device__ void claim_range(const DeviceCsr &out, uint64_t begin, uint64_t end, uint32_t level, Reach *reach,
                            const FrontierSink &reached) {
    for (uint64_t base = begin; base < end; base += 32) {  // the same trips in every lane
        const uint64_t e = base + lane_id();
        bool claimed = false;
        uint32_t t = 0;
        if (e < end) {
            t = out.indices[e];
            uint32_t *depth = &reach[t].depth;
            claimed = load_volatile(depth) == kUnreached && atomicCAS(depth, kUnreached, level + 1) == kUnreached;
        }
        warp_push_items<false>(reached, claimed, t, 0);
    }
}

__global__ void claim_targets(DeviceCsr out, PullLayout hubs, const uint32_t *frontier, uint32_t count, uint32_t level,
                              Reach *reach, FrontierSink reached, unsigned long long *scanned) {
    unsigned long long edges = 0;
    for (uint64_t i = warp_index(); i < count; i += warp_count()) {
        const uint32_t u = frontier[i];
        if (is_hub(out, hubs, u)) continue;  // claim_hub_targets; the same for the whole warp
        const uint64_t begin = out.offsets[u], end = out.offsets[u + 1];
        claim_range(out, begin, end, level, reach, reached);
        edges += end - begin;
    }
    if (lane_id() == 0 && edges) atomicAdd(scanned, edges);
}

// The claims of the frontier's hubs, a chunk per warp.
__global__ void claim_hub_targets(DeviceCsr out, PullLayout hubs, uint32_t owned, uint32_t level, Reach *reach,
                                  FrontierSink reached, unsigned long long *scanned) {
    unsigned long long edges = 0;
    for (uint64_t c = warp_index(); c < hubs.num_chunks; c += warp_count()) {
        const HubChunk chunk = hub_chunk(out, hubs, uint32_t(c));
        if (chunk.vertex >= owned || reach[chunk.vertex].depth != level) continue;
        claim_range(out, chunk.begin, chunk.end, level, reach, reached);
        edges += chunk.end - chunk.begin;
    }
    if (lane_id() == 0 && edges) atomicAdd(scanned, edges);
}

struct PathSum {
    double mass;
    int32_t scale;
};

// The count a vertex gets from its in-edges [begin, end) out of the owned
// vertices of depth `level` (only this part's share for a replica; its owner
// adds them): a warp collective, lane 0's sum given to every lane. Both
// directions of the forward step sum through here, over the same lists or
// hub chunks, in the same order, so that the direction a part takes cannot
// change a bit of the answer.
__device__ PathSum sum_from_level(const DeviceCsr &in, uint64_t begin, uint64_t end, uint32_t owned, uint32_t level,
                                  const Reach *reach) {
    PathSum sum{0.0, 0};
    for (uint64_t e = begin + lane_id(); e < end; e += 32) {
        const uint32_t u = in.indices[e];
        if (u >= owned) continue;
        const Reach r = reach[u];
        if (r.depth != level) continue;
        sum = path_count::normalised(path_count::add(sum, PathSum{r.mass, r.scale}));
    }
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        const PathSum other{__shfl_xor_sync(kFullMask, sum.mass, offset),
                            __shfl_xor_sync(kFullMask, sum.scale, offset)};
        sum = path_count::normalised(path_count::add(sum, other));
    }
    return PathSum{__shfl_sync(kFullMask, sum.mass, 0), __shfl_sync(kFullMask, sum.scale, 0)};
}

// Top-down, second half: each reached vertex's count.
// sum_from_level's sum of a short list [begin, end), by one lane, in list order.
__device__ PathSum lane_sum_from_level(const DeviceCsr &in, uint64_t begin, uint64_t end, uint32_t owned,
                                       uint32_t level, const Reach *reach) {
    PathSum sum{0.0, 0};
    for (uint64_t e = begin; e < end; ++e) {
        const uint32_t u = in.indices[e];
        if (u >= owned) continue;
        const Reach r = reach[u];
        if (r.depth != level) continue;
        sum = path_count::normalised(path_count::add(sum, PathSum{r.mass, r.scale}));
    }
    return sum;
}

// A vertex's count, by the whole warp (every lane gets it): a list of up to
// kLaneList edges as one lane sums it, a longer one by sum_from_level. The
// one rule by which both directions sum a list (sums_of_lanes).
__device__ PathSum list_sum_from_level(const DeviceCsr &in, uint64_t begin, uint64_t end, uint32_t owned,
                                       uint32_t level, const Reach *reach) {
    if (end - begin > kLaneList) return sum_from_level(in, begin, end, owned, level, reach);
    PathSum sum{0.0, 0};
    if (lane_id() == 0) sum = lane_sum_from_level(in, begin, end, owned, level, reach);
    return PathSum{__shfl_sync(kFullMask, sum.mass, 0), __shfl_sync(kFullMask, sum.scale, 0)};
}

// The counts of a warp's vertices, a vertex per lane (t, where `want`), as
// list_sum_from_level makes them: a short list by its lane alone, longer
// ones by the whole warp, one after another. For bottom-up steps, which sum
// every unreached vertex: on kron most lists are short, and a warp per list
// left most lanes idle and paid the five-step reduction of a count for
// every vertex (pull_level 2.1 -> 1.4 ms of kernel time on kron 22, two
// parts). count_paths keeps a warp per vertex: its levels may be too small
// to fill the GPU a vertex per lane (its time rose 0.10 -> 0.49 ms so).
__device__ PathSum sums_of_lanes(const DeviceCsr &in, bool want, uint32_t t, uint32_t owned, uint32_t level,
                                 const Reach *reach) {
    uint64_t begin = 0, end = 0;
    if (want) {
        begin = in.offsets[t];
        end = in.offsets[t + 1];
    }
    const bool alone = end - begin <= kLaneList;
    PathSum mine{0.0, 0};
    if (alone) mine = lane_sum_from_level(in, begin, end, owned, level, reach);
    unsigned together = __ballot_sync(kFullMask, !alone);
    while (together) {
        const int j = __ffs(together) - 1;
        together &= together - 1;
        const PathSum sum = sum_from_level(in, __shfl_sync(kFullMask, begin, j), __shfl_sync(kFullMask, end, j),
                                           owned, level, reach);
        if (lane_id() == j) mine = sum;
    }
    return mine;
}

// Top-down, second half: each reached vertex's count, a warp each (the
// level may be small: a vertex per lane would leave the GPU idle).
__global__ void count_paths(DeviceCsr in, PullLayout hubs, uint32_t owned, uint32_t level, Reach *reach,
                            const uint32_t *reached, const uint32_t *reached_count) {
    const uint32_t count = *reached_count;
    for (uint64_t i = warp_index(); i < count; i += warp_count()) {
        const uint32_t t = reached[i];
        if (is_hub(in, hubs, t)) continue;  // sum_hub_chunks
        const PathSum sum = list_sum_from_level(in, in.offsets[t], in.offsets[t + 1], owned, level, reach);
        if (lane_id() == 0) {
            reach[t].scale = sum.scale;
            reach[t].mass = sum.mass;
        }
    }
}

// Bottom-up (Beamer et al., SC'12, as src/cpu/bc.cpp's bottom_up_level):
// every unreached vertex of the part, owned or replica, sums its in-edges
// from the owned frontier; a nonzero sum reaches it at depth level + 1. One
// pass finds the level and its counts, where top-down reads the frontier's
// out-edges and then the new level's in-edges at random places: on kron's
// big levels the claims alone took 7.1 ms of a part's level against 0.84 ms
// for the whole one-GPU BFS (bench/results/multi-gpu-bc-2026-11-28-s48.md).
// A warp takes 32 consecutive vertices (sums_of_lanes) and appends the
// found ones with one atomic.
__global__ void pull_level(DeviceCsr in, PullLayout hubs, uint32_t size, uint32_t owned, uint32_t level, Reach *reach,
                           FrontierSink reached, unsigned long long *scanned) {
    unsigned long long edges = 0;
    for (uint64_t first = warp_index() * 32; first < size; first += warp_count() * 32) {  // whole warps
        const uint32_t t = uint32_t(first + lane_id());
        const bool want = t < size && reach[t].depth == kUnreached && !is_hub(in, hubs, t);
        const PathSum sum = sums_of_lanes(in, want, t, owned, level, reach);
        const bool found = want && sum.mass != 0.0;
        if (found) reach[t] = Reach{level + 1, sum.scale, sum.mass};
        if (want) edges += in.offsets[t + 1] - in.offsets[t];
        warp_push_items<false>(reached, found, t, 0);
    }
    edges = warp_sum(edges);
    if (lane_id() == 0 && edges) atomicAdd(scanned, edges);
}

// The in-hubs' counts, first half: every chunk of a hub at depth `want`
// (level + 1 after the claims, or kUnreached bottom-up) sums its edges into
// its slot.
__global__ void sum_hub_chunks(DeviceCsr in, PullLayout hubs, uint32_t owned, uint32_t level, uint32_t want,
                               const Reach *reach, PathSum *sums, unsigned long long *scanned) {
    unsigned long long edges = 0;
    for (uint64_t c = warp_index(); c < hubs.num_chunks; c += warp_count()) {
        const HubChunk chunk = hub_chunk(in, hubs, uint32_t(c));
        if (reach[chunk.vertex].depth != want) continue;
        const PathSum sum = sum_from_level(in, chunk.begin, chunk.end, owned, level, reach);
        if (lane_id() == 0) sums[c] = sum;
        edges += chunk.end - chunk.begin;
    }
    // Top-down, the claims counted these edges as out-edges already.
    if (lane_id() == 0 && edges && want == kUnreached) atomicAdd(scanned, edges);
}

// Second half, a thread per hub: its chunks' sums in chunk order. After
// claims the hub takes the count; bottom-up, a nonzero one reaches it at
// depth level + 1 and lists it. Whole warps, for the appends.
__global__ void merge_hub_sums(PullLayout hubs, uint32_t level, uint32_t want, Reach *reach, const PathSum *sums,
                               FrontierSink reached) {
    for (uint64_t first = warp_index() * 32; first < hubs.num_hubs; first += warp_count() * 32) {
        const uint64_t h = first + lane_id();
        bool found = false;
        uint32_t x = 0;
        if (h < hubs.num_hubs) {
            x = hubs.hub_vertex[h];
            if (reach[x].depth == want) {
                PathSum sum{0.0, 0};
                for (uint32_t c = hubs.hub_first_chunk[h]; c < hubs.hub_first_chunk[h + 1]; ++c)
                    sum = path_count::normalised(path_count::add(sum, sums[c]));
                if (want != kUnreached) {
                    reach[x].scale = sum.scale;
                    reach[x].mass = sum.mass;
                } else if (sum.mass != 0.0) {
                    reach[x] = Reach{level + 1, sum.scale, sum.mass};
                    found = true;
                }
            }
        }
        warp_push_items<false>(reached, found, x, 0);
    }
}

// The part's next level: the owned vertices of `depth` among the reached
// and the changed ones, each once (queued flags), appended a warp at a time,
// their out-degrees added up (the order's degree_sum: the next step's
// direction).
__global__ void list_next_level(DeviceCsr out, const uint32_t *reached, const uint32_t *reached_count,
                                const uint32_t *changed, const uint32_t *changed_count, uint32_t owned,
                                uint32_t depth, const Reach *reach, uint32_t *queued, FrontierSink order) {
    const uint32_t a = *reached_count;
    const uint64_t total = uint64_t(a) + *changed_count;
    for (uint64_t first = warp_index() * 32; first < total; first += warp_count() * 32) {  // whole warps
        const uint64_t i = first + lane_id();
        bool listed = false;
        uint32_t v = 0;
        if (i < total) {
            v = i < a ? reached[i] : changed[i - a];
            listed = v < owned && reach[v].depth == depth && atomicExch(&queued[v], 1u) == 0;
        }
        warp_push_items<true>(order, listed, v, listed ? uint32_t(out.offsets[v + 1] - out.offsets[v]) : 0);
    }
}

// Brandes' dependency of each vertex of the level, from its successors' w.
// u's terms over its out-edges [begin, end), summed by the warp.
__device__ double dependency_over(const DeviceCsr &out, uint64_t begin, uint64_t end, const Reach &ru, uint32_t level,
                                  const Reach *reach, const double *w) {
    double dependency = 0;
    for (uint64_t e = begin + lane_id(); e < end; e += 32) {
        const uint32_t v = out.indices[e];
        const Reach rv = reach[v];
        if (rv.depth == level + 1) dependency += path_count::scaled(ru.mass * w[v], ru.scale - rv.scale);
    }
    return warp_sum(dependency);
}

// u's dependency is known: its centrality and w.
__device__ __forceinline__ void finish_vertex(uint32_t u, const Reach &ru, uint32_t level, double dependency, double *w,
                                              double *centrality) {
    if (level > 0) centrality[u] += dependency;
    w[u] = (1.0 + dependency) / ru.mass;
}

__global__ void accumulate_dependencies(DeviceCsr out, PullLayout hubs, const uint32_t *vertices, uint32_t count,
                                        uint32_t level, const Reach *reach, double *w, double *centrality,
                                        unsigned long long *scanned) {
    unsigned long long edges = 0;  // added once a warp, as claim_targets does
    for (uint64_t i = warp_index(); i < count; i += warp_count()) {
        const uint32_t u = vertices[i];
        if (is_hub(out, hubs, u)) continue;  // hub_dependency_chunks
        const Reach ru = reach[u];
        const uint64_t begin = out.offsets[u], end = out.offsets[u + 1];
        const double dependency = dependency_over(out, begin, end, ru, level, reach, w);
        if (lane_id() == 0) finish_vertex(u, ru, level, dependency, w, centrality);
        edges += end - begin;
    }
    if (lane_id() == 0 && edges) atomicAdd(scanned, edges);
}

// The level's owned out-hubs, first half: each chunk's terms into its slot.
__global__ void hub_dependency_chunks(DeviceCsr out, PullLayout hubs, uint32_t owned, uint32_t level,
                                      const Reach *reach, const double *w, double *sums,
                                      unsigned long long *scanned) {
    unsigned long long edges = 0;
    for (uint64_t c = warp_index(); c < hubs.num_chunks; c += warp_count()) {
        const HubChunk chunk = hub_chunk(out, hubs, uint32_t(c));
        if (chunk.vertex >= owned) continue;
        const Reach ru = reach[chunk.vertex];
        if (ru.depth != level) continue;
        const double sum = dependency_over(out, chunk.begin, chunk.end, ru, level, reach, w);
        if (lane_id() == 0) sums[c] = sum;
        edges += chunk.end - chunk.begin;
    }
    if (lane_id() == 0 && edges) atomicAdd(scanned, edges);
}

// Second half, a thread per hub: its chunks' sums in chunk order.
__global__ void finish_hub_dependencies(PullLayout hubs, uint32_t owned, uint32_t level, const Reach *reach,
                                        const double *sums, double *w, double *centrality) {
    for (uint64_t h = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; h < hubs.num_hubs;
         h += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t u = hubs.hub_vertex[h];
        if (u >= owned) continue;
        const Reach ru = reach[u];
        if (ru.depth != level) continue;
        double dependency = 0;
        for (uint32_t c = hubs.hub_first_chunk[h]; c < hubs.hub_first_chunk[h + 1]; ++c) dependency += sums[c];
        finish_vertex(u, ru, level, dependency, w, centrality);
    }
}

// Backward, pushed (as the one-GPU BC pushes a level whose neighbours below
// hold far fewer edges, cuda/algorithms/bc.cu): each vertex v of depth
// level + 1 in the part, owned or replica (a replica's w came with the last
// refresh), adds mass(u) * w(v) to the partial dependency of each owned
// in-neighbour u of depth level: the pull's terms, over the same edges
// (the local in-lists are the out-lists transposed), in another order, with
// double atomics. A warp takes 32 consecutive vertices, as pull_level does.
__device__ void push_range(const DeviceCsr &in, uint64_t begin, uint64_t end, uint32_t v, uint32_t owned,
                           uint32_t level, const Reach *reach, const double *w, double *partial) {
    const Reach rv = reach[v];
    const double wv = w[v];
    for (uint64_t e = begin + lane_id(); e < end; e += 32) {
        const uint32_t u = in.indices[e];
        if (u >= owned) continue;
        const Reach ru = reach[u];
        if (ru.depth == level) atomicAdd(&partial[u], path_count::scaled(ru.mass * wv, ru.scale - rv.scale));
    }
}

__global__ void push_dependencies(DeviceCsr in, PullLayout hubs, uint32_t size, uint32_t owned, uint32_t level,
                                  const Reach *reach, const double *w, double *partial, unsigned long long *scanned) {
    unsigned long long edges = 0;
    for (uint64_t first = warp_index() * 32; first < size; first += warp_count() * 32) {  // whole warps
        const uint64_t mine = first + lane_id();
        unsigned below = __ballot_sync(kFullMask, mine < size && reach[mine].depth == level + 1 &&
                                                      !is_hub(in, hubs, uint32_t(mine)));
        while (below) {
            const int j = __ffs(below) - 1;
            below &= below - 1;
            const uint32_t v = uint32_t(first + j);
            push_range(in, in.offsets[v], in.offsets[v + 1], v, owned, level, reach, w, partial);
            edges += in.offsets[v + 1] - in.offsets[v];
        }
    }
    if (lane_id() == 0 && edges) atomicAdd(scanned, edges);
}

// The pushes of the level below's in-hubs, a chunk per warp.
__global__ void push_hub_chunks(DeviceCsr in, PullLayout hubs, uint32_t owned, uint32_t level, const Reach *reach,
                                const double *w, double *partial, unsigned long long *scanned) {
    unsigned long long edges = 0;
    for (uint64_t c = warp_index(); c < hubs.num_chunks; c += warp_count()) {
        const HubChunk chunk = hub_chunk(in, hubs, uint32_t(c));
        if (reach[chunk.vertex].depth != level + 1) continue;
        push_range(in, chunk.begin, chunk.end, chunk.vertex, owned, level, reach, w, partial);
        edges += chunk.end - chunk.begin;
    }
    if (lane_id() == 0 && edges) atomicAdd(scanned, edges);
}

// A pushed level's owned vertices: their dependency from the partial sums,
// which they leave at zero for the next level.
__global__ void finish_dependencies(const uint32_t *vertices, uint32_t count, uint32_t level, const Reach *reach,
                                    double *w, double *partial, double *centrality) {
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < count;
         i += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t u = vertices[i];
        const double dependency = partial[u];
        partial[u] = 0.0;
        finish_vertex(u, reach[u], level, dependency, w, centrality);
    }
}

// A part's arrays, pooled under its local graph.
struct PartBrandes final : EngineState {
    DeviceArray<Reach> reach;
    DeviceArray<double> w, centrality, partial;  // partial: a pushed level's dependencies (owned)
    DeviceArray<PathSum> hub_paths;              // a slot per chunk of the in-hubs
    DeviceArray<double> hub_dependencies;        // a slot per chunk of the out-hubs
    DeviceArray<uint32_t> reached, order, queued;
    DeviceArray<FrontierCounters> counters;  // the appends to reached, to order
    DeviceArray<unsigned long long> scanned;
    PinnedBuffer read{sizeof(FrontierCounters)};  // the order's counters, after a level is listed
    PartBrandes(size_t size, size_t owned, size_t in_chunks, size_t out_chunks)
        : reach(size, "a part's path counts"), w(size, "a part's dependency coefficients"),
          centrality(owned, "a part's centrality"), partial(owned, "a part's partial dependencies"),
          hub_paths(std::max<size_t>(in_chunks, 1), "a part's hub-chunk path counts"),
          hub_dependencies(std::max<size_t>(out_chunks, 1), "a part's hub-chunk dependencies"),
          reached(size, "a part's reached vertices"), order(owned, "a part's vertices by level"),
          queued(owned, "a part's listed flags"), counters(2, "a part's level counters"),
          scanned(1, "a part's edge count") {}
    uint64_t bytes() const override {
        return reach.bytes() + w.bytes() + centrality.bytes() + partial.bytes() + hub_paths.bytes() +
               hub_dependencies.bytes() + reached.bytes() + order.bytes() + queued.bytes() + counters.bytes() +
               scanned.bytes();
    }
    uint32_t *reached_count() const { return &counters.get()[0].count; }
    FrontierSink sink(uint32_t *items, uint32_t which) const {
        FrontierSink s;
        s.items = items;
        s.counters = counters.get() + which;
        return s;
    }
};

class DeviceBrandesParts {
public:
    DeviceBrandesParts(DevicePartSet &parts, const RunConfig &config, RunReport &report)
        : parts_(parts), reach_(parts), w_(parts), exchange_(parts), layouts_(parts, report),
          starts_(parts.num_parts()), out_degrees_(parts.num_parts()) {
        const PartitionPlan &plan = parts.plan();
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            DeviceScope scope(parts.device_of(p));
            const cudaStream_t stream = parts.stream_of(p);
            if (part.size()) {
                out_.push_back(layouts_.of(p).edges(EdgeDirection::out, false));
                in_.push_back(layouts_.of(p).edges(EdgeDirection::in, false));
                out_hubs_.push_back(layouts_.of(p).pull(EdgeDirection::out));
                in_hubs_.push_back(layouts_.of(p).pull(EdgeDirection::in));
                report.device_bytes += layouts_.of(p).device_bytes();
            } else {
                out_.emplace_back();
                in_.emplace_back();
                out_hubs_.emplace_back();
                in_hubs_.emplace_back();
            }
            const size_t size = std::max<uint32_t>(part.size(), 1), owned = std::max<uint32_t>(part.owned, 1);
            arrays_.push_back(take_state<PartBrandes>(part.local, parts.info_of(p), parts.config_of(p, config),
                                                      EngineId::part_bc, 0,
                                                      [&] {
                                                          return std::make_unique<PartBrandes>(
                                                              size, owned, in_hubs_[p].num_chunks,
                                                              out_hubs_[p].num_chunks);
                                                      }));
            PartBrandes &a = *arrays_.back();
            GG_CUDA_CHECK(cudaMemsetAsync(a.centrality.get(), 0, a.centrality.bytes(), stream));
            GG_CUDA_CHECK(cudaMemsetAsync(a.partial.get(), 0, a.partial.bytes(), stream));
            GG_CUDA_CHECK(cudaMemsetAsync(a.scanned.get(), 0, a.scanned.bytes(), stream));
            reach_.value[p] = a.reach.get();
            w_.value[p] = a.w.get();
        }
    }

    // Both sweeps from `source`; returns the supersteps (levels with an exchange).
    uint32_t run_source(uint32_t source) {
        start(source);
        uint32_t supersteps = 0;
        uint32_t level = 0;
        for (;; ++level) {
            if (!expand(level)) break;
            ++supersteps;
            exchange_.to_owners(reach_, AddPaths{});
            parts_.collect_compute();  // the round waited for the expansion
            list_next(level + 1);
            exchange_.to_replicas(reach_, TakeOwners{});
            for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
                const bool held = parts_.plan().parts[p].size() > 0;
                const FrontierCounters *order = static_cast<const FrontierCounters *>(arrays_[p]->read.get());
                starts_[p].push_back(held ? order->count : 0);
                out_degrees_[p].push_back(held ? order->degree_sum : 0);
            }
        }
        // `level` is the first level no part holds: the deepest is one above.
        while (level-- > 0) {
            accumulate(level);
            if (level == 0) break;
            ++supersteps;
            exchange_.to_replicas(w_, TakeOwners{});
            parts_.collect_compute();
        }
        parts_.collect_compute();  // level 0's
        return supersteps;
    }

    uint64_t edges_visited() {
        uint64_t total = 0;
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            if (parts_.plan().parts[p].size() == 0) continue;
            std::vector<unsigned long long> host;
            parts_.copy_values_to_host(p, arrays_[p]->scanned.get(), 1, host);
            total += host[0];
        }
        return total;
    }

    void to_caller(double *centrality, RunReport &report) {
        std::vector<double *> values(parts_.num_parts());
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) values[p] = arrays_[p]->centrality.get();
        DeviceResults results(parts_);
        results.to_caller(values, centrality, report.transfer_ms);
    }

private:
    // Every part unreached but the source's copies; level 0 is the source in its owner.
    void start(uint32_t source) {
        const PartitionPlan &plan = parts_.plan();
        const Reach origin{0, 0, 1.0};
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            starts_[p].assign(1, 0);
            out_degrees_[p].assign(2, 0);  // level 0 (the source) goes top-down
            if (part.size() == 0) {
                starts_[p].push_back(0);
                continue;
            }
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartBrandes &a = *arrays_[p];
            reset_part<<<blocks(part.size(), p), kThreads, 0, stream>>>(a.reach.get(), a.w.get(), part.size());
            GG_CUDA_CHECK_LAUNCH("reset_part");
            GG_CUDA_CHECK(cudaMemsetAsync(a.queued.get(), 0, a.queued.bytes(), stream));
            double unused = 0;
            const uint32_t l = local_id_in(plan, p, source);
            if (l != UINT32_MAX) copy_to_device(a.reach.get() + l, &origin, sizeof origin, stream, unused);
            const uint32_t listed = plan.owner[source] == p ? 1 : 0;
            if (listed) {
                const uint32_t one = 1;
                copy_to_device(a.order.get(), &l, sizeof l, stream, unused);
                copy_to_device(a.queued.get() + l, &one, sizeof one, stream, unused);
            }
            const FrontierCounters order{listed, 0, 0, 0};
            copy_to_device(a.counters.get() + 1, &order, sizeof order, stream, unused);
            starts_[p].push_back(listed);
        }
        reach_.mark_synced(parts_);
        w_.mark_synced(parts_);
    }

    uint32_t level_size(uint32_t p, uint32_t level) const { return starts_[p][level + 1] - starts_[p][level]; }

    // Level `level`'s expansion in every part; false when no part holds the level.
    bool expand(uint32_t level) {
        bool any = false;
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartBrandes &a = *arrays_[p];
            GG_CUDA_CHECK(cudaMemsetAsync(a.reached_count(), 0, sizeof(uint32_t), stream));
            const uint32_t count = level_size(p, level);
            if (count > 0) {
                any = true;
                parts_.start_compute(p);
                const uint64_t frontier_out_edges = out_degrees_[p][level + 1] - out_degrees_[p][level];
                const PullLayout &in_hubs = in_hubs_[p], &out_hubs = out_hubs_[p];
                const bool bottom_up = frontier_out_edges * kBottomUpRatio > in_[p].m;
                if (bottom_up) {
                    pull_level<<<blocks(part.size(), p), kThreads, 0, stream>>>(
                        in_[p], in_hubs, part.size(), part.owned, level, a.reach.get(), a.sink(a.reached.get(), 0),
                        a.scanned.get());
                    GG_CUDA_CHECK_LAUNCH("pull_level");
                } else {
                    claim_targets<<<blocks(uint64_t(count) * 32, p), kThreads, 0, stream>>>(
                        out_[p], out_hubs, a.order.get() + starts_[p][level], count, level, a.reach.get(),
                        a.sink(a.reached.get(), 0), a.scanned.get());
                    GG_CUDA_CHECK_LAUNCH("claim_targets");
                    if (out_hubs.num_chunks) {
                        claim_hub_targets<<<blocks(uint64_t(out_hubs.num_chunks) * 32, p), kThreads, 0, stream>>>(
                            out_[p], out_hubs, part.owned, level, a.reach.get(), a.sink(a.reached.get(), 0),
                            a.scanned.get());
                        GG_CUDA_CHECK_LAUNCH("claim_hub_targets");
                    }
                    count_paths<<<blocks(uint64_t(part.size()) * 32, p), kThreads, 0, stream>>>(
                        in_[p], in_hubs, part.owned, level, a.reach.get(), a.reached.get(), a.reached_count());
                    GG_CUDA_CHECK_LAUNCH("count_paths");
                }
                if (in_hubs.num_chunks) {
                    const uint32_t want = bottom_up ? kUnreached : level + 1;
                    sum_hub_chunks<<<blocks(uint64_t(in_hubs.num_chunks) * 32, p), kThreads, 0, stream>>>(
                        in_[p], in_hubs, part.owned, level, want, a.reach.get(), a.hub_paths.get(), a.scanned.get());
                    GG_CUDA_CHECK_LAUNCH("sum_hub_chunks");
                    merge_hub_sums<<<blocks(in_hubs.num_hubs, p), kThreads, 0, stream>>>(
                        in_hubs, level, want, a.reach.get(), a.hub_paths.get(), a.sink(a.reached.get(), 0));
                    GG_CUDA_CHECK_LAUNCH("merge_hub_sums");
                }
                parts_.stop_compute(p);
            }
        }
        return parts_.plan().communicator().any(any);  // some part of some process
    }

    // Each part's level `depth` after the counts reached the owners; the
    // next exchange's wait brings the level sizes to the host.
    void list_next(uint32_t depth) {
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            const PartitionPart &part = parts_.plan().parts[p];
            if (part.size() == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            PartBrandes &a = *arrays_[p];
            list_next_level<<<blocks(part.size(), p), kThreads, 0, stream>>>(
                out_[p], a.reached.get(), a.reached_count(), reach_.changed(p), reach_.changed_count(p), part.owned,
                depth, a.reach.get(), a.queued.get(), a.sink(a.order.get(), 1));
            GG_CUDA_CHECK_LAUNCH("list_next_level");
            GG_CUDA_CHECK(cudaMemcpyAsync(a.read.get(), a.counters.get() + 1, sizeof(FrontierCounters),
                                          cudaMemcpyDeviceToHost, stream));
        }
    }

    void accumulate(uint32_t level) {
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) {
            const uint32_t count = parts_.plan().parts[p].size() ? level_size(p, level) : 0;
            if (count == 0) continue;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            const uint32_t size = parts_.plan().parts[p].size(), owned = parts_.plan().parts[p].owned;
            PartBrandes &a = *arrays_[p];
            const uint32_t *vertices = a.order.get() + starts_[p][level];
            parts_.start_compute(p);
            // The pull reads the level's out-edges; the push, the in-edges of
            // the level below (its owned vertices' out-degrees stand for
            // them, kPushRatio for its replicas' and the atomics) and a scan
            // of the part's depths.
            const uint64_t pull_edges = out_degrees_[p][level + 1] - out_degrees_[p][level];
            const uint64_t below_edges = out_degrees_[p][level + 2] - out_degrees_[p][level + 1];
            const PullLayout &in_hubs = in_hubs_[p], &out_hubs = out_hubs_[p];
            if (below_edges * kPushRatio + size < pull_edges) {
                push_dependencies<<<blocks(size, p), kThreads, 0, stream>>>(
                    in_[p], in_hubs, size, owned, level, a.reach.get(), a.w.get(), a.partial.get(), a.scanned.get());
                GG_CUDA_CHECK_LAUNCH("push_dependencies");
                if (in_hubs.num_chunks) {
                    push_hub_chunks<<<blocks(uint64_t(in_hubs.num_chunks) * 32, p), kThreads, 0, stream>>>(
                        in_[p], in_hubs, owned, level, a.reach.get(), a.w.get(), a.partial.get(), a.scanned.get());
                    GG_CUDA_CHECK_LAUNCH("push_hub_chunks");
                }
                finish_dependencies<<<blocks(count, p), kThreads, 0, stream>>>(
                    vertices, count, level, a.reach.get(), a.w.get(), a.partial.get(), a.centrality.get());
                GG_CUDA_CHECK_LAUNCH("finish_dependencies");
            } else {
                accumulate_dependencies<<<blocks(uint64_t(count) * 32, p), kThreads, 0, stream>>>(
                    out_[p], out_hubs, vertices, count, level, a.reach.get(), a.w.get(), a.centrality.get(),
                    a.scanned.get());
                GG_CUDA_CHECK_LAUNCH("accumulate_dependencies");
                if (out_hubs.num_chunks) {
                    hub_dependency_chunks<<<blocks(uint64_t(out_hubs.num_chunks) * 32, p), kThreads, 0, stream>>>(
                        out_[p], out_hubs, owned, level, a.reach.get(), a.w.get(), a.hub_dependencies.get(),
                        a.scanned.get());
                    GG_CUDA_CHECK_LAUNCH("hub_dependency_chunks");
                    finish_hub_dependencies<<<blocks(out_hubs.num_hubs, p), kThreads, 0, stream>>>(
                        out_hubs, owned, level, a.reach.get(), a.hub_dependencies.get(), a.w.get(),
                        a.centrality.get());
                    GG_CUDA_CHECK_LAUNCH("finish_hub_dependencies");
                }
            }
            parts_.stop_compute(p);
        }
    }

    unsigned blocks(uint64_t threads, uint32_t p) const {
        return unsigned(grid_stride_blocks(std::max<uint64_t>(threads, 1), kThreads, parts_.info_of(p)));
    }

    DevicePartSet &parts_;
    DevicePartValues<Reach> reach_;
    DevicePartValues<double> w_;
    DeviceExchange exchange_;
    PartLayouts layouts_;
    std::vector<DeviceCsr> out_, in_;
    std::vector<PullLayout> out_hubs_, in_hubs_;  // each part's hubs and their chunks (pull_layout.h)
    std::vector<StatePool::Checkout<PartBrandes>> arrays_;
    std::vector<std::vector<uint32_t>> starts_;  // starts_[p][L]: where level L begins in part p's order
    std::vector<std::vector<uint64_t>> out_degrees_;  // [p][L + 1] - [p][L]: level L's out-edges in part p
};

}  // namespace

void partitioned_bc(DevicePartSet &parts, const uint32_t *sources, uint32_t num_sources, double *centrality,
                    const RunConfig &config, RunReport &report, PartitionedReport &out) {
    DeviceBrandesParts state(parts, config, report);
    uint32_t supersteps = 0;
    for (uint32_t s = 0; s < num_sources; ++s) supersteps += state.run_source(sources[s]);
    state.to_caller(centrality, report);
    parts.finish(report, out, supersteps, state.edges_visited());
}

}  // namespace gg::cuda
