#include "api/device_arrays.h"

#include "cuda_backend.h"

namespace gg {

namespace {

// Where a request keeps one of its arrays, so that staged() can point it
// at a host copy.
template <class T>
DeviceArrays::Slot slot_of(T *RunRequest::*field) {
    return [field](RunRequest &r, void *host) { r.*field = static_cast<T *>(host); };
}

}  // namespace

DeviceArrays::DeviceArrays(const RunRequest &r, const Graph &g, size_t program_value_bytes, int device_id) {
    const size_t n = g.n();
    switch (r.algorithm) {
    case Algorithm::bfs:
        add(r.depths, n * sizeof(uint32_t), false, true, "depths", slot_of(&RunRequest::depths), device_id);
        if (r.parents)
            add(r.parents, n * sizeof(uint32_t), false, true, "parents", slot_of(&RunRequest::parents), device_id);
        break;
    case Algorithm::sssp:
    case Algorithm::sswp:
        add(r.values, n * sizeof(float), false, true, "the values", slot_of(&RunRequest::values), device_id);
        break;
    case Algorithm::cc:
        add(r.labels, n * sizeof(uint32_t), false, true, "labels", slot_of(&RunRequest::labels), device_id);
        break;
    case Algorithm::pagerank:
    case Algorithm::bc:
        add(r.scores, n * sizeof(double), false, true, "the scores", slot_of(&RunRequest::scores), device_id);
        break;
    case Algorithm::spmv:
        add(r.x, n * sizeof(float), true, false, "x", slot_of(&RunRequest::x), device_id);
        add(r.values, n * sizeof(float), false, true, "y", slot_of(&RunRequest::values), device_id);
        break;
    case Algorithm::apsp:
        add(r.values, n * n * sizeof(float), false, true, "distances", slot_of(&RunRequest::values), device_id);
        break;
    case Algorithm::matching:
        add(r.mates, n * sizeof(uint32_t), false, true, "mates", slot_of(&RunRequest::mates), device_id);
        break;
    case Algorithm::program:
        // Read when the run keeps the caller's values; always written.
        add(r.program_values, n * program_value_bytes, true, true, "values", slot_of(&RunRequest::program_values),
            device_id);
        break;
    }
}

void DeviceArrays::add(const void *caller, size_t bytes, bool input, bool output, const char *what, Slot slot,
                       int device_id) {
    cuda::check_device_array(device_id, caller, what);
    lent_.push_back(Lent{const_cast<void *>(caller), bytes, input, output, std::move(slot), {}});
}

RunRequest DeviceArrays::staged(const RunRequest &request) {
    RunRequest r = request;
    for (Lent &a : lent_) {
        a.host.assign(a.bytes, 0);
        if (a.input) cuda::copy_memory(a.host.data(), a.caller, a.bytes);
        a.slot(r, a.host.data());
    }
    return r;
}

void DeviceArrays::copy_back() {
    for (Lent &a : lent_)
        if (a.output) cuda::copy_memory(a.caller, a.host.data(), a.bytes);
}

}  // namespace gg
