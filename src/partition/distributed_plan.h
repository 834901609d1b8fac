// Partition plans of a distributed graph (graph/distributed_graph.h;
// docs/distributed.md): the same plan as build_partition_plan makes from the
// whole graph, part p held by process p mod the process count, built
// without any process holding the whole graph, at any replication depth
// (one more round of edges per hop; the auto depth's cost model needs the
// whole graph, so a distributed plan's auto depth is 1).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "graph/distributed_graph.h"
#include "partition/partitioners.h"
#include "partition/plan.h"

namespace gg {

// The owner of every vertex, on every process. Block and random need no
// communication beyond the owners themselves; METIS gathers the rows on
// process 0 (the graph must fit there); given checks that every process
// passed the same array; auto measures the block and random cuts from the
// rows and keeps block when it cuts at most a quarter of random's, as the
// one-process auto does (it never runs METIS, which needs the whole graph).
PartAssignment assign_parts_distributed(const DistributedGraph &g, uint32_t k, gg_partitioner partitioner,
                                        const uint32_t *given, uint64_t seed);

// Collective: the plan of `owner` (n entries below k) with replicas `depth`
// hops deep. With `release_rows`, each process gives its rows' memory back
// as the rounds send them and empties g.rows (g.edges_released): at the
// peak a process then holds what it gathered and not also its rows, which
// at weighted kron 29 over two processes are 70 of about 180 GB each.
std::unique_ptr<PartitionPlan> build_distributed_plan(DistributedGraph &g, std::vector<uint32_t> owner, uint32_t k,
                                                      uint32_t depth, bool release_rows = false);

}  // namespace gg
