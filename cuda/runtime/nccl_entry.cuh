// The part of NCCL's C interface gg calls, looked up by nccl.cu and used by
// it and nccl_processes.cu (nccl.cuh says why NCCL's header is not
// included): results are ints with 0 for success, a communicator is an
// opaque pointer, and the types are declared as libnccl.so.2 defines them
// (nccl.h), which NCCL keeps stable.
#pragma once

#include <cuda_runtime_api.h>

#include <climits>
#include <cstddef>
#include <string>

#include "core/error.h"
#include "runtime/nccl.cuh"

namespace gg::cuda {

using NcclResult = int;
using NcclComm = void *;
constexpr NcclResult kNcclSuccess = 0;
constexpr NcclResult kNcclInProgress = 7;  // a non-blocking communicator's call still running
constexpr int kNcclUint8 = 1;

// ncclUniqueId: what every process of a communicator must share.
struct NcclUniqueId {
    char internal[128];
};

// ncclConfig_t as NCCL 2.14 introduced it: NCCL reads the fields a config's
// `size` and `version` say it has and takes its defaults for the others, so
// the first version's layout serves every later library. gg sets only
// `blocking` (0: every call returns at once, and gg polls against its own
// deadline, so that a process that died cannot hang the others).
struct NcclConfig {
    size_t size = sizeof(NcclConfig);
    unsigned int magic = 0xcafebeef;
    unsigned int version = 21400;  // NCCL_VERSION(2, 14, 0)
    int blocking = INT_MIN;        // INT_MIN: NCCL's "undefined", its default
    int cga_cluster_size = INT_MIN;
    int min_ctas = INT_MIN;
    int max_ctas = INT_MIN;
    const char *net_name = nullptr;
};

struct Nccl::Entry {
    NcclResult (*get_version)(int *) = nullptr;
    const char *(*error_string)(NcclResult) = nullptr;
    const char *(*last_error)(NcclComm) = nullptr;  // optional (NCCL 2.13+)
    NcclResult (*comm_init_all)(NcclComm *, int, const int *) = nullptr;
    NcclResult (*group_start)() = nullptr;
    NcclResult (*group_end)() = nullptr;
    NcclResult (*send)(const void *, size_t, int, int, NcclComm, cudaStream_t) = nullptr;
    NcclResult (*recv)(void *, size_t, int, int, NcclComm, cudaStream_t) = nullptr;
    // Between processes (nccl_processes.cuh); optional: without them the
    // processes exchange through the host.
    NcclResult (*get_unique_id)(NcclUniqueId *) = nullptr;
    NcclResult (*comm_init_rank_config)(NcclComm *, int, NcclUniqueId, int, NcclConfig *) = nullptr;
    NcclResult (*comm_get_async_error)(NcclComm, NcclResult *) = nullptr;
    NcclResult (*comm_abort)(NcclComm) = nullptr;
    bool between_processes() const {
        return get_unique_id && comm_init_rank_config && comm_get_async_error && comm_abort;
    }
};

// NCCL's own words for a failed call, with its last error where it keeps one.
inline std::string nccl_message(const Nccl::Entry &e, NcclResult status, NcclComm comm = nullptr) {
    std::string out = e.error_string ? e.error_string(status) : "NCCL error " + std::to_string(status);
    if (e.last_error) {
        const char *last = e.last_error(comm);
        if (last != nullptr && last[0] != '\0') out += std::string(": ") + last;
    }
    return out;
}

// Fails with GG_ERROR_DEVICE and NCCL's words unless `status` is success.
inline void nccl_check(const Nccl::Entry &e, NcclResult status, const char *call) {
    if (status != kNcclSuccess)
        fail(GG_ERROR_DEVICE, "NCCL's %s failed: %s", call, nccl_message(e, status).c_str());
}

}  // namespace gg::cuda
