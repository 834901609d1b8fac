// COO -> CSR. Steps: validate, (mirror for undirected), count degrees, scatter,
// sort each neighbour list by (destination, weight), merge duplicates by
// policy, compact. The sort key includes the weight so that merging by sum is
// deterministic whatever order the parallel scatter left the copies in.
#include "graph/builder.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <numeric>

#include "core/error.h"
#include "core/huge_pages.h"
#include "core/memory.h"
#include "core/parallel_scan.h"
#include "core/trace.h"

namespace gg {
namespace {

// Peak bytes of a build: per vertex the degree counters, two offset arrays
// and the kept counts; per stored edge one Entry plus the final CSR entry.
constexpr uint64_t kBuildBytesPerVertex = 8 + 8 + 8 + 8;
constexpr uint64_t kBuildBytesPerEdge = 16 + 8;

struct Entry {
    uint32_t dst;
    float weight;
    uint64_t order;  // input position, for GG_DUPLICATES_KEEP_FIRST
};

void check_inputs(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, const float *weights,
                  const BuildOptions &options) {
    if (m > 0 && (src == nullptr || dst == nullptr))
        fail(GG_ERROR_INVALID_ARGUMENT, "src and dst must not be NULL when there are %llu edges",
             (unsigned long long)m);
    const uint64_t stored_max = options.undirected ? m * 2 : m;
    if (stored_max > options.max_edges)
        fail(GG_ERROR_TOO_LARGE, "%llu edges (%llu stored) exceed the limit of %llu edges", (unsigned long long)m,
             (unsigned long long)stored_max, (unsigned long long)options.max_edges);
    // n may come from a file header: refuse a build that cannot fit in this
    // machine's memory before allocating anything sized by it.
    const uint64_t bytes = uint64_t(n) * kBuildBytesPerVertex + stored_max * kBuildBytesPerEdge;
    check_host_memory(bytes, format("a graph of %u vertices and %llu edges", n, (unsigned long long)stored_max));
    // Find the first offending edge in input order, so that the message is deterministic.
    uint64_t first_bad = UINT64_MAX;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
    for (int64_t e = 0; e < int64_t(m); ++e) {
        bool bad = src[e] >= n || dst[e] >= n || (weights && !std::isfinite(weights[e]));
        if (bad && uint64_t(e) < first_bad) first_bad = uint64_t(e);
    }
    if (first_bad == UINT64_MAX) return;
    uint64_t e = first_bad;
    if (src[e] >= n || dst[e] >= n)
        fail(GG_ERROR_INVALID_ARGUMENT, "edge %llu (%u -> %u): vertex id out of range for %u vertices",
             (unsigned long long)e, src[e], dst[e], n);
    fail(GG_ERROR_INVALID_ARGUMENT, "edge %llu (%u -> %u): weight %g is not finite", (unsigned long long)e,
         src[e], dst[e], double(weights[e]));
}

bool entry_less(const Entry &a, const Entry &b) {
    if (a.dst != b.dst) return a.dst < b.dst;
    if (a.weight != b.weight) return a.weight < b.weight;
    return a.order < b.order;
}

float merge_weight(gg_duplicate_policy policy, float kept, const Entry &next) {
    switch (policy) {
    case GG_DUPLICATES_KEEP_MIN: return std::min(kept, next.weight);
    case GG_DUPLICATES_KEEP_MAX: return std::max(kept, next.weight);
    case GG_DUPLICATES_SUM: return kept + next.weight;
    default: return kept;  // KEEP_FIRST: handled by the caller choosing the smallest order
    }
}

}  // namespace

namespace {

// The build proper. `release_input` is called once the input arrays have been
// scattered, so that an owned edge list is freed before the CSR is allocated.
Graph build(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, const float *weights,
            const BuildOptions &options, const std::function<void()> &release_input) {
    if (options.duplicates < GG_DUPLICATES_KEEP_MIN || options.duplicates > GG_DUPLICATES_KEEP_ALL)
        fail(GG_ERROR_INVALID_ARGUMENT, "unknown duplicate policy %d", int(options.duplicates));
    check_inputs(n, m, src, dst, weights, options);

    BuildTrace trace(format("building %u vertices, %llu edges", n, (unsigned long long)m));
    // Degrees (with mirrored copies for undirected graphs, skipping dropped loops).
    std::vector<std::atomic<uint64_t>> degree(n);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) degree[v].store(0, std::memory_order_relaxed);
#pragma omp parallel for schedule(static)
    for (int64_t e = 0; e < int64_t(m); ++e) {
        uint32_t u = src[e], v = dst[e];
        if (u == v && options.drop_self_loops) continue;
        degree[u].fetch_add(1, std::memory_order_relaxed);
        if (options.undirected && u != v) degree[v].fetch_add(1, std::memory_order_relaxed);
    }
    trace.phase("degrees");
    std::vector<uint64_t> offsets(uint64_t(n) + 1, 0);
    fill_offsets(n, [&](uint64_t v) { return degree[v].load(std::memory_order_relaxed); }, offsets.data());
    const uint64_t total = offsets[n];

