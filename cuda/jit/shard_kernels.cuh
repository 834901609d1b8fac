#ifdef __CUDACC_RTC__
#line 3 "gg-shard-kernels"
#endif
/* gg vertex programs over CuSha's layouts: a CuSha-model program's
 * superstep over G-Shards (paper 000, §3.1) or Concatenated Windows (§3.2),
 * as CUDA C++ text compiled by NVRTC after program_kernels.cuh, whose
 * helpers and gg_engine it uses. The host side
 * (cuda/engines/program_engine.cu) includes this file with
 * GG_ENGINE_LAYOUT_ONLY defined for the gg_shard_engine struct.
 *
 * What the paper's engine does and what a program needs:
 *  - The paper's stage 1 loads a shard's vertex range into shared memory;
 *    here init_compute writes each computed vertex's local copy into the
 *    shadow array (a program's value may take up to 4 KiB, so shared memory
 *    cannot be assumed to hold a range).
 *  - Stage 2 walks the shard's entries with consecutive threads, reading
 *    SrcValue, EdgeValue and DestIndex as columns, coalesced. The paper's
 *    users combine into the shared copy with atomics; a program's compute is
 *    plain code whose result may depend on the order of the fold (a float
 *    sum, say), and docs/programs.md fixes that order: a vertex's in-edges
 *    in CSC order. A shard is the CSR's edges stably sorted by destination
 *    range (src/layout/cusha/shards.cpp), the CSC the CSR's edges stably
 *    sorted by destination, so the entries of one destination appear in a
 *    shard in CSC order. Warp w of the block owns the destinations at
 *    offsets w, w + 8, ... of the range. The block loads a chunk of 256
 *    entries (destination, source value, edge value) into shared memory,
 *    every load at once; each warp then walks the chunk 32 entries at a
 *    time, and within a step the lanes holding entries of one of its
 *    destinations meet by __match_any_sync, the lowest folding their
 *    entries in lane order into a register copy of the local value. Steps
 *    and chunks run in order, so each destination folds its entries in
 *    shard order, and no two threads touch one local copy at once. Values
 *    too wide to stage (over GG_STAGE_BYTES with the edge's) are read in
 *    place, 32 entries a step, with every warp reading the destinations.
 *    A hub's fold stays sequential, as over the CSC, and the shard holding
 *    it is the longest of a superstep.
 *  - Stage 3 is update_condition; a vertex that keeps its old value has its
 *    shadow restored, so that the shadow equals the values outside W.
 *  - Stage 4, the write-back, runs in its own kernel after every shard has
 *    computed, since a program reads the values of the superstep's start
 *    (the paper's relaxations may see each other's write-backs; a program
 *    may not): for each vertex range with an updated vertex, G-Shards
 *    rewrite the entries of its non-empty windows W(i, j), warp by warp (the
 *    whole block a window when the range has fewer windows than warps), CW
 *    the entries of CW_i through the Mapper, thread by thread.
 * A shard runs when a vertex of its range is in W (every shard when every
 * vertex is active); W and its flags come from the CSR kernels' visit over
 * A's out-edges, as for the CSC.
 */
#ifndef GG_SHARD_KERNELS_CUH
#define GG_SHARD_KERNELS_CUH

/* The second argument of the shard kernels: CuSha's arrays (the
   layout cache's, cuda/layouts/device_shards.cuh) and the run's columns. */
typedef struct gg_shard_engine {
    uint32_t vertices_per_shard;     /* |N| */
    uint32_t num_shards;             /* |S| */
    uint32_t concatenated;           /* 1: write back through Concatenated Windows */
    uint32_t reserved;
    const uint64_t *shard_offsets;   /* |S| + 1 */
    const uint32_t *src_index;       /* m */
    const uint32_t *dst_index;       /* m */
    const float *weights;            /* m */
    const uint64_t *window_offsets;  /* |S|^2 + 1: W(i, j) = [window_offsets[j|S| + i], ... + 1) */
    const uint64_t *window_list;     /* |S| + 1: range i's non-empty windows */
    const uint32_t *window_shard;    /* their shards j */
    const uint64_t *cw_offsets;      /* |S| + 1 */
    const uint32_t *cw_src_index;    /* m */
    const uint64_t *cw_mapper;       /* m */
    void *src_values;                /* gg_vertex per entry: SrcValue, the values of the superstep's start */
    void *edges;                     /* gg_edge per entry, or `weights` */
    uint32_t *hot;                   /* per shard: a vertex of its range is in W */
    uint32_t *dirty;                 /* per range: a vertex of it was updated */
} gg_shard_engine;

#if !defined(GG_ENGINE_LAYOUT_ONLY) && defined(GG_MODEL_CUSHA)

