// One process's share of a graph's edges, for distributed (MPI) runs in which
// no process holds the whole graph: each rank reads its share of a .ggb
// (io/ggb/ggb_share.cpp) or of a text file (io/text_share.h), or holds the
// arrays its caller gave, and the ranks' shares together are the graph. (A
// generated graph needs no share: each rank builds its own rows,
// gen/generators.h generate_rows.)
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

}  // namespace gg
