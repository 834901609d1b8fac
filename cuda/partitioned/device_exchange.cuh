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
//          one stream orders it after the pack; parts on two devices: the
//          message crosses by the set's transport (DevicePartSet::move):
//          an NCCL send on the sender's stream and its receive on the
//          receiver's, all of a round's in one group, or one peer copy on
//          the sender's stream that the receiver's stream waits for (an
//          event); no host wait either way; parts in
//          two processes (a distributed plan, docs/distributed.md): each
//          message's size goes into the receiving process's bytes, which
//          the plan's communicator moves at once (MPI, as the CPU's exchange
//          does); then, where NCCL joins the processes' GPUs
//          (DevicePartSet::remote_by_nccl), the message itself goes device
//          to device, every send and receive of the round in one NCCL group
//          in the plan's link order; else it travels in those bytes, from
//          the sender's device to its host and from the receiver's host to
//          its device;
//   merge  on the receiver's device, one thread per message entry, in the
//          plan's link order whoever sent; a replica has one owner and an
//          owner appears once per link, so no two messages of one merge
//          touch one slot, and the merges into one part run one after
//          another on its device's stream (so a sum adds up in the same
//          order on one process or many).
// Then the sent entries' copies take the values sent, and the change counts
// come back in one read per part.
//
// broadcast_dense is the owners' direction without change lists, counts or
// host waits (PageRank's refresh: every value, every link); flags sends one
// bit an entry either way, the same way, the bits set by the step that
// changed the values (link_flags.cuh; the level-synchronous BFS). Both
// messages have sizes both ends know, so between processes joined by NCCL
// they go device to device with no sizes sent first and no host wait
// (move_fixed); else through the hosts, as the rounds' messages do.
//
// Between processes the messages cross the hosts where NCCL cannot join
// the processes' GPUs: NCCL refuses two processes on one GPU, and
// GG_PARTITIONED_TRANSPORT=peer asks for the hosts (docs/distributed.md).
//
// The bytes counted are the messages' (sparse or dense), whether or not a
// copy moved them.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/timer.h"
#include "core/trace.h"
#include "engines/engine_state.cuh"
#include "partitioned/device_parts.cuh"
#include "partitioned/link_flags.cuh"
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

// A dense message from or into a part whose values sit at other positions
// than its local ids (position[local id], e.g. a hub order; null: the ids).
template <class T>
__global__ void pack_dense_at(const uint32_t *local, const uint32_t *position, uint32_t entries, const T *value,
                              T *out_values) {
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < entries;
         i += uint64_t(gridDim.x) * blockDim.x)
        out_values[i] = value[position ? position[local[i]] : local[i]];
}
template <class T>
__global__ void unpack_dense(const T *in, uint32_t entries, const uint32_t *local, const uint32_t *position,
                             T *value) {
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < entries;
         i += uint64_t(gridDim.x) * blockDim.x)
        value[position ? position[local[i]] : local[i]] = in[i];
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

// The incoming links of one receiver that one unpack_flags launch takes:
// each link's words, its entry count and the receiver's local ids of its
// entries. Passed by value (a kernel parameter), so no table is copied to
// the device a round.
struct FlagLinks {
    static constexpr uint32_t kMax = 8;
    struct Link {
        const uint32_t *words;
        uint32_t entries;
        const uint32_t *local;
    } at[kMax];
    uint32_t count = 0;
};

