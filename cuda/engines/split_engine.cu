// Tigr's push engine over virtual nodes (split_engine.cuh;
// 001_e12cff375407a15a.txt Algorithm 3 for the strided edge walk of
// edge-array coalescing, §5 for the worklist and synchronization
// relaxation), with the near-far bands of gg's CSR search for the weighted
// relaxations (engines/near_far.cu; Davidson et al., IPDPS'14).
//
// One kernel per round. A thread takes a virtual node of the round's
// worklist, reads its vertex's value as it is now (values lowered earlier in
// the round included: synchronization relaxation) and relaxes the node's
// strided edges with the relaxation's atomic combine. A destination whose
// value improved joins the next worklist with all the virtual nodes of its
// family, once per round: a stamp per node, set by atomicExch to the round's
// number, lets only the first improver append. Tigr's engine reads a
// finished flag on the host after every round; here rounds are launched in
// batches that read their worklist's size on the device (run_rounds).
//
// Bands (SSSP and SSWP). Tigr expands every improved vertex in the next
// round, so a vertex whose distance falls ten times is expanded ten times:
// on urand scale 22 its SSSP took 28.6 ms and this engine without bands
// 43.2 (H200, session 53), against 6.3 for gg's near-far search over CSR.
// Here, as there, an improvement joins the worklist only when its value
// lies in the current band (a width of distances, or of widths below the
// largest weight); the others are only written. When the worklist runs dry
// a scan round takes every vertex of the next band that holds one (the
// values themselves are the far pile: a vertex of a later band has never
// been expanded, since values only improve and bands only grow along an
// edge). Hops (BFS over UDT) and labels (CC) have one band.
//
// Each answer is the relaxation's unique fixpoint (relaxations.cuh), so the
// order in which rounds and threads lower values never changes it.
#include "engines/split_engine.cuh"

#include <algorithm>
#include <cmath>
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

#include "core/environment.h"
#include "engines/engine_state.cuh"
#include "engines/near_far.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace cg = cooperative_groups;

namespace {

constexpr int kRoundThreads = 256;

// What a round leaves for the next, in three slots used in turn: round t
// reads slot t % 3, adds into slot (t+1) % 3 and clears slot (t+2) % 3, so
// that a batch of rounds runs without the host.
struct RoundSlot {
    uint32_t listed;     // virtual nodes of the worklist (counted past the queue's end)
    uint32_t band;       // the band of the worklist's vertices
    uint32_t later;      // a scan round's smallest band above the one it took (kNoBand: none)
    uint32_t scanned;    // whether the round that filled the slot was a band scan
    uint32_t finished;   // the search is over
};
constexpr uint32_t kNoBand = 0xffffffffu;
constexpr RoundSlot kEmptySlot{0, 0, kNoBand, 0, 0};

// The engine's arrays, pooled per (graph, device, layout variant): values and
// stamps per node (UDT's added nodes included), two worklists of virtual
// nodes (a node is appended at most once per round, so each holds at most
// all of them), the round slots and the counters.
struct SplitState final : EngineState {
    DeviceArray<uint32_t> values, stamp, work[2];
    DeviceArray<RoundSlot> slots;
    DeviceArray<uint32_t> rounds;
    DeviceArray<unsigned long long> edges_examined;
    PinnedBuffer record{sizeof(RoundSlot)};

    SplitState(uint32_t nodes, uint32_t virtual_nodes)
        : values(nodes, "the split engine's values"), stamp(nodes, "the split engine's worklist stamps"),
          work{DeviceArray<uint32_t>(virtual_nodes, "the split engine's worklist"),
               DeviceArray<uint32_t>(virtual_nodes, "the split engine's next worklist")},
          slots(3, "the split engine's round slots"), rounds(1, "the split engine's round count"),
          edges_examined(1, "the split engine's edge count") {}
    uint64_t bytes() const override {
        return values.bytes() + stamp.bytes() + work[0].bytes() + work[1].bytes() + slots.bytes() + rounds.bytes() +
               edges_examined.bytes();
    }
};

// Real vertices start unreached (CC: at their own id), added nodes
// unreached; round 0's slot: the source's family queued (every virtual node,
// unlisted, for CC: every vertex is a source of its own label).
template <Relaxation R>
__global__ void start_values(VirtualSplit split, uint32_t *values, uint32_t source, uint32_t *work,
                             RoundSlot *slots) {
    using Op = Relax<R>;
    const uint32_t nodes = split.edges.n;
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < nodes; v += gridDim.x * uint64_t(blockDim.x)) {
        uint32_t value = Op::unreached();
        if (R == Relaxation::label && v < split.num_real) value = uint32_t(v);
        if (R != Relaxation::label && v == source) value = Op::at_source();
        values[v] = value;
    }
    if (blockIdx.x != 0) return;
    uint32_t count = split.num_virtual;
    if (R != Relaxation::label) {
        const uint32_t first = split.first_virtual[source];
        count = split.first_virtual[source + 1] - first;
        for (uint32_t k = threadIdx.x; k < count; k += blockDim.x) work[k] = first + k;
    }
    if (threadIdx.x == 0) {
        slots[0] = kEmptySlot;
        slots[0].listed = count;
        slots[1] = kEmptySlot;
        slots[2] = kEmptySlot;
    }
}

