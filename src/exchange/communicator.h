// The processes a partition plan's parts are spread over, and the few
// collective operations the partitioned engine needs from them
// (design.md: "MPI/NCCL between processes"). A plan of one process uses
// SingleProcess, which moves nothing; a distributed context
// (gg_context_options.mpi, docs/distributed.md) uses the MPI one
// (mpi_communicator.cpp), which exists only in builds with MPI.
//
// Every operation is collective: all processes call it, in the same order,
// with matching arguments. Part p of a plan lives on process p mod size().
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gg {

using Bytes = std::vector<unsigned char>;

class Communicator {
public:
    virtual ~Communicator() = default;
    virtual uint32_t rank() const = 0;
    virtual uint32_t size() const = 0;

    // Sends outgoing[r] to process r and receives incoming[r] from it
    // (both size() entries; this process's own entry is moved across).
    virtual void exchange(std::vector<Bytes> &outgoing, std::vector<Bytes> &incoming) = 0;
    // Every process's `mine`, in process order.
    virtual std::vector<Bytes> gather_all(const Bytes &mine) = 0;
    // Element-wise sums over the processes, in place.
    virtual void sum(double *values, size_t count) = 0;
    virtual void sum(uint64_t *values, size_t count) = 0;
    // Element-wise maxima over the processes, in place.
    virtual void max(uint64_t *values, size_t count) = 0;
    // `bytes` of process `root` to every process.
    virtual void broadcast(void *data, size_t bytes, uint32_t root) = 0;
    // Held for the whole of a distributed call: the collectives of two
    // calls on one communicator must not interleave. One process needs none.
    virtual std::unique_lock<std::mutex> hold() { return {}; }
    // The longest a wait for the other processes may take before the call
    // fails with GG_ERROR_DISTRIBUTED (gg_context_options.mpi_timeout_s);
    // 0: no limit (one process).
    virtual double timeout_s() const { return 0; }
    // After a fault outside the communicator's own operations (the GPUs'
    // exchange between the processes timed out), it refuses further use as
    // after a timeout of its own: the processes no longer agree on where
    // they are.
    virtual void mark_broken() {}

    // What a backend keeps for as long as this communicator lives (the CUDA
    // backend's NCCL communicators over the processes' GPUs,
    // cuda/runtime/nccl_processes.cuh): made by its first run, freed with
    // the context. Used under hold().
    struct Attachment {
        virtual ~Attachment() = default;
    };
    std::unique_ptr<Attachment> attachment;

    // Fails on every process, with GG_ERROR_INVALID_ARGUMENT, unless all
    // describe `what` (e.g. "the run") with the same text: processes that
    // disagree on a call would otherwise wait on each other forever.
    void agree(const std::string &text, const char *what);

    bool any(bool mine) {
        uint64_t flag = mine ? 1 : 0;
        max(&flag, 1);
        return flag != 0;
    }
    double sum(double mine) {
        sum(&mine, 1);
        return mine;
    }
    uint64_t sum(uint64_t mine) {
        sum(&mine, 1);
        return mine;
    }
};

// One process: every part is here and nothing travels.
class SingleProcess final : public Communicator {
public:
    uint32_t rank() const override { return 0; }
    uint32_t size() const override { return 1; }
    void exchange(std::vector<Bytes> &outgoing, std::vector<Bytes> &incoming) override {
        incoming.resize(1);
        incoming[0].swap(outgoing[0]);
        outgoing[0].clear();
    }
    std::vector<Bytes> gather_all(const Bytes &mine) override { return {mine}; }
    void sum(double *, size_t) override {}
    void sum(uint64_t *, size_t) override {}
    void max(uint64_t *, size_t) override {}
    void broadcast(void *, size_t, uint32_t) override {}
};

// The communicator of a plan made without one.
Communicator &single_process();

}  // namespace gg
