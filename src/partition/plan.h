// A partition plan: the first layer of the data flow past one device
// (design.md, "Growing past one device"). Medusa (002 §4.3) partitions the
// vertices with METIS; each part owns its vertices and keeps replicas of the
// vertices its edges reach, and with multi-hop replication the replicas of
// replicas too, so that the parts exchange only every `depth` iterations.
//
// Part p's local graph numbers its vertices
//     [0, owned)           the vertices p owns, by global id
//     [owned, computed)    replicas within depth - 1 hops of them (hop, then id)
//     [computed, size)     replicas at exactly `depth` hops
// where hops follow edges in either direction. It holds every edge with at
// least one computed end whose other end is local: a computed vertex has all
// its in- and out-edges there, which is what lets a part run `depth`
// iterations of a pull or push step on its own (an outer replica's value is
// only read, and only the first iteration after an exchange needs it).
//
// Links connect a replica to its owner: for each ordered pair (replica part,
// owner part), the replicas' local ids in the first and the owners' in the
// second. An exchange moves values along them (src/exchange/).
//
// A plan may be spread over the processes of a communicator
// (exchange/communicator.h; docs/distributed.md): part p lives on process
// p mod ranks, which alone holds its local graph; the others keep an empty
// PartitionPart for it and its counts in `summary`. Every process holds the
// vertex maps (owner, owner_local: O(n)) and the links that touch its parts,
// in the same (replica part, owner part) order.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "exchange/communicator.h"
#include "gg.h"
#include "graph/graph.h"

namespace gg {

struct PartitionPart {
    Graph local;                           // local ids as above; weights as in the graph
    std::vector<uint32_t> global_ids;      // local id -> global id
    std::vector<uint32_t> out_degree;      // global out-degree of each local vertex (PageRank)
    uint32_t owned = 0;
    uint32_t computed = 0;
    uint32_t neighbours = 0;               // parts it shares a link with

    uint32_t size() const { return uint32_t(global_ids.size()); }
    uint32_t replicas() const { return size() - owned; }
};

// What every process knows of every part, its own or not.
struct PartSummary {
    uint32_t owned = 0;
    uint32_t replicas = 0;
    uint32_t neighbours = 0;
    uint64_t local_edges = 0;
};

struct ReplicaLink {
    uint32_t replica_part = 0;
    uint32_t owner_part = 0;
    std::vector<uint32_t> replica_local;  // in replica_part
    std::vector<uint32_t> owner_local;    // the same vertices in owner_part
};

struct PartitionPlan {
    uint64_t graph_uid = 0;
    uint32_t n = 0;
    uint32_t depth = 1;
    gg_partitioner partitioner = GG_PARTITIONER_METIS;
    std::string partitioner_choice;       // how auto chose; "" otherwise
    std::vector<uint32_t> owner;          // part of each vertex
    std::vector<uint32_t> owner_local;    // local id of each vertex in its owner part
    std::vector<PartitionPart> parts;
    std::vector<ReplicaLink> links;       // by (replica_part, owner_part); those touching this process's parts
    std::vector<PartSummary> summary;     // by part
    std::shared_ptr<Communicator> comm;   // the processes of a distributed plan; null: this one alone
    uint32_t rank = 0;                    // this process (comm's rank)
    uint32_t ranks = 1;                   // processes the parts are spread over
    uint64_t edge_cut = 0;
    uint64_t replicas = 0;
    uint64_t local_edges = 0;
    uint64_t graph_edges = 0;             // the whole graph's edges (m), on every process
    double partition_ms = 0;
    double build_ms = 0;

    uint32_t num_parts() const { return uint32_t(parts.size()); }
    uint32_t rank_of(uint32_t part) const { return part % ranks; }
    bool holds(uint32_t part) const { return rank_of(part) == rank; }
    Communicator &communicator() const { return comm ? *comm : single_process(); }
};

// Fills plan.summary from its parts (all of them held by this process).
void summarise_parts(PartitionPlan &plan);

// Part p's boundary: its owned vertices that some other part holds a
// replica of (what an exchange toward the replicas sends), flagged by local
// id (p's size entries; replicas 0). From the plan's links, so over a plan
// spread across processes only for a part this process holds.
std::vector<uint8_t> owned_boundary(const PartitionPlan &plan, uint32_t p);

// The steps of a build, shared with the distributed build
// (distributed_plan.h). assign_owners sets n, depth, owner, owner_local and
// k empty parts, and returns each part's owned vertices by id.
std::vector<std::vector<uint32_t>> assign_owners(PartitionPlan &plan, std::vector<uint32_t> owner, uint32_t k,
                                                 uint32_t depth);
// How build_part finds each hop's vertices: along the last hop's out- and
// in-edges (the whole graph, whose in-edges are built once for every part),
// or by one scan of every out-edge of g a hop (a graph holding only the
// edges its part needs, where in-edges would cost as much memory again).
enum class HopSearch { in_edges, scan };
// Builds part p from a graph that holds every edge touching a vertex within
// `depth` - 1 hops of its owned vertices (the whole graph, or what a process
// gathered), and appends its links (p's replicas to their owners, by owner
// part). local_of: n entries of UINT32_MAX, left so. Out-degrees are g's:
// true for the vertices whose out-edges g holds in full.
void build_part(const Graph &g, uint32_t p, const std::vector<uint32_t> &owned, uint32_t depth, HopSearch search,
                const PartitionPlan &plan, std::vector<uint32_t> &local_of, PartitionPart &part,
                std::vector<ReplicaLink> &links);
// The end of a part's build, shared with the distributed build's in-place
// part (direct_part.h), once part.local.out and part.out_degree are set:
// the local graph's flags and weight facts, and the local ids' global ids.
void finish_part(PartitionPart &part, std::vector<uint32_t> global_ids, bool weighted, bool undirected);
// Appends part p's links: its replicas to their owners, one per owner part,
// by owner part.
void link_replicas(uint32_t p, const PartitionPart &part, const PartitionPlan &plan, std::vector<ReplicaLink> &links);
// Sets each held part's neighbours from the plan's links.
void count_neighbours(PartitionPlan &plan);

constexpr uint32_t kMaxReplicationDepth = 8;

// Builds the plan of `owner` (n entries, each below k) with replicas `depth`
// hops deep (1..kMaxReplicationDepth).
std::unique_ptr<PartitionPlan> build_partition_plan(const Graph &g, std::vector<uint32_t> owner, uint32_t k,
                                                    uint32_t depth);

// Replicas and local edges a plan of `owner` would hold at depths 1..max_depth
// (index 0 = depth 1), by the same hop rule, without building it: the input
// of the depth cost model (partitioned/replication_depth.h).
struct DepthCost {
    uint64_t replicas = 0;
    uint64_t local_edges = 0;
};
std::vector<DepthCost> measure_depths(const Graph &g, const std::vector<uint32_t> &owner, uint32_t k,
                                      uint32_t max_depth);

}  // namespace gg
