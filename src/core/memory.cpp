#include "core/memory.h"

#include <unistd.h>

#include "core/error.h"

namespace gg {

uint64_t physical_memory_bytes() {
    long pages = sysconf(_SC_PHYS_PAGES);
    long page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return uint64_t(pages) * uint64_t(page_size);
}

void check_host_memory(uint64_t bytes, const std::string &what) {
    uint64_t available = physical_memory_bytes();
    if (available != 0 && bytes > available)
        fail(GG_ERROR_OUT_OF_MEMORY, "%s needs about %llu bytes but this machine has %llu bytes of memory",
             what.c_str(), (unsigned long long)bytes, (unsigned long long)available);
}

}  // namespace gg
