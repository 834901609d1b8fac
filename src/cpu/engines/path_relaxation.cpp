/*
 * The bucket policies of the three path semirings (backend/path_semiring.h)
 * and their bucket widths, for the delta-stepping engine of
 * cpu/engines/bucket_relaxation.h.
 *
 * Shortest paths (Meyer and Sanders, J. Algorithms 2003, as in GAP): width
 *     delta = 2 * mean weight * (4 / mean out-degree)^2.5
 * unless the run gives one. Meyer and Sanders show that delta should shrink
 * as the degree grows (Theta(1/d) for random weights in [0, 1]): wide
 * buckets make high-degree vertices re-relax many edges, narrow ones cost a
 * round each, which only hurts on low-degree, high-diameter graphs. The
 * constants are a fit to sweeps on 16 threads of a 16-core host (weights
 * uniform in [1, 255], the suite's sources; ms, median of 5):
 *     grid 2048^2 (degree 4): delta 128: 51, 192: 48, 256: 44, 384: 51, 512: 51
 *     kron-22 (degree 31):    delta 0.79: 105, 1.58: 111, 2: 110, 4: 108
 *     urand-22 (degree 32):   delta 0.71: 161, 1.42: 166, 2: 174, 4: 152
 * Kron and urand are flat within the noise of that host (runs differ by 10%)
 * from 0.7 to 4; the grid wants 256. The formula gives 256 on the grid and
 * ~1.5 on kron and urand.
 *
 * Widest paths: buckets count down from the largest weight (a width at or
 * above it is bucket 0), 256 buckets over the weight range, so that min(x, w)
 * never moves a value to a lower bucket (the engine's monotonicity).
 *
 * Hops (BFS depths): the bucket is the depth, so each round is one BFS level.
 */
#include "cpu/engines/path_relaxation.h"

#include <algorithm>
#include <cmath>

#include "cpu/primitives/atomics.h"
#include "cpu/engines/bucket_relaxation.h"
#include "cpu/primitives/parallel.h"

