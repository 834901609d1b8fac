/*
 * Betweenness centrality by Brandes' dependency accumulation (Brandes, "A
 * faster algorithm for betweenness centrality", J. Math. Sociology 25(2),
 * 2001, Algorithm 1), level-synchronous and parallel within each source as in the
 * GAP Benchmark Suite (arXiv:1508.03619, "BC"), with direction-optimizing
 * level discovery (Beamer, Asanovic, Patterson, SC'12):
 *
 * Forward, one level at a time, each step in one of two directions:
 *   top-down, the frontier's unvisited out-neighbours are claimed in a
 *   visited bitmap, then each pulls sigma(v) = sum of sigma(u) over
 *   in-neighbours u one level up (g.in(), the CSC; the CSR itself for an
 *   undirected graph); bottom-up, every unvisited vertex makes that sum over
 *   its whole in-list and joins the next level when it is nonzero. Beamer's
 *   bottom-up step stops at the first parent; this one cannot (the count
 *   needs all of them), but it finds the level and its counts in one pass,
 *   where top-down reads the frontier's out-edges and then the level's
 *   in-edges. The middle levels of kron and urand, which hold most of their
 *   edges, go bottom-up (kron 2.5x faster than top-down only; see forward()).
 *   Sums are in adjacency order and without atomics in either direction, so
 *   the counts depend neither on the direction taken nor on the thread count.
 * Backward: levels in reverse; each vertex u pulls
 *   delta(u) = sum over successors v of sigma(u) / sigma(v) * (1 + delta(v)),
 *   one thread per vertex, no atomics, and in adjacency order, so the result
 *   is deterministic. centrality(v) += delta(v) for every v != source.
 *
 * Memory traffic is what this kernel spends its time on. "Is u one level up
 * (down)?" is asked of every edge in both passes and is true for few of them,
 * so it is a bit test: the members of one level are kept as a bitmap of n
 * bits (128 KiB for 2^20 vertices, in L2), moved from level to level, instead
 * of a 4-byte depth per vertex; only the edges of the shortest-path DAG read
 * the 16-byte path counts. After GAP, where the backward pass reads only
 * successors (GAP marks them in a bitmap over the edges, set by its top-down
 * forward pass with atomic counts; the counts here are pulled, so the edge is
 * not known from its source's side). Keeping the depth in the count record
 * instead (as cuda/bc.cu does, one load per edge on the GPU) was measured
 * here and lost: 16 bytes per vertex spill out of the cache where 4 did not.
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
 * 2^(512 * (scale(u) - scale(v))). src/backend/path_count.h holds the arithmetic, which
 * cuda/algorithms/bc.cu shares.
 *
 * The frontier queue keeps every level (its windows), which is the stack of
 * Brandes' algorithm; the order of vertices within a level varies from run
 * to run and nothing reads it. Only the bits of the vertices a source reached
 * are cleared after it, so a source in a small component costs little. No normalisation, no
 * halving; a source listed twice counts twice.
 */
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/timer.h"
#include "backend/path_count.h"
#include "cpu/primitives/atomics.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"
#include "cpu/primitives/frontier_queue.h"

