// The parts of a plan (src/partition/plan.h) on the GPUs: which device each
// part runs on, its stream, and the device copies of the plan's replica
// links. Parts go to the context's devices in turn (part p on devices[p mod
// D]); parts that share a device run one after the other on that device's
// stream, each with its own engine state and layouts (cached on the part's
// local graph like any graph's, so a second run on the same plan uploads
// nothing). Over a plan spread across processes (partition/plan.h), a
// process places only the parts it holds, its i-th on devices[i mod D]; the
// others' parts are empty here, and the runs treat them as empty parts.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "backend/run_config.h"
#include "backend/state_pool.h"
#include "layouts/device_layouts.cuh"
#include "partition/plan.h"
#include "partitioned/partitioned.h"
#include "runtime/nccl.cuh"
#include "runtime/nccl_processes.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// One direction of a replica link: a message is packed on the sending
// part's device (`send_*`) and, where the receiving part lives on another
// device or process, copied into `recv_*` there. Allocated by the exchange the first
// time the direction carries values of `value_bytes` (device_exchange.cuh):
// the owners' direction serves every algorithm, the replicas' only BC.
struct LinkChannel {
    DeviceArray<uint32_t> send_ids, recv_ids;            // sparse messages: positions in the link
    DeviceArray<unsigned char> send_values, recv_values;  // value_bytes a value
    DeviceArray<uint32_t> count;                          // entries the last pack selected
    size_t value_bytes = 0;
    DeviceArray<uint32_t> recv_flags;  // one bit an entry, from a sender on another device (DeviceExchange::flags)
    uint64_t bytes() const {
        return send_ids.bytes() + recv_ids.bytes() + send_values.bytes() + recv_values.bytes() + count.bytes() +
               recv_flags.bytes();
    }
};

// One replica link on the devices: the replicas' local ids on the replica
// part's device, the owners' on the owner part's device, and a channel each
// way.
struct DeviceLink {
    uint32_t owner_part = 0, replica_part = 0;
    uint32_t entries = 0;
    DeviceArray<uint32_t> owner_local, replica_local;
    LinkChannel to_replicas, to_owner;
};

// A plan's links on its devices: uploaded by the first run on (plan,
// devices) and pooled with the context's engine states under the plan's
// first part graph, so that they go when the plan goes.
struct PlanLinks final : EngineState {
    std::vector<DeviceLink> links;
    // Pinned words the exchange reads the links' counts back into (pinned
    // memory costs milliseconds to allocate: once per plan, not per run).
    std::unique_ptr<PinnedBuffer> words;
    size_t word_capacity = 0;
    uint64_t bytes() const override;
};

class DevicePartSet {
public:
    // Checks every device of config.devices (GG_ERROR_UNSUPPORTED naming the
    // one that is not usable) and fetches the links (uploading them the first
    // time).
    DevicePartSet(const PartitionPlan &plan, const RunConfig &config);
    ~DevicePartSet();
    DevicePartSet(const DevicePartSet &) = delete;
    DevicePartSet &operator=(const DevicePartSet &) = delete;

    const PartitionPlan &plan() const { return plan_; }
    uint32_t num_parts() const { return plan_.num_parts(); }
    // The devices in use (at least one, even on a process that holds no part).
    uint32_t num_devices() const { return uint32_t(devices_.size()); }
    // Whether this process holds part p (every part, in one process; none
    // past the plan's parts, where first_part_on(0) points on a process that
    // holds no part).
    bool holds(uint32_t part) const { return part < plan_.num_parts() && plan_.holds(part); }
    // The first part placed on device slot d (of num_devices()).
    uint32_t first_part_on(uint32_t slot) const { return plan_.rank + slot * plan_.ranks; }
    int device_of(uint32_t part) const {
        addressed_ = part;
        return devices_[slot(part)];
    }
    // The part whose device the run last asked for: the part an error (say
    // running out of device memory) arose in.
    uint32_t addressed_part() const { return addressed_; }
    const DeviceInfo &info_of(uint32_t part) const { return *infos_[slot(part)]; }
    cudaStream_t stream_of(uint32_t part) const { return streams_[slot(part)]->get(); }
    // Each device's second stream, on which an exchange runs while the
    // parts compute on the first (PageRank's refresh, overlapped: it waits
    // for the part's boundary, and the part's next step waits for it).
    // Created on first use.
    cudaStream_t side_stream_of(uint32_t part);
    // Which of a device's two streams an exchange step goes on.
    enum class Lane { main, side };
    cudaStream_t stream_of(uint32_t part, Lane lane) {
        return lane == Lane::main ? stream_of(part) : side_stream_of(part);
    }
    // On part p's device: the side stream waits for what the main stream
    // has queued so far, or the main stream for the side's.
    void side_waits_for_main(uint32_t part);
    void main_waits_for_side(uint32_t part);
    // A config for part p's local step: its device.
    RunConfig config_of(uint32_t part, const RunConfig &run) const;
    // The context's engine states (the run's config.states; null: none pooled).
    StatePool *states() const { return states_; }