namespace gg::cpu {
namespace {

constexpr double kBucketsPerWeightRange = 256;

// Priority as a bucket number, clamped so that +inf and huge values share the last bucket.
uint64_t clamp_bucket(double q) { return q >= 9.0e18 ? uint64_t(9.0e18) : uint64_t(q); }

template <PathKind kind>
struct Improve {
    using S = PathSemiring<kind>;
    static bool improve(typename S::Value *slot, typename S::Value candidate) {
        if constexpr (S::smaller_is_better)
            return write_min(slot, candidate);
        else
            return write_max(slot, candidate);
    }
};

struct ShortestPolicy : PathSemiring<PathKind::shortest>, Improve<PathKind::shortest> {
    double inverse_delta;
    uint64_t bucket(float distance) const { return clamp_bucket(double(distance) * inverse_delta); }
};

struct WidestPolicy : PathSemiring<PathKind::widest>, Improve<PathKind::widest> {
    double top;  // the largest weight: its width and wider go to bucket 0
    double inverse_delta;
    uint64_t bucket(float width) const {
        if (double(width) >= top) return 0;
        return clamp_bucket((top - double(width)) * inverse_delta);
    }
};

struct HopsPolicy : PathSemiring<PathKind::hops>, Improve<PathKind::hops> {
    static uint64_t bucket(uint32_t depth) { return depth; }
};

ShortestPolicy shortest_policy(const PathBuckets &buckets) {
    ShortestPolicy policy{};
    policy.inverse_delta = buckets.inverse_delta;
    return policy;
}

WidestPolicy widest_policy(const PathBuckets &buckets) {
    WidestPolicy policy{};
    policy.top = buckets.top;
    policy.inverse_delta = buckets.inverse_delta;
    return policy;
}

double mean_weight(const Csr &out, int threads) {
    const int64_t m = int64_t(out.num_edges());
    if (m == 0) return 1.0;
    double sum = 0;
#pragma omp parallel for num_threads(threads) if (worth_parallel(uint64_t(m))) reduction(+ : sum) schedule(static)
    for (int64_t e = 0; e < m; ++e) sum += out.weights[e];
    return sum / double(m);
}

double shortest_delta(const Graph &g, const RunConfig &config) {
    if (config.delta > 0) return config.delta;
    if (g.m() == 0 || g.n() == 0) return 1.0;
    const double mean_degree = std::max(1.0, double(g.m()) / double(g.n()));
    const double delta = 2.0 * mean_weight(g.out, config.num_threads) * std::pow(4.0 / mean_degree, 2.5);
    return delta > 0 && std::isfinite(delta) ? delta : 1.0;  // all-zero weights: any width works
}

template <class Policy>
PathTotals run(const Graph &g, typename Policy::Value *values, const uint32_t *seeds, uint64_t num_seeds,
               const Policy &policy, const RunConfig &config) {
    const RelaxationTotals totals = relax_by_buckets(g.out, seeds, num_seeds, values, policy, config.num_threads);
    return PathTotals{totals.rounds, totals.edges_visited};
}

template <class Policy>
PathTotals run_window(const Graph &g, typename Policy::Value *values, const uint32_t *seeds, uint64_t num_seeds,
                      const Policy &policy, const RunConfig &config, uint64_t limit, std::vector<uint32_t> &pending) {
    const RelaxationTotals totals =
        relax_window_by_buckets(g.out, seeds, num_seeds, values, policy, config.num_threads, limit, pending);
    return PathTotals{totals.rounds, totals.edges_visited};
}

}  // namespace

template <>
PathTotals relax_paths<PathKind::shortest>(const Graph &g, float *values, const uint32_t *seeds, uint64_t num_seeds,
                                           const RunConfig &config) {
    ShortestPolicy policy{};
    policy.inverse_delta = 1.0 / shortest_delta(g, config);
    return run(g, values, seeds, num_seeds, policy, config);
}

template <>
PathTotals relax_paths<PathKind::widest>(const Graph &g, float *values, const uint32_t *seeds, uint64_t num_seeds,
                                         const RunConfig &config) {
    const double range = double(g.max_weight) - double(g.min_weight);
    WidestPolicy policy{};
    policy.top = double(g.max_weight);
    policy.inverse_delta = range > 0 ? kBucketsPerWeightRange / range : 1.0;
    return run(g, values, seeds, num_seeds, policy, config);
}

template <>
PathBuckets whole_graph_buckets<PathKind::shortest>(uint64_t n, uint64_t m, double min_weight, double max_weight,
                                                    const RunConfig &config) {
    double delta = config.delta;
    if (!(delta > 0)) {
        const double mean_degree = n ? std::max(1.0, double(m) / double(n)) : 1.0;
        delta = 2.0 * (min_weight + max_weight) / 2 * std::pow(4.0 / mean_degree, 2.5);
    }
    PathBuckets buckets;
    buckets.inverse_delta = delta > 0 && std::isfinite(delta) ? 1.0 / delta : 1.0;
    return buckets;
}

template <>
PathBuckets whole_graph_buckets<PathKind::widest>(uint64_t, uint64_t, double min_weight, double max_weight,
                                                  const RunConfig &) {
    PathBuckets buckets;
    const double range = max_weight - min_weight;
    buckets.top = max_weight;
    buckets.inverse_delta = range > 0 && std::isfinite(range) ? kBucketsPerWeightRange / range : 1.0;
    return buckets;
}

template <>
uint64_t bucket_of<PathKind::shortest>(const PathBuckets &buckets, float distance) {
    return shortest_policy(buckets).bucket(distance);
}

template <>
uint64_t bucket_of<PathKind::widest>(const PathBuckets &buckets, float width) {
    return widest_policy(buckets).bucket(width);
}

template <>
PathTotals relax_paths_in_window<PathKind::shortest>(const Graph &g, float *values, const uint32_t *seeds,
                                                     uint64_t num_seeds, const RunConfig &config,
                                                     const PathBuckets &buckets, uint64_t limit,
                                                     std::vector<uint32_t> &pending) {
    return run_window(g, values, seeds, num_seeds, shortest_policy(buckets), config, limit, pending);
}

template <>
PathTotals relax_paths_in_window<PathKind::widest>(const Graph &g, float *values, const uint32_t *seeds,
                                                   uint64_t num_seeds, const RunConfig &config,
                                                   const PathBuckets &buckets, uint64_t limit,
                                                   std::vector<uint32_t> &pending) {
    return run_window(g, values, seeds, num_seeds, widest_policy(buckets), config, limit, pending);
}

template <>
PathTotals relax_paths<PathKind::hops>(const Graph &g, uint32_t *values, const uint32_t *seeds, uint64_t num_seeds,
                                       const RunConfig &config) {
    return run(g, values, seeds, num_seeds, HopsPolicy{}, config);
}

}  // namespace gg::cpu
