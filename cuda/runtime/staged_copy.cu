// Pinned staging for large pageable copies (staged_copy.cuh says why).
//
// A copy holds one Stager, a few pinned buffers, for its whole length. It
// fills buffer b with the host's cores, queues its DMA on the caller's stream
// and records an event; before filling b again it waits for that event, so
// the cores fill one buffer while the copy engine drains another. Stagers are
// kept for the process's life (pinning memory costs about as much as copying
// it once), one per copy in flight, so parts uploading to different devices
// from different threads never wait on each other's buffers.
#include "runtime/staged_copy.cuh"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include <omp.h>

#include "runtime/runtime.cuh"

namespace gg::cuda {
namespace {

// 32 MiB keeps a chunk's DMA (about 0.7 ms at 50 GB/s) long beside the cost
// of queueing it and of the parallel fill's start; three buffers let one
// fill, one drain and one wait.
constexpr size_t kChunkBytes = size_t(32) << 20;
constexpr int kBuffers = 3;
// Below this the driver's own staging is as fast and needs nothing pinned.
constexpr size_t kStageFrom = size_t(8) << 20;

struct Stager {
    void *buffer[kBuffers] = {};
};

// Idle stagers. Never destroyed: freeing pinned memory from a static
// destructor can run after the CUDA runtime has shut down.
struct StagerPool {
    std::mutex mutex;
    std::vector<std::unique_ptr<Stager>> idle;
    bool unavailable = false;  // pinned memory was refused once: stop asking
};
StagerPool &pool() {
    static StagerPool *the_pool = new StagerPool;
    return *the_pool;
}

// A stager for one copy, or null when pinned memory cannot be had (a locked
// memory limit, say): the copy then goes the driver's way.
std::unique_ptr<Stager> acquire_stager() {
    StagerPool &p = pool();
    {
        std::lock_guard<std::mutex> lock(p.mutex);
        if (p.unavailable) return nullptr;
        if (!p.idle.empty()) {
            std::unique_ptr<Stager> s = std::move(p.idle.back());
            p.idle.pop_back();
            return s;
        }
    }
    auto s = std::make_unique<Stager>();
    for (void *&buffer : s->buffer) {
        if (cudaHostAlloc(&buffer, kChunkBytes, cudaHostAllocPortable) != cudaSuccess) {
            cudaGetLastError();
            buffer = nullptr;
            for (void *b : s->buffer)
                if (b) cudaFreeHost(b);
            std::lock_guard<std::mutex> lock(p.mutex);
            p.unavailable = true;
            return nullptr;
        }
    }
    return s;
}

// Holds a stager and the events of its queued DMAs for one copy. Whatever
// way the copy ends, the buffers go back to the pool only after every DMA
// touching them has finished (or the device has failed for good).
class StagedCopy {
public:
    explicit StagedCopy(std::unique_ptr<Stager> stager) : stager_(std::move(stager)) {
        for (cudaEvent_t &e : done_) GG_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    }
    ~StagedCopy() {
        bool clean = true;
        for (int b = 0; b < kBuffers; ++b) {
            if (queued_[b] && cudaEventSynchronize(done_[b]) != cudaSuccess) clean = false;
            cudaEventDestroy(done_[b]);
        }
        cudaGetLastError();
        if (!clean) return;  // a DMA may still be using the buffers: never reuse them
        StagerPool &p = pool();
        std::lock_guard<std::mutex> lock(p.mutex);
        p.idle.push_back(std::move(stager_));
    }
    StagedCopy(const StagedCopy &) = delete;
    StagedCopy &operator=(const StagedCopy &) = delete;