    std::vector<DeviceLink> &links() { return (*links_)->links; }

    // How the exchange's messages cross between two devices of this process
    // (docs/partitioned.md, "Between GPUs"): NCCL's point-to-point sends, one
    // group a round, or peer copies (cudaMemcpyPeerAsync) with an event the
    // receiver waits for. GG_PARTITIONED_TRANSPORT=nccl or peer chooses
    // (docs/building.md); unset, NCCL where it loads and starts, else peer
    // copies. Parts on one device need neither, nor do the messages that
    // DeviceExchange reads in place between devices with peer access.
    enum class Transport { none, peer, nccl };
    // Queues a copy of `bytes` from part `from`'s device to part `to`'s
    // (two devices of this process).
    void move(uint32_t from, uint32_t to, void *dst, const void *src, size_t bytes, Lane lane = Lane::main);
    // Issues the moves queued since the last call; afterwards whatever a
    // receiver's stream queues runs once its moves arrived. Call it before
    // queueing what reads them.
    void deliver();

    // Between processes (a plan spread over them, docs/distributed.md):
    // whether the messages go device to device through NCCL (else through
    // both hosts and the context's communicator). Chosen by every process
    // together at the start of the run (NcclProcesses::over).
    bool remote_by_nccl() const { return remote_ != nullptr; }
    // Queues a send of `bytes` from part `from` (held here) to part `to` (of
    // another process), or the receive of part `to` (held here) from part
    // `from`; both processes queue their ends in the same order.
    void send_remote(uint32_t from, const void *src, size_t bytes, uint32_t to);
    void receive_remote(uint32_t to, void *dst, size_t bytes, uint32_t from);
    // Issues them; afterwards what a receiver's stream queues runs once its
    // bytes arrived.
    void deliver_remote();

    // Waits for every device's stream (watching NCCL between processes: a
    // process that stopped answering fails the wait within the timeout).
    void synchronize() const;
    // Waits for device slot d's main stream, the same way.
    void wait_for_slot(uint32_t d) const;
    // Makes part `to`'s stream wait, on its device, for what part `from`'s
    // stream has queued so far (nothing to do when they share a device).
    void hand_over(uint32_t from, uint32_t to, Lane lane = Lane::main);
    // hand_over in two steps, for one sender and several receivers: records
    // what part `from`'s stream has queued so far, once; then each receiver
    // waits for that record (nothing to do where they share a device).
    void record_handoff(uint32_t from, Lane lane = Lane::main);
    void wait_for_handoff(uint32_t from, uint32_t to, Lane lane = Lane::main);
    // Pinned host words for reading counters back, at least `count` of them.
    uint32_t *host_words(size_t count);
    // Copies part p's first `count` values from the device into `host`.
    template <class T>
    void copy_values_to_host(uint32_t p, const T *device, size_t count, std::vector<T> &host) const {
        host.resize(count);
        DeviceScope scope(device_of(p));
        double unused = 0;
        if (count) copy_to_host(host.data(), device, count * sizeof(T), stream_of(p), unused);
    }

