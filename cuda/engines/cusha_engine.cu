// CuSha's engine over G-Shards and Concatenated Windows (cusha_engine.cuh;
// 000_b078cda2a2748e6e.txt §3.1 and §3.2 for the layouts, §4 and Figure 5
// for the four stages, Table 3 for the vertex programs, which
// relaxations.cuh holds).
//
// A block takes a shard: stage 1 copies the |N| values of its vertex range
// into shared memory, stage 2 walks the shard's entries with consecutive
// threads (coalesced: SrcValue, EdgeValue and DestIndex are columns) and
// combines each candidate into the shared copy of its destination with a
// shared-memory atomic, stage 3 writes back to VertexValues the values that
// improved, and stage 4 sends them to the SrcValue entries that read them:
// for G-Shards each warp takes windows W(i, j) of the block's range i, one
// shard j at a time (Figure 3c); for CW the block's threads take
// consecutive entries of CW_i and write through the Mapper (Figure 4b).
//
// 512 threads a block. The shards are sized so that |N| doubles fill 48 KiB
// of shared memory, which leaves room for four of PageRank's blocks on an
// H100 SM (228 KiB): at 512 threads (and 32 registers) each, those four
// fill the SM's 2048 threads, where 256 would leave it half empty. The
// relaxations (|N| 32-bit values and |N| bits, 25 KiB) use the same, so
// that a shard is walked by 16 warps and its write-back covers 16 windows
// at a time.
//
// Relaxations (BFS, SSSP, SSWP, CC). As in the paper, the write-back runs in
// the same kernel as the other stages, so a block may read a SrcValue entry
// before or after another block rewrites it in the same round: either is a
// value some path achieves, values only improve, and every rewrite makes the
// shard run again in the next round, so the fixpoint reached is the exact one
// (relaxations.cuh).
//
// Dirty shards (gg's addition; the paper's engine runs every shard in every
// round). Processing a shard again changes nothing unless one of its
// SrcValue entries changed since it last ran: its vertex values are written
// by no one else, and after it ran each of them is already the best of its
// candidates. So a round runs a worklist of shards, and the write-back of
// round t puts shard j on round t+1's list when it rewrote an entry of j
// with a new value (G-Shards: any entry of W(i, j); CW: the entry's
// destination tells its shard). Only sources whose value improved are
// written, which keeps both the writes and the lists small. A stamp per
// shard (the round it was last listed for) admits it once per list. The
// run starts from SrcValue = the initial value of each entry's source (CC:
// the source's id; otherwise unreached, with the source's own entries then
// written by a seeding write-back that lists their shards), which keeps
// the invariant every round ends with: each SrcValue entry holds its
// source's VertexValue, and a shard not listed has nothing to gain.
//
// Rounds run in batches of launches with no host round trip between them:
// each round's kernel reads the size of its list from device memory and
// returns at once when it is empty, so the rounds launched past the
// fixpoint cost only a launch. The list sizes and the work cursors rotate
// through three slots (round t reads slot t%3, fills slot (t+1)%3 and
// clears slot (t+2)%3, which round t+1 fills), so no reset runs between
// two rounds. Batches grow from 1 to kMaxBatch rounds: short runs (BFS on
// a small-diameter graph) waste few empty launches, long ones (a road grid's
// thousands of rounds) read the host flag rarely.
//
// PageRank is synchronous (Jacobi), so that its iterations and answers are
// the CSR engine's (cuda/algorithms/pagerank.cu, held to 1e-10 of the
// reference): SrcValue holds each entry's contribution r(u)/outdeg(u) in
// double, in two buffers; iteration t reads one and its write-back fills
// the other, so no block sees a value of iteration t+1 while others still
// gather those of t. Stage 3 forms r' = (1-d)/n + d (sum + D/n) with D the
// dangling mass, and sums |r' - r| and the next D over the block (one
// atomic add each per block). The convergence rule is pagerank.cu's: the
// kernel of iteration t first looks at change[t] (the L1 distance between
// r_t and r_(t-1)) and returns, recording t, when it is below the
// tolerance; the host reads that record every kRankBatch iterations.
//
// SpMV is one pass of stages 1 to 3 over the shards (sums in double in
// shared memory, rounded once to float), the same for both layouts: with no
// second round there is nothing to write back, so the x of each entry's
// source is read directly rather than staged into a SrcValue column.
#include "engines/cusha_engine.cuh"

