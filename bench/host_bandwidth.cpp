// Host memcpy bandwidth (see host_bandwidth.h).
#include "host_bandwidth.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <vector>

namespace bench {

CopyBandwidth measure_host_copy_bandwidth(int threads, size_t buffer_bytes) {
    CopyBandwidth result;
    result.buffer_bytes = buffer_bytes;
    result.threads = threads > 0 ? threads : omp_get_max_threads();
    result.repetitions = 7;
    std::unique_ptr<char[]> source(new char[buffer_bytes]);
    std::unique_ptr<char[]> target(new char[buffer_bytes]);
    const int t = result.threads;
    auto copy_once = [&] {
#pragma omp parallel num_threads(t)
        {
            const size_t slice = (buffer_bytes + size_t(omp_get_num_threads()) - 1) / size_t(omp_get_num_threads());
            const size_t begin = std::min(buffer_bytes, slice * size_t(omp_get_thread_num()));
            const size_t end = std::min(buffer_bytes, begin + slice);
            std::memcpy(target.get() + begin, source.get() + begin, end - begin);
        }
    };
    // First touch by the same threads that copy, so pages are mapped (and
    // placed on the right NUMA node) before timing starts.
#pragma omp parallel for num_threads(t) schedule(static)
    for (size_t i = 0; i < buffer_bytes; i += 4096) {
        source[i] = char(i >> 12);
        target[i] = 0;
    }
    copy_once();
    std::vector<double> seconds;
    for (int r = 0; r < result.repetitions; ++r) {
        auto start = std::chrono::steady_clock::now();
        copy_once();
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    result.gb_per_s = 2.0 * double(buffer_bytes) / seconds[seconds.size() / 2] / 1e9;
    return result;
}

}  // namespace bench
