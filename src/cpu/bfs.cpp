/*
 * Breadth-first search, direction-optimizing (Beamer, Asanovic, Patterson,
 * "Direction-Optimizing Breadth-First Search", SC'12; the heuristic as
 * in the GAP Benchmark Suite, arXiv:1508.03619). The top-down step is the
 * queue BFS of Pathak et al. (004_6c0534b53c1f8710.txt §3.2) with an atomic
 * claim per vertex.
 *
 * Top-down: every frontier vertex scans its out-edges and claims unvisited
 *   neighbours with a compare-and-swap on depth (so a vertex is claimed once
 *   and its parent written by the claimer only).
 * Bottom-up: every unvisited vertex scans its in-edges (g.in(), the CSC) and
 *   stops at the first one whose source is in the frontier bitmap; no atomics
 *   on depth, and the scan ends early, which is the whole point on the large
 *   middle levels of low-diameter graphs.
 * Switch to bottom-up when the edges leaving the next frontier (scout count)
 *   exceed the edges not yet examined / alpha (alpha = 15); switch back when
 *   the frontier shrinks and is below n / beta (beta = 18).
 *
 * Encoding: depth doubles as the visited flag (UINT32_MAX = unvisited); the
 * source is its own parent.
 */
#include <algorithm>
#include <cstdint>

#include "core/timer.h"
#include "cpu/primitives/atomics.h"
#include "cpu/primitives/bitmap.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"
#include "cpu/primitives/frontier_queue.h"

