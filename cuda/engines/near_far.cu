/*
 * Near-far bucketed relaxation (Davidson, Baxter, Garland, Owens, "Work-
 * efficient parallel GPU methods for single-source shortest paths",
 * IPDPS'14; a two-bucket delta-stepping, Meyer & Sanders) as one persistent
 * cooperative kernel. Its relaxation is the atomic-min relaxation of Pathak
 * et al. (004_6c0534b53c1f8710.txt §4.2: the compare and the write done as
 * one atomic operation), applied only to the vertices of the current bucket
 * instead of to every vertex with its mask set.
 *
 * Keys. A vertex's label is kept as a 32-bit key ordered so that a smaller
 * key is a better label, and relaxation is atomicMin on it:
 *   shortest: key = bit pattern of the distance (non-negative floats order
 *             as their bit patterns do), so the result is exact;
 *   widest:   key = bits(+inf) - bits(width), for widths in [0, +inf];
 *             extending a path keeps the larger key (the smaller width).
 * The unreached key is bits(+inf) in both cases: distance +inf, width 0.
 *
 * Buckets. band(key) = floor(label distance from the best label / delta) is
 * monotone in the key and never decreases along an edge, so once every
 * vertex of bands < b has been processed, their labels are final. The kernel
 * processes one band at a time: the near queue holds the vertices whose key
 * fell in the current band; an improvement that stays in the band re-queues
 * the vertex (at most once per round, by a per-vertex stamp); an improvement
 * to a later band is only written to the key. The "far pile" is therefore
 * the key array itself: when the near queue runs dry, one pass over all keys
 * gathers the next non-empty band (and finds the one after it, should it be
 * empty). Every round and every band change ends at a grid barrier; nothing
 * returns to the host until the search is over.
 */
#include <cooperative_groups.h>

#include <cmath>

#include "primitives/advance.cuh"
#include "primitives/fill.cuh"
#include "engines/near_far.cuh"
#include "primitives/warp_ops.cuh"

namespace cg = cooperative_groups;

namespace gg::cuda {

namespace {

// One block of 1024 threads per SM: fewer blocks make cheaper grid barriers.
constexpr int kNearFarThreads = 1024;
// Shared-memory slots per warp for staged frontier appends (frontier.cuh):
// 32 warps x 256 x 4 bytes = 32 KiB per block.
constexpr uint32_t kStageSlots = 256;
constexpr uint32_t kInfKey = PathSemiring<PathKind::shortest>::kUnreachedKey;  // the same for all kinds
static_assert(kInfKey == PathSemiring<PathKind::widest>::kUnreachedKey, "one unreached key");
static_assert(kInfKey == PathSemiring<PathKind::hops>::kUnreachedKey, "one unreached key");
constexpr uint32_t kNoBand = 0xffffffffu;
// Stamps: the phase whose frontier a vertex joined; kNeverStamp before any,
// kLoweredStamp when a seeded search lowered its key into a later band.
constexpr uint32_t kNeverStamp = 0xffffffffu;
constexpr uint32_t kLoweredStamp = 0xfffffffeu;


}  // namespace

// What every kernel of a search reads (declared in near_far.cuh).
struct NearFarArgs {
    DeviceCsr out;
    uint32_t source;
    // Seeded searches (partitioned runs): the keys arrive set, these
    // vertices start the search, and band scans take only vertices whose key
    // this search lowered (a stamp other than kNeverStamp), so that labels
    // settled in earlier searches are not expanded again.
    const uint32_t *seeds;
    uint32_t seed_count;
    uint32_t seeded;
    // Band windows (run_band_window): the band the search starts in and the
    // last one it scans; kNoBandLimit and 0 for a whole search.
    uint32_t start_band;
    uint32_t band_limit;
    uint32_t huge_threshold;
    float inverse_width;
    float top;  // widest: the largest weight, band 0's upper edge
    uint32_t *keys;
    uint32_t *stamps;
    uint32_t *queues;  // 2 * n
    uint32_t *huge_items;  // 2 * huge_capacity
    unsigned long long *huge_start;
    uint32_t huge_capacity;
    uint32_t *band_min;  // 3 slots
    FrontierCounters *counters;  // 3 slots
    NearFarSummary *summary;
};

namespace {

template <PathKind kind>
__device__ __forceinline__ uint32_t band_of(uint32_t key, const NearFarArgs &a) {
    if (key >= kInfKey) return kNoBand;
    float offset;
    if (kind == PathKind::shortest) {
        offset = __uint_as_float(key);
    } else if (kind == PathKind::hops) {
        offset = float(key);  // the key is the depth
    } else {
        const float width = PathSemiring<PathKind::widest>::value_of(key);
        offset = isinf(width) ? 0.0f : a.top - width;
    }
    const float band = floorf(offset * a.inverse_width);
    return band < 4294967040.0f ? uint32_t(band) : kNoBand - 1;  // finite labels never read as unreached
}

template <PathKind kind>
struct RelaxStep {
    using Value = uint32_t;
    const NearFarArgs *a;
    uint32_t band;
    uint32_t next_stamp;
    StagedSink *next;
    unsigned long long relaxed = 0;

