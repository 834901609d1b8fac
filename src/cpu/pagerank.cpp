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
 * summed per fixed block of vertices and then over blocks in order, so the
 * result and the iteration count do not depend on the thread count
 * (cpu/engines/pagerank_steps.h, which partitioned runs share).
 * Out-degree counts every stored edge, self-loops and kept duplicates
 * included, as networkx does.
 */
#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/engines/pagerank_steps.h"

namespace gg::cpu {

void pagerank(const Graph &g, double *ranks, const RunConfig &config, RunReport &report) {
    Stopwatch clock;
    const uint32_t n = g.n();
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
    const bool parallel = worth_parallel(uint64_t(n) + g.m());
    PageRankSteps steps(n, n, threads, parallel);

#pragma omp parallel for num_threads(threads) if (parallel) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) ranks[v] = 1.0 / double(n);

    uint32_t iterations = 0;
    while (iterations < config.max_iterations) {
        const double dangling =
            steps.contributions(ranks, [&](uint32_t u) { return out.offsets[u + 1] - out.offsets[u]; });
        const double base = (1.0 - d) / double(n) + d * dangling / double(n);
        const double change = steps.pull(in, n, base, d, ranks);
        ++iterations;
        if (change < config.tolerance) break;
    }

    report.iterations = iterations;
    report.edges_visited = uint64_t(iterations) * g.m();
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms() - preprocess_ms;
}

}  // namespace gg::cpu
