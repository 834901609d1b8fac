#ifdef __CUDACC_RTC__
#line 3 "gg-kernels"
#endif
/* gg vertex programs: the GPU engine's kernels (docs/programs.md, "The
 * superstep"), as CUDA C++ text compiled by NVRTC after a program's source
 * (src/program/translation_unit.cpp: prelude, GG_* macros, the program,
 * checks.h, then this file). It sees the program's gg_vertex, gg_edge,
 * gg_message and gg_* functions and no header. The host side
 * (cuda/engines/program_engine.cu) includes this file with
 * GG_ENGINE_LAYOUT_ONLY defined, so that the kernels' one argument, the
 * gg_engine struct, has a single definition for both compilers.
 *
 * The two models:
 *  - CuSha (paper 000, §3): the vertices computed in a superstep are
 *    W = A ∪ out(A); each pulls its in-edges, in CSC order, sequentially into
 *    a local copy (init_compute, compute, update_condition), reading only
 *    the values of the superstep's start. New values go to a shadow array
 *    and are copied back for the updated vertices only, so nothing costs
 *    O(n) per superstep but the aggregates the contract sums over all
 *    vertices. CuSha's shards serve its built-in algorithms; a program runs
 *    over the CSC, whose in-edge order is the order the contract fixes.
 *  - Medusa's Edge-Message-Vertex (paper 002, §3 and §4.1: fine-grained
 *    edge and vertex functions over a queue of active vertices, SetActive):
 *      push, for a built-in MIN or MAX of any scalar, SUM of integers
 *      (order-free: every order gives the same bits) and UNORDERED_SUM of
 *      any scalar (whose contract lets floats add in any order): the
 *      out-edges of the active queue send with atomics into an inbox per
 *      vertex (MIN and MAX on an order-preserving integer key of the
 *      scalar, so floats use the integer atomics; an unordered float sum
 *      adds floats), and each receiver is appended once, by a flag, to
 *      the receivers' list; apply runs over the receivers and the active
 *      vertices without a message; when the active queue's out-edges are
 *      many (a fraction of m, chosen by the host), the same superstep pulls
 *      instead (Beamer et al., SC'12, direction-optimizing BFS, for any
 *      order-free combiner): every vertex combines, over its in-edges, the
 *      messages of its active sources by warp shuffles, with no atomic but
 *      one per hub chunk; the combiner makes the result the push's, bit for
 *      bit (an unordered float sum's up to its rounding), and the
 *      receivers are the same vertices;
 *      pull, for GG_COMBINE_USER and a float or double SUM, whose result
 *      depends on the order of the fold: each candidate of W scans its
 *      in-edges in CSC order and folds the messages of its active sources
 *      in that order, exactly as the CPU does (Medusa §4.2 likewise lays out
 *      a vertex's messages contiguously by reversed edge id).
 *
 * Load balance (after Merrill et al., PPoPP'12, and Gunrock): the push over
 * the active queue's out-edges gives each warp 32 vertices; a list of 32 to
 * GG_HUB_DEGREE edges is walked by the whole warp, shorter lists are packed
 * by a warp prefix sum, and a hub's list (kron graphs have hubs of 10^5
 * edges) is cut into chunks of GG_CHUNK_EDGES that whole blocks take from a
 * grid-wide list. The sequential folds (compute, and the pull's combine)
 * cannot be split, but for a vertex of GG_FOLD_DEGREE in-edges or more the
 * warp loads 32 in-edges' operands at once into shared memory and one lane
 * folds them in order, so the fold waits on no memory latency; a vertex of
 * GG_HUB_DEGREE in-edges or more is listed for a whole block
 * (ggk_*_fold_hubs), whose other warps load the next batch of operands
 * while one thread folds the last, so that a hub's fold runs at the speed
 * of the fold itself (for the EMV pull, the sends ran in the loading
 * threads: what is left is one addition an edge).
 *
 * When every vertex is active (PageRank and most of CuSha's benchmarks),
 * W is V: CuSha and the pull take position i as vertex i (gg_engine.dense)
 * and build neither W nor the flags, so a superstep reads the graph once;
 * a push program's pulled superstep lists no receivers (their flags mark
 * them) and its apply and finish walk V by id.
 *
 * Every list-building loop is warp-uniform (all 32 lanes iterate together,
 * a lane without an item passes `have` false), so that appends are
 * warp-aggregated with full-mask ballots.
 */
#ifndef GG_PROGRAM_KERNELS_CUH
#define GG_PROGRAM_KERNELS_CUH

/* Shared with the host: launch shape and thresholds. */
#define GG_ENGINE_THREADS 256
#define GG_ENGINE_WARPS (GG_ENGINE_THREADS / 32)
#define GG_HUB_DEGREE 2048u      /* push: from this out-degree a list goes to the hub chunks */
#define GG_CHUNK_EDGES 2048u     /* edges of one hub chunk, taken by one block */
#define GG_FOLD_DEGREE 64u       /* from this in-degree a warp stages a vertex's fold */
#define GG_STAGE_BYTES 128u      /* largest staged operand (vertex + edge, or message) */
#define GG_AGGREGATE_BLOCKS 1024u /* most blocks of the aggregate pass (fixed: sums do not depend on the GPU) */
#define GG_IN_WORK 1u            /* flags: in W (CuSha, pull) or received a message (push) */
#define GG_IS_ACTIVE 2u          /* flags: in A (pull) */

/* Counters the kernels keep; the host reads them once per superstep. */
typedef struct gg_engine_counters {
    unsigned int active_count;          /* |A_t| (moved from next_count by ggk_begin) */
    unsigned int halt;                  /* halt(globals) at the start of the superstep */
    unsigned int next_count;            /* |A_t+1| so far */
    unsigned int work_count;            /* |W_t|, or the receivers of a push */
    unsigned long long active_degrees;  /* out-degree sum of A_t */
    unsigned long long next_degrees;    /* out-degree sum of A_t+1 so far */
    unsigned long long edges;           /* in-edges scanned by CuSha's compute, all supersteps */
    unsigned int chunk_count;           /* hub chunks of this superstep's push */
    unsigned int next_max_degree;       /* largest out-degree in A_t+1 so far */
    unsigned int active_max_degree;     /* largest out-degree in A_t */
    unsigned int in_chunk_count;        /* hub chunks of the in-edges (the pull's), listed once a run */
    unsigned int fold_count;            /* hubs of W whose fold a whole block runs (ggk_*_fold_hubs) */
} gg_engine_counters;

/* The one argument of every kernel: the graph, the run's arrays and the
   superstep's active queue. Typed arrays are void * here (their types are
   the program's). */
typedef struct gg_engine {
    uint32_t n;
    uint32_t active_count;    /* |A_t|, set by the host before the superstep's kernels */
    uint64_t m;
    uint64_t active_degrees;  /* out-degree sum of A_t */
    uint32_t visit_width;     /* active vertices per warp in ggk_visit: 1 to 32, a power of 2 */
    uint32_t dense;           /* 1 when A_t is every vertex (CuSha, pull): W is V, position i is vertex i, and
                                 neither the W list nor the flags are built; a push program's pull: no
                                 source is tested */
    const uint64_t *out_offsets, *in_offsets;
    const uint32_t *out_indices, *in_indices;
    const float *out_weights, *in_weights;
    void *out_edges;          /* gg_edge per CSR edge (push), or out_weights */
    void *in_edges;           /* gg_edge per CSC edge (CuSha, pull), or in_weights */
    void *values;             /* gg_vertex per vertex: the current values */
    void *shadow;             /* gg_vertex per vertex: CuSha's new values; EMV with aggregates: the old ones */
    void *inbox;              /* push: a key per vertex; pull: a gg_message per position of W */
    unsigned char *received;  /* pull: per position of W, whether a message arrived */
    uint32_t *active, *next, *work, *flags;
    uint32_t *chunks;         /* hub chunks: (vertex, chunk) pairs */
    gg_program_globals *globals;
    gg_engine_counters *counters;
    double *partials;         /* aggregates: GG_PROGRAM_MAX_AGGREGATES sums per block */
    uint32_t *in_chunks;      /* push programs' pull: (vertex, chunk) pairs of the in-edge hubs */
    uint32_t in_chunk_count;  /* their number, set by the host once listed */
    uint32_t pulled;          /* 1 when this superstep of a push program pulls (ggk_pull_gather) */
    uint32_t *active_bits;    /* a push program's pull: A_t as one bit a vertex */
    uint32_t *folds;          /* CuSha and pull: positions in W of this superstep's hub folds */
} gg_engine;

