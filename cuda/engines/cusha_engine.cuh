// CuSha's vertex-centric GPU engine (000_b078cda2a2748e6e.txt §4, Figure 5)
// over its two layouts, G-Shards (§3.1) and Concatenated Windows (§3.2),
// built by layouts/device_shards.cuh.
//
// One block per shard, in the paper's four stages: (1) the shard's vertex
// values into shared memory, (2) each shard entry combines the candidate
// from its SrcValue and weight into its destination's shared copy
// atomically, (3) values that improved go back to VertexValues, (4) the
// write-back: the new values of the shard's vertex range go to the SrcValue
// entries of every shard that reads them, window by window with a warp each
// (G-Shards, Figure 3c) or entry by entry through the Mapper (CW,
// Figure 4b). The SrcValue column is the engine's state (its type is the
// algorithm's value), pooled per (graph, device).
//
// What gg adds to the paper's engine, and why, is in cusha_engine.cu: a
// round runs only the shards whose SrcValue entries changed (the paper's
// engine runs every shard every round), and PageRank runs synchronously, in
// double, to networkx's answers.
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "engines/relaxations.cuh"
#include "gg.h"
#include "graph/graph.h"
#include "layouts/device_shards.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// Runs `kind` to its fixpoint over G-Shards (layout == GG_LAYOUT_GSHARDS) or
// Concatenated Windows (GG_LAYOUT_CW). The source starts at
// Relax::at_source() and every other vertex unreached; for
// Relaxation::label the source is ignored and every vertex starts with its
// own id (and `shards` must be the symmetrized edge set's). Writes the n
// values into device_values (device memory, n entries, owned by the caller).
// Adds to report.compute_ms (event-timed), sets report.iterations (rounds
// that ran a shard) and report.edges_visited (shard entries processed).
void cusha_relax(const Graph &g, const DeviceShards &shards, gg_layout layout, Relaxation kind, uint32_t source,
                 uint32_t *device_values, const DeviceInfo &info, const RunConfig &config, cudaStream_t stream,
                 RunReport &report);

// PageRank with shared/design.md's semantics (networkx: damping
// config.damping, dangling mass spread evenly, start 1/n, stop when the L1
// change < config.tolerance or after config.max_iterations;
// report.iterations counted as cuda/algorithms/pagerank.cu counts them).
// Ranks (double) into device_ranks (n entries). `shards` over the
// out-edges.
void cusha_pagerank(const Graph &g, const DeviceShards &shards, gg_layout layout, double *device_ranks,
                    const DeviceInfo &info, const RunConfig &config, cudaStream_t stream, RunReport &report);

// SpMV y(v) = sum over u->v of w(u,v) x(u), in double and rounded once to
// float; device_x, device_y: n entries on the device. `shards` over the
// out-edges. One pass over the shards, the same for both layouts (there is
// no write-back).
void cusha_spmv(const Graph &g, const DeviceShards &shards, gg_layout layout, const float *device_x, float *device_y,
                const DeviceInfo &info, const RunConfig &config, cudaStream_t stream, RunReport &report);

}  // namespace gg::cuda