namespace gg::cpu {
namespace {

// A level whose step reads fewer edges than this runs on the calling thread
// (a team's start and barriers cost more than such a level). Counted in
// edges, not vertices: the frontier's out-edges going forward (and the new
// level's, standing for its in-edges, for the counts), the level's out-edges
// going back. The rule before, levels of more than 512 vertices on the
// team, left kron's hub levels (one vertex, millions of edges to pull) on
// one thread. 16 threads, one call (bench/results/cpu-bc-levels-2026-11-28-
// s47.md): kron 21 142.4 -> 75.4 ms, urand 21 136.9 -> 131.4, the 2048 x
// 2048 grid 383.5 -> 342 to 348. A threshold of 2^15 or 2^16 edges (every
// level of the grid on one thread) took the grid to 461 to 825 ms: its
// levels of a few thousand vertices do gain from the team.
constexpr uint64_t kParallelEdges = uint64_t(1) << 12;
// A level is discovered bottom-up when the out-edges of the frontier exceed
// the in-edges of the unvisited vertices / kBottomUpRatio (see forward()).
constexpr uint64_t kBottomUpRatio = 30;
// Moving the level bits (move_members) takes the team from this many
// vertices of the two levels together: one scattered bit write each, so a
// few thousand of them, the grid's levels, already gain from 16 threads.
// With worth_parallel's rule (8192) every level of the 2048 x 2048 grid moved
// its bits on one thread, both ways: 16 threads, one call
// (bench/results/cpu-bc-levels-2026-11-28-s48.md), the grid 392.3 -> 272.4
// to 298.2 ms with 1024 (256: 292.4, 4096: 292.0), kron and urand 21 the same
// within their noise.
constexpr int64_t kParallelMoves = 1024;

// 16 bytes, aligned, so that one cache line holds all of it. Once the
// backward pass has handled a vertex, `mass` holds (1 + delta) / mass
// instead (see backward()), so that a predecessor reads one record per edge.
struct alignas(16) PathCount {
    double mass = 0.0;  // 0: no path yet
    int32_t scale = 0;
};

// The count arithmetic both backends share (backend/path_count.h).
inline PathCount add_paths(PathCount a, PathCount b) { return path_count::add(a, b); }
using path_count::normalised;
using path_count::scaled;

// One bit per vertex. 2^20 vertices take 128 KiB, which stays in a core's
// L2 cache where a 4-byte depth per vertex (4 MiB) does not: almost every
// edge is rejected by a bit test without touching the path counts.
struct VertexBits {
    explicit VertexBits(uint32_t n) : words((uint64_t(n) + 63) / 64, 0) {}
    std::vector<uint64_t> words;

    bool test(uint32_t v) const { return (words[v >> 6] >> (v & 63)) & 1; }
    // Sets v's bit; true when this call set it. kShared: other threads may
    // be writing the same word (an atomic read-modify-write; on one thread a
    // plain one is several times cheaper, which the many small levels of a
    // grid notice).
    template <bool kShared>
    bool claim(uint32_t v) {
        const uint64_t bit = uint64_t(1) << (v & 63);
        if (kShared) return !(__atomic_fetch_or(&words[v >> 6], bit, __ATOMIC_RELAXED) & bit);
        const bool was_set = words[v >> 6] & bit;
        words[v >> 6] |= bit;
        return !was_set;
    }
    template <bool kShared>
    void assign(uint32_t v, bool value) {
        const uint64_t bit = uint64_t(1) << (v & 63);
        if (kShared) {
            if (value) __atomic_fetch_or(&words[v >> 6], bit, __ATOMIC_RELAXED);
            else __atomic_fetch_and(&words[v >> 6], ~bit, __ATOMIC_RELAXED);
        } else {
            words[v >> 6] = value ? words[v >> 6] | bit : words[v >> 6] & ~bit;
        }
    }
};

struct BrandesState {
    explicit BrandesState(uint32_t n) : counts(n), visited(n), level_members(n), queue(n) {}
    std::vector<PathCount> counts;  // valid for the vertices reached from the current source
    VertexBits visited;
    VertexBits level_members;  // the vertices of one level (which one: see forward() and backward())
    FrontierQueue queue;
    std::vector<uint64_t> level_bounds;  // level L is queue.items()[level_bounds[L], level_bounds[L+1])
    std::vector<uint64_t> level_out_edges;  // level L's out-edges (whether backward() takes threads for it)
};

// Moves level_members from the vertices of `old_level` to those of `new_level`.
void move_members(BrandesState &s, const uint32_t *old_level, int64_t old_size, const uint32_t *new_level,
                  int64_t new_size, int threads) {
    VertexBits &bits = s.level_members;
    if (threads == 1 || old_size + new_size < kParallelMoves) {
        for (int64_t i = 0; i < old_size; ++i) bits.assign<false>(old_level[i], false);
        for (int64_t i = 0; i < new_size; ++i) bits.assign<false>(new_level[i], true);
        return;
    }
#pragma omp parallel num_threads(threads)
    {
#pragma omp for schedule(static)
        for (int64_t i = 0; i < old_size; ++i) bits.assign<true>(old_level[i], false);
#pragma omp for schedule(static) nowait
        for (int64_t i = 0; i < new_size; ++i) bits.assign<true>(new_level[i], true);
    }
}

// Edges a step examined, and the degrees of the level it found (for the
// direction heuristic).
struct StepCost {
    uint64_t examined = 0;
    uint64_t out_edges = 0;  // out-edges of the new level
    uint64_t in_edges = 0;   // in-edges of the new level
};

// Top-down, first half: claims the unvisited out-neighbours of frontier[i]
// in the visited bits.
template <bool kShared>
void claim_from(const Csr &out, VertexBits &visited, const uint32_t *frontier, int64_t i, FrontierQueue::Buffer &next,
                uint64_t &examined, uint64_t &out_edges) {
    const uint32_t u = frontier[i];
    for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
        const uint32_t v = out.indices[e];
        if (!visited.test(v) && visited.claim<kShared>(v)) {
            next.push(v);
            out_edges += out.offsets[v + 1] - out.offsets[v];
        }
    }
    examined += out.offsets[u + 1] - out.offsets[u];
}

// Second half: the path count of v (one level below level_members), pulled
// from its in-neighbours in level_members in adjacency order. Returns v's
// in-degree.
uint64_t pull_count(const Csr &in, BrandesState &s, uint32_t v) {
    PathCount total;
    for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
        const uint32_t u = in.indices[e];
        if (s.level_members.test(u)) total = add_paths(total, s.counts[u]);
    }
    s.counts[v] = normalised(total);
    return in.offsets[v + 1] - in.offsets[v];
}

