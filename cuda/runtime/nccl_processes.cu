// NCCL between processes (nccl_processes.cuh).
#include "runtime/nccl_processes.cuh"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/timer.h"
#include "exchange/poll_pause.h"
#include "runtime/nccl.cuh"
#include "runtime/nccl_entry.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

namespace {

// What each process tells the others before the communicator is made or
// reused, combined by maximum over the processes.
enum Vote : size_t { kPeerAsked, kNcclAsked, kCannot, kRebuild, kVotes };

// The 16-byte UUID of each device: two processes naming one GPU by
// different ids (CUDA_VISIBLE_DEVICES) still name the same UUID.
Bytes device_uuids(const std::vector<int> &devices) {
    Bytes out;
    for (int device : devices) {
        cudaDeviceProp prop{};
        GG_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
        const auto *bytes = reinterpret_cast<const unsigned char *>(&prop.uuid);
        out.insert(out.end(), bytes, bytes + sizeof prop.uuid);
    }
    return out;
}

// Whether two processes (or one process twice) use one GPU, and which.
bool shares_a_gpu(const std::vector<Bytes> &uuids, uint32_t &first, uint32_t &second) {
    constexpr size_t kUuid = sizeof(cudaUUID_t);
    for (uint32_t a = 0; a < uuids.size(); ++a)
        for (size_t i = 0; i + kUuid <= uuids[a].size(); i += kUuid)
            for (uint32_t b = a; b < uuids.size(); ++b)
                for (size_t j = (b == a ? i + kUuid : 0); j + kUuid <= uuids[b].size(); j += kUuid)
                    if (std::memcmp(uuids[a].data() + i, uuids[b].data() + j, kUuid) == 0) {
                        first = a;
                        second = b;
                        return true;
                    }
    return false;
}

// The test hook of docs/building.md: the process GG_FAULT_NCCL_SILENT names
// issues none of its transfers, as a process that hangs would not.
bool silent_here(uint32_t rank) {
    const char *value = std::getenv("GG_FAULT_NCCL_SILENT");
    return value != nullptr && value[0] != '\0' && std::strtoul(value, nullptr, 10) == rank;
}

}  // namespace

NcclProcesses *NcclProcesses::over(Communicator &comm, const std::vector<int> &devices, const std::string &asked,
                                   double &setup_ms) {
    setup_ms = 0;
    auto *existing = dynamic_cast<NcclProcesses *>(comm.attachment.get());
    std::string cannot;  // why not here
    const Nccl::Entry *entry = nullptr;
    try {
        entry = &Nccl::get().entry();
        if (!entry->between_processes())
            cannot = "its NCCL lacks ncclCommInitRankConfig or another call gg needs between processes (NCCL 2.14 or "
                     "newer is needed)";
    } catch (const Error &e) {
        cannot = e.what();
    }
    uint64_t votes[kVotes] = {};
    votes[kPeerAsked] = asked == "peer";
    votes[kNcclAsked] = asked == "nccl";
    votes[kCannot] = !cannot.empty();
    votes[kRebuild] = existing == nullptr || existing->broken_ || existing->devices_ != devices;
    uint64_t mine[kVotes];
    std::copy(votes, votes + kVotes, mine);
    comm.max(votes, kVotes);
    if (votes[kPeerAsked] && votes[kNcclAsked])
        fail(GG_ERROR_INVALID_ARGUMENT,
             "the processes disagree on GG_PARTITIONED_TRANSPORT: some ask for nccl, others for peer (this one: "
             "'%s')",
             asked.c_str());
    if (votes[kPeerAsked]) return nullptr;
    if (votes[kCannot]) {
        if (!votes[kNcclAsked]) return nullptr;
        if (mine[kCannot]) fail(GG_ERROR_UNSUPPORTED, "NCCL between the processes: %s", cannot.c_str());
        fail(GG_ERROR_UNSUPPORTED, "GG_PARTITIONED_TRANSPORT=nccl, but NCCL cannot run on another process");
    }
    if (!votes[kRebuild]) return existing;

    comm.attachment.reset();  // the old communicator's ranks are gone with it
    const std::vector<Bytes> uuids = comm.gather_all(device_uuids(devices));
    uint32_t first = 0, second = 0;
    if (shares_a_gpu(uuids, first, second)) {
        if (!votes[kNcclAsked]) return nullptr;
        fail(GG_ERROR_UNSUPPORTED,
             "GG_PARTITIONED_TRANSPORT=nccl, but processes %u and %u use the same GPU, which NCCL refuses: give each "
             "process its own GPUs (gg_context_options.device_id, e.g. from the launcher's local rank)",
             first, second);
    }
    Stopwatch clock;
    std::unique_ptr<NcclProcesses> made(new NcclProcesses(comm, devices));
    for (uint32_t r = 0; r < comm.size(); ++r) {
        made->count_[r] = uint32_t(uuids[r].size() / sizeof(cudaUUID_t));
        made->first_rank_[r] = r == 0 ? 0 : made->first_rank_[r - 1] + made->count_[r - 1];
    }
    std::string failure;
    try {
        made->start(comm.timeout_s());
    } catch (const Error &e) {
        failure = e.what();
    }
    if (comm.any(!failure.empty())) {
        made.reset();  // aborts what started
        if (!votes[kNcclAsked]) return nullptr;
        fail(GG_ERROR_DEVICE, "NCCL did not start between the processes: %s",
             failure.empty() ? "it failed on another process" : failure.c_str());
    }
    setup_ms = clock.elapsed_ms();
    comm.attachment = std::move(made);
    return static_cast<NcclProcesses *>(comm.attachment.get());
}