#ifndef GG_ENGINE_LAYOUT_ONLY

#define GGK_FULL 0xffffffffu
#define GGK_MAX_AGGREGATES 4

#ifdef GG_EDGE_IS_WEIGHT
#define GGK_EDGE_BYTES 4
#else
#define GGK_EDGE_BYTES GG_EDGE_SIZE
#endif

#ifdef GG_MODEL_EMV
#if !defined(GG_COMBINE_BY_USER) && !(GG_COMBINER == 1 && (GG_MESSAGE_TYPE == 5 || GG_MESSAGE_TYPE == 6))
#define GGK_EMV_PUSH 1
/* A sum of the scalar (GG_COMBINE_SUM of integers, GG_COMBINE_UNORDERED_SUM of any type). */
#if GG_COMBINER == 1 || GG_COMBINER == 4
#define GGK_ADDS 1
#endif
/* An unordered float or double sum: added as floats, in no fixed order. */
#if GG_COMBINER == 4 && (GG_MESSAGE_TYPE == 5 || GG_MESSAGE_TYPE == 6)
#define GGK_FLOAT_ADDS 1
#endif
#else
#define GGK_EMV_PULL 1
#endif
#endif

#if defined(GG_MODEL_CUSHA) && (GG_VERTEX_SIZE + GGK_EDGE_BYTES) <= GG_STAGE_BYTES
#define GGK_STAGED_FOLD 1
#elif defined(GGK_EMV_PULL) && GG_MESSAGE_SIZE <= GG_STAGE_BYTES
#define GGK_STAGED_FOLD 1
#endif

#ifdef GGK_STAGED_FOLD
/* The hub folds' blocks: warp 0 folds, the other warps load; a batch holds
   as many operands as the loaders are, within 12 KiB a buffer (two buffers). */
#define GGK_LOADERS (GG_ENGINE_THREADS - 32)
#define GGK_HUB_BATCH_OF(bytes) ((12288u / (bytes)) < GGK_LOADERS ? (12288u / (bytes)) : GGK_LOADERS)
#endif

/* ---- helpers ---------------------------------------------------------- */

