// The device side of hub_order_lists.cuh.
#include "layouts/hub_order_lists.cuh"

#include <cub/device/device_segmented_sort.cuh>

#include "core/error.h"
#include "layouts/device_layouts.cuh"

namespace gg::cuda {

namespace {

// A warp per row, its lanes along the list: a hub's list of millions is one
// warp's, but the rows are many more than the warps.
__global__ void renumber_lists(uint32_t rows, const uint64_t *row_offsets, const uint32_t *vertex_at,
                               const uint32_t *row_at, const uint64_t *in_offsets, const uint32_t *in_indices,
                               const uint32_t *new_id, uint32_t *lists) {
    const uint32_t lane = threadIdx.x & 31;
    const uint64_t warps = uint64_t(gridDim.x) * blockDim.x / 32;
    for (uint64_t r = (blockIdx.x * uint64_t(blockDim.x) + threadIdx.x) / 32; r < rows; r += warps) {
        const uint64_t begin = row_offsets[r], degree = row_offsets[r + 1] - begin;
        if (degree == 0) continue;
        const uint32_t v = vertex_at[row_at != nullptr ? row_at[r] : r];
        const uint32_t *from = in_indices + in_offsets[v];
        for (uint64_t i = lane; i < degree; i += 32) lists[begin + i] = new_id[from[i]];
    }
}

}  // namespace

DeviceArray<uint32_t> build_hub_order_lists(const Csr &in, const HubOrderHost &host, const uint64_t *row_offsets,
                                            const uint32_t *vertex_at, const uint32_t *row_at,
                                            const DeviceInfo &info, cudaStream_t stream, double &transfer_ms) {
    const uint32_t rows = host.in.n;
    const uint64_t edges = host.in.offsets[rows];
    if (host.new_id.size() != in.n)
        fail(GG_ERROR_INTERNAL, "a hub order built for the host's lists has no new ids for the device");
    // The CSC's lists go up into what becomes the sort's second buffer.
    DeviceArray<uint32_t> spare = upload(in.indices, "the CSC's lists, renumbered into the hub order", stream,
                                         transfer_ms);
    {
        const DeviceArray<uint64_t> in_offsets = upload(in.offsets, "the CSC's offsets", stream, transfer_ms);
        const DeviceArray<uint32_t> new_id = upload(host.new_id, "the hub order's new ids", stream, transfer_ms);
        DeviceArray<uint32_t> lists(edges, "the hub-ordered CSC indices");
        if (rows > 0) {
            renumber_lists<<<grid_stride_blocks(uint64_t(rows) * 32, 256, info), 256, 0, stream>>>(
                rows, row_offsets, vertex_at, row_at, in_offsets.get(), spare.get(), new_id.get(), lists.get());
            GG_CUDA_CHECK_LAUNCH("renumber_lists");
        }
        // The ids' table and the CSC's offsets must outlive the kernel.
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (edges == 0) return lists;
        cub::DoubleBuffer<uint32_t> keys(lists.get(), spare.get());
        size_t temp_bytes = 0;
        GG_CUDA_CHECK(cub::DeviceSegmentedSort::SortKeys(nullptr, temp_bytes, keys, int64_t(edges), int64_t(rows),
                                                         row_offsets, row_offsets + 1, stream));
        DeviceArray<unsigned char> temp(temp_bytes, "the hub order's sort");
        GG_CUDA_CHECK(cub::DeviceSegmentedSort::SortKeys(temp.get(), temp_bytes, keys, int64_t(edges),
                                                         int64_t(rows), row_offsets, row_offsets + 1, stream));
        GG_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (keys.Current() == lists.get()) return lists;
    }
    return spare;  // the sorted lists ended in the second buffer, which is at least as long
}

}  // namespace gg::cuda
