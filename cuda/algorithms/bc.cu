/*
 * Betweenness centrality on the GPU by Brandes' algorithm (U. Brandes, "A
 * faster algorithm for betweenness centrality", J. Math. Sociology 2001),
 * level-synchronous as in GPU BC since Jia et al. (2011), per source:
 *
 * 1. Levels: the direction-optimizing BFS of bfs_engine.cu, which leaves the
 *    reached vertices in visit order with the start of every level.
 * 2. Path counts: level by level, sigma(v) = sum of sigma(u) over
 *    in-neighbours u one level up (a pull over the CSC, no atomics).
 * 3. Dependencies, deepest level first: delta(v) = sum over out-neighbours w
 *    one level down of sigma(v)/sigma(w) * (1 + delta(w)); centrality(v) +=
 *    delta(v) for v other than the source. Written as delta(v) = sigma(v) *
 *    sum of c(w), c(w) = (1 + delta(w)) / sigma(w) (the same sum with
 *    sigma(v) taken out): once v is done, its path-count slot is overwritten with
 *    c(v), so that an edge costs step 3 one load, as it does step 2, instead
 *    of a count and then, for the edges of the DAG, a dependent load of
 *    delta(w) from an n-double array that competed with the counts for L2.
 *
 * Path counts beyond double. The number of shortest paths grows
 * exponentially with depth (from the centre of a 2048 x 2048 grid it reaches
 * C(2048, 1024), about 2^2043), so a double overflows to inf and inf/inf
 * gives NaN. Brandes' step 3 only needs the ratios sigma(v)/sigma(w) along
 * edges, so each count is kept as a pair: sigma = mass * 2^(512 * scale),
 * mass a double in [1, 2^512), scale an integer. A sum aligns its terms to
 * the largest scale (a term two or more scales below is smaller than half an
 * ulp of the total and is dropped, which is what the addition would have
 * rounded it to) and moves 2^512 into the scale when the mass reaches it.
 * Counts below 2^53 keep scale 0 and are the exact integers they were. One
 * scale per BFS level would not do: within one level the counts can differ by
 * more than double's whole range (on that grid, 1 path along the axes against
 * 2^1019 on the diagonal at depth 1024, and far more on larger grids). The
 * ratio of step 3 is mass(v)/mass(w) * 2^(512 * (scale(v) - scale(w))), at
 * most 1; src/cpu/bc.cpp keeps its counts the same way. A pair takes 16
 * bytes, read with one load: with the scale in an array of its own, BC took
 * 10.5 ms on kron and 11.6 ms on urand (scale 22, H100) instead of 9.6 and
 * 9.9 ms (8.7 and 8.7 ms for plain doubles, which gave NaN on the grid).
 *
 * Steps 2 and 3 run in one persistent cooperative kernel with a grid barrier
 * between levels, reading the level count and boundaries from device memory,
 * so a source costs two kernel launches whatever its depth. Within a level a
 * warp takes 32 vertices; lists of 256 or more edges are reduced by the whole
 * warp, shorter ones packed one edge per lane (reduce_level), and each count
 * carries its vertex's level, so that one load per edge both tests the far
 * end's level and brings its count; hubs are split into 2048-edge
 * chunks, one warp each (pull_layout.cuh, after Tigr 001_e12cff375407a15a.txt §4.1). In
 * step 3 the chunks add their sums to the hub atomically; in step 2 a pair
 * cannot be added atomically, so each chunk leaves its partial count in a
 * slot of its own and, after a grid barrier, one warp per hub of the level
 * merges its chunks' partials in chunk order (one more barrier, on levels
 * that hold a hub). No normalisation and no halving.
 *
 * Direction. Pulling level d reads every edge of level d, though only those
 * to level d - 1 (step 2) or d + 1 (step 3) count: on urand's two big last
 * levels most reads were wasted (step 2's level 4 pulled 1.6 ms' worth of
 * edges for 60k parents; step 3's deepest big level 2.0 ms for a level of
 * 20 us). So, as a direction-optimizing BFS does, a level is pushed instead
 * when the neighbouring level it depends on has far fewer edges (kPushCost):
 * that level's vertices add their count (step 2) or c(w) (step 3) to their
 * neighbours on level d with atomic adds of doubles. Only plain doubles add
 * atomically, so a level is pushed only while no count down to it has a
 * scale (first_scaled_level); the grid's deep levels, whose counts do, are
 * always pulled. Counts below 2^53 are integers and add exactly in any
 * order; larger ones, and step 3's sums, may differ in the last bits from
 * run to run, as the hubs' atomic sums already did. H100, scale 22: BC kron
 * 4.8 -> 3.4 ms, urand 8.6 -> 5.6 ms (docs/cuda-tuning.md).
 *
 * Parity slots. While no count is scaled, an edge reads an 8-byte slot by
 * its level's parity instead of the 16-byte count with its level test
 * (parity_slots() says why the parity is enough): half the bytes per edge
 * from an array half the size. H200, scale 22, gg-bench medians of 5 in one
 * lease, slots off / on: kron 3.25 / 2.91 ms, urand 5.06 / 4.22, the grid
 * (counts pass 2^53 within its first 60 of 2,048 levels, so the slots are
 * written and not read) 71.2 / 72.1 (bench/results/cuda-h200-2026-11-29-s51.md).
 */
