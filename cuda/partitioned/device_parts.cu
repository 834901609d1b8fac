#include "partitioned/device_parts.cuh"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "engines/engine_state.cuh"
#include "partitioned/partitioned_run.h"

namespace gg::cuda {

namespace {

template <class T>
DeviceArray<T> upload(const std::vector<T> &host, const char *what, cudaStream_t stream) {
    DeviceArray<T> device(std::max<size_t>(host.size(), 1), what);
    double unused = 0;
    if (!host.empty()) copy_to_device(device.get(), host.data(), host.size() * sizeof(T), stream, unused);
    return device;
}

}  // namespace

uint64_t PlanLinks::bytes() const {
    uint64_t total = 0;
    for (const DeviceLink &link : links)
        total += link.owner_local.bytes() + link.replica_local.bytes() + link.to_replicas.bytes() +
                 link.to_owner.bytes();
    return total;
}

DevicePartSet::DevicePartSet(const PartitionPlan &plan, const RunConfig &config)
    : compute_ms(plan.num_parts(), 0.0), exchange_ms(plan.num_parts(), 0.0),
      exchange_hidden_ms(plan.num_parts(), 0.0), plan_(plan),
      num_threads_(config.num_threads), states_(config.states) {
    const std::vector<int> &devices = config.devices;
    if (devices.empty()) fail(GG_ERROR_UNSUPPORTED, "the context has no CUDA device to run parts on");
    const uint32_t held = plan.num_parts() > plan.rank ? (plan.num_parts() - plan.rank + plan.ranks - 1) / plan.ranks : 0;
    devices_.assign(devices.begin(), devices.begin() + std::clamp<size_t>(held, 1, devices.size()));
    uint64_t placement = 0;  // the devices in order: a plan's links differ by where its parts live
    for (int device : devices_) {
        DeviceScope scope(device);
        infos_.push_back(&use_device(device));  // GG_ERROR_UNSUPPORTED naming the device when it is not usable
        streams_.push_back(std::make_unique<Stream>());
        handoffs_.push_back(std::make_unique<Handoff>());
        placement = placement * 1000003u + uint64_t(device) + 1;
    }
    // Results move between the devices by peer copies, and so do exchange
    // messages where NCCL does not carry them: direct over NVLink or PCIe
    // where the devices allow it, else staged through the host by the driver.
    if (devices_.size() > 1) enable_peer_access(devices_);
    choose_transport();
    std::vector<int> order = devices_;
    std::sort(order.begin(), order.end());  // one lock order for every run
    for (int device : order) exclusive_.emplace_back(persistent_kernel_lock(device));

    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        DeviceScope scope(device_of(p));
        for (uint32_t i = 0; i < kComputeIntervals; ++i) compute_clocks_.push_back(std::make_unique<EventTimer>());
    }
    clock_pending_.assign(compute_clocks_.size(), false);

    const StateKey key{plan.parts[0].local.uid(), 0, devices_[0], uint32_t(EngineId::plan_links), placement};
    links_ = std::make_unique<StatePool::Checkout<PlanLinks>>(StatePool::take<PlanLinks>(
        config.states, key, [&] { return std::unique_ptr<EngineState>(upload_links()); }));
}

void DevicePartSet::choose_transport() {
    const char *value = std::getenv("GG_PARTITIONED_TRANSPORT");
    const std::string asked = value != nullptr ? value : "";
    if (!asked.empty() && asked != "nccl" && asked != "peer")
        fail(GG_ERROR_INVALID_ARGUMENT, "GG_PARTITIONED_TRANSPORT is '%s'; it takes nccl or peer", asked.c_str());
    double setup_ms = 0;
    // Between processes first: every process takes part, whatever its devices.
    if (plan_.ranks > 1) remote_ = NcclProcesses::over(plan_.communicator(), devices_, asked, setup_ms);
    if (devices_.size() >= 2) {
        transport_ = Transport::peer;
        if (asked != "peer") {
            double local_ms = 0;
            try {
                nccl_ = &NcclDevices::over(devices_, local_ms);
                transport_ = Transport::nccl;
                setup_ms += local_ms;
            } catch (const Error &) {
                if (asked == "nccl") throw;  // asked for: its failure is the run's
            }                                // else the peer copies serve
        }
    }
    // The first run over these devices pays NCCL's setup: exchange time.
    if (holds(first_part_on(0))) exchange_ms[first_part_on(0)] += setup_ms;
}

