// Compiling, caching and loading a vertex program for a device
// (device_program.cuh), and gg::cuda::prepare_program.
//
// The cache key is a digest of everything that decides the CUBIN: gg's
// version, NVRTC's version, the architecture, the options and the whole
// translation unit (prelude, macros, the program's source, checks and the
// kernel template), so a changed program, kernel template or compiler never
// finds a stale entry. A cached file that does not load (say, written by a
// driver-incompatible compiler outside gg) is compiled again and replaced.
#include "jit/device_program.cuh"

#include <cstdio>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/timer.h"
#include "cuda_backend.h"
#include "jit/nvrtc.cuh"
#include "program/disk_cache.h"
#include "program/translation_unit.h"

namespace gg::embedded {
extern const char *const program_kernels;
extern const char *const program_shard_kernels;
}

namespace gg::cuda {

namespace {

// --fmad=false: no a * b + c contracted into one rounding, as the host's C
// compile uses -ffp-contract=off, so that float arithmetic gives the CPU's
// bits. NVRTC's defaults keep IEEE division and square root (-prec-div,
// -prec-sqrt) and denormals (-ftz=false).
std::vector<std::string> options_for(int arch) {
    return {"--gpu-architecture=sm_" + std::to_string(arch), "-std=c++17", "--fmad=false"};
}

// Loads a CUBIN; false (and the error cleared) when the runtime rejects it.
bool load_library(const std::string &cubin, cudaLibrary_t &library, cudaError_t &status) {
    library = nullptr;
    status = cudaLibraryLoadData(&library, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
    if (status == cudaSuccess) return true;
    cudaGetLastError();
    library = nullptr;
    return false;
}

}  // namespace

DeviceProgram::~DeviceProgram() {
    if (library_ != nullptr) {
        cudaLibraryUnload(library_);  // fails harmlessly after a sticky device error
        cudaGetLastError();
    }
}

cudaKernel_t DeviceProgram::kernel(const char *name) const {
    cudaKernel_t kernel = nullptr;
    const cudaError_t status = cudaLibraryGetKernel(&kernel, library_, name);
    if (status != cudaSuccess) {
        cudaGetLastError();
        fail(GG_ERROR_INTERNAL, "the compiled vertex program has no kernel %s (%s)", name, cudaGetErrorString(status));
    }
    return kernel;
}

const DeviceProgram &device_program(program::Program &program, const DeviceInfo &info, program::BuildReport &build) {
    std::lock_guard<std::mutex> lock(program.mutex);
    auto found = program.devices.find(info.id);
    if (found != program.devices.end()) {
        build.cache_hit = true;
        return static_cast<const DeviceProgram &>(*found->second);
    }
    const program::Desc &desc = program.desc;
    if (!desc.has_source)
        fail(GG_ERROR_UNSUPPORTED, "program '%s' has C function pointers and no source: there is nothing to compile "
             "for the GPU", desc.name.c_str());

    const jit::Nvrtc &nvrtc = jit::Nvrtc::get();
    const int arch = info.major * 10 + info.minor;
    std::string archs;
    if (!nvrtc.supports(arch, archs))
        fail(GG_ERROR_UNSUPPORTED, "program '%s' cannot be compiled for device %d (%s, sm_%d): NVRTC %d.%d (%s) "
             "targets %s", desc.name.c_str(), info.id, info.name.c_str(), arch, nvrtc.major(), nvrtc.minor(),
             nvrtc.library().c_str(), archs.c_str());

    const std::vector<std::string> options = options_for(arch);
    const std::string kernels = std::string(embedded::program_kernels) + "\n" + embedded::program_shard_kernels;
    const std::string unit = program::translation_unit(desc, kernels.c_str());
    std::string identity = std::string("gg ") + gg_version_string() + " nvrtc " + std::to_string(nvrtc.major()) + "." +
                           std::to_string(nvrtc.minor()) + " sm_" + std::to_string(arch);
    for (const std::string &option : options) identity += " " + option;
    const std::string dir = program::cache_directory();
    const std::string path =
        dir.empty() ? "" : program::cache_path(dir, program::digest(identity + "\n" + unit), "-sm_" + std::to_string(arch) + ".cubin");

    cudaLibrary_t library = nullptr;
    cudaError_t status = cudaSuccess;
    std::string cubin;
    Stopwatch clock;
    if (!path.empty() && program::read_file(path, cubin) && !cubin.empty()) {
        if (load_library(cubin, library, status)) {
            build.cache_hit = true;
            build.load_ms = clock.elapsed_ms();
        } else {
            std::remove(path.c_str());  // unusable: compile it again below
        }
    }
    if (library == nullptr) {
        clock.restart();
        std::string log;
        if (!nvrtc.compile(unit, program::source_file_name(desc) + ".cu", options, cubin, log))
            fail(GG_ERROR_PARSE, "program '%s' does not compile for the GPU (NVRTC %d.%d, sm_%d):\n%s",
                 desc.name.c_str(), nvrtc.major(), nvrtc.minor(), arch, log.c_str());
        build.compiled = true;
        build.compile_ms = clock.elapsed_ms();
        if (!path.empty()) program::write_file_atomically(path, cubin);  // the cache is an optimisation
        clock.restart();
        if (!load_library(cubin, library, status))
            fail(status == cudaErrorMemoryAllocation ? GG_ERROR_OUT_OF_MEMORY : GG_ERROR_DEVICE,
                 "program '%s' compiled for sm_%d by NVRTC %d.%d does not load on device %d (%s): %s (%s)",
                 desc.name.c_str(), arch, nvrtc.major(), nvrtc.minor(), info.id, info.name.c_str(),
                 cudaGetErrorName(status), cudaGetErrorString(status));
        build.load_ms = clock.elapsed_ms();
    }
    auto code = std::make_unique<DeviceProgram>(library, arch);
    const DeviceProgram &loaded = *code;
    program.devices[info.id] = std::move(code);
    return loaded;
}

void prepare_program(program::Program &program, int device_id, program::BuildReport &build) {
    device_program(program, use_device(device_id), build);
}

}  // namespace gg::cuda
