/*
 * Betweenness centrality by Brandes' dependency accumulation (Brandes, "A
 * faster algorithm for betweenness centrality", J. Math. Sociology 25(2),
 * 2001, Algorithm 1), level-synchronous and parallel within each source as in the
 * GAP Benchmark Suite (arXiv:1508.03619, "BC"):
 *
 * Forward: a top-down BFS along out-edges. A vertex is claimed for depth
 *   level+1 by a CAS; then every edge u -> v with depth(v) = depth(u) + 1 adds
 *   sigma(u) to sigma(v), the number of shortest paths. Path counts are
 *   doubles: they are integers, exact below 2^53, and summed with a CAS loop,
 *   so the result does not depend on the order the threads add in.
 * Backward: levels in reverse; each vertex u pulls
 *   delta(u) = sum over successors v of sigma(u) / sigma(v) * (1 + delta(v)),
 *   one thread per vertex, no atomics, and in adjacency order, so the result
 *   is deterministic. centrality(v) += delta(v) for every v != source.
 *
 * The frontier queue keeps every level (its windows), which is the stack of
 * Brandes' algorithm. Only the vertices a source reached are reset after it,
 * so a source in a small component costs little. No normalisation, no
 * halving; a source listed twice counts twice.
 */
#include <cstdint>
#include <vector>

#include "core/timer.h"
#include "cpu/atomics.h"
#include "cpu/cpu.h"
#include "cpu/parallel.h"
#include "cpu/frontier_queue.h"

namespace gg::cpu {
namespace {

constexpr uint32_t kUnvisited = UINT32_MAX;
constexpr int64_t kParallelThreshold = 512;  // smaller levels run on one thread

struct BrandesState {
    explicit BrandesState(uint32_t n) : depth(n, kUnvisited), sigma(n, 0.0), delta(n, 0.0), queue(n) {}
    std::vector<uint32_t> depth;
    std::vector<double> sigma;
    std::vector<double> delta;
    FrontierQueue queue;
    std::vector<uint64_t> level_bounds;  // level L is queue.items()[level_bounds[L], level_bounds[L+1])
};

uint64_t forward(const Csr &out, uint32_t source, BrandesState &s, int threads) {
    s.depth[source] = 0;
    s.sigma[source] = 1.0;
    s.queue.reset();
    s.queue.push_single(source);
    s.queue.slide();
    s.level_bounds.assign({0, 1});
    uint64_t edges = 0;
    for (uint32_t level = 0; !s.queue.window_empty(); ++level) {
        const uint32_t *frontier = s.queue.window_begin();
        const int64_t size = int64_t(s.queue.window_size());
#pragma omp parallel num_threads(threads) if (size > kParallelThreshold) reduction(+ : edges)
        {
            FrontierQueue::Buffer next(s.queue);
#pragma omp for schedule(dynamic, 64) nowait
            for (int64_t i = 0; i < size; ++i) {
                const uint32_t u = frontier[i];
                const double paths_u = s.sigma[u];
                for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
                    const uint32_t v = out.indices[e];
                    uint32_t depth_v = load_relaxed(&s.depth[v]);
                    if (depth_v == kUnvisited && compare_and_swap(&s.depth[v], kUnvisited, level + 1)) {
                        next.push(v);
                        depth_v = level + 1;
                    }
                    if (depth_v == kUnvisited) depth_v = load_relaxed(&s.depth[v]);  // another thread claimed it
                    if (depth_v == level + 1) add_double(&s.sigma[v], paths_u);
                }
                edges += out.offsets[u + 1] - out.offsets[u];
            }
        }
        s.queue.slide();
        s.level_bounds.push_back(s.queue.pushed());
    }
    return edges;
}

uint64_t backward(const Csr &out, BrandesState &s, int threads) {
    uint64_t edges = 0;
    const uint32_t *items = s.queue.items();
    // level_bounds ends with the empty window that stopped the forward pass,
    // so the non-empty levels are 0 .. size - 3; the deepest has no
    // successors (its dependency stays 0) and is skipped.
    for (size_t level = s.level_bounds.size() - 3; level-- > 0;) {
        const int64_t begin = int64_t(s.level_bounds[level]), end = int64_t(s.level_bounds[level + 1]);
#pragma omp parallel for num_threads(threads) if (end - begin > kParallelThreshold) schedule(dynamic, 64) \
    reduction(+ : edges)
        for (int64_t i = begin; i < end; ++i) {
            const uint32_t u = items[i];
            const uint32_t successor_depth = s.depth[u] + 1;
            double dependency = 0;
            for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
                const uint32_t v = out.indices[e];
                if (s.depth[v] == successor_depth) dependency += (1.0 + s.delta[v]) / s.sigma[v];
            }
            s.delta[u] = s.sigma[u] * dependency;
            edges += out.offsets[u + 1] - out.offsets[u];
        }
    }
    return edges;
}

}  // namespace

void bc(const Graph &g, const uint32_t *sources, uint32_t num_sources, double *centrality, const RunConfig &config,
        RunReport &report) {
    Stopwatch clock;
    const uint32_t n = g.n();
    const int threads = config.num_threads;
#pragma omp parallel for num_threads(threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) centrality[v] = 0.0;

    BrandesState state(n);
    uint64_t edges = 0;
    uint32_t levels = 0;
    for (uint32_t k = 0; k < num_sources; ++k) {
        const uint32_t source = sources[k];
        edges += forward(g.out, source, state, threads);
        edges += backward(g.out, state, threads);
        levels += uint32_t(state.level_bounds.size() - 2);

        const uint32_t *reached = state.queue.items();
        const int64_t count = int64_t(state.queue.pushed());
#pragma omp parallel for num_threads(threads) if (count > kParallelThreshold) schedule(static)
        for (int64_t i = 0; i < count; ++i) {
            const uint32_t v = reached[i];
            if (v != source) centrality[v] += state.delta[v];
            state.depth[v] = kUnvisited;
            state.sigma[v] = 0.0;
            state.delta[v] = 0.0;
        }
    }

    report.layout = GG_LAYOUT_CSR;
    report.iterations = levels;
    report.edges_visited = edges;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