int DevicePartSet::remote_rank(uint32_t part) const {
    const uint32_t process = plan_.rank_of(part);
    return remote_->rank_of(process, (part / plan_.ranks) % remote_->devices_of(process));
}

void DevicePartSet::send_remote(uint32_t from, const void *src, size_t bytes, uint32_t to) {
    remote_->send(uint32_t(slot(from)), stream_of(from), src, bytes, remote_rank(to));
}

void DevicePartSet::receive_remote(uint32_t to, void *dst, size_t bytes, uint32_t from) {
    remote_->receive(uint32_t(slot(to)), stream_of(to), dst, bytes, remote_rank(from));
}

void DevicePartSet::deliver_remote() {
    if (remote_ != nullptr) remote_->issue();
}

void DevicePartSet::wait_for(cudaStream_t stream) const {
    if (remote_ != nullptr)
        remote_->wait(stream);
    else
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
}

void DevicePartSet::wait_for_slot(uint32_t d) const {
    DeviceScope scope(devices_[d]);
    wait_for(streams_[d]->get());
}

void DevicePartSet::move(uint32_t from, uint32_t to, void *dst, const void *src, size_t bytes, Lane lane) {
    if (bytes == 0) return;
    if (transport_ == Transport::nccl) {
        if (nccl_pending_ == 0) nccl_->begin();
        nccl_->copy(device_of(from), stream_of(from, lane), src, device_of(to), stream_of(to, lane), dst, bytes);
        ++nccl_pending_;
        return;
    }
    {
        DeviceScope scope(device_of(from));
        GG_CUDA_CHECK(cudaMemcpyPeerAsync(dst, device_of(to), src, device_of(from), bytes, stream_of(from, lane)));
    }
    hand_over(from, to, lane);
}

cudaStream_t DevicePartSet::side_stream_of(uint32_t part) {
    if (side_streams_.empty()) {
        for (int device : devices_) {
            DeviceScope scope(device);
            side_streams_.push_back(std::make_unique<Stream>());
            side_handoffs_.push_back(std::make_unique<Handoff>());
            to_side_.push_back(std::make_unique<Handoff>());
            to_main_.push_back(std::make_unique<Handoff>());
        }
    }
    return side_streams_[slot(part)]->get();
}

void DevicePartSet::side_waits_for_main(uint32_t part) {
    const cudaStream_t side = side_stream_of(part);
    DeviceScope scope(device_of(part));
    const cudaEvent_t event = to_side_[slot(part)]->event;
    GG_CUDA_CHECK(cudaEventRecord(event, stream_of(part)));
    GG_CUDA_CHECK(cudaStreamWaitEvent(side, event, 0));
}

void DevicePartSet::main_waits_for_side(uint32_t part) {
    const cudaStream_t side = side_stream_of(part);
    DeviceScope scope(device_of(part));
    const cudaEvent_t event = to_main_[slot(part)]->event;
    GG_CUDA_CHECK(cudaEventRecord(event, side));
    GG_CUDA_CHECK(cudaStreamWaitEvent(stream_of(part), event, 0));
}

void DevicePartSet::deliver() {
    if (nccl_pending_ == 0) return;
    nccl_pending_ = 0;
    nccl_->end();
}

std::unique_ptr<PlanLinks> DevicePartSet::upload_links() const {
    auto uploaded = std::make_unique<PlanLinks>();
    const PartitionPlan &plan = plan_;
    uploaded->links.resize(plan.links.size());
    for (size_t i = 0; i < plan.links.size(); ++i) {
        const ReplicaLink &from = plan.links[i];
        DeviceLink &link = uploaded->links[i];
        link.owner_part = from.owner_part;
        link.replica_part = from.replica_part;
        link.entries = uint32_t(from.owner_local.size());
        // Each end's ids where its part lives: this process holds one end or both.
        if (holds(link.owner_part)) {
            DeviceScope scope(device_of(link.owner_part));
            link.owner_local = upload(from.owner_local, "replica link: owner ids", stream_of(link.owner_part));
        }
        if (holds(link.replica_part)) {
            DeviceScope scope(device_of(link.replica_part));
            link.replica_local = upload(from.replica_local, "replica link: replica ids", stream_of(link.replica_part));
        }
    }
    synchronize();  // ready before any run reads them
    return uploaded;
}

