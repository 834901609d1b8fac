// The exchange of replica values between the parts of a plan
// (partition/plan.h) whose values live in host memory: the CPU backend's
// parts, in one process or spread over several (the plan's communicator,
// exchange/communicator.h: memory copies within a process, MPI between
// processes). design.md asks for one exchange per transport; this one is
// what CI runs, so every partitioned path is tested without a GPU. It moves
// real messages: a round packs each link's values into the buffer for the
// receiving part's process, the communicator moves the buffers, and each
// process unpacks the links of its parts in the plan's link order, so the
// bytes counted are the bytes a wire carries and a round gives the same
// values on one process or many.
//
// Two directions, as in Medusa's replica update (002 §4.3):
//   to_owners    replicas whose value changed since they were last synced
//                send it to their owner, which merges it (min, max: the
//                algorithm's semiring);
//   to_replicas  owned vertices whose value changed since their last
//                broadcast send it to every part holding a replica.
// A message is sparse (id, value pairs of the changed entries) when that is
// smaller than dense (every value of the link, in the link's order, which
// both sides know from the plan), and dense otherwise, unless the merge is a
// sum (BC's path counts), which must see each change once.
//
// Every vertex a merge changes is appended to its part's `changed` list: the
// seeds of that part's next local step.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/timer.h"
#include "partition/plan.h"

namespace gg {

struct ExchangeTally {
    uint64_t bytes = 0;
    uint32_t rounds = 0;
    std::vector<double> part_ms;  // packing and merging, by part
};

// The values of every part: value[p][local id], and the values as last
// exchanged (to tell what changed).
template <class T>
struct PartValues {
    std::vector<std::vector<T>> value;
    std::vector<std::vector<T>> synced;
    std::vector<std::vector<uint32_t>> changed;

    explicit PartValues(const PartitionPlan &plan) : value(plan.num_parts()), synced(plan.num_parts()),
                                                     changed(plan.num_parts()) {}
    // Sets every part's values (and synced copies) by global id.
    template <class Initial>
    void fill(const PartitionPlan &plan, Initial initial) {
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const PartitionPart &part = plan.parts[p];
            value[p].resize(part.size());
            for (uint32_t l = 0; l < part.size(); ++l) value[p][l] = initial(part.global_ids[l]);
            synced[p] = value[p];
        }
    }
};

class HostExchange {
public:
    explicit HostExchange(const PartitionPlan &plan)
        : plan_(plan), comm_(plan.communicator()), sent_owned_(plan.num_parts()), outgoing_(comm_.size()) {
        tally_.part_ms.assign(plan.num_parts(), 0.0);
    }

    // merge(T &slot, T incoming) -> true when it changed the slot. A merge
    // that is not idempotent (a sum) must not see unchanged values again, so
    // its messages are always sparse.
    template <class T, class Merge>
    void to_owners(PartValues<T> &values, Merge merge, bool idempotent = true) {
        for (const ReplicaLink &link : plan_.links)
            if (plan_.holds(link.replica_part))
                pack(values, true, false, !idempotent, link.replica_part, link.replica_local, link.owner_part);
        transfer();
        for (const ReplicaLink &link : plan_.links)
            if (plan_.holds(link.owner_part))
                unpack(values, false, link.replica_part, link.owner_part, link.owner_local, merge);
        ++tally_.rounds;
    }

    // everything: send every owned value, changed or not (a replica whose
    // part computed on it may hold a value its owner never had).
    template <class T, class Merge>
    void to_replicas(PartValues<T> &values, Merge merge, bool everything = false) {
        for (const ReplicaLink &link : plan_.links)
            if (plan_.holds(link.owner_part))
                pack(values, false, everything, false, link.owner_part, link.owner_local, link.replica_part);
        transfer();
        for (const ReplicaLink &link : plan_.links)
            if (plan_.holds(link.replica_part))
                unpack(values, true, link.owner_part, link.replica_part, link.replica_local, merge);
        // Only now: an owned vertex may have replicas in several parts. Only
        // what was sent is touched, so a round costs its messages, not n.
        for (uint32_t p = 0; p < plan_.num_parts(); ++p) {
            Stopwatch clock;
            for (uint32_t id : sent_owned_[p]) values.synced[p][id] = values.value[p][id];
            sent_owned_[p].clear();
            tally_.part_ms[p] += clock.elapsed_ms();
        }
        ++tally_.rounds;
    }

