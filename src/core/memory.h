// A guard for allocations whose size comes from outside (file headers, API
// arguments): refuse, with a message, what this machine cannot hold instead of
// letting the kernel's OOM killer end the process mid-build.
#pragma once

#include <cstdint>
#include <string>

namespace gg {

// Physical memory of this machine in bytes (0 when unknown).
uint64_t physical_memory_bytes();

// Throws GG_ERROR_OUT_OF_MEMORY naming `what` when `bytes` exceeds the
// machine's physical memory.
void check_host_memory(uint64_t bytes, const std::string &what);

}  // namespace gg
