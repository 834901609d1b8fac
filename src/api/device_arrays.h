// gg_run_options.device_arrays: a run's per-vertex arrays lent as CUDA
// device memory (docs/python.md "Device arrays", gg.h). An unpartitioned
// CUDA run reads and writes them in place: its engines' result copies go
// device to device. Every other run (the CPU backend, partitioned runs,
// auto's fallback to the CPU) works on host copies, which this class makes
// and copies back, so the caller gets the same answers on every path.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "backend/algorithm.h"
#include "graph/graph.h"

namespace gg {

class DeviceArrays {
public:
    // Lists the request's per-vertex arrays (BC's source list and
    // matching's size stay host memory) and checks each is device memory
    // that device `device_id` can use.
    DeviceArrays(const RunRequest &request, const Graph &g, size_t program_value_bytes, int device_id);

    // A request whose arrays are host copies; its inputs (SpMV's x, a
    // program's first values) are copied in.
    RunRequest staged(const RunRequest &request);
    // Copies the staged outputs to the caller's device arrays.
    void copy_back();

    // Points a request's field at a host copy.
    using Slot = std::function<void(RunRequest &, void *)>;

private:
    struct Lent {
        void *caller;   // device memory
        size_t bytes;
        bool input;     // read by the run
        bool output;    // written by the run
        Slot slot;      // the request field that holds it
        std::vector<unsigned char> host;
    };
    void add(const void *caller, size_t bytes, bool input, bool output, const char *what, Slot slot, int device_id);
    std::vector<Lent> lent_;
};

}  // namespace gg
