// A graph spread over the processes of a distributed context
// (docs/distributed.md): each process holds the out-edges of one range of
// source vertices, built with the same rules as a whole graph
// (graph/builder.h), and no process holds the whole graph. Loading,
// generating or creating one gives every process a share of the input
// edges (graph/edge_share.h); make_distributed_graph moves each edge to the
// process of its source's range, where the builder merges duplicates and
// sorts the lists, so the rows are exactly the whole graph's rows. A
// generated graph skips the move: each process builds its rows straight
// from the generator (distributed_graph_from_rows).
// Partition plans are built from the rows (partition/distributed_plan.h).
#pragma once

#include <cstdint>
#include <memory>

#include "exchange/communicator.h"
#include "graph/builder.h"
#include "graph/edge_share.h"
#include "graph/graph.h"

namespace gg {

struct DistributedGraph {
    std::shared_ptr<Communicator> comm;
    // The whole graph's n, flags and weight facts, with no edges: what the C
    // boundary checks a run against (uid names this graph in plans).
    Graph header;
    uint64_t stored_edges = 0;  // edges of the whole graph as stored (both directions when undirected)
    // This process's rows: sources [first_row, first_row + rows.n), targets global ids.
    uint32_t first_row = 0;
    Csr rows;
    // Set when a plan released the rows as it gathered them
    // (gg_partition_plan_options.release_graph_edges): the graph then serves
    // that plan's runs only, and `rows` is empty.
    bool edges_released = false;
    // A negative edge of the whole graph, when there is one (for the message).
    uint32_t negative_from = 0, negative_to = 0;
    float negative_weight = 0;

    uint32_t n() const { return header.n(); }
};

// The first row of process r of `ranks` over n vertices (r = ranks gives n).
inline uint32_t first_row_of(uint32_t n, uint32_t r, uint32_t ranks) {
    return uint32_t(uint64_t(n) * r / ranks);
}

// Collective: builds the distributed graph from every process's share.
// A raw share (share.both_directions false) is built with `options`'
// rules; a .ggb's share is taken as built.
std::unique_ptr<DistributedGraph> make_distributed_graph(EdgeShare share, const BuildOptions &options,
                                                         std::shared_ptr<Communicator> comm);

// Collective: the distributed graph over rows each process built itself,
// those of its range (first_row_of), as the builder's rules give them
// (generate_rows, for a generated graph): the whole graph's header and
// weight facts, from every process's rows.
std::unique_ptr<DistributedGraph> distributed_graph_from_rows(Csr rows, uint32_t n, bool undirected, bool weighted,
                                                              std::shared_ptr<Communicator> comm);

}  // namespace gg
