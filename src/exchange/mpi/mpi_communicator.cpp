// The communicator of a distributed context over MPI (communicator.h,
// docs/distributed.md): the CPU parts' transport between processes.
//
// gg talks on its own duplicate of the caller's communicator, so its
// messages never match the caller's receives, with MPI_ERRORS_RETURN so
// that an MPI failure becomes a status, not an abort. Every wait is a
// poll of non-blocking operations against a deadline: a process that died
// or hangs makes the others fail with GG_ERROR_DISTRIBUTED within the
// timeout instead of waiting forever. After that the communicator is
// broken (an operation is still pending on it) and refuses further use.
//
// Messages are point-to-point in chunks of at most 1 GiB, since MPI counts
// are ints; sizes travel first, so a receive never guesses.
// Only MPI's C interface: its deprecated C++ classes would need libmpi_cxx.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "core/error.h"
#include "exchange/distributed.h"
#include "exchange/poll_pause.h"

namespace gg {
namespace {

constexpr int kTag = 0x6767;
constexpr size_t kChunkBytes = size_t(1) << 30;

std::string mpi_error(int code) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) return "MPI error " + std::to_string(code);
    return std::string(text, size_t(length));
}

void check(int code, const char *call) {
    if (code != MPI_SUCCESS) fail(GG_ERROR_DISTRIBUTED, "%s failed: %s", call, mpi_error(code).c_str());
}

void finalise_at_exit() {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (!finalised) MPI_Finalize();
}

// MPI_COMM_WORLD, initialising MPI when the program has not (GG_MPI_WORLD).
MPI_Comm world() {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) {
        int provided = 0;
        check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
        std::atexit(finalise_at_exit);
    }
    return MPI_COMM_WORLD;
}

class MpiCommunicator final : public Communicator {
public:
    MpiCommunicator(MPI_Comm base, double timeout_s) : timeout_s_(timeout_s) {
        MPI_Comm_set_errhandler(base, MPI_ERRORS_RETURN);
        MPI_Request request;
        check(MPI_Comm_idup(base, &comm_, &request), "MPI_Comm_idup");
        wait(&request, 1, "starting");
        MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
        int rank = 0, size = 1;
        MPI_Comm_rank(comm_, &rank);
        MPI_Comm_size(comm_, &size);
        rank_ = uint32_t(rank);
        size_ = uint32_t(size);
    }

    ~MpiCommunicator() override {
        int finalised = 0;
        MPI_Finalized(&finalised);
        if (!finalised && !broken_) MPI_Comm_free(&comm_);
    }

    uint32_t rank() const override { return rank_; }
    uint32_t size() const override { return size_; }
    std::unique_lock<std::mutex> hold() override { return std::unique_lock<std::mutex>(mutex_); }
    double timeout_s() const override { return timeout_s_; }
    void mark_broken() override { broken_ = true; }

    void exchange(std::vector<Bytes> &outgoing, std::vector<Bytes> &incoming) override {
        std::vector<uint64_t> send_sizes(size_), receive_sizes(size_);
        for (uint32_t r = 0; r < size_; ++r) send_sizes[r] = outgoing[r].size();
        MPI_Request request;
        check(MPI_Ialltoall(send_sizes.data(), 1, MPI_UINT64_T, receive_sizes.data(), 1, MPI_UINT64_T, comm_,
                            &request),
              "MPI_Ialltoall");
        wait(&request, 1, "exchanging sizes");
        incoming.resize(size_);
        incoming[rank_].swap(outgoing[rank_]);
        outgoing[rank_].clear();
        std::vector<MPI_Request> requests;
        for (uint32_t r = 0; r < size_; ++r) {
            if (r == rank_) continue;
            incoming[r].resize(receive_sizes[r]);
            post(requests, incoming[r].data(), receive_sizes[r], r, false);
            post(requests, outgoing[r].data(), outgoing[r].size(), r, true);
        }
        wait(requests.data(), int(requests.size()), "exchanging replica values");
    }

    std::vector<Bytes> gather_all(const Bytes &mine) override {
        std::vector<uint64_t> sizes(size_);
        const uint64_t my_size = mine.size();
        MPI_Request request;
        check(MPI_Iallgather(&my_size, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, comm_, &request),
              "MPI_Iallgather");
        wait(&request, 1, "gathering sizes");
        std::vector<Bytes> all(size_);
        std::vector<MPI_Request> requests;
        for (uint32_t r = 0; r < size_; ++r) {
            if (r == rank_) continue;
            all[r].resize(sizes[r]);
            post(requests, all[r].data(), sizes[r], r, false);
            post(requests, const_cast<unsigned char *>(mine.data()), mine.size(), r, true);
        }
        wait(requests.data(), int(requests.size()), "gathering");
        all[rank_] = mine;
        return all;
    }

