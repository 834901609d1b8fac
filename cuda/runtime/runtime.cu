// Device discovery and the runtime helpers of runtime.cuh. The probe never
// crashes on a machine without a driver: cudaDriverGetVersion and
// cudaGetDeviceCount only return error codes there, which usable() turns into
// a reason ("no CUDA driver", "no CUDA device", "driver too old"). Each
// device's verdict is computed once and cached.
#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>
#include <string>
#include <cstdlib>

#include "core/environment.h"
#include "core/timer.h"
#include "cuda_backend.h"
#include "runtime/runtime.cuh"
#include "runtime/staged_copy.cuh"

namespace gg::cuda {

namespace {

// A kernel whose attributes tell whether this binary carries code the
// device can run (cudaErrorNoKernelImageForDevice otherwise).
__global__ void probe_kernel() {}

struct Probe {
    bool usable = false;
    std::string reason;
    DeviceInfo info;
};

struct ProbeCache {
    std::mutex mutex;
    bool counted = false;
    int count = 0;
    std::string count_reason;  // why count is 0
    std::map<int, Probe> devices;
};

ProbeCache &probe_cache() {
    static ProbeCache cache;
    return cache;
}

std::string version_string(int v) { return format("%d.%d", v / 1000, (v % 1000) / 10); }

// Fills cache.count / count_reason once. Caller holds the mutex.
void count_devices(ProbeCache &cache) {
    if (cache.counted) return;
    cache.counted = true;
    int driver = 0;
    if (cudaDriverGetVersion(&driver) != cudaSuccess || driver == 0) {
        cache.count_reason = "no CUDA driver (libcuda.so was not found)";
        cudaGetLastError();
        return;
    }
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    cudaGetLastError();  // the probe's error must not leak into later calls
    if (status == cudaErrorInsufficientDriver || driver < runtime) {
        cache.count_reason = format("driver too old: the CUDA driver supports CUDA %s but gg was built with CUDA %s",
                                    version_string(driver).c_str(), version_string(runtime).c_str());
        return;
    }
    if (status == cudaErrorNoDevice || (status == cudaSuccess && count == 0)) {
        cache.count_reason = "no CUDA device";
        return;
    }
    if (status != cudaSuccess) {
        cache.count_reason = format("CUDA initialisation failed: %s (%s)", cudaGetErrorString(status),
                                    cudaGetErrorName(status));
        return;
    }
    cache.count = count;
}

Probe probe_device(int id) {
    Probe p;
    cudaDeviceProp prop;
    cudaError_t status = cudaGetDeviceProperties(&prop, id);
    if (status != cudaSuccess) {
        cudaGetLastError();
        p.reason = format("device %d cannot be queried: %s", id, cudaGetErrorString(status));
        return p;
    }
    if (prop.major < 7) {
        p.reason = format("device %d (%s) has compute capability %d.%d; gg needs 7.0 or newer", id, prop.name,
                          prop.major, prop.minor);
        return p;
    }
    int previous = 0;
    cudaGetDevice(&previous);
    cudaSetDevice(id);
    cudaFuncAttributes attributes;
    status = cudaFuncGetAttributes(&attributes, probe_kernel);
    int cooperative = 0;
    cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, id);
    cudaSetDevice(previous);
    if (status != cudaSuccess) {
        cudaGetLastError();
        p.reason = format("device %d (%s, compute capability %d.%d) cannot run this build's kernels: %s", id,
                          prop.name, prop.major, prop.minor, cudaGetErrorString(status));
        return p;
    }
    if (!cooperative) {
        p.reason = format("device %d (%s) does not support cooperative launches", id, prop.name);
        return p;
    }
    p.usable = true;
    p.info.id = id;
    p.info.name = prop.name;
    p.info.sm_count = prop.multiProcessorCount;
    p.info.l2_bytes = prop.l2CacheSize;
    p.info.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
    p.info.shared_per_block_optin = prop.sharedMemPerBlockOptin;
    p.info.major = prop.major;
    p.info.minor = prop.minor;
    p.info.total_memory = prop.totalGlobalMem;
    return p;
}

// The cached verdict for device_id. Caller holds no lock.
const Probe &probe(int device_id, ProbeCache &cache) {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto found = cache.devices.find(device_id);
    if (found != cache.devices.end()) return found->second;
    count_devices(cache);
    Probe p;
    if (cache.count == 0) {
        p.reason = cache.count_reason;
    } else if (device_id < 0 || device_id >= cache.count) {
        p.reason = format("device %d does not exist (%d CUDA device%s visible)", device_id, cache.count,
                          cache.count == 1 ? "" : "s");
    } else {
        p = probe_device(device_id);
    }
    return cache.devices.emplace(device_id, std::move(p)).first->second;
}

}  // namespace