    __device__ Value vertex_value(uint32_t u) const { return load_fresh(a->keys + u); }

    __device__ void edge(bool active, uint32_t, Value key_u, uint64_t e) {
        bool queue = false;
        uint32_t v = 0, degree = 0;
        if (active) {
            ++relaxed;
            v = a->out.indices[e];
            const float weight = kind == PathKind::hops ? 0.0f : a->out.weights[e];  // hops: no weights
            const uint32_t candidate = PathSemiring<kind>::extend_key(key_u, weight);
            if (candidate < load_fresh(a->keys + v)) {
                const uint32_t old = atomicMin(&a->keys[v], candidate);
                if (candidate < old) {
                    if (band_of<kind>(candidate, *a) <= band) {
                        queue = atomicExch(&a->stamps[v], next_stamp) != next_stamp;
                        if (queue) degree = uint32_t(a->out.offsets[v + 1] - a->out.offsets[v]);
                    } else if (a->seeded && load_fresh(a->stamps + v) == kNeverStamp) {
                        atomicCAS(&a->stamps[v], kNeverStamp, kLoweredStamp);
                    }
                }
            }
        }
        next->push(queue, v, degree);
    }
};

__global__ void near_far_start(NearFarArgs a) {
    const bool me = lane_id() == 0;
    if (me) {
        a.keys[a.source] = 0;  // distance 0, or width +inf
        a.stamps[a.source] = 0;
    }
    FrontierSink sink{a.queues, a.huge_items, a.huge_start, &a.counters[0], 0, 0};
    const uint32_t degree = uint32_t(a.out.offsets[a.source + 1] - a.out.offsets[a.source]);
    warp_push<false>(sink, me, a.source, degree, a.huge_threshold);
}

// A seeded search's first frontier: its seeds, whose keys are already set.
template <PathKind kind>
__global__ void near_far_seed(NearFarArgs a) {
    const FrontierSink sink{a.queues, a.huge_items, a.huge_start, &a.counters[0], 0, 0};
    // Whole warps go round the loop together: warp_push is a warp collective.
    const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t base = blockIdx.x * uint64_t(blockDim.x); base < a.seed_count; base += stride) {
        const uint64_t i = base + threadIdx.x;
        uint32_t v = i < a.seed_count ? a.seeds[i] : 0;
        // In a band window a seed of a later band waits for its band's scan.
        const bool mine = i < a.seed_count &&
                          (a.band_limit == kNoBandLimit || band_of<kind>(a.keys[v], a) <= a.start_band);
        uint32_t degree = 0;
        if (mine) {
            a.stamps[v] = 0;
            degree = uint32_t(a.out.offsets[v + 1] - a.out.offsets[v]);
        }
        warp_push<false>(sink, mine, v, degree, a.huge_threshold);
    }
}

// Thread 0 reads two words of device memory for the whole block. (Read by
// lane 0 of every warp instead, the 4224 loads of one L2 line after each
// barrier cost the H100 about 2 us per phase: SSSP on the 2048 x 2048 grid
// 31.2 -> 36.2 ms, BFS 22.6 -> 27.9; docs/cuda-tuning.md.)
__device__ __forceinline__ void read_for_block(const uint32_t *first, const unsigned long long *second,
                                               uint32_t &first_value, unsigned long long &second_value) {
    __shared__ uint32_t shared_first;
    __shared__ unsigned long long shared_second;
    if (threadIdx.x == 0) {
        shared_first = load_volatile(first);
        shared_second = second ? load_volatile(second) : 0;
    }
    __syncthreads();
    first_value = shared_first;
    second_value = shared_second;
    __syncthreads();
}

// The kernel runs in phases separated by grid barriers. Phase p is either a
// relaxation round (it expands the frontier that phase p - 1 left and
// appends the next one) or a band scan (it gathers the next non-empty band
// from the keys as the next frontier). Both write only slots that no block
// reads during the phase, which is what keeps every block's decision the
// same: phase p reads counters[p % 3] (and, after a scan, band_min[(p - 1) %
// 3]) at its start, appends to counters[(p + 1) % 3] and band_min[p % 3], and
// block 0 clears counters[(p + 2) % 3] and band_min[(p + 1) % 3], whose last
// readers finished at the previous barrier. Frontier p sits in queue p & 1.
// (An earlier version let a scan append to the slot that the same phase had
// just read: a block still about to read it saw a non-empty frontier while
// the others scanned, the blocks' barrier counts diverged and the kernel hung
// on the GPU, mostly on deep graphs with many band changes.)
template <PathKind kind>
__global__ void __launch_bounds__(kNearFarThreads, 1) near_far_rounds(NearFarArgs a) {
    cg::grid_group grid = cg::this_grid();
    const uint64_t thread = grid.thread_rank();
    const uint32_t n = a.out.n;

    __shared__ uint32_t stage_slots[kNearFarThreads / 32][kStageSlots];
    uint32_t band = a.start_band, rounds = 0, bands = 1;
    bool at_limit = false;  // stopped at the band window's limit
    bool after_scan = false;  // the last phase was a band scan, for band scan_target
    uint32_t scan_target = 0;
    unsigned long long relaxed = 0;
    for (uint32_t phase = 0;; ++phase) {
        const int slot = phase & 1, next = slot ^ 1;
        FrontierCounters *current = &a.counters[phase % 3];
        uint32_t count;
        unsigned long long huge;
        read_for_block(&current->count, &current->huge, count, huge);
        const FrontierSink sink{a.queues + size_t(next) * n, a.huge_items + size_t(next) * a.huge_capacity,
                                a.huge_start + size_t(next) * a.huge_capacity, &a.counters[(phase + 1) % 3], 0,
                                0};
        StagedSink next_frontier{sink, stage_slots[threadIdx.x >> 5], kStageSlots, a.huge_threshold};
        if (thread == 0) {
            FrontierCounters &stale = a.counters[(phase + 2) % 3];
            stale.count = 0;
            stale.huge = 0;
            stale.degree_sum = 0;
            a.band_min[(phase + 1) % 3] = kNoBand;
        }

        if (count > 0) {
            if (after_scan) {
                band = scan_target;
                ++bands;
                after_scan = false;
            }
            Frontier frontier;
            frontier.items = a.queues + size_t(slot) * n;
            frontier.count = count;
            frontier.huge_items = a.huge_items + size_t(slot) * a.huge_capacity;
            frontier.huge_start = a.huge_start + size_t(slot) * a.huge_capacity;
            frontier.huge_count = uint32_t(huge >> kHugeCountShift);
            frontier.huge_edges = huge & kHugeEdgeMask;
            RelaxStep<kind> step{&a, band, phase + 1, &next_frontier};
            advance_frontier(a.out.offsets, frontier, a.huge_threshold, step);
            relaxed += step.relaxed;
            ++rounds;
        } else {
            // The near queue ran dry: gather the next band from the keys. After
            // a round that is band + 1; after a scan whose band was empty, the
            // smallest band beyond it that the scan saw (none: the search is over).
            uint32_t target = band + 1;
            if (after_scan) {
                unsigned long long unused;
                read_for_block(&a.band_min[(phase + 2) % 3], nullptr, target, unused);
            }
            if (target == kNoBand) break;
            if (a.band_limit != kNoBandLimit && target > a.band_limit) {
                at_limit = true;
                break;
            }
            uint32_t later = kNoBand;
            // Four keys per lane, loaded before any is looked at, so that a
            // warp has four loads in flight instead of one.
            constexpr uint32_t kKeysPerLane = 4;
            const uint64_t warps = warps_in_grid();
            for (uint64_t base = uint64_t(global_warp()) * 32 * kKeysPerLane; base < n;
                 base += warps * 32 * kKeysPerLane) {
                uint32_t keys[kKeysPerLane];
#pragma unroll
                for (uint32_t j = 0; j < kKeysPerLane; ++j) {
                    const uint64_t v = base + j * 32 + lane_id();
                    keys[j] = v < n ? load_fresh(a.keys + v) : kInfKey;
                }
#pragma unroll
                for (uint32_t j = 0; j < kKeysPerLane; ++j) {
                    const uint32_t v = uint32_t(base + j * 32 + lane_id());
                    uint32_t b = band_of<kind>(keys[j], a);  // kNoBand past n
                    if (a.seeded && a.band_limit == kNoBandLimit && b != kNoBand &&
                        load_fresh(a.stamps + v) == kNeverStamp)
                        b = kNoBand;
                    const bool take = b == target;
                    uint32_t degree = 0;
                    if (take) {
                        a.stamps[v] = phase + 1;  // the phase whose frontier v joins
                        degree = uint32_t(a.out.offsets[v + 1] - a.out.offsets[v]);
                    } else if (b > target && b < later) {
                        later = b;
                    }
                    next_frontier.push(take, v, degree);
                }
            }
            later = __reduce_min_sync(kFullMask, later);
            if (lane_id() == 0 && later != kNoBand) atomicMin(&a.band_min[phase % 3], later);
            after_scan = true;
            scan_target = target;
        }
        next_frontier.flush();
        grid.sync();
    }

    if (at_limit) {
        // The band the next window starts from: the smallest above the
        // limit (every block stopped after the same barrier: the keys are
        // still). One more pass over the keys, a window's only extra one.
        uint32_t next_band = kNoBand;
        for (uint64_t v = thread; v < n; v += grid.size()) {
            const uint32_t b = band_of<kind>(load_fresh(a.keys + v), a);
            if (b != kNoBand && b > a.band_limit && b < next_band) next_band = b;
        }
        next_band = __reduce_min_sync(kFullMask, next_band);
        if (lane_id() == 0 && next_band != kNoBand) atomicMin(&a.summary->next_band, next_band);
    }
    const unsigned long long block_relaxed = block_sum(relaxed);
    if (threadIdx.x == 0) atomicAdd(&a.summary->edges_relaxed, block_relaxed);
    if (thread == 0) {
        a.summary->iterations = rounds;
        a.summary->bands = bands;
    }
}

template <PathKind kind>
__global__ void keys_to_values(const uint32_t *keys, float *values, uint32_t n) {
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < n; v += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t key = keys[v];
        values[v] = PathSemiring<kind>::value_of(key);
    }
}

