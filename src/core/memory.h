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

// Memory the kernel could give now without swapping (/proc/meminfo's
// MemAvailable, in bytes; 0 when unknown).
uint64_t available_memory_bytes();

// Throws GG_ERROR_OUT_OF_MEMORY naming `what` when twice `bytes` exceeds
// the memory available now, for a transient build whose caller has another
// way to go (a layout the run can do without). Twice: other processes of
// the host (a distributed run's) may be asking at the same moment, and an
// OOM kill ends the run where a refusal only makes it slower; it is a
// refusal of what clearly will not fit, not a reservation.
void check_available_memory(uint64_t bytes, const std::string &what);

}  // namespace gg
