// NCCL through dlopen (nccl.cuh).
#include "runtime/nccl.cuh"
#include "runtime/nccl_entry.cuh"

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

#include "core/error.h"
#include "core/timer.h"
#include "runtime/runtime.cuh"
#include "runtime/shared_library.h"

namespace gg::cuda {

namespace {

std::string device_list(const std::vector<int> &devices) {
    std::string list;
    for (int d : devices) list += (list.empty() ? "devices " : ", ") + std::to_string(d);
    return list;
}

}  // namespace

const Nccl &Nccl::get() {
    const Nccl &nccl = process_nccl();
    if (!nccl.failure_.empty()) fail(GG_ERROR_UNSUPPORTED, "%s", nccl.failure_.c_str());
    return nccl;
}

Nccl &Nccl::process_nccl() {
    static Nccl nccl;
    static std::once_flag once;
    std::call_once(once, [] { nccl.load(); });
    return nccl;
}

void Nccl::load() {
    const std::vector<std::string> names = library_candidates("GG_NCCL_LIBRARY", {"libnccl.so.2", "libnccl.so"});
    std::string tried;
    handle_ = open_first_library(names, library_, tried);
    if (handle_ == nullptr) {
        failure_ = "the exchange between GPUs through NCCL needs libnccl, and none could be loaded (install NCCL, put "
                   "its directory on LD_LIBRARY_PATH, or set GG_NCCL_LIBRARY to its path; without NCCL the parts "
                   "exchange by peer copies):" +
                   tried;
        return;
    }
    entry_ = new Entry;
    Entry &e = *entry_;
    const bool complete = look_up(handle_, "ncclGetVersion", e.get_version) &&
                          look_up(handle_, "ncclGetErrorString", e.error_string) &&
                          look_up(handle_, "ncclCommInitAll", e.comm_init_all) &&
                          look_up(handle_, "ncclGroupStart", e.group_start) &&
                          look_up(handle_, "ncclGroupEnd", e.group_end) && look_up(handle_, "ncclSend", e.send) &&
                          look_up(handle_, "ncclRecv", e.recv);
    // What processes need besides (nccl_processes.cu): a missing one only
    // keeps the exchange between processes on the host.
    look_up(handle_, "ncclGetUniqueId", e.get_unique_id);
    look_up(handle_, "ncclCommInitRankConfig", e.comm_init_rank_config);
    look_up(handle_, "ncclCommGetAsyncError", e.comm_get_async_error);
    look_up(handle_, "ncclCommAbort", e.comm_abort);
    if (!complete) {
        failure_ = "the NCCL library " + library_ +
                   " lacks ncclSend or another entry point gg needs (NCCL 2.7 or newer is needed)";
        return;
    }
    look_up(handle_, "ncclGetLastError", e.last_error);
    if (e.get_version(&version_) != kNcclSuccess) failure_ = "NCCL (" + library_ + ") does not report its version";
}

NcclDevices &NcclDevices::over(const std::vector<int> &devices, double &setup_ms) {
    static std::mutex guard;
    static std::map<std::vector<int>, std::unique_ptr<NcclDevices>> made;  // for the life of the process
    setup_ms = 0;
    // The test hook of docs/building.md: NCCL failing to start, on a machine
    // where it starts (or started already).
    if (const char *fault = std::getenv("GG_FAULT_NCCL_START"); fault != nullptr && fault[0] != '\0')
        fail(GG_ERROR_DEVICE, "NCCL did not start over %s: injected by GG_FAULT_NCCL_START",
             device_list(devices).c_str());
    std::lock_guard<std::mutex> lock(guard);
    std::unique_ptr<NcclDevices> &slot = made[devices];
    if (!slot) {
        Stopwatch clock;
        slot.reset(new NcclDevices(devices));  // a failure leaves the slot empty: the next run tries again
        setup_ms = clock.elapsed_ms();
    }
    return *slot;
}

NcclDevices::NcclDevices(const std::vector<int> &devices) : devices_(devices), comms_(devices.size(), nullptr) {
    const Nccl::Entry &e = Nccl::get().entry();
    const NcclResult status = e.comm_init_all(comms_.data(), int(devices.size()), devices.data());
    if (status != kNcclSuccess)
        fail(GG_ERROR_DEVICE, "NCCL did not start over %s: %s", device_list(devices).c_str(),
             nccl_message(e, status).c_str());
}

int NcclDevices::rank_of(int device) const {
    for (size_t i = 0; i < devices_.size(); ++i)
        if (devices_[i] == device) return int(i);
    fail(GG_ERROR_INTERNAL, "device %d is not one of the NCCL communicator's", device);
}

void NcclDevices::begin() { pending_.clear(); }

void NcclDevices::copy(int from_device, cudaStream_t from_stream, const void *src, int to_device,
                       cudaStream_t to_stream, void *dst, size_t bytes) {
    if (bytes == 0) return;
    pending_.push_back(Copy{rank_of(from_device), rank_of(to_device), from_stream, to_stream, src, dst, bytes});
}

void NcclDevices::end() {
    if (pending_.empty()) return;
    const Nccl::Entry &e = Nccl::get().entry();
    // One thread drives every device, so the sends and receives must be one
    // group: outside a group, the first send would wait for a receive that
    // is never issued.
    nccl_check(e, e.group_start(), "ncclGroupStart");
    NcclResult failed = kNcclSuccess;
    const char *call = "";
    for (const Copy &c : pending_) {
        NcclResult s = e.send(c.src, c.bytes, kNcclUint8, c.to, comms_[c.from], c.from_stream);
        if (s != kNcclSuccess && failed == kNcclSuccess) failed = s, call = "ncclSend";
        s = e.recv(c.dst, c.bytes, kNcclUint8, c.from, comms_[c.to], c.to_stream);
        if (s != kNcclSuccess && failed == kNcclSuccess) failed = s, call = "ncclRecv";
    }
    pending_.clear();
    const NcclResult ended = e.group_end();  // closes the group even after a failed call
    nccl_check(e, failed, call);
    nccl_check(e, ended, "ncclGroupEnd");
}

}  // namespace gg::cuda