#include <algorithm>

#include "core/error.h"
#include "engines/engine_state.cuh"
#include "primitives/fill.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace {

constexpr int kThreads = 512;
constexpr uint32_t kWarps = kThreads / kWarpSize;
constexpr int kHelperThreads = 256;   // the start kernels'
constexpr uint32_t kMaxBatch = 16;    // relaxation rounds between two host reads, at most
constexpr uint32_t kRankBatch = 8;    // PageRank iterations between two host reads
constexpr uint32_t kNotConverged = 0xffffffffu;

// ---------------------------------------------------------------------------
// The shard a block works on.

struct ShardRange {
    uint32_t offset;       // its first vertex
    uint32_t count;        // its vertices: |N|, or fewer for the last range
    uint64_t begin, end;   // its entries
};

__device__ ShardRange range_of(const DeviceShards &s, uint32_t shard) {
    ShardRange r;
    r.offset = shard * s.vertices_per_shard;  // below n: shard < ceil(n / |N|)
    r.count = min(s.vertices_per_shard, s.n - r.offset);
    r.begin = s.shard_offsets[shard];
    r.end = s.shard_offsets[shard + 1];
    return r;
}

// Stage 4 for the vertex range of `shard`, whose first vertex is `offset`:
// every entry k of any shard whose source u lies in the range, where
// op.wants(u - offset), gets op.write(k, u - offset); where Op::kMarks,
// op.touched(j) then runs (at least) once for each shard j such an entry
// lies in. Every thread of the block calls it.
template <bool kConcatenated, class Op>
__device__ void write_back(const DeviceShards &s, uint32_t shard, uint32_t offset, const Op &op) {
    const uint32_t lane = lane_id();
    if constexpr (!kConcatenated) {
        // G-Shards: warp w takes the range's non-empty windows W(shard, j)
        // number w, w + kWarps, ... (the empty ones hold nothing to write).
        const uint32_t S = s.num_shards;
        const uint64_t list_end = __ldg(s.window_list + shard + 1);
        for (uint64_t w = __ldg(s.window_list + shard) + threadIdx.x / kWarpSize; w < list_end; w += kWarps) {
            const uint32_t j = __ldg(s.window_shard + w);
            const uint64_t *bounds = s.window_offsets + uint64_t(j) * S + shard;
            const uint64_t first = __ldg(bounds), last = __ldg(bounds + 1);
            bool wrote = false;
            for (uint64_t k = first + lane; k < last; k += kWarpSize) {
                const uint32_t u = __ldg(s.src_index + k) - offset;
                if (op.wants(u)) {
                    op.write(k, u);
                    wrote = true;
                }
            }
            if constexpr (Op::kMarks) {
                if (__any_sync(kFullMask, wrote) && lane == 0) op.touched(j);
            }
        }
    } else {
        // CW: consecutive threads take consecutive entries of CW_shard. The
        // loop runs block-uniformly so that the warp votes see every lane.
        const uint64_t first = s.cw_offsets[shard], last = s.cw_offsets[shard + 1];
        for (uint64_t base = first; base < last; base += kThreads) {
            const uint64_t p = base + threadIdx.x;
            uint64_t k = 0;
            bool wrote = false;
            if (p < last) {
                const uint32_t u = __ldg(s.cw_src_index + p) - offset;
                if (op.wants(u)) {
                    k = __ldg(s.cw_mapper + p);
                    op.write(k, u);
                    wrote = true;
                }
            }
            if constexpr (Op::kMarks) {
                const unsigned writers = __ballot_sync(kFullMask, wrote);
                if (wrote) {
                    // The entry's shard is its destination's range. The
                    // entries of one window are consecutive in both CW_i
                    // and their shard, so these loads mostly coalesce.
                    const uint32_t target = __ldg(s.dst_index + k) / s.vertices_per_shard;
                    const unsigned peers = __match_any_sync(writers, target);
                    if (lane == uint32_t(__ffs(peers) - 1)) op.touched(target);
                }
            }
        }
    }
}

