// The CUDA runtime layer of the GPU backend: device probing and choice, CUDA
// failures turned into gg::Error (GG_ERROR_DEVICE with the CUDA error string,
// GG_ERROR_OUT_OF_MEMORY naming the bytes needed and free), RAII device
// memory, streams and event timers. Every CUDA call of cuda/ goes through
// GG_CUDA_CHECK, so that no status is ever dropped.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"

namespace gg::cuda {

[[noreturn]] void throw_cuda_error(cudaError_t status, const char *call, const char *file, int line);

#define GG_CUDA_CHECK(call)                                                                    \
    do {                                                                                       \
        cudaError_t gg_cuda_status_ = (call);                                                  \
        if (gg_cuda_status_ != cudaSuccess)                                                    \
            ::gg::cuda::throw_cuda_error(gg_cuda_status_, #call, __FILE__, __LINE__);          \
    } while (0)

// After a kernel launch: launch-configuration errors surface here.
#define GG_CUDA_CHECK_LAUNCH(kernel_name) GG_CUDA_CHECK(cudaPeekAtLastError())

// What kernels are sized from. Read once per device.
struct DeviceInfo {
    int id = 0;
    std::string name;
    int sm_count = 0;
    int l2_bytes = 0;
    int max_threads_per_sm = 0;
    size_t shared_per_block_optin = 0;
    int major = 0, minor = 0;
    size_t total_memory = 0;
};

// The L2 bytes the layout choices are sized from (layout=auto's cost model,
// the TOCAB block count): the device's, or GG_L2_BYTES when set (a number,
// or with K, M or G), so that the tests reach the choices of a large graph
// on a small one and a user can see how a smaller or larger cache would
// choose. Read at each call, as GG_DEVICE_MEMORY_LIMIT is.
uint64_t layout_l2_bytes(const DeviceInfo &info);

// Checks that device_id is usable (else GG_ERROR_UNSUPPORTED with the reason),
// makes it current on the calling thread and returns its properties. Called
// inside a DeviceScope, so that the caller's current device comes back.
const DeviceInfo &use_device(int device_id);

// Makes `device` current for its lifetime and restores the calling thread's
// previous current device at its end: gg runs inside other programs, whose
// own CUDA code must not find its device changed by a call into gg. A
// negative device leaves the current one alone.
class DeviceScope {
public:
    explicit DeviceScope(int device) noexcept;
    ~DeviceScope();
    DeviceScope(const DeviceScope &) = delete;
    DeviceScope &operator=(const DeviceScope &) = delete;

private:
    int previous_ = -1;
};

// Persistent (cooperative) kernels fill the whole device and wait at grid
// barriers; two of them launched from different threads could each hold part
// of the GPU and wait for the other part forever. A run holds this lock from
// its first such launch until its results are complete.
std::mutex &persistent_kernel_lock(int device_id);

// Lets each of `devices` read and write the others' memory directly where
// the hardware allows (NVLink or PCIe peer to peer), once per pair for the
// process: a peer copy between two devices without it is staged through
// the host. A pair without direct access still works, slower, and is not
// an error.
void enable_peer_access(const std::vector<int> &devices);
// Whether kernels on device `from` may read device `to`'s memory: the same
// device, or a pair enable_peer_access enabled.
bool peer_access_enabled(int from, int to);

// Device memory; a failure is GG_ERROR_OUT_OF_MEMORY naming `what`, the bytes
// asked for and the bytes free.
void *device_allocate(size_t bytes, const char *what);
void device_release(void *pointer) noexcept;
// The calling thread's current device (-1 when none can be had).
int current_device() noexcept;

// An owned device array of T. Moves, never copies. It frees its memory on
// the device it was allocated on, whichever is current then: cached layouts
// and pooled engine states are freed by whichever thread drops them.
template <class T>
class DeviceArray {
public:
    DeviceArray() = default;
    DeviceArray(size_t count, const char *what)
        : data_(static_cast<T *>(device_allocate(count * sizeof(T), what))), count_(count),
          device_(data_ ? current_device() : -1) {}
    DeviceArray(DeviceArray &&other) noexcept
        : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)),
          device_(std::exchange(other.device_, -1)) {}
    DeviceArray &operator=(DeviceArray &&other) noexcept {
        if (this != &other) {
            reset();
            data_ = std::exchange(other.data_, nullptr);
            count_ = std::exchange(other.count_, 0);
            device_ = std::exchange(other.device_, -1);
        }
        return *this;
    }
    DeviceArray(const DeviceArray &) = delete;
    DeviceArray &operator=(const DeviceArray &) = delete;
    ~DeviceArray() { reset(); }

    void reset() noexcept {
        if (data_ != nullptr) {
            DeviceScope scope(device_);
            device_release(data_);
        }
        data_ = nullptr;
        count_ = 0;
        device_ = -1;
    }
    T *get() const { return data_; }
    size_t size() const { return count_; }
    size_t bytes() const { return count_ * sizeof(T); }

private:
    T *data_ = nullptr;
    size_t count_ = 0;
    int device_ = -1;
};


// A non-blocking stream owned by one run.
class Stream {
public:
    Stream();
    ~Stream();
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;
    cudaStream_t get() const { return stream_; }
    void synchronize() const;

private:
    cudaStream_t stream_ = nullptr;
};

// Milliseconds between two events recorded on one stream.
class EventTimer {
public:
    EventTimer();
    ~EventTimer();
    EventTimer(const EventTimer &) = delete;
    EventTimer &operator=(const EventTimer &) = delete;
    void start(cudaStream_t stream);
    void stop(cudaStream_t stream);
    // Waits for the stop event.
    double elapsed_ms() const;

private:
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

// Pinned host staging for small device-to-host reads (counters, flags).
class PinnedBuffer {
public:
    explicit PinnedBuffer(size_t bytes);
    ~PinnedBuffer();
    PinnedBuffer(const PinnedBuffer &) = delete;
    PinnedBuffer &operator=(const PinnedBuffer &) = delete;
    void *get() const { return data_; }

private:
    void *data_ = nullptr;
};

// Copies, timed into `ms` (accumulated) with events on `stream`.
void copy_to_device(void *device, const void *host, size_t bytes, cudaStream_t stream, double &ms);
void copy_to_host(void *host, const void *device, size_t bytes, cudaStream_t stream, double &ms);

// Blocks per grid for a cooperative (grid-synchronised) kernel: as many as
// can be resident at once, from the occupancy calculator and the SM count.
int cooperative_blocks(const void *kernel, int threads_per_block, size_t dynamic_shared, const DeviceInfo &info);

// Blocks for a grid-stride kernel over `items` with a cap of a few waves.
int grid_stride_blocks(uint64_t items, int threads_per_block, const DeviceInfo &info);

}  // namespace gg::cuda