#include <cooperative_groups.h>

#include "backend/path_count.h"
#include "cuda_backend.h"
#include "engines/bfs_engine.cuh"
#include "engines/engine_state.cuh"
#include "layouts/device_layouts.cuh"
#include "primitives/warp_ops.cuh"

namespace cg = cooperative_groups;

namespace gg::cuda {

namespace {

// One block of 1024 threads per SM: fewer blocks make cheaper grid barriers.
constexpr int kBcThreads = 1024;
// Levels whose edge totals are counted for the choice of direction; deeper
// levels (long thin graphs only, where every level is small) are pulled.
constexpr uint32_t kCountedLevels = 4096;
// A level is pushed when the edges it would push are fewer than its pulled
// edges divided by this: a pushed edge costs an atomic add where a pulled
// one costs a load, and a pushed level two more passes over its vertices.
constexpr uint64_t kPushCost = 2;
// Edges per lane and step on lists of 32 or more, and steps of packed short
// lists taken together (reduce_level).
constexpr int kListUnroll = 4;
constexpr int kPackedUnroll = 4;
// Lists shorter than this are packed; longer ones (up to the hub threshold)
// get the whole warp each. A warp-wide list ends in a warp reduction, which
// for path counts is five rounds of shuffles and aligned adds: on urand
// (degrees 15-65, no hubs) walking the lists of 32 or more one at a time
// that way held BC at 10.4 ms.
constexpr uint64_t kLongList = 256;

// A shortest-path count (backend/path_count.h): mass * 2^(512 * scale), mass in [1, 2^512)
// once normalised (0 for "no paths").

// 16 bytes, so that one load brings all of it (a single 32-byte sector).
// `level` is the BFS depth of the vertex whose count this is: an edge's
// far end is tested and, when it is one level up (or down), used with the
// same load; a separate depth array cost a second dependent random load per
// edge. The counts are reset to level kUnvisited before every source, and
// every write of a level-d count carries level d, so a count read while
// level d is being written (or never written) never passes for level d - 1.
struct alignas(16) PathCount {
    double mass;
    int32_t scale;
    uint32_t level;
};

// Path counts that other blocks of the kernel wrote: one 16-byte L2 load.
__device__ __forceinline__ PathCount load_paths(const PathCount *p) {
    const double2 raw = load_fresh(reinterpret_cast<const double2 *>(p));
    return PathCount{raw.x, __double2loint(raw.y), uint32_t(__double2hiint(raw.y))};
}

__device__ __forceinline__ void store_paths(PathCount *p, PathCount c) {
    *reinterpret_cast<double2 *>(p) = make_double2(c.mass, __hiloint2double(int(c.level), c.scale));
}

// Sums of doubles (dependencies) and of path counts, in the form
// reduce_level() and the block reductions take.
struct AddDoubles {
    using Value = double;
    __device__ static double zero() { return 0.0; }
    __device__ static double add(double a, double b) { return a + b; }
    __device__ static double shuffle_xor(double value, int offset) {
        return __shfl_xor_sync(kFullMask, value, offset);
    }
    __device__ static double shuffle_from(double value, int lane) { return __shfl_sync(kFullMask, value, lane); }
};

struct AddPathCounts {
    using Value = PathCount;
    __device__ static PathCount zero() { return PathCount{0.0, 0, 0}; }
    // backend/path_count.h; the level of a sum is not meaningful: the caller
    // sets it when storing.
    __device__ static PathCount add(PathCount a, PathCount b) { return path_count::add(a, b); }
    __device__ static PathCount shuffle_xor(PathCount value, int offset) {
        return PathCount{__shfl_xor_sync(kFullMask, value.mass, offset),
                         __shfl_xor_sync(kFullMask, value.scale, offset), 0};
    }
    __device__ static PathCount shuffle_from(PathCount value, int lane) {
        return PathCount{__shfl_sync(kFullMask, value.mass, lane), __shfl_sync(kFullMask, value.scale, lane), 0};
    }
};

using path_count::normalised;

// Step 3's coefficient of a finished vertex w, c(w) = (1 + delta(w)) /
// sigma(w), stored in w's path-count slot in the same form: mass (1 +
// delta(w)) / mass(sigma(w)), scale -scale(sigma(w)), and w's level, which
// the level test of the edges into w keeps reading.
__device__ __forceinline__ PathCount dependency_coefficient(const PathCount &sigma, double delta, uint32_t level) {
    return PathCount{(1.0 + delta) / sigma.mass, -sigma.scale, level};
}

// sigma(v) * c(w) = sigma(v) / sigma(w) * (1 + delta(w)) for an edge v -> w
// of the shortest-path DAG. sigma(v) <= sigma(w), so the scales add up to 0
// or less; two or more scales below, the term is under 2^-480 of 1 + delta(w)
// and is what adding it would round away.
__device__ __forceinline__ double dependency_term(const PathCount &sigma_v, const PathCount &c_w) {
    return path_count::scaled(sigma_v.mass * c_w.mass, sigma_v.scale + c_w.scale);
}

template <class Sum>
__device__ __forceinline__ typename Sum::Value warp_reduce(typename Sum::Value value) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) value = Sum::add(value, Sum::shuffle_xor(value, offset));
    return value;
}