// The band of a value: floor(distance / width) for SSSP, floor((largest
// weight - width) / band width) for SSWP (near_far.cu's band_of on keys);
// one band for the others (inverse_width 0).
template <Relaxation R>
__device__ __forceinline__ uint32_t band_of(uint32_t value, float inverse_width, float top) {
    if (!Relax<R>::carries(value)) return kNoBand;
    if (R != Relaxation::shortest && R != Relaxation::widest) return 0;
    const float x = __uint_as_float(value);
    const float offset = R == Relaxation::shortest ? x : isinf(x) ? 0.0f : top - x;
    const float band = floorf(offset * inverse_width);
    return band < 4294967040.0f ? uint32_t(band) : kNoBand - 1;  // a value held never reads as unreached
}

struct RoundArgs {
    VirtualSplit split;
    uint32_t *values, *stamp;
    RoundSlot *slots;
    uint32_t limit;        // the worklist's capacity
    float inverse_width;   // 0: one band
    float top;             // SSWP: the largest weight, band 0's upper edge
    uint32_t *rounds;
    unsigned long long *edges_examined;
};

// Appends v's family to the next worklist (one atomic for the threads that
// append together); past the queue's end it only counts, and the next round
// scans every node for the stamp instead.
__device__ void queue_family(const RoundArgs &a, uint32_t v, uint32_t *next, RoundSlot *slot) {
    const uint32_t first = a.split.first_virtual[v];
    const uint32_t count = a.split.first_virtual[v + 1] - first;
    cg::coalesced_group group = cg::coalesced_threads();
    const uint32_t offset = cg::exclusive_scan(group, count);
    uint32_t base = 0;
    if (group.thread_rank() == group.size() - 1) base = atomicAdd(&slot->listed, offset + count);
    base = group.shfl(base, group.size() - 1) + offset;
    if (base + count <= a.limit)
        for (uint32_t k = 0; k < count; ++k) next[base + k] = first + k;
}