static __device__ __forceinline__ unsigned int ggk_lane() { return threadIdx.x & 31u; }
static __device__ __forceinline__ unsigned long long ggk_thread() {
    return (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
}
static __device__ __forceinline__ unsigned long long ggk_threads() {
    return (unsigned long long)gridDim.x * blockDim.x;
}
/* The first item of the calling warp's 32 in a warp-uniform grid-stride loop. */
static __device__ __forceinline__ unsigned long long ggk_warp_start() { return ggk_thread() - ggk_lane(); }
/* The first item of the calling block's in a block-uniform grid-stride loop
   (every thread of the block runs as many rounds: ggk_block_append_next). */
static __device__ __forceinline__ unsigned long long ggk_block_start() {
    return (unsigned long long)blockIdx.x * blockDim.x;
}

static __device__ __forceinline__ gg_vertex_info ggk_info(const gg_engine &s, uint32_t v) {
    gg_vertex_info info;
    info.id = v;
    info.out_degree = (uint32_t)(s.out_offsets[v + 1] - s.out_offsets[v]);
    info.in_degree = (uint32_t)(s.in_offsets[v + 1] - s.in_offsets[v]);
    info.reserved = 0;
    return info;
}

/* Appends v to list (for each lane whose `want` is set) with one atomic per
   warp. All 32 lanes call it together. */
static __device__ __forceinline__ void ggk_append(bool want, uint32_t v, uint32_t *list, unsigned int *count) {
    const unsigned int wanted = __ballot_sync(GGK_FULL, want);
    if (wanted == 0) return;
    const unsigned int lane = ggk_lane();
    const int leader = __ffs(wanted) - 1;
    unsigned int base = 0;
    if ((int)lane == leader) base = atomicAdd(count, (unsigned int)__popc(wanted));
    base = __shfl_sync(GGK_FULL, base, leader);
    if (want) list[base + __popc(wanted & ((1u << lane) - 1u))] = v;
}

/* The sum and the largest of the wanting lanes' out-degrees, in every lane. */
static __device__ __forceinline__ void ggk_warp_degrees(bool want, uint32_t degree, unsigned long long *total,
                                                        unsigned int *largest) {
    unsigned long long sum = want ? degree : 0ull;
    unsigned int most = want ? degree : 0u;
    for (int d = 16; d > 0; d >>= 1) {
        sum += __shfl_xor_sync(GGK_FULL, sum, d);
        const unsigned int other = __shfl_xor_sync(GGK_FULL, most, d);
        most = other > most ? other : most;
    }
    *total = sum;
    *largest = most;
}

/* Adds out-degrees joining A_t+1 to its degree sum and maximum. */
static __device__ __forceinline__ void ggk_count_next(const gg_engine &s, unsigned long long total,
                                                      unsigned int largest) {
    atomicAdd(&s.counters->next_degrees, total);
    if (largest > *(volatile unsigned int *)&s.counters->next_max_degree)
        atomicMax(&s.counters->next_max_degree, largest);
}

/* Appends v to A_t+1 with its out-degree counted into the next queue's
   degree sum and maximum (the host sizes the next superstep from them). */
static __device__ __forceinline__ void ggk_append_next(const gg_engine &s, bool want, uint32_t v, uint32_t degree) {
    const unsigned int wanted = __ballot_sync(GGK_FULL, want);
    if (wanted == 0) return;
    unsigned long long total;
    unsigned int largest;
    ggk_warp_degrees(want, degree, &total, &largest);
    if ((int)ggk_lane() == __ffs(wanted) - 1) ggk_count_next(s, total, largest);
    ggk_append(want, v, s.next, &s.counters->next_count);
}

/* ggk_append_next for a whole block at once, which every thread of the
   block calls together: the warps' counts, degree sums and maxima meet in
   shared memory and one thread takes the block's slots, so that the three
   counters see one atomic per block instead of one per warp (a pass over
   2^22 vertices that all stay active spent 0.5 ms in those atomics on an
   H200). The block's vertices keep their order within each warp. */
static __device__ __forceinline__ void ggk_block_append_next(const gg_engine &s, bool want, uint32_t v,
                                                             uint32_t degree) {
    __shared__ unsigned int warp_slot[GG_ENGINE_WARPS];
    __shared__ unsigned long long warp_degrees[GG_ENGINE_WARPS];
    __shared__ unsigned int warp_largest[GG_ENGINE_WARPS];
    __shared__ unsigned int block_slot;
    const unsigned int lane = ggk_lane(), warp = threadIdx.x / 32;
    const unsigned int wanted = __ballot_sync(GGK_FULL, want);
    unsigned long long total;
    unsigned int largest;
    ggk_warp_degrees(want, degree, &total, &largest);
    if (lane == 0) {
        warp_slot[warp] = (unsigned int)__popc(wanted);
        warp_degrees[warp] = total;
        warp_largest[warp] = largest;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned int count = 0, most = 0;
        unsigned long long degrees = 0;
        for (unsigned int w = 0; w < GG_ENGINE_WARPS; ++w) {
            const unsigned int c = warp_slot[w];
            warp_slot[w] = count;  /* the warp's first slot within the block's */
            count += c;
            degrees += warp_degrees[w];
            most = warp_largest[w] > most ? warp_largest[w] : most;
        }
        if (count != 0) {
            block_slot = atomicAdd(&s.counters->next_count, count);
            ggk_count_next(s, degrees, most);
        }
    }
    __syncthreads();
    if (want) s.next[block_slot + warp_slot[warp] + __popc(wanted & ((1u << lane) - 1u))] = v;
    __syncthreads(); /* the shared slots are free for the block's next call */
}

/* ---- built-in combiners on an integer key (push) ---------------------- */

#ifdef GGK_EMV_PUSH
/* MIN and MAX compare keys that order like the scalars (sign bit flipped for
   signed integers; for floats, negative values bit-inverted), so that one
   unsigned atomicMin or atomicMax serves all six types; SUM adds the raw
   bits (two's complement wraps as the CPU's integer sum does). */
#if GG_MESSAGE_TYPE == 1 || GG_MESSAGE_TYPE == 2 || GG_MESSAGE_TYPE == 5
typedef unsigned int ggk_key;
#define GGK_KEY_TOP 0x80000000u
#else
typedef unsigned long long ggk_key;
#define GGK_KEY_TOP 0x8000000000000000ull
#endif
static_assert(sizeof(gg_message) == sizeof(ggk_key), "a built-in combiner's message is its scalar");

static __device__ __forceinline__ ggk_key ggk_key_of(const gg_message &m) {
    ggk_key bits;
    memcpy(&bits, &m, sizeof bits);
#ifdef GGK_ADDS
    return bits;
#elif GG_MESSAGE_TYPE == 1 || GG_MESSAGE_TYPE == 3
    return bits ^ GGK_KEY_TOP;
#elif GG_MESSAGE_TYPE == 5 || GG_MESSAGE_TYPE == 6
    return (bits & GGK_KEY_TOP) ? ~bits : (bits | GGK_KEY_TOP);
#else
    return bits;
#endif
}

static __device__ __forceinline__ gg_message ggk_message_of(ggk_key key) {
    ggk_key bits = key;
#ifdef GGK_ADDS
#elif GG_MESSAGE_TYPE == 1 || GG_MESSAGE_TYPE == 3
    bits = key ^ GGK_KEY_TOP;
#elif GG_MESSAGE_TYPE == 5 || GG_MESSAGE_TYPE == 6
    bits = (key & GGK_KEY_TOP) ? (key & ~GGK_KEY_TOP) : ~key;
#endif
    gg_message m;
    memcpy(&m, &bits, sizeof m);
    return m;
}

/* The inbox's identity; the host fills a fresh inbox with the same bytes. */
#if GG_COMBINER == 2
#define GGK_IDENTITY ((ggk_key)0 - 1)
#else
#define GGK_IDENTITY ((ggk_key)0)
#endif

static __device__ __forceinline__ void ggk_deliver(ggk_key *slot, ggk_key key) {
#if GG_COMBINER == 2
    if (key < *(volatile ggk_key *)slot) atomicMin(slot, key);
#elif GG_COMBINER == 3
    if (key > *(volatile ggk_key *)slot) atomicMax(slot, key);
#elif defined(GGK_FLOAT_ADDS)
    atomicAdd((gg_message *)slot, ggk_message_of(key));
#else
    atomicAdd(slot, key);
#endif
}
#endif /* GGK_EMV_PUSH */

#ifdef GGK_EMV_PULL
/* Folds m into acc: the program's combiner, or a float or double sum in the
   order of the calls (the CPU's order). */
static __device__ __forceinline__ void ggk_fold(gg_message *acc, const gg_message *m) {
#ifdef GG_COMBINE_BY_USER
    gg_combine(acc, m);
#else
#if GG_MESSAGE_TYPE == 5
    float a, b;
#else
    double a, b;
#endif
    static_assert(sizeof(gg_message) == sizeof a, "a built-in combiner's message is its scalar");
    memcpy(&a, acc, sizeof a);
    memcpy(&b, m, sizeof b);
    a = a + b;
    memcpy(acc, &a, sizeof a);
#endif
}
#endif

/* ---- the push over the active queue's out-edges ------------------------ */

/* Visits every out-edge of A with op.edge(have, u, e), called by all 32
   lanes of a warp together, and every vertex of A with op.vertex(have, u).
   Each warp takes s.visit_width vertices at a time (fewer than 32 when A is
   too small to fill the GPU otherwise). Hub lists go to the chunk list for
   ggk_visit_hubs. */
template <class Op>
static __device__ __forceinline__ void ggk_visit_active(const gg_engine &s, Op &op) {
    const unsigned int lane = ggk_lane();
    const unsigned long long width = s.visit_width;
    for (unsigned long long base = ggk_thread() / 32 * width; base < s.active_count; base += ggk_threads() / 32 * width) {
        const unsigned long long i = base + lane;
        const bool have = lane < width && i < s.active_count;
        uint32_t u = 0;
        uint64_t begin = 0, end = 0;
        if (have) {
            u = s.active[i];
            begin = s.out_offsets[u];
            end = s.out_offsets[u + 1];
        }
        op.vertex(have, u);
        if (end - begin >= GG_HUB_DEGREE) {
            const uint64_t degree = end - begin;
            const unsigned int pieces = (unsigned int)((degree + GG_CHUNK_EDGES - 1) / GG_CHUNK_EDGES);
            const unsigned int first = atomicAdd(&s.counters->chunk_count, pieces);
            for (unsigned int k = 0; k < pieces; ++k) {
                s.chunks[2 * (unsigned long long)(first + k)] = u;
                s.chunks[2 * (unsigned long long)(first + k) + 1] = k;
            }
            end = begin;
        }
        const uint64_t degree = end - begin;

        /* Lists of 32 edges or more: the whole warp, one list at a time. */
        unsigned int long_lists = __ballot_sync(GGK_FULL, degree >= 32);
        while (long_lists != 0) {
            const int owner = __ffs(long_lists) - 1;
            long_lists &= long_lists - 1;
            const uint32_t owner_vertex = __shfl_sync(GGK_FULL, u, owner);
            const uint64_t owner_begin = __shfl_sync(GGK_FULL, begin, owner);
            const uint64_t owner_end = __shfl_sync(GGK_FULL, end, owner);
            for (uint64_t e0 = owner_begin; e0 < owner_end; e0 += 32)
                op.edge(e0 + lane < owner_end, owner_vertex, e0 + lane);
        }

        /* Shorter lists, packed by a prefix sum of their lengths; a packed
           edge's owner is the last lane whose exclusive sum is <= its index. */
        const unsigned int small = degree < 32 ? (unsigned int)degree : 0u;
        unsigned int inclusive = small;
        for (int d = 1; d < 32; d <<= 1) {
            const unsigned int below = __shfl_up_sync(GGK_FULL, inclusive, d);
            if ((int)lane >= d) inclusive += below;
        }
        const unsigned int exclusive = inclusive - small;
        const unsigned int total = __shfl_sync(GGK_FULL, inclusive, 31);
        for (unsigned int k0 = 0; k0 < total; k0 += 32) {
            const unsigned int k = k0 + lane;
            int owner = 0;
            for (int step = 16; step > 0; step >>= 1) {
                const unsigned int start = __shfl_sync(GGK_FULL, exclusive, owner + step);
                if (start <= k) owner += step;
            }
            const uint32_t owner_vertex = __shfl_sync(GGK_FULL, u, owner);
            const uint64_t owner_begin = __shfl_sync(GGK_FULL, begin, owner);
            const unsigned int owner_start = __shfl_sync(GGK_FULL, exclusive, owner);
            op.edge(k < total, owner_vertex, owner_begin + (k - owner_start));
        }
    }
}

/* The hub chunks of this superstep, one block per chunk. */
template <class Op>
static __device__ __forceinline__ void ggk_visit_chunks(const gg_engine &s, Op &op) {
    const unsigned int chunks = *(volatile unsigned int *)&s.counters->chunk_count;
    const unsigned int warp = threadIdx.x / 32, lane = ggk_lane();
    for (unsigned int c = blockIdx.x; c < chunks; c += gridDim.x) {
        const uint32_t u = s.chunks[2 * (unsigned long long)c];
        const uint32_t k = s.chunks[2 * (unsigned long long)c + 1];
        const uint64_t list_end = s.out_offsets[u + 1];
        const uint64_t begin = s.out_offsets[u] + (uint64_t)k * GG_CHUNK_EDGES;
        const uint64_t end = begin + GG_CHUNK_EDGES < list_end ? begin + GG_CHUNK_EDGES : list_end;
        for (uint64_t e0 = begin + 32ull * warp; e0 < end; e0 += blockDim.x) op.edge(e0 + lane < end, u, e0 + lane);
    }
}

#ifdef GGK_EMV_PUSH
/* EMV push: send along the edge, combine into the receiver's inbox, list
   the receiver on its first message. */
struct ggk_visit_op {
    const gg_engine &s;
    __device__ __forceinline__ void vertex(bool, uint32_t) {}
    __device__ __forceinline__ void edge(bool have, uint32_t u, uint64_t e) {
        bool first = false;
        uint32_t v = 0;
        if (have) {
            v = s.out_indices[e];
            gg_message m;
            if (gg_send(&((const gg_vertex *)s.values)[u], &((const gg_edge *)s.out_edges)[e], &m, s.globals) != 0) {
                ggk_deliver(&((ggk_key *)s.inbox)[v], ggk_key_of(m));
                if ((*(volatile uint32_t *)&s.flags[v] & GG_IN_WORK) == 0)
                    first = (atomicOr(&s.flags[v], GG_IN_WORK) & GG_IN_WORK) == 0;
            }
        }
        ggk_append(first, v, s.work, &s.counters->work_count);
    }
};
#else
/* CuSha and EMV pull: W = A ∪ out(A), each vertex listed once; A's vertices
   are flagged active for the pull's source test. */
struct ggk_visit_op {
    const gg_engine &s;
    __device__ __forceinline__ void vertex(bool have, uint32_t u) {
        bool first = false;
        if (have) first = (atomicOr(&s.flags[u], GG_IN_WORK | GG_IS_ACTIVE) & GG_IN_WORK) == 0;
        ggk_append(first, u, s.work, &s.counters->work_count);
    }
    __device__ __forceinline__ void edge(bool have, uint32_t, uint64_t e) {
        bool first = false;
        uint32_t v = 0;
        if (have) {
            v = s.out_indices[e];
            if ((*(volatile uint32_t *)&s.flags[v] & GG_IN_WORK) == 0)
                first = (atomicOr(&s.flags[v], GG_IN_WORK) & GG_IN_WORK) == 0;
        }
        ggk_append(first, v, s.work, &s.counters->work_count);
    }
};
#endif

/* ---- kernels ------------------------------------------------------------- */

#ifndef GG_EDGE_IS_WEIGHT
/* init_edge over the CSR's edges (push reads them) and the CSC's (CuSha and
   pull); a warp per vertex. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_init_out_edges(const __grid_constant__ gg_engine s) {
    gg_edge *edges = (gg_edge *)s.out_edges;
    for (unsigned long long v = ggk_thread() / 32; v < s.n; v += ggk_threads() / 32) {
        const uint64_t end = s.out_offsets[v + 1];
        for (uint64_t e = s.out_offsets[v] + ggk_lane(); e < end; e += 32)
            gg_init_edge(&edges[e], (uint32_t)v, s.out_indices[e], s.out_weights[e], s.globals);
    }
}

extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_init_in_edges(const __grid_constant__ gg_engine s) {
    gg_edge *edges = (gg_edge *)s.in_edges;
    for (unsigned long long v = ggk_thread() / 32; v < s.n; v += ggk_threads() / 32) {
        const uint64_t end = s.in_offsets[v + 1];
        for (uint64_t e = s.in_offsets[v] + ggk_lane(); e < end; e += 32)
            gg_init_edge(&edges[e], s.in_indices[e], (uint32_t)v, s.in_weights[e], s.globals);
    }
}
#endif

/* init on every vertex, in place over the caller's values (so that fields
   init leaves alone keep the caller's bytes, as on the CPU); A_0 goes to
   `next`, which ggk_begin turns into the first active queue. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_init_vertices(const __grid_constant__ gg_engine s) {
    gg_vertex *values = (gg_vertex *)s.values;
    gg_vertex *shadow = (gg_vertex *)s.shadow;
    for (unsigned long long block = ggk_block_start(); block < s.n; block += ggk_threads()) {
        const unsigned long long base = block + (threadIdx.x - ggk_lane());
        const unsigned long long i = base + ggk_lane();
        const bool have = i < s.n;
        const uint32_t v = (uint32_t)i;
        bool active = false;
        uint32_t degree = 0;
        if (have) {
            const gg_vertex_info info = ggk_info(s, v);
            active = gg_init(&values[v], &info, s.globals) != 0;
            if (shadow != 0) shadow[v] = values[v];
            degree = info.out_degree;
        }
        ggk_block_append_next(s, active, v, degree);
    }
}

/* keep_values: A_0 is every vertex. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_all_active(const __grid_constant__ gg_engine s) {
    unsigned int largest = 0;
    for (unsigned long long v = ggk_thread(); v < s.n; v += ggk_threads()) {
        s.next[v] = (uint32_t)v;
        const unsigned int degree = (unsigned int)(s.out_offsets[v + 1] - s.out_offsets[v]);
        largest = degree > largest ? degree : largest;
    }
    for (int d = 16; d > 0; d >>= 1) {
        const unsigned int other = __shfl_xor_sync(GGK_FULL, largest, d);
        largest = other > largest ? other : largest;
    }
    if (ggk_lane() == 0 && largest != 0) atomicMax(&s.counters->next_max_degree, largest);
    if (ggk_thread() == 0) {
        s.counters->next_count = s.n;
        s.counters->next_degrees = s.m;
    }
}

/* The start of superstep t: globals.iteration, the queue A_t that the last
   step built, and halt (docs/programs.md 5.1), for the host to read. */
extern "C" __global__ void ggk_begin(const __grid_constant__ gg_engine s, uint32_t iteration) {
    if (ggk_thread() != 0) return;
    gg_engine_counters *c = s.counters;
    s.globals->iteration = iteration;
    c->active_count = c->next_count;
    c->active_degrees = c->next_degrees;
    c->active_max_degree = c->next_max_degree;
    c->next_count = 0;
    c->next_degrees = 0;
    c->next_max_degree = 0;
    c->work_count = 0;
    c->chunk_count = 0;
    c->fold_count = 0;
#ifdef GG_HAS_HALT
    c->halt = gg_halt(s.globals) != 0 ? 1u : 0u;
#else
    c->halt = 0;
#endif
}

/* The push over A's out-edges (EMV push: the sends; CuSha and pull: W). */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_visit(const __grid_constant__ gg_engine s) {
    ggk_visit_op op{s};
    ggk_visit_active(s, op);
}

extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_visit_hubs(const __grid_constant__ gg_engine s) {
    ggk_visit_op op{s};
    ggk_visit_chunks(s, op);
}

#ifdef GG_MODEL_CUSHA
/* CuSha's compute over W: for v, init_compute into a local copy, compute
   over its in-edges in CSC order from the old values, update_condition; an
   updated v writes its new value to the shadow and joins A_t+1. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_cusha_compute(const __grid_constant__ gg_engine s) {
    const gg_vertex *old = (const gg_vertex *)s.values;
    gg_vertex *fresh = (gg_vertex *)s.shadow;
    const gg_edge *edges = (const gg_edge *)s.in_edges;
    const unsigned int lane = ggk_lane();
    const unsigned int count = s.dense ? s.n : *(volatile unsigned int *)&s.counters->work_count;
    unsigned long long scanned = 0;
#ifdef GGK_STAGED_FOLD
    __shared__ gg_vertex stage_source[GG_ENGINE_WARPS][32];
    __shared__ gg_edge stage_edge[GG_ENGINE_WARPS][32];
    const unsigned int warp = threadIdx.x / 32;
#endif
    for (unsigned long long block = ggk_block_start(); block < count; block += ggk_threads()) {
        const unsigned long long base = block + (threadIdx.x - ggk_lane());
        const unsigned long long i = base + lane;
        const bool have = i < count;
        uint32_t v = 0;
        uint64_t begin = 0, end = 0;
        if (have) {
            v = s.dense ? (uint32_t)i : s.work[i];
            begin = s.in_offsets[v];
            end = s.in_offsets[v + 1];
            scanned += end - begin;
        }
        bool updated = false;
#ifdef GGK_STAGED_FOLD
        /* Hubs: a block each, after this kernel (ggk_cusha_fold_hubs). */
        const bool hub = end - begin >= GG_HUB_DEGREE;
        ggk_append(hub, (uint32_t)i, s.folds, &s.counters->fold_count);
        /* Long in-lists: the warp stages 32 in-edges' source values and edge
           values at a time; lane 0 folds them in order. A full batch is
           unrolled, so that the work of consecutive edges that does not
           depend on the local copy (a source's terms) overlaps. */
        const bool staged = !hub && end - begin >= GG_FOLD_DEGREE;
        unsigned int long_lists = __ballot_sync(GGK_FULL, staged);
        while (long_lists != 0) {
            const int owner = __ffs(long_lists) - 1;
            long_lists &= long_lists - 1;
            const uint32_t w = __shfl_sync(GGK_FULL, v, owner);
            const uint64_t w_begin = __shfl_sync(GGK_FULL, begin, owner);
            const uint64_t w_end = __shfl_sync(GGK_FULL, end, owner);
            gg_vertex local;
            gg_vertex_info info;
            if (lane == 0) {
                info = ggk_info(s, w);
                gg_init_compute(&local, &old[w], &info, s.globals);
            }
            for (uint64_t e0 = w_begin; e0 < w_end; e0 += 32) {
                const uint64_t e = e0 + lane;
                if (e < w_end) {
                    stage_source[warp][lane] = old[s.in_indices[e]];
                    stage_edge[warp][lane] = edges[e];
                }
                __syncwarp();
                if (lane == 0) {
                    if (w_end - e0 >= 32) {
#pragma unroll 8
                        for (unsigned int j = 0; j < 32; ++j)
                            gg_compute(&stage_source[warp][j], &stage_edge[warp][j], &local, s.globals);
                    } else {
                        const unsigned int staged_count = (unsigned int)(w_end - e0);
                        for (unsigned int j = 0; j < staged_count; ++j)
                            gg_compute(&stage_source[warp][j], &stage_edge[warp][j], &local, s.globals);
                    }
                }
                __syncwarp();
            }
            int result = 0;
            if (lane == 0 && gg_update_condition(&local, &old[w], &info, s.globals) != 0) {
                fresh[w] = local;
                result = 1;
            }
            result = __shfl_sync(GGK_FULL, result, 0);
            if ((int)lane == owner) updated = result != 0;
        }
        if (have && !staged && !hub) {
#else
        if (have) {
#endif
            const gg_vertex_info info = ggk_info(s, v);
            gg_vertex local;
            gg_init_compute(&local, &old[v], &info, s.globals);
#pragma unroll 4
            for (uint64_t e = begin; e < end; ++e) gg_compute(&old[s.in_indices[e]], &edges[e], &local, s.globals);
            if (gg_update_condition(&local, &old[v], &info, s.globals) != 0) {
                fresh[v] = local;
                updated = true;
            }
        }
        const uint32_t degree = have ? (uint32_t)(s.out_offsets[v + 1] - s.out_offsets[v]) : 0u;
        ggk_block_append_next(s, updated, v, degree);
    }
    for (int d = 16; d > 0; d >>= 1) scanned += __shfl_xor_sync(GGK_FULL, scanned, d);
    if (lane == 0 && scanned != 0) atomicAdd(&s.counters->edges, scanned);
}

