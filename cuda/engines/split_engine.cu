// Tigr's push engine over virtual nodes (split_engine.cuh;
// 001_e12cff375407a15a.txt Algorithm 3 for the strided edge walk of
// edge-array coalescing, §5 for the worklist and synchronization
// relaxation).
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
// Each answer is the relaxation's unique fixpoint (relaxations.cuh), so the
// order in which rounds and threads lower values never changes it.
#include "engines/split_engine.cuh"

#include <algorithm>
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

#include "engines/engine_state.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

namespace cg = cooperative_groups;

namespace {

constexpr int kRoundThreads = 256;

// The engine's arrays, pooled per (graph, device, layout variant): values and
// stamps per node (UDT's added nodes included), two worklists of virtual
// nodes (a node is appended at most once per round, so each holds at most
// all of them), and the counters.
struct SplitState final : EngineState {
    DeviceArray<uint32_t> values, stamp, work[2];
    DeviceArray<uint32_t> counters;  // [0..2]: worklist sizes (rotating slots); [3]: rounds run
    DeviceArray<unsigned long long> edges_examined;
    PinnedBuffer record{sizeof(uint32_t) * 2};

    SplitState(uint32_t nodes, uint32_t virtual_nodes)
        : values(nodes, "the split engine's values"), stamp(nodes, "the split engine's worklist stamps"),
          work{DeviceArray<uint32_t>(virtual_nodes, "the split engine's worklist"),
               DeviceArray<uint32_t>(virtual_nodes, "the split engine's next worklist")},
          counters(4, "the split engine's worklist sizes and round count"), edges_examined(1, "the split engine's edge count") {}
    uint64_t bytes() const override {
        return values.bytes() + stamp.bytes() + work[0].bytes() + work[1].bytes() + counters.bytes() +
               edges_examined.bytes();
    }
};

// Real vertices start unreached (CC: at their own id), added nodes unreached.
template <Relaxation R>
__global__ void start_values(uint32_t *values, uint32_t nodes, uint32_t num_real, uint32_t source) {
    using Op = Relax<R>;
    for (uint64_t v = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; v < nodes; v += gridDim.x * uint64_t(blockDim.x)) {
        uint32_t value = Op::unreached();
        if (R == Relaxation::label && v < num_real) value = uint32_t(v);
        if (R != Relaxation::label && v == source) value = Op::at_source();
        values[v] = value;
    }
}

// The first worklist of a single-source run: the source's family.
__global__ void start_worklist(VirtualSplit split, uint32_t source, uint32_t *work, uint32_t *size) {
    const uint32_t first = split.first_virtual[source], count = split.first_virtual[source + 1] - first;
    for (uint32_t k = threadIdx.x; k < count; k += blockDim.x) work[k] = first + k;
    if (threadIdx.x == 0) *size = count;
}

// One round over `work` (all virtual nodes when work is null), whose size
// is *size (or `fixed_size` when size is null).
//
// Two modes, chosen on the device from the worklist's size (Tigr keeps
// only per-vertex flags and scans every virtual node each round; a queue is
// cheaper while the worklist is small, the scan once it is large):
// - queue: the round walks the worklist's entries;
// - scan: when more than `limit` virtual nodes were listed, the round walks
//   every virtual node and works on those whose vertex was stamped by the
//   previous round (stamp == round_stamp - 1). The previous round stopped
//   writing entries past `limit` but kept counting them, which is how this
//   round knows.
// Appends to the next worklist are aggregated over the threads that reach
// them together (one atomicAdd per group, not per vertex): on kron's wide
// BFS levels the single counter otherwise serialised millions of appends.
// Thread 0 also clears `clear` (the size slot the round after next appends
// to) and counts the round when it had work.
template <Relaxation R>
__global__ void __launch_bounds__(kRoundThreads)
    relax_round(VirtualSplit split, uint32_t *values, uint32_t *stamp, uint32_t round_stamp, const uint32_t *work,
                const uint32_t *size, uint32_t fixed_size, uint32_t limit, uint32_t *next, uint32_t *next_size,
                uint32_t *clear, uint32_t *rounds, unsigned long long *edges_examined) {
    using Op = Relax<R>;
    const uint32_t listed = size ? *size : fixed_size;
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *clear = 0;
        if (listed > 0) ++*rounds;
    }
    if (listed == 0) return;
    const bool scan = work != nullptr && listed > limit;
    const uint32_t work_size = scan ? split.num_virtual : listed;
    const DeviceCsr &edges = split.edges;
    unsigned long long examined = 0;
    for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < work_size;
         t += gridDim.x * uint64_t(blockDim.x)) {
        const uint32_t node = work && !scan ? work[t] : uint32_t(t);
        const uint32_t v = split.virtual_vertex[node];
        if (scan && load_volatile(stamp + v) != round_stamp - 1) continue;
        const uint32_t first = split.first_virtual[v];
        const uint32_t family = split.first_virtual[v + 1] - first;
        const uint32_t value = load_volatile(values + v);
        if (!Op::carries(value)) continue;
        const uint64_t end = edges.offsets[v + 1];
        for (uint64_t e = edges.offsets[v] + (node - first); e < end; e += family) {
            const uint32_t dst = edges.indices[e];
            ++examined;
            uint32_t candidate;
            if (dst >= split.num_real)
                candidate = Op::within_family(value);
            else
                candidate = Op::along(value, Op::weighted ? edges.weights[e] : 0.0f);
            if (!Op::improves(candidate, load_volatile(values + dst))) continue;
            const uint32_t before = Op::combine(values + dst, candidate);
            if (!Op::improves(candidate, before)) continue;
            if (atomicExch(stamp + dst, round_stamp) == round_stamp) continue;  // already queued this round
            const uint32_t dst_first = split.first_virtual[dst];
            const uint32_t count = split.first_virtual[dst + 1] - dst_first;
            cg::coalesced_group group = cg::coalesced_threads();
            const uint32_t offset = cg::exclusive_scan(group, count);
            uint32_t base = 0;
            if (group.thread_rank() == group.size() - 1) base = atomicAdd(next_size, offset + count);
            base = group.shfl(base, group.size() - 1) + offset;
            if (base + count <= limit)
                for (uint32_t k = 0; k < count; ++k) next[base + k] = dst_first + k;
        }
    }
    const unsigned long long warp_total = warp_sum<unsigned long long>(examined);
    if (lane_id() == 0 && warp_total != 0) atomicAdd(edges_examined, warp_total);
}