const void *rounds_kernel(PathKind kind) {
    switch (kind) {
    case PathKind::shortest: return reinterpret_cast<const void *>(near_far_rounds<PathKind::shortest>);
    case PathKind::widest: return reinterpret_cast<const void *>(near_far_rounds<PathKind::widest>);
    case PathKind::hops: break;
    }
    return reinterpret_cast<const void *>(near_far_rounds<PathKind::hops>);
}

}  // namespace

NearFarEngine::NearFarEngine(const DeviceCsr &out, const DeviceInfo &info, PathKind kind)
    : out_(out), kind_(kind) {
    const uint32_t n = out_.n;
    huge_threshold_ = huge_degree_threshold(out_.m);
    huge_capacity_ = std::min<uint64_t>(n, out_.m / huge_threshold_ + 1);
    keys_ = DeviceArray<uint32_t>(n, "path labels");
    stamps_ = DeviceArray<uint32_t>(n, "queue stamps");
    queues_ = DeviceArray<uint32_t>(2 * uint64_t(n), "near queues");
    huge_items_ = DeviceArray<uint32_t>(2 * huge_capacity_, "near-queue hub lists");
    huge_start_ = DeviceArray<unsigned long long>(2 * huge_capacity_, "near-queue hub offsets");
    band_min_ = DeviceArray<uint32_t>(3, "band search slots");
    counters_ = DeviceArray<FrontierCounters>(3, "near-far counters");
    summary_ = DeviceArray<NearFarSummary>(1, "near-far summary");
    blocks_ = cooperative_blocks(rounds_kernel(kind), kNearFarThreads, 0, info);
}