// One word of device memory, read by thread 0 for the whole block (not by
// every warp: see read_for_block in near_far.cu).
__device__ uint32_t read_for_block(const uint32_t *word) {
    __shared__ uint32_t shared_word;
    if (threadIdx.x == 0) shared_word = load_volatile(word);
    __syncthreads();
    const uint32_t value = shared_word;
    __syncthreads();
    return value;
}

struct BcArgs {
    DeviceCsr out, in;
    PullLayout in_hubs, out_hubs;  // hub chunks of the CSC and of the CSR
    uint32_t source;
    const uint32_t *depth;
    const uint32_t *list;
    const uint32_t *level_start;
    const BfsSummary *summary;
    PathCount *paths;        // sigma of every reached vertex; c(v) once step 3 has done v
    PathCount *chunk_paths;  // in_hubs.num_chunks partial path counts
    uint32_t *hub_level;     // 3 slots: "a hub chunk of level d was summed" in slot d % 3
    uint32_t *hub_done;      // 3 slots: "a hub of level d was summed in step 3" in slot d % 3
    double *hub_delta;       // out_hubs.num_hubs dependencies, added to by the hub chunks
    double *centrality;
    unsigned long long *level_edges;  // 2 * kCountedLevels: out-edges, then in-edges, of each level
    uint32_t *first_scaled_level;     // the first level with a count of scale > 0 (or kUnvisited)
    double *pushed;                   // n: step 3's sums of c(w) pushed to a level's vertices
    // 2n, zeroed before every source: the counts of unscaled runs by level
    // parity, slot (d % 2) * n + v for v of level d; step 2 writes sigma(v),
    // step 3 -c(v) over it (see parity_slots()).
    double *parity_paths;
};

// The parity slots: what the edges of an unscaled run read instead of the
// 16-byte counts. An edge u -> v has level(v) <= level(u) + 1, so the
// in-neighbours of a vertex of level d lie at d - 1 or deeper and its
// out-neighbours at d + 1 or shallower. Step 2 at level d reads the slots of
// d - 1's parity: level d - 1's sigma, and 0 for the deeper vertices, not
// written yet. Step 3 at level d reads the slots of d + 1's parity, where
// level d + 1 (done, deepest first) holds -c and the shallower levels still
// hold their positive sigma: a negative slot is a term, any other is none.
// One 8-byte load per edge from an array of 8n bytes, where the counts are
// 16n (urand scale 22: 32 MB against 64 MB for an L2 of 60), and no level
// test. Exact: the same terms in the same order (a count of scale 0 is its
// mass; a coefficient's negation is exact). A run with any scaled count uses
// the counts themselves from its first scaled level on.
__device__ __forceinline__ double *parity_slots(const BcArgs &a, uint32_t level) {
    return a.parity_paths + size_t(level & 1) * a.out.n;
}

// The sum of term(own, u, true) over the edges [begin, end) of one list, by
// the whole warp (all lanes call it; every lane gets the sum). kListUnroll
// edges per lane and step, their loads issued before any is used: four
// independent chains of (source, count) loads in flight instead of one. A
// lane past the end reads the range's first edge again and drops the result.
template <class Sum, class Term>
__device__ __forceinline__ typename Sum::Value warp_sum_edges(const DeviceCsr &csr, uint64_t begin, uint64_t end,
                                                              const PathCount &own, Term term) {
    using Value = typename Sum::Value;
    const uint32_t first_neighbour = csr.indices[begin];
    Value part = Sum::zero();
    for (uint64_t e0 = begin + lane_id(); e0 < end; e0 += 32 * kListUnroll) {
        Value terms[kListUnroll];
#pragma unroll
        for (int j = 0; j < kListUnroll; ++j) {
            const uint64_t e = e0 + 32 * j;
            terms[j] = term(own, e < end ? csr.indices[e] : first_neighbour, e < end);
        }
#pragma unroll
        for (int j = 0; j < kListUnroll; ++j)
            if (e0 + 32 * j < end) part = Sum::add(part, terms[j]);
    }
    return warp_reduce<Sum>(part);
}

