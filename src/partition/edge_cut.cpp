// The edge cut of a vertex partition, counted from the CSR by the definition
// of metis_partition.h: undirected pairs {u, v}, u != v, joined by an edge in
// at least one direction, whose ends lie in different parts. It is counted
// independently of METIS (whose objective value the wrapper checks against
// it). An edge u -> v is counted by u when u < v, or when v has no edge back
// to u (then v will not count the pair); neighbour lists are sorted, so that
// test is a binary search. A part's share needs only the edges touching its
// vertices: the pair's smaller end is the part's, so its row is whole.
#include <algorithm>

#include "partition/metis_partition.h"

namespace gg {

namespace {
bool has_edge(const Csr &csr, uint32_t from, uint32_t to) {
    const uint32_t *begin = csr.indices.data() + csr.offsets[from];
    const uint32_t *end = csr.indices.data() + csr.offsets[from + 1];
    return std::binary_search(begin, end, to);
}

// The cut, or (of_part) only the pairs whose smaller end lies in part `part`.
uint64_t count_cut(const Graph &g, const uint32_t *parts, bool of_part, uint32_t part) {
    const Csr &out = g.out;
    const uint32_t n = out.n;
    uint64_t cut = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : cut)
    for (int64_t vertex = 0; vertex < int64_t(n); ++vertex) {
        const uint32_t u = uint32_t(vertex);
        uint32_t previous = u;  // repeated neighbours (a multigraph) count once
        for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
            const uint32_t v = out.indices[e];
            if (v == u || v == previous) continue;
            previous = v;
            if (parts[u] == parts[v]) continue;
            if (of_part && parts[std::min(u, v)] != part) continue;
            if (u < v || (!g.undirected && !has_edge(out, v, u))) ++cut;
        }
    }
    return cut;
}

}  // namespace

uint64_t count_edge_cut(const Graph &g, const uint32_t *parts) { return count_cut(g, parts, false, 0); }

uint64_t count_edge_cut_of_part(const Graph &g, const uint32_t *parts, uint32_t part) {
    return count_cut(g, parts, true, part);
}

}  // namespace gg