#ifdef GGK_STAGED_FOLD
/* The hubs ggk_cusha_compute listed, a block each: warps 1 to 7 load a
   batch of in-edges' operands into one buffer while thread 0 folds the
   other's, in CSC order; warp 0 then decides and lists the update. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_cusha_fold_hubs(const __grid_constant__ gg_engine s) {
    constexpr unsigned int batch = GGK_HUB_BATCH_OF(sizeof(gg_vertex) + sizeof(gg_edge));
    __shared__ gg_vertex stage_source[2][batch];
    __shared__ gg_edge stage_edge[2][batch];
    const gg_vertex *old = (const gg_vertex *)s.values;
    gg_vertex *fresh = (gg_vertex *)s.shadow;
    const gg_edge *edges = (const gg_edge *)s.in_edges;
    const unsigned int t = threadIdx.x;
    const unsigned int count = *(volatile unsigned int *)&s.counters->fold_count;
    for (unsigned int h = blockIdx.x; h < count; h += gridDim.x) {
        const unsigned long long position = s.folds[h];
        const uint32_t w = s.dense ? (uint32_t)position : s.work[position];
        const uint64_t begin = s.in_offsets[w], end = s.in_offsets[w + 1];
        gg_vertex local;
        gg_vertex_info info;
        if (t == 0) {
            info = ggk_info(s, w);
            gg_init_compute(&local, &old[w], &info, s.globals);
        }
        unsigned int k = 0;
        for (uint64_t b0 = begin; b0 < end; b0 += batch, k ^= 1u) {
            if (t >= 32 && t - 32 < batch && b0 + (t - 32) < end) {
                const uint64_t e = b0 + (t - 32);
                stage_source[k][t - 32] = old[s.in_indices[e]];
                stage_edge[k][t - 32] = edges[e];
            }
            __syncthreads();
            if (t == 0) {
                const unsigned int staged_count = end - b0 < batch ? (unsigned int)(end - b0) : batch;
#pragma unroll 8
                for (unsigned int j = 0; j < staged_count; ++j)
                    gg_compute(&stage_source[k][j], &stage_edge[k][j], &local, s.globals);
            }
        }
        if (t < 32) {
            int result = 0;
            if (t == 0 && gg_update_condition(&local, &old[w], &info, s.globals) != 0) {
                fresh[w] = local;
                result = 1;
            }
            result = __shfl_sync(GGK_FULL, result, 0);
            ggk_append_next(s, t == 0 && result != 0, w, (uint32_t)(s.out_offsets[w + 1] - s.out_offsets[w]));
        }
        __syncthreads();  /* thread 0 done with the buffers before the next hub loads */
    }
}
#endif