    // Device time of part p's kernels between start_compute(p) and
    // stop_compute(p), added to compute_ms[p] by collect_compute() once the
    // device has run them (for steps that queue kernels without waiting).
    // A step may time two intervals of its part's stream between collections
    // (`interval` 0 and 1): parts that share a device and queue their
    // boundaries before their interiors (bfs_levels.cu) interleave on its
    // stream, and one interval from a part's first kernel to its last would
    // count the others' kernels between them.
    static constexpr uint32_t kComputeIntervals = 2;
    void start_compute(uint32_t p, uint32_t interval = 0);
    void stop_compute(uint32_t p, uint32_t interval = 0);
    void collect_compute();

    // The run's threads on the host (copies into the caller's arrays).
    int num_threads() const { return num_threads_; }

    // The run's totals, kept as the CPU's PartitionedRun keeps them.
    std::vector<double> compute_ms, exchange_ms;
    std::vector<double> exchange_hidden_ms;  // of exchange_ms, what ran while the part computed
    uint64_t bytes_exchanged = 0;
    uint32_t exchange_rounds = 0;
    // (Collects the compute clocks first.)
    void finish(RunReport &report, PartitionedReport &out, uint32_t supersteps, uint64_t edges_visited);

private:
    std::unique_ptr<PlanLinks> upload_links() const;
    // Part p's device slot: this process's i-th part (p = rank + i * ranks) goes to slot i mod D.
    size_t slot(uint32_t part) const { return (part / plan_.ranks) % devices_.size(); }

    void choose_transport();

    const PartitionPlan &plan_;
    int num_threads_ = 1;
    Transport transport_ = Transport::none;
    NcclDevices *nccl_ = nullptr;  // the process's communicator over devices_, when transport_ is nccl
    NcclProcesses *remote_ = nullptr;  // the context's NCCL between processes, when it carries their messages
    // Part p's NCCL rank between processes.
    int remote_rank(uint32_t part) const;
    void wait_for(cudaStream_t stream) const;
    uint32_t nccl_pending_ = 0;     // moves queued in its group
    StatePool *states_ = nullptr;
    std::vector<int> devices_;  // the devices the parts use, at most one per part
    std::vector<const DeviceInfo *> infos_;
    std::vector<std::unique_ptr<Stream>> streams_;
    // One event per device, for hand_over(); freed even when the constructor throws.
    struct Handoff {
        cudaEvent_t event = nullptr;
        Handoff();
        ~Handoff();
        Handoff(const Handoff &) = delete;
        Handoff &operator=(const Handoff &) = delete;
    };
    std::vector<std::unique_ptr<Handoff>> handoffs_;
    // Per device: the side stream, and the events of hand_over on it and of
    // the waits between the two streams (made with the side stream).
    std::vector<std::unique_ptr<Stream>> side_streams_;
    std::vector<std::unique_ptr<Handoff>> side_handoffs_, to_side_, to_main_;
    // Persistent kernels need their device to themselves (runtime.cuh).
    std::vector<std::unique_lock<std::mutex>> exclusive_;
    std::unique_ptr<StatePool::Checkout<PlanLinks>> links_;
    mutable uint32_t addressed_ = 0;
    std::vector<std::unique_ptr<EventTimer>> compute_clocks_;  // kComputeIntervals per part
    std::vector<bool> clock_pending_;
};

// Every part's device layouts (fetched from the layout cache on first use),
// held for the whole run: engines keep a layout's pointers and kernels stay
// queued after a part's step returns, while the cache may evict a layout no
// run holds when another does not fit (the allocation-failure test of
// test_partitioned found that as a use after free).
class PartLayouts {
public:
    PartLayouts(DevicePartSet &parts, RunReport &report) {
        for (uint32_t p = 0; p < parts.num_parts(); ++p)
            held_.push_back(std::make_unique<RunLayouts>(parts.plan().parts[p].local, parts.info_of(p),
                                                         parts.stream_of(p), report));
    }
    RunLayouts &of(uint32_t part) const { return *held_[part]; }

private:
    std::vector<std::unique_ptr<RunLayouts>> held_;
};

}  // namespace gg::cuda
