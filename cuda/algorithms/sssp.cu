// SSSP on the GPU: near-far bucketed relaxation in one persistent kernel
// (near_far.cu; Davidson et al. IPDPS'14), whose relaxation is the atomic-min
// relaxation of Pathak et al. (004_6c0534b53c1f8710.txt §4.2). Distances are
// kept as float bit patterns and lowered with integer atomicMin, so every
// distance is the exact float sum along a shortest path, as on the CPU.
// The caller has rejected negative weights. config.delta > 0 sets the
// bucket width; 0 picks default_band_width().
#include "cuda_backend.h"
#include "engines/near_far.cuh"

namespace gg::cuda {

void sssp(const Graph &g, uint32_t source, float *dist, const RunConfig &config, RunReport &report) {
    const float width = config.delta > 0 ? config.delta : default_band_width(g, PathKind::shortest);
    run_near_far(g, source, PathKind::shortest, width, dist, config, report, "SSSP");
}

}  // namespace gg::cuda