// Dynamic shared memory beyond 48 KiB must be asked for, kernel by kernel.
template <class Kernel>
void allow_shared(Kernel *kernel, size_t bytes, const DeviceInfo &info) {
    if (bytes > info.shared_per_block_optin)
        fail(GG_ERROR_INTERNAL, "a shard's %zu bytes of vertex values exceed the %zu bytes of shared memory a block "
                                "of device %d (%s) can have", bytes, info.shared_per_block_optin, info.id,
             info.name.c_str());
    GG_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
}

bool concatenated(gg_layout layout) {
    if (layout == GG_LAYOUT_GSHARDS) return false;
    if (layout == GG_LAYOUT_CW) return true;
    fail(GG_ERROR_INTERNAL, "CuSha's engine runs on G-Shards or Concatenated Windows, not on layout %d", int(layout));
}

void check_shards(const Graph &g, const DeviceShards &s) {
    if (s.n != g.n() || (s.n != 0 && (s.vertices_per_shard == 0 || s.num_shards == 0)))
        fail(GG_ERROR_INTERNAL, "CuSha's engine got shards of %u vertices in %u ranges for a graph of %u vertices",
             s.n, s.num_shards, g.n());
}

// ---------------------------------------------------------------------------
// Relaxations.

// The rounds' worklists of shards, in the engine's state.
struct Worklists {
    uint32_t *queued;    // [|S|]: t + 1 while the shard is on round t's list
    uint32_t *lists;     // two lists of |S|: round t runs list(t) and fills list(t + 1)
    uint32_t num_shards;
    uint32_t *count;     // [3]: list sizes, slot t % 3 for round t
    uint32_t *cursor;    // [3]: the next list position to take, same slots
    uint32_t *rounds;    // rounds that ran a shard
    unsigned long long *entries;  // shard entries processed

    // (Selected by arithmetic: an array member indexed at run time would
    // put the kernel's copy of this struct in local memory.)
    __device__ uint32_t *list(uint32_t round) const { return lists + (round & 1) * num_shards; }
};

// Puts `shard` on the list of round `round`, once.
__device__ void enqueue(const Worklists &w, uint32_t shard, uint32_t round) {
    const uint32_t stamp = round + 1;
    if (load_volatile(w.queued + shard) == stamp || atomicExch(w.queued + shard, stamp) == stamp) return;
    w.list(round)[atomicAdd(w.count + round % 3, 1u)] = shard;
}

// Stage 4 of a round: the improved values, from shared memory.
struct RelaxWriteBack {
    static constexpr bool kMarks = true;
    const uint32_t *local;
    const uint32_t *improved;  // a bit per vertex of the range
    uint32_t *src_value;
    Worklists lists;
    uint32_t next_round;

    __device__ bool wants(uint32_t u) const { return (improved[u >> 5] >> (u & 31)) & 1u; }
    __device__ void write(uint64_t k, uint32_t u) const { src_value[k] = local[u]; }
    __device__ void touched(uint32_t shard) const { enqueue(lists, shard, next_round); }
};

// The seeding write-back: the source's value into its entries, whose
// shards make round 0's list.
struct SeedWriteBack {
    static constexpr bool kMarks = true;
    uint32_t source;  // within its range
    uint32_t value;
    uint32_t *src_value;
    Worklists lists;

    __device__ bool wants(uint32_t u) const { return u == source; }
    __device__ void write(uint64_t k, uint32_t) const { src_value[k] = value; }
    __device__ void touched(uint32_t shard) const { enqueue(lists, shard, 0); }
};

template <Relaxation R>
__global__ void start_values(uint32_t *values, uint32_t n, uint32_t source) {
    using Op = Relax<R>;
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += gridDim.x * uint64_t(blockDim.x)) {
        uint32_t value = v == source ? Op::at_source() : Op::unreached();
        if (R == Relaxation::label) value = uint32_t(v);
        values[v] = value;
    }
}