DevicePartSet::~DevicePartSet() {
    for (size_t d = 0; d < devices_.size(); ++d) {
        DeviceScope scope(devices_[d]);
        cudaStreamSynchronize(streams_[d]->get());  // nothing may still read what is freed
        if (d < side_streams_.size()) cudaStreamSynchronize(side_streams_[d]->get());
    }
}

DevicePartSet::Handoff::Handoff() { GG_CUDA_CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming)); }
DevicePartSet::Handoff::~Handoff() {
    if (event) cudaEventDestroy(event);
    cudaGetLastError();
}

void DevicePartSet::hand_over(uint32_t from, uint32_t to, Lane lane) {
    if (devices_[slot(from)] == devices_[slot(to)]) return;
    record_handoff(from, lane);
    wait_for_handoff(from, to, lane);
}

void DevicePartSet::record_handoff(uint32_t from, Lane lane) {
    const size_t f = slot(from);
    const cudaStream_t sender = stream_of(from, lane);  // (makes the side handoffs first)
    DeviceScope scope(devices_[f]);
    GG_CUDA_CHECK(cudaEventRecord((lane == Lane::main ? handoffs_ : side_handoffs_)[f]->event, sender));
}

void DevicePartSet::wait_for_handoff(uint32_t from, uint32_t to, Lane lane) {
    const size_t f = slot(from), t = slot(to);
    if (devices_[f] == devices_[t]) return;
    const cudaStream_t receiver = stream_of(to, lane);  // (makes the side handoffs first)
    DeviceScope scope(devices_[t]);
    // The wait takes the event as recorded now, so the event may be recorded again at once.
    GG_CUDA_CHECK(cudaStreamWaitEvent(receiver, (lane == Lane::main ? handoffs_ : side_handoffs_)[f]->event, 0));
}

void DevicePartSet::start_compute(uint32_t p, uint32_t interval) {
    DeviceScope scope(device_of(p));
    compute_clocks_[p * kComputeIntervals + interval]->start(stream_of(p));
}

void DevicePartSet::stop_compute(uint32_t p, uint32_t interval) {
    DeviceScope scope(device_of(p));
    const size_t i = p * kComputeIntervals + interval;
    compute_clocks_[i]->stop(stream_of(p));
    clock_pending_[i] = true;
}

void DevicePartSet::collect_compute() {
    for (size_t i = 0; i < compute_clocks_.size(); ++i) {
        if (!clock_pending_[i]) continue;
        DeviceScope scope(device_of(uint32_t(i / kComputeIntervals)));
        compute_ms[i / kComputeIntervals] += compute_clocks_[i]->elapsed_ms();
        clock_pending_[i] = false;
    }
}

RunConfig DevicePartSet::config_of(uint32_t part, const RunConfig &run) const {
    RunConfig config = run;
    config.device_id = device_of(part);
    return config;
}

void DevicePartSet::synchronize() const {
    for (size_t d = 0; d < devices_.size(); ++d) {
        DeviceScope scope(devices_[d]);
        wait_for(streams_[d]->get());
        if (d < side_streams_.size()) wait_for(side_streams_[d]->get());
    }
}

uint32_t *DevicePartSet::host_words(size_t count) {
    PlanLinks &links = **links_;
    if (count > links.word_capacity) {
        links.word_capacity = std::max<size_t>(count, 64);
        links.words = std::make_unique<PinnedBuffer>(links.word_capacity * sizeof(uint32_t));
    }
    return static_cast<uint32_t *>(links.words->get());
}

void DevicePartSet::finish(RunReport &report, PartitionedReport &out, uint32_t supersteps,
                           uint64_t edges_visited) {
    collect_compute();
    report_totals(plan_, bytes_exchanged, exchange_rounds, compute_ms, exchange_ms, supersteps, edges_visited, report,
                  out);
    out.exchange_hidden_ms = 0;
    for (double ms : exchange_hidden_ms) out.exchange_hidden_ms += ms;
}

}  // namespace gg::cuda
