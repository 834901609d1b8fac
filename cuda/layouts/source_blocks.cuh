// The device view of GraphCage's source blocks (src/layout/source_blocks.h
// says why and where they pay): where each in-list of the CSC crosses from
// one source block into the next.
#pragma once

#include <cstdint>

namespace gg::cuda {

// The CSC's split into `count` source blocks, on the device: block b holds
// the sources [ceil(b n / count), ceil((b + 1) n / count)).
struct SourceBlocks {
    uint32_t count = 0;              // 0: no blocks (a plain pass); else 2 to kMaxSourceBlocks
    const uint64_t *cuts = nullptr;  // (count - 1) x n: cuts[(b - 1) n + v] = the first in-edge of v
                                     // whose source is in block b or later
    bool present() const { return count >= 2; }
};

// The first source of block b of `count` over n vertices.
inline uint32_t source_block_start(uint32_t n, uint32_t b, uint32_t count) {
    return uint32_t((uint64_t(n) * b + count - 1) / count);
}

}  // namespace gg::cuda
