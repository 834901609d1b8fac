// How a CUDA entry point gets its engine's state: from the context's pool
// (backend/state_pool.h), keyed by the graph, the device, the engine and
// what sizes it, or made on the spot the first time.
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "backend/state_pool.h"
#include "graph/graph.h"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// StateKey::engine of each pooled CUDA engine state.
enum class EngineId : uint32_t {
    bfs = 1,
    near_far = 2,
    pagerank = 3,
    spmv = 4,
    bc = 5,
    cc = 6,
    plan_links = 7,       // a plan's replica links on its devices (partitioned/device_parts.cuh)
    part_exchange = 8,    // a part's exchange buffers (partitioned/device_exchange.cuh)
    part_components = 9,  // a part's local components and labels (partitioned/components.cu)
    part_pagerank = 10,   // a part's ranks and out-degrees (partitioned/pagerank.cu)
    part_bc = 11,         // a part's path counts, levels and centrality (partitioned/bc.cu)
    plan_gather = 12,     // a plan's owned ids and value arrays by global id (partitioned/device_results.cuh)
    cusha = 13,           // CuSha's SrcValue column and shard worklists (engines/cusha_engine.cu)
    cusha_pagerank = 14,  // CuSha's PageRank contributions and iteration sums (engines/cusha_engine.cu)
    split = 20,           // Tigr's engine over a virtual split or UDT (engines/split_engine.cu)
    layout_answers = 21,  // the answers of a run on a paper's layout (engines/layout_relax.cu)
    shard_ranks = 22,     // PageRank's ranks on CuSha's layouts (algorithms/pagerank.cu)
    matching = 23,        // matching's mates, BFS forest and frontiers (algorithms/matching.cu)
    part_bfs_levels = 24, // a part's depths, visit list and frontier bitmap (partitioned/bfs_levels.cu)
    split_bfs = 25,       // BFS's depths, queues and level counts over a virtual split (engines/split_bfs.cu)
};

template <class State, class Make>
StatePool::Checkout<State> take_state(const Graph &g, const DeviceInfo &info, const RunConfig &config, EngineId engine,
                                      uint64_t variant, Make &&make) {
    const StateKey key{g.uid(), 0, info.id, uint32_t(engine), variant};
    return StatePool::take<State>(config.states, key, [&] { return std::unique_ptr<EngineState>(make()); });
}

}  // namespace gg::cuda
