// NCCL between the processes of a distributed context (docs/distributed.md,
// "Between GPUs of different processes"): one NCCL communicator over every
// process's GPUs, so that a GPU part's messages to a part of another process
// go device to device (NVLink, PCIe, or NCCL's network transports) instead
// of through both hosts and MPI.
//
// NCCL rank numbering: the processes in order, each with the devices of its
// context in its own order (process r's slot s is rank first_rank[r] + s).
// The unique id travels by the context's communicator (MPI), which also
// carries what every process must agree on first: whether NCCL is wanted,
// loads everywhere, and sees no GPU twice (NCCL refuses two ranks on one
// GPU, e.g. every process on GPU 0).
//
// The communicators are non-blocking (NcclConfig::blocking 0): every call
// returns at once and gg polls it against the context's timeout
// (gg_context_options.mpi_timeout_s), as the MPI communicator polls its own
// requests; so does every wait for a stream that carries NCCL's transfers.
// A process that died or hangs therefore makes the others fail with
// GG_ERROR_DISTRIBUTED within the timeout: they abort their NCCL
// communicators (which stops NCCL's kernels waiting on their streams) and
// mark the context's communicator broken.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "exchange/communicator.h"

namespace gg::cuda {

class NcclProcesses final : public Communicator::Attachment {
public:
    // Collective: every process of `comm` calls it at the start of each GPU
    // run over a plan spread over them, with its context's devices and its
    // GG_PARTITIONED_TRANSPORT (`asked`: "", "nccl" or "peer"). Returns the
    // communicator (made on the first such run, or again when a process's
    // devices changed), or null where the processes exchange through the
    // host: "peer" asked on some process, NCCL not loading or too old on
    // some process, a GPU used by two processes, or NCCL failing to start.
    // Where some process asked for "nccl", each of those fails the run on
    // every process instead (GG_ERROR_UNSUPPORTED or GG_ERROR_DEVICE, naming
    // why). `setup_ms`: the time spent making it (0 when it existed).
    static NcclProcesses *over(Communicator &comm, const std::vector<int> &devices, const std::string &asked,
                               double &setup_ms);

    ~NcclProcesses() override;
    NcclProcesses(const NcclProcesses &) = delete;
    NcclProcesses &operator=(const NcclProcesses &) = delete;

    // The NCCL rank of device slot `slot` of process `process`, and how many
    // devices that process runs parts on.
    int rank_of(uint32_t process, uint32_t slot) const { return int(first_rank_[process] + slot); }
    uint32_t devices_of(uint32_t process) const { return count_[process]; }

    // One group of transfers with other processes: each send and receive
    // added is issued at issue(), on the given stream of this process's
    // device slot. NCCL matches the sends and receives between two ranks in
    // the order added, so both sides add them in one agreed order (the
    // plan's links).
    void send(uint32_t slot, cudaStream_t stream, const void *src, size_t bytes, int to_rank);
    void receive(uint32_t slot, cudaStream_t stream, void *dst, size_t bytes, int from_rank);
    void issue();

    // Waits until `stream` (of device slot `slot`) ran everything queued,
    // watching NCCL: an error NCCL reports, or a wait past the timeout,
    // aborts the communicators and fails with GG_ERROR_DISTRIBUTED.
    void wait(cudaStream_t stream);

private:
    NcclProcesses(Communicator &comm, const std::vector<int> &devices);
    void start(double timeout_s);
    // Polls every communicator until none is still in progress; `what` names
    // the step in the failure.
    void settle(const char *what);
    [[noreturn]] void abort_and_fail(const std::string &why);

    Communicator &comm_;
    std::vector<int> devices_;              // this process's, by slot
    std::vector<void *> comms_;             // ncclComm_t, by slot
    std::vector<uint32_t> first_rank_, count_;  // by process
    double timeout_s_ = 0;
    bool broken_ = false;
    struct Transfer {
        bool send;
        uint32_t slot;
        cudaStream_t stream;
        void *data;
        size_t bytes;
        int peer;
    };
    std::vector<Transfer> pending_;
};

}  // namespace gg::cuda
