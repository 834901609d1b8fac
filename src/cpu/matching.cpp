/*
 * Maximum bipartite matching by Hopcroft and Karp ("An n^{5/2} algorithm for
 * maximum matchings in bipartite graphs", SIAM J. Comput. 2(4), 1973).
 * Medusa (paper 002, §5.1) evaluates a bipartite matching as one of its
 * workloads (a maximal one, by a randomized algorithm); gg's built-in is
 * maximum, which no single pass of a vertex program gives.
 *
 * Left vertices are 0 .. num_left - 1, the rest are right vertices; an edge is
 * read in either direction, so a left vertex's neighbours are its out-edges
 * and, in a directed graph, its in-edges (g.in()). The C boundary checked that
 * every edge joins the two sides.
 *
 * 1. Greedy start: each left vertex, in id order, takes its first free
 *    neighbour. Usually most of the matching, for one pass over the edges.
 * 2. Phases, each:
 *    a. Level-synchronous BFS from every free left vertex along alternating
 *       paths (left -> any neighbour r -> mate[r]): level[] of the left
 *       vertices, stopping after the first level that has an edge to a free
 *       right vertex. One level's vertices are expanded in parallel; a left
 *       vertex is claimed for the next level by a compare-and-swap of its
 *       level, so the levels, and hence the phase, are the same for any
 *       thread count.
 *    b. From each free left vertex in turn, an iterative DFS down the levels
 *       (level + 1 at each step) to a free right vertex at the last level;
 *       the path found is flipped at once. A left vertex all of whose edges
 *       failed is marked dead for the rest of the phase, and each keeps a
 *       cursor into its edges, so a phase costs O(m).
 *    The phase that finds no free right vertex ends the run: no augmenting
 *    path is left, so the matching is maximum (Berge).
 *
 * Encoding: mates[] is the caller's array, for both sides; kNone
 * (UINT32_MAX) is "unmatched" there and "unreached" in level[].
 */
#include <cstdint>
#include <vector>

#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/primitives/atomics.h"
#include "cpu/primitives/frontier_queue.h"
#include "cpu/primitives/parallel.h"

namespace gg::cpu {
namespace {

constexpr uint32_t kNone = UINT32_MAX;

// The neighbours of a vertex in both directions: its out-list, then (in a
// directed graph) its in-list, as one sequence indexed 0 .. degree - 1.
class BothWays {
public:
    BothWays(const Csr &out, const Csr *in) : out_(out), in_(in) {}

    uint64_t degree(uint32_t v) const {
        return out_.offsets[v + 1] - out_.offsets[v] + (in_ ? in_->offsets[v + 1] - in_->offsets[v] : 0);
    }
    uint32_t at(uint32_t v, uint64_t i) const {
        const uint64_t out_degree = out_.offsets[v + 1] - out_.offsets[v];
        return i < out_degree ? out_.indices[out_.offsets[v] + i] : in_->indices[in_->offsets[v] + i - out_degree];
    }
    template <class Visit>
    void for_each(uint32_t v, Visit &&visit) const {
        for (uint64_t e = out_.offsets[v]; e < out_.offsets[v + 1]; ++e) visit(out_.indices[e]);
        if (in_)
            for (uint64_t e = in_->offsets[v]; e < in_->offsets[v + 1]; ++e) visit(in_->indices[e]);
    }

private:
    const Csr &out_;
    const Csr *in_;
};

class HopcroftKarp {
public:
    HopcroftKarp(const BothWays &adjacency, uint32_t num_left, uint32_t *mates, int threads)
        : adj_(adjacency), num_left_(num_left), mates_(mates), threads_(threads), level_(num_left),
          cursor_(num_left), queue_(num_left) {}

    uint64_t greedy() {
        uint64_t size = 0;
        for (uint32_t u = 0; u < num_left_; ++u) {
            const uint64_t degree = adj_.degree(u);
            for (uint64_t i = 0; i < degree; ++i) {
                const uint32_t r = adj_.at(u, i);
                ++edges_;
                if (mates_[r] == kNone) {
                    mates_[r] = u;
                    mates_[u] = r;
                    ++size;
                    break;
                }
            }
        }
        return size;
    }