#ifndef GG_EDGE_IS_WEIGHT
/* init_edge on every entry: an edge's value depends on its ends and weight
   only, so an entry's equals its CSC edge's. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS)
    ggk_shard_init_edges(const __grid_constant__ gg_engine s, const __grid_constant__ gg_shard_engine g) {
    gg_edge *edges = (gg_edge *)g.edges;
    for (unsigned long long e = ggk_thread(); e < s.m; e += ggk_threads())
        gg_init_edge(&edges[e], g.src_index[e], g.dst_index[e], g.weights[e], s.globals);
}
#endif

/* SrcValue from the first values. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS)
    ggk_shard_load(const __grid_constant__ gg_engine s, const __grid_constant__ gg_shard_engine g) {
    const gg_vertex *values = (const gg_vertex *)s.values;
    gg_vertex *src_values = (gg_vertex *)g.src_values;
    for (unsigned long long e = ggk_thread(); e < s.m; e += ggk_threads()) src_values[e] = values[g.src_index[e]];
}

/* The shards W reaches: each vertex of W marks its range's shard. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS)
    ggk_shard_mark(const __grid_constant__ gg_engine s, const __grid_constant__ gg_shard_engine g) {
    const unsigned int count = *(volatile unsigned int *)&s.counters->work_count;
    for (unsigned long long i = ggk_thread(); i < count; i += ggk_threads()) {
        const uint32_t j = s.work[i] / g.vertices_per_shard;
        if (*(volatile uint32_t *)&g.hot[j] == 0) g.hot[j] = 1;
    }
}

static __device__ __forceinline__ bool ggk_in_work(const gg_engine &s, uint32_t v) {
    return s.dense || (s.flags[v] & GG_IN_WORK) != 0;
}

#define GGK_SHARD_NONE 0xffffffffu

/* One step of 32 entries (lane l's operands at sources[l] and edges[l]): the
   lanes that are `mine` meet by destination, and the lowest of each group
   folds the group's entries in lane order into a copy of the local value,
   written back once. All 32 lanes call it together. */
static __device__ __forceinline__ void ggk_shard_fold(const gg_engine &s, bool mine, uint32_t v,
                                                      const gg_vertex *sources, const gg_edge *edges,
                                                      gg_vertex *local) {
    const unsigned int takers = __ballot_sync(GGK_FULL, mine);
    if (mine) {
        const unsigned int peers = __match_any_sync(takers, v);
        if ((int)ggk_lane() == __ffs(peers) - 1) {
            gg_vertex acc = local[v];
            for (unsigned int rest = peers; rest != 0; rest &= rest - 1) {
                const unsigned int l = (unsigned int)(__ffs(rest) - 1);
                gg_compute(&sources[l], &edges[l], &acc, s.globals);
            }
            local[v] = acc;
        }
    }
    __syncwarp();  /* the next step's folder of v may be another lane */
}

/* Stages 1 to 3 over the shards W reaches, a block per shard. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS)
    ggk_shard_compute(const __grid_constant__ gg_engine s, const __grid_constant__ gg_shard_engine g) {
    const gg_vertex *old = (const gg_vertex *)s.values;
    gg_vertex *local = (gg_vertex *)s.shadow;
    const gg_vertex *src_values = (const gg_vertex *)g.src_values;
    const gg_edge *edges = (const gg_edge *)g.edges;
    const unsigned int lane = ggk_lane(), warp = threadIdx.x / 32;
    unsigned long long scanned = 0;
    __shared__ unsigned int any_updated;
#ifdef GGK_STAGED_FOLD
    __shared__ gg_vertex chunk_source[GG_ENGINE_THREADS];
    __shared__ gg_edge chunk_edge[GG_ENGINE_THREADS];
    __shared__ uint32_t chunk_dst[GG_ENGINE_THREADS];
#endif
    for (uint32_t j = blockIdx.x; j < g.num_shards; j += gridDim.x) {
        if (!s.dense && *(volatile uint32_t *)&g.hot[j] == 0) continue;  /* block-uniform */
        const uint32_t first = j * g.vertices_per_shard;
        const uint32_t count = s.n - first < g.vertices_per_shard ? s.n - first : g.vertices_per_shard;
        const uint64_t begin = g.shard_offsets[j], end = g.shard_offsets[j + 1];
        if (threadIdx.x == 0) {
            scanned += end - begin;
            any_updated = 0;
        }

        /* Stage 1: the local copies of the range's vertices in W. */
        for (uint32_t k = threadIdx.x; k < count; k += blockDim.x) {
            const uint32_t v = first + k;
            if (ggk_in_work(s, v)) {
                const gg_vertex_info info = ggk_info(s, v);
                gg_init_compute(&local[v], &old[v], &info, s.globals);
            }
        }
        __syncthreads();

        /* Stage 2: each warp folds its destinations' entries in shard order. */
