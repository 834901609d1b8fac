// What the benchmark reports about the GPU: its name, driver and runtime
// versions, memory, and measured device-to-device copy rate. Built with the
// CUDA runtime only when the project has CUDA (GG_HAVE_CUDA); otherwise every
// call reports that the build has no CUDA.
#pragma once

#include <cstdint>
#include <string>

namespace bench {

struct DeviceInfo {
    bool present = false;
    std::string reason;          // why not, when !present
    int device = 0;
    std::string name;
    int compute_major = 0, compute_minor = 0;
    int multiprocessors = 0;
    uint64_t memory_bytes = 0;
    uint64_t l2_bytes = 0;
    int driver_version = 0;      // as cudaDriverGetVersion gives it, e.g. 13000
    int runtime_version = 0;     // cudaRuntimeGetVersion
};

DeviceInfo probe_device(int device);

// Median rate of cudaMemcpy device-to-device of a large buffer, counting
// bytes read plus written (GB/s, 1e9); 0 with `error` set when unavailable.
double measure_device_copy_bandwidth(int device, std::string &error, uint64_t &buffer_bytes);

}  // namespace bench