uint64_t NearFarEngine::bytes() const {
    return keys_.bytes() + stamps_.bytes() + queues_.bytes() + huge_items_.bytes() + huge_start_.bytes() +
           band_min_.bytes() + counters_.bytes() + summary_.bytes();
}

void NearFarEngine::bind(const DeviceCsr &out, float band_width, float max_weight) {
    if (out.n != out_.n || out.m != out_.m)
        fail(GG_ERROR_INTERNAL, "a near-far state sized for %u vertices and %llu edges was given another graph",
             out_.n, (unsigned long long)out_.m);
    if (kind_ != PathKind::hops && out.m > 0 && out.weights == nullptr)
        fail(GG_ERROR_INTERNAL, "the near-far search was given a graph without weights on the device");
    out_ = out;
    if (kind_ == PathKind::hops) {
        // One band: every improvement is queued at once, so the rounds are
        // BFS levels from the seeds (whose depths may differ).
        inverse_width_ = 0.0f;
        top_ = 0.0f;
        return;
    }
    if (!(band_width > 0) || !std::isfinite(band_width)) band_width = 1.0f;
    inverse_width_ = 1.0f / band_width;
    if (!std::isfinite(inverse_width_)) inverse_width_ = 1.0f;  // a denormal width
    top_ = max_weight;
}

