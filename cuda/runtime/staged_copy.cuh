// Large copies between pageable host memory and a device, through pinned
// staging buffers. The graph's host arrays are ordinary (pageable) memory:
// the driver copies them to the device through its own small bounce buffer,
// one thread at a time, at about 9 GB/s on an H200 (issue 17 item 4 asks for
// 10 GB/s or more). Here the host's cores fill a few large pinned buffers in
// parallel while the copy engine drains the previous one, so the transfer
// runs at the link's speed instead.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

namespace gg::cuda {

// Whether a copy of `bytes` from or to `host` should be staged: `host` is
// pageable (not pinned, not device or managed memory) and the copy is large
// enough for the staging to pay.
bool worth_staging(const void *host, size_t bytes);

// Copies `bytes` from pageable `host` to `device` (or back) in order after the
// work already on `stream`, and returns when the copy is complete, as a
// cudaMemcpyAsync from pageable memory does. Falls back to a plain copy when
// pinned memory cannot be had.
void staged_copy_to_device(void *device, const void *host, size_t bytes, cudaStream_t stream);
void staged_copy_to_host(void *host, const void *device, size_t bytes, cudaStream_t stream);

}  // namespace gg::cuda
