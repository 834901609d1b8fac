// NVRTC, the CUDA runtime compiler, loaded with dlopen on first use: the
// static libgg then adds no link dependency, and a machine without NVRTC
// still runs everything but GPU vertex programs, which fail with
// GG_ERROR_UNSUPPORTED saying what was looked for (docs/programs.md, "On
// the GPU"). Only the handful of entry points gg needs are looked up.
#pragma once

#include <string>
#include <vector>

namespace gg::cuda::jit {

class Nvrtc {
public:
    // The process's NVRTC, loaded once: $GG_NVRTC_LIBRARY when set, else
    // libnvrtc.so.<the CUDA major gg was built with>, libnvrtc.so.13,
    // libnvrtc.so.12, libnvrtc.so. Throws GG_ERROR_UNSUPPORTED when none
    // loads (every call, with the same reason).
    static const Nvrtc &get();

    int major() const { return major_; }
    int minor() const { return minor_; }
    const std::string &library() const { return library_; }

    // Whether NVRTC can emit CUBIN for sm_<arch> (e.g. 90); true when this
    // NVRTC cannot say. `archs` lists what it can, for messages.
    bool supports(int arch, std::string &archs) const;

    // Compiles `source` (named `file_name` in messages) with `options`.
    // Returns true with the CUBIN in `cubin`, or false with NVRTC's log in
    // `log` when the source does not compile. Other NVRTC failures throw
    // GG_ERROR_INTERNAL.
    bool compile(const std::string &source, const std::string &file_name, const std::vector<std::string> &options,
                 std::string &cubin, std::string &log) const;

    Nvrtc(const Nvrtc &) = delete;
    Nvrtc &operator=(const Nvrtc &) = delete;

private:
    Nvrtc() = default;
    void load();

    struct Entry;  // the function pointers (nvrtc.cu)
    Entry *entry_ = nullptr;
    void *handle_ = nullptr;
    int major_ = 0, minor_ = 0;
    std::string library_;
    std::string failure_;  // why it did not load; empty when it did
};

}  // namespace gg::cuda::jit
