/*
 * Single-source widest paths (maximum bottleneck): width(v) = the largest,
 * over paths source -> v, of the smallest edge weight on the path; the source
 * has +inf and an unreached vertex 0.
 *
 * Method: the delta-stepping engine of cpu/bucket_relaxation.h (Meyer and
 * Sanders, J. Algorithms 2003; GAP arrangement, arXiv:1508.03619) with the
 * (max, min) semiring in place of (min, +): the offer along u -> v is
 * min(width(u), w) and a vertex keeps the largest offer (atomic max).
 * Buckets count down from the largest weight W: bucket(x) = (W - x) / delta,
 * so the widest tentative values are settled first, as in Dijkstra's
 * widest-path variant; min(x, w) <= x keeps the buckets monotone.
 * delta = (W - smallest weight) / 256 gives at most ~257 rounds; vertices in
 * one bucket are settled Bellman-Ford style, in parallel.
 *
 * Encoding: 0 doubles as "unreached"; an edge of weight 0 offers 0 and so
 * never reaches anything, which is the specified answer.
 */
#include <algorithm>
#include <limits>

#include "core/timer.h"
#include "cpu/atomics.h"
#include "cpu/bucket_relaxation.h"
#include "cpu/cpu.h"
#include "cpu/parallel.h"

namespace gg::cpu {
namespace {

constexpr double kBucketsPerWeightRange = 256;

struct WidestPaths {
    double top;  // the largest weight: its width and wider go to bucket 0
    double inverse_delta;

    static float extend(float width_u, float weight) { return std::min(width_u, weight); }
    static bool improve(float *slot, float candidate) { return write_max(slot, candidate); }
    uint64_t bucket(float width) const {
        if (double(width) >= top) return 0;
        const double q = (top - double(width)) * inverse_delta;
        return q >= 9.0e18 ? uint64_t(9.0e18) : uint64_t(q);
    }
};

}  // namespace

void sswp(const Graph &g, uint32_t source, float *width, const RunConfig &config, RunReport &report) {
    Stopwatch clock;
    const uint32_t n = g.n();
#pragma omp parallel for num_threads(config.num_threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) width[v] = 0.0f;
    width[source] = std::numeric_limits<float>::infinity();

    const double range = double(g.max_weight) - double(g.min_weight);
    const double delta = range > 0 ? range / kBucketsPerWeightRange : 1.0;
    WidestPaths policy{double(g.max_weight), 1.0 / delta};
    RelaxationTotals totals = relax_by_buckets(g.out, source, width, policy, config.num_threads);

    report.layout = GG_LAYOUT_CSR;
    report.iterations = totals.rounds;
    report.edges_visited = totals.edges_visited;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