// Sums term(own, u, real) over the list of every vertex v in list[lo, hi), where
// own = prepare(v) is loaded once per vertex, and hands each vertex its
// total: store(v, own, total). Lanes without an edge call term too, with
// real false and some vertex u, and drop what it returns (so that all
// lanes load alike); a term with side effects must test real. A warp takes 32 vertices at a time. Lists of
// kLongList or more edges are reduced by the whole warp, one after another;
// hubs (more than hub_threshold edges) are left to the hub chunks. Shorter lists are
// packed edge after edge over the warp's lanes (a prefix sum of their
// lengths, as in advance.cuh), one edge per lane per step, and each list's
// run of lanes is summed by a segmented scan; a list may run over several
// steps, its owner adding each step's run. (Each lane walking its own short
// list, as an earlier version did, made a chain of up to 31 dependent random
// loads per lane.)
template <class Sum, class Prepare, class Term, class Store>
__device__ void reduce_level(const DeviceCsr &csr, uint32_t hub_threshold, const uint32_t *list, uint32_t lo,
                             uint32_t hi, Prepare prepare, Term term, Store store) {
    using Value = typename Sum::Value;
    const int lane = lane_id();
    const uint64_t warps = warps_in_grid();
    for (uint64_t base = lo + uint64_t(global_warp()) * 32; base < hi; base += warps * 32) {
        const uint64_t i = base + lane;
        bool have = i < hi;
        uint32_t v = 0;
        uint64_t begin = 0, end = 0;
        PathCount own = AddPathCounts::zero();
        if (have) {
            v = list[i];
            begin = csr.offsets[v];
            end = csr.offsets[v + 1];
            if (end - begin > hub_threshold) {
                have = false;
                end = begin;
            } else {
                own = prepare(v);
            }
        }
        Value total = Sum::zero();
        unsigned long_lists = __ballot_sync(kFullMask, end - begin >= kLongList);
        while (long_lists) {
            const int owner = __ffs(long_lists) - 1;
            long_lists &= long_lists - 1;
            const PathCount owner_own = AddPathCounts::shuffle_from(own, owner);
            const uint64_t owner_begin = __shfl_sync(kFullMask, begin, owner);
            const uint64_t owner_end = __shfl_sync(kFullMask, end, owner);
            const Value part = warp_sum_edges<Sum>(csr, owner_begin, owner_end, owner_own, term);
            if (lane == owner) total = part;
        }

        const uint32_t small = end - begin < kLongList ? uint32_t(end - begin) : 0;
        const uint32_t inclusive = warp_inclusive_scan(small);
        const uint32_t exclusive = inclusive - small;
        const uint32_t packed = __shfl_sync(kFullMask, inclusive, 31);
        // kPackedUnroll steps of 32 packed edges at a time: all their loads
        // first, then the scans.
        for (uint32_t k_base = 0; k_base < packed; k_base += 32 * kPackedUnroll) {
            Value values[kPackedUnroll];
            int segments[kPackedUnroll];
#pragma unroll
            for (int j = 0; j < kPackedUnroll; ++j) {
                const uint32_t k = k_base + 32 * j + lane;
                const bool active = k < packed;
                // The owner of packed edge k: the last lane whose exclusive sum is <= k.
                int owner = 0;
#pragma unroll
                for (int step = 16; step > 0; step >>= 1) {
                    const uint32_t start = __shfl_sync(kFullMask, exclusive, owner + step);
                    if (start <= k) owner += step;
                }
                const PathCount owner_own = AddPathCounts::shuffle_from(own, owner);
                const uint64_t owner_begin = __shfl_sync(kFullMask, begin, owner);
                const uint32_t owner_start = __shfl_sync(kFullMask, exclusive, owner);
                // An idle lane reads vertex 0's count and drops it (its
                // "owner" may be a lane without edges, at the CSR's end).
                const uint32_t u = active ? csr.indices[owner_begin + (k - owner_start)] : 0;
                values[j] = term(owner_own, u, active);
                // Idle lanes (at the end) form segments of their own.
                segments[j] = active ? owner : 32 + lane;
            }
#pragma unroll
            for (int j = 0; j < kPackedUnroll; ++j) {
                const uint32_t k0 = k_base + 32 * j;
                if (k0 >= packed) break;  // the same for the whole warp
                Value value = segments[j] < 32 ? values[j] : Sum::zero();
                // Segmented inclusive scan: one list's lanes are contiguous.
#pragma unroll
                for (int offset = 1; offset < 32; offset <<= 1) {
                    const int from = lane >= offset ? lane - offset : lane;
                    const Value other = Sum::shuffle_from(value, from);
                    const int other_segment = __shfl_sync(kFullMask, segments[j], from);
                    if (lane >= offset && other_segment == segments[j]) value = Sum::add(other, value);
                }
                // The last lane of this lane's own run in the step holds the run's sum.
                const bool runs_here = small > 0 && exclusive < k0 + 32 && exclusive + small > k0;
                const uint32_t run_end = exclusive + small < k0 + 32 ? exclusive + small : k0 + 32;
                const Value run = Sum::shuffle_from(value, runs_here ? int(run_end - 1 - k0) : lane);
                if (runs_here) total = Sum::add(total, run);
            }
        }
        if (have) store(v, own, total);
    }
}

