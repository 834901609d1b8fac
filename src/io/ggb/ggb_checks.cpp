// What a .ggb's arrays must satisfy before gg trusts them (ggb_format.h):
// offsets that rise, ids below n in sorted lists, finite weights and, for an
// undirected graph, symmetry.
//
// The edge checks are one pass over the edges in chunks, every test a
// branch-free reduction (the largest id, the count of drops, finiteness,
// the weight facts, the keyed symmetry sum), so that a 4-billion-edge load
// spends one read of its arrays on them rather than one per test: three
// passes of scalar loops took 3.8 s of a 5.9 s load of kron 27 on 16
// threads. Only when a reduction shows a fault does a slower pass walk the
// lists in order to name the first one.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include <omp.h>

#include "core/error.h"
#include "io/ggb/ggb_format.h"

namespace gg::io {
namespace {

// Edges per chunk of the pass: the chunk's ids and weights (512 KiB) stay in
// a core's L2 across the reductions that read them.
constexpr uint64_t kChunkEdges = uint64_t(1) << 16;

// A 64-bit hash of edge (u, v, w) under the load's keys: the SplitMix64
// finaliser, a bijection, of a keyed mix of the three fields. -0 and +0 hash
// alike, as the exact pass compares them equal.
uint64_t edge_hash(uint32_t u, uint32_t v, float w, const SymmetryKey &key) {
    uint32_t bits;
    std::memcpy(&bits, &w, sizeof bits);
    bits &= uint32_t(0) - uint32_t((bits << 1) != 0);  // -0 as +0, without a float compare
    uint64_t z = (((uint64_t(u) << 32) | v) ^ key.word[0]) + uint64_t(bits) * key.word[1];
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Edge u -> v's term of the symmetry sum: one hash of the pair in (low, high)
// order, added for u < v, subtracted for u > v, nothing for a self-loop (its
// own reverse). Half the hashing of summing hash(u, v) - hash(v, u).
uint64_t symmetry_term(uint32_t u, uint32_t v, float w, const SymmetryKey &key) {
    const uint64_t h = edge_hash(std::min(u, v), std::max(u, v), w, key);
    const uint64_t flip = uint64_t(0) - uint64_t(u > v), keep = uint64_t(0) - uint64_t(u != v);
    return ((h ^ flip) - flip) & keep;
}

// The symmetry terms of count edges, sources[i] -> ids[i] of weight
// weights[i] (1 without weights). Cloned for the wider vector units where
// GCC can: their 64-bit multiplies are instructions, not SSE2's sequences.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
uint64_t symmetry_sum(const uint32_t *sources, const uint32_t *ids, const float *weights, uint64_t count,
                      SymmetryKey key) {
    uint64_t sum = 0;
    if (weights != nullptr)
        for (uint64_t i = 0; i < count; ++i) sum += symmetry_term(sources[i], ids[i], weights[i], key);
    else
        for (uint64_t i = 0; i < count; ++i) sum += symmetry_term(sources[i], ids[i], 1.0f, key);
    return sum;
}

// The slow walk behind a failed reduction: the first vertex whose list
// holds an id out of range or out of order, else the first weight that is
// not finite. Throws.
[[noreturn]] void report_edge_fault(const std::string &path, const GgbHeader &header, const GgbRun &run) {
    const uint64_t *offsets = run.offsets;
    const uint64_t base = offsets[0];
    const uint32_t *ids = run.indices;
    uint64_t first_bad = UINT64_MAX;
#pragma omp parallel for schedule(dynamic, 4096) reduction(min : first_bad)
    for (int64_t v = 0; v < int64_t(run.vertices); ++v) {
        for (uint64_t e = offsets[v] - base; e < offsets[v + 1] - base; ++e) {
            if (ids[e] >= header.n || (e > offsets[v] - base && ids[e] < ids[e - 1])) {
                first_bad = std::min(first_bad, uint64_t(v));
                break;
            }
        }
    }
    if (first_bad != UINT64_MAX)
        ggb_corrupt(path, format("the neighbours of vertex %llu are out of range or unsorted",
                                 (unsigned long long)(run.first + first_bad)));
    const uint64_t edges = offsets[run.vertices] - base;
    if (run.weights != nullptr) {
#pragma omp parallel for schedule(static) reduction(min : first_bad)
        for (int64_t e = 0; e < int64_t(edges); ++e)
            if (!std::isfinite(run.weights[e])) first_bad = std::min(first_bad, uint64_t(e));
        if (first_bad != UINT64_MAX)
            ggb_corrupt(path, format("the weight of edge %llu is not finite", (unsigned long long)(base + first_bad)));
    }
    fail(GG_ERROR_INTERNAL, "%s: the edge checks failed but no edge is at fault", path.c_str());
}

}  // namespace

SymmetryKey SymmetryKey::draw() {
    std::random_device entropy;
    SymmetryKey key;
    for (uint64_t &word : key.word) word = (uint64_t(entropy()) << 32) ^ entropy();
    key.word[1] |= 1;
    return key;
}

void check_ggb_offsets(const std::string &path, const GgbHeader &header, const GgbRun &run) {
    const uint64_t *offsets = run.offsets;
    if (run.first == 0 && offsets[0] != 0)
        ggb_corrupt(path, format("offsets[0] is %llu, not 0", (unsigned long long)offsets[0]));
    uint64_t first_drop = UINT64_MAX;
#pragma omp parallel for schedule(static) reduction(min : first_drop)
    for (int64_t i = 0; i < int64_t(run.vertices); ++i)
        if (offsets[i + 1] < offsets[i] && uint64_t(i) < first_drop) first_drop = uint64_t(i);
    if (first_drop != UINT64_MAX)
        ggb_corrupt(path, format("offsets decrease at vertex %llu", (unsigned long long)(run.first + first_drop)));
    const uint64_t end = offsets[run.vertices], last = uint64_t(run.first) + run.vertices;
    if (last == header.n && end != header.m)
        ggb_corrupt(path, format("offsets end at %llu, but the header says %llu edges", (unsigned long long)end,
                                 (unsigned long long)header.m));
    // Only a run that stops short of n can pass m without ending off m.
    if (end > header.m)
        ggb_corrupt(path, format("offsets reach %llu at vertex %llu, past the header's %llu edges",
                                 (unsigned long long)end, (unsigned long long)last, (unsigned long long)header.m));
}

GgbEdgeFacts check_ggb_edges(const std::string &path, const GgbHeader &header, const GgbRun &run,
                             const SymmetryKey *key) {
    const uint64_t *offsets = run.offsets;
    const uint64_t base = offsets[0], edges = offsets[run.vertices] - base;
    const uint32_t *ids = run.indices;
    const float *weights = run.weights;
    const int64_t chunks = int64_t((edges + kChunkEdges - 1) / kChunkEdges);
    GgbEdgeFacts facts;
    uint32_t top = 0;        // the largest id
    uint64_t drops = 0;      // places where an id is below the one before it, within a list
    int finite = 1;          // every weight finite
    uint64_t asymmetry = 0;  // the symmetry sum
#pragma omp parallel reduction(max : top) reduction(+ : drops, asymmetry) reduction(&& : finite)
    {
        WeightFacts mine;
        std::vector<uint32_t> sources(key != nullptr ? kChunkEdges : 0);  // each edge's source, for the sum
#pragma omp for schedule(dynamic, 16)
        for (int64_t chunk = 0; chunk < chunks; ++chunk) {
            const uint64_t a = uint64_t(chunk) * kChunkEdges, b = std::min(edges, a + kChunkEdges);
            const uint64_t from = std::max<uint64_t>(a, 1);
            for (uint64_t e = a; e < b; ++e) top = std::max(top, ids[e]);
            // Drops counted across list boundaries too, then taken back
            // where a list starts (below): no branch per edge.
            for (uint64_t e = from; e < b; ++e) drops += ids[e] < ids[e - 1];
            if (weights != nullptr) {
                int all_finite = 1;
                for (uint64_t e = a; e < b; ++e) {
                    uint32_t bits;
                    std::memcpy(&bits, weights + e, sizeof bits);
                    all_finite &= (bits & 0x7f800000u) != 0x7f800000u;
                }
                finite = finite && all_finite;
                mine.add(weights + a, base + a, b - a);
            }
            // The lists overlapping the chunk, from the one holding edge a.
            uint32_t u = uint32_t(std::upper_bound(offsets, offsets + run.vertices + 1, base + a) - offsets) - 1;
            for (; u < run.vertices && offsets[u] - base < b; ++u) {
                const uint64_t start = offsets[u] - base, end = offsets[u + 1] - base;
                if (start == end) continue;
                if (start >= from) drops -= ids[start] < ids[start - 1];
                if (key != nullptr)
                    std::fill(sources.begin() + (std::max(start, a) - a), sources.begin() + (std::min(end, b) - a),
                              run.first + u);
            }
            // The sum over the chunk as one flat loop: lists are short
            // (32 edges on average on kron), too short to vectorise alone.
            if (key != nullptr) asymmetry += symmetry_sum(sources.data(), ids + a, weights ? weights + a : nullptr, b - a, *key);
        }
#pragma omp critical(gg_ggb_edge_facts)
        facts.weights.merge(mine);
    }
    if ((edges > 0 && top >= header.n) || drops != 0 || !finite) report_edge_fault(path, header, run);
    facts.asymmetry = asymmetry;
    return facts;
}

// Visiting sources in order, edge u -> v must match the next unmatched entry
// of v's sorted list. The threads split the targets v into ranges, as
// transpose() does, and follow only the edges into their range
// (visit_edges_into), so every cursor sees its edges in the sequential
// order. The first failing edge in that order, the smallest (u, v), is
// reported, the same on any thread count. It makes three random accesses per
// edge: 2.9 s for kron scale 22 (128M edges) on the 2-core VM, which is why
// it runs only behind a nonzero sum.
void check_ggb_symmetric_exactly(const std::string &path, const Csr &csr) {
    std::vector<uint64_t> next(csr.offsets.begin(), csr.offsets.end() - 1);
    uint64_t first_bad = UINT64_MAX;  // (u << 32) | v
#pragma omp parallel reduction(min : first_bad)
    {
        const int threads = omp_get_num_threads(), me = omp_get_thread_num();
        const uint32_t lo = uint32_t(uint64_t(csr.n) * me / threads), hi = uint32_t(uint64_t(csr.n) * (me + 1) / threads);
        visit_edges_into(csr, lo, hi, [&](uint32_t u, uint64_t e) {
            const uint32_t v = csr.indices[e];
            uint64_t &at = next[v];
            if (at == csr.offsets[v + 1] || csr.indices[at] != u || csr.weights[at] != csr.weights[e]) {
                first_bad = (uint64_t(u) << 32) | v;
                return false;
            }
            ++at;
            return true;
        });
    }
    if (first_bad != UINT64_MAX) {
        const uint32_t u = uint32_t(first_bad >> 32), v = uint32_t(first_bad);
        ggb_corrupt(path, format("flagged undirected, but edge %u -> %u has no matching %u -> %u", u, v, v, u));
    }
}

}  // namespace gg::io