// Round 0 of CC: every shard (every vertex is a source of its own label).
__global__ void list_every_shard(Worklists w, uint32_t num_shards) {
    for (uint64_t j = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; j < num_shards;
         j += gridDim.x * uint64_t(blockDim.x)) {
        w.lists[j] = uint32_t(j);  // list(0)
        w.queued[j] = 1;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) w.count[0] = num_shards;
}

template <bool kConcatenated>
__global__ void __launch_bounds__(kThreads) seed_source(DeviceShards s, SeedWriteBack op, uint32_t range) {
    write_back<kConcatenated>(s, range, range * s.vertices_per_shard, op);
}

template <Relaxation R, bool kConcatenated>
__global__ void __launch_bounds__(kThreads)
    relax_round(DeviceShards s, uint32_t *values, uint32_t *src_value, Worklists w, uint32_t round) {
    using Op = Relax<R>;
    extern __shared__ uint32_t shard_values[];
    uint32_t *local = shard_values;                             // |N| values
    uint32_t *improved = shard_values + s.vertices_per_shard;  // |N| bits
    __shared__ uint32_t item, updated;

    const uint32_t listed = w.count[round % 3];
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        w.count[(round + 2) % 3] = 0;
        w.cursor[(round + 2) % 3] = 0;
        if (listed != 0) ++*w.rounds;
    }
    if (listed == 0) return;
    const uint32_t *list = w.list(round);
    const RelaxWriteBack back{local, improved, src_value, w, round + 1};
    unsigned long long entries = 0;
    while (true) {
        // Shards are taken from a cursor, not by block index: their sizes vary.
        if (threadIdx.x == 0) {
            item = atomicAdd(w.cursor + round % 3, 1u);
            updated = 0;
        }
        __syncthreads();
        const uint32_t at = item;
        if (at >= listed) break;
        const uint32_t shard = list[at];
        const ShardRange r = range_of(s, shard);

        // Stage 1: init_compute.
        for (uint32_t v = threadIdx.x; v < r.count; v += kThreads) local[v] = values[r.offset + v];
        for (uint32_t v = threadIdx.x; v < (r.count + 31) / 32; v += kThreads) improved[v] = 0;
        __syncthreads();

        // Stage 2: compute. SrcValue is read plainly: another block may
        // rewrite it meanwhile, and either value is a correct one.
        for (uint64_t e = r.begin + threadIdx.x; e < r.end; e += kThreads) {
            const uint32_t from = src_value[e];
            if (!Op::carries(from)) continue;
            const uint32_t candidate = Op::along(from, Op::weighted ? __ldg(s.weights + e) : 0.0f);
            const uint32_t d = __ldg(s.dst_index + e) - r.offset;
            if (!Op::improves(candidate, local[d])) continue;
            if (Op::improves(candidate, Op::combine(local + d, candidate))) atomicOr(improved + (d >> 5), 1u << (d & 31));
        }
        __syncthreads();

        // Stage 3: update_condition. A bit is set exactly where the shared
        // value ended better than VertexValues.
        for (uint32_t v = threadIdx.x; v < r.count; v += kThreads) {
            if ((improved[v >> 5] >> (v & 31)) & 1u) {
                values[r.offset + v] = local[v];
                updated = 1;
            }
        }
        __syncthreads();

        // Stage 4: write-back, of the improved values only.
        if (updated) write_back<kConcatenated>(s, shard, r.offset, back);
        if (threadIdx.x == 0) entries += r.end - r.begin;
        __syncthreads();  // the shared arrays are refilled for the next shard
    }
    if (threadIdx.x == 0 && entries != 0) atomicAdd(w.entries, entries);
}

// The SrcValue column and the worklists, pooled per (graph, device, edge
// set); sized by the shards.
struct RelaxState final : EngineState {
    uint64_t entries = 0;
    uint32_t shards = 0;
    DeviceArray<uint32_t> src_value, queued, lists;
    DeviceArray<uint32_t> counters;  // count[3], cursor[3], rounds
    DeviceArray<unsigned long long> entries_processed;
    PinnedBuffer record{sizeof(uint32_t)};

