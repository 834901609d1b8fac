// Partitioned runs: an algorithm over the parts of a plan
// (partition/plan.h), each part computing on its local graph with the
// backend's own code, the parts exchanging replica values between steps
// (exchange/). One part of a plan is today's run: the C boundary sends a
// one-part plan straight to the unpartitioned path.
#pragma once

#include <cstdint>
#include <vector>

#include "backend/algorithm.h"
#include "backend/run_config.h"
#include "gg.h"
#include "partition/plan.h"

namespace gg {

struct PartitionedReport {
    uint64_t bytes_exchanged = 0;
    uint32_t exchange_rounds = 0;
    double exchange_ms = 0;
    double exchange_hidden_ms = 0;  // of exchange_ms, what ran while the parts computed (this process's)
    std::vector<double> part_compute_ms;
    std::vector<double> part_exchange_ms;
};

// Runs `request` over the plan's parts, which must come from `g`; the
// answers are those of the unpartitioned run (docs/partitioned.md says how
// exactly). Fills report (iterations: supersteps; compute_ms: the whole
// run, exchanges included) and `partitioned`.
void run_partitioned(gg_backend backend, const PartitionPlan &plan, const Graph &g, const RunRequest &request,
                     const RunConfig &config, RunReport &report, PartitionedReport &partitioned);

// BFS parents from every part's final depths (depths[p][local id], replicas
// included): each owned vertex at depth d takes an in-neighbour at depth
// d - 1 from its part's local in-edges; the source is its own parent.
void bfs_parents_from_depths(const PartitionPlan &plan, const std::vector<std::vector<uint32_t>> &depths,
                             uint32_t source, uint32_t *parents, int threads);

}  // namespace gg