// One round: the worklist `work` (every virtual node, unlisted, when work is
// null: CC's first round) of this slot's band, or, when the worklist ran
// dry, a band scan.
//
// Two ways to walk a worklist, chosen on the device from its size (Tigr
// keeps only per-vertex flags and scans every virtual node each round; a
// queue is cheaper while the worklist is small, the scan once it is large):
// - queue: the round walks the worklist's entries;
// - scan: when more than `limit` virtual nodes were listed, the round walks
//   every virtual node and works on those whose vertex was stamped by the
//   previous round (stamp == round_stamp - 1). The previous round stopped
//   writing entries past `limit` but kept counting them, which is how this
//   round knows.
// Appends to the next worklist are aggregated over the threads that reach
// them together (one atomicAdd per group, not per vertex): on kron's wide
// BFS levels the single counter otherwise serialised millions of appends.
// Block 0's thread 0 clears the slot the round after next fills and counts
// the round when it had work.
template <Relaxation R>
__global__ void __launch_bounds__(kRoundThreads, 8)
    relax_round(RoundArgs a, uint32_t round_stamp, const uint32_t *work, uint32_t *next) {
    using Op = Relax<R>;
    const uint32_t t = round_stamp - 1;
    const RoundSlot here = a.slots[t % 3];  // written by the previous round only
    RoundSlot *out = a.slots + (t + 1) % 3;
    // (Compiled out for hops and labels: the scan's code cost their rounds registers.)
    const bool banded = Op::weighted && a.inverse_width > 0;
    // A dry worklist: the next band (after a scan that found its band empty,
    // the smallest band it saw beyond it), or the end.
    const uint32_t target = here.listed > 0 ? here.band : here.scanned ? here.later : here.band + 1;
    const bool finished = here.finished || (here.listed == 0 && (!banded || target == kNoBand));
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        a.slots[(t + 2) % 3] = kEmptySlot;  // read by the round before this one, filled by the one after
        out->band = target;
        out->scanned = here.listed == 0;
        out->finished = finished;
        if (here.listed > 0) ++*a.rounds;
    }
    if (finished) return;
    if (banded && here.listed == 0) {
        // Band scan: every node whose value lies in the target band joins the
        // worklist (each node by its own thread: no stamp race); the smallest
        // band above it goes to the slot, should this one be empty.
        uint32_t later = kNoBand;
        const uint32_t nodes = a.split.edges.n;
        for (uint64_t base = blockIdx.x * uint64_t(blockDim.x) + (threadIdx.x & ~31u); base < nodes;
             base += gridDim.x * uint64_t(blockDim.x)) {
            const uint64_t v = base + lane_id();
            const uint32_t b = v < nodes ? band_of<R>(load_volatile(a.values + v), a.inverse_width, a.top) : kNoBand;
            if (b == target) {
                a.stamp[v] = round_stamp;
                queue_family(a, uint32_t(v), next, out);
            } else if (b > target && b < later) {
                later = b;
            }
        }
        later = __reduce_min_sync(kFullMask, later);
        if (lane_id() == 0 && later != kNoBand) atomicMin(&out->later, later);
        return;
    }
    const bool scan = work != nullptr && here.listed > a.limit;
    const uint32_t work_size = work == nullptr || scan ? a.split.num_virtual : here.listed;
    const DeviceCsr &edges = a.split.edges;
    unsigned long long examined = 0;
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < work_size;
         i += gridDim.x * uint64_t(blockDim.x)) {
        const uint32_t node = work && !scan ? work[i] : uint32_t(i);
        const uint32_t v = a.split.virtual_vertex[node];
        if (scan && load_volatile(a.stamp + v) != round_stamp - 1) continue;
        const uint32_t first = a.split.first_virtual[v];
        const uint32_t family = a.split.first_virtual[v + 1] - first;
        const uint32_t value = load_volatile(a.values + v);
        if (!Op::carries(value)) continue;
        const uint64_t end = edges.offsets[v + 1];
        for (uint64_t e = edges.offsets[v] + (node - first); e < end; e += family) {
            const uint32_t dst = edges.indices[e];
            ++examined;
            uint32_t candidate;
            if (dst >= a.split.num_real)
                candidate = Op::within_family(value);
            else
                candidate = Op::along(value, Op::weighted ? edges.weights[e] : 0.0f);
            if (!Op::improves(candidate, load_volatile(a.values + dst))) continue;
            const uint32_t before = Op::combine(a.values + dst, candidate);
            if (!Op::improves(candidate, before)) continue;
            // A later band waits for its scan.
            if (banded && band_of<R>(candidate, a.inverse_width, a.top) > target) continue;
            if (atomicExch(a.stamp + dst, round_stamp) == round_stamp) continue;  // already queued this round
            queue_family(a, dst, next, out);
        }
    }
    const unsigned long long warp_total = warp_sum<unsigned long long>(examined);
    if (lane_id() == 0 && warp_total != 0) atomicAdd(a.edges_examined, warp_total);
}

// The host checks for the end after batches of rounds launched back to
// back (1, 2, 4, ... up to kMaxBatch): a round after the end returns at
// once, so a batch run past it costs a few launches, and a road grid's
// thousands of rounds need no host round trip each.
constexpr uint32_t kMaxBatch = 64;

