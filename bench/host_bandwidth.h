// The host's memory copy rate, the roofline the CPU backend's bytes/s are
// compared with.
#pragma once

#include <cstddef>

namespace bench {

struct CopyBandwidth {
    double gb_per_s = 0;   // (bytes read + bytes written) / second, 1 GB = 1e9 bytes
    size_t buffer_bytes = 0;
    int repetitions = 0;
    int threads = 0;
};

// Copies a buffer much larger than the last-level cache between two host
// buffers with `threads` OpenMP threads (each copies its own slice with
// memcpy) and returns the median rate over several repetitions.
CopyBandwidth measure_host_copy_bandwidth(int threads, size_t buffer_bytes = size_t(512) << 20);

}  // namespace bench