NcclProcesses::NcclProcesses(Communicator &comm, const std::vector<int> &devices)
    : comm_(comm), devices_(devices), comms_(devices.size(), nullptr), first_rank_(comm.size(), 0),
      count_(comm.size(), 0) {}

NcclProcesses::~NcclProcesses() {
    // Abort frees a communicator without waiting for the other ranks, which
    // may be gone already.
    const Nccl::Entry &e = Nccl::get().entry();
    for (void *c : comms_)
        if (c != nullptr) e.comm_abort(c);
}

void NcclProcesses::start(double timeout_s) {
    timeout_s_ = timeout_s;
    const Nccl::Entry &e = Nccl::get().entry();
    // Process 0's unique id, with whether it got one, to every process.
    struct {
        int32_t status;
        NcclUniqueId id;
    } shared{};
    if (comm_.rank() == 0) shared.status = e.get_unique_id(&shared.id);
    comm_.broadcast(&shared, sizeof shared, 0);
    if (shared.status != kNcclSuccess)
        fail(GG_ERROR_DEVICE, "process 0 got no NCCL id: %s", nccl_message(e, shared.status).c_str());
    const int ranks = int(first_rank_.back() + count_.back());
    nccl_check(e, e.group_start(), "ncclGroupStart");
    NcclResult failed = kNcclSuccess;
    for (size_t slot = 0; slot < devices_.size(); ++slot) {
        DeviceScope scope(devices_[slot]);
        NcclConfig config;
        config.blocking = 0;
        const NcclResult s = e.comm_init_rank_config(&comms_[slot], ranks, shared.id,
                                                     rank_of(comm_.rank(), uint32_t(slot)), &config);
        if (s != kNcclSuccess && s != kNcclInProgress && failed == kNcclSuccess) failed = s;
    }
    const NcclResult ended = e.group_end();
    if (failed != kNcclSuccess) fail(GG_ERROR_DEVICE, "ncclCommInitRankConfig: %s", nccl_message(e, failed).c_str());
    if (ended != kNcclSuccess && ended != kNcclInProgress)
        fail(GG_ERROR_DEVICE, "ncclGroupEnd: %s", nccl_message(e, ended).c_str());
    settle("starting NCCL");
}

