// Opening an optional shared library at run time (dlopen): NVRTC for the
// GPU's vertex programs (jit/nvrtc.cuh) and NCCL for the exchange between
// GPUs (runtime/nccl.cuh). gg links neither, so a machine without them
// still runs everything else, and the message of what needs them says what
// was looked for.
#pragma once

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace gg::cuda {

// The candidate names in order, the value of `variable` first when it is
// set (the user's path), without repeats.
inline std::vector<std::string> library_candidates(const char *variable, const std::vector<std::string> &names) {
    std::vector<std::string> out;
    auto add = [&out](const std::string &name) {
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    };
    if (const char *path = std::getenv(variable); path != nullptr && path[0] != '\0') add(path);
    for (const std::string &name : names) add(name);
    return out;
}

// The first candidate that loads (its name in `loaded`), or null with each
// candidate's dlerror, one a line, in `tried`. It stays loaded for the life
// of the process.
inline void *open_first_library(const std::vector<std::string> &candidates, std::string &loaded, std::string &tried) {
    for (const std::string &name : candidates) {
        if (void *handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            loaded = name;
            return handle;
        }
        const char *why = dlerror();
        tried += "\n  " + name + ": " + (why != nullptr ? why : "not found");
    }
    return nullptr;
}

// Looks `name` up in `handle` into `slot`; false when absent.
template <class Fn>
bool look_up(void *handle, const char *name, Fn &slot) {
    slot = reinterpret_cast<Fn>(dlsym(handle, name));
    return slot != nullptr;
}

}  // namespace gg::cuda
