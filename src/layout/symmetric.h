// The symmetrized edge set of a directed graph: every vertex lists each of
// its out- and in-neighbours once, sorted, with the smaller weight where
// both directions exist. Weakly connected components propagate labels along
// it; the layout engines that push (virtual split, UDT) and CuSha's shards
// run CC over it rather than over two edge sets.
#pragma once

#include "graph/graph.h"

namespace gg {

// O(n + m): a merge of each vertex's sorted CSR and CSC lists. An
// undirected graph is its own symmetrization; callers use g.out directly.
Csr symmetrize(const Graph &g);

}  // namespace gg