// The host checks for the fixpoint after batches of rounds launched back to
// back (1, 2, 4, ... up to kMaxBatch): a round with an empty worklist
// returns at once, so a batch run past the fixpoint costs a few launches,
// and a road grid's thousands of rounds need no host round trip each.
constexpr uint32_t kMaxBatch = 64;

template <Relaxation R>
void run_rounds(const VirtualSplit &split, SplitState &state, uint32_t source, uint32_t *device_values,
                const DeviceInfo &info, cudaStream_t stream, RunReport &report) {
    const uint32_t nodes = split.edges.n;
    uint32_t *record = static_cast<uint32_t *>(state.record.get());
    uint32_t *sizes = state.counters.get();     // three slots, rotating
    uint32_t *rounds = state.counters.get() + 3;
    EventTimer compute;
    compute.start(stream);
    GG_CUDA_CHECK(cudaMemsetAsync(state.stamp.get(), 0, state.stamp.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state.counters.get(), 0, state.counters.bytes(), stream));
    GG_CUDA_CHECK(cudaMemsetAsync(state.edges_examined.get(), 0, state.edges_examined.bytes(), stream));
    start_values<R><<<grid_stride_blocks(nodes, kRoundThreads, info), kRoundThreads, 0, stream>>>(
        state.values.get(), nodes, split.num_real, source);
    GG_CUDA_CHECK_LAUNCH("start_values");

    // Round 0: every virtual node for CC (every vertex is a source of its
    // own label), the source's family otherwise.
    const bool everyone = R == Relaxation::label;
    if (!everyone) {
        start_worklist<<<1, kRoundThreads, 0, stream>>>(split, source, state.work[0].get(), sizes);
        GG_CUDA_CHECK_LAUNCH("start_worklist");
    }
    // Round t reads work[t % 2] and size slot t % 3, appends to work[(t+1) % 2]
    // and slot (t+1) % 3, and clears slot (t+2) % 3 for round t+1's appends.
    const int blocks = grid_stride_blocks(split.num_virtual > 0 ? split.num_virtual : 1, kRoundThreads, info);
    // Past a sixteenth of the virtual nodes, a scan of all of them (8 bytes
    // each, in order) costs less than the queue's random appends and reads.
    const uint32_t limit = std::max<uint32_t>(split.num_virtual / 16, 1024);
    uint32_t launched = 0;
    for (uint32_t batch = 1;; batch = batch < kMaxBatch ? batch * 2 : kMaxBatch) {
        for (uint32_t b = 0; b < batch; ++b, ++launched) {
            const uint32_t t = launched;
            const bool all = everyone && t == 0;
            relax_round<R><<<blocks, kRoundThreads, 0, stream>>>(
                split, state.values.get(), state.stamp.get(), t + 1, all ? nullptr : state.work[t % 2].get(),
                all ? nullptr : sizes + t % 3, split.num_virtual, limit, state.work[(t + 1) % 2].get(), sizes + (t + 1) % 3,
                sizes + (t + 2) % 3, rounds, state.edges_examined.get());
            GG_CUDA_CHECK_LAUNCH("relax_round");
        }
        GG_CUDA_CHECK(
            cudaMemcpyAsync(record, sizes + launched % 3, sizeof(uint32_t), cudaMemcpyDeviceToHost, stream));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (record[0] == 0) break;
    }
    GG_CUDA_CHECK(cudaMemcpyAsync(device_values, state.values.get(), size_t(split.num_real) * sizeof(uint32_t),
                                  cudaMemcpyDeviceToDevice, stream));
    compute.stop(stream);
    report.compute_ms += compute.elapsed_ms();

    unsigned long long examined = 0;
    uint32_t rounds_run = 0;
    copy_to_host(&examined, state.edges_examined.get(), sizeof(examined), stream, report.transfer_ms);
    copy_to_host(&rounds_run, rounds, sizeof(rounds_run), stream, report.transfer_ms);
    report.iterations = rounds_run;
    report.edges_visited = examined;
}

}  // namespace

void split_relax(const Graph &g, const VirtualSplit &split, uint64_t state_variant, Relaxation kind, uint32_t source,
                 uint32_t *device_values, const DeviceInfo &info, const RunConfig &config, cudaStream_t stream,
                 RunReport &report) {
    if (split.edges.n == 0) return;
    auto state = take_state<SplitState>(g, info, config, EngineId::split, state_variant, [&] {
        return std::make_unique<SplitState>(split.edges.n, split.num_virtual);
    });
    with_relaxation(kind, [&](auto r) {
        run_rounds<decltype(r)::value>(split, *state, source, device_values, info, stream, report);
    });
}

}  // namespace gg::cuda