/* After the aggregates: W's flags cleared, the updated values copied back
   (the shadow equals the values again at the next superstep's start). */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_cusha_finish(const __grid_constant__ gg_engine s) {
    gg_vertex *values = (gg_vertex *)s.values;
    const gg_vertex *fresh = (const gg_vertex *)s.shadow;
    const unsigned int work = s.dense ? 0u : *(volatile unsigned int *)&s.counters->work_count;
    const unsigned int updated = *(volatile unsigned int *)&s.counters->next_count;
    for (unsigned long long i = ggk_thread(); i < work; i += ggk_threads()) s.flags[s.work[i]] = 0;
    for (unsigned long long i = ggk_thread(); i < updated; i += ggk_threads()) {
        const uint32_t v = s.next[i];
        values[v] = fresh[v];
    }
}
#endif /* GG_MODEL_CUSHA */

#ifdef GGK_EMV_PUSH
/* apply on the receivers (their combined message) and on the active
   vertices that received none (NULL); each vertex once. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_push_apply(const __grid_constant__ gg_engine s) {
    gg_vertex *values = (gg_vertex *)s.values;
    const ggk_key *inbox = (const ggk_key *)s.inbox;
    if (s.dense) {
        /* A pulled superstep with every vertex active: the receivers are
           the flagged vertices, the others apply without a message. */
        for (unsigned long long block = ggk_block_start(); block < s.n; block += ggk_threads()) {
            const unsigned long long v = block + threadIdx.x;
            uint32_t degree = 0;
            bool stays = false;
            if (v < s.n) {
                const gg_vertex_info info = ggk_info(s, (uint32_t)v);
                if (s.flags[v] & GG_IN_WORK) {
                    const gg_message m = ggk_message_of(inbox[v]);
                    stays = gg_apply(&values[v], &m, &info, s.globals) != 0;
                } else {
                    stays = gg_apply(&values[v], (const gg_message *)0, &info, s.globals) != 0;
                }
                degree = info.out_degree;
            }
            ggk_block_append_next(s, stays, (uint32_t)v, degree);
        }
        return;
    }
    const unsigned int receivers = *(volatile unsigned int *)&s.counters->work_count;
    for (unsigned long long block = ggk_block_start(); block < receivers; block += ggk_threads()) {
        const unsigned long long base = block + (threadIdx.x - ggk_lane());
        const unsigned long long i = base + ggk_lane();
        const bool have = i < receivers;
        uint32_t v = 0, degree = 0;
        bool stays = false;
        if (have) {
            v = s.work[i];
            const gg_vertex_info info = ggk_info(s, v);
            const gg_message m = ggk_message_of(inbox[v]);
            stays = gg_apply(&values[v], &m, &info, s.globals) != 0;
            degree = info.out_degree;
        }
        ggk_block_append_next(s, stays, v, degree);
    }
    for (unsigned long long block = ggk_block_start(); block < s.active_count; block += ggk_threads()) {
        const unsigned long long base = block + (threadIdx.x - ggk_lane());
        const unsigned long long i = base + ggk_lane();
        uint32_t u = 0, degree = 0;
        bool stays = false;
        if (i < s.active_count) {
            u = s.active[i];
            if ((s.flags[u] & GG_IN_WORK) == 0) {
                const gg_vertex_info info = ggk_info(s, u);
                stays = gg_apply(&values[u], (const gg_message *)0, &info, s.globals) != 0;
                degree = info.out_degree;
            }
        }
        ggk_block_append_next(s, stays, u, degree);
    }
}