void NcclProcesses::settle(const char *what) {
    const Nccl::Entry &e = Nccl::get().entry();
    const auto start = std::chrono::steady_clock::now();
    while (true) {
        bool busy = false;
        for (void *c : comms_) {
            if (c == nullptr) continue;
            NcclResult state = kNcclSuccess;
            const NcclResult asked = e.comm_get_async_error(c, &state);
            if (asked != kNcclSuccess) state = asked;
            if (state == kNcclInProgress) {
                busy = true;
            } else if (state != kNcclSuccess) {
                abort_and_fail(std::string(what) + ": NCCL reports " + nccl_message(e, state, c));
            }
        }
        if (!busy) return;
        const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (timeout_s_ > 0 && waited > timeout_s_)
            abort_and_fail(std::string(what) + ": no answer from the other processes in " +
                           std::to_string(int(timeout_s_)) + " s");
        pause_between_polls(waited);
    }
}

void NcclProcesses::abort_and_fail(const std::string &why) {
    const Nccl::Entry &e = Nccl::get().entry();
    for (void *&c : comms_) {
        if (c != nullptr) e.comm_abort(c);
        c = nullptr;
    }
    broken_ = true;
    comm_.mark_broken();
    fail(GG_ERROR_DISTRIBUTED,
         "process %u: the GPUs' exchange between the processes failed: %s (one failed, died or hangs; "
         "gg_context_options.mpi_timeout_s sets the limit); NCCL was aborted, create a new context",
         comm_.rank(), why.c_str());
}

void NcclProcesses::send(uint32_t slot, cudaStream_t stream, const void *src, size_t bytes, int to_rank) {
    if (bytes) pending_.push_back(Transfer{true, slot, stream, const_cast<void *>(src), bytes, to_rank});
}

void NcclProcesses::receive(uint32_t slot, cudaStream_t stream, void *dst, size_t bytes, int from_rank) {
    if (bytes) pending_.push_back(Transfer{false, slot, stream, dst, bytes, from_rank});
}

void NcclProcesses::issue() {
    if (broken_) fail(GG_ERROR_DISTRIBUTED, "NCCL between the processes was aborted after a fault; create a new context");
    std::vector<Transfer> transfers;
    transfers.swap(pending_);
    if (transfers.empty() || silent_here(comm_.rank())) return;
    const Nccl::Entry &e = Nccl::get().entry();
    // One thread drives every device of this process, so all of a round's
    // transfers are one group (outside one, a send could wait for a receive
    // not yet issued).
    nccl_check(e, e.group_start(), "ncclGroupStart");
    NcclResult failed = kNcclSuccess;
    for (const Transfer &t : transfers) {
        const NcclResult s = t.send ? e.send(t.data, t.bytes, kNcclUint8, t.peer, comms_[t.slot], t.stream)
                                    : e.recv(t.data, t.bytes, kNcclUint8, t.peer, comms_[t.slot], t.stream);
        if (s != kNcclSuccess && s != kNcclInProgress && failed == kNcclSuccess) failed = s;
    }
    const NcclResult ended = e.group_end();
    if (failed != kNcclSuccess) abort_and_fail("ncclSend or ncclRecv: " + nccl_message(e, failed));
    if (ended != kNcclSuccess && ended != kNcclInProgress) abort_and_fail("ncclGroupEnd: " + nccl_message(e, ended));
    settle("queueing the exchange");
}

void NcclProcesses::wait(cudaStream_t stream) {
    const Nccl::Entry &e = Nccl::get().entry();
    const auto start = std::chrono::steady_clock::now();
    while (true) {
        const cudaError_t status = cudaStreamQuery(stream);
        if (status == cudaSuccess) return;
        if (status != cudaErrorNotReady) GG_CUDA_CHECK(status);
        for (void *c : comms_) {
            if (c == nullptr) continue;
            NcclResult state = kNcclSuccess;
            e.comm_get_async_error(c, &state);
            if (state != kNcclSuccess && state != kNcclInProgress)
                abort_and_fail("waiting for the exchange: NCCL reports " + nccl_message(e, state, c));
        }
        const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (timeout_s_ > 0 && waited > timeout_s_)
            abort_and_fail("waiting for the exchange: no answer from the other processes in " +
                           std::to_string(int(timeout_s_)) + " s");
        pause_between_polls(waited);
    }
}

}  // namespace gg::cuda
