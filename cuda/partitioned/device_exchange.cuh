// The exchange of replica values between parts on the GPUs: the device
// transport of design.md's exchange interface, doing what the CPU's
// (src/exchange/host_exchange.h) does with the same rules (Medusa's replica
// update, 002 §4.3): owned vertices whose value changed since their last
// broadcast send it to every part holding a replica, which merges it, and
// every replica a merge changes becomes work of its part.
//
// One round, per link (owner part -> replica part):
//   pack   on the owner's device, one thread per link entry compares the
//          value with its last broadcast copy and appends (position, value)
//          of the changed ones, warp-aggregated; the counts come back in one
//          read for all links;
//   choose sparse (position, value pairs) when smaller than dense (every
//          value, in the link's order, which both sides know), else dense;
//   move   parts on one device: the merge reads the owner's buffer in place
//          (a device copy would only double the traffic); parts on two
//          devices: one peer copy of the message on the owner's stream,
//          which the replica's stream waits for;
//   merge  on the replica's device, one thread per message entry; a replica
//          has one owner, so no two messages of a round touch one slot.
// Then each part's broadcast copies take its owned values.
//
// The bytes counted are the messages' (sparse or dense), whether or not a
// copy moved them.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/timer.h"
#include "engines/engine_state.cuh"
#include "partitioned/device_parts.cuh"
#include "primitives/warp_ops.cuh"

namespace gg::cuda {

// A part's exchange buffers, pooled under its local graph (so a second run
// on a plan allocates nothing): the broadcast copy of its values (up to 8
// bytes each), the list of local ids an exchange changed, and its count.
struct PartExchangeBuffers final : EngineState {
    DeviceArray<unsigned char> synced;
    DeviceArray<uint32_t> changed, changed_count;
    explicit PartExchangeBuffers(size_t size)
        : synced(size * 8, "a part's broadcast values"), changed(size, "a part's changed vertices"),
          changed_count(1, "a part's change count") {}
    uint64_t bytes() const override { return synced.bytes() + changed.bytes() + changed_count.bytes(); }
};

// The values of every part on its device: `value` (which may be an engine's
// own array, e.g. the near-far keys, or another pooled state's), the copy as
// last broadcast, and the list of local ids the last exchange changed with
// its count.
template <class T>
class DevicePartValues {
public:
    static_assert(sizeof(T) <= 8, "exchange buffers hold values of up to 8 bytes");
    std::vector<T *> value;
    std::vector<uint32_t> changed_now;  // the counts, read back after each exchange

    explicit DevicePartValues(DevicePartSet &parts)
        : value(parts.num_parts(), nullptr), changed_now(parts.num_parts(), 0) {
        for (uint32_t p = 0; p < parts.num_parts(); ++p) {
            const Graph &local = parts.plan().parts[p].local;
            const size_t size = std::max<uint32_t>(local.n(), 1);
            DeviceScope scope(parts.device_of(p));
            const StateKey key{local.uid(), 0, parts.device_of(p), uint32_t(EngineId::part_exchange), 0};
            buffers_.push_back(StatePool::take<PartExchangeBuffers>(
                parts.states(), key, [&] { return std::unique_ptr<EngineState>(new PartExchangeBuffers(size)); }));
        }
    }
    T *synced(uint32_t p) const { return reinterpret_cast<T *>(buffers_[p]->synced.get()); }
    uint32_t *changed(uint32_t p) const { return buffers_[p]->changed.get(); }
    uint32_t *changed_count(uint32_t p) const { return buffers_[p]->changed_count.get(); }

