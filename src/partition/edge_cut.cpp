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

// Rows by vertex id, or (row_of) at row_of[v] of a CSR laid out in another order.
struct Rows {
    const Csr &csr;
    const uint32_t *row_of = nullptr;
    const uint32_t *begin(uint32_t v) const { return csr.indices.data() + csr.offsets[row(v)]; }
    const uint32_t *end(uint32_t v) const { return csr.indices.data() + csr.offsets[row(v) + 1]; }
    uint32_t row(uint32_t v) const { return row_of ? row_of[v] : v; }
};

// The cut, or (of_part) only the pairs whose smaller end lies in part `part`.
uint64_t count_cut(const Rows &rows, uint32_t n, bool undirected, const uint32_t *parts, bool of_part,
                   uint32_t part) {
    uint64_t cut = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : cut)
    for (int64_t vertex = 0; vertex < int64_t(n); ++vertex) {
        const uint32_t u = uint32_t(vertex);
        uint32_t previous = u;  // repeated neighbours (a multigraph) count once
        for (const uint32_t *e = rows.begin(u); e != rows.end(u); ++e) {
            const uint32_t v = *e;
            if (v == u || v == previous) continue;
            previous = v;
            if (parts[u] == parts[v]) continue;
            if (of_part && parts[std::min(u, v)] != part) continue;
            if (u < v || (!undirected && !std::binary_search(rows.begin(v), rows.end(v), u))) ++cut;
        }
    }
    return cut;
}

}  // namespace

uint64_t count_edge_cut(const Graph &g, const uint32_t *parts) {
    return count_cut(Rows{g.out}, g.n(), g.undirected, parts, false, 0);
}

uint64_t count_edge_cut_of_part(const Graph &g, const uint32_t *parts, uint32_t part) {
    return count_cut(Rows{g.out}, g.n(), g.undirected, parts, true, part);
}

uint64_t count_edge_cut_of_part(const Csr &rows, const uint32_t *row_of, uint32_t n, bool undirected,
                                const uint32_t *parts, uint32_t part) {
    return count_cut(Rows{rows, row_of}, n, undirected, parts, true, part);
}

}  // namespace gg
