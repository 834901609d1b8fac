// Runs library code with the context's thread count without changing the
// caller's OpenMP setting: the count is set for the duration of one call on
// the calling thread and restored afterwards.
#pragma once

#ifdef _OPENMP
#include <omp.h>
#endif

namespace gg {

class ScopedOmpThreads {
public:
    explicit ScopedOmpThreads(int threads) {
#ifdef _OPENMP
        previous_ = omp_get_max_threads();
        if (threads > 0) omp_set_num_threads(threads);
#else
        (void)threads;
#endif
    }
    ~ScopedOmpThreads() {
#ifdef _OPENMP
        omp_set_num_threads(previous_);
#endif
    }
    ScopedOmpThreads(const ScopedOmpThreads &) = delete;
    ScopedOmpThreads &operator=(const ScopedOmpThreads &) = delete;

private:
    int previous_ = 1;
};

}  // namespace gg
