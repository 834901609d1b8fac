// The CUDA backend as the C boundary sees it: plain C++ (no CUDA types), so
// that src/ compiles without nvcc. A build without CUDA links
// src/nocuda/cuda_unavailable.cpp instead, where usable() says why not and
// every run throws GG_ERROR_UNSUPPORTED.
#pragma once

#include <cstdint>
#include <string>

#include "backend/algorithm.h"
#include "backend/run_config.h"
#include "graph/graph.h"
#include "partitioned/partitioned.h"
#include "program/program.h"

namespace gg::cuda {

// True when device `device_id` can run kernels (driver present and recent
// enough, device exists, compute capability supported). Otherwise `reason`
// says why. Cheap after the first call.
bool usable(int device_id, std::string &reason);

// Number of CUDA devices visible (0 when no driver or no device).
int device_count();

// Held around every call into the backend (src/backend/dispatch.cpp): the
// backend makes its device current, and the guard gives the calling thread
// its own current device back afterwards.
class CallerDeviceGuard {
public:
    CallerDeviceGuard();
    ~CallerDeviceGuard();
    CallerDeviceGuard(const CallerDeviceGuard &) = delete;
    CallerDeviceGuard &operator=(const CallerDeviceGuard &) = delete;

private:
    int previous_ = -1;
};

#include "backend/entry_points.inc"

// Caller arrays in device memory (gg_run_options.device_arrays): throws
// GG_ERROR_INVALID_ARGUMENT naming `what` unless `pointer` is device or
// managed memory that device `device_id` can use.
void check_device_array(int device_id, const void *pointer, const char *what);

// Copies `bytes` between any two of host and device memory and waits for
// the copy (the runtime tells the kinds apart from the pointers).
void copy_memory(void *destination, const void *source, size_t bytes);

// A partitioned run on the GPUs (cuda/partitioned/): the plan's parts on
// config.devices in turn, every algorithm but APSP (which stays on one
// part; src/partitioned/partitioned.h has the contract).
void run_partitioned(const PartitionPlan &plan, const Graph &g, const RunRequest &request, const RunConfig &config,
                     RunReport &report, PartitionedReport &partitioned);

// Vertex programs (cuda/jit/, cuda/engines/program_engine.cu): compiles the
// program with NVRTC for `device_id` (or loads it from the on-disk cache)
// and keeps the module in program.devices; a compile error throws
// GG_ERROR_PARSE with NVRTC's log.
void prepare_program(program::Program &program, int device_id, program::BuildReport &build);

// Runs a prepared-on-first-use program on config.device_id, the supersteps
// of docs/programs.md. `values` are the caller's n host values (in: the
// first values when settings.keep_values; out: the final values).
void run_program(const Graph &g, program::Program &program, void *values, const program::RunSettings &settings,
                 const RunConfig &config, RunReport &report, program::ProgramReport &outcome);

}  // namespace gg::cuda