    RelaxState(uint64_t m, uint32_t num_shards)
        : counters(7, "CuSha's worklist counters"), entries_processed(1, "CuSha's entry count") {
        size_for(m, num_shards);
    }
    void size_for(uint64_t m, uint32_t num_shards) {
        src_value = DeviceArray<uint32_t>(m, "CuSha's SrcValue column");
        queued = DeviceArray<uint32_t>(num_shards, "CuSha's shard stamps");
        lists = DeviceArray<uint32_t>(2 * uint64_t(num_shards), "CuSha's shard worklists");
        entries = m;
        shards = num_shards;
    }
    uint64_t bytes() const override {
        return src_value.bytes() + queued.bytes() + lists.bytes() + counters.bytes() + entries_processed.bytes();
    }
    Worklists worklists() const {
        Worklists w;
        w.queued = queued.get();
        w.lists = lists.get();
        w.num_shards = shards;
        w.count = counters.get();
        w.cursor = counters.get() + 3;
        w.rounds = counters.get() + 6;
        w.entries = entries_processed.get();
        return w;
    }
};

template <Relaxation R, bool kConcatenated>
void run_rounds(const DeviceShards &s, RelaxState &state, uint32_t source, uint32_t *values, const DeviceInfo &info,
                cudaStream_t stream, RunReport &report) {
    using Op = Relax<R>;
    const uint32_t n = s.n, N = s.vertices_per_shard, S = s.num_shards;
    const Worklists w = state.worklists();
    const size_t shared_bytes = (size_t(N) + (N + 31) / 32) * sizeof(uint32_t);
    auto *round_kernel = relax_round<R, kConcatenated>;
    allow_shared(round_kernel, shared_bytes, info);
    int per_sm = 0;
    GG_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, round_kernel, kThreads, shared_bytes));
    const uint32_t blocks =
        uint32_t(std::max<uint64_t>(1, std::min<uint64_t>(S, uint64_t(std::max(per_sm, 1)) * info.sm_count)));

    EventTimer compute;
    compute.start(stream);
    GG_CUDA_CHECK(cudaMemsetAsync(state.queued.get(), 0, state.queued.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state.counters.get(), 0, state.counters.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state.entries_processed.get(), 0, state.entries_processed.bytes(), stream));
    start_values<R><<<grid_stride_blocks(n, kHelperThreads, info), kHelperThreads, 0, stream>>>(values, n, source);
    GG_CUDA_CHECK_LAUNCH("start_values");
    if constexpr (R == Relaxation::label) {
        // Each entry holds its source's label, its id; every shard runs.
        if (s.m != 0)
            GG_CUDA_CHECK(cudaMemcpyAsync(state.src_value.get(), s.src_index, s.m * sizeof(uint32_t),
                                          cudaMemcpyDeviceToDevice, stream));
        list_every_shard<<<grid_stride_blocks(S, kHelperThreads, info), kHelperThreads, 0, stream>>>(w, S);
        GG_CUDA_CHECK_LAUNCH("list_every_shard");
    } else {
        fill(state.src_value.get(), Op::unreached(), s.m, stream);
        const uint32_t range = source / N;
        const SeedWriteBack seed{source - range * N, Op::at_source(), state.src_value.get(), w};
        seed_source<kConcatenated><<<1, kThreads, 0, stream>>>(s, seed, range);
        GG_CUDA_CHECK_LAUNCH("seed_source");
    }

    uint32_t *record = static_cast<uint32_t *>(state.record.get());
    uint32_t round = 0;
    for (uint32_t batch = 1;; batch = std::min(2 * batch, kMaxBatch)) {
        for (uint32_t b = 0; b < batch; ++b, ++round) {
            round_kernel<<<blocks, kThreads, shared_bytes, stream>>>(s, values, state.src_value.get(), w, round);
            GG_CUDA_CHECK_LAUNCH("relax_round");
        }
        // The size of the next round's list: empty at the fixpoint.
        GG_CUDA_CHECK(cudaMemcpyAsync(record, w.count + round % 3, sizeof(uint32_t), cudaMemcpyDeviceToHost, stream));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (*record == 0) break;
    }
    compute.stop(stream);
    report.compute_ms += compute.elapsed_ms();

    uint32_t rounds = 0;
    unsigned long long entries = 0;
    copy_to_host(&rounds, w.rounds, sizeof(rounds), stream, report.transfer_ms);
    copy_to_host(&entries, w.entries, sizeof(entries), stream, report.transfer_ms);
    report.iterations = rounds;
    report.edges_visited = entries;
}

