// Bucketed label-correcting search on the device (near-far / delta-stepping),
// as one persistent cooperative kernel, shared by SSSP (sssp.cu), SSWP
// (sswp.cu) and APSP by repeated SSSP (apsp.cu). The algorithm is described
// in near_far.cu.
#pragma once

#include <cstdint>

#include "backend/path_semiring.h"
#include "backend/run_config.h"
#include "backend/state_pool.h"
#include "graph/graph.h"
#include "layouts/device_csr.cuh"
#include "primitives/frontier.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// The path problems it serves: PathKind::shortest and PathKind::widest
// (backend/path_semiring.h holds what an edge does to each and which value
// wins), and PathKind::hops for the seeded searches of partitioned BFS
// (one band, weights unread; the keys are the depths).
using gg::PathKind;

struct NearFarArgs;

struct NearFarSummary {
    uint32_t iterations;  // relaxation rounds
    uint32_t bands;       // buckets processed
    unsigned long long edges_relaxed;
    // A search that stopped at its band limit: the smallest band above the
    // limit that some vertex's key is in (kNoBandLimit: none).
    uint32_t next_band;
};

// No band limit: the search runs to its end.
constexpr uint32_t kNoBandLimit = 0xffffffffu;

// The engine's state: allocated once per (graph, device, kind) and pooled
// (backend/state_pool.h); each search resets it.
class NearFarEngine final : public EngineState {
public:
    // Sized for graphs of `out`'s n and m.
    NearFarEngine(const DeviceCsr &out, const DeviceInfo &info, PathKind kind);
    uint64_t bytes() const override;

    // This run's view of the out-edges, which must carry weights;
    // `band_width` > 0: the bucket width (delta) in weight units.
    void bind(const DeviceCsr &out, float band_width, float max_weight);
    // Enqueues one search on `stream`: the band and round loop is one
    // persistent kernel, one superstep (backend/supersteps.h).
    void run(uint32_t source, cudaStream_t stream);
    // Enqueues a search that continues from the keys as they are (keys())
    // from `count` seed vertices (a device array): a partitioned run's
    // local step (cuda/partitioned/paths.cu). `count` may be 0.
    // With band_limit kNoBandLimit (and start_band 0) it searches to the end,
    // and only vertices whose key it lowers are expanded besides the seeds.
    // Otherwise it searches a window of bands (the band-synchronous step):
    // it starts in band `start_band` (seeds in a later band wait for their
    // band; an improvement at or below the current band is expanded at
    // once), scans the bands above it up to `band_limit` and stops there,
    // leaving the smallest band above the limit that holds a key in
    // summary().next_band. Its scans take every vertex of the band they
    // gather, not only those this search lowered: every key above the last
    // window's limit is one no search has expanded.
    void run_band_window(const uint32_t *seeds, uint32_t count, uint32_t start_band, uint32_t band_limit,
                         cudaStream_t stream);
    // The labels as keys (PathSemiring<kind>::key_of), n of them, on the device.
    uint32_t *keys() const { return keys_.get(); }
    // Enqueues the conversion of the result into n floats on the device.
    void write_values(float *device_values, cudaStream_t stream) const;
    // The same, into the state's own label array (the search's labels are
    // gone afterwards); returns it. Valid until the next run.
    float *values_in_place(cudaStream_t stream);
    NearFarSummary summary(cudaStream_t stream, double &transfer_ms) const;

private:
    NearFarArgs arguments() const;
    void reset_search(cudaStream_t stream);
    void launch_rounds(NearFarArgs &a, cudaStream_t stream);

    DeviceCsr out_;
    PathKind kind_;
    float inverse_width_ = 1;
    float top_ = 0;
    uint32_t huge_threshold_ = 0;
    int blocks_ = 0;
    DeviceArray<uint32_t> keys_, stamps_, queues_, huge_items_, band_min_;
    DeviceArray<unsigned long long> huge_start_;
    DeviceArray<FrontierCounters> counters_;
    DeviceArray<NearFarSummary> summary_;
    uint64_t huge_capacity_ = 0;
};

// A whole search for a backend entry point (near_far_run.cu): uploads what
// it needs, runs the engine from `source`, copies the n values to `values`
// (host memory) and fills `report`; `algorithm` names the run in errors.
void run_near_far(const Graph &g, uint32_t source, PathKind kind, float band_width, float *values,
                  const RunConfig &config, RunReport &report, const char *algorithm);

// How many width bands a widest-path search splits the weight range into.
// A whole search (one GPU) takes 16: fewer bands mean fewer rounds and band
// scans, more bands fewer vertices expanded twice, and on the H200 16 was
// the fastest or within 4% of it on six of eight graphs of 2^22 vertices,
// 1.1x to 1.9x ahead of 64 on kron, the grids, R-MAT's other skews and the
// bipartite graph; urand (degree 32 everywhere) lost 1.17x and smallworld
// 1.12x to their best (bench/results/cuda-h200-2026-11-29-s50.md). A
// partitioned search keeps 64: its band windows (cuda/partitioned/paths.cu,
// 16 bands each) were measured with them, and 16 would make one window of
// the whole search, its fixed point.
constexpr uint32_t kWholeSearchWidthBands = 16;
constexpr uint32_t kWindowedWidthBands = 64;

// The bucket width used when the run gives none: for distances a power of
// the average degree fitted on the H100, for widths the weight range over
// kWholeSearchWidthBands (near_far.cu).
float default_band_width(const Graph &g, PathKind kind);
// The same for `edges` edges over g's vertices and weights (a partitioned
// run's parts each hold some of the graph), with `width_bands` bands of
// widths.
float band_width(const Graph &g, PathKind kind, uint64_t edges, uint32_t width_bands);

}  // namespace gg::cuda