bool usable(int device_id, std::string &reason) {
    const Probe &p = probe(device_id, probe_cache());
    reason = p.reason;
    return p.usable;
}

int device_count() {
    ProbeCache &cache = probe_cache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    count_devices(cache);
    return cache.count;
}

void throw_cuda_error(cudaError_t status, const char *call, const char *file, int line) {
    cudaGetLastError();  // clear a non-sticky error so the next run starts clean
    const char *base = file;
    for (const char *p = file; *p; ++p)
        if (*p == '/') base = p + 1;
    if (status == cudaErrorMemoryAllocation) {
        size_t free_bytes = 0, total_bytes = 0;
        cudaMemGetInfo(&free_bytes, &total_bytes);
        cudaGetLastError();
        fail(GG_ERROR_OUT_OF_MEMORY, "device out of memory in %s (%s:%d): %zu bytes free of %zu", call, base, line,
             free_bytes, total_bytes);
    }
    fail(GG_ERROR_DEVICE, "CUDA error %s: %s, in %s (%s:%d)", cudaGetErrorName(status), cudaGetErrorString(status),
         call, base, line);
}

const DeviceInfo &use_device(int device_id) {
    const Probe &p = probe(device_id, probe_cache());
    if (!p.usable) fail(GG_ERROR_UNSUPPORTED, "CUDA device %d is not usable: %s", device_id, p.reason.c_str());
    GG_CUDA_CHECK(cudaSetDevice(device_id));
    return p.info;
}

// A scope on the device already current sets nothing, either way: the
// partitioned runs open one per part per call they queue, dozens a BFS
// level, and the host's time to queue a level is what a short level costs.
DeviceScope::DeviceScope(int device) noexcept {
    if (device < 0) return;
    int current = -1;
    if (cudaGetDevice(&current) != cudaSuccess) current = -1;
    if (current != device) {
        cudaSetDevice(device);
        previous_ = current;
    }
    cudaGetLastError();
}

DeviceScope::~DeviceScope() {
    if (previous_ < 0) return;
    cudaSetDevice(previous_);
    cudaGetLastError();
}

CallerDeviceGuard::CallerDeviceGuard() { previous_ = current_device(); }

CallerDeviceGuard::~CallerDeviceGuard() {
    if (previous_ >= 0) cudaSetDevice(previous_);
    cudaGetLastError();
}

std::mutex &persistent_kernel_lock(int device_id) {
    static std::mutex guard;
    static std::map<int, std::mutex> locks;
    std::lock_guard<std::mutex> lock(guard);
    return locks[device_id];
}

namespace {

// The pairs (from, to) tried, and those where `from` reads `to`'s memory.
struct PeerPairs {
    std::mutex guard;
    std::set<std::pair<int, int>> tried, enabled;
};
PeerPairs &peer_pairs() {
    static PeerPairs pairs;
    return pairs;
}

}  // namespace

void enable_peer_access(const std::vector<int> &devices) {
    PeerPairs &pairs = peer_pairs();
    std::lock_guard<std::mutex> lock(pairs.guard);
    for (int from : devices)
        for (int to : devices) {
            if (from == to || !pairs.tried.insert({from, to}).second) continue;
            int can = 0;
            if (cudaDeviceCanAccessPeer(&can, from, to) == cudaSuccess && can) {
                DeviceScope scope(from);
                const cudaError_t status = cudaDeviceEnablePeerAccess(to, 0);
                // Enabled already (by the caller's own code, say) is as good.
                if (status == cudaSuccess || status == cudaErrorPeerAccessAlreadyEnabled)
                    pairs.enabled.insert({from, to});
            }
            cudaGetLastError();  // a refusal leaves the staged copies, not a sticky error
        }
}

bool peer_access_enabled(int from, int to) {
    if (from == to) return true;
    PeerPairs &pairs = peer_pairs();
    std::lock_guard<std::mutex> lock(pairs.guard);
    return pairs.enabled.count({from, to}) != 0;
}