// take(set, local id) for the set entries of a link's flag words (link
// blockIdx.y of `links`), handed to the lanes of a warp 32 at a time (take
// may push with warp_push, a warp collective: one push per 32 set entries,
// where one per word would pay an atomic on one counter per word, and a
// round whose few bits are spread over every word would wait on those: 1 ms
// for the half million vertices the source's part claims for the other
// part at level 0 of BFS on kron 26). Each lane of a warp reads one of 32 words; a word with no
// bit set costs nothing more. Bits past `entries` are never set.
template <class Take>
__global__ void unpack_flags(FlagLinks links, Take take) {
    const uint32_t *words = links.at[blockIdx.y].words;
    const uint32_t *local = links.at[blockIdx.y].local;
    const uint64_t count = (uint64_t(links.at[blockIdx.y].entries) + 31) / 32;
    const int lane = lane_id();
    uint32_t held = 0;     // lanes below `held` hold an entry's local id (the same in every lane)
    uint32_t holding = 0;  // this lane's
    for (uint64_t first = uint64_t(global_warp()) * 32; first < count; first += uint64_t(warps_in_grid()) * 32) {
        const uint32_t mine = first + lane < count ? words[first + lane] : 0u;
        unsigned pending = __ballot_sync(kFullMask, mine != 0);
        while (pending != 0) {
            const int j = __ffs(pending) - 1;
            pending &= pending - 1;
            const uint32_t word = __shfl_sync(kFullMask, mine, j);
            const uint32_t set = __popc(word);
            if (held + set > 32) {
                take(uint32_t(lane) < held, holding);
                held = 0;
            }
            // Lane held + r takes the word's set bit of rank r.
            const int rank = lane - int(held);
            if (rank >= 0 && rank < int(set)) holding = local[(first + j) * 32 + __fns(word, 0, rank + 1)];
            held += set;
        }
    }
    take(uint32_t(lane) < held, holding);
}

}  // namespace exchange_kernels

class DeviceExchange {
public:
    explicit DeviceExchange(DevicePartSet &parts)
        : parts_(parts), outgoing_(parts.plan().ranks), incoming_(parts.plan().ranks) {}

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

    // Owners -> replicas, every entry of every link: each replica slot of
    // values[q] takes its owner's value. Per link: a dense pack on the
    // owner's stream, the move to the replica's part (move_fixed: none on
    // one device or between two of this process with peer access, whose
    // unpack reads the packed values over the link; NCCL or a peer copy
    // between two devices without it, NCCL or the hosts between processes)
    // and an unpack there. No change lists and no counts
    // read back, and in one process nothing but the devices waiting: what
    // PageRank's replicas need every `depth` iterations, when nearly every
    // value changed. The streams order each buffer's reuse; the caller waits
    // for the devices before the next call, and times the round on the
    // devices (nothing here waits to time it, but the hosts' transfer
    // between processes that NCCL does not join). `positions` (empty:
    // none): per part, where each local id's value sits in values[p] (null:
    // at the id). `lane`: the devices' streams it is queued on (the side
    // streams: behind what the caller made them wait for, while the main
    // streams compute; every part in this process only).
    template <class T>
    void broadcast_dense(const std::vector<T *> &values, const std::vector<const uint32_t *> &positions = {},
                         DevicePartSet::Lane lane = DevicePartSet::Lane::main) {
        using namespace exchange_kernels;
        if (parts_.plan().ranks != 1 && lane != DevicePartSet::Lane::main)
            fail(GG_ERROR_INTERNAL, "a dense broadcast beside the parts' steps needs every part in this process");
        // Pack every link, then move them (NCCL issues a round's sends
        // together), then unpack.
        for (DeviceLink &link : parts_.links()) {
            if (link.entries == 0) continue;
            const Route r = route(link, /*toward_replicas=*/true);
            prepare(link, r, sizeof(T));
            if (!parts_.holds(r.from)) continue;
            DeviceScope scope(parts_.device_of(r.from));
            pack_dense_at<T><<<blocks_for(link.entries, r.from), kThreads, 0, parts_.stream_of(r.from, lane)>>>(
                r.from_local, positions.empty() ? nullptr : positions[r.from], link.entries, values[r.from],
                reinterpret_cast<T *>(r.channel->send_values.get()));
            GG_CUDA_CHECK_LAUNCH("pack_dense_at");
            parts_.bytes_exchanged += uint64_t(link.entries) * sizeof(T);
        }
        move_fixed(/*toward_replicas=*/true, lane, [&](size_t, const DeviceLink &link, const Route &r) {
            if (reads_in_place(r)) return Fixed{nullptr, nullptr, 0};  // nothing moves
            return Fixed{r.channel->send_values.get(), r.channel->recv_values.get(), link.entries * sizeof(T)};
        });
        wait_for_senders(/*toward_replicas=*/true, lane);
        for (DeviceLink &link : parts_.links()) {
            if (link.entries == 0) continue;
            const Route r = route(link, /*toward_replicas=*/true);
            if (!parts_.holds(r.to)) continue;
            // Read in place: in order, over the link, where a copy would write it and read it again.
            const T *incoming = reinterpret_cast<const T *>(reads_in_place(r) ? r.channel->send_values.get()
                                                                               : r.channel->recv_values.get());
            DeviceScope scope(parts_.device_of(r.to));
            unpack_dense<T><<<blocks_for(link.entries, r.to), kThreads, 0, parts_.stream_of(r.to, lane)>>>(
                incoming, link.entries, r.to_local, positions.empty() ? nullptr : positions[r.to], values[r.to]);
            GG_CUDA_CHECK_LAUNCH("unpack_dense");
        }
        ++parts_.exchange_rounds;
    }

