// SSWP (widest path) on the GPU: the near-far engine of near_far.cu run with
// widths in place of distances. Widths are stored as bits(+inf) - bits(width)
// so that a wider path is a smaller key and relaxation is again one integer
// atomicMin (exact); buckets are width bands processed from the widest down,
// which suits the weights: a vertex's width is always one of the edge
// weights. Source +inf, unreachable 0, as on the CPU.
#include "cuda_backend.h"
#include "engines/near_far.cuh"

namespace gg::cuda {

void sswp(const Graph &g, uint32_t source, float *width, const RunConfig &config, RunReport &report) {
    // config.delta is SSSP's bucket width (gg.h); widths use their own bands.
    run_near_far(g, source, PathKind::widest, default_band_width(g, PathKind::widest), width, config, report,
                 "SSWP");
}

}  // namespace gg::cuda
