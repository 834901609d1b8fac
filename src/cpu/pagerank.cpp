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
 *
 * Where hubs carry most of the edges (hub_order_pays), the iterations run
 * over the hub-ordered CSC of src/layout/hub_order.h, as the GPU's do
 * (cuda/algorithms/pagerank.cu): the hubs renumbered first, so that the
 * contributions most edges gather lie together and stay in cache. It is
 * built once per graph (preprocess_ms of the run that builds it) and kept in
 * the layout cache beside the graph, 4 bytes an in-edge and 20 a vertex.
 * On the 16-core host of the H200 machine, kron scale 22 took 46.1 ms an
 * iteration over the ids as generated, 1.51x GAPBS's pr (whose float
 * scores are half the bytes; gg's are double for the reference's 1e-10);
 * in the hub order, 28.8 and 30.7 ms against 52.7 and 49.1 over the ids in
 * the same lease, and GAPBS's pr 37.7 ms (median of 5)
 * (bench/results/cpu-pagerank-hub-order-h200host-2026-11-28-s46.md).
 * The ranks go back to the vertices' ids after the last iteration.
 */
#include <memory>

#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/engines/pagerank_steps.h"
#include "layout/hub_order.h"
#include "layout/layout_cache.h"

namespace gg::cpu {

namespace {

// LayoutKey::layout of the CPU backend's host entries (the CUDA backend's
// are below kFirstCpuLayout: layout_cache.h).
constexpr uint32_t kHubOrderHost = kFirstCpuLayout;

struct HubOrderEntry final : CachedLayout {
    HubOrderHost order;
};

// The graph's hub order, from the cache or built now (build_ms: the time
// this call spent building it).
std::shared_ptr<HubOrderEntry> hub_order_of(const Graph &g, double &build_ms) {
    bool built = false;
    const LayoutKey key{g.uid(), 0, kHostDevice, kHubOrderHost, 0};
    std::shared_ptr<CachedLayout> entry = layout_cache().get_or_build(
        key,
        [&] {
            auto made = std::make_unique<HubOrderEntry>();
            Stopwatch clock;
            made->order = build_hub_order(g.in(), g.out);
            made->build_ms = clock.elapsed_ms();
            const Csr &in = made->order.in;
            made->bytes = in.offsets.size() * sizeof(uint64_t) + in.indices.size() * sizeof(uint32_t) +
                          made->order.vertex_at.size() * sizeof(uint32_t) +
                          made->order.out_degree.size() * sizeof(uint64_t);
            return made;
        },
        built);
    auto order = std::static_pointer_cast<HubOrderEntry>(entry);
    build_ms = built ? order->build_ms : 0.0;
    return order;
}

}  // namespace

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
    const double d = config.damping;
    const bool parallel = worth_parallel(uint64_t(n) + g.m());
    PageRankSteps steps(n, n, threads, parallel);

    // The iterations over `in`, ranks by its ids; out-degrees by degree(u).
    uint32_t iterations = 0;
    auto iterate = [&](const Csr &in, double *rank, auto degree) {
#pragma omp parallel for num_threads(threads) if (parallel) schedule(static)
        for (int64_t v = 0; v < int64_t(n); ++v) rank[v] = 1.0 / double(n);
        while (iterations < config.max_iterations) {
            const double dangling = steps.contributions(rank, degree);
            const double base = (1.0 - d) / double(n) + d * dangling / double(n);
            const double change = steps.pull(in, n, base, d, rank);
            ++iterations;
            if (change < config.tolerance) break;
        }
    };

    // A pass over the offsets, small beside any iteration (which reads every edge): not cached.
    if (hub_order_pays(g.out)) {
        double build_ms = 0;
        const std::shared_ptr<HubOrderEntry> entry = hub_order_of(g, build_ms);
        preprocess_ms += build_ms;
        const HubOrderHost &order = entry->order;
        std::vector<double> by_order(n);
        iterate(order.in, by_order.data(), [&](uint32_t u) { return order.out_degree[u]; });
#pragma omp parallel for num_threads(threads) if (parallel) schedule(static)
        for (int64_t s = 0; s < int64_t(n); ++s) ranks[order.vertex_at[size_t(s)]] = by_order[size_t(s)];
    } else {
        const Csr &out = g.out;
        iterate(g.in(), ranks, [&](uint32_t u) { return out.offsets[u + 1] - out.offsets[u]; });
    }

    report.iterations = iterations;
    report.edges_visited = uint64_t(iterations) * g.m();
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms() - preprocess_ms;
}

}  // namespace gg::cpu
