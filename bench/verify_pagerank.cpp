// PageRank check against a serial reference that runs the same number of
// iterations of gg's definition (shared/design.md "Semantics"): start at 1/n,
// r'(v) = (1-d)/n + d * (sum over u -> v of r(u)/outdeg(u) + dangling/n).
// gg-bench runs PageRank with tolerance 0, so the kernel runs exactly the
// iterations it reports and both sides must agree to rounding; the ranks
// must also sum to 1.
#include <cmath>
#include <vector>

#include "verify.h"

namespace bench {

std::string verify_pagerank(const HostCsr &g, const double *ranks, uint32_t iterations, double damping) {
    if (g.n == 0) return "";
    const double n = double(g.n);
    std::vector<double> rank(g.n, 1.0 / n), next(g.n);
    for (uint32_t it = 0; it < iterations; ++it) {
        double dangling = 0;
        std::fill(next.begin(), next.end(), 0.0);
        for (uint32_t u = 0; u < g.n; ++u) {
            uint64_t degree = g.degree(u);
            if (degree == 0) {
                dangling += rank[u];
                continue;
            }
            double share = rank[u] / double(degree);
            for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) next[g.indices[e]] += share;
        }
        for (uint32_t v = 0; v < g.n; ++v) next[v] = (1 - damping) / n + damping * (next[v] + dangling / n);
        rank.swap(next);
    }
    double sum = 0;
    for (uint32_t v = 0; v < g.n; ++v) {
        sum += ranks[v];
        // Summation order differs between kernels; 1e-9 relative is far above
        // that rounding and far below any real mistake.
        if (!(std::fabs(ranks[v] - rank[v]) <= 1e-9 * rank[v] + 1e-15))
            return format("vertex %u has rank %.12g; %u serial iterations give %.12g", v, ranks[v], iterations,
                          rank[v]);
    }
    if (!(std::fabs(sum - 1.0) <= 1e-6)) return format("ranks sum to %.12g, not 1", sum);
    return "";
}

}  // namespace bench