namespace {

// The test hook of docs/testing.md: with GG_FAULT_DEVICE_ALLOCATION=N in the
// environment, the N-th device allocation counted from when the variable
// took that value fails as if the device were out of memory, so that tests
// can reach every allocation's failure path on a GPU with memory to spare.
// A getenv per allocation costs nothing next to a cudaMalloc.
bool injected_failure() {
    static std::mutex guard;
    static std::string armed;
    static uint64_t counted = 0;
    const char *value = std::getenv("GG_FAULT_DEVICE_ALLOCATION");
    std::lock_guard<std::mutex> lock(guard);
    if (value == nullptr || *value == '\0') {
        armed.clear();
        return false;
    }
    if (armed != value) {
        armed = value;
        counted = 0;
    }
    char *end = nullptr;
    const unsigned long long target = std::strtoull(value, &end, 10);
    return *end == '\0' && ++counted == target;
}

// The device memory gg holds, per device and per allocation, so that
// GG_DEVICE_MEMORY_LIMIT (docs/building.md: a cap on what gg may hold on
// each device, for testing a graph larger than the GPU on a GPU with room to
// spare, or for sharing a GPU) can be enforced.
struct DeviceUsage {
    std::mutex guard;
    std::unordered_map<void *, std::pair<int, size_t>> held;  // pointer -> (device, bytes)
    std::map<int, size_t> total;
};
DeviceUsage &usage() {
    static DeviceUsage *instance = new DeviceUsage();  // never destroyed: frees may come from static destructors
    return *instance;
}

// The cap in bytes, or 0 for none.
size_t memory_limit() { return bytes_from_environment("GG_DEVICE_MEMORY_LIMIT"); }

}  // namespace

uint64_t layout_l2_bytes(const DeviceInfo &info) {
    const size_t forced = bytes_from_environment("GG_L2_BYTES");
    return forced ? uint64_t(forced) : uint64_t(info.l2_bytes);
}

void *device_allocate(size_t bytes, const char *what) {
    if (bytes == 0) return nullptr;
    int device = -1;
    cudaGetDevice(&device);
    cudaGetLastError();
    if (injected_failure())
        fail(GG_ERROR_OUT_OF_MEMORY, "device %d is out of memory: %s needs %zu bytes (failure injected by "
                                     "GG_FAULT_DEVICE_ALLOCATION)", device, what, bytes);
    DeviceUsage &use = usage();
    std::unique_lock<std::mutex> lock(use.guard);
    const size_t limit = memory_limit();
    const size_t held = use.total[device];
    if (limit != 0 && (held > limit || bytes > limit - held))
        fail(GG_ERROR_OUT_OF_MEMORY,
             "device %d is out of memory: %s needs %zu bytes but only %zu of the %zu that GG_DEVICE_MEMORY_LIMIT "
             "allows are free",
             device, what, bytes, held > limit ? size_t(0) : limit - held, limit);
    lock.unlock();
    void *pointer = nullptr;
    cudaError_t status = cudaMalloc(&pointer, bytes);
    if (status == cudaSuccess) {
        try {
            lock.lock();
            use.held[pointer] = {device, bytes};
            use.total[device] += bytes;
        } catch (...) {  // the host could not record it: give it back rather than lose it
            cudaFree(pointer);
            throw;
        }
        lock.unlock();
    }
    if (status == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        size_t free_bytes = 0, total_bytes = 0;
        cudaMemGetInfo(&free_bytes, &total_bytes);
        cudaGetLastError();
        int device = -1;
        cudaGetDevice(&device);
        fail(GG_ERROR_OUT_OF_MEMORY, "device %d is out of memory: %s needs %zu bytes but only %zu of %zu are free",
             device, what, bytes, free_bytes, total_bytes);
    }
    if (status != cudaSuccess) throw_cuda_error(status, "cudaMalloc", __FILE__, __LINE__);
    return pointer;
}

int current_device() noexcept {
    int device = -1;
    if (cudaGetDevice(&device) != cudaSuccess) {
        cudaGetLastError();
        return -1;
    }
    return device;
}

void device_release(void *pointer) noexcept {
    if (pointer != nullptr) {
        cudaFree(pointer);
        cudaGetLastError();
        DeviceUsage &use = usage();
        std::lock_guard<std::mutex> lock(use.guard);
        const auto found = use.held.find(pointer);
        if (found != use.held.end()) {
            use.total[found->second.first] -= found->second.second;
            use.held.erase(found);
        }
    }
}

