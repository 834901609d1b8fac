// The view every kernel reads a graph through: one CSR (or CSC) on the
// device, owned by the layout cache (device_layouts.cuh).
#pragma once

#include <cstdint>

namespace gg::cuda {

// weights is null when the run did not ask for them.
struct DeviceCsr {
    uint32_t n = 0;
    uint64_t m = 0;
    const uint64_t *offsets = nullptr;
    const uint32_t *indices = nullptr;
    const float *weights = nullptr;
};

}  // namespace gg::cuda