    char *buffer(int b) const { return static_cast<char *>(stager_->buffer[b]); }
    // Waits until buffer b's last DMA has finished.
    void wait(int b) {
        if (queued_[b]) GG_CUDA_CHECK(cudaEventSynchronize(done_[b]));
        queued_[b] = false;
    }
    // Marks the end of the work just queued on `stream` as buffer b's DMA.
    void queued(int b, cudaStream_t stream) {
        GG_CUDA_CHECK(cudaEventRecord(done_[b], stream));
        queued_[b] = true;
    }

private:
    std::unique_ptr<Stager> stager_;
    cudaEvent_t done_[kBuffers] = {};
    bool queued_[kBuffers] = {};
};

// memcpy on every core of the process (one, inside a parallel region): one
// thread fills about 10 GB/s, the link takes several times that.
void parallel_memcpy(char *dst, const char *src, size_t bytes) {
    constexpr size_t kPiece = size_t(1) << 20;
    const int64_t pieces = int64_t((bytes + kPiece - 1) / kPiece);
#pragma omp parallel for schedule(static) if (pieces > 1 && !omp_in_parallel())
    for (int64_t i = 0; i < pieces; ++i) {
        const size_t at = size_t(i) * kPiece;
        std::memcpy(dst + at, src + at, std::min(kPiece, bytes - at));
    }
}

size_t chunk_at(size_t index) { return index * kChunkBytes; }
size_t chunk_bytes(size_t index, size_t total) { return std::min(kChunkBytes, total - chunk_at(index)); }

}  // namespace

bool worth_staging(const void *host, size_t bytes) {
    if (bytes < kStageFrom) return false;
    if (const char *setting = std::getenv("GG_PINNED_STAGING"); setting && std::strcmp(setting, "0") == 0)
        return false;
    cudaPointerAttributes attributes{};
    if (cudaPointerGetAttributes(&attributes, host) != cudaSuccess) {
        cudaGetLastError();
        return false;
    }
    return attributes.type == cudaMemoryTypeUnregistered;
}

void staged_copy_to_device(void *device, const void *host, size_t bytes, cudaStream_t stream) {
    std::unique_ptr<Stager> stager = acquire_stager();
    if (!stager) {
        GG_CUDA_CHECK(cudaMemcpyAsync(device, host, bytes, cudaMemcpyDefault, stream));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        return;
    }
    StagedCopy copy(std::move(stager));
    const size_t chunks = (bytes + kChunkBytes - 1) / kChunkBytes;
    for (size_t i = 0; i < chunks; ++i) {
        const int b = int(i % kBuffers);
        copy.wait(b);
        parallel_memcpy(copy.buffer(b), static_cast<const char *>(host) + chunk_at(i), chunk_bytes(i, bytes));
        GG_CUDA_CHECK(cudaMemcpyAsync(static_cast<char *>(device) + chunk_at(i), copy.buffer(b), chunk_bytes(i, bytes),
                                      cudaMemcpyHostToDevice, stream));
        copy.queued(b, stream);
    }
    for (int b = 0; b < kBuffers; ++b) copy.wait(b);
}

void staged_copy_to_host(void *host, const void *device, size_t bytes, cudaStream_t stream) {
    std::unique_ptr<Stager> stager = acquire_stager();
    if (!stager) {
        GG_CUDA_CHECK(cudaMemcpyAsync(host, device, bytes, cudaMemcpyDefault, stream));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        return;
    }
    StagedCopy copy(std::move(stager));
    const size_t chunks = (bytes + kChunkBytes - 1) / kChunkBytes;
    auto queue = [&](size_t i) {
        const int b = int(i % kBuffers);
        GG_CUDA_CHECK(cudaMemcpyAsync(copy.buffer(b), static_cast<const char *>(device) + chunk_at(i),
                                      chunk_bytes(i, bytes), cudaMemcpyDeviceToHost, stream));
        copy.queued(b, stream);
    };
    // The copy engine runs up to kBuffers chunks ahead of the cores emptying them.
    for (size_t i = 0; i < chunks && i < size_t(kBuffers); ++i) queue(i);
    for (size_t i = 0; i < chunks; ++i) {
        const int b = int(i % kBuffers);
        copy.wait(b);
        parallel_memcpy(static_cast<char *>(host) + chunk_at(i), copy.buffer(b), chunk_bytes(i, bytes));
        if (i + kBuffers < chunks) queue(i + kBuffers);
    }
}

}  // namespace gg::cuda