Stream::Stream() { GG_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
Stream::~Stream() {
    if (stream_) {
        cudaStreamSynchronize(stream_);
        cudaStreamDestroy(stream_);
        cudaGetLastError();
    }
}
void Stream::synchronize() const { GG_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

EventTimer::EventTimer() {
    GG_CUDA_CHECK(cudaEventCreate(&start_));
    cudaError_t status = cudaEventCreate(&stop_);
    if (status != cudaSuccess) {
        cudaEventDestroy(start_);
        throw_cuda_error(status, "cudaEventCreate", __FILE__, __LINE__);
    }
}
EventTimer::~EventTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
    cudaGetLastError();
}
void EventTimer::start(cudaStream_t stream) { GG_CUDA_CHECK(cudaEventRecord(start_, stream)); }
void EventTimer::stop(cudaStream_t stream) { GG_CUDA_CHECK(cudaEventRecord(stop_, stream)); }
double EventTimer::elapsed_ms() const {
    GG_CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    GG_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return ms;
}

PinnedBuffer::PinnedBuffer(size_t bytes) {
    cudaError_t status = cudaMallocHost(&data_, bytes);
    if (status != cudaSuccess) {
        data_ = nullptr;
        throw_cuda_error(status, "cudaMallocHost", __FILE__, __LINE__);
    }
}
PinnedBuffer::~PinnedBuffer() {
    if (data_) cudaFreeHost(data_);
    cudaGetLastError();
}

// Both copies name cudaMemcpyDefault, not a direction: the caller's array
// may itself be device memory (gg_run_options.device_arrays), and then the
// same call copies device to device. With unified addressing (every 64-bit
// platform CUDA 13 supports) the runtime tells the kinds apart.
void copy_to_device(void *device, const void *host, size_t bytes, cudaStream_t stream, double &ms) {
    if (bytes == 0) return;
    if (worth_staging(host, bytes)) {
        // Timed on the host: the staged copy is the cores' filling as much as the link's.
        const Stopwatch clock;
        staged_copy_to_device(device, host, bytes, stream);
        ms += clock.elapsed_ms();
        return;
    }
    EventTimer timer;
    timer.start(stream);
    GG_CUDA_CHECK(cudaMemcpyAsync(device, host, bytes, cudaMemcpyDefault, stream));
    timer.stop(stream);
    ms += timer.elapsed_ms();
}

void copy_to_host(void *host, const void *device, size_t bytes, cudaStream_t stream, double &ms) {
    if (bytes == 0) return;
    if (worth_staging(host, bytes)) {
        const Stopwatch clock;
        staged_copy_to_host(host, device, bytes, stream);
        ms += clock.elapsed_ms();
        return;
    }
    EventTimer timer;
    timer.start(stream);
    GG_CUDA_CHECK(cudaMemcpyAsync(host, device, bytes, cudaMemcpyDefault, stream));
    timer.stop(stream);
    ms += timer.elapsed_ms();
}

void check_device_array(int device_id, const void *pointer, const char *what) {
    cudaPointerAttributes attributes{};
    GG_CUDA_CHECK(cudaPointerGetAttributes(&attributes, pointer));
    if (attributes.type == cudaMemoryTypeManaged) return;  // reachable from every device
    if (attributes.type != cudaMemoryTypeDevice)
        fail(GG_ERROR_INVALID_ARGUMENT,
             "%s is %s memory, but gg_run_options.device_arrays says the run's arrays are CUDA device memory",
             what, attributes.type == cudaMemoryTypeHost ? "pinned host" : "host (not CUDA-allocated)");
    if (attributes.device != device_id)
        fail(GG_ERROR_INVALID_ARGUMENT,
             "%s is memory of CUDA device %d, but the run's arrays must be on the context's first device, %d", what,
             attributes.device, device_id);
}

void copy_memory(void *destination, const void *source, size_t bytes) {
    if (bytes == 0) return;
    GG_CUDA_CHECK(cudaMemcpy(destination, source, bytes, cudaMemcpyDefault));
}

int cooperative_blocks(const void *kernel, int threads_per_block, size_t dynamic_shared, const DeviceInfo &info) {
    int per_sm = 0;
    GG_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads_per_block, dynamic_shared));
    if (per_sm <= 0)
        fail(GG_ERROR_INTERNAL, "a %d-thread cooperative kernel cannot be resident on device %d (%s)",
             threads_per_block, info.id, info.name.c_str());
    return per_sm * info.sm_count;
}

int grid_stride_blocks(uint64_t items, int threads_per_block, const DeviceInfo &info) {
    const uint64_t wanted = (items + threads_per_block - 1) / threads_per_block;
    const uint64_t cap = uint64_t(info.sm_count) * (info.max_threads_per_sm / threads_per_block) * 4;
    return int(std::max<uint64_t>(1, std::min(wanted, cap)));
}

}  // namespace gg::cuda
