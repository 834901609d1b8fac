// The exchange of replica values between parts on the GPUs: the device
// transport of design.md's exchange interface, doing what the CPU's
// (src/exchange/host_exchange.h) does with the same rules (Medusa's replica
// update, 002 §4.3), in the same two directions:
//   to_replicas  owned vertices whose value changed since their last
//                broadcast send it to every part holding a replica, which
//                merges it (every algorithm);
//   to_owners    replicas whose value changed since they last sent it send
//                it to their owner, which merges it (BC's path counts, a sum:
//                its messages are always sparse, so each change counts once).
// Every vertex a merge changes becomes work of its part.
//
// One round, per link and direction (the sender is the owner part going to
// the replicas, the replica part going to the owner):
//   pack   on the sender's device, one thread per link entry compares the
//          value with its last sent copy and appends (position, value) of
//          the changed ones, warp-aggregated; the counts come back in one
//          read for all links;
//   choose sparse (position, value pairs) when smaller than dense (every
//          value, in the link's order, which both sides know), else dense;
//   move   parts on one device: the merge reads the sender's buffer in place
//          (a device copy would only double the traffic), and the device's
//          one stream orders it after the pack; parts on two devices: one
//          peer copy of the message on the sender's stream, which the
//          receiver's stream waits for (an event, no host wait);
//   merge  on the receiver's device, one thread per message entry; a
//          replica has one owner and an owner appears once per link, so no
//          two messages of one merge touch one slot, and the merges into one
//          part run one after another on its device's stream.
// Then the sent entries' copies take the values sent, and the change counts
// come back in one read per part: the round's only host wait.
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

// A part's exchange buffers, pooled under its local graph by value size (so
// a second run on a plan allocates nothing): the copy of its values as last
// sent, the list of local ids an exchange changed, and its count.
struct PartExchangeBuffers final : EngineState {
    DeviceArray<unsigned char> synced;
    DeviceArray<uint32_t> changed, changed_count;
    PartExchangeBuffers(size_t size, size_t value_bytes)
        : synced(size * value_bytes, "a part's values as last sent"), changed(size, "a part's changed vertices"),
          changed_count(1, "a part's change count") {}
    uint64_t bytes() const override { return synced.bytes() + changed.bytes() + changed_count.bytes(); }
};

// The values of every part on its device: `value` (which may be an engine's
// own array, e.g. the near-far keys, or another pooled state's), the copy as
// last sent, and the list of local ids the last exchange changed with its
// count.
template <class T>
class DevicePartValues {
public:
    static_assert(sizeof(T) <= 16, "link channels hold values of up to 16 bytes");
    std::vector<T *> value;
    std::vector<uint32_t> changed_now;  // the counts, read back after each exchange

    explicit DevicePartValues(DevicePartSet &parts)
        : value(parts.num_parts(), nullptr), changed_now(parts.num_parts(), 0) {
        for (uint32_t p = 0; p < parts.num_parts(); ++p) {
            const Graph &local = parts.plan().parts[p].local;
            const size_t size = std::max<uint32_t>(local.n(), 1);
            DeviceScope scope(parts.device_of(p));
            const StateKey key{local.uid(), 0, parts.device_of(p), uint32_t(EngineId::part_exchange), sizeof(T)};
            buffers_.push_back(StatePool::take<PartExchangeBuffers>(parts.states(), key, [&] {
                return std::unique_ptr<EngineState>(new PartExchangeBuffers(size, sizeof(T)));
            }));
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
// the owner's value (SpMV's x, PageRank's ranks, BC's totals). They return
// whether the slot changed.
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
// sent copy; `sync_sent`: the copy takes the value at once (a replica
// sends on one link only; an owner's copies wait for all its links).
template <class T>
__global__ void pack_changed(const uint32_t *local, uint32_t entries, const T *value, T *synced, bool sync_sent,
                             uint32_t *out_ids, T *out_values, uint32_t *count) {
    const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t base = blockIdx.x * uint64_t(blockDim.x); base < entries; base += stride) {
        const uint64_t i = base + threadIdx.x;
        bool send = false;
        T v{};
        uint32_t id = 0;
        if (i < entries) {
            id = local[i];
            v = value[id];
            send = !(v == synced[id]);
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
            if (sync_sent) synced[id] = v;
        }
    }
}

// Every entry's value in the link's order: the dense message.
template <class T>
__global__ void pack_dense(const uint32_t *local, uint32_t entries, const T *value, T *out_values) {
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < entries;
         i += uint64_t(gridDim.x) * blockDim.x)
        out_values[i] = value[local[i]];
}

// The sent copies of an owner's entries on one link (sparse: ids non-null)
// take the values sent.
template <class T>
__global__ void mark_sent(const uint32_t *ids, uint32_t messages, const uint32_t *local, const T *value,
                          T *synced) {
    for (uint64_t k = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; k < messages;
         k += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t id = local[ids ? ids[k] : uint32_t(k)];
        synced[id] = value[id];
    }
}

// Applies a message (sparse: ids non-null) to the receiving part's values
// and lists the slots it changed. Toward replicas (`to_replicas`), a changed
// slot is also its sent copy (a replica now holds its owner's value, and
// sends it nowhere); each replica has one owner, so it is listed at most
// once a round. Toward owners, an owned vertex hears from every part that
// holds a replica of it, so it is listed only by the merge that first moves
// it off its sent copy (BC's merges only add paths or lower the depth, never
// returning to it): the list stays within the part's vertices.
template <class T, class Merge>
__global__ void merge_message(const uint32_t *ids, const T *values, uint32_t messages, const uint32_t *local,
                              T *value, T *synced, bool to_replicas, uint32_t *changed, uint32_t *changed_count,
                              Merge merge) {
    for (uint64_t k = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; k < messages;
         k += uint64_t(gridDim.x) * blockDim.x) {
        const uint32_t i = ids ? ids[k] : uint32_t(k);
        const uint32_t id = local[i];
        T slot = value[id];
        const bool first = to_replicas || slot == synced[id];
        if (merge(slot, values[k])) {
            value[id] = slot;
            if (to_replicas) synced[id] = slot;
            if (first) changed[atomicAdd(changed_count, 1u)] = id;
        }
    }
}

}  // namespace exchange_kernels