// A top-down step: claims the next level from the window (level_members),
// slides it in as the new window, then pulls its path counts. One thread
// team for both halves (a barrier between them), or none for a frontier of
// few out-edges (`scout`): the thousands of small levels of a grid would
// otherwise pay for a fork and join each, which costs more than the level.
void top_down_level(const Csr &out, const Csr &in, BrandesState &s, uint64_t scout, int threads, StepCost &cost) {
    const uint32_t *frontier = s.queue.window_begin();
    const int64_t size = int64_t(s.queue.window_size());
    uint64_t examined = 0, out_edges = 0, in_edges = 0;
    if (threads == 1 || scout < kParallelEdges) {
        {
            FrontierQueue::Buffer next(s.queue);
            for (int64_t i = 0; i < size; ++i) claim_from<false>(out, s.visited, frontier, i, next, examined, out_edges);
        }
        s.queue.slide();
        // The new level's in-edges may be many more than the frontier's
        // out-edges (urand's second level: 30 times). Its out-edges stand for
        // them (equal on an undirected graph).
        const uint32_t *window = s.queue.window_begin();
        const int64_t window_size = int64_t(s.queue.window_size());
#pragma omp parallel for num_threads(threads) if (threads > 1 && out_edges >= kParallelEdges) schedule(dynamic, 64) \
    reduction(+ : in_edges)
        for (int64_t i = 0; i < window_size; ++i) in_edges += pull_count(in, s, window[i]);
    } else {
#pragma omp parallel num_threads(threads) reduction(+ : examined, out_edges, in_edges)
        {
            {
                FrontierQueue::Buffer next(s.queue);
#pragma omp for schedule(dynamic, 64) nowait
                for (int64_t i = 0; i < size; ++i)
                    claim_from<true>(out, s.visited, frontier, i, next, examined, out_edges);
            }  // the buffer publishes its vertices here
#pragma omp barrier
#pragma omp single
            s.queue.slide();
            const uint32_t *window = s.queue.window_begin();
            const int64_t window_size = int64_t(s.queue.window_size());
#pragma omp for schedule(dynamic, 64) nowait
            for (int64_t i = 0; i < window_size; ++i) in_edges += pull_count(in, s, window[i]);
        }
    }
    cost.examined += examined + in_edges;
    cost.out_edges += out_edges;
    cost.in_edges += in_edges;
}

