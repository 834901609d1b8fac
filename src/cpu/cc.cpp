/*
 * Weakly connected components by Afforest (Sutton, Ben-Nun, Barak,
 * "Optimizing Parallel Graph Connectivity Computation via Subgraph Sampling",
 * IPDPS'18; as in the GAP Benchmark Suite, arXiv:1508.03619).
 *
 * 1. Subgraph sampling: link every vertex with its first kSamplingRounds
 *    out-neighbours, compressing after each round. On most graphs this already
 *    joins the giant component.
 * 2. Find the most frequent label among kSamples random vertices: the
 *    (probable) giant component.
 * 3. Every vertex outside it links with the rest of its out-neighbours, and,
 *    for a directed graph, with all its in-neighbours (g.in()): an edge u -> v
 *    from the giant component to an outsider v is then seen from v's side,
 *    which is why the giant component's own vertices may skip their edges.
 * 4. Compress every vertex to its root.
 *
 * Encoding: comp[] is a forest written into the caller's labels array. link()
 * only ever hooks the larger of two roots under the smaller one and
 * compression only replaces a parent by an ancestor, so comp[v] <= v always
 * and every root is the smallest id of its tree: after step 4 each label is
 * the smallest vertex id of the component, with no renumbering pass.
 */
#include <cstdint>
#include <unordered_map>

#include "core/timer.h"
#include "cpu/primitives/atomics.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"

namespace gg::cpu {
namespace {

constexpr uint32_t kSamplingRounds = 2;
constexpr uint32_t kSamples = 1024;

// Joins the trees of u and v (a lock-free union: hook the larger root under
// the smaller with a CAS that fails if that root gained a parent meanwhile).
void link(uint32_t u, uint32_t v, uint32_t *comp) {
    uint32_t a = load_relaxed(&comp[u]);
    uint32_t b = load_relaxed(&comp[v]);
    while (a != b) {
        const uint32_t high = a > b ? a : b;
        const uint32_t low = a + b - high;
        const uint32_t parent_of_high = load_relaxed(&comp[high]);
        if (parent_of_high == low) return;  // already joined
        if (parent_of_high == high && compare_and_swap(&comp[high], high, low)) return;
        a = load_relaxed(&comp[load_relaxed(&comp[high])]);
        b = load_relaxed(&comp[low]);
    }
}

void compress(uint32_t *comp, uint32_t n, int threads) {
#pragma omp parallel for num_threads(threads) if (worth_parallel(n)) schedule(dynamic, 16384)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        uint32_t root = load_relaxed(&comp[v]);
        while (root != load_relaxed(&comp[root])) root = load_relaxed(&comp[root]);
        store_relaxed(&comp[v], root);
    }
}

// splitmix64: a fixed-seed generator so that runs are repeatable.
uint64_t next_random(uint64_t &state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint32_t most_frequent_label(const uint32_t *comp, uint32_t n) {
    std::unordered_map<uint32_t, uint32_t> counts;
    uint64_t state = 0x5eed;
    uint32_t best = comp[0], best_count = 0;
    for (uint32_t i = 0; i < kSamples; ++i) {
        const uint32_t label = comp[next_random(state) % n];
        const uint32_t c = ++counts[label];
        if (c > best_count) {
            best = label;
            best_count = c;
        }
    }
    return best;
}

}  // namespace

void cc(const Graph &g, uint32_t *labels, const RunConfig &config, RunReport &report) {
    Stopwatch clock;
    double preprocess_ms = 0;
    const uint32_t n = g.n();
    const int threads = config.num_threads;
    const Csr &out = g.out;
    uint32_t *comp = labels;
    uint64_t edges = 0;
    report.layout = GG_LAYOUT_CSR;
    if (n == 0) {
        report.compute_ms = clock.elapsed_ms();
        return;
    }
    const Csr *in = nullptr;
    if (!g.undirected) {
        Stopwatch transpose_clock;
        in = &g.in();
        preprocess_ms = transpose_clock.elapsed_ms();
    }

#pragma omp parallel for num_threads(threads) if (worth_parallel(n)) schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) comp[v] = uint32_t(v);

    for (uint32_t round = 0; round < kSamplingRounds; ++round) {
#pragma omp parallel for num_threads(threads) if (worth_parallel(n)) schedule(dynamic, 16384) reduction(+ : edges)
        for (int64_t u = 0; u < int64_t(n); ++u) {
            const uint64_t e = out.offsets[u] + round;
            if (e < out.offsets[u + 1]) {
                link(uint32_t(u), out.indices[e], comp);
                ++edges;
            }
        }
        compress(comp, n, threads);
    }

    const uint32_t giant = most_frequent_label(comp, n);

#pragma omp parallel for num_threads(threads) if (worth_parallel(uint64_t(n) + g.m())) schedule(dynamic, 2048) \
    reduction(+ : edges)
    for (int64_t u = 0; u < int64_t(n); ++u) {
        if (load_relaxed(&comp[u]) == giant) continue;
        const uint64_t end = out.offsets[u + 1];
        for (uint64_t e = out.offsets[u] + kSamplingRounds; e < end; ++e) link(uint32_t(u), out.indices[e], comp);
        if (end > out.offsets[u] + kSamplingRounds) edges += end - out.offsets[u] - kSamplingRounds;
        if (in != nullptr) {
            for (uint64_t e = in->offsets[u]; e < in->offsets[u + 1]; ++e) link(uint32_t(u), in->indices[e], comp);
            edges += in->offsets[u + 1] - in->offsets[u];
        }
    }
    compress(comp, n, threads);

    report.iterations = kSamplingRounds + 1;
    report.edges_visited = edges;
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms() - preprocess_ms;
}

}  // namespace gg::cpu