    HugeArray<Entry> entries(total);  // written at random: huge pages, no zeroing pass
    {
        std::vector<std::atomic<uint64_t>> &cursor = degree;  // reuse: cursor[v] starts at offsets[v]
#pragma omp parallel for schedule(static)
        for (int64_t v = 0; v < int64_t(n); ++v) cursor[v].store(offsets[v], std::memory_order_relaxed);
#pragma omp parallel for schedule(static)
        for (int64_t e = 0; e < int64_t(m); ++e) {
            uint32_t u = src[e], v = dst[e];
            if (u == v && options.drop_self_loops) continue;
            float w = weights ? weights[e] : 1.0f;
            entries[cursor[u].fetch_add(1, std::memory_order_relaxed)] = Entry{v, w, uint64_t(e) * 2};
            if (options.undirected && u != v)
                entries[cursor[v].fetch_add(1, std::memory_order_relaxed)] = Entry{u, w, uint64_t(e) * 2 + 1};
        }
    }

    trace.phase("placement");
    const bool weighted = weights != nullptr;
    if (release_input) release_input();
    src = dst = nullptr;
    weights = nullptr;

    // Sort each list and merge duplicates in place; new_degree[v] is the kept count.
    std::vector<uint64_t> kept(n, 0);
    const bool merge = options.duplicates != GG_DUPLICATES_KEEP_ALL;
    const bool keep_first = options.duplicates == GG_DUPLICATES_KEEP_FIRST;
    std::atomic<uint32_t> overflow_vertex{UINT32_MAX};
#pragma omp parallel for schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        Entry *begin = entries.data() + offsets[v], *end = entries.data() + offsets[v + 1];
        if (keep_first)
            std::sort(begin, end, [](const Entry &a, const Entry &b) {
                return a.dst != b.dst ? a.dst < b.dst : a.order < b.order;
            });
        else
            std::sort(begin, end, entry_less);
        if (!merge) {
            kept[v] = uint64_t(end - begin);
            continue;
        }
        Entry *out = begin;
        for (Entry *it = begin; it != end; ++it) {
            if (out != begin && (out - 1)->dst == it->dst) {
                (out - 1)->weight = merge_weight(options.duplicates, (out - 1)->weight, *it);
                if (!std::isfinite((out - 1)->weight)) overflow_vertex.store(uint32_t(v), std::memory_order_relaxed);
            } else {
                *out++ = *it;
            }
        }
        kept[v] = uint64_t(out - begin);
    }
    trace.phase("lists sorted, duplicates merged");
    if (overflow_vertex.load() != UINT32_MAX)
        fail(GG_ERROR_INVALID_ARGUMENT, "summing duplicate weights of an edge leaving vertex %u overflows a float",
             overflow_vertex.load());

    Graph g;
    g.undirected = options.undirected;
    g.weighted = weighted;
    Csr &csr = g.out;
    csr.n = n;
    csr.offsets.assign(uint64_t(n) + 1, 0);
    fill_offsets(n, [&](uint64_t v) { return uint64_t(kept[v]); }, csr.offsets.data());
    const uint64_t final_m = csr.offsets[n];
    resize_huge(csr.indices, final_m);
    resize_huge(csr.weights, final_m);
#pragma omp parallel for schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        const Entry *from = entries.data() + offsets[v];
        uint64_t to = csr.offsets[v];
        for (uint64_t i = 0; i < kept[v]; ++i) {
            csr.indices[to + i] = from[i].dst;
            csr.weights[to + i] = from[i].weight;
        }
    }
    compute_weight_facts(g);
    return g;
}

}  // namespace

Graph build_graph(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, const float *weights,
                  const BuildOptions &options) {
    return build(n, m, src, dst, weights, options, nullptr);
}

Graph build_graph(EdgeList &&edges, const BuildOptions &options) {
    if (edges.weighted() && edges.weights.size() != edges.src.size())
        fail(GG_ERROR_INTERNAL, "edge list has %zu weights for %zu edges", edges.weights.size(), edges.src.size());
    EdgeList local = std::move(edges);
    return build(local.n, local.size(), local.src.data(), local.dst.data(),
                 local.weighted() ? local.weights.data() : nullptr, options, [&local] {
                     std::vector<uint32_t>().swap(local.src);
                     std::vector<uint32_t>().swap(local.dst);
                     std::vector<float>().swap(local.weights);
                 });
}

Graph build_graph_from_csr(uint32_t n, const uint64_t *offsets, const uint32_t *indices, const float *weights,
                           const BuildOptions &options) {
    if (offsets == nullptr) fail(GG_ERROR_INVALID_ARGUMENT, "offsets must not be NULL");
    if (offsets[0] != 0) fail(GG_ERROR_INVALID_ARGUMENT, "offsets[0] is %llu, expected 0", (unsigned long long)offsets[0]);
    for (uint32_t v = 0; v < n; ++v)
        if (offsets[v + 1] < offsets[v])
            fail(GG_ERROR_INVALID_ARGUMENT, "offsets decrease at vertex %u (%llu > %llu)", v,
                 (unsigned long long)offsets[v], (unsigned long long)offsets[v + 1]);
    const uint64_t m = offsets[n];
    if (m > options.max_edges)
        fail(GG_ERROR_TOO_LARGE, "%llu edges exceed the limit of %llu edges", (unsigned long long)m,
             (unsigned long long)options.max_edges);
    check_host_memory(uint64_t(n) * kBuildBytesPerVertex + m * (kBuildBytesPerEdge + 4),
                      format("a graph of %u vertices and %llu edges", n, (unsigned long long)m));
    if (m > 0 && indices == nullptr) fail(GG_ERROR_INVALID_ARGUMENT, "indices must not be NULL");
    std::vector<uint32_t> src(m);
#pragma omp parallel for schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(n); ++v)
        for (uint64_t e = offsets[v]; e < offsets[v + 1]; ++e) src[e] = uint32_t(v);
    return build_graph(n, m, src.data(), indices, weights, options);
}

}  // namespace gg
