// Large host arrays that a build fills once: backed by transparent huge
// pages where the kernel gives them on request (THP "madvise", the default
// of many distributions), and first touched in address order, in parallel.
//
// Why: the CSR builder writes its entries at random into an array as large
// as the graph. With 4 KiB pages every first write to a page is a page fault,
// and every write a likely TLB miss. On the 2-core development VM, writing 67
// million 16-byte entries at random into a fresh 1 GiB array took 19 s with
// 4 KiB pages and 6.3 s with huge pages (7.4 s and 19 s on a second try).
// Where THP is "always" the advice changes nothing; where it is "never",
// nothing either: the arrays work the same, only slower.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/default_init_allocator.h"

namespace gg {

// Asks for huge pages over the 2 MiB-aligned part of [p, p + bytes) (a
// no-op for small ranges and where the kernel refuses).
void advise_huge_pages(void *p, size_t bytes);

// An empty vector's storage for `count` elements, advised as above before
// anything touches it (a reader then fills it in order).
template <class T, class Allocator>
void reserve_huge(std::vector<T, Allocator> &v, size_t count) {
    if (v.capacity() >= count) return;
    v.reserve(count);
    advise_huge_pages(v.data(), count * sizeof(T));
}

// The same, then resized to `count`, value-initialised: in address order by
// one thread for a plain vector; for a vector that leaves new elements
// uninitialised (UninitVector: the graph's edge arrays), by the run's threads,
// each a contiguous range. One thread zeroing a plan part's 6 GB of edge
// arrays took 2.9 s on a 64-core host, longer than the part's build.
template <class T, class Allocator>
void resize_huge(std::vector<T, Allocator> &v, size_t count) {
    v.clear();
    v.shrink_to_fit();
    reserve_huge(v, count);
    v.resize(count);
    if constexpr (std::is_same_v<Allocator, DefaultInitAllocator<T>>) {
        T *data = v.data();
        const int64_t n = int64_t(count);
#pragma omp parallel for schedule(static) if (n >= (int64_t(1) << 20))
        for (int64_t i = 0; i < n; ++i) data[i] = T();
    }
}

// resize_huge without the zeroing, for a vector that leaves new elements
// uninitialised and whose caller writes every element before any is read:
// its writers first-touch the pages, in parallel. The hub order's 17 GB of
// lists at kron scale 27 spent about a second being zeroed first.
template <class T>
void resize_huge_for_overwrite(std::vector<T, DefaultInitAllocator<T>> &v, size_t count) {
    v.clear();
    v.shrink_to_fit();
    reserve_huge(v, count);
    v.resize(count);
}

// An uninitialised array of trivially copyable T (every element written
// before it is read), advised as above and first touched by the run's
// threads, each a contiguous range: no serial zeroing pass.
template <class T>
class HugeArray {
public:
    explicit HugeArray(size_t count);
    ~HugeArray();
    HugeArray(const HugeArray &) = delete;
    HugeArray &operator=(const HugeArray &) = delete;
    T *data() const { return data_; }
    size_t size() const { return count_; }
    T &operator[](size_t i) const { return data_[i]; }

private:
    T *data_ = nullptr;
    size_t count_ = 0, bytes_ = 0;
};

// Gives the memory of the whole pages inside [p, p + bytes) back to the
// system (madvise MADV_DONTNEED); they read as zeros if touched again.
// For an array that is read once in order and then dropped (a distributed
// graph's rows as a plan sends them): its memory shrinks as it is read,
// not only at the end.
void release_pages(void *p, size_t bytes);

// The untyped core of HugeArray: `bytes` of anonymous memory
// (GG_ERROR_OUT_OF_MEMORY when the kernel refuses), advised and first touched.
void *map_huge(size_t bytes);
void unmap_huge(void *p, size_t bytes);

template <class T>
HugeArray<T>::HugeArray(size_t count) : count_(count), bytes_(count * sizeof(T)) {
    if (bytes_ > 0) data_ = static_cast<T *>(map_huge(bytes_));
}

template <class T>
HugeArray<T>::~HugeArray() {
    if (data_ != nullptr) unmap_huge(data_, bytes_);
}

}  // namespace gg
