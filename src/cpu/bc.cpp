/*
 * Betweenness centrality by Brandes' dependency accumulation (Brandes, "A
 * faster algorithm for betweenness centrality", J. Math. Sociology 25(2),
 * 2001, Algorithm 1), level-synchronous and parallel within each source as in the
 * GAP Benchmark Suite (arXiv:1508.03619, "BC"), with direction-optimizing
 * level discovery (Beamer, Asanovic, Patterson, SC'12):
 *
 * Forward, one level at a time, each step in one of two directions:
 *   top-down, the frontier's unvisited out-neighbours are claimed in the
 *   reached bits, then each pulls sigma(v) = sum of sigma(u) over
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
 * so it is a bit test on two bits per vertex (two bitmaps, 256 KiB for 2^20
 * vertices, in L2) instead of a 4-byte depth; only the edges of the
 * shortest-path DAG read the 16-byte path counts. The bits say the parity of the vertex's level,
 * which is all an edge needs: along an edge u -> v, level(v) <= level(u) + 1,
 * so the in-neighbours of a vertex of level d lie at d - 1 or deeper and its
 * out-neighbours at d + 1 or shallower. Going forward, an in-neighbour with
 * the parity of d - 1 is of level d - 1 (d + 1 is not reached yet); going
 * back, a second pair of bits marks the vertices whose dependency is done,
 * and an out-neighbour done with the parity of d + 1 is of level d + 1 (the
 * shallower ones are not done yet). Each vertex's bit is set once, where it
 * is claimed or done: nothing moves from level to level. (A bitmap of one
 * level, moved at every level, cost a pass over both levels' vertices and a
 * thread team per level: on the 2048 x 2048 grid's 2,048 levels, 15% of the
 * time on 2 threads.) After GAP, where the backward pass reads only
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

// v's bit in a bitmap's words; the loops below take the words of the parity
// they test once, not through the structures at every edge. A plain load,
// though other threads may be setting other bits of the word meanwhile
// (never the bit a step tests: see the top): as relaxed atomic loads, which
// compile to the same instruction on x86, the tests kept GCC from scheduling
// the loops' loads freely, and BC on urand 2^18 took 1.2x as long (2 threads).
inline bool bit_of(const uint64_t *words, uint32_t v) { return (words[v >> 6] >> (v & 63)) & 1; }

// One bit per vertex.
struct VertexBits {
    explicit VertexBits(uint32_t n) : words((uint64_t(n) + 63) / 64, 0) {}
    std::vector<uint64_t> words;

    bool test(uint32_t v) const { return bit_of(words.data(), v); }
    // Sets v's bit; true when this call set it. kShared: other threads may
    // be writing the same word (an atomic read-modify-write; on one thread a
    // plain one is several times cheaper, which the many small levels of a
    // grid notice).
    template <bool kShared>
    bool set(uint32_t v) {
        const uint64_t bit = uint64_t(1) << (v & 63);
        if (kShared) return !(__atomic_fetch_or(&words[v >> 6], bit, __ATOMIC_RELAXED) & bit);
        const bool was_set = words[v >> 6] & bit;
        words[v >> 6] |= bit;
        return !was_set;
    }
    void clear(uint32_t v) { words[v >> 6] &= ~(uint64_t(1) << (v & 63)); }
};

// The parity of a vertex's level, as a bit in one of two bitmaps (see the
// comment at the top). Two bitmaps, not two bits of one word: a step writes
// the bits of one parity while the threads test the other, and in one word
// every write would take the cache line from under the readers.
struct LevelParityBits {
    explicit LevelParityBits(uint32_t n) : parity{VertexBits(n), VertexBits(n)} {}
    VertexBits parity[2];

    bool any(uint32_t v) const { return parity[0].test(v) || parity[1].test(v); }
    template <bool kShared>
    bool set(uint32_t v, uint32_t level) {
        return parity[level & 1].set<kShared>(v);
    }
    void clear(uint32_t v) {
        parity[0].clear(v);
        parity[1].clear(v);
    }
    void clear_all() {
        for (VertexBits &bits : parity) std::fill(bits.words.begin(), bits.words.end(), 0);
    }
    size_t words() const { return parity[0].words.size(); }
};

struct BrandesState {
    explicit BrandesState(uint32_t n) : counts(n), reached(n), done(n), queue(n) {}
    std::vector<PathCount> counts;  // valid for the vertices reached from the current source
    LevelParityBits reached;        // forward: the parity of each reached vertex's level
    LevelParityBits done;           // backward: the parity of each vertex whose dependency is done
    FrontierQueue queue;
    std::vector<uint64_t> level_bounds;  // level L is queue.items()[level_bounds[L], level_bounds[L+1])
    std::vector<uint64_t> level_out_edges;  // level L's out-edges (whether backward() takes threads for it)
};

// Edges a step examined, and the degrees of the level it found (for the
// direction heuristic).
struct StepCost {
    uint64_t examined = 0;
    uint64_t out_edges = 0;  // out-edges of the new level
    uint64_t in_edges = 0;   // in-edges of the new level
};

// Top-down, first half: claims the unreached out-neighbours of frontier[i]
// for `level`.
template <bool kShared>
void claim_from(const Csr &out, LevelParityBits &reached, uint32_t level, const uint32_t *frontier, int64_t i,
                FrontierQueue::Buffer &next, uint64_t &examined, uint64_t &out_edges) {
    const uint32_t u = frontier[i];
    for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
        const uint32_t v = out.indices[e];
        // Only this level's bit is set during the step, so one atomic on it
        // decides between two threads that both saw v unreached.
        if (!reached.any(v) && reached.set<kShared>(v, level)) {
            next.push(v);
            out_edges += out.offsets[v + 1] - out.offsets[v];
        }
    }
    examined += out.offsets[u + 1] - out.offsets[u];
}

// Second half: the path count of v (of `level`), pulled from its
// in-neighbours one level up in adjacency order. Returns v's in-degree.
uint64_t pull_count(const Csr &in, BrandesState &s, uint32_t level, uint32_t v) {
    const uint64_t *up = s.reached.parity[(level - 1) & 1].words.data();
    PathCount total;
    for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
        const uint32_t u = in.indices[e];
        if (bit_of(up, u)) total = add_paths(total, s.counts[u]);
    }
    s.counts[v] = normalised(total);
    return in.offsets[v + 1] - in.offsets[v];
}

// A top-down step: claims `level` from the window (level - 1), slides it in
// as the new window, then pulls its path counts. One thread team for both
// halves (a barrier between them), or none for a frontier of few out-edges
// (`scout`): the thousands of small levels of a grid would otherwise pay for
// a fork and join each, which costs more than the level.
void top_down_level(const Csr &out, const Csr &in, BrandesState &s, uint32_t level, uint64_t scout, int threads,
                    StepCost &cost) {
    const uint32_t *frontier = s.queue.window_begin();
    const int64_t size = int64_t(s.queue.window_size());
    uint64_t examined = 0, out_edges = 0, in_edges = 0;
    if (threads == 1 || scout < kParallelEdges) {
        {
            FrontierQueue::Buffer next(s.queue);
            for (int64_t i = 0; i < size; ++i)
                claim_from<false>(out, s.reached, level, frontier, i, next, examined, out_edges);
        }
        s.queue.slide();
        // The new level's in-edges may be many more than the frontier's
        // out-edges (urand's second level: 30 times). Its out-edges stand for
        // them (equal on an undirected graph).
        const uint32_t *window = s.queue.window_begin();
        const int64_t window_size = int64_t(s.queue.window_size());
#pragma omp parallel for num_threads(threads) if (threads > 1 && out_edges >= kParallelEdges) schedule(dynamic, 64) \
    reduction(+ : in_edges)
        for (int64_t i = 0; i < window_size; ++i) in_edges += pull_count(in, s, level, window[i]);
    } else {
#pragma omp parallel num_threads(threads) reduction(+ : examined, out_edges, in_edges)
        {
            {
                FrontierQueue::Buffer next(s.queue);
#pragma omp for schedule(dynamic, 64) nowait
                for (int64_t i = 0; i < size; ++i)
                    claim_from<true>(out, s.reached, level, frontier, i, next, examined, out_edges);
            }  // the buffer publishes its vertices here
#pragma omp barrier
#pragma omp single
            s.queue.slide();
            const uint32_t *window = s.queue.window_begin();
            const int64_t window_size = int64_t(s.queue.window_size());
#pragma omp for schedule(dynamic, 64) nowait
            for (int64_t i = 0; i < window_size; ++i) in_edges += pull_count(in, s, level, window[i]);
        }
    }
    cost.examined += examined + in_edges;
    cost.out_edges += out_edges;
    cost.in_edges += in_edges;
}

// Bottom-up (Beamer et al. SC'12): every unreached vertex reads its whole
// in-list and sums the counts of the in-neighbours of level - 1; a nonzero
// sum puts it in `level`. Beamer's step may stop at the first such
// neighbour; here the whole list is read anyway, since a vertex found needs
// all of them for its count, and one pass does both. The words are split
// among the threads, so each word has one writer.
void bottom_up_level(const Csr &in, const Csr &out, BrandesState &s, uint32_t level, int threads, StepCost &cost) {
    const int64_t words = int64_t(s.reached.words());
    uint64_t *found_words = s.reached.parity[level & 1].words.data();
    const uint64_t *other_words = s.reached.parity[(level + 1) & 1].words.data();  // level - 1's parity
    const uint32_t n = in.n;
    PathCount *counts = s.counts.data();
    uint64_t examined = 0, out_edges = 0, in_edges = 0;
#pragma omp parallel num_threads(threads) if (worth_parallel(uint64_t(n) + in.num_edges())) \
    reduction(+ : examined, out_edges, in_edges)
    {
        FrontierQueue::Buffer next(s.queue);
#pragma omp for schedule(dynamic, 16) nowait
        for (int64_t w = 0; w < words; ++w) {
            // Only this thread writes word w of this level's parity; the other
            // parity's words are read by every thread and written by none.
            const uint64_t word = found_words[w];
            uint64_t unreached = ~(word | other_words[w]);
            if (w == words - 1 && (n & 63)) unreached &= (uint64_t(1) << (n & 63)) - 1;
            uint64_t found = 0;
            while (unreached) {
                const int bit = __builtin_ctzll(unreached);
                unreached &= unreached - 1;
                const uint32_t v = uint32_t(w * 64 + bit);
                PathCount total;
                for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
                    const uint32_t u = in.indices[e];
                    if (bit_of(other_words, u)) total = add_paths(total, counts[u]);
                }
                examined += in.offsets[v + 1] - in.offsets[v];
                if (total.mass == 0.0) continue;
                counts[v] = normalised(total);
                found |= uint64_t(1) << bit;
                next.push(v);
                out_edges += out.offsets[v + 1] - out.offsets[v];
                in_edges += in.offsets[v + 1] - in.offsets[v];
            }
            // Written after the word's vertices are summed: their in-neighbours
            // of this same level must not count yet.
            if (found) __atomic_store_n(&found_words[w], word | found, __ATOMIC_RELAXED);
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
// vertices within a level (which nothing reads) does.
uint64_t forward(const Graph &g, uint32_t source, BrandesState &s, int threads) {
    const Csr &in = g.in();
    s.counts[source] = PathCount{1.0, 0};
    s.reached.set<false>(source, 0);
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
        const uint32_t level = uint32_t(s.level_bounds.size() - 1);  // the level this step finds
        StepCost cost;
        if (scout > unvisited_in_edges / kBottomUpRatio) {
            bottom_up_level(in, g.out, s, level, threads, cost);
            s.queue.slide();
        } else {
            top_down_level(g.out, in, s, level, scout, threads, cost);
        }
        edges += cost.examined;
        if (s.queue.window_empty()) break;
        s.level_bounds.push_back(s.queue.pushed());
        s.level_out_edges.push_back(cost.out_edges);
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
// per successor and a multiply, no dependency array. A vertex is then marked
// done with its level's parity, so that the other out-edges cost a bit test
// (the comment at the top says why the parity is enough). The deepest level
// has delta 0; level 0 is the source, whose dependency is not counted.
uint64_t sum_dependencies(const Csr &out, BrandesState &s, double *centrality, uint32_t level, uint32_t u) {
    PathCount *counts = s.counts.data();
    const uint64_t *below = s.done.parity[(level + 1) & 1].words.data();
    const double mass = counts[u].mass;
    const int32_t scale = counts[u].scale;
    double dependency = 0;
    for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
        const uint32_t v = out.indices[e];
        if (bit_of(below, v)) dependency += scaled(mass * counts[v].mass, scale - counts[v].scale);
    }
    centrality[u] += dependency;
    // No other thread reads this level's counts: they test the parity of level + 1.
    counts[u].mass = (1.0 + dependency) / mass;
    return out.offsets[u + 1] - out.offsets[u];
}

uint64_t backward(const Csr &out, BrandesState &s, double *centrality, int threads) {
    uint64_t edges = 0;
    const uint32_t *items = s.queue.items();
    PathCount *counts = s.counts.data();
    const uint32_t deepest = uint32_t(s.level_bounds.size() - 2);
    {
        const int64_t begin = int64_t(s.level_bounds[deepest]), end = int64_t(s.level_bounds[deepest + 1]);
        const bool team = threads > 1 && worth_parallel(uint64_t(end - begin));
#pragma omp parallel for num_threads(threads) if (team) schedule(static)
        for (int64_t i = begin; i < end; ++i) {
            counts[items[i]].mass = 1.0 / counts[items[i]].mass;
            if (team) s.done.set<true>(items[i], deepest);
            else s.done.set<false>(items[i], deepest);
        }
    }
    for (uint32_t level = deepest; level-- > 1;) {
        const int64_t begin = int64_t(s.level_bounds[level]), end = int64_t(s.level_bounds[level + 1]);
        if (threads > 1 && s.level_out_edges[level] >= kParallelEdges) {
            // The done bits in a loop of their own: a locked read-modify-write
            // among the sums' loads stalls them (urand 2^18 on 2 threads took
            // 1.2x as long with the bit set beside each sum). Setting this
            // level's parity while others still sum is safe: they test the
            // other one.
#pragma omp parallel num_threads(threads) reduction(+ : edges)
            {
#pragma omp for schedule(dynamic, 64) nowait
                for (int64_t i = begin; i < end; ++i) edges += sum_dependencies(out, s, centrality, level, items[i]);
#pragma omp for schedule(static) nowait
                for (int64_t i = begin; i < end; ++i) s.done.set<true>(items[i], level);
            }
        } else {
            for (int64_t i = begin; i < end; ++i) {
                edges += sum_dependencies(out, s, centrality, level, items[i]);
                s.done.set<false>(items[i], level);
            }
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
        edges += backward(g.out, state, centrality, threads);
        levels += uint32_t(state.level_bounds.size() - 1);

        // Only the bits of the vertices this source reached are cleared
        // (all words at once when that is fewer writes).
        const uint32_t *reached = state.queue.items();
        const int64_t count = int64_t(state.queue.pushed());
        if (uint64_t(count) >= state.reached.words()) {
            state.reached.clear_all();
            state.done.clear_all();
        } else {
            for (int64_t i = 0; i < count; ++i) {
                state.reached.clear(reached[i]);
                state.done.clear(reached[i]);
            }
        }
    }

    report.layout = GG_LAYOUT_CSR;
    report.iterations = levels;
    report.edges_visited = edges;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