/* After the aggregates: the receivers' flags and inbox slots back to empty;
   with aggregates, the shadow (old values) catches up with what apply
   changed (every vertex, once, when every vertex was active). */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_push_finish(const __grid_constant__ gg_engine s) {
    const gg_vertex *values = (const gg_vertex *)s.values;
    gg_vertex *old = (gg_vertex *)s.shadow;
    ggk_key *inbox = (ggk_key *)s.inbox;
    if (s.dense) {
        for (unsigned long long v = ggk_thread(); v < s.n; v += ggk_threads()) {
            if (s.flags[v] != 0) {
                s.flags[v] = 0;
                inbox[v] = GGK_IDENTITY;
            }
            if (old != 0) old[v] = values[v];
        }
        return;
    }
    const unsigned int receivers = *(volatile unsigned int *)&s.counters->work_count;
    for (unsigned long long i = ggk_thread(); i < receivers; i += ggk_threads()) {
        const uint32_t v = s.work[i];
        s.flags[v] = 0;
        inbox[v] = GGK_IDENTITY;
        if (old != 0) old[v] = values[v];
    }
    const bool marked = s.pulled && !s.dense; /* ggk_mark_active's bits to clear */
    if (old != 0 || marked)
        for (unsigned long long i = ggk_thread(); i < s.active_count; i += ggk_threads()) {
            const uint32_t u = s.active[i];
            if (old != 0) old[u] = values[u];
            if (marked) s.active_bits[u >> 5] = 0;
        }
}

/* ---- the pull of a push program (order-free combiners) ------------------ */

static __device__ __forceinline__ ggk_key ggk_combine_keys(ggk_key a, ggk_key b) {
#if GG_COMBINER == 2
    return b < a ? b : a;
#elif GG_COMBINER == 3
    return b > a ? b : a;
#elif defined(GGK_FLOAT_ADDS)
    const gg_message sum = ggk_message_of(a) + ggk_message_of(b);
    return ggk_key_of(sum);
#else
    return a + b;
#endif
}

/* The key of the message in-edge e carries, when its source is active and
   sends one. */
static __device__ __forceinline__ bool ggk_pull_edge(const gg_engine &s, uint64_t e, ggk_key *key) {
    const uint32_t u = s.in_indices[e];
    if (!s.dense && ((s.active_bits[u >> 5] >> (u & 31)) & 1u) == 0) return false;
    gg_message m;
    if (gg_send(&((const gg_vertex *)s.values)[u], &((const gg_edge *)s.in_edges)[e], &m, s.globals) == 0)
        return false;
    *key = ggk_key_of(m);
    return true;
}

/* Folds into *acc the messages of in-edges first, first + stride, ...
   below end; whether any came. */
static __device__ __forceinline__ bool ggk_pull_edges(const gg_engine &s, uint64_t first, uint64_t end,
                                                      uint64_t stride, ggk_key *acc) {
    bool any = false;
    for (uint64_t e = first; e < end; e += stride) {
        ggk_key key;
        if (ggk_pull_edge(s, e, &key)) {
            *acc = ggk_combine_keys(*acc, key);
            any = true;
        }
    }
    return any;
}

/* The combination of the 32 lanes' keys (lanes without a message hold the
   identity), in every lane. */
static __device__ __forceinline__ ggk_key ggk_warp_combine(ggk_key key) {
    for (int d = 16; d > 0; d >>= 1) key = ggk_combine_keys(key, __shfl_xor_sync(GGK_FULL, key, d));
    return key;
}

/* Once a run: the in-edge lists of GG_HUB_DEGREE edges or more, cut into
   chunks of GG_CHUNK_EDGES that whole blocks of ggk_pull_hubs take. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_list_in_hubs(const __grid_constant__ gg_engine s) {
    for (unsigned long long v = ggk_thread(); v < s.n; v += ggk_threads()) {
        const uint64_t degree = s.in_offsets[v + 1] - s.in_offsets[v];
        if (degree < GG_HUB_DEGREE) continue;
        const unsigned int pieces = (unsigned int)((degree + GG_CHUNK_EDGES - 1) / GG_CHUNK_EDGES);
        const unsigned int first = atomicAdd(&s.counters->in_chunk_count, pieces);
        for (unsigned int k = 0; k < pieces; ++k) {
            s.in_chunks[2 * (unsigned long long)(first + k)] = (uint32_t)v;
            s.in_chunks[2 * (unsigned long long)(first + k) + 1] = k;
        }
    }
}

/* The sources' test of the pull: A's vertices as bits, which 32 vertices
   share a word of, so that the test of a random source hits the caches far
   more often than a word a vertex would (the bits are clear at a
   superstep's start; ggk_push_finish clears these). */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_mark_active(const __grid_constant__ gg_engine s) {
    for (unsigned long long i = ggk_thread(); i < s.active_count; i += ggk_threads()) {
        const uint32_t u = s.active[i];
        atomicOr(&s.active_bits[u >> 5], 1u << (u & 31));
    }
}

