/*
 * Betweenness centrality by Brandes' dependency accumulation (Brandes, "A
 * faster algorithm for betweenness centrality", J. Math. Sociology 25(2),
 * 2001, Algorithm 1), level-synchronous and parallel within each source as in the
 * GAP Benchmark Suite (arXiv:1508.03619, "BC"):
 *
 * Forward: a top-down BFS along out-edges, a vertex claimed for depth
 *   level+1 by a CAS; once a level is complete, each of its vertices v pulls
 *   sigma(v) = sum of sigma(u) over in-neighbours u one level up (g.in(), the
 *   CSC; the CSR itself for an undirected graph), the number of shortest
 *   paths, in adjacency order and without atomics, so the counts do not
 *   depend on the thread count.
 * Backward: levels in reverse; each vertex u pulls
 *   delta(u) = sum over successors v of sigma(u) / sigma(v) * (1 + delta(v)),
 *   one thread per vertex, no atomics, and in adjacency order, so the result
 *   is deterministic. centrality(v) += delta(v) for every v != source.
 *
 * Path counts beyond double. The number of shortest paths grows
 * exponentially with depth (from the centre of a 2048 x 2048 grid it reaches
 * C(2048, 1024), about 2^2043): a double overflows to inf, and inf/inf in the
 * backward pass is NaN. Only the ratios sigma(u)/sigma(v) along edges are
 * needed, so a count is kept as a pair, sigma = mass * 2^(512 * scale), with
 * mass in [1, 2^512) and an integer scale. A sum aligns its terms to the
 * largest scale among them (one scale below is added times 2^-512; two or
 * more below is under half an ulp of the sum, whose largest term is >= 1, and
 * is dropped, as the addition would have rounded it) and gives 2^512 to the
 * scale when the mass reaches it. Counts below 2^53 stay exact integers at
 * scale 0. One scale per BFS level would not do: within a level the counts
 * can differ by more than double's whole range (on that grid, 1 path along
 * the axes against 2^1019 on the diagonal at depth 1024; more on larger
 * grids). The ratio of the backward pass is mass(u)/mass(v) *
 * 2^(512 * (scale(u) - scale(v))). cuda/bc.cu keeps its counts the same way.
 *
 * The frontier queue keeps every level (its windows), which is the stack of
 * Brandes' algorithm. Only the vertices a source reached are reset after it,
 * so a source in a small component costs little. No normalisation, no
 * halving; a source listed twice counts twice.
 */
#include <cmath>
#include <cstdint>
#include <utility>
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

// sigma = mass * 2^(kScaleBits * scale).
constexpr int kScaleBits = 512;
constexpr double kScaleUnit = 0x1p512;
constexpr double kInverseScaleUnit = 0x1p-512;

struct PathCount {
    double mass = 0.0;  // 0: no path yet
    int32_t scale = 0;
};

// a + b with the smaller term aligned to the larger one's scale.
inline PathCount add_paths(PathCount a, PathCount b) {
    if (b.mass == 0.0) return a;
    if (a.mass == 0.0) return b;
    if (a.scale < b.scale) std::swap(a, b);
    const int32_t below = a.scale - b.scale;
    if (below == 0) a.mass += b.mass;
    else if (below == 1) a.mass += b.mass * kInverseScaleUnit;
    return a;  // two or more scales below: under half an ulp of a.mass
}

// A sum of at most 2^32 masses below 2^512 is below 2^544: one step suffices.
inline PathCount normalised(PathCount c) {
    if (c.mass >= kScaleUnit) {
        c.mass *= kInverseScaleUnit;
        ++c.scale;
    }
    return c;
}

// sigma(u) / sigma(v) for an edge u -> v of the shortest-path DAG (at most 1).
inline double path_ratio(const PathCount &u, const PathCount &v) {
    const double ratio = u.mass / v.mass;
    if (u.scale == v.scale) return ratio;
    if (u.scale + 1 == v.scale) return ratio * kInverseScaleUnit;
    int32_t shift = u.scale - v.scale;  // normally -2 or less here; below -3 the ratio is 0 anyway
    shift = shift < -3 ? -3 : (shift > 1 ? 1 : shift);
    return std::ldexp(ratio, kScaleBits * shift);
}