    // One round of flags along every link in one direction: sent[p] holds
    // the bits part p's step set where it sends (link_flags.cuh; read only
    // for the parts this process holds), and the receiver runs
    // take_of(receiver)(set, local id) on the entries of every word with a
    // bit set, all lanes of a warp together. One bit an entry (a 32nd of a
    // 4-byte value), queued on the devices as broadcast_dense is: the move
    // on the sender's stream (move_fixed), the unpack on the receiver's
    // stream behind it, one launch over all of a receiver's incoming links
    // (up to FlagLinks::kMax), so take runs for the entries of several
    // links at once and must not depend on their order (BFS claims by
    // compare-and-swap; a replica has one owner). What the level-synchronous
    // BFS sends after every level (bfs_levels.cu). The senders clear their
    // bits before they set them again, after the host waited for this round.
    //
    // Between two devices of this process with peer access, nothing moves:
    // the receiver's unpack reads the sender's words over the link, once
    // its stream waits for the sender's (an event a sender, however many
    // receivers wait for it). A round's messages are a few words where a
    // level reaches few vertices, and the host's cost of queueing them is
    // what such a level costs: an NCCL group (or a peer copy and its event)
    // and a launch a link, each direction, each level, where this is an
    // event a sender, a wait a link and a launch a receiver
    // (bench/results/multi-gpu-bfs-host-2026-11-28-s47.md).
    //
    // `lane`: as broadcast_dense's (the side streams run a bottom-up BFS
    // level's flags while the parts scan their interiors, bfs_levels.cu).
    template <class TakeOf>
    void flags(bool toward_replicas, const std::vector<const SentFlags *> &sent, TakeOf take_of,
               DevicePartSet::Lane lane = DevicePartSet::Lane::main) {
        using namespace exchange_kernels;
        if (parts_.plan().ranks != 1 && lane != DevicePartSet::Lane::main)
            fail(GG_ERROR_INTERNAL, "flags beside the parts' steps need every part in this process");
        std::vector<DeviceLink> &links = parts_.links();
        for (DeviceLink &link : links)
            if (link.entries != 0 && parts_.holds(route(link, toward_replicas).from))
                parts_.bytes_exchanged += uint64_t(flag_words(link)) * sizeof(uint32_t);
        move_fixed(toward_replicas, lane, [&](size_t i, const DeviceLink &link, const Route &r) {
            if (reads_in_place(r)) return Fixed{nullptr, nullptr, 0};  // nothing moves
            LinkChannel &c = *r.channel;
            if (parts_.holds(r.to) && moved(r) && c.recv_flags.get() == nullptr) {
                DeviceScope receiver(parts_.device_of(r.to));
                c.recv_flags = DeviceArray<uint32_t>(flag_words(link), "replica link: incoming flags");
            }
            return Fixed{parts_.holds(r.from) ? sent[r.from]->segment(i) : nullptr, c.recv_flags.get(),
                         flag_words(link) * sizeof(uint32_t)};
        });
        wait_for_senders(toward_replicas, lane);
        // Each receiver's links, in plan order, FlagLinks::kMax a launch.
        std::vector<FlagLinks> batch(parts_.num_parts());
        std::vector<unsigned> blocks(parts_.num_parts(), 1);
        const auto launch = [&](uint32_t to) {
            FlagLinks &b = batch[to];
            if (b.count == 0) return;
            DeviceScope scope(parts_.device_of(to));
            // A lane a word: a warp takes 32.
            unpack_flags<<<dim3(blocks[to], b.count), kThreads, 0, parts_.stream_of(to, lane)>>>(b, take_of(to));
            GG_CUDA_CHECK_LAUNCH("unpack_flags");
            b.count = 0;
            blocks[to] = 1;
        };
        for (size_t i = 0; i < links.size(); ++i) {
            DeviceLink &link = links[i];
            const Route r = route(link, toward_replicas);
            if (link.entries == 0 || !parts_.holds(r.to)) continue;
            FlagLinks &b = batch[r.to];
            b.at[b.count++] = FlagLinks::Link{reads_in_place(r) ? sent[r.from]->segment(i) : r.channel->recv_flags.get(),
                                              link.entries, r.to_local};
            blocks[r.to] = std::max(blocks[r.to], blocks_for(flag_words(link), r.to));
            if (b.count == FlagLinks::kMax) launch(r.to);
        }
        for (uint32_t p = 0; p < parts_.num_parts(); ++p) launch(p);
        ++parts_.exchange_rounds;
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

    // Whether route r's receiver (held here) reads a copy of the sender's
    // buffer: the sender is on another device or in another process.
    bool moved(const Route &r) const {
        return !parts_.holds(r.from) || parts_.device_of(r.from) != parts_.device_of(r.to);
    }
    // Every receiver (held here) that reads a sender's buffer in place on
    // another device: its stream on `lane` waits for what the sender's has
    // queued so far (an event a sender, a wait a receiver), before anything
    // that reads it is queued.
    void wait_for_senders(bool toward_replicas, DevicePartSet::Lane lane) {
        std::vector<DeviceLink> &links = parts_.links();
        std::vector<char> recorded(parts_.num_parts(), 0);
        for (DeviceLink &link : links) {
            const Route r = route(link, toward_replicas);
            if (link.entries == 0 || !parts_.holds(r.to) || !reads_in_place(r) || recorded[r.from]) continue;
            parts_.record_handoff(r.from, lane);
            recorded[r.from] = 1;
        }
        for (DeviceLink &link : links) {
            const Route r = route(link, toward_replicas);
            if (recorded[r.from] && link.entries != 0 && parts_.holds(r.to) && reads_in_place(r))
                parts_.wait_for_handoff(r.from, r.to, lane);
        }
    }

    // Whether route r's receiver may read the sender's buffer where it
    // lies: both are held here, the sender on the receiver's device or on
    // one whose memory the receiver's kernels may read (peer access). A
    // receiver in another process never does: device_of() of a part held
    // elsewhere names one of this process's devices, often the sender's
    // own, and a sender that took that for a read in place sent nothing
    // (mpi.gpu.np2 and mpi.example: "process 1 sent a short exchange round").
    bool reads_in_place(const Route &r) const {
        return parts_.holds(r.from) && parts_.holds(r.to) &&
               peer_access_enabled(parts_.device_of(r.to), parts_.device_of(r.from));
    }
    static uint32_t flag_words(const DeviceLink &link) { return (link.entries + 31) / 32; }

    // A link's message of a size both ends know (dense values, flag words):
    // `out` on the sender's device (read only where this process holds the
    // sender), `in` on the receiver's (where it reads a copy: moved()).
    struct Fixed {
        const void *out;
        void *in;
        size_t bytes;
    };
    // Moves one round of fixed-size messages, message_of(link index, link,
    // route) each, along every link that carries entries in one direction:
    // between two devices of this process by the set's transport; between
    // processes device to device through NCCL where it joins them (no sizes
    // to agree on first), else through the hosts: the sender's bytes into
    // its process's message, the plan's communicator's exchange (every
    // process calls it, with or without messages), and the receiver's bytes
    // up to its device. Queued on the streams of `lane` (between processes,
    // the main streams).
    template <class MessageOf>
    void move_fixed(bool toward_replicas, DevicePartSet::Lane lane, MessageOf message_of) {
        std::vector<DeviceLink> &links = parts_.links();
        const PartitionPlan &plan = parts_.plan();
        const bool by_nccl = parts_.remote_by_nccl();
        for (size_t i = 0; i < links.size(); ++i) {
            if (links[i].entries == 0) continue;
            const Route r = route(links[i], toward_replicas);
            const bool sends = parts_.holds(r.from), receives = parts_.holds(r.to);
            if (!sends && !receives) continue;
            const Fixed m = message_of(i, links[i], r);
            if (sends && receives) {
                if (!moved(r)) continue;
                DeviceScope scope(parts_.device_of(r.from));
                parts_.move(r.from, r.to, m.in, m.out, m.bytes, lane);
            } else if (sends) {
                DeviceScope scope(parts_.device_of(r.from));
                if (by_nccl) {
                    parts_.send_remote(r.from, m.out, m.bytes, r.to);
                } else {
                    Bytes &out = outgoing_[plan.rank_of(r.to)];
                    const size_t at = out.size();
                    out.resize(at + m.bytes);
                    double unused = 0;
                    copy_to_host(out.data() + at, m.out, m.bytes, parts_.stream_of(r.from, lane), unused);
                }
            } else if (by_nccl) {
                DeviceScope scope(parts_.device_of(r.to));
                parts_.receive_remote(r.to, m.in, m.bytes, r.from);
            }
        }
        parts_.deliver();
        if (plan.ranks == 1) return;
        if (by_nccl) {
            parts_.deliver_remote();
            return;
        }
        transfer();
        for (size_t i = 0; i < links.size(); ++i) {
            if (links[i].entries == 0) continue;
            const Route r = route(links[i], toward_replicas);
            if (parts_.holds(r.from) || !parts_.holds(r.to)) continue;
            const Fixed m = message_of(i, links[i], r);
            const uint32_t process = plan.rank_of(r.from);
            const Bytes &in = incoming_[process];
            size_t &at = read_at_[process];
            if (at + m.bytes > in.size()) fail(GG_ERROR_DISTRIBUTED, "process %u sent a short exchange round", process);
            DeviceScope scope(parts_.device_of(r.to));
            double unused = 0;
            copy_to_device(m.in, in.data() + at, m.bytes, parts_.stream_of(r.to, lane), unused);
            at += m.bytes;
        }
    }

    // The channel's buffers for values of `value_bytes`, allocated the first
    // time (or grown) and kept with the plan's links: the outgoing ones where
    // the sender lives, the incoming ones where the receiver lives when the
    // sender is on another device or process.
    void prepare(const DeviceLink &link, const Route &r, size_t value_bytes) {
        LinkChannel &c = *r.channel;
        if (c.value_bytes >= value_bytes) return;
        const size_t entries = std::max<size_t>(link.entries, 1);
        if (parts_.holds(r.from)) {
            DeviceScope scope(parts_.device_of(r.from));
            c.send_ids = DeviceArray<uint32_t>(entries, "replica link: outgoing positions");
            c.send_values = DeviceArray<unsigned char>(entries * value_bytes, "replica link: outgoing values");
            c.count = DeviceArray<uint32_t>(1, "replica link: message size");
        }
        if (parts_.holds(r.to) && (!parts_.holds(r.from) || parts_.device_of(r.from) != parts_.device_of(r.to))) {
            DeviceScope scope(parts_.device_of(r.to));
            c.recv_ids = DeviceArray<uint32_t>(entries, "replica link: incoming positions");
            c.recv_values = DeviceArray<unsigned char>(entries * value_bytes, "replica link: incoming values");
        }
        c.value_bytes = value_bytes;
    }

    // A link's message where its receiver reads it: positions (null when
    // dense) and values on the receiver's device.
    struct Message {
        const uint32_t *ids = nullptr;
        const void *values = nullptr;
        uint32_t count = 0;
    };
    // What precedes a link's message between processes: then `count`
    // positions when sparse, then `count` values.
    struct WireHeader {
        uint32_t count, sparse;
    };

    template <class T, class Merge>
    void round(DevicePartValues<T> &values, bool toward_replicas, Merge merge, bool everything) {
        using namespace exchange_kernels;
        std::vector<DeviceLink> &links = parts_.links();
        const uint32_t k = parts_.num_parts();
        const PartitionPlan &plan = parts_.plan();
        Stopwatch round_clock;  // the host's phases, for GG_TRACE_RUN
        for (DeviceLink &link : links) prepare(link, route(link, toward_replicas), sizeof(T));
        for (uint32_t p = 0; p < k; ++p) {
            if (!parts_.holds(p)) continue;
            DeviceScope scope(parts_.device_of(p));
            GG_CUDA_CHECK(cudaMemsetAsync(values.changed_count(p), 0, sizeof(uint32_t), parts_.stream_of(p)));
        }
        // Pack, by sending part, and read every link's count back at once.
        uint32_t *counts = parts_.host_words(links.size() + k);
        for (uint32_t p = 0; p < k; ++p) {
            if (!parts_.holds(p)) continue;
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
        const double packed_ms = round_clock.elapsed_ms();
        round_clock.restart();
        // Choose and send: to a part on this device in place, to another
        // device by the set's transport (only the receiver's stream waits),
        // to another process in its bytes.
        std::vector<Message> messages(links.size());
        for (size_t l = 0; l < links.size(); ++l)
            if (parts_.holds(route(links[l], toward_replicas).from)) messages[l] = send(links[l], counts[l], values, toward_replicas, everything);
        parts_.deliver();
        if (plan.ranks > 1) {
            transfer();
            // The messages from other processes, in link order (NCCL matches
            // each pair's sends and receives in the order issued).
            for (size_t l = 0; l < links.size(); ++l) {
                const Route r = route(links[l], toward_replicas);
                if (parts_.holds(r.to) && !parts_.holds(r.from)) messages[l] = receive<T>(links[l], r);
            }
            parts_.deliver_remote();
        }
        const double sent_ms = round_clock.elapsed_ms();
        round_clock.restart();
        // Merge, in the plan's link order whoever sent: merges into one part
        // add up in the same order on one process or many.
        for (size_t l = 0; l < links.size(); ++l) {
            const Route r = route(links[l], toward_replicas);
            if (!parts_.holds(r.to)) continue;
            const Message m = messages[l];
            if (m.count == 0) continue;
            Stopwatch merge_clock;
            DeviceScope scope(parts_.device_of(r.to));
            merge_message<T, Merge><<<blocks_for(m.count, r.to), kThreads, 0, parts_.stream_of(r.to)>>>(
                m.ids, static_cast<const T *>(m.values), m.count, r.to_local, values.value[r.to],
                values.synced(r.to), toward_replicas, values.changed(r.to), values.changed_count(r.to), merge);
            GG_CUDA_CHECK_LAUNCH("merge_message");
            parts_.exchange_ms[r.to] += merge_clock.elapsed_ms();
        }
        // Read the change counts: the parts wait here for their merges.
        for (uint32_t p = 0; p < k; ++p) {
            if (!parts_.holds(p)) continue;
            DeviceScope scope(parts_.device_of(p));
            GG_CUDA_CHECK(cudaMemcpyAsync(counts + links.size() + p, values.changed_count(p), sizeof(uint32_t),
                                          cudaMemcpyDeviceToHost, parts_.stream_of(p)));
        }
        wait_for_devices();
        for (uint32_t p = 0; p < k; ++p) values.changed_now[p] = parts_.holds(p) ? counts[links.size() + p] : 0;
        ++parts_.exchange_rounds;
        trace_run_line("exchange round %u toward %s over %u parts (process %u of %u): packed and counted %.3f ms, "
                       "sent %.3f ms, merged and counted %.3f ms",
                       parts_.exchange_rounds, toward_replicas ? "replicas" : "owners", k, plan.rank, plan.ranks,
                       packed_ms, sent_ms, round_clock.elapsed_ms());
    }

    // Finishes the message of a link whose sender this process holds, of
    // `changed` packed entries: sparse (the changed entries' positions and
    // values) or dense (every entry's value, in the link's order), and
    // returns where its receiver reads it; a receiver in another process
    // gets it in that process's bytes (its header even when empty).
    template <class T>
    Message send(DeviceLink &link, uint32_t changed, DevicePartValues<T> &values, bool toward_replicas,
                 bool everything) {
        using namespace exchange_kernels;
        const Route r = route(link, toward_replicas);
        const bool remote = !parts_.holds(r.to);
        const uint64_t sparse_bytes = uint64_t(changed) * (sizeof(uint32_t) + sizeof(T));
        const uint64_t dense_bytes = uint64_t(link.entries) * sizeof(T);
        const bool sparse = !everything && (!toward_replicas || sparse_bytes < dense_bytes);
        Message m;
        m.count = changed == 0 ? 0 : sparse ? changed : link.entries;
        m.ids = sparse ? r.channel->send_ids.get() : nullptr;
        m.values = r.channel->send_values.get();
        Stopwatch clock;
        DeviceScope scope(parts_.device_of(r.from));
        const cudaStream_t stream = parts_.stream_of(r.from);
        if (m.count > 0) {
            T *send_values = reinterpret_cast<T *>(r.channel->send_values.get());
            if (!sparse) {
                pack_dense<T><<<blocks_for(link.entries, r.from), kThreads, 0, stream>>>(
                    r.from_local, link.entries, values.value[r.from], send_values);
                GG_CUDA_CHECK_LAUNCH("pack_dense");
            }
            if (toward_replicas) {
                mark_sent<T><<<blocks_for(m.count, r.from), kThreads, 0, stream>>>(
                    m.ids, m.count, r.from_local, values.value[r.from], values.synced(r.from));
                GG_CUDA_CHECK_LAUNCH("mark_sent");
            }
            parts_.bytes_exchanged += sparse ? sparse_bytes : dense_bytes;
        }
        if (remote) {
            Bytes &out = outgoing_[parts_.plan().rank_of(r.to)];
            const WireHeader header{m.count, m.ids != nullptr};
            const size_t id_bytes = m.ids ? m.count * sizeof(uint32_t) : 0, value_bytes = m.count * sizeof(T);
            const bool by_nccl = parts_.remote_by_nccl();
            size_t at = out.size();
            out.resize(at + sizeof header + (by_nccl ? 0 : id_bytes + value_bytes));
            std::memcpy(out.data() + at, &header, sizeof header);
            at += sizeof header;
            if (by_nccl) {  // the bytes follow device to device, once the sizes crossed
                parts_.send_remote(r.from, m.ids, id_bytes, r.to);
                parts_.send_remote(r.from, m.values, value_bytes, r.to);
            } else {
                double unused = 0;
                copy_to_host(out.data() + at, m.ids, id_bytes, stream, unused);
                copy_to_host(out.data() + at + id_bytes, m.values, value_bytes, stream, unused);
            }
            m = Message{};
        } else if (m.count > 0 && parts_.device_of(r.from) != parts_.device_of(r.to)) {
            if (m.ids) parts_.move(r.from, r.to, r.channel->recv_ids.get(), m.ids, m.count * sizeof(uint32_t));
            parts_.move(r.from, r.to, r.channel->recv_values.get(), m.values, m.count * sizeof(T));
            m.ids = m.ids ? r.channel->recv_ids.get() : nullptr;
            m.values = r.channel->recv_values.get();
        }
        parts_.exchange_ms[r.from] += clock.elapsed_ms();
        return m;
    }

    // Moves every process's bytes (a collective: every process calls it
    // each round, with or without messages). The wait counts as exchange
    // time of this process's first part.
    void transfer() {
        Stopwatch clock;
        parts_.plan().communicator().exchange(outgoing_, incoming_);
        for (Bytes &out : outgoing_) out.clear();
        read_at_.assign(incoming_.size(), 0);
        if (parts_.holds(parts_.first_part_on(0))) parts_.exchange_ms[parts_.first_part_on(0)] += clock.elapsed_ms();
    }

    // The next message from the process of route r's sender (over `link`),
    // uploaded to the receiver's device, or its receive queued for NCCL.
    template <class T>
    Message receive(const DeviceLink &link, const Route &r) {
        const uint32_t process = parts_.plan().rank_of(r.from);
        const Bytes &in = incoming_[process];
        size_t &at = read_at_[process];
        WireHeader header;
        if (at + sizeof header > in.size())
            fail(GG_ERROR_DISTRIBUTED, "process %u sent a short exchange round", process);
        std::memcpy(&header, in.data() + at, sizeof header);
        at += sizeof header;
        if (header.count > link.entries)
            fail(GG_ERROR_DISTRIBUTED, "process %u sent %u values over a link of %u entries", process, header.count,
                 link.entries);
        const size_t id_bytes = header.sparse ? size_t(header.count) * sizeof(uint32_t) : 0;
        const size_t value_bytes = size_t(header.count) * sizeof(T);
        const bool by_nccl = parts_.remote_by_nccl();
        if (!by_nccl && at + id_bytes + value_bytes > in.size())
            fail(GG_ERROR_DISTRIBUTED, "process %u sent a short exchange round", process);
        Message m;
        m.count = header.count;
        if (m.count > 0) {
            Stopwatch clock;
            DeviceScope scope(parts_.device_of(r.to));
            const cudaStream_t stream = parts_.stream_of(r.to);
            if (by_nccl) {
                parts_.receive_remote(r.to, r.channel->recv_ids.get(), id_bytes, r.from);
                parts_.receive_remote(r.to, r.channel->recv_values.get(), value_bytes, r.from);
            } else {
                double unused = 0;
                copy_to_device(r.channel->recv_ids.get(), in.data() + at, id_bytes, stream, unused);
                copy_to_device(r.channel->recv_values.get(), in.data() + at + id_bytes, value_bytes, stream, unused);
            }
            m.ids = header.sparse ? r.channel->recv_ids.get() : nullptr;
            m.values = r.channel->recv_values.get();
            parts_.exchange_ms[r.to] += clock.elapsed_ms();
        }
        if (!by_nccl) at += id_bytes + value_bytes;
        return m;
    }

    // Waits for every device's stream once; the wait counts as exchange
    // time of the device's first part (parts share a device's stream).
    void wait_for_devices() {
        for (uint32_t d = 0; d < parts_.num_devices(); ++d) {
            const uint32_t p = parts_.first_part_on(d);
            Stopwatch clock;
            parts_.wait_for_slot(d);
            if (parts_.holds(p)) parts_.exchange_ms[p] += clock.elapsed_ms();
        }
    }

    unsigned blocks_for(uint64_t items, uint32_t part) const {
        return unsigned(grid_stride_blocks(items > 0 ? items : 1, kThreads, parts_.info_of(part)));
    }

    DevicePartSet &parts_;
    std::vector<Bytes> outgoing_, incoming_;  // by process, between processes only
    std::vector<size_t> read_at_;             // by process: the next message in incoming_
};

}  // namespace gg::cuda
