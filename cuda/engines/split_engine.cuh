// Tigr's GPU engine (001_e12cff375407a15a.txt §4 and §5 "Implementation"):
// push-based relaxation scheduled over virtual nodes (virtual split, or the
// UDT-transformed graph with one virtual node per node), with its two
// optimizations: a worklist (only the virtual nodes of vertices whose value
// changed work in the next round) and synchronization relaxation (a round
// reads the values as they are now, including those lowered earlier in the
// same round).
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "engines/relaxations.cuh"
#include "graph/graph.h"
#include "layouts/virtual_split.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// Runs `kind` to its fixpoint over `split`. The source starts at
// Relax::at_source() and every other node unreached; for Relaxation::label
// the source is ignored, every vertex starts with its own id and the split
// must be of the symmetrized edge set. Writes the split.num_real answers
// into device_values. Adds the rounds' time to report.compute_ms and sets
// report.iterations (rounds) and report.edges_visited.
void split_relax(const Graph &g, const VirtualSplit &split, uint64_t state_variant, Relaxation kind, uint32_t source,
                 uint32_t *device_values, const DeviceInfo &info, const RunConfig &config, cudaStream_t stream,
                 RunReport &report);

// The capacity of a worklist queue over `num_virtual` virtual nodes: past
// it a round scans every virtual node instead (a sixteenth of them, at least
// 1024), or GG_SPLIT_QUEUE_LIMIT when set (docs/building.md: test_layouts
// sets it small so that the catalogue's small graphs take the scans too).
uint32_t split_queue_limit(uint32_t num_virtual);

// BFS over the virtual split of the out-edges `out` and of the in-edges
// `in` (the same split for an undirected graph), level by level and
// direction-optimizing (split_bfs.cu); in.num_virtual == 0 pushes only.
// Writes the depths into device_values; reports as split_relax does.
void split_bfs(const Graph &g, const VirtualSplit &out, const VirtualSplit &in, uint32_t source,
               uint32_t *device_values, const DeviceInfo &info, const RunConfig &config, cudaStream_t stream,
               RunReport &report);

}  // namespace gg::cuda
