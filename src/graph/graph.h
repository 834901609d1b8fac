// The host graph every backend reads: CSR out-edges with sorted neighbour
// lists and a lazily built CSC (in-edges). What backends derive from it
// (device copies, layouts) lives in the layout cache (src/layout/
// layout_cache.h) under the graph's uid, and is released when the graph is
// destroyed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "core/default_init_allocator.h"

namespace gg {

struct Csr {
    uint32_t n = 0;
    std::vector<uint64_t> offsets;  // n + 1 entries
    // resize() leaves new entries uninitialised: write them all, or use
    // resize_huge (core/huge_pages.h), which zeroes them on every thread.
    UninitVector<uint32_t> indices;  // m neighbour ids, sorted within each vertex
    UninitVector<float> weights;     // m weights; 1.0f everywhere when the input had none

    uint64_t num_edges() const { return indices.size(); }
    uint32_t degree(uint32_t v) const { return static_cast<uint32_t>(offsets[v + 1] - offsets[v]); }
};

struct Graph {
    Csr out;
    bool undirected = false;
    bool weighted = false;
    // Facts computed once at build time so that runs need not rescan the edges.
    bool has_negative_weight = false;
    uint64_t first_negative_edge = 0;  // edge index in out, valid when has_negative_weight
    float min_weight = 1.0f;
    float max_weight = 1.0f;
    bool integer_weights = true;  // every weight is an integer below 2^24

    uint32_t n() const { return out.n; }
    uint64_t m() const { return out.num_edges(); }

    // In-edges (CSC). Built on first use, thread-safe; an undirected graph returns out.
    const Csr &in() const;
    bool in_is_built() const;

    // Source vertex of edge e of out (binary search over offsets).
    uint32_t source_of(uint64_t e) const;

    // Unique over the process's life (never reused), so that caches keyed
    // by it never mistake a new graph for a destroyed one.
    uint64_t uid() const { return lazy_->uid; }

private:
    // Held by pointer so that Graph stays movable; its destructor releases
    // the graph's cached layouts.
    struct Lazy {
        Lazy();
        ~Lazy();
        Lazy(const Lazy &) = delete;
        Lazy &operator=(const Lazy &) = delete;
        const uint64_t uid;
        std::once_flag in_once;
        std::unique_ptr<Csr> in;
    };
    std::unique_ptr<Lazy> lazy_ = std::make_unique<Lazy>();
};

// Caches of what is derived from a graph (the layout cache, the contexts'
// engine-state pools) register here to drop what they hold for a graph when
// it is destroyed; the graph knows nothing else of them.
using GraphReleaseListener = void (*)(uint64_t uid, void *listener);
void add_graph_release_listener(GraphReleaseListener callback, void *listener);
void remove_graph_release_listener(void *listener);

// The weight facts of Graph, gathered over pieces of the weights in any
// order (add each piece, merge the gatherers), then stored. Its loop has no
// branches, so that a load's one pass over the edges can afford it.
class WeightFacts {
public:
    // Weights w[0, count), the edges first_edge onwards.
    void add(const float *w, uint64_t first_edge, uint64_t count);
    void merge(const WeightFacts &other);
    // Into g (an empty graph's facts: no negative weight, min = max = 1).
    void store(Graph &g) const;

private:
    float lo_ = 0, hi_ = 0;  // meaningful once any_
    bool any_ = false;
    bool integer_ = true;
    uint64_t first_negative_ = UINT64_MAX;
};

// Computes the weight facts of Graph (negative, min, max, integer) from g.out.
void compute_weight_facts(Graph &g);

// Transposes a CSR: the result lists, for each vertex, its in-neighbours sorted.
Csr transpose(const Csr &csr);

// Calls visit(u, e) for every edge e = u -> v of `csr` with lo <= v < hi, in
// the order of the edge arrays (sources rising, each list in its order),
// until visit returns false. For the passes whose threads each own a range
// of destinations: the edges of a long list that fall in the range are found
// by binary search (lists are sorted), so a thread reads its own edges and
// the short lists, not all m edges (5.9 s for one part of 787M edges on 64
// threads when every thread read every list).
template <class Visit>
void visit_edges_into(const Csr &csr, uint32_t lo, uint32_t hi, const Visit &visit) {
    constexpr uint64_t kSearchFrom = 16;  // shorter lists are scanned
    const uint32_t *indices = csr.indices.data();
    for (uint32_t u = 0; u < csr.n; ++u) {
        uint64_t e = csr.offsets[u];
        const uint64_t end = csr.offsets[u + 1];
        if (end - e >= kSearchFrom) e = uint64_t(std::lower_bound(indices + e, indices + end, lo) - indices);
        for (; e < end; ++e) {
            const uint32_t v = indices[e];
            if (v < lo) continue;
            if (v >= hi) break;
            if (!visit(u, e)) return;
        }
    }
}

}  // namespace gg
