/*
 * Single-source shortest paths by delta-stepping (Meyer and Sanders, J.
 * Algorithms 2003), in the GAP Benchmark Suite's arrangement
 * (arXiv:1508.03619): the engine is cpu/engines/bucket_relaxation.h, its policy and
 * bucket width cpu/engines/path_relaxation.cpp. The relaxation itself is the
 * atomic-min update that Pathak et al. use for their parallel Dijkstra
 * (004_6c0534b53c1f8710.txt §4.2).
 *
 * Distances are written straight into the caller's array; +inf is unreached.
 */
#include <limits>

#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"
#include "cpu/engines/path_relaxation.h"

namespace gg::cpu {

void sssp(const Graph &g, uint32_t source, float *dist, const RunConfig &config, RunReport &report) {
    using S = PathSemiring<PathKind::shortest>;
    Stopwatch clock;
    const uint32_t n = g.n();
#pragma omp parallel for num_threads(config.num_threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) dist[v] = S::unreached();
    dist[source] = S::at_source();

    const PathTotals totals = relax_paths<PathKind::shortest>(g, dist, &source, 1, config);

    report.layout = GG_LAYOUT_CSR;
    report.iterations = totals.rounds;
    report.edges_visited = totals.edges_visited;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
