/*
 * Single-source shortest paths by delta-stepping (Meyer and Sanders, J.
 * Algorithms 2003), in the GAP Benchmark Suite's arrangement
 * (arXiv:1508.03619): see cpu/bucket_relaxation.h for the engine. The
 * relaxation itself is the atomic-min update that Pathak et al. use for their
 * parallel Dijkstra (004_6c0534b53c1f8710.txt §4.2).
 *
 * Bucket width: config.delta when the caller gives one, else
 *     delta = 2 * mean weight * (4 / mean out-degree)^2.5.
 * Meyer and Sanders show that delta should shrink as the degree grows
 * (Theta(1/d) for random weights in [0, 1]): wide buckets make high-degree
 * vertices re-relax many edges, narrow ones cost a round each, which only
 * hurts on low-degree, high-diameter graphs. The constants are a fit to
 * sweeps on 16 threads of a 16-core host (weights uniform in [1, 255], the
 * suite's sources; ms, median of 5), with the engine of bucket_relaxation.h:
 *     grid 2048^2 (degree 4): delta 128: 51, 192: 48, 256: 44, 384: 51, 512: 51
 *     kron-22 (degree 31):    delta 0.79: 105, 1.58: 111, 2: 110, 4: 108
 *     urand-22 (degree 32):   delta 0.71: 161, 1.42: 166, 2: 174, 4: 152
 * Kron and urand are flat within the noise of that host (runs differ by 10%)
 * from 0.7 to 4; the grid wants 256. The formula gives 256 on the grid and
 * ~1.5 on kron and urand.
 *
 * Distances are written straight into the caller's array; +inf is unreached.
 */
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/timer.h"
#include "cpu/atomics.h"
#include "cpu/bucket_relaxation.h"
#include "cpu/cpu.h"
#include "cpu/parallel.h"

namespace gg::cpu {
namespace {

struct ShortestPaths {
    double inverse_delta;

    static float extend(float distance_u, float weight) { return distance_u + weight; }
    static bool improve(float *slot, float candidate) { return write_min(slot, candidate); }
    uint64_t bucket(float distance) const {
        const double q = double(distance) * inverse_delta;
        return q >= 9.0e18 ? uint64_t(9.0e18) : uint64_t(q);  // +inf and huge values share the last bucket
    }
};

double mean_weight(const Csr &out, int threads) {
    const int64_t m = int64_t(out.num_edges());
    if (m == 0) return 1.0;
    double sum = 0;
#pragma omp parallel for num_threads(threads) if (worth_parallel(uint64_t(m))) reduction(+ : sum) schedule(static)
    for (int64_t e = 0; e < m; ++e) sum += out.weights[e];
    return sum / double(m);
}

double choose_delta(const Graph &g, const RunConfig &config) {
    if (config.delta > 0) return config.delta;
    if (g.m() == 0) return 1.0;
    const double mean_degree = std::max(1.0, double(g.m()) / double(g.n()));
    const double delta = 2.0 * mean_weight(g.out, config.num_threads) * std::pow(4.0 / mean_degree, 2.5);
    return delta > 0 && std::isfinite(delta) ? delta : 1.0;  // all-zero weights: any width works
}

}  // namespace

void sssp(const Graph &g, uint32_t source, float *dist, const RunConfig &config, RunReport &report) {
    Stopwatch clock;
    const uint32_t n = g.n();
    const float infinity = std::numeric_limits<float>::infinity();
#pragma omp parallel for num_threads(config.num_threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) dist[v] = infinity;
    dist[source] = 0.0f;

    ShortestPaths policy{1.0 / choose_delta(g, config)};
    RelaxationTotals totals = relax_by_buckets(g.out, source, dist, policy, config.num_threads);

    report.layout = GG_LAYOUT_CSR;
    report.iterations = totals.rounds;
    report.edges_visited = totals.edges_visited;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