namespace gg::cpu {
namespace {

constexpr uint32_t kUnvisited = UINT32_MAX;
constexpr uint64_t kAlpha = 15;
constexpr uint64_t kBeta = 18;

struct Traversal {
    const Csr &out;
    uint32_t *depths;
    uint32_t *parents;  // may be null
    int threads;
    uint64_t edges_visited = 0;
};

// Where a traversal stands between steps; the heuristic reads it.
struct Progress {
    uint32_t level = 0;
    uint32_t steps = 0;
    uint64_t scout = 0;           // out-edges of the current frontier, as the heuristic counts them
    uint64_t edges_to_check = 0;  // edges not yet examined (GAP's estimate)
    // The current frontier's out-edges, always counted: whether a top-down
    // step is worth a thread team. It differs from scout after a bottom-up
    // phase, where scout is 1 (GAP's way of forcing a top-down step) while
    // the frontier can still hold many edges: kron 22's third level (184k
    // vertices) went top-down on one thread, and on 16 threads BFS took
    // 18-23 ms instead of 12-17 (GAPBS 13-15; bench/results/cpu-h200host-
    // 2026-11-29-s51.md).
    uint64_t frontier_edges = 0;
};

bool wants_bottom_up(const Progress &p) { return p.scout > p.edges_to_check / kAlpha; }

// A top-down step whose frontier has at least this many out-edges runs on
// the thread team. The library's general grain (worth_parallel, 8192 items)
// left a quarter of the 2048 x 2048 grid's levels on one thread at each end
// of the search; on 16 threads (bench/results/cpu-h200host-2026-11-29-s51.md,
// seven runs each in one lease) 2048 took the grid from 53-70 to 41-45 ms
// (GAPBS 44), kron 11.5-13.5 against 12.0-13.2 and urand 15.0-18.2 against
// 13.9-15.8. 512 was no better on the grid.
constexpr uint64_t kTopDownTeamEdges = 2048;
bool top_down_team(uint64_t frontier_edges) { return frontier_edges >= kTopDownTeamEdges; }

// Top-down steps until the frontier empties, the heuristic asks for
// bottom-up, or the frontier crosses the size worth a thread team. Steps
// whose frontiers have enough edges run back to back inside one team:
// high-diameter graphs (road networks, grids) have thousands of levels, and
// two barriers per level cost far less than a fork/join per level. Small
// frontiers run on the calling thread, never meeting at a barrier (slow when
// the machine is loaded or oversubscribed). Each frontier vertex claims its
// unvisited out-neighbours; the scout count is the out-edges of the claimed.
void top_down_phase(Traversal &t, Progress &p, FrontierQueue &queue) {
    const bool team = top_down_team(p.frontier_edges);
    uint64_t level_scout = 0, level_examined = 0;  // summed by the team each level
#pragma omp parallel num_threads(t.threads) if (team)
    {
        // Every thread evaluates this on the same values: they change only in
        // the single block below, which ends in a barrier.
        while (!queue.window_empty() && !wants_bottom_up(p) && top_down_team(p.frontier_edges) == team) {
            const Csr &out = t.out;
            const uint32_t *frontier = queue.window_begin();
            const int64_t size = int64_t(queue.window_size());
            const uint32_t next_depth = p.level + 1;
            uint64_t scout = 0, examined = 0;
            {
                FrontierQueue::Buffer next(queue);
#pragma omp for schedule(dynamic, 64) nowait
                for (int64_t i = 0; i < size; ++i) {
                    const uint32_t u = frontier[i];
                    const uint64_t end = out.offsets[u + 1];
                    for (uint64_t e = out.offsets[u]; e < end; ++e) {
                        const uint32_t v = out.indices[e];
                        if (load_relaxed(&t.depths[v]) == kUnvisited &&
                            compare_and_swap(&t.depths[v], kUnvisited, next_depth)) {
                            if (t.parents) t.parents[v] = u;
                            next.push(v);
                            scout += out.offsets[v + 1] - out.offsets[v];
                        }
                    }
                    examined += end - out.offsets[u];
                }
            }  // the buffer publishes its vertices here
#pragma omp atomic
            level_scout += scout;
#pragma omp atomic
            level_examined += examined;
#pragma omp barrier
#pragma omp single
            {
                p.edges_to_check = p.scout > p.edges_to_check ? 0 : p.edges_to_check - p.scout;
                p.scout = p.frontier_edges = level_scout;
                t.edges_visited += level_examined;
                level_scout = level_examined = 0;
                queue.slide();
                ++p.level;
                ++p.steps;
            }
        }
    }
}

// Every unvisited vertex looks for an in-neighbour in `front` (depth
// `level`). Returns how many vertices it discovered (they are set in `next`).
// A thread takes 64 vertices at a time, one word of `next`, and writes the
// word once with the bits it found: no atomic per discovered vertex, and no
// pass clearing `next` first (every word is written).
uint64_t bottom_up_step(Traversal &t, const Csr &in, uint32_t level, const Bitmap &front, Bitmap &next) {
    const int64_t n = in.n;
    const int64_t words = int64_t(next.num_words());
    uint64_t awake = 0, examined = 0;
#pragma omp parallel for num_threads(t.threads) if (worth_parallel(uint64_t(n) + in.num_edges())) \
    schedule(dynamic, 16) reduction(+ : awake, examined)
    for (int64_t w = 0; w < words; ++w) {
        uint64_t found = 0;
        const int64_t last = std::min<int64_t>(n, (w + 1) * 64);
        for (int64_t v = w * 64; v < last; ++v) {
            if (t.depths[v] != kUnvisited) continue;
            const uint64_t end = in.offsets[v + 1];
            for (uint64_t e = in.offsets[v]; e < end; ++e) {
                const uint32_t u = in.indices[e];
                ++examined;
                if (front.test(u)) {
                    t.depths[v] = level + 1;
                    if (t.parents) t.parents[v] = u;
                    found |= uint64_t(1) << (v & 63);
                    ++awake;
                    break;
                }
            }
        }
        next.set_word(uint64_t(w), found);
    }
    t.edges_visited += examined;
    return awake;
}

void queue_to_bitmap(const FrontierQueue &queue, Bitmap &bitmap, int threads) {
    const uint32_t *frontier = queue.window_begin();
    const int64_t size = int64_t(queue.window_size());
#pragma omp parallel num_threads(threads) if (worth_parallel(bitmap.size()))
    {
        bitmap.clear_in_team();
#pragma omp for schedule(static)
        for (int64_t i = 0; i < size; ++i) bitmap.set_atomic(frontier[i]);
    }
}

// A word at a time, its set bits in order: the bottom-up phase of a
// high-diameter graph ends on a few vertices (the 1024 x 1024 grid's last
// three steps found 64 to 112), and a test per vertex cost as many
// instructions as the whole top-down phase's claims (callgrind, one thread).
// Returns the out-edges of the vertices queued.
uint64_t bitmap_to_queue(const Bitmap &bitmap, const Csr &out, FrontierQueue &queue, int threads) {
    const int64_t words = int64_t(bitmap.num_words());
    uint64_t edges = 0;
#pragma omp parallel num_threads(threads) if (worth_parallel(bitmap.size())) reduction(+ : edges)
    {
        FrontierQueue::Buffer buffer(queue);
#pragma omp for schedule(static) nowait
        for (int64_t w = 0; w < words; ++w)
            for (uint64_t bits = bitmap.word(uint64_t(w)); bits != 0; bits &= bits - 1) {
                const uint32_t v = uint32_t(uint64_t(w) * 64 + uint64_t(__builtin_ctzll(bits)));
                buffer.push(v);
                edges += out.offsets[v + 1] - out.offsets[v];
            }
    }
    queue.slide();
    return edges;
}

}  // namespace

void bfs(const Graph &g, uint32_t source, uint32_t *depths, uint32_t *parents, const RunConfig &config,
         RunReport &report) {
    Stopwatch clock;
    double preprocess_ms = 0;
    const uint32_t n = g.n();
    const int threads = config.num_threads;
    Traversal t{g.out, depths, parents, threads};

#pragma omp parallel for num_threads(threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        depths[v] = kUnvisited;
        if (parents) parents[v] = kUnvisited;
    }
    depths[source] = 0;
    if (parents) parents[source] = source;

    FrontierQueue queue(n);
    queue.push_single(source);
    queue.slide();
    Bitmap front(0), next(0);  // sized on the first bottom-up phase

    Progress p;
    p.edges_to_check = g.m();
    p.scout = p.frontier_edges = g.out.degree(source);
    while (!queue.window_empty()) {
        if (wants_bottom_up(p)) {
            if (!g.in_is_built()) {
                Stopwatch transpose_clock;
                g.in();
                preprocess_ms += transpose_clock.elapsed_ms();
            }
            const Csr &in = g.in();
            if (front.size() != n) {
                Bitmap(n).swap(front);
                Bitmap(n).swap(next);
            }
            queue_to_bitmap(queue, front, threads);
            uint64_t awake = queue.window_size(), previous;
            do {
                previous = awake;
                awake = bottom_up_step(t, in, p.level, front, next);
                front.swap(next);
                ++p.level;
                ++p.steps;
            } while (awake >= previous || awake > n / kBeta);
            queue.reset();
            p.frontier_edges = bitmap_to_queue(front, g.out, queue, threads);
            p.scout = 1;  // as in GAP: stay top-down for at least one step
        } else {
            top_down_phase(t, p, queue);
        }
    }

    report.layout = GG_LAYOUT_CSR;
    report.iterations = p.steps;
    report.edges_visited = t.edges_visited;
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms() - preprocess_ms;
}

}  // namespace gg::cpu