class DeviceExchange {
public:
    explicit DeviceExchange(DevicePartSet &parts) : parts_(parts) {}

    // One round owners -> replicas; afterwards values.changed_now[p] counts
    // the replicas of part p that changed (listed in values.changed(p)).
    // `everything`: send every owned value on a link, changed or not (a
    // replica whose part computed on it may hold a value its owner never
    // had).
    template <class T, class Merge>
    void to_replicas(DevicePartValues<T> &values, Merge merge, bool everything = false) {
        round(values, /*toward_replicas=*/true, merge, everything);
    }

    // One round replicas -> owners, always sparse; afterwards
    // values.changed_now[p] counts the owned vertices of part p a merge
    // changed (listed in values.changed(p)).
    template <class T, class Merge>
    void to_owners(DevicePartValues<T> &values, Merge merge) {
        round(values, /*toward_replicas=*/false, merge, false);
    }

private:
    static constexpr int kThreads = 256;

    // One direction of a link: who sends, who receives, through which channel.
    struct Route {
        uint32_t from, to;
        const uint32_t *from_local, *to_local;
        LinkChannel *channel;
    };
    static Route route(DeviceLink &link, bool toward_replicas) {
        if (toward_replicas)
            return Route{link.owner_part, link.replica_part, link.owner_local.get(), link.replica_local.get(),
                         &link.to_replicas};
        return Route{link.replica_part, link.owner_part, link.replica_local.get(), link.owner_local.get(),
                     &link.to_owner};
    }

    // The channel's buffers for values of `value_bytes`, allocated the first
    // time (or grown) and kept with the plan's links.
    void prepare(const DeviceLink &link, const Route &r, size_t value_bytes) {
        LinkChannel &c = *r.channel;
        if (c.value_bytes >= value_bytes) return;
        const size_t entries = std::max<size_t>(link.entries, 1);
        {
            DeviceScope scope(parts_.device_of(r.from));
            c.send_ids = DeviceArray<uint32_t>(entries, "replica link: outgoing positions");
            c.send_values = DeviceArray<unsigned char>(entries * value_bytes, "replica link: outgoing values");
            c.count = DeviceArray<uint32_t>(1, "replica link: message size");
        }
        if (parts_.device_of(r.from) != parts_.device_of(r.to)) {
            DeviceScope scope(parts_.device_of(r.to));
            c.recv_ids = DeviceArray<uint32_t>(entries, "replica link: incoming positions");
            c.recv_values = DeviceArray<unsigned char>(entries * value_bytes, "replica link: incoming values");
        }
        c.value_bytes = value_bytes;
    }