    void sum(double *values, size_t count) override { reduce(values, count, MPI_DOUBLE, MPI_SUM); }
    void sum(uint64_t *values, size_t count) override { reduce(values, count, MPI_UINT64_T, MPI_SUM); }
    void max(uint64_t *values, size_t count) override { reduce(values, count, MPI_UINT64_T, MPI_MAX); }

    void broadcast(void *data, size_t bytes, uint32_t root) override {
        std::vector<MPI_Request> requests;
        for (size_t at = 0; at < bytes; at += kChunkBytes) {
            requests.emplace_back();
            check(MPI_Ibcast(static_cast<unsigned char *>(data) + at, int(std::min(kChunkBytes, bytes - at)),
                             MPI_BYTE, int(root), comm_, &requests.back()),
                  "MPI_Ibcast");
        }
        wait(requests.data(), int(requests.size()), "broadcasting");
    }

private:
    void usable() const {
        if (broken_)
            fail(GG_ERROR_DISTRIBUTED,
                 "an earlier distributed operation of this context failed or timed out; create a new context");
    }

    template <class T>
    void reduce(T *values, size_t count, MPI_Datatype type, MPI_Op op) {
        usable();
        if (count > size_t(INT_MAX)) fail(GG_ERROR_TOO_LARGE, "a reduction of %zu values", count);
        MPI_Request request;
        check(MPI_Iallreduce(MPI_IN_PLACE, values, int(count), type, op, comm_, &request), "MPI_Iallreduce");
        wait(&request, 1, "summing over the processes");
    }

    // Posts the sends (or receives) of `bytes` to (from) process `peer`, in chunks.
    void post(std::vector<MPI_Request> &requests, unsigned char *data, size_t bytes, uint32_t peer, bool send) {
        usable();
        for (size_t at = 0; at < bytes; at += kChunkBytes) {
            const int count = int(std::min(kChunkBytes, bytes - at));
            requests.emplace_back();
            if (send)
                check(MPI_Isend(data + at, count, MPI_BYTE, int(peer), kTag, comm_, &requests.back()), "MPI_Isend");
            else
                check(MPI_Irecv(data + at, count, MPI_BYTE, int(peer), kTag, comm_, &requests.back()), "MPI_Irecv");
        }
    }

    // Completes the requests or fails once the timeout has passed.
    void wait(MPI_Request *requests, int count, const char *what) {
        usable();
        if (count == 0) return;
        const auto start = std::chrono::steady_clock::now();
        while (true) {
            int done = 0;
            const int code = MPI_Testall(count, requests, &done, MPI_STATUSES_IGNORE);
            if (code != MPI_SUCCESS) {
                broken_ = true;
                fail(GG_ERROR_DISTRIBUTED, "process %u: %s failed: %s", rank_, what, mpi_error(code).c_str());
            }
            if (done) return;
            const double waited =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (waited > timeout_s_) {
                broken_ = true;
                fail(GG_ERROR_DISTRIBUTED,
                     "process %u: %s: no answer from the other processes in %.0f s (one failed, died or hangs; "
                     "gg_context_options.mpi_timeout_s sets the limit)",
                     rank_, what, timeout_s_);
            }
            pause_between_polls(waited);
        }
    }

    MPI_Comm comm_ = MPI_COMM_NULL;
    uint32_t rank_ = 0, size_ = 1;
    double timeout_s_;
    bool broken_ = false;
    std::mutex mutex_;
};

}  // namespace

std::shared_ptr<Communicator> make_mpi_communicator(const MpiSettings &settings) {
    MPI_Comm base = MPI_COMM_NULL;
    if (settings.mode == GG_MPI_WORLD) {
        base = world();
    } else {
        int initialised = 0;
        MPI_Initialized(&initialised);
        if (!initialised)
            fail(GG_ERROR_INVALID_ARGUMENT,
                 "gg_context_options.mpi is GG_MPI_COMM but MPI is not initialised: call MPI_Init first, or use "
                 "GG_MPI_WORLD");
        base = MPI_Comm_f2c(MPI_Fint(settings.fortran_comm));
        if (base == MPI_COMM_NULL) fail(GG_ERROR_INVALID_ARGUMENT, "gg_context_options.mpi_comm is MPI_COMM_NULL");
    }
    const double timeout = settings.timeout_s > 0 ? settings.timeout_s : kDefaultMpiTimeoutS;
    auto comm = std::make_shared<MpiCommunicator>(base, timeout);
    // Every process must run this gg, with these settings.
    char mine[96];
    std::snprintf(mine, sizeof mine, "gg %s, timeout %.3f s", gg_version_string(), timeout);
    comm->agree(mine, "the context");
    return comm;
}

}  // namespace gg