// Bottom-up (Beamer et al. SC'12): every unvisited vertex reads its whole
// in-list and sums the counts of the in-neighbours in level_members (the
// current level); a nonzero sum puts it in the next level. Beamer's step may
// stop at the first such neighbour; here the whole list is read anyway, since
// a vertex found needs all of them for its count, and one pass does both.
// Visited words are split among the threads, so each word has one writer.
void bottom_up_level(const Csr &in, const Csr &out, BrandesState &s, int threads, StepCost &cost) {
    const int64_t words = int64_t(s.visited.words.size());
    const uint32_t n = in.n;
    PathCount *counts = s.counts.data();
    uint64_t examined = 0, out_edges = 0, in_edges = 0;
#pragma omp parallel num_threads(threads) if (worth_parallel(uint64_t(n) + in.num_edges())) \
    reduction(+ : examined, out_edges, in_edges)
    {
        FrontierQueue::Buffer next(s.queue);
#pragma omp for schedule(dynamic, 16) nowait
        for (int64_t w = 0; w < words; ++w) {
            uint64_t unvisited = ~s.visited.words[w];
            if (w == words - 1 && (n & 63)) unvisited &= (uint64_t(1) << (n & 63)) - 1;
            uint64_t found = 0;
            while (unvisited) {
                const int bit = __builtin_ctzll(unvisited);
                unvisited &= unvisited - 1;
                const uint32_t v = uint32_t(w * 64 + bit);
                PathCount total;
                for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
                    const uint32_t u = in.indices[e];
                    if (s.level_members.test(u)) total = add_paths(total, counts[u]);
                }
                examined += in.offsets[v + 1] - in.offsets[v];
                if (total.mass == 0.0) continue;
                counts[v] = normalised(total);
                found |= uint64_t(1) << bit;
                next.push(v);
                out_edges += out.offsets[v + 1] - out.offsets[v];
                in_edges += in.offsets[v + 1] - in.offsets[v];
            }
            if (found) s.visited.words[w] |= found;
        }
    }
    cost.examined += examined;
    cost.out_edges += out_edges;
    cost.in_edges += in_edges;
}

// Levels and path counts. A level is found top-down (claim, then count) or
// bottom-up (both at once), whichever reads fewer edges: top-down reads the
// frontier's out-edges and the new level's in-edges, bottom-up the in-edges
// of every unvisited vertex. As in GAP the frontier's out-degree (the scout
// count) stands for the first. Bottom-up streams the in-lists in vertex
// order while top-down reads two lists per vertex at random places (and
// claims with atomics that threads contend for), so an edge costs bottom-up
// far less. Measured at scale 20 on 2 threads: a ratio of 2 left urand's
// largest level top-down (530 ms), 15 (GAP's alpha for BFS) sent it
// bottom-up (163 ms) but only just (1/33 more estimated cost sent it back),
// so 30, measured as good, leaves a margin; kron was about 140 ms
// throughout. The grid's levels (scout about 4 x level size) stay top-down.
// Either way the counts are the same sums in the same order: the results do
// not depend on the direction or the thread count, only the order of
// vertices within a level (which nothing reads) does. On return
// level_members holds the deepest level.
uint64_t forward(const Graph &g, uint32_t source, BrandesState &s, int threads) {
    const Csr &in = g.in();
    s.counts[source] = PathCount{1.0, 0};
    s.visited.assign<false>(source, true);
    s.level_members.assign<false>(source, true);
    s.queue.reset();
    s.queue.push_single(source);
    s.queue.slide();
    s.level_bounds.assign({0, 1});
    uint64_t edges = 0;
    uint64_t scout = g.out.degree(source);
    s.level_out_edges.assign({scout});
    uint64_t unvisited_in_edges = in.num_edges() - in.degree(source);
    // Nothing unvisited has an in-edge left: the search is over without a
    // step (a bottom-up one would still look at every unvisited vertex).
    while (unvisited_in_edges > 0) {
        StepCost cost;
        if (scout > unvisited_in_edges / kBottomUpRatio) {
            bottom_up_level(in, g.out, s, threads, cost);
            s.queue.slide();
        } else {
            top_down_level(g.out, in, s, scout, threads, cost);
        }
        edges += cost.examined;
        if (s.queue.window_empty()) break;
        s.level_bounds.push_back(s.queue.pushed());
        s.level_out_edges.push_back(cost.out_edges);
        const uint32_t *items = s.queue.items();
        const size_t levels = s.level_bounds.size();
        const uint64_t previous = s.level_bounds[levels - 3], current = s.level_bounds[levels - 2];
        move_members(s, items + previous, int64_t(current - previous), items + current,
                     int64_t(s.queue.window_size()), threads);
        scout = cost.out_edges;
        unvisited_in_edges -= cost.in_edges;
    }
    return edges;
}