    template <class T, class Merge>
    void round(DevicePartValues<T> &values, bool toward_replicas, Merge merge, bool everything) {
        using namespace exchange_kernels;
        std::vector<DeviceLink> &links = parts_.links();
        const uint32_t k = parts_.num_parts();
        for (DeviceLink &link : links) prepare(link, route(link, toward_replicas), sizeof(T));
        for (uint32_t p = 0; p < k; ++p) {
            DeviceScope scope(parts_.device_of(p));
            GG_CUDA_CHECK(cudaMemsetAsync(values.changed_count(p), 0, sizeof(uint32_t), parts_.stream_of(p)));
        }
        // Pack, by sending part, and read every link's count back at once.
        uint32_t *counts = parts_.host_words(links.size() + k);
        for (uint32_t p = 0; p < k; ++p) {
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(p));
            const cudaStream_t stream = parts_.stream_of(p);
            for (size_t l = 0; l < links.size(); ++l) {
                const Route r = route(links[l], toward_replicas);
                if (r.from != p) continue;
                const uint32_t entries = links[l].entries;
                if (everything || entries == 0) {
                    counts[l] = entries;
                    continue;
                }
                GG_CUDA_CHECK(cudaMemsetAsync(r.channel->count.get(), 0, sizeof(uint32_t), stream));
                pack_changed<T><<<blocks_for(entries, p), kThreads, 0, stream>>>(
                    r.from_local, entries, values.value[p], values.synced(p), !toward_replicas,
                    r.channel->send_ids.get(), reinterpret_cast<T *>(r.channel->send_values.get()),
                    r.channel->count.get());
                GG_CUDA_CHECK_LAUNCH("pack_changed");
                GG_CUDA_CHECK(cudaMemcpyAsync(counts + l, r.channel->count.get(), sizeof(uint32_t),
                                              cudaMemcpyDeviceToHost, stream));
            }
            parts_.exchange_ms[p] += clock.elapsed_ms();
        }
        wait_for_devices();
        // Choose, move and merge; only the peer copies wait, on the device.
        for (size_t l = 0; l < links.size(); ++l) {
            const DeviceLink &link = links[l];
            const Route r = route(links[l], toward_replicas);
            const uint32_t changed = counts[l];
            if (changed == 0) continue;
            const uint64_t sparse_bytes = uint64_t(changed) * (sizeof(uint32_t) + sizeof(T));
            const uint64_t dense_bytes = uint64_t(link.entries) * sizeof(T);
            const bool sparse = !everything && (!toward_replicas || sparse_bytes < dense_bytes);
            T *send_values = reinterpret_cast<T *>(r.channel->send_values.get());
            const uint32_t messages = sparse ? changed : link.entries;
            const uint32_t *ids = sparse ? r.channel->send_ids.get() : nullptr;
            const T *incoming = send_values;
            Stopwatch send_clock;
            {
                DeviceScope scope(parts_.device_of(r.from));
                const cudaStream_t stream = parts_.stream_of(r.from);
                if (!sparse) {
                    pack_dense<T><<<blocks_for(link.entries, r.from), kThreads, 0, stream>>>(
                        r.from_local, link.entries, values.value[r.from], send_values);
                    GG_CUDA_CHECK_LAUNCH("pack_dense");
                }
                if (toward_replicas) {
                    mark_sent<T><<<blocks_for(messages, r.from), kThreads, 0, stream>>>(
                        ids, messages, r.from_local, values.value[r.from], values.synced(r.from));
                    GG_CUDA_CHECK_LAUNCH("mark_sent");
                }
                if (parts_.device_of(r.from) != parts_.device_of(r.to)) {
                    if (sparse)
                        GG_CUDA_CHECK(cudaMemcpyPeerAsync(r.channel->recv_ids.get(), parts_.device_of(r.to), ids,
                                                          parts_.device_of(r.from), messages * sizeof(uint32_t),
                                                          stream));
                    GG_CUDA_CHECK(cudaMemcpyPeerAsync(r.channel->recv_values.get(), parts_.device_of(r.to),
                                                      send_values, parts_.device_of(r.from), messages * sizeof(T),
                                                      stream));
                    parts_.hand_over(r.from, r.to);
                    ids = sparse ? r.channel->recv_ids.get() : nullptr;
                    incoming = reinterpret_cast<const T *>(r.channel->recv_values.get());
                }
            }
            parts_.exchange_ms[r.from] += send_clock.elapsed_ms();
            parts_.bytes_exchanged += sparse ? sparse_bytes : dense_bytes;

            Stopwatch merge_clock;
            DeviceScope scope(parts_.device_of(r.to));
            merge_message<T, Merge><<<blocks_for(messages, r.to), kThreads, 0, parts_.stream_of(r.to)>>>(
                ids, incoming, messages, r.to_local, values.value[r.to], values.synced(r.to), toward_replicas,
                values.changed(r.to), values.changed_count(r.to), merge);
            GG_CUDA_CHECK_LAUNCH("merge_message");
            parts_.exchange_ms[r.to] += merge_clock.elapsed_ms();
        }
        // Read the change counts: the parts wait here for their merges.
        for (uint32_t p = 0; p < k; ++p) {
            DeviceScope scope(parts_.device_of(p));
            GG_CUDA_CHECK(cudaMemcpyAsync(counts + links.size() + p, values.changed_count(p), sizeof(uint32_t),
                                          cudaMemcpyDeviceToHost, parts_.stream_of(p)));
        }
        wait_for_devices();
        for (uint32_t p = 0; p < k; ++p) values.changed_now[p] = counts[links.size() + p];
        ++parts_.exchange_rounds;
    }

    // Waits for every device's stream once; the wait counts as exchange
    // time of the device's first part (parts share a device's stream).
    void wait_for_devices() {
        for (uint32_t p = 0; p < std::min(parts_.num_parts(), parts_.num_devices()); ++p) {
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(p));
            GG_CUDA_CHECK(cudaStreamSynchronize(parts_.stream_of(p)));
            parts_.exchange_ms[p] += clock.elapsed_ms();
        }
    }

    unsigned blocks_for(uint64_t items, uint32_t part) const {
        return unsigned(grid_stride_blocks(items > 0 ? items : 1, kThreads, parts_.info_of(part)));
    }

    DevicePartSet &parts_;
};

}  // namespace gg::cuda
