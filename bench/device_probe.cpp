// GPU description and copy bandwidth through the CUDA runtime (see
// device_probe.h). Without CUDA in the build the same functions say so.
#include "device_probe.h"

#ifdef GG_BENCH_HAVE_CUDA
#include <cuda_runtime_api.h>

#include <algorithm>
#include <vector>
#endif

namespace bench {

#ifdef GG_BENCH_HAVE_CUDA

DeviceInfo probe_device(int device) {
    DeviceInfo info;
    info.device = device;
    cudaDriverGetVersion(&info.driver_version);
    cudaRuntimeGetVersion(&info.runtime_version);
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        info.reason = std::string("cudaGetDeviceCount: ") + cudaGetErrorString(status);
        cudaGetLastError();
        return info;
    }
    if (device < 0 || device >= count) {
        info.reason = "device " + std::to_string(device) + " does not exist (" + std::to_string(count) + " found)";
        return info;
    }
    cudaDeviceProp prop;
    status = cudaGetDeviceProperties(&prop, device);
    if (status != cudaSuccess) {
        info.reason = std::string("cudaGetDeviceProperties: ") + cudaGetErrorString(status);
        return info;
    }
    info.present = true;
    info.name = prop.name;
    info.compute_major = prop.major;
    info.compute_minor = prop.minor;
    info.multiprocessors = prop.multiProcessorCount;
    info.memory_bytes = prop.totalGlobalMem;
    info.l2_bytes = uint64_t(prop.l2CacheSize);
    return info;
}

double measure_device_copy_bandwidth(int device, std::string &error, uint64_t &buffer_bytes) {
    buffer_bytes = 0;
    if (cudaSetDevice(device) != cudaSuccess) {
        error = "cudaSetDevice failed";
        cudaGetLastError();
        return 0;
    }
    size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
        error = "cudaMemGetInfo failed";
        cudaGetLastError();
        return 0;
    }
    // 1 GiB is far beyond any L2, and small enough to leave room for graphs.
    size_t bytes = std::min<size_t>(size_t(1) << 30, free_bytes / 4);
    void *a = nullptr, *b = nullptr;
    if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&b, bytes) != cudaSuccess) {
        error = "cudaMalloc of two copy buffers failed";
        cudaGetLastError();
        cudaFree(a);
        return 0;
    }
    cudaMemset(a, 1, bytes);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);  // warm-up
    std::vector<float> ms;
    for (int r = 0; r < 10; ++r) {
        cudaEventRecord(start);
        cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float elapsed = 0;
        cudaEventElapsedTime(&elapsed, start, stop);
        ms.push_back(elapsed);
    }
    cudaError_t status = cudaGetLastError();
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(a);
    cudaFree(b);
    if (status != cudaSuccess) {
        error = std::string("device copy failed: ") + cudaGetErrorString(status);
        return 0;
    }
    std::sort(ms.begin(), ms.end());
    buffer_bytes = bytes;
    return 2.0 * double(bytes) / (double(ms[ms.size() / 2]) * 1e-3) / 1e9;
}

#else

DeviceInfo probe_device(int device) {
    DeviceInfo info;
    info.device = device;
    info.reason = "gg-bench was built without CUDA";
    return info;
}

double measure_device_copy_bandwidth(int, std::string &error, uint64_t &buffer_bytes) {
    buffer_bytes = 0;
    error = "gg-bench was built without CUDA";
    return 0;
}

#endif

}  // namespace bench