    // Builds the levels; false when no free right vertex can be reached
    // (then the matching is maximum).
    bool layer() {
        queue_.reset();
        for (uint32_t u = 0; u < num_left_; ++u) {
            level_[u] = mates_[u] == kNone ? 0 : kNone;
            if (level_[u] == 0) queue_.push_single(u);
        }
        queue_.slide();
        uint64_t edges = 0;
        for (uint32_t depth = 0; !queue_.window_empty(); ++depth) {
            const uint32_t *frontier = queue_.window_begin();
            const int64_t count = int64_t(queue_.window_size());
            int reached_free = 0;
#pragma omp parallel num_threads(threads_) if (worth_parallel(uint64_t(count) * 4))
            {
                FrontierQueue::Buffer next(queue_);
                int found = 0;
#pragma omp for schedule(dynamic, 64) reduction(+ : edges) nowait
                for (int64_t i = 0; i < count; ++i) {
                    const uint32_t u = frontier[i];
                    edges += adj_.degree(u);
                    adj_.for_each(u, [&](uint32_t r) {
                        const uint32_t m = mates_[r];
                        if (m == kNone)
                            found = 1;
                        else if (load_relaxed(&level_[m]) == kNone && compare_and_swap(&level_[m], kNone, depth + 1))
                            next.push(m);
                    });
                }
                if (found) store_relaxed(&reached_free, 1);
            }
            queue_.slide();
            if (reached_free) {
                last_level_ = depth;
                edges_ += edges;
                return true;
            }
        }
        edges_ += edges;
        return false;
    }

    // Flips a maximal set of vertex-disjoint shortest augmenting paths;
    // returns how many.
    uint64_t augment() {
        for (uint32_t u = 0; u < num_left_; ++u) cursor_[u] = 0;
        uint64_t flipped = 0;
        std::vector<uint32_t> path;  // left vertices from the root down
        std::vector<uint32_t> via;   // via[i]: the right vertex between path[i] and path[i + 1]
        for (uint32_t root = 0; root < num_left_; ++root) {
            if (mates_[root] != kNone || level_[root] != 0) continue;
            path.assign(1, root);
            via.clear();
            while (!path.empty()) {
                const uint32_t l = path.back();
                const uint64_t degree = adj_.degree(l);
                uint32_t step = kNone;  // the right vertex to go through, when one was found
                bool free_end = false;
                for (; cursor_[l] < degree; ++cursor_[l]) {
                    const uint32_t r = adj_.at(l, cursor_[l]);
                    ++edges_;
                    const uint32_t m = mates_[r];
                    if (m == kNone) {
                        // Only the last level reaches free right vertices:
                        // an earlier one would have ended the BFS there.
                        step = r;
                        free_end = true;
                        break;
                    }
                    if (level_[l] < last_level_ && level_[m] == level_[l] + 1) {
                        step = r;
                        break;
                    }
                }
                if (free_end) {
                    flip(path, via, step);
                    ++flipped;
                    break;
                }
                if (step != kNone) {
                    via.push_back(step);
                    path.push_back(mates_[step]);
                    continue;
                }
                level_[l] = kNone;  // dead for the rest of the phase
                path.pop_back();
                if (!path.empty()) {
                    via.pop_back();
                    ++cursor_[path.back()];
                }
            }
        }
        return flipped;
    }

    uint64_t edges_visited() const { return edges_; }

private:
    // path[0] (free) - via[0] - path[1] - ... - path[k] - end (free):
    // every path[i] takes the right vertex after it.
    void flip(const std::vector<uint32_t> &path, const std::vector<uint32_t> &via, uint32_t end) {
        for (size_t i = path.size(); i-- > 0;) {
            const uint32_t r = i + 1 == path.size() ? end : via[i];
            mates_[path[i]] = r;
            mates_[r] = path[i];
        }
    }

    const BothWays &adj_;
    const uint32_t num_left_;
    uint32_t *mates_;
    const int threads_;
    std::vector<uint32_t> level_;
    std::vector<uint64_t> cursor_;
    FrontierQueue queue_;
    uint32_t last_level_ = 0;
    uint64_t edges_ = 0;
};

}  // namespace

void matching(const Graph &g, uint32_t num_left, uint32_t *mates, uint64_t *size, const RunConfig &config,
              RunReport &report) {
    Stopwatch clock;
    double preprocess_ms = 0;
    const uint32_t n = g.n();
    report.layout = GG_LAYOUT_CSR;
#pragma omp parallel for num_threads(config.num_threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) mates[v] = kNone;

    const Csr *in = nullptr;
    if (!g.undirected && num_left > 0 && num_left < n) {
        Stopwatch transpose_clock;
        in = &g.in();
        preprocess_ms = transpose_clock.elapsed_ms();
    }
    const BothWays adjacency(g.out, in);
    HopcroftKarp search(adjacency, num_left, mates, config.num_threads);
    uint64_t matched = search.greedy();
    uint32_t phases = 0;
    for (;;) {
        ++phases;
        if (!search.layer()) break;
        matched += search.augment();
    }
    *size = matched;
    report.iterations = phases;
    report.edges_visited = search.edges_visited();
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms() - preprocess_ms;
}

}  // namespace gg::cpu
