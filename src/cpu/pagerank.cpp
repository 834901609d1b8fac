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
 *
 * Where the contributions a pass still has to gather do not stay in the
 * cores' caches (a uniform random graph: every list draws from all the ids),
 * an iteration pulls in two source blocks, as the GPU's TOCAB does
 * (src/layout/source_blocks.h's rule, with the L2 of the run's cores for the
 * cache; PageRankSteps::pull_in_two_blocks), and the run reports
 * GG_LAYOUT_TOCAB, which a run can also ask for. The ranks are the bits of
 * one pass over the same CSC. urand scale 22 on the 16-core host, ms an iteration: 71.3 and
 * 58.1 in one pass against 59.2 and 53.2 in two (three blocks 59.8 and
 * 58.7); urand scale 20 on 2 threads 62-64 against 54-55 (four blocks 69,
 * eight 96-103) (bench/results/cpu-h200host-2026-11-29-s51.md). The split
 * of each list is built once per graph and cached like the hub order, 8
 * bytes a vertex.
 */
#include <algorithm>
#include <memory>
#include <unistd.h>

#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/engines/pagerank_steps.h"
#include "core/default_init_allocator.h"
#include "layout/hub_order.h"
#include "layout/layout_cache.h"
#include "layout/source_blocks.h"

namespace gg::cpu {

namespace {

// LayoutKey::layout of the CPU backend's host entries (the CUDA backend's
// are below kFirstCpuLayout: layout_cache.h).
constexpr uint32_t kHubOrderHost = kFirstCpuLayout;
constexpr uint32_t kSourceSplitHost = kFirstCpuLayout + 1;
constexpr uint32_t kSourceFactsHost = kFirstCpuLayout + 2;

// Host entry `layout` of g from the layout cache, or made by build(entry)
// now; build_ms: the time this call spent building it (0 on a hit).
template <class Entry, class Build>
std::shared_ptr<Entry> host_entry(const Graph &g, uint32_t layout, double &build_ms, Build build) {
    bool built = false;
    const LayoutKey key{g.uid(), 0, kHostDevice, layout, 0};
    std::shared_ptr<CachedLayout> entry = layout_cache().get_or_build(
        key,
        [&] {
            auto made = std::make_unique<Entry>();
            Stopwatch clock;
            build(*made);
            made->build_ms = clock.elapsed_ms();
            return made;
        },
        built);
    auto typed = std::static_pointer_cast<Entry>(entry);
    build_ms = built ? typed->build_ms : 0.0;
    return typed;
}

struct HubOrderEntry final : CachedLayout {
    HubOrderHost order;
};

// The graph's hub order.
std::shared_ptr<HubOrderEntry> hub_order_of(const Graph &g, double &build_ms) {
    return host_entry<HubOrderEntry>(g, kHubOrderHost, build_ms, [&](HubOrderEntry &made) {
        made.order = build_hub_order(g.in(), g.out);
        const Csr &in = made.order.in;
        made.bytes = in.offsets.size() * sizeof(uint64_t) + in.indices.size() * sizeof(uint32_t) +
                     made.order.vertex_at.size() * sizeof(uint32_t) + made.order.out_degree.size() * sizeof(uint64_t);
    });
}

// Where each in-list crosses into the second half of the source ids.
struct SourceSplitEntry final : CachedLayout {
    UninitVector<uint64_t> split;
};

std::shared_ptr<SourceSplitEntry> source_split_of(const Graph &g, int threads, double &build_ms) {
    return host_entry<SourceSplitEntry>(g, kSourceSplitHost, build_ms, [&](SourceSplitEntry &made) {
        const Csr &in = g.in();
        const uint32_t n = in.n;
        const uint32_t half = uint32_t((uint64_t(n) + 1) / 2);
        made.split.resize(n);
        uint64_t *split = made.split.data();
        const uint32_t *list = in.indices.data();
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int64_t v = 0; v < int64_t(n); ++v)
            split[v] = uint64_t(std::lower_bound(list + in.offsets[v], list + in.offsets[v + 1], half) - list);
        made.bytes = uint64_t(n) * sizeof(uint64_t);
    });
}

// The most contributions a pass must keep for later (peak_live_sources).
struct SourceFactsEntry final : CachedLayout {
    uint64_t peak_live = 0;
};

uint64_t peak_live_of(const Graph &g, double &build_ms) {
    return host_entry<SourceFactsEntry>(g, kSourceFactsHost, build_ms, [&](SourceFactsEntry &made) {
               made.peak_live = peak_live_sources(g.out);
           })->peak_live;
}

// The cache the blocks are sized against: the L2 of each core the run
// takes (the gathers of one thread stay in its core's L2 or go further).
uint64_t cores_cache_bytes(int threads) {
    const long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return uint64_t(l2 > 0 ? l2 : 1 << 20) * uint64_t(threads > 0 ? threads : 1);
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

    // The iterations, ranks by the pass's ids; out-degrees by degree(u);
    // pull(base, rank) is one pass over the in-edges, returning the change.
    uint32_t iterations = 0;
    auto iterate = [&](double *rank, auto degree, auto pull) {
#pragma omp parallel for num_threads(threads) if (parallel) schedule(static)
        for (int64_t v = 0; v < int64_t(n); ++v) rank[v] = 1.0 / double(n);
        while (iterations < config.max_iterations) {
            const double dangling = steps.contributions(rank, degree);
            const double base = (1.0 - d) / double(n) + d * dangling / double(n);
            const double change = pull(base, rank);
            ++iterations;
            if (change < config.tolerance) break;
        }
    };
    const Csr &out = g.out;
    auto out_degree = [&](uint32_t u) { return out.offsets[u + 1] - out.offsets[u]; };

    // Two source blocks when asked for, or under any other layout where the
    // hub order does not apply and the live contributions overflow the
    // cores' caches (a run asking for csr gets one pass).
    bool blocked = config.layout == GG_LAYOUT_TOCAB;
    // A pass over the offsets, small beside any iteration (which reads every edge): not cached.
    const bool hub_order = !blocked && hub_order_pays(g.out);
    if (!blocked && !hub_order && config.layout != GG_LAYOUT_CSR) {
        double facts_ms = 0;
        blocked = source_blocks_pay(peak_live_of(g, facts_ms), sizeof(double), cores_cache_bytes(threads));
        preprocess_ms += facts_ms;
    }
    if (blocked) {
        double build_ms = 0;
        const std::shared_ptr<SourceSplitEntry> entry = source_split_of(g, threads, build_ms);
        preprocess_ms += build_ms;
        const uint64_t *split = entry->split.data();
        iterate(ranks, out_degree, [&](double base, double *rank) {
            return steps.pull_in_two_blocks(g.in(), split, n, base, d, rank);
        });
        report.layout = GG_LAYOUT_TOCAB;
    } else if (hub_order) {
        double build_ms = 0;
        const std::shared_ptr<HubOrderEntry> entry = hub_order_of(g, build_ms);
        preprocess_ms += build_ms;
        const HubOrderHost &order = entry->order;
        std::vector<double> by_order(n);
        iterate(by_order.data(), [&](uint32_t u) { return order.out_degree[u]; },
                [&](double base, double *rank) { return steps.pull(order.in, n, base, d, rank); });
#pragma omp parallel for num_threads(threads) if (parallel) schedule(static)
        for (int64_t s = 0; s < int64_t(n); ++s) ranks[order.vertex_at[size_t(s)]] = by_order[size_t(s)];
    } else {
        iterate(ranks, out_degree, [&](double base, double *rank) { return steps.pull(g.in(), n, base, d, rank); });
    }

    report.iterations = iterations;
    report.edges_visited = uint64_t(iterations) * g.m();
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms() - preprocess_ms;
}

}  // namespace gg::cpu
