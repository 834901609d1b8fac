// Prefix sums and ordered selections over a vertex range, on every thread.
//
// Why: the builds turn per-vertex counts into CSR offsets and pick vertices
// in id order (the hub order's hubs, then the rest) in loops over n. At
// n = 2^27 each such loop took a few hundred milliseconds on one thread
// while the host's other cores waited, and a build runs several of them.
// Both helpers give the same result on any thread count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace gg {

namespace scan_detail {
inline int max_threads() {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}
// Below this many items one thread is faster than starting the others.
constexpr uint64_t kSerialBelow = uint64_t(1) << 16;
// The calling thread's place in its team and its contiguous share of [0, n).
struct Share {
    int me = 0, team = 1;
    uint64_t lo = 0, hi = 0;
};
inline Share my_share(uint64_t n) {
    Share s;
#ifdef _OPENMP
    s.me = omp_get_thread_num();
    s.team = omp_get_num_threads();
#endif
    s.lo = n * uint64_t(s.me) / uint64_t(s.team);
    s.hi = n * uint64_t(s.me + 1) / uint64_t(s.team);
    return s;
}
}  // namespace scan_detail

// offsets[0] = 0 and offsets[i + 1] = offsets[i] + count(i) for i < n
// (offsets holds n + 1 entries). `count` is called once per i, from any
// thread, before offsets[i + 1] is written: it may read the count there
// (a prefix sum in place).
template <class Count>
void fill_offsets(uint64_t n, const Count &count, uint64_t *offsets) {
    offsets[0] = 0;
    const int threads = n < scan_detail::kSerialBelow ? 1 : scan_detail::max_threads();
    if (threads == 1) {
        for (uint64_t i = 0; i < n; ++i) offsets[i + 1] = offsets[i] + count(i);
        return;
    }
    // Each thread sums its range in place, then adds the totals of the
    // ranges before it.
    std::vector<uint64_t> before(size_t(threads) + 1, 0);
#pragma omp parallel num_threads(threads)
    {
        const scan_detail::Share my = scan_detail::my_share(n);
        uint64_t sum = 0;
        for (uint64_t i = my.lo; i < my.hi; ++i) offsets[i + 1] = (sum += count(i));
        before[size_t(my.me) + 1] = sum;
#pragma omp barrier
#pragma omp single
        for (int t = 0; t < my.team; ++t) before[size_t(t) + 1] += before[size_t(t)];
        const uint64_t base = before[size_t(my.me)];
        if (base != 0)
            for (uint64_t i = my.lo; i < my.hi; ++i) offsets[i + 1] += base;
    }
}

// Appends to `out`, in increasing order, every i in [0, n) with keep(i).
// `keep` is called twice per i, from any thread.
template <class T, class Allocator, class Keep>
void append_where(uint64_t n, const Keep &keep, std::vector<T, Allocator> &out) {
    const int threads = n < scan_detail::kSerialBelow ? 1 : scan_detail::max_threads();
    if (threads == 1) {
        for (uint64_t i = 0; i < n; ++i)
            if (keep(i)) out.push_back(T(i));
        return;
    }
    const size_t start = out.size();
    std::vector<uint64_t> before(size_t(threads) + 1, 0);
#pragma omp parallel num_threads(threads)
    {
        const scan_detail::Share my = scan_detail::my_share(n);
        uint64_t kept = 0;
        for (uint64_t i = my.lo; i < my.hi; ++i) kept += keep(i) ? 1 : 0;
        before[size_t(my.me) + 1] = kept;
#pragma omp barrier
#pragma omp single
        {
            for (int t = 0; t < my.team; ++t) before[size_t(t) + 1] += before[size_t(t)];
            out.resize(start + before[size_t(my.team)]);
        }
        T *at = out.data() + start + before[size_t(my.me)];
        for (uint64_t i = my.lo; i < my.hi; ++i)
            if (keep(i)) *at++ = T(i);
    }
}

}  // namespace gg
