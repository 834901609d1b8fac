// The device view of GraphCage's source blocks (src/layout/source_blocks.h
// says why and where they pay): where each in-list of the CSC crosses from
// the first source block into the second.
#pragma once

#include <cstdint>

namespace gg::cuda {

// The CSC's split into two source blocks, on the device.
struct SourceBlocks {
    bool present = false;
    const uint64_t *cut = nullptr;  // n: the first in-edge of v whose source is in the second block
};

}  // namespace gg::cuda