// The hub chunks of level d: each chunk of a hub's list is summed by one
// warp and handed to chunk_done(chunk, hub vertex, sum) in its lane 0. A
// block owns chunks blockIdx.x, + gridDim.x, ...; it first finds which of
// them belong to a hub of level d with all its threads at once (a window of
// blockDim.x chunks, compacted into shared memory), then its warps share
// those out, one chunk each at a time. (Testing one chunk after another, as
// an earlier version did, put three dependent loads per chunk of the whole
// graph on one thread's path at every level; summing a chunk with the whole
// block then left 2 edges per thread and two block barriers per chunk, so
// a block worked through its few hundred chunks one latency at a time.)
template <class Sum, class Prepare, class Term, class ChunkDone>
__device__ void reduce_hub_chunks(const DeviceCsr &csr, const PullLayout &hubs, const uint32_t *depth, uint32_t d,
                                  Prepare prepare, Term term, ChunkDone chunk_done) {
    __shared__ uint32_t matching[kBcThreads];
    __shared__ uint32_t matching_count;
    const int lane = lane_id();
    const uint32_t warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
    for (uint64_t window = 0; blockIdx.x + window * gridDim.x < hubs.num_chunks; window += blockDim.x) {
        if (threadIdx.x == 0) matching_count = 0;
        __syncthreads();
        const uint64_t mine = blockIdx.x + (window + threadIdx.x) * gridDim.x;
        if (mine < hubs.num_chunks && depth[hubs.hub_vertex[hubs.chunk_hub[mine]]] == d)
            matching[atomicAdd(&matching_count, 1u)] = uint32_t(mine);
        __syncthreads();
        const uint32_t count = matching_count;
        for (uint32_t i = warp; i < count; i += warps) {
            const uint32_t c = matching[i];
            const uint32_t hub = hubs.chunk_hub[c];
            const uint32_t v = hubs.hub_vertex[hub];
            const PathCount own = prepare(v);
            const uint64_t list_end = csr.offsets[v + 1];
            const uint64_t begin = csr.offsets[v] + uint64_t(c - hubs.hub_first_chunk[hub]) * hubs.chunk_edges;
            const uint64_t end = begin + hubs.chunk_edges < list_end ? begin + hubs.chunk_edges : list_end;
            const typename Sum::Value part = warp_sum_edges<Sum>(csr, begin, end, own, term);
            if (lane == 0) chunk_done(c, v, part);
        }
        __syncthreads();  // `matching` is refilled by the next window
    }
}

// After the barrier that ends level d of step 2: one warp per hub of level d
// merges its chunks' partial counts, in chunk order.
__device__ void merge_hub_paths(const BcArgs &a, uint32_t d) {
    const PullLayout &hubs = a.in_hubs;
    const int lane = lane_id();
    for (uint64_t h = global_warp(); h < hubs.num_hubs; h += warps_in_grid()) {
        const uint32_t v = hubs.hub_vertex[h];
        if (a.depth[v] != d) continue;  // the same for the whole warp
        PathCount total = AddPathCounts::zero();
        for (uint32_t c = hubs.hub_first_chunk[h] + lane; c < hubs.hub_first_chunk[h + 1]; c += 32) {
            total = AddPathCounts::add(total, load_paths(a.chunk_paths + c));
        }
        total = normalised(warp_reduce<AddPathCounts>(total));
        total.level = d;
        if (lane == 0) {
            if (total.scale > 0) atomicMin(a.first_scaled_level, d);
            store_paths(a.paths + v, total);
            parity_slots(a, d)[v] = total.mass;
        }
    }
}

// After the barrier that ends level d of step 3: the hubs of level d have
// their whole dependency (their chunks added it); it is credited to them and
// their slots get c(hub), which level d - 1 reads.
__device__ void finish_hub_dependencies(const BcArgs &a, uint32_t d) {
    const PullLayout &hubs = a.out_hubs;
    const uint64_t threads = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t h = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; h < hubs.num_hubs; h += threads) {
        const uint32_t v = hubs.hub_vertex[h];
        if (a.depth[v] != d) continue;
        const double delta = load_fresh(a.hub_delta + h);
        if (v != a.source) a.centrality[v] += delta;
        const PathCount c = dependency_coefficient(load_paths(a.paths + v), delta, d);
        store_paths(a.paths + v, c);
        parity_slots(a, d)[v] = -c.mass;
    }
}

// A pushed level: push(own, u, real) on every edge of every vertex of
// `level` (with its hubs' chunks), own = prepare(vertex); push adds to the
// far end and returns 0, so nothing is stored.
template <class Prepare, class Push>
__device__ void push_from_level(const DeviceCsr &csr, const PullLayout &hubs, const uint32_t *list,
                                const uint32_t *level_start, const uint32_t *depth, uint32_t level, Prepare prepare,
                                Push push) {
    reduce_level<AddDoubles>(csr, hubs.hub_threshold, list, level_start[level], level_start[level + 1], prepare, push,
                             [] __device__(uint32_t, const PathCount &, double) {});
    reduce_hub_chunks<AddDoubles>(csr, hubs, depth, level, prepare, push,
                                  [] __device__(uint32_t, uint32_t, double) {});
}

// Every thread of the grid over list[lo, hi), the vertices of one level.
template <class Visit>
__device__ __forceinline__ void for_level(const uint32_t *list, uint32_t lo, uint32_t hi, Visit visit) {
    const uint64_t threads = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t i = lo + uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < hi; i += threads) visit(list[i]);
}

