// NVRTC through dlopen (nvrtc.cuh). nvrtc.h is included for its types only:
// the function pointer types are decltype of its declarations, so that a
// changed signature fails the build, and nothing refers to the symbols.
#include "jit/nvrtc.cuh"

#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <mutex>

#include "core/error.h"
#include "runtime/shared_library.h"

namespace gg::cuda::jit {

struct Nvrtc::Entry {
    decltype(&nvrtcVersion) version = nullptr;
    decltype(&nvrtcGetErrorString) error_string = nullptr;
    decltype(&nvrtcCreateProgram) create = nullptr;
    decltype(&nvrtcDestroyProgram) destroy = nullptr;
    decltype(&nvrtcCompileProgram) compile = nullptr;
    decltype(&nvrtcGetProgramLogSize) log_size = nullptr;
    decltype(&nvrtcGetProgramLog) log = nullptr;
    decltype(&nvrtcGetCUBINSize) cubin_size = nullptr;
    decltype(&nvrtcGetCUBIN) cubin = nullptr;
    decltype(&nvrtcGetNumSupportedArchs) num_archs = nullptr;  // optional (CUDA 11.2+)
    decltype(&nvrtcGetSupportedArchs) archs = nullptr;         // optional
};

const Nvrtc &Nvrtc::get() {
    static Nvrtc instance;
    static std::once_flag once;
    std::call_once(once, [] { instance.load(); });
    if (!instance.failure_.empty()) fail(GG_ERROR_UNSUPPORTED, "%s", instance.failure_.c_str());
    return instance;
}

void Nvrtc::load() {
    // The NVRTC of the toolkit gg was built with first: its CUBIN is what
    // this runtime and the driver it needs are sure to load.
    const std::vector<std::string> names = library_candidates(
        "GG_NVRTC_LIBRARY",
        {"libnvrtc.so." + std::to_string(CUDART_VERSION / 1000), "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"});
    std::string tried;
    handle_ = open_first_library(names, library_, tried);
    if (handle_ == nullptr) {
        failure_ = "vertex programs on the GPU need NVRTC, the CUDA runtime compiler, and none could be loaded "
                   "(install the CUDA toolkit's libnvrtc, put its directory on LD_LIBRARY_PATH, or set "
                   "GG_NVRTC_LIBRARY to its path; programs still run on the CPU):" +
                   tried;
        return;
    }
    entry_ = new Entry;
    Entry &e = *entry_;
    const bool complete = look_up(handle_, "nvrtcVersion", e.version) &&
                          look_up(handle_, "nvrtcGetErrorString", e.error_string) &&
                          look_up(handle_, "nvrtcCreateProgram", e.create) &&
                          look_up(handle_, "nvrtcDestroyProgram", e.destroy) &&
                          look_up(handle_, "nvrtcCompileProgram", e.compile) &&
                          look_up(handle_, "nvrtcGetProgramLogSize", e.log_size) &&
                          look_up(handle_, "nvrtcGetProgramLog", e.log) &&
                          look_up(handle_, "nvrtcGetCUBINSize", e.cubin_size) &&
                          look_up(handle_, "nvrtcGetCUBIN", e.cubin);
    if (!complete) {
        failure_ = "the NVRTC library " + library_ + " lacks nvrtcGetCUBIN or another entry point gg needs (NVRTC 11.1 "
                   "or newer is needed for vertex programs on the GPU)";
        return;
    }
    look_up(handle_, "nvrtcGetNumSupportedArchs", e.num_archs);
    look_up(handle_, "nvrtcGetSupportedArchs", e.archs);
    if (e.version(&major_, &minor_) != NVRTC_SUCCESS) failure_ = "NVRTC (" + library_ + ") does not report its version";
    // The library stays loaded for the life of the process.
}

bool Nvrtc::supports(int arch, std::string &archs) const {
    archs.clear();
    const Entry &e = *entry_;
    int count = 0;
    if (e.num_archs == nullptr || e.archs == nullptr || e.num_archs(&count) != NVRTC_SUCCESS || count <= 0) return true;
    std::vector<int> list(static_cast<size_t>(count));
    if (e.archs(list.data()) != NVRTC_SUCCESS) return true;
    bool found = false;
    for (int a : list) {
        archs += (archs.empty() ? "sm_" : ", sm_") + std::to_string(a);
        found = found || a == arch;
    }
    return found;
}

bool Nvrtc::compile(const std::string &source, const std::string &file_name, const std::vector<std::string> &options,
                    std::string &cubin, std::string &log) const {
    const Entry &e = *entry_;
    // NVRTC before CUDA 12 does not promise that compiles on several
    // threads are safe; programs compile once each, so one at a time costs
    // little.
    static std::mutex serial;
    std::lock_guard<std::mutex> lock(serial);
    nvrtcProgram program = nullptr;
    nvrtcResult status = e.create(&program, source.c_str(), file_name.c_str(), 0, nullptr, nullptr);
    if (status != NVRTC_SUCCESS)
        fail(GG_ERROR_INTERNAL, "nvrtcCreateProgram failed: %s", e.error_string(status));
    struct Destroy {
        const Entry &e;
        nvrtcProgram &p;
        ~Destroy() { e.destroy(&p); }
    } destroy{e, program};

    std::vector<const char *> argv;
    for (const std::string &option : options) argv.push_back(option.c_str());
    status = e.compile(program, static_cast<int>(argv.size()), argv.data());
    size_t log_bytes = 0;
    log.clear();
    if (e.log_size(program, &log_bytes) == NVRTC_SUCCESS && log_bytes > 1) {
        log.resize(log_bytes);
        if (e.log(program, &log[0]) != NVRTC_SUCCESS) log.clear();
        while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    }
    if (status == NVRTC_ERROR_COMPILATION) return false;
    if (status != NVRTC_SUCCESS)
        fail(GG_ERROR_INTERNAL, "NVRTC %d.%d failed to compile (%s)%s%s", major_, minor_, e.error_string(status),
             log.empty() ? "" : ":\n", log.c_str());
    size_t bytes = 0;
    status = e.cubin_size(program, &bytes);
    if (status != NVRTC_SUCCESS || bytes == 0)
        fail(GG_ERROR_INTERNAL, "NVRTC %d.%d produced no CUBIN (%s)", major_, minor_, e.error_string(status));
    cubin.assign(bytes, '\0');
    status = e.cubin(program, &cubin[0]);
    if (status != NVRTC_SUCCESS) fail(GG_ERROR_INTERNAL, "nvrtcGetCUBIN failed: %s", e.error_string(status));
    return true;
}

}  // namespace gg::cuda::jit
