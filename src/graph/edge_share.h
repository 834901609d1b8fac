// One process's share of a graph's edges, for distributed (MPI) runs in which
// no process holds the whole graph: each rank reads its share of a .ggb
// (io/ggb/ggb_share.cpp) or generates its range of a generator's edges
// (gen/generators.cpp), and the ranks' shares together are the graph.
#pragma once

#include <cstdint>
#include <string>

#include "graph/builder.h"  // EdgeList, BuildOptions

namespace gg {

// One process's share of a graph's edges (docs/distributed.md): the union of
// the shares of ranks 0..R-1 is the graph's edge list.
struct EdgeShare {
    uint32_t n = 0;                // vertices of the whole graph
    uint64_t total_edges = 0;      // edges of the whole input (all shares together)
    bool undirected = false;       // the graph is undirected
    bool both_directions = false;  // true: the shares already hold both directions of every undirected edge,
                                   // deduplicated, self-loops as built (a .ggb: its CSR as saved); false: raw
                                   // edges, each undirected edge once, to be built with the BuildOptions rules
    bool weighted = false;
    EdgeList edges;  // this share's edges, global ids (edges.n = n)
};

// Rank `rank` of `ranks` (rank < ranks, ranks >= 1) of a .ggb file: a contiguous range of
// source vertices [first, last) chosen so that each share holds about m / ranks edges (found
// by binary search over the offsets with positioned reads, not by reading all offsets),
// returned as an EdgeList in CSR order (source ascending, each source's targets in file order).
// Reads only the header, the share's offsets, indices and weights: memory O(share), never
// O(n) or O(m) of the whole graph except the fixed-size header. Validates what it reads exactly
// as read_ggb does for the whole file (magic, version, flags, sizes giving the exact file size,
// offsets rising and within m, ids < n and sorted within a vertex, finite weights), failing with
// gg::fail(GG_ERROR_PARSE or the status read_ggb uses, "path: what"). It does not verify the
// checksum (see verify_ggb_checksum) nor the symmetry of an undirected graph. options.max_edges
// applies to m. A fault in the header or the file's size fails on every rank; a fault inside
// the arrays, on the rank whose share holds it.
EdgeShare read_ggb_share(const std::string &path, uint32_t rank, uint32_t ranks, const BuildOptions &options);

// Streams the whole file through the .ggb checksum (src/io/ggb/checksum.h) with a bounded buffer
// (16 MB) and fails as read_ggb does when it does not match or the file is truncated.
// In a distributed load one rank runs it while the others read their shares.
void verify_ggb_checksum(const std::string &path);

// Edges [begin, end) of what generate_edges(options) (src/gen/generators.h) would produce,
// identical entry by entry (ids, weights, order), without generating the others: memory and
// time O(end - begin) (no generator keeps an O(n) table: kron's vertex permutation is computed
// per id). n is options' vertex count. Returns the EdgeShare with both_directions =
// false, undirected as the generator's options say (symmetrize), total_edges = the full
// generator's edge count. Options are checked as generate_edges checks them; a range that is
// not within [0, total_edges] is GG_ERROR_INVALID_ARGUMENT.
EdgeShare generate_edge_share(const gg_generator_options &options, uint64_t begin, uint64_t end);

}  // namespace gg