    // This process's tally: bytes it sent, its parts' times.
    const ExchangeTally &tally() const { return tally_; }

private:
    // A link's message: this header, then `count` values, each after its
    // index in the link when `sparse`.
    struct Header {
        uint32_t count;
        uint32_t sparse;
    };

    // Appends to the buffer for part `to`'s process the entries of
    // `from_ids` in part `from` that changed since they were last synced;
    // `sending_replicas` tells the direction, `everything` counts every
    // entry as changed, `only_sparse` forbids dense messages.
    template <class T>
    void pack(PartValues<T> &values, bool sending_replicas, bool everything, bool only_sparse, uint32_t from,
              const std::vector<uint32_t> &from_ids, uint32_t to) {
        Stopwatch clock;
        const std::vector<T> &source = values.value[from];
        std::vector<T> &source_synced = values.synced[from];
        uint64_t changed = everything ? from_ids.size() : 0;
        if (!everything)
            for (uint32_t id : from_ids) changed += !(source[id] == source_synced[id]);
        const uint64_t entries = from_ids.size();
        const bool sparse = only_sparse || changed * (sizeof(uint32_t) + sizeof(T)) < entries * sizeof(T);
        const uint64_t bytes = changed == 0 ? 0 : sparse ? changed * (sizeof(uint32_t) + sizeof(T)) : entries * sizeof(T);
        const Header header{changed == 0 ? 0 : uint32_t(sparse ? changed : entries), sparse ? 1u : 0u};
        Bytes &out = outgoing_[plan_.rank_of(to)];
        size_t at = out.size();
        out.resize(at + sizeof header + bytes);
        std::memcpy(out.data() + at, &header, sizeof header);
        at += sizeof header;
        for (uint32_t i = 0; i < entries && changed != 0; ++i) {
            const uint32_t id = from_ids[i];
            const bool differs = everything || !(source[id] == source_synced[id]);
            if (sparse && !differs) continue;
            if (sparse) {
                std::memcpy(out.data() + at, &i, sizeof i);
                at += sizeof i;
            }
            std::memcpy(out.data() + at, &source[id], sizeof(T));
            at += sizeof(T);
            // A replica's value is synced once sent; an owner's only after
            // every link has carried it (to_replicas).
            if (sending_replicas && differs) source_synced[id] = source[id];
            if (!sending_replicas && differs) sent_owned_[from].push_back(id);
        }
        tally_.bytes += bytes;
        tally_.part_ms[from] += clock.elapsed_ms();
    }

    void transfer() {
        comm_.exchange(outgoing_, incoming_);
        read_at_.assign(incoming_.size(), 0);
        for (Bytes &out : outgoing_) out.clear();
    }

    // Merges the next message from part `from`'s process into the entries
    // `to_ids` of part `to`; `into_replicas` tells the direction.
    template <class T, class Merge>
    void unpack(PartValues<T> &values, bool into_replicas, uint32_t from, uint32_t to,
                const std::vector<uint32_t> &to_ids, Merge merge) {
        Stopwatch clock;
        const uint32_t source = plan_.rank_of(from);
        const Bytes &in = incoming_[source];
        size_t &at = read_at_[source];
        Header header;
        std::memcpy(&header, in.data() + at, sizeof header);
        at += sizeof header;
        std::vector<T> &target = values.value[to];
        std::vector<T> &target_synced = values.synced[to];
        for (uint32_t k = 0; k < header.count; ++k) {
            uint32_t i = k;
            if (header.sparse) {
                std::memcpy(&i, in.data() + at, sizeof i);
                at += sizeof i;
            }
            T incoming;
            std::memcpy(&incoming, in.data() + at, sizeof(T));
            at += sizeof(T);
            const uint32_t id = to_ids[i];
            if (merge(target[id], incoming)) {
                values.changed[to].push_back(id);
                if (into_replicas) target_synced[id] = target[id];  // a replica now holds its owner's value
            }
        }
        tally_.part_ms[to] += clock.elapsed_ms();
    }

    const PartitionPlan &plan_;
    Communicator &comm_;
    std::vector<std::vector<uint32_t>> sent_owned_;  // owned ids sent this round, by part
    ExchangeTally tally_;
    std::vector<Bytes> outgoing_, incoming_;  // by process
    std::vector<size_t> read_at_;             // by process: the next message in incoming_
};

}  // namespace gg