// ---------------------------------------------------------------------------
// PageRank.

// Stage 4 of an iteration: every entry gets its source's new contribution.
struct RankWriteBack {
    static constexpr bool kMarks = false;
    const double *local;
    double *next_contribution;

    __device__ bool wants(uint32_t) const { return true; }
    __device__ void write(uint64_t k, uint32_t u) const { next_contribution[k] = local[u]; }
};

__device__ uint64_t degree_of(const DeviceShards &s, uint32_t v) { return s.offsets[v + 1] - s.offsets[v]; }

// r_0 = 1/n, and the rank of the vertices without out-edges.
__global__ void start_ranks(DeviceShards s, double *rank, double *dangling) {
    const double r = 1.0 / s.n;
    double mass = 0;
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < s.n; v += gridDim.x * uint64_t(blockDim.x)) {
        rank[v] = r;
        if (degree_of(s, uint32_t(v)) == 0) mass += r;
    }
    mass = block_sum(mass);
    if (threadIdx.x == 0) atomicAdd(dangling, mass);
}

// Each entry's contribution under r_0: its source has this out-edge at least.
__global__ void start_contributions(DeviceShards s, double *contribution) {
    const double r = 1.0 / s.n;
    for (uint64_t e = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; e < s.m; e += gridDim.x * uint64_t(blockDim.x))
        contribution[e] = r / double(degree_of(s, s.src_index[e]));
}

struct RankArgs {
    uint32_t iteration;  // computes r_(iteration+1) from r_iteration
    double tolerance, base, damping, inverse_n;
    const double *contribution;  // under r_iteration, by entry
    double *next_contribution;
    double *rank;                // r_iteration in, r_(iteration+1) out
    const double *dangling;      // D of r_iteration
    double *next_dangling;
    const double *change;        // L1 distance between r_iteration and r_(iteration-1)
    double *next_change;
    uint32_t *converged_at;
};

// Four blocks an SM (what shared memory allows) at 32 registers a thread.
template <bool kConcatenated>
__global__ void __launch_bounds__(kThreads, 4) rank_iteration(DeviceShards s, RankArgs a) {
    extern __shared__ double gathered[];  // |N| sums, then contributions
    if (load_volatile(a.converged_at) != kNotConverged) return;
    if (a.iteration > 0 && load_volatile(a.change) < a.tolerance) {
        if (blockIdx.x == 0 && threadIdx.x == 0) *a.converged_at = a.iteration;
        return;
    }
    const uint32_t shard = blockIdx.x;
    const ShardRange r = range_of(s, shard);
    for (uint32_t v = threadIdx.x; v < r.count; v += kThreads) gathered[v] = 0.0;
    __syncthreads();
    // The contributions are read-only for the whole kernel: the write-back
    // fills the other buffer.
    for (uint64_t e = r.begin + threadIdx.x; e < r.end; e += kThreads)
        atomicAdd(gathered + (__ldg(s.dst_index + e) - r.offset), __ldg(a.contribution + e));
    __syncthreads();

    // The arithmetic of pagerank.cu's RankStep, so that both give the same
    // ranks up to the order of the sums.
    const double dangling_share = *a.dangling * a.inverse_n;
    double change = 0, dangling = 0;
    for (uint32_t v = threadIdx.x; v < r.count; v += kThreads) {
        const uint32_t vertex = r.offset + v;
        const double rank = a.base + a.damping * (gathered[v] + dangling_share);
        change += fabs(rank - a.rank[vertex]);
        a.rank[vertex] = rank;
        const uint64_t degree = degree_of(s, vertex);
        if (degree == 0) dangling += rank;
        gathered[v] = degree ? rank / double(degree) : rank;
    }
    change = block_sum(change);
    dangling = block_sum(dangling);
    if (threadIdx.x == 0) {
        atomicAdd(a.next_change, change);
        atomicAdd(a.next_dangling, dangling);
    }
    __syncthreads();
    write_back<kConcatenated>(s, shard, r.offset, RankWriteBack{gathered, a.next_contribution});
}

