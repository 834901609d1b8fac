// A vertex program's kernels on one device: its translation unit
// (src/program/translation_unit.h, with cuda/jit/program_kernels.cuh as the
// tail) compiled by NVRTC to CUBIN for the device's exact architecture,
// cached on disk (src/program/disk_cache.h) and loaded with the runtime's
// library API (cudaLibraryLoadData; kernels are extern "C", found by name
// with cudaLibraryGetKernel and launched with cudaLaunchKernel), so gg needs
// no link against libcuda either. The loaded library lives in
// program.devices[device] until the program is destroyed.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "program/program.h"
#include "runtime/runtime.cuh"

namespace gg::cuda {

class DeviceProgram final : public program::CompiledCode {
public:
    DeviceProgram(cudaLibrary_t library, int arch) : library_(library), arch_(arch) {}
    ~DeviceProgram() override;
    DeviceProgram(const DeviceProgram &) = delete;
    DeviceProgram &operator=(const DeviceProgram &) = delete;

    // The kernel `name`; GG_ERROR_INTERNAL when the module has none (the
    // engine and program_kernels.cuh disagree on which kernels a model has).
    cudaKernel_t kernel(const char *name) const;
    int arch() const { return arch_; }  // e.g. 90 for sm_90

private:
    cudaLibrary_t library_ = nullptr;
    int arch_ = 0;
};

// The program's module on the current device `info` (compiled or read from
// the cache and loaded on first use; held by program.devices, guarded by
// program.mutex). `build` says what it cost. Throws GG_ERROR_PARSE with
// NVRTC's log when the source does not compile, GG_ERROR_UNSUPPORTED when
// NVRTC is missing or cannot target the device.
const DeviceProgram &device_program(program::Program &program, const DeviceInfo &info, program::BuildReport &build);

}  // namespace gg::cuda