// The out- and in-edge totals of the first kCountedLevels levels (zeroed
// before), for the choice between pulling and pushing; a kernel of its own so
// that accumulate_dependencies reads them through the read-only cache at
// every level (a load from L2 per level and thread cost the 4096-level grid
// 6 ms). The list is in level order, so a warp's 32 vertices nearly always
// share a level: one atomic per warp then.
__global__ void count_level_edges(BcArgs a) {
    const uint32_t reached = a.level_start[a.summary->levels];
    const int lane = lane_id();
    for (uint64_t base = uint64_t(global_warp()) * 32; base < reached; base += warps_in_grid() * 32) {
        const uint64_t i = base + lane;
        uint32_t level = kUnvisited;
        unsigned long long out_edges = 0, in_edges = 0;
        if (i < reached) {
            const uint32_t v = a.list[i];
            level = a.depth[v];
            out_edges = a.out.offsets[v + 1] - a.out.offsets[v];
            in_edges = a.in.offsets[v + 1] - a.in.offsets[v];
        }
        const bool counted = level < kCountedLevels;
        if (__all_sync(kFullMask, level == __shfl_sync(kFullMask, level, 0))) {
            out_edges = warp_sum(out_edges);
            in_edges = warp_sum(in_edges);
            if (lane == 0 && counted) {
                atomicAdd(&a.level_edges[level], out_edges);
                atomicAdd(&a.level_edges[kCountedLevels + level], in_edges);
            }
        } else if (counted) {
            atomicAdd(&a.level_edges[level], out_edges);
            atomicAdd(&a.level_edges[kCountedLevels + level], in_edges);
        }
    }
}

__device__ __forceinline__ unsigned long long out_edges_of(const BcArgs &a, uint32_t level) {
    return __ldg(a.level_edges + level);
}
__device__ __forceinline__ unsigned long long in_edges_of(const BcArgs &a, uint32_t level) {
    return __ldg(a.level_edges + kCountedLevels + level);
}

// Direction of step 2 at level d: push from level d - 1 when all its counts
// have scale 0 (then a count is one double and can be added atomically) and
// it has far fewer out-edges than level d has in-edges. Every block decides
// alike: first_scaled_level only ever drops to the level being worked on,
// which is not below d - 1 + 1.
__device__ __forceinline__ bool push_paths(const BcArgs &a, uint32_t d) {
    return d < kCountedLevels && out_edges_of(a, d - 1) * kPushCost < in_edges_of(a, d) &&
           load_volatile(a.first_scaled_level) > d - 1;
}

// Direction of step 3 at level d: push from level d + 1 (nothing to push
// below the deepest level) when no count down to level d + 1 has a scale
// (then c(w) is one double, and sigma(v) <= sigma(w) has none either).
__device__ __forceinline__ bool push_dependencies(const BcArgs &a, uint32_t d, uint32_t levels) {
    if (d + 1 >= kCountedLevels) return false;
    const unsigned long long pushed_edges = d + 1 < levels ? in_edges_of(a, d + 1) : 0;
    return pushed_edges * kPushCost < out_edges_of(a, d) && load_volatile(a.first_scaled_level) > d + 1;
}

