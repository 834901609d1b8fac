// Huge-page backed arrays (huge_pages.h).
#include "core/huge_pages.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.h"

namespace gg {

namespace {

constexpr uintptr_t kHugePage = uintptr_t(2) << 20;

}  // namespace

void advise_huge_pages(void *p, size_t bytes) {
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHugePage - 1);
    if (end > begin) madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);  // advice: a refusal is fine
}

void release_pages(void *p, size_t bytes) {
    const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + page - 1) & ~(page - 1);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(page - 1);
    // A refusal leaves the memory where it was, which is only less useful.
    if (end > begin) madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
}

void *map_huge(size_t bytes) {
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        fail(GG_ERROR_OUT_OF_MEMORY, "could not map %zu bytes of host memory: %s", bytes, std::strerror(errno));
    advise_huge_pages(p, bytes);
    // First touch in address order, a contiguous range per thread.
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    char *bytes_at = static_cast<char *>(p);
#pragma omp parallel for schedule(static)
    for (int64_t at = 0; at < int64_t(bytes); at += int64_t(page)) bytes_at[at] = 0;
    return p;
}

void unmap_huge(void *p, size_t bytes) { munmap(p, bytes); }

}  // namespace gg
