/*
 * PageRank by pull-direction power iteration over the in-edges (g.in(), the
 * CSC), with networkx's semantics (design.md "Semantics"): damping d, start
 * at 1/n, every vertex receives (1-d)/n plus d times its in-neighbours'
 * rank/out-degree plus d times the dangling mass / n, where the dangling mass
 * is the rank held by vertices without out-edges. Stop when the L1 change of
 * one iteration is below the tolerance, or after max_iterations.
 * As in the GAP Benchmark Suite's pr.cc (arXiv:1508.03619, "PR"): each
 * iteration first computes contribution[u] = rank[u] / outdeg(u) once, so the
 * pull loop reads one array per in-edge and writes each rank once, with no
 * atomics.
 *
 * Everything is in double. The two reductions (dangling mass, L1 change) are
 * summed per fixed block of kBlock vertices and then over blocks in order, so
 * the result and the iteration count do not depend on the thread count.
 * Out-degree counts every stored edge, self-loops and kept duplicates
 * included, as networkx does.
 */
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/parallel.h"

namespace gg::cpu {
namespace {

constexpr int64_t kBlock = 4096;

double sum_in_order(const std::vector<double> &partials) {
    double total = 0;
    for (double p : partials) total += p;
    return total;
}

}  // namespace

void pagerank(const Graph &g, double *ranks, const RunConfig &config, RunReport &report) {
    Stopwatch clock;
    const int64_t n = g.n();
    const int threads = config.num_threads;
    report.layout = GG_LAYOUT_CSR;
    if (n == 0) {
        report.compute_ms = clock.elapsed_ms();
        return;
    }
    double preprocess_ms = 0;
    if (!g.in_is_built()) {
        Stopwatch transpose_clock;
        g.in();
        preprocess_ms = transpose_clock.elapsed_ms();
    }
    const Csr &in = g.in();
    const Csr &out = g.out;
    const double d = config.damping;
    const int64_t blocks = (n + kBlock - 1) / kBlock;
    const bool parallel = worth_parallel(uint64_t(n) + g.m());
    std::vector<double> contribution(size_t(n), 0.0);
    std::vector<double> dangling_part(static_cast<size_t>(blocks)), change_part(static_cast<size_t>(blocks));

#pragma omp parallel for num_threads(threads) if (parallel) schedule(static)
    for (int64_t v = 0; v < n; ++v) ranks[v] = 1.0 / double(n);

    uint32_t iterations = 0;
    while (iterations < config.max_iterations) {
#pragma omp parallel for num_threads(threads) if (parallel) schedule(static)
        for (int64_t b = 0; b < blocks; ++b) {
            double dangling = 0;
            const int64_t end = std::min(n, (b + 1) * kBlock);
            for (int64_t u = b * kBlock; u < end; ++u) {
                const uint64_t degree = out.offsets[u + 1] - out.offsets[u];
                if (degree == 0) {
                    dangling += ranks[u];
                    contribution[u] = 0;
                } else {
                    contribution[u] = ranks[u] / double(degree);
                }
            }
            dangling_part[b] = dangling;
        }
        const double base = (1.0 - d) / double(n) + d * sum_in_order(dangling_part) / double(n);

#pragma omp parallel for num_threads(threads) if (parallel) schedule(dynamic, 1)
        for (int64_t b = 0; b < blocks; ++b) {
            double change = 0;
            const int64_t end = std::min(n, (b + 1) * kBlock);
            for (int64_t v = b * kBlock; v < end; ++v) {
                double incoming = 0;
                for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) incoming += contribution[in.indices[e]];
                const double updated = base + d * incoming;
                change += std::fabs(updated - ranks[v]);
                ranks[v] = updated;
            }
            change_part[b] = change;
        }
        ++iterations;
        if (sum_in_order(change_part) < config.tolerance) break;
    }

    report.iterations = iterations;
    report.edges_visited = uint64_t(iterations) * g.m();
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms() - preprocess_ms;
}

}  // namespace gg::cpu