template <Relaxation R>
void run_rounds(const VirtualSplit &split, SplitState &state, uint32_t source, float band_width, float top,
                uint32_t *device_values, const DeviceInfo &info, cudaStream_t stream, RunReport &report) {
    const uint32_t nodes = split.edges.n;
    RoundSlot *record = static_cast<RoundSlot *>(state.record.get());
    EventTimer compute;
    compute.start(stream);
    GG_CUDA_CHECK(cudaMemsetAsync(state.stamp.get(), 0, state.stamp.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state.rounds.get(), 0, state.rounds.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state.edges_examined.get(), 0, state.edges_examined.bytes(), stream));
    start_values<R><<<grid_stride_blocks(nodes, kRoundThreads, info), kRoundThreads, 0, stream>>>(
        split, state.values.get(), source, state.work[0].get(), state.slots.get());
    GG_CUDA_CHECK_LAUNCH("start_values");

    RoundArgs a;
    a.split = split;
    a.values = state.values.get();
    a.stamp = state.stamp.get();
    a.slots = state.slots.get();
    a.limit = split_queue_limit(split.num_virtual);
    a.inverse_width = band_width > 0 ? 1.0f / band_width : 0.0f;
    if (!std::isfinite(a.inverse_width)) a.inverse_width = 1.0f;  // a denormal width
    a.top = top;
    a.rounds = state.rounds.get();
    a.edges_examined = state.edges_examined.get();
    // Round t reads work[t % 2] and appends to work[(t+1) % 2]; CC's round 0
    // walks every virtual node.
    const int blocks = grid_stride_blocks(std::max(split.num_virtual, nodes), kRoundThreads, info);
    uint32_t launched = 0;
    for (uint32_t batch = 1;; batch = batch < kMaxBatch ? batch * 2 : kMaxBatch) {
        for (uint32_t b = 0; b < batch; ++b, ++launched) {
            const uint32_t t = launched;
            const bool all = R == Relaxation::label && t == 0;
            relax_round<R><<<blocks, kRoundThreads, 0, stream>>>(a, t + 1, all ? nullptr : state.work[t % 2].get(),
                                                                 state.work[(t + 1) % 2].get());
            GG_CUDA_CHECK_LAUNCH("relax_round");
        }
        GG_CUDA_CHECK(cudaMemcpyAsync(record, state.slots.get() + launched % 3, sizeof(RoundSlot),
                                      cudaMemcpyDeviceToHost, stream));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        // (With one band an empty worklist is the end; the next round would say so.)
        if (record->finished || (a.inverse_width == 0 && record->listed == 0)) break;
    }
    GG_CUDA_CHECK(cudaMemcpyAsync(device_values, state.values.get(), size_t(split.num_real) * sizeof(uint32_t),
                                  cudaMemcpyDeviceToDevice, stream));
    compute.stop(stream);
    report.compute_ms += compute.elapsed_ms();

    unsigned long long examined = 0;
    uint32_t rounds_run = 0;
    copy_to_host(&examined, state.edges_examined.get(), sizeof(examined), stream, report.transfer_ms);
    copy_to_host(&rounds_run, state.rounds.get(), sizeof(rounds_run), stream, report.transfer_ms);
    report.iterations = rounds_run;
    report.edges_visited = examined;
}

}  // namespace

uint32_t split_queue_limit(uint32_t num_virtual) {
    const uint64_t forced = bytes_from_environment("GG_SPLIT_QUEUE_LIMIT");  // a count, in the same form
    if (forced) return uint32_t(std::min<uint64_t>(forced, num_virtual));  // the queues hold num_virtual
    // Past a sixteenth of the virtual nodes, a scan of all of them (8 bytes
    // each, in order) costs less than the queue's random appends and reads.
    return std::max<uint32_t>(num_virtual / 16, 1024);
}

void split_relax(const Graph &g, const VirtualSplit &split, uint64_t state_variant, Relaxation kind, uint32_t source,
                 uint32_t *device_values, const DeviceInfo &info, const RunConfig &config, cudaStream_t stream,
                 RunReport &report) {
    if (split.edges.n == 0) return;
    auto state = take_state<SplitState>(g, info, config, EngineId::split, state_variant, [&] {
        return std::make_unique<SplitState>(split.edges.n, split.num_virtual);
    });
    // The CSR search's band widths (near_far.cuh), or the run's delta.
    float width = 0;
    if (kind == Relaxation::shortest || kind == Relaxation::widest) {
        const PathKind path = kind == Relaxation::shortest ? PathKind::shortest : PathKind::widest;
        width = config.delta > 0 ? config.delta : default_band_width(g, path);
    }
    with_relaxation(kind, [&](auto r) {
        run_rounds<decltype(r)::value>(split, *state, source, width, g.max_weight, device_values, info, stream,
                                       report);
    });
}

}  // namespace gg::cuda
