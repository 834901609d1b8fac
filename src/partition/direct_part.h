// A distributed plan's part built in place (distributed_plan.cpp): when a
// process holds one part at depth 1, the edges it gathers are exactly the
// part's local edges (every edge touching an owned vertex, and nothing
// else), only numbered by global id. Gathered with their rows already in
// the part's local order (owned vertices first, then the others in id
// order), they become the local graph without a copy: the targets are
// renumbered in place and each row's owned targets moved before its
// replicas. The one-process build (plan.cpp's build_part) copies them into
// a new graph instead, which at weighted kron 29 over four processes would
// hold another 60 GB per process at the peak, more than the host has.
// The part comes out byte for byte as build_part makes it (the MPI tests
// compare the runs over both).
#pragma once

#include <cstdint>
#include <vector>

#include "partition/plan.h"

namespace gg {

// The row of each vertex in the gathered graph: part p's owned vertices at
// their local ids (plan.owner_local), then every other vertex in id order.
std::vector<uint32_t> direct_row_order(const PartitionPlan &plan, uint32_t p);

// Builds part p (the process's only part, depth 1) from `gathered`: every
// edge touching one of its owned vertices, vertex v's list at row
// position[v], each list sorted by global id. Takes gathered's edge arrays.
// Appends p's links to `links`. Out-degrees are the gathered rows': the
// owned vertices' are whole, the replicas' are set by the caller's exchange.
// Returns p's share of the edge cut (count_edge_cut_of_part's), which for
// an undirected graph is counted while the targets are renumbered: no pass
// of its own (25 s a process at weighted kron 29 over two processes).
uint64_t build_direct_part(Graph &&gathered, const std::vector<uint32_t> &position, uint32_t p,
                           const std::vector<uint32_t> &owned, const PartitionPlan &plan, PartitionPart &part,
                           std::vector<ReplicaLink> &links);

}  // namespace gg
