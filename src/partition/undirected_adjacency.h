// The adjacency METIS needs (002_28fc4dc2d3bbdd4f.txt partitions the graph
// with METIS before placing parts on GPUs): symmetric, without self-loops
// and without repeated neighbours. Vertex v's list is the sorted union of its
// out- and in-neighbours with v itself removed, so edge directions are
// ignored and u->v plus v->u become one undirected edge.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/error.h"
#include "graph/graph.h"

namespace gg {

// Calls visit(w) for each undirected neighbour w of v, in increasing order,
// each once, never v itself.
template <class Visit>
void for_each_undirected_neighbour(const Graph &g, uint32_t v, Visit &&visit) {
    const Csr &out = g.out;
    const uint32_t *a = out.indices.data() + out.offsets[v], *a_end = out.indices.data() + out.offsets[v + 1];
    const uint32_t *b = a_end, *b_end = a_end;  // in-neighbours: none for an undirected graph (in == out)
    if (!g.undirected) {
        const Csr &in = g.in();
        b = in.indices.data() + in.offsets[v];
        b_end = in.indices.data() + in.offsets[v + 1];
    }
    bool any = false;
    uint32_t last = 0;
    while (a != a_end || b != b_end) {
        uint32_t w;
        if (b == b_end || (a != a_end && *a <= *b))
            w = *a++;
        else
            w = *b++;
        if (w == v || (any && w == last)) continue;  // self-loop, or already seen (sorted merge)
        visit(w);
        any = true;
        last = w;
    }
}

// Fills offsets (n + 1) and neighbours in the index type of the consumer
// (METIS's idx_t). GG_ERROR_TOO_LARGE when the entries do not fit it.
template <class Index>
void build_undirected_adjacency(const Graph &g, std::vector<Index> &offsets, std::vector<Index> &neighbours) {
    const uint32_t n = g.n();
    std::vector<uint64_t> degree(n);
#pragma omp parallel for schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        uint64_t count = 0;
        for_each_undirected_neighbour(g, uint32_t(v), [&](uint32_t) { ++count; });
        degree[v] = count;
    }
    uint64_t total = 0;
    for (uint32_t v = 0; v < n; ++v) total += degree[v];
    const uint64_t index_max = uint64_t(std::numeric_limits<Index>::max());
    if (uint64_t(n) > index_max || total > index_max)
        fail(GG_ERROR_TOO_LARGE,
             "the undirected adjacency has %u vertices and %llu entries; METIS's index type holds at most %llu",
             n, (unsigned long long)total, (unsigned long long)index_max);
    offsets.assign(uint64_t(n) + 1, 0);
    for (uint32_t v = 0; v < n; ++v) offsets[v + 1] = Index(uint64_t(offsets[v]) + degree[v]);
    degree = std::vector<uint64_t>();  // release before the largest allocation
    neighbours.resize(total);
#pragma omp parallel for schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        Index *slot = neighbours.data() + uint64_t(offsets[v]);
        for_each_undirected_neighbour(g, uint32_t(v), [&](uint32_t w) { *slot++ = Index(w); });
    }
}

}  // namespace gg