__global__ void __launch_bounds__(kBcThreads, 1) accumulate_dependencies(BcArgs a) {
    cg::grid_group grid = cg::this_grid();
    const uint32_t levels = a.summary->levels;
    const uint32_t *depth = a.depth;
    PathCount *paths = a.paths;
    double *centrality = a.centrality;
    const uint32_t source = a.source;

    if (grid.thread_rank() == 0) {
        store_paths(paths + source, PathCount{1.0, 0, 0});
        parity_slots(a, 0)[source] = 1.0;
        for (int slot = 0; slot < 3; ++slot) a.hub_level[slot] = a.hub_done[slot] = 0;
        *a.first_scaled_level = kUnvisited;
    }
    grid.sync();
    uint32_t *first_scaled_level = a.first_scaled_level;
    const uint32_t *list = a.list;
    for (uint32_t d = 1; d < levels; ++d) {
        const uint32_t up = d - 1;
        if (push_paths(a, d)) {
            // Top-down: level d's counts start at 0 and every vertex of level
            // d - 1 adds its count to its out-neighbours of level d.
            for_level(list, a.level_start[d], a.level_start[d + 1],
                      [=] __device__(uint32_t v) { store_paths(paths + v, PathCount{0.0, 0, d}); });
            grid.sync();
            auto own_paths = [=] __device__(uint32_t u) { return load_paths(paths + u); };
            auto push = [=] __device__(const PathCount &own, uint32_t w, bool real) {
                if (real && depth[w] == d) atomicAdd(&paths[w].mass, own.mass);
                return 0.0;
            };
            push_from_level(a.out, a.out_hubs, list, a.level_start, depth, up, own_paths, push);
            if (grid.thread_rank() == 0) a.hub_level[(d + 1) % 3] = 0;  // as after a pulled level
            grid.sync();
            double *level_slots = parity_slots(a, d);
            for_level(list, a.level_start[d], a.level_start[d + 1], [=] __device__(uint32_t v) {
                const PathCount count = load_paths(paths + v);
                if (count.mass >= path_count::kScaleUnit) {
                    store_paths(paths + v, normalised(count));
                    atomicMin(first_scaled_level, d);
                } else {
                    level_slots[v] = count.mass;
                }
            });
            grid.sync();
            continue;
        }
        auto no_context = [] __device__(uint32_t) { return AddPathCounts::zero(); };
        // Every count down to level d - 1 unscaled: the parity slots. (The
        // first scaled level only drops to d during this level, so every
        // block decides alike.)
        const bool unscaled = load_volatile(first_scaled_level) > up;
        const double *up_slots = parity_slots(a, up);
        double *level_slots = parity_slots(a, d);
        auto term = [=] __device__(const PathCount &, uint32_t u, bool) {
            if (unscaled) return PathCount{load_fresh(up_slots + u), 0, 0};
            const PathCount p = load_paths(paths + u);
            return p.level == up ? p : AddPathCounts::zero();
        };
        reduce_level<AddPathCounts>(a.in, a.in_hubs.hub_threshold, a.list, a.level_start[d], a.level_start[d + 1],
                                    no_context, term, [=] __device__(uint32_t v, const PathCount &, PathCount total) {
                                        total = normalised(total);
                                        total.level = d;
                                        if (total.scale > 0) atomicMin(first_scaled_level, d);
                                        store_paths(paths + v, total);
                                        level_slots[v] = total.mass;
                                    });
        PathCount *chunk_paths = a.chunk_paths;
        uint32_t *hub_level = a.hub_level;
        reduce_hub_chunks<AddPathCounts>(a.in, a.in_hubs, depth, d, no_context, term,
                                         [=] __device__(uint32_t c, uint32_t, PathCount part) {
                                             store_paths(chunk_paths + c, part);
                                             hub_level[d % 3] = 1;
                                         });
        // Slot d + 1 is written next level; its last readers passed the barrier before this level.
        if (grid.thread_rank() == 0) hub_level[(d + 1) % 3] = 0;
        grid.sync();
        if (read_for_block(&hub_level[d % 3])) {
            merge_hub_paths(a, d);
            grid.sync();
        }
    }
    // Step 3. A vertex's slot holds sigma until the vertex is done, then
    // c(v): the edges of level d read c(w) of level d + 1 and their own
    // sigma(v), and write c(v) only after using it. A hub's chunks all read
    // its sigma during the level, so hubs get c(hub) after its barrier.
    const uint32_t *chunk_hub = a.out_hubs.chunk_hub;
    double *hub_delta = a.hub_delta;
    uint32_t *hub_done = a.hub_done;
    double *pushed = a.pushed;
    // No count of any level scaled: step 3 reads the parity slots (every
    // block reads the first scaled level after step 2's last barrier).
    const bool unscaled_run = load_volatile(first_scaled_level) == kUnvisited;
    for (uint32_t d = levels; d-- > 0;) {
        const uint32_t down = d + 1;
        auto own_paths = [=] __device__(uint32_t v) { return load_paths(paths + v); };
        if (push_dependencies(a, d, levels)) {
            // Bottom-up: every vertex of level d + 1 adds c(w) to its
            // in-neighbours of level d, which then take delta(v) = sigma(v)
            // times that sum (hubs too: nothing is left to their chunks).
            for_level(list, a.level_start[d], a.level_start[d + 1], [=] __device__(uint32_t v) { pushed[v] = 0.0; });
            grid.sync();
            if (down < levels) {
                auto push = [=] __device__(const PathCount &own, uint32_t v, bool real) {
                    if (real && depth[v] == d) atomicAdd(&pushed[v], own.mass);
                    return 0.0;
                };
                push_from_level(a.in, a.in_hubs, list, a.level_start, depth, down, own_paths, push);
            }
            if (grid.thread_rank() == 0 && d > 0) a.hub_done[(d - 1) % 3] = 0;  // as after a pulled level
            grid.sync();
            double *level_slots = parity_slots(a, d);
            for_level(list, a.level_start[d], a.level_start[d + 1], [=] __device__(uint32_t v) {
                const PathCount sigma = load_paths(paths + v);
                const double delta = sigma.mass * load_fresh(pushed + v);
                if (v != source) centrality[v] += delta;
                const PathCount c = dependency_coefficient(sigma, delta, d);
                store_paths(paths + v, c);
                level_slots[v] = -c.mass;
            });
            grid.sync();
            continue;
        }
        const double *down_slots = parity_slots(a, down);
        double *level_slots = parity_slots(a, d);
        auto term = [=] __device__(const PathCount &own, uint32_t w, bool) {
            if (unscaled_run) {
                const double slot = load_fresh(down_slots + w);
                return slot < 0.0 ? own.mass * -slot : 0.0;
            }
            const PathCount c = load_paths(paths + w);
            return c.level == down ? dependency_term(own, c) : 0.0;
        };
        reduce_level<AddDoubles>(a.out, a.out_hubs.hub_threshold, a.list, a.level_start[d], a.level_start[d + 1],
                                 own_paths, term, [=] __device__(uint32_t v, const PathCount &own, double total) {
                                     if (v != source) centrality[v] += total;
                                     const PathCount c = dependency_coefficient(own, total, d);
                                     store_paths(paths + v, c);
                                     level_slots[v] = -c.mass;
                                 });
        reduce_hub_chunks<AddDoubles>(a.out, a.out_hubs, depth, d, own_paths, term,
                                      [=] __device__(uint32_t c, uint32_t, double part) {
                                          atomicAdd(&hub_delta[chunk_hub[c]], part);
                                          hub_done[d % 3] = 1;
                                      });
        // As in step 2: slot d - 1 is written next level; its last readers passed the previous barrier.
        if (grid.thread_rank() == 0 && d > 0) hub_done[(d - 1) % 3] = 0;
        grid.sync();
        if (read_for_block(&hub_done[d % 3])) {
            finish_hub_dependencies(a, d);
            grid.sync();
        }
    }
}

}  // namespace

