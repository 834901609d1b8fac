#include "api/device_arrays.h"

#include "cuda_backend.h"

namespace gg {

DeviceArrays::DeviceArrays(const RunRequest &r, const Graph &g, size_t program_value_bytes, int device_id) {
    const size_t n = g.n();
    switch (r.algorithm) {
    case Algorithm::bfs:
        add(r.depths, n * sizeof(uint32_t), false, true, "depths", device_id);
        if (r.parents) add(r.parents, n * sizeof(uint32_t), false, true, "parents", device_id);
        break;
    case Algorithm::sssp:
    case Algorithm::sswp: add(r.values, n * sizeof(float), false, true, "the values", device_id); break;
    case Algorithm::cc: add(r.labels, n * sizeof(uint32_t), false, true, "labels", device_id); break;
    case Algorithm::pagerank:
    case Algorithm::bc: add(r.scores, n * sizeof(double), false, true, "the scores", device_id); break;
    case Algorithm::spmv:
        add(r.x, n * sizeof(float), true, false, "x", device_id);
        add(r.values, n * sizeof(float), false, true, "y", device_id);
        break;
    case Algorithm::apsp: add(r.values, n * n * sizeof(float), false, true, "distances", device_id); break;
    case Algorithm::matching: add(r.mates, n * sizeof(uint32_t), false, true, "mates", device_id); break;
    case Algorithm::program:
        // Read when the run keeps the caller's values; always written.
        add(r.program_values, n * program_value_bytes, true, true, "values", device_id);
        break;
    }
}

void DeviceArrays::add(const void *caller, size_t bytes, bool input, bool output, const char *what, int device_id) {
    cuda::check_device_array(device_id, caller, what);
    lent_.push_back(Lent{const_cast<void *>(caller), bytes, input, output, {}});
}

RunRequest DeviceArrays::staged(const RunRequest &request) {
    RunRequest r = request;
    for (Lent &a : lent_) {
        a.host.assign(a.bytes, 0);
        if (a.input) cuda::copy_memory(a.host.data(), a.caller, a.bytes);
    }
    // The order add() listed them in, per algorithm.
    size_t i = 0;
    auto next = [&] { return static_cast<void *>(lent_[i++].host.data()); };
    switch (r.algorithm) {
    case Algorithm::bfs:
        r.depths = static_cast<uint32_t *>(next());
        if (r.parents) r.parents = static_cast<uint32_t *>(next());
        break;
    case Algorithm::sssp:
    case Algorithm::sswp:
    case Algorithm::apsp: r.values = static_cast<float *>(next()); break;
    case Algorithm::cc: r.labels = static_cast<uint32_t *>(next()); break;
    case Algorithm::pagerank:
    case Algorithm::bc: r.scores = static_cast<double *>(next()); break;
    case Algorithm::spmv:
        r.x = static_cast<const float *>(next());
        r.values = static_cast<float *>(next());
        break;
    case Algorithm::matching: r.mates = static_cast<uint32_t *>(next()); break;
    case Algorithm::program: r.program_values = next(); break;
    }
    return r;
}

void DeviceArrays::copy_back() {
    for (Lent &a : lent_)
        if (a.output) cuda::copy_memory(a.caller, a.host.data(), a.bytes);
}

}  // namespace gg