/* Every vertex below the hubs combines the messages of its in-edges: a lane
   alone for fewer than 32, the whole warp for longer lists. A vertex that
   got one keeps the combination in its inbox slot (at the identity until
   now) and joins the receivers, as the push would have listed it (when
   every vertex is active, its flag alone marks it: a list of 2^22 receivers
   cost 2^17 atomics on one counter). */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_pull_gather(const __grid_constant__ gg_engine s) {
    ggk_key *inbox = (ggk_key *)s.inbox;
    const unsigned int lane = ggk_lane();
    for (unsigned long long base = ggk_warp_start(); base < s.n; base += ggk_threads()) {
        const unsigned long long i = base + lane;
        uint64_t begin = 0, end = 0;
        if (i < s.n) {
            begin = s.in_offsets[i];
            end = s.in_offsets[i + 1];
        }
        const uint64_t degree = end - begin;
        ggk_key acc = GGK_IDENTITY;
        bool got = false;
        unsigned int long_lists = __ballot_sync(GGK_FULL, degree >= 32 && degree < GG_HUB_DEGREE);
        while (long_lists != 0) {
            const int owner = __ffs(long_lists) - 1;
            long_lists &= long_lists - 1;
            const uint64_t w_begin = __shfl_sync(GGK_FULL, begin, owner);
            const uint64_t w_end = __shfl_sync(GGK_FULL, end, owner);
            ggk_key part = GGK_IDENTITY;
            const bool any = ggk_pull_edges(s, w_begin + lane, w_end, 32, &part);
            part = ggk_warp_combine(part);
            const bool some = __any_sync(GGK_FULL, any);
            if ((int)lane == owner) {
                acc = part;
                got = some;
            }
        }
        if (degree < 32) got = ggk_pull_edges(s, begin, end, 1, &acc);
        if (got) {
            inbox[i] = acc;
            s.flags[i] |= GG_IN_WORK;
        }
        /* With every vertex active, apply and finish walk V by id: no list. */
        if (!s.dense) ggk_append(got, (uint32_t)i, s.work, &s.counters->work_count);
    }
}

/* The hubs' chunks, one block per chunk: each warp combines its share, and
   one atomic per warp delivers it (the combiner is order-free); the first
   delivery to a hub lists it. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_pull_hubs(const __grid_constant__ gg_engine s) {
    ggk_key *inbox = (ggk_key *)s.inbox;
    const unsigned int warp = threadIdx.x / 32, lane = ggk_lane();
    for (unsigned int c = blockIdx.x; c < s.in_chunk_count; c += gridDim.x) {
        const uint32_t v = s.in_chunks[2 * (unsigned long long)c];
        const uint32_t k = s.in_chunks[2 * (unsigned long long)c + 1];
        const uint64_t list_end = s.in_offsets[v + 1];
        const uint64_t begin = s.in_offsets[v] + (uint64_t)k * GG_CHUNK_EDGES;
        const uint64_t end = begin + GG_CHUNK_EDGES < list_end ? begin + GG_CHUNK_EDGES : list_end;
        ggk_key part = GGK_IDENTITY;
        const bool any = ggk_pull_edges(s, begin + 32ull * warp + lane, end, blockDim.x, &part);
        part = ggk_warp_combine(part);
        const bool some = __any_sync(GGK_FULL, any);
        bool first = false;
        if (lane == 0 && some) {
            ggk_deliver(&inbox[v], part);
            if ((*(volatile uint32_t *)&s.flags[v] & GG_IN_WORK) == 0)
                first = (atomicOr(&s.flags[v], GG_IN_WORK) & GG_IN_WORK) == 0;
        }
        ggk_append(first, v, s.work, &s.counters->work_count);
    }
}
#endif /* GGK_EMV_PUSH */

#ifdef GGK_EMV_PULL
/* The pull's combine over W: each candidate folds, in CSC order, the
   messages its active in-neighbours send; the result goes to its position
   of W. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_pull_combine(const __grid_constant__ gg_engine s) {
    const gg_vertex *values = (const gg_vertex *)s.values;
    const gg_edge *edges = (const gg_edge *)s.in_edges;
    gg_message *inbox = (gg_message *)s.inbox;
    const unsigned int lane = ggk_lane();
    const unsigned int count = s.dense ? s.n : *(volatile unsigned int *)&s.counters->work_count;
#ifdef GGK_STAGED_FOLD
    __shared__ gg_message stage[GG_ENGINE_WARPS][32];
    const unsigned int warp = threadIdx.x / 32;
#endif
    for (unsigned long long base = ggk_warp_start(); base < count; base += ggk_threads()) {
        const unsigned long long i = base + lane;
        const bool have = i < count;
        uint32_t v = 0;
        uint64_t begin = 0, end = 0;
        if (have) {
            v = s.dense ? (uint32_t)i : s.work[i];
            begin = s.in_offsets[v];
            end = s.in_offsets[v + 1];
        }
#ifdef GGK_STAGED_FOLD
        /* Hubs: a block each, after this kernel (ggk_pull_fold_hubs). */
        const bool hub = end - begin >= GG_HUB_DEGREE;
        ggk_append(hub, (uint32_t)i, s.folds, &s.counters->fold_count);
        /* Long in-lists: 32 lanes send at once into shared memory; lane 0
           folds the messages in edge order (a batch of 32 after the first
           message unrolled, as in CuSha's compute). */
        const bool staged = !hub && end - begin >= GG_FOLD_DEGREE;
        unsigned int long_lists = __ballot_sync(GGK_FULL, staged);
        while (long_lists != 0) {
            const int owner = __ffs(long_lists) - 1;
            long_lists &= long_lists - 1;
            const uint64_t w_begin = __shfl_sync(GGK_FULL, begin, owner);
            const uint64_t w_end = __shfl_sync(GGK_FULL, end, owner);
            gg_message acc;
            bool got = false;
            for (uint64_t e0 = w_begin; e0 < w_end; e0 += 32) {
                const uint64_t e = e0 + lane;
                bool sent = false;
                if (e < w_end) {
                    const uint32_t u = s.in_indices[e];
                    if (s.dense || (s.flags[u] & GG_IS_ACTIVE) != 0)
                        sent = gg_send(&values[u], &edges[e], &stage[warp][lane], s.globals) != 0;
                }
                unsigned int senders = __ballot_sync(GGK_FULL, sent);
                __syncwarp();  // the staged messages visible to lane 0
                if (lane == 0) {
                    if (got && senders == GGK_FULL) {
#pragma unroll 8
                        for (unsigned int j = 0; j < 32; ++j) ggk_fold(&acc, &stage[warp][j]);
                    } else {
                        while (senders != 0) {
                            const int j = __ffs(senders) - 1;
                            senders &= senders - 1;
                            if (!got) {
                                acc = stage[warp][j];
                                got = true;
                            } else {
                                ggk_fold(&acc, &stage[warp][j]);
                            }
                        }
                    }
                }
                __syncwarp();
            }
            if (lane == 0) {
                const unsigned long long position = base + owner;
                if (got) inbox[position] = acc;
                s.received[position] = got ? 1 : 0;
            }
        }
        if (have && !staged && !hub) {
#else
        if (have) {
#endif
            gg_message acc, m;
            bool got = false;
            for (uint64_t e = begin; e < end; ++e) {
                const uint32_t u = s.in_indices[e];
                if (!s.dense && (s.flags[u] & GG_IS_ACTIVE) == 0) continue;
                if (gg_send(&values[u], &edges[e], &m, s.globals) == 0) continue;
                if (!got) {
                    acc = m;
                    got = true;
                } else {
                    ggk_fold(&acc, &m);
                }
            }
            if (got) inbox[i] = acc;
            s.received[i] = got ? 1 : 0;
        }
    }
}