// Two contribution buffers of m entries, the per-iteration sums, the
// convergence record; pooled per (graph, device).
struct RankState final : EngineState {
    uint64_t entries = 0;
    DeviceArray<double> contribution, sums;
    DeviceArray<uint32_t> converged_at;
    PinnedBuffer record{sizeof(uint32_t)};
    uint32_t iteration_capacity = 0;

    explicit RankState(uint64_t m) : converged_at(1, "CuSha's PageRank convergence record") { size_for(m); }
    void size_for(uint64_t m) {
        contribution = DeviceArray<double>(2 * m, "CuSha's PageRank contributions");
        entries = m;
    }
    uint64_t bytes() const override { return contribution.bytes() + sums.bytes() + converged_at.bytes(); }
    // dangling[0..max], then change[0..max].
    void reserve_iterations(uint32_t max_iterations) {
        if (max_iterations <= iteration_capacity && sums.get() != nullptr) return;
        sums = DeviceArray<double>(2 * (uint64_t(max_iterations) + 1), "CuSha's PageRank iteration sums");
        iteration_capacity = max_iterations;
    }
};

template <bool kConcatenated>
void iterate_ranks(const DeviceShards &s, RankState &state, double *rank, const DeviceInfo &info,
                   const RunConfig &config, cudaStream_t stream, RunReport &report) {
    const uint32_t n = s.n, S = s.num_shards;
    const uint32_t max_iterations = config.max_iterations;
    const size_t shared_bytes = size_t(s.vertices_per_shard) * sizeof(double);
    auto *kernel = rank_iteration<kConcatenated>;
    allow_shared(kernel, shared_bytes, info);
    double *dangling = state.sums.get();
    double *change = dangling + max_iterations + 1;

    EventTimer compute;
    compute.start(stream);
    GG_CUDA_CHECK(cudaMemsetAsync(state.sums.get(), 0, state.sums.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state.converged_at.get(), 0xff, state.converged_at.bytes(), stream));
    start_ranks<<<grid_stride_blocks(n, kHelperThreads, info), kHelperThreads, 0, stream>>>(s, rank, dangling);
    GG_CUDA_CHECK_LAUNCH("start_ranks");
    if (s.m != 0) {
        start_contributions<<<grid_stride_blocks(s.m, kHelperThreads, info), kHelperThreads, 0, stream>>>(
            s, state.contribution.get());
        GG_CUDA_CHECK_LAUNCH("start_contributions");
    }

    uint32_t *record = static_cast<uint32_t *>(state.record.get());
    uint32_t converged = kNotConverged;
    for (uint32_t t = 0; t < max_iterations;) {
        RankArgs a;
        a.iteration = t;
        a.tolerance = config.tolerance;
        a.base = (1.0 - config.damping) / n;
        a.damping = config.damping;
        a.inverse_n = 1.0 / n;
        a.contribution = state.contribution.get() + (t & 1) * s.m;
        a.next_contribution = state.contribution.get() + ((t + 1) & 1) * s.m;
        a.rank = rank;
        a.dangling = dangling + t;
        a.next_dangling = dangling + t + 1;
        a.change = change + t;
        a.next_change = change + t + 1;
        a.converged_at = state.converged_at.get();
        kernel<<<S, kThreads, shared_bytes, stream>>>(s, a);
        GG_CUDA_CHECK_LAUNCH("rank_iteration");
        ++t;
        if (t % kRankBatch == 0 || t == max_iterations) {
            GG_CUDA_CHECK(cudaMemcpyAsync(record, state.converged_at.get(), sizeof(uint32_t), cudaMemcpyDeviceToHost,
                                          stream));
            GG_CUDA_CHECK(cudaStreamSynchronize(stream));
            converged = *record;
            if (converged != kNotConverged) break;
        }
    }
    compute.stop(stream);
    report.compute_ms += compute.elapsed_ms();

    // Converged at k: r_k is the answer (the kernels after it returned at
    // once). Otherwise r_max_iterations, the last computed.
    const uint32_t iterations = converged != kNotConverged ? converged : max_iterations;
    report.iterations = iterations;
    report.edges_visited = uint64_t(iterations) * s.m;
}

