// NCCL, NVIDIA's collective communication library, loaded with dlopen on
// first use, as NVRTC is (jit/nvrtc.cuh): the static libgg then adds no link
// dependency, and a machine without NCCL still runs every partitioned run,
// moving the exchange's messages between GPUs by peer copies instead
// (docs/partitioned.md, "Between GPUs"). Only the point-to-point calls the
// exchange needs are looked up.
//
// NCCL's header is not included: it is not on every machine that builds gg
// (the CUDA toolkit ships it on some, a Python wheel on others), and gg
// needs four types of it, which libnccl.so.2 keeps stable (nccl.cu).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

namespace gg::cuda {

class Nccl {
public:
    // The process's NCCL, loaded once: $GG_NCCL_LIBRARY when set, else
    // libnccl.so.2, libnccl.so. Throws GG_ERROR_UNSUPPORTED when none loads
    // (every call, with the same reason).
    static const Nccl &get();

    Nccl(const Nccl &) = delete;
    Nccl &operator=(const Nccl &) = delete;

    struct Entry;  // the function pointers (nccl.cu)
    const Entry &entry() const { return *entry_; }

private:
    Nccl() = default;
    static Nccl &process_nccl();  // loaded on the first call
    void load();

    Entry *entry_ = nullptr;
    void *handle_ = nullptr;
    int version_ = 0;
    std::string library_;
    std::string failure_;  // why it did not load; empty when it did
};

// One NCCL communicator over a list of devices of this process, rank i on
// devices[i] (ncclCommInitAll), made the first time a run spreads parts over
// exactly these devices and kept for the process's life, as peer access is
// (runtime.cuh): setting one up costs hundreds of milliseconds.
class NcclDevices {
public:
    // The communicator over `devices` (distinct, at least two). Throws
    // GG_ERROR_UNSUPPORTED when NCCL does not load and GG_ERROR_DEVICE with
    // NCCL's message when it does not start; `setup_ms` is the time this
    // call spent setting it up (0 when it existed).
    static NcclDevices &over(const std::vector<int> &devices, double &setup_ms);

    // One group of point-to-point copies: every copy added between begin()
    // and end() is issued at end() as one NCCL group, each send on the
    // sender's stream and its receive on the receiver's, so that the
    // receiver's stream runs what follows only once the bytes arrived.
    // Copies between one pair of devices arrive in the order added.
    void begin();
    void copy(int from_device, cudaStream_t from_stream, const void *src, int to_device, cudaStream_t to_stream,
              void *dst, size_t bytes);
    void end();

private:
    explicit NcclDevices(const std::vector<int> &devices);
    int rank_of(int device) const;

    std::vector<int> devices_;
    std::vector<void *> comms_;  // ncclComm_t, by rank
    struct Copy {
        int from, to;  // ranks
        cudaStream_t from_stream, to_stream;
        const void *src;
        void *dst;
        size_t bytes;
    };
    std::vector<Copy> pending_;
};

}  // namespace gg::cuda
