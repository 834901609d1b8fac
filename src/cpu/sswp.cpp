/*
 * Single-source widest paths (maximum bottleneck): width(v) = the largest,
 * over paths source -> v, of the smallest edge weight on the path; the source
 * has +inf and an unreached vertex 0.
 *
 * Method: the delta-stepping engine of cpu/engines/bucket_relaxation.h (Meyer and
 * Sanders, J. Algorithms 2003; GAP arrangement, arXiv:1508.03619) with the
 * (max, min) semiring of backend/path_semiring.h in place of (min, +): the offer along u -> v is
 * min(width(u), w) and a vertex keeps the largest offer (atomic max).
 * Buckets count down from the largest weight W: bucket(x) = (W - x) / delta,
 * so the widest tentative values are settled first, as in Dijkstra's
 * widest-path variant; min(x, w) <= x keeps the buckets monotone.
 * delta = (W - smallest weight) / 256 (cpu/engines/path_relaxation.cpp) gives at most ~257 rounds; vertices in
 * one bucket are settled Bellman-Ford style, in parallel.
 *
 * Encoding: 0 doubles as "unreached"; an edge of weight 0 offers 0 and so
 * never reaches anything, which is the specified answer.
 */
#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"
#include "cpu/engines/path_relaxation.h"

namespace gg::cpu {

void sswp(const Graph &g, uint32_t source, float *width, const RunConfig &config, RunReport &report) {
    using S = PathSemiring<PathKind::widest>;
    Stopwatch clock;
    const uint32_t n = g.n();
#pragma omp parallel for num_threads(config.num_threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) width[v] = S::unreached();
    width[source] = S::at_source();

    const PathTotals totals = relax_paths<PathKind::widest>(g, width, &source, 1, config);

    report.layout = GG_LAYOUT_CSR;
    report.iterations = totals.rounds;
    report.edges_visited = totals.edges_visited;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