    // synced = value, for every local vertex (after the values were set).
    void mark_synced(DevicePartSet &parts) {
        for (uint32_t p = 0; p < parts.num_parts(); ++p) {
            DeviceScope scope(parts.device_of(p));
            const size_t size = parts.plan().parts[p].size();
            if (size)
                GG_CUDA_CHECK(cudaMemcpyAsync(synced(p), value[p], size * sizeof(T), cudaMemcpyDeviceToDevice,
                                              parts.stream_of(p)));
        }
    }

private:
    std::vector<StatePool::Checkout<PartExchangeBuffers>> buffers_;
};

// Merges: keep the smaller (keys of the path semirings, CC labels), or take
// the owner's value (SpMV's x). They return whether the slot changed.
struct KeepSmaller {
    template <class T>
    __device__ bool operator()(T &slot, T incoming) const {
        if (!(incoming < slot)) return false;
        slot = incoming;
        return true;
    }
};
struct TakeOwners {
    template <class T>
    __device__ bool operator()(T &slot, T incoming) const {
        const bool differs = !(slot == incoming);
        slot = incoming;
        return differs;
    }
};

namespace exchange_kernels {

// Appends (position, value) of every entry whose value differs from its
// broadcast copy (every entry when `everything`).
template <class T>
__global__ void pack_changed(const uint32_t *owner_local, uint32_t entries, const T *value, const T *synced,
                             bool everything, uint32_t *out_ids, T *out_values, uint32_t *count) {
    const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t base = blockIdx.x * uint64_t(blockDim.x); base < entries; base += stride) {
        const uint64_t i = base + threadIdx.x;
        bool send = false;
        T v{};
        if (i < entries) {
            const uint32_t id = owner_local[i];
            v = value[id];
            send = everything || !(v == synced[id]);
        }
        const unsigned lanes = __ballot_sync(kFullMask, send);
        if (lanes == 0) continue;
        const int leader = __ffs(lanes) - 1;
        uint32_t at = 0;
        if (lane_id() == leader) at = atomicAdd(count, uint32_t(__popc(lanes)));
        at = __shfl_sync(kFullMask, at, leader) + __popc(lanes & lanes_below());
        if (send) {
            out_ids[at] = uint32_t(i);
            out_values[at] = v;
        }
    }
}

// Every entry's value in the link's order: the dense message.
template <class T>
__global__ void pack_dense(const uint32_t *owner_local, uint32_t entries, const T *value, T *out_values) {
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < entries;
         i += uint64_t(gridDim.x) * blockDim.x)
        out_values[i] = value[owner_local[i]];
}

// Applies a message (sparse: ids non-null) to the replica part's values.
template <class T, class Merge>
__global__ void merge_message(const uint32_t *ids, const T *values, uint32_t messages, const uint32_t *replica_local,
                              T *value, T *synced, uint32_t *changed, uint32_t *changed_count, Merge merge) {
    for (uint64_t k = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; k < messages;
         k += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t i = ids ? ids[k] : uint32_t(k);
        const uint32_t id = replica_local[i];
        T slot = value[id];
        if (merge(slot, values[k])) {
            value[id] = slot;
            synced[id] = slot;  // a replica now holds its owner's value
            changed[atomicAdd(changed_count, 1u)] = id;
        }
    }
}

}  // namespace exchange_kernels

class DeviceExchange {
public:
    explicit DeviceExchange(DevicePartSet &parts) : parts_(parts) {}