#ifdef GGK_STAGED_FOLD
/* The hubs ggk_pull_combine listed, a block each: warps 1 to 7 send a batch
   of in-edges' messages and pack the sent ones, in edge order, into one
   buffer while thread 0 folds the other's, in CSC order, as the CPU does.
   Packed, the fold is a branch-free run of additions whose operands load
   ahead of them: its chain of dependent additions is all that is left. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_pull_fold_hubs(const __grid_constant__ gg_engine s) {
    constexpr unsigned int batch = GGK_HUB_BATCH_OF(sizeof(gg_message));
    __shared__ gg_message stage[2][batch];
    __shared__ unsigned int packed[2][GG_ENGINE_WARPS + 1]; /* per warp: its first slot; [WARPS]: the batch's count */
    const gg_vertex *values = (const gg_vertex *)s.values;
    const gg_edge *edges = (const gg_edge *)s.in_edges;
    gg_message *inbox = (gg_message *)s.inbox;
    const unsigned int t = threadIdx.x, warp = t / 32, lane = ggk_lane();
    const unsigned int count = *(volatile unsigned int *)&s.counters->fold_count;
    for (unsigned int h = blockIdx.x; h < count; h += gridDim.x) {
        const unsigned long long position = s.folds[h];
        const uint32_t v = s.dense ? (uint32_t)position : s.work[position];
        const uint64_t begin = s.in_offsets[v], end = s.in_offsets[v + 1];
        gg_message acc;
        bool got = false;
        unsigned int k = 0;
        for (uint64_t b0 = begin; b0 < end; b0 += batch, k ^= 1u) {
            gg_message m;
            bool ok = false;
            if (t >= 32 && t - 32 < batch && b0 + (t - 32) < end) {
                const uint64_t e = b0 + (t - 32);
                const uint32_t u = s.in_indices[e];
                if (s.dense || (s.flags[u] & GG_IS_ACTIVE) != 0) ok = gg_send(&values[u], &edges[e], &m, s.globals) != 0;
            }
            const unsigned int sent = __ballot_sync(GGK_FULL, ok);
            if (lane == 0) packed[k][warp] = (unsigned int)__popc(sent);
            __syncthreads();
            if (t == 0) {
                unsigned int total = 0;
                for (unsigned int w = 0; w < GG_ENGINE_WARPS; ++w) {
                    const unsigned int c = packed[k][w];
                    packed[k][w] = total;
                    total += c;
                }
                packed[k][GG_ENGINE_WARPS] = total;
            }
            __syncthreads();
            if (ok) stage[k][packed[k][warp] + __popc(sent & ((1u << lane) - 1u))] = m;
            __syncthreads();
            if (t == 0) {
                const unsigned int staged_count = packed[k][GG_ENGINE_WARPS];
                unsigned int j = 0;
                if (!got && staged_count > 0) {
                    acc = stage[k][0];
                    got = true;
                    j = 1;
                }
#pragma unroll 8
                for (; j < staged_count; ++j) ggk_fold(&acc, &stage[k][j]);
            }
        }
        if (t == 0) {
            if (got) inbox[position] = acc;
            s.received[position] = got ? 1 : 0;
        }
        __syncthreads();  /* thread 0 done with the buffers before the next hub loads */
    }
}
#endif

/* apply on W's vertices that received a message or are active. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_pull_apply(const __grid_constant__ gg_engine s) {
    gg_vertex *values = (gg_vertex *)s.values;
    const gg_message *inbox = (const gg_message *)s.inbox;
    const unsigned int count = s.dense ? s.n : *(volatile unsigned int *)&s.counters->work_count;
    for (unsigned long long block = ggk_block_start(); block < count; block += ggk_threads()) {
        const unsigned long long base = block + (threadIdx.x - ggk_lane());
        const unsigned long long i = base + ggk_lane();
        uint32_t v = 0, degree = 0;
        bool stays = false;
        if (i < count) {
            v = s.dense ? (uint32_t)i : s.work[i];
            const bool got = s.received[i] != 0;
            if (got || s.dense || (s.flags[v] & GG_IS_ACTIVE) != 0) {
                const gg_vertex_info info = ggk_info(s, v);
                stays = gg_apply(&values[v], got ? &inbox[i] : (const gg_message *)0, &info, s.globals) != 0;
                degree = info.out_degree;
            }
        }
        ggk_block_append_next(s, stays, v, degree);
    }
}

/* After the aggregates: W's flags cleared; with aggregates, the shadow (old
   values) catches up. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS) ggk_pull_finish(const __grid_constant__ gg_engine s) {
    const gg_vertex *values = (const gg_vertex *)s.values;
    gg_vertex *old = (gg_vertex *)s.shadow;
    const unsigned int count = s.dense ? s.n : *(volatile unsigned int *)&s.counters->work_count;
    for (unsigned long long i = ggk_thread(); i < count; i += ggk_threads()) {
        const uint32_t v = s.dense ? (uint32_t)i : s.work[i];
        if (!s.dense) s.flags[v] = 0;
        if (old != 0) old[v] = values[v];
    }
}
#endif /* GGK_EMV_PULL */

#if GG_NUM_AGGREGATES > 0
/* globals.aggregates = the sum over all vertices of aggregate(old, now):
   per-thread sums over a grid-stride range, a tree per block into
   `partials`, then one block adds the partials in block order. The grid is
   fixed by n alone, so the rounding does not depend on the GPU. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS)
    ggk_aggregate(const __grid_constant__ gg_engine s, const gg_vertex *old, const gg_vertex *now) {
    double sums[GGK_MAX_AGGREGATES] = {0.0, 0.0, 0.0, 0.0};
    for (unsigned long long v = ggk_thread(); v < s.n; v += ggk_threads()) {
        const gg_vertex_info info = ggk_info(s, (uint32_t)v);
        gg_aggregate(&old[v], &now[v], &info, sums);
    }
    __shared__ double part[GGK_MAX_AGGREGATES][GG_ENGINE_THREADS];
    for (int k = 0; k < GGK_MAX_AGGREGATES; ++k) part[k][threadIdx.x] = sums[k];
    __syncthreads();
    for (unsigned int width = GG_ENGINE_THREADS / 2; width > 0; width >>= 1) {
        if (threadIdx.x < width)
            for (int k = 0; k < GGK_MAX_AGGREGATES; ++k) part[k][threadIdx.x] += part[k][threadIdx.x + width];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        for (int k = 0; k < GGK_MAX_AGGREGATES; ++k) s.partials[blockIdx.x * GGK_MAX_AGGREGATES + k] = part[k][0];
}

extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS)
    ggk_aggregate_total(const __grid_constant__ gg_engine s, uint32_t blocks) {
    __shared__ double part[GGK_MAX_AGGREGATES][GG_ENGINE_THREADS];
    for (int k = 0; k < GGK_MAX_AGGREGATES; ++k) {
        double sum = 0.0;
        for (unsigned int b = threadIdx.x; b < blocks; b += GG_ENGINE_THREADS) sum += s.partials[b * GGK_MAX_AGGREGATES + k];
        part[k][threadIdx.x] = sum;
    }
    __syncthreads();
    for (unsigned int width = GG_ENGINE_THREADS / 2; width > 0; width >>= 1) {
        if (threadIdx.x < width)
            for (int k = 0; k < GGK_MAX_AGGREGATES; ++k) part[k][threadIdx.x] += part[k][threadIdx.x + width];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        for (int k = 0; k < GGK_MAX_AGGREGATES; ++k) s.globals->aggregates[k] = k < GG_NUM_AGGREGATES ? part[k][0] : 0.0;
}
#endif

#endif /* GG_ENGINE_LAYOUT_ONLY */
#endif /* GG_PROGRAM_KERNELS_CUH */