// Brandes' dependencies, deepest level first, added to the centralities.
// delta(u) = sum over successors v of sigma(u) / sigma(v) * (1 + delta(v)).
// Once a vertex's delta is known, its mass is replaced by
// w = (1 + delta) / mass (its scale stays), so that a predecessor u gets each
// term as mass(u) * w(v) * 2^(512 * (scale(u) - scale(v))): one 16-byte read
// per successor and a multiply, no dependency array. level_members holds the
// level below the one being summed, so that the other out-edges cost a bit
// test. The deepest level has delta 0; level 0 is the source, whose
// dependency is not counted. On return level_members holds level 1.
uint64_t backward(const Csr &out, BrandesState &s, double *centrality, int threads) {
    uint64_t edges = 0;
    const uint32_t *items = s.queue.items();
    PathCount *counts = s.counts.data();
    const size_t deepest = s.level_bounds.size() - 2;
    {
        const int64_t begin = int64_t(s.level_bounds[deepest]), end = int64_t(s.level_bounds[deepest + 1]);
#pragma omp parallel for num_threads(threads) if (worth_parallel(uint64_t(end - begin))) schedule(static)
        for (int64_t i = begin; i < end; ++i) counts[items[i]].mass = 1.0 / counts[items[i]].mass;
    }
    for (size_t level = deepest; level-- > 1;) {
        const int64_t begin = int64_t(s.level_bounds[level]), end = int64_t(s.level_bounds[level + 1]);
#pragma omp parallel for num_threads(threads) if (s.level_out_edges[level] >= kParallelEdges) \
    schedule(dynamic, 64) reduction(+ : edges)
        for (int64_t i = begin; i < end; ++i) {
            const uint32_t u = items[i];
            const double mass = counts[u].mass;
            const int32_t scale = counts[u].scale;
            double dependency = 0;
            for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
                const uint32_t v = out.indices[e];
                if (s.level_members.test(v)) dependency += scaled(mass * counts[v].mass, scale - counts[v].scale);
            }
            centrality[u] += dependency;
            // No other thread reads this level's counts: level_members holds the level below.
            counts[u].mass = (1.0 + dependency) / mass;
            edges += out.offsets[u + 1] - out.offsets[u];
        }
        const uint64_t below = s.level_bounds[level + 1];
        move_members(s, items + below, int64_t(s.level_bounds[level + 2] - below), items + begin, end - begin, threads);
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
        edges += backward(g.out, state, centrality, threads);
        levels += uint32_t(state.level_bounds.size() - 1);

        // Only the bits of the vertices this source reached are cleared
        // (all words at once when that is fewer writes).
        const uint32_t *reached = state.queue.items();
        const int64_t count = int64_t(state.queue.pushed());
        if (uint64_t(count) >= state.visited.words.size()) {
            std::fill(state.visited.words.begin(), state.visited.words.end(), 0);
            std::fill(state.level_members.words.begin(), state.level_members.words.end(), 0);
        } else {
            for (int64_t i = 0; i < count; ++i) {
                state.visited.assign<false>(reached[i], false);
                state.level_members.assign<false>(reached[i], false);
            }
        }
    }

    report.layout = GG_LAYOUT_CSR;
    report.iterations = levels;
    report.edges_visited = edges;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