// ---------------------------------------------------------------------------
// SpMV.

__global__ void __launch_bounds__(kThreads) product_pass(DeviceShards s, const float *x, float *y) {
    extern __shared__ double products[];  // |N| sums
    const ShardRange r = range_of(s, blockIdx.x);
    for (uint32_t v = threadIdx.x; v < r.count; v += kThreads) products[v] = 0.0;
    __syncthreads();
    for (uint64_t e = r.begin + threadIdx.x; e < r.end; e += kThreads)
        atomicAdd(products + (__ldg(s.dst_index + e) - r.offset),
                  double(__ldg(s.weights + e)) * double(__ldg(x + __ldg(s.src_index + e))));
    __syncthreads();
    for (uint32_t v = threadIdx.x; v < r.count; v += kThreads) y[r.offset + v] = float(products[v]);
}

}  // namespace

void cusha_relax(const Graph &g, const DeviceShards &shards, gg_layout layout, Relaxation kind, uint32_t source,
                 uint32_t *device_values, const DeviceInfo &info, const RunConfig &config, cudaStream_t stream,
                 RunReport &report) {
    const bool cw = concatenated(layout);
    check_shards(g, shards);
    report.iterations = 0;
    report.edges_visited = 0;
    if (shards.n == 0) return;
    if (kind != Relaxation::label && source >= shards.n)
        fail(GG_ERROR_INTERNAL, "CuSha's engine got source %u of a graph of %u vertices", source, shards.n);
    // CC's shards (the symmetrized edges) differ from the others' on a
    // directed graph: a state each.
    const uint64_t variant = kind == Relaxation::label ? 1 : 0;
    auto state = take_state<RelaxState>(g, info, config, EngineId::cusha, variant, [&] {
        return std::make_unique<RelaxState>(shards.m, shards.num_shards);
    });
    if (state->entries != shards.m || state->shards != shards.num_shards)
        state->size_for(shards.m, shards.num_shards);
    with_relaxation(kind, [&](auto r) {
        constexpr Relaxation R = decltype(r)::value;
        if (cw)
            run_rounds<R, true>(shards, *state, source, device_values, info, stream, report);
        else
            run_rounds<R, false>(shards, *state, source, device_values, info, stream, report);
    });
}

void cusha_pagerank(const Graph &g, const DeviceShards &shards, gg_layout layout, double *device_ranks,
                    const DeviceInfo &info, const RunConfig &config, cudaStream_t stream, RunReport &report) {
    const bool cw = concatenated(layout);
    check_shards(g, shards);
    report.iterations = 0;
    report.edges_visited = 0;
    if (shards.n == 0) return;
    auto state = take_state<RankState>(g, info, config, EngineId::cusha_pagerank, 0,
                                       [&] { return std::make_unique<RankState>(shards.m); });
    if (state->entries != shards.m) state->size_for(shards.m);
    state->reserve_iterations(config.max_iterations);
    if (cw)
        iterate_ranks<true>(shards, *state, device_ranks, info, config, stream, report);
    else
        iterate_ranks<false>(shards, *state, device_ranks, info, config, stream, report);
}

void cusha_spmv(const Graph &g, const DeviceShards &shards, gg_layout layout, const float *device_x, float *device_y,
                const DeviceInfo &info, const RunConfig &, cudaStream_t stream, RunReport &report) {
    concatenated(layout);  // either layout: one pass, no write-back
    check_shards(g, shards);
    report.iterations = 1;
    report.edges_visited = shards.m;
    if (shards.n == 0) return;
    const size_t shared_bytes = size_t(shards.vertices_per_shard) * sizeof(double);
    allow_shared(product_pass, shared_bytes, info);
    EventTimer compute;
    compute.start(stream);
    product_pass<<<shards.num_shards, kThreads, shared_bytes, stream>>>(shards, device_x, device_y);
    GG_CUDA_CHECK_LAUNCH("product_pass");
    compute.stop(stream);
    report.compute_ms += compute.elapsed_ms();
}

}  // namespace gg::cuda