NearFarArgs NearFarEngine::arguments() const {
    NearFarArgs a;
    a.out = out_;
    a.source = 0;
    a.seeds = nullptr;
    a.seed_count = 0;
    a.seeded = 0;
    a.start_band = 0;
    a.band_limit = kNoBandLimit;
    a.huge_threshold = huge_threshold_;
    a.inverse_width = inverse_width_;
    a.top = top_;
    a.keys = keys_.get();
    a.stamps = stamps_.get();
    a.queues = queues_.get();
    a.huge_items = huge_items_.get();
    a.huge_start = huge_start_.get();
    a.huge_capacity = uint32_t(huge_capacity_);
    a.band_min = band_min_.get();
    a.counters = counters_.get();
    a.summary = summary_.get();
    return a;
}

void NearFarEngine::reset_search(cudaStream_t stream) {
    GG_CUDA_CHECK(cudaMemsetAsync(stamps_.get(), 0xff, stamps_.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(counters_.get(), 0, counters_.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(band_min_.get(), 0xff, band_min_.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(summary_.get(), 0, summary_.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(&summary_.get()->next_band, 0xff, sizeof(uint32_t), stream));
}

void NearFarEngine::launch_rounds(NearFarArgs &a, cudaStream_t stream) {
    void *params[] = {&a};
    GG_CUDA_CHECK(cudaLaunchCooperativeKernel(rounds_kernel(kind_), blocks_, kNearFarThreads, params, 0, stream));
}

void NearFarEngine::run(uint32_t source, cudaStream_t stream) {
    fill(keys_.get(), kInfKey, keys_.size(), stream);
    reset_search(stream);
    NearFarArgs a = arguments();
    a.source = source;
    near_far_start<<<1, 32, 0, stream>>>(a);
    GG_CUDA_CHECK_LAUNCH("near_far_start");
    launch_rounds(a, stream);
}

void NearFarEngine::run_band_window(const uint32_t *seeds, uint32_t count, uint32_t start_band, uint32_t band_limit,
                                    cudaStream_t stream) {
    reset_search(stream);
    NearFarArgs a = arguments();
    a.seeds = seeds;
    a.seed_count = count;
    a.seeded = 1;
    a.start_band = start_band;
    a.band_limit = band_limit;
    if (count > 0) {
        const unsigned blocks = unsigned(std::min<uint64_t>((count + 255) / 256, 4096));
        switch (kind_) {
        case PathKind::shortest: near_far_seed<PathKind::shortest><<<blocks, 256, 0, stream>>>(a); break;
        case PathKind::widest: near_far_seed<PathKind::widest><<<blocks, 256, 0, stream>>>(a); break;
        case PathKind::hops: near_far_seed<PathKind::hops><<<blocks, 256, 0, stream>>>(a); break;
        }
        GG_CUDA_CHECK_LAUNCH("near_far_seed");
    }
    launch_rounds(a, stream);
}

void NearFarEngine::write_values(float *device_values, cudaStream_t stream) const {
    const uint32_t n = out_.n;
    if (n == 0) return;
    const int blocks = int(std::min<uint64_t>((n + 255) / 256, 65535));
    if (kind_ == PathKind::hops)
        fail(GG_ERROR_INTERNAL, "a hop search's keys are its depths; it has no float values to write");
    if (kind_ == PathKind::shortest)
        keys_to_values<PathKind::shortest><<<blocks, 256, 0, stream>>>(keys_.get(), device_values, n);
    else
        keys_to_values<PathKind::widest><<<blocks, 256, 0, stream>>>(keys_.get(), device_values, n);
    GG_CUDA_CHECK_LAUNCH("keys_to_values");
}

float *NearFarEngine::values_in_place(cudaStream_t stream) {
    // keys_to_values reads and writes each slot in the same thread.
    float *values = reinterpret_cast<float *>(keys_.get());
    write_values(values, stream);
    return values;
}

NearFarSummary NearFarEngine::summary(cudaStream_t stream, double &transfer_ms) const {
    NearFarSummary s;
    copy_to_host(&s, summary_.get(), sizeof s, stream, transfer_ms);
    return s;
}

float default_band_width(const Graph &g, PathKind kind) {
    return band_width(g, kind, g.m(), kWholeSearchWidthBands);
}

float band_width(const Graph &g, PathKind kind, uint64_t edges, uint32_t width_bands) {
    const double lo = g.min_weight, hi = g.max_weight;
    if (kind == PathKind::widest) {
        // width_bands bands between the smallest and the largest weight.
        const double width = (hi - (lo > 0 ? lo : 0)) / (width_bands ? width_bands : 1);
        return width > 0 ? float(width) : 1.0f;
    }
    // Narrow bands cost a band scan over all n keys each; wide ones let
    // vertices be relaxed again and again before their label settles, which
    // costs the more the higher the degree. Swept on the H100 (scale 22,
    // weights 1..255, ms; docs/cuda-tuning.md): kron width 4: 9.38, 8: 8.80, 16:
    // 9.53, 32: 10.7, 256: 15.5; urand 4: 12.9, 8: 10.7, 16: 10.8, 32: 12.2,
    // 256: 46.1; 2048 x 2048 grid (degree 4) 256: 54.7, 1024: 37.3, 4096:
    // 31.1. A steep power of the degree, as the CPU's delta-stepping uses
    // (cpu/sssp.cpp), gives about 10 on kron and urand (degree 31-32) and
    // 1600 on the grid.
    const double average_degree = g.n() ? double(edges) / g.n() : 1.0;
    const double average_weight = (lo + hi) / 2;
    const double width = average_weight * std::pow(11.0 / (average_degree > 1 ? average_degree : 1), 2.5);
    return width > 0 && std::isfinite(width) ? float(width) : 1.0f;
}

}  // namespace gg::cuda