// The run's arrays, pooled per (graph, device) (backend/state_pool.h): the
// forward search's BFS state and the dependency accumulation's own.
struct BcState final : EngineState {
    BfsEngine bfs;
    DeviceArray<PathCount> paths, chunk_paths;
    DeviceArray<uint32_t> hub_flags, first_scaled_level;
    DeviceArray<double> hub_delta, pushed, total, parity_paths;
    DeviceArray<unsigned long long> level_edges;

    BcState(const DeviceCsr &out, const PullLayout &in_pull, const PullLayout &out_pull, const DeviceInfo &info)
        : bfs(out, true, info, false, true), paths(out.n, "BC path counts"),
          chunk_paths(in_pull.num_chunks, "BC hub chunk path counts"), hub_flags(6, "BC hub level flags"),
          first_scaled_level(1, "BC first scaled level"), hub_delta(out_pull.num_hubs, "BC hub dependencies"),
          pushed(out.n, "BC pushed dependencies"), total(out.n, "BC centrality"),
          parity_paths(2 * uint64_t(out.n), "BC path counts by level parity"),
          level_edges(2 * kCountedLevels, "BC level edge totals") {}
    uint64_t bytes() const override {
        return bfs.bytes() + paths.bytes() + chunk_paths.bytes() + hub_flags.bytes() + first_scaled_level.bytes() +
               hub_delta.bytes() + pushed.bytes() + total.bytes() + parity_paths.bytes() + level_edges.bytes();
    }
};

void bc(const Graph &g, const uint32_t *sources, uint32_t num_sources, double *centrality, const RunConfig &config,
        RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, {GG_LAYOUT_CSR}, "BC");
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    const DeviceCsr out = layouts.edges(EdgeDirection::out, false);
    const DeviceCsr in = layouts.edges(EdgeDirection::in, false);
    const PullLayout in_pull = layouts.pull(EdgeDirection::in);
    const PullLayout out_pull = layouts.pull(EdgeDirection::out);

    auto state = take_state<BcState>(g, info, config, EngineId::bc, 0,
                                     [&] { return std::make_unique<BcState>(out, in_pull, out_pull, info); });
    BfsEngine &bfs = state->bfs;
    bfs.bind(out, in);
    DeviceArray<PathCount> &paths = state->paths;
    DeviceArray<PathCount> &chunk_paths = state->chunk_paths;
    DeviceArray<uint32_t> &hub_flags = state->hub_flags;
    DeviceArray<double> &hub_delta = state->hub_delta;
    DeviceArray<unsigned long long> &level_edges = state->level_edges;
    DeviceArray<uint32_t> &first_scaled_level = state->first_scaled_level;
    DeviceArray<double> &pushed = state->pushed;
    DeviceArray<double> &total = state->total;
    const int blocks =
        cooperative_blocks(reinterpret_cast<const void *>(accumulate_dependencies), kBcThreads, 0, info);

    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    EventTimer compute;
    compute.start(stream.get());
    GG_CUDA_CHECK(cudaMemsetAsync(total.get(), 0, total.bytes(), stream.get()));
    BcArgs a;
    a.out = out;
    a.in = in;
    a.in_hubs = in_pull;
    a.out_hubs = out_pull;
    a.depth = bfs.depth();
    a.list = bfs.list();
    a.level_start = bfs.level_start();
    a.summary = bfs.summary_pointer();
    a.paths = paths.get();
    a.chunk_paths = chunk_paths.get();
    a.hub_level = hub_flags.get();
    a.hub_done = hub_flags.get() + 3;
    a.hub_delta = hub_delta.get();
    a.level_edges = level_edges.get();
    a.first_scaled_level = first_scaled_level.get();
    a.pushed = pushed.get();
    a.centrality = total.get();
    a.parity_paths = state->parity_paths.get();
    for (uint32_t i = 0; i < num_sources; ++i) {
        // Dependencies of hubs are added atomically, so they start at 0.
        if (hub_delta.size() > 0)
            GG_CUDA_CHECK(cudaMemsetAsync(hub_delta.get(), 0, hub_delta.bytes(), stream.get()));
        // Every count to level kUnvisited (see PathCount).
        GG_CUDA_CHECK(cudaMemsetAsync(paths.get(), 0xff, paths.bytes(), stream.get()));
        // Every parity slot to 0: no count yet (see parity_slots).
        GG_CUDA_CHECK(cudaMemsetAsync(state->parity_paths.get(), 0, state->parity_paths.bytes(), stream.get()));
        bfs.run(sources[i], stream.get());
        a.source = sources[i];
        GG_CUDA_CHECK(cudaMemsetAsync(level_edges.get(), 0, level_edges.bytes(), stream.get()));
        count_level_edges<<<info.sm_count * 4, 256, 0, stream.get()>>>(a);
        GG_CUDA_CHECK_LAUNCH("count_level_edges");
        void *params[] = {&a};
        GG_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(accumulate_dependencies), blocks,
                                                  kBcThreads, params, 0, stream.get()));
    }
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    copy_to_host(centrality, total.get(), total.bytes(), stream.get(), report.transfer_ms);
    report.iterations = num_sources;
    report.edges_visited = uint64_t(num_sources) * g.m() * 2;
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
