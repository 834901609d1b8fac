// An allocator whose value-less construct() leaves trivial types
// uninitialised, so that vector::resize(m) of a large array (the graph's
// edge arrays, the shard arrays) costs no serial zero-fill: the pages are
// first touched by the parallel loops that write every entry anyway (for
// 128M edges the fill alone took longer than the whole parallel build), or
// zeroed by every thread where zeros are wanted (resize_huge, huge_pages.h).
#pragma once

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace gg {

template <class T>
struct DefaultInitAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    DefaultInitAllocator() noexcept = default;
    template <class U>
    DefaultInitAllocator(const DefaultInitAllocator<U> &) noexcept {}

    template <class U>
    void construct(U *p) noexcept(noexcept(::new (static_cast<void *>(p)) U)) {
        ::new (static_cast<void *>(p)) U;  // default-initialisation: no zeroing
    }
    template <class U, class... Args>
    void construct(U *p, Args &&...args) {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }
};

// A vector whose resize() does not write the new elements.
template <class T>
using UninitVector = std::vector<T, DefaultInitAllocator<T>>;

}  // namespace gg
