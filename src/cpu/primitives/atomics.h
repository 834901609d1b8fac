// Lock-free updates on plain arrays (the caller's output arrays included),
// through the GCC/Clang __atomic builtins: C++17 has no std::atomic_ref, and
// copying an output array into std::atomic<T> and back would cost a pass over
// n values for nothing. Every access that may race goes through these helpers.
#pragma once

#include <cstdint>

namespace gg::cpu {

template <class T>
inline T load_relaxed(const T *slot) {
    T value;
    __atomic_load(slot, &value, __ATOMIC_RELAXED);
    return value;
}

template <class T>
inline void store_relaxed(T *slot, T value) {
    __atomic_store(slot, &value, __ATOMIC_RELAXED);
}

// Replaces *slot by `desired` if it still holds `expected`.
template <class T>
inline bool compare_and_swap(T *slot, T expected, T desired) {
    return __atomic_compare_exchange(slot, &expected, &desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

// *slot = min(*slot, value); true when this call lowered it.
template <class T>
inline bool write_min(T *slot, T value) {
    T current = load_relaxed(slot);
    while (value < current)
        if (__atomic_compare_exchange(slot, &current, &value, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return true;
    return false;
}

// *slot = max(*slot, value); true when this call raised it.
template <class T>
inline bool write_max(T *slot, T value) {
    T current = load_relaxed(slot);
    while (current < value)
        if (__atomic_compare_exchange(slot, &current, &value, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return true;
    return false;
}

// *slot += value for doubles (no fetch_add on floating point before C++20).
inline void add_double(double *slot, double value) {
    double current = load_relaxed(slot);
    double updated = current + value;
    while (!__atomic_compare_exchange(slot, &current, &updated, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        updated = current + value;
}

template <class T>
inline T fetch_add(T *slot, T value) {
    return __atomic_fetch_add(slot, value, __ATOMIC_RELAXED);
}

}  // namespace gg::cpu
