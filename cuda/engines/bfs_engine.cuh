// Direction-optimizing BFS on the device, as one persistent cooperative
// kernel: every level runs inside the kernel and ends at a grid barrier, so a
// level costs microseconds even on a road grid of thousands of levels (no host
// round trip per level). Used by bfs.cu and, for its forward phase, bc.cu.
// The algorithm is described in bfs_engine.cu.
#pragma once

#include <cstdint>

#include "backend/state_pool.h"
#include "layouts/device_csr.cuh"
#include "primitives/frontier.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

constexpr uint32_t kUnvisited = 0xffffffffu;

// Written by the kernel at its end.
struct BfsSummary {
    uint32_t levels;             // levels expanded (depth of the deepest vertex + 1)
    uint32_t reached;            // vertices reached, = entries of the visit list
    uint32_t bottom_up_levels;   // levels run bottom-up
    uint32_t unused;
    unsigned long long edges_examined;
};

// The engine's state: its arrays are allocated once per (graph, device,
// options) and pooled (backend/state_pool.h); each search resets them.
class BfsEngine final : public EngineState {
public:
    // Sized for graphs of `out`'s n and m; `bottom_up` (the CSC will be
    // given) allows bottom-up levels. `track_parents`: fill parent();
    // `record_levels`: fill level_start().
    BfsEngine(const DeviceCsr &out, bool bottom_up, const DeviceInfo &info, bool track_parents, bool record_levels);
    uint64_t bytes() const override;
    // What sizes a BfsEngine, for its pool key.
    static uint64_t variant(bool bottom_up, bool track_parents, bool record_levels) {
        return uint64_t(bottom_up) | uint64_t(track_parents) << 1 | uint64_t(record_levels) << 2;
    }

    // Binds this run's views of the graph (the layout cache's; `in` unused
    // without bottom-up levels).
    void bind(const DeviceCsr &out, const DeviceCsr &in);
    // Enqueues one search on `stream`: the whole level loop is one persistent
    // kernel, so a search is one superstep (backend/supersteps.h).
    void run(uint32_t source, cudaStream_t stream);
    // Copies the summary of the last run (waits for it).
    BfsSummary summary(cudaStream_t stream, double &transfer_ms) const;

    const uint32_t *depth() const { return depth_.get(); }
    const uint32_t *parent() const { return parent_.get(); }
    // Vertices in visit order, level by level: level L is
    // list()[level_start()[L] .. level_start()[L+1]).
    const uint32_t *list() const { return list_.get(); }
    const uint32_t *level_start() const { return level_start_.get(); }
    // The summary on the device, for kernels that run after the search.
    const BfsSummary *summary_pointer() const { return summary_.get(); }

private:
    DeviceCsr out_, in_;
    bool bottom_up_ = false;
    uint32_t huge_threshold_ = 0;
    int blocks_ = 0;
    DeviceArray<uint32_t> depth_, parent_, list_, huge_items_, level_start_, bitmaps_;
    DeviceArray<unsigned long long> huge_start_;
    DeviceArray<FrontierCounters> counters_;
    DeviceArray<BfsSummary> summary_;
};

}  // namespace gg::cuda
