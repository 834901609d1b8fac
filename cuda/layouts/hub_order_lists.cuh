// The hub-ordered CSC's lists built on the device (src/layout/hub_order.h
// says what the order is and why). The host finds the order, the new ids
// and each row's offsets from the degrees alone; renumbering the 4 billion
// in-edges of kron scale 27 through a 512 MB id table and sorting every
// list took the host 11 s of PageRank's 14.6 s first preprocessing, random
// reads and a sort per list. Here each list is copied through the new ids by
// a warp, then all are sorted at once by cub::DeviceSegmentedSort.
#pragma once

#include <cstdint>

#include "graph/graph.h"
#include "layout/hub_order.h"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// The lists of `host` (built with HubOrderLists::device from the CSC `in`):
// row r holds the in-list of vertex_at[row_at ? row_at[r] : r] in new ids,
// sorted. row_offsets, vertex_at and row_at are `host`'s arrays already on
// the device (row_at null without a front set). Uploads the CSC's lists for
// the while (the upload's time goes to transfer_ms) and returns an array at
// least as long as the lists, holding them from its start.
DeviceArray<uint32_t> build_hub_order_lists(const Csr &in, const HubOrderHost &host, const uint64_t *row_offsets,
                                            const uint32_t *vertex_at, const uint32_t *row_at,
                                            const DeviceInfo &info, cudaStream_t stream, double &transfer_ms);

}  // namespace gg::cuda