#ifdef GGK_STAGED_FOLD
        /* The block stages a chunk of entries at a time, every load at once;
           the warps then walk the chunk in shared memory. */
        for (uint64_t c0 = begin; c0 < end; c0 += GG_ENGINE_THREADS) {
            const uint64_t e = c0 + threadIdx.x;
            uint32_t d = GGK_SHARD_NONE;
            if (e < end) {
                const uint32_t v = g.dst_index[e];
                if (ggk_in_work(s, v)) {
                    d = v;
                    chunk_source[threadIdx.x] = src_values[e];
                    chunk_edge[threadIdx.x] = edges[e];
                }
            }
            chunk_dst[threadIdx.x] = d;
            __syncthreads();
            for (unsigned int step = 0; step < GG_ENGINE_WARPS; ++step) {
                const uint32_t v = chunk_dst[step * 32 + lane];
                const bool mine = v != GGK_SHARD_NONE && (v - first) % GG_ENGINE_WARPS == warp;
                ggk_shard_fold(s, mine, v, &chunk_source[step * 32], &chunk_edge[step * 32], local);
            }
            __syncthreads();
        }
#else
        for (uint64_t e0 = begin; e0 < end; e0 += 32) {
            const uint64_t e = e0 + lane;
            uint32_t v = 0;
            bool mine = false;
            if (e < end) {
                v = g.dst_index[e];
                mine = (v - first) % GG_ENGINE_WARPS == warp && ggk_in_work(s, v);
            }
            ggk_shard_fold(s, mine, v, &src_values[e0], &edges[e0], local);
        }
        __syncthreads();
#endif

        /* Stage 3: update_condition; an update joins A_t+1 and dirties the range. */
        for (uint32_t k0 = 0; k0 < count; k0 += blockDim.x) {
            const uint32_t k = k0 + threadIdx.x;
            const uint32_t v = first + k;
            bool updated = false;
            uint32_t degree = 0;
            if (k < count && ggk_in_work(s, v)) {
                const gg_vertex_info info = ggk_info(s, v);
                if (gg_update_condition(&local[v], &old[v], &info, s.globals) != 0) {
                    updated = true;
                    degree = info.out_degree;
                } else {
                    local[v] = old[v];
                }
            }
            if (updated) any_updated = 1;
            ggk_block_append_next(s, updated, v, degree);  /* ends with __syncthreads */
        }
        if (threadIdx.x == 0) {
            if (any_updated != 0) g.dirty[j] = 1;
            g.hot[j] = 0;
        }
        __syncthreads();
    }
    for (int d = 16; d > 0; d >>= 1) scanned += __shfl_xor_sync(GGK_FULL, scanned, d);
    if (lane == 0 && scanned != 0) atomicAdd(&s.counters->edges, scanned);
}

/* Stage 4: the SrcValue entries of the dirty ranges' sources, from the
   shadow (the new values of the updated vertices, the old of the others),
   a block per range. */
extern "C" __global__ void __launch_bounds__(GG_ENGINE_THREADS)
    ggk_shard_write_back(const __grid_constant__ gg_engine s, const __grid_constant__ gg_shard_engine g) {
    const gg_vertex *fresh = (const gg_vertex *)s.shadow;
    gg_vertex *src_values = (gg_vertex *)g.src_values;
    for (uint32_t i = blockIdx.x; i < g.num_shards; i += gridDim.x) {
        if (*(volatile uint32_t *)&g.dirty[i] == 0) continue;  /* block-uniform */
        if (g.concatenated) {
            const uint64_t last = g.cw_offsets[i + 1];
            for (uint64_t p = g.cw_offsets[i] + threadIdx.x; p < last; p += blockDim.x)
                src_values[g.cw_mapper[p]] = fresh[g.cw_src_index[p]];
        } else {
            /* A warp a window (Figure 3c); a range of fewer windows than
               warps (a sparse graph's, whose windows are long) gives each
               window the whole block instead. */
            const uint64_t list_begin = g.window_list[i], list_end = g.window_list[i + 1];
            const bool by_block = list_end - list_begin < GG_ENGINE_WARPS;
            const unsigned int worker = by_block ? threadIdx.x : ggk_lane();
            const unsigned int workers = by_block ? blockDim.x : 32u;
            for (uint64_t w = list_begin + (by_block ? 0u : threadIdx.x / 32); w < list_end;
                 w += by_block ? 1u : GG_ENGINE_WARPS) {
                const uint32_t j = g.window_shard[w];
                const uint64_t *bounds = g.window_offsets + (uint64_t)j * g.num_shards + i;
                const uint64_t last = bounds[1];
                for (uint64_t k = bounds[0] + worker; k < last; k += workers) src_values[k] = fresh[g.src_index[k]];
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) g.dirty[i] = 0;
    }
}

#endif /* !GG_ENGINE_LAYOUT_ONLY && GG_MODEL_CUSHA */

#endif /* GG_SHARD_KERNELS_CUH */