    // One round owners -> replicas; afterwards values.changed_now[p] counts
    // the replicas of part p that changed (listed in values.changed(p)).
    // `everything`: send every owned value on a link, changed or not.
    template <class T, class Merge>
    void to_replicas(DevicePartValues<T> &values, Merge merge, bool everything = false) {
        using namespace exchange_kernels;
        std::vector<DeviceLink> &links = parts_.links();
        const uint32_t k = parts_.num_parts();
        for (uint32_t p = 0; p < k; ++p) {
            DeviceScope scope(parts_.device_of(p));
            GG_CUDA_CHECK(cudaMemsetAsync(values.changed_count(p), 0, sizeof(uint32_t), parts_.stream_of(p)));
        }
        // Pack, by owner part, and read every link's count back at once.
        uint32_t *counts = parts_.host_words(links.size() + k);
        for (uint32_t p = 0; p < k; ++p) {
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            for (size_t l = 0; l < links.size(); ++l) {
                DeviceLink &link = links[l];
                if (link.owner_part != p) continue;
                if (everything || link.entries == 0) {
                    counts[l] = link.entries;
                    continue;
                }
                GG_CUDA_CHECK(cudaMemsetAsync(link.count.get(), 0, sizeof(uint32_t), stream));
                pack_changed<T><<<blocks_for(link.entries, p), kThreads, 0, stream>>>(
                    link.owner_local.get(), link.entries, values.value[p], values.synced(p), false,
                    link.out_ids.get(), reinterpret_cast<T *>(link.out_values.get()), link.count.get());
                GG_CUDA_CHECK_LAUNCH("pack_changed");
                GG_CUDA_CHECK(cudaMemcpyAsync(counts + l, link.count.get(), sizeof(uint32_t), cudaMemcpyDeviceToHost,
                                              stream));
            }
            GG_CUDA_CHECK(cudaStreamSynchronize(stream));
            parts_.exchange_ms[p] += clock.elapsed_ms();
        }
        // Choose, move and merge, by replica part.
        for (size_t l = 0; l < links.size(); ++l) {
            DeviceLink &link = links[l];
            const uint32_t changed = counts[l];
            if (changed == 0) continue;
            const uint64_t sparse_bytes = uint64_t(changed) * (sizeof(uint32_t) + sizeof(T));
            const uint64_t dense_bytes = uint64_t(link.entries) * sizeof(T);
            const bool sparse = !everything && sparse_bytes < dense_bytes;
            const uint32_t owner = link.owner_part, replica = link.replica_part;
            T *out_values = reinterpret_cast<T *>(link.out_values.get());
            Stopwatch pack_clock;
            {
                DeviceScope scope(parts_.device_of(owner));
                if (!sparse) {
                    pack_dense<T><<<blocks_for(link.entries, owner), kThreads, 0, parts_.stream_of(owner)>>>(
                        link.owner_local.get(), link.entries, values.value[owner], out_values);
                    GG_CUDA_CHECK_LAUNCH("pack_dense");
                }
            }
            const uint32_t messages = sparse ? changed : link.entries;
            const uint32_t *ids = sparse ? link.out_ids.get() : nullptr;
            const T *incoming = out_values;
            if (parts_.device_of(owner) != parts_.device_of(replica)) {
                DeviceScope scope(parts_.device_of(owner));
                const cudaStream_t stream = parts_.stream_of(owner);
                if (sparse)
                    GG_CUDA_CHECK(cudaMemcpyPeerAsync(link.in_ids.get(), parts_.device_of(replica), link.out_ids.get(),
                                                      parts_.device_of(owner), messages * sizeof(uint32_t), stream));
                GG_CUDA_CHECK(cudaMemcpyPeerAsync(link.in_values.get(), parts_.device_of(replica), out_values,
                                                  parts_.device_of(owner), messages * sizeof(T), stream));
                GG_CUDA_CHECK(cudaStreamSynchronize(stream));
                ids = sparse ? link.in_ids.get() : nullptr;
                incoming = reinterpret_cast<const T *>(link.in_values.get());
            }  // one device: one stream, so the merge below follows the pack
            parts_.exchange_ms[owner] += pack_clock.elapsed_ms();
            parts_.bytes_exchanged += sparse ? sparse_bytes : dense_bytes;

            Stopwatch merge_clock;
            DeviceScope scope(parts_.device_of(replica));
            const cudaStream_t stream = parts_.stream_of(replica);
            merge_message<T, Merge><<<blocks_for(messages, replica), kThreads, 0, stream>>>(
                ids, incoming, messages, link.replica_local.get(), values.value[replica],
                values.synced(replica), values.changed(replica), values.changed_count(replica),
                merge);
            GG_CUDA_CHECK_LAUNCH("merge_message");
            GG_CUDA_CHECK(cudaStreamSynchronize(stream));
            parts_.exchange_ms[replica] += merge_clock.elapsed_ms();
        }
        // Owned values are broadcast now; read the change counts.
        for (uint32_t p = 0; p < k; ++p) {
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            const uint32_t owned = parts_.plan().parts[p].owned;
            if (owned)
                GG_CUDA_CHECK(cudaMemcpyAsync(values.synced(p), values.value[p], owned * sizeof(T),
                                              cudaMemcpyDeviceToDevice, stream));
            GG_CUDA_CHECK(cudaMemcpyAsync(counts + links.size() + p, values.changed_count(p), sizeof(uint32_t),
                                          cudaMemcpyDeviceToHost, stream));
            GG_CUDA_CHECK(cudaStreamSynchronize(stream));
            values.changed_now[p] = counts[links.size() + p];
            parts_.exchange_ms[p] += clock.elapsed_ms();
        }
        ++parts_.exchange_rounds;
    }

private:
    static constexpr int kThreads = 256;
    unsigned blocks_for(uint64_t items, uint32_t part) const {
        return unsigned(grid_stride_blocks(items > 0 ? items : 1, kThreads, parts_.info_of(part)));
    }

    DevicePartSet &parts_;
};

}  // namespace gg::cuda