struct BrandesState {
    explicit BrandesState(uint32_t n) : depth(n, kUnvisited), paths(n), delta(n, 0.0), queue(n) {}
    std::vector<uint32_t> depth;
    std::vector<PathCount> paths;
    std::vector<double> delta;
    FrontierQueue queue;
    std::vector<uint64_t> level_bounds;  // level L is queue.items()[level_bounds[L], level_bounds[L+1])
};

// Claims the vertices one level below the current window.
uint64_t expand_level(const Csr &out, uint32_t level, BrandesState &s, int threads) {
    const uint32_t *frontier = s.queue.window_begin();
    const int64_t size = int64_t(s.queue.window_size());
    uint64_t edges = 0;
#pragma omp parallel num_threads(threads) if (size > kParallelThreshold) reduction(+ : edges)
    {
        FrontierQueue::Buffer next(s.queue);
#pragma omp for schedule(dynamic, 64) nowait
        for (int64_t i = 0; i < size; ++i) {
            const uint32_t u = frontier[i];
            for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
                const uint32_t v = out.indices[e];
                if (load_relaxed(&s.depth[v]) == kUnvisited && compare_and_swap(&s.depth[v], kUnvisited, level + 1))
                    next.push(v);
            }
            edges += out.offsets[u + 1] - out.offsets[u];
        }
    }
    return edges;
}

// The path counts of the window just claimed (depth `level`), pulled from
// the in-neighbours one level up.
uint64_t count_paths(const Csr &in, uint32_t level, BrandesState &s, int threads) {
    const uint32_t *window = s.queue.window_begin();
    const int64_t size = int64_t(s.queue.window_size());
    uint64_t edges = 0;
#pragma omp parallel for num_threads(threads) if (size > kParallelThreshold) schedule(dynamic, 64) \
    reduction(+ : edges)
    for (int64_t i = 0; i < size; ++i) {
        const uint32_t v = window[i];
        PathCount total;
        for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
            const uint32_t u = in.indices[e];
            if (s.depth[u] == level - 1) total = add_paths(total, s.paths[u]);
        }
        s.paths[v] = normalised(total);
        edges += in.offsets[v + 1] - in.offsets[v];
    }
    return edges;
}

uint64_t forward(const Graph &g, uint32_t source, BrandesState &s, int threads) {
    s.depth[source] = 0;
    s.paths[source] = PathCount{1.0, 0};
    s.queue.reset();
    s.queue.push_single(source);
    s.queue.slide();
    s.level_bounds.assign({0, 1});
    uint64_t edges = 0;
    for (uint32_t level = 0; !s.queue.window_empty(); ++level) {
        edges += expand_level(g.out, level, s, threads);
        s.queue.slide();
        s.level_bounds.push_back(s.queue.pushed());
        edges += count_paths(g.in(), level + 1, s, threads);
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
                if (s.depth[v] == successor_depth) dependency += path_ratio(s.paths[u], s.paths[v]) * (1.0 + s.delta[v]);
            }
            s.delta[u] = dependency;
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
        edges += forward(g, source, state, threads);
        edges += backward(g.out, state, threads);
        levels += uint32_t(state.level_bounds.size() - 2);

        const uint32_t *reached = state.queue.items();
        const int64_t count = int64_t(state.queue.pushed());
#pragma omp parallel for num_threads(threads) if (count > kParallelThreshold) schedule(static)
        for (int64_t i = 0; i < count; ++i) {
            const uint32_t v = reached[i];
            if (v != source) centrality[v] += state.delta[v];
            state.depth[v] = kUnvisited;
            state.paths[v] = PathCount{};
            state.delta[v] = 0.0;
        }
    }

    report.layout = GG_LAYOUT_CSR;
    report.iterations = levels;
    report.edges_visited = edges;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
