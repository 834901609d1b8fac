// CuSha's choice of |N|, the vertices per shard (000_b078cda2a2748e6e.txt §4,
// "Selecting shard size", using the average window size of §3.2).
//
// With |S| = ceil(|V| / |N|) shards of |E| / |S| entries, each cut into |S|
// windows, the average window holds about |E||N|^2 / |V|^2 entries. CuSha
// sets it to 32, the warp size, so that a warp's write-back of one window
// keeps all its threads busy: |N| = |V| * sqrt(32 / |E|). The vertex values
// of a shard's range must sit in the block's shared memory, which caps |N|
// at shared_memory_bytes / vertex_value_bytes.
#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "layout/cusha/shards.h"

namespace gg {

namespace {
constexpr double kTargetWindowEntries = 32.0;  // warp size
}

uint32_t cusha_vertices_per_shard(uint32_t n, uint64_t m, const ShardOptions &options) {
    if (options.vertex_value_bytes == 0)
        fail(GG_ERROR_INVALID_ARGUMENT, "vertex_value_bytes must be at least 1");
    if (n == 0) return 1;
    const uint32_t shared_memory_cap = std::max<uint32_t>(1, options.shared_memory_bytes / options.vertex_value_bytes);
    const uint32_t upper = std::min(shared_memory_cap, n);
    if (m == 0) return upper;
    const double ideal = double(n) * std::sqrt(kTargetWindowEntries / double(m));
    if (ideal >= double(upper)) return upper;  // compared in double: ideal may exceed 2^32
    return std::max<uint32_t>(1, uint32_t(std::llround(ideal)));
}

}  // namespace gg
