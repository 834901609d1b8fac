// When a loop is worth a thread team. Starting or waking an OpenMP team and
// meeting at its barrier costs microseconds on an idle machine and far more
// on a loaded or oversubscribed one, so loops over fewer items than
// kParallelGrain run on the calling thread (`#pragma omp ... if (...)`).
// Large graphs are unaffected; small ones, and the many small levels of
// high-diameter graphs, stop paying for threads they cannot use.
#pragma once

#include <cstdint>

namespace gg::cpu {

constexpr uint64_t kParallelGrain = 8192;

inline bool worth_parallel(uint64_t items) { return items >= kParallelGrain; }

}  // namespace gg::cpu
