/*
 * PageRank over the parts of a plan, with Medusa's multi-hop replication
 * (002 §4.3): each part runs the CPU's pull iteration (cpu/engines/pagerank_steps.h)
 * over its computed vertices, and owners refresh their replicas only every
 * `depth` iterations.
 *
 * Why that is exact: right after a refresh every local value is that
 * iteration's true rank. A computed vertex h hops from the owned ones has
 * all its in-edges locally, from vertices at most h + 1 hops out, so one
 * local iteration leaves the vertices within depth - 1 hops true, the next
 * those within depth - 2, ...: the owned vertices stay true for `depth`
 * iterations, which is when the next refresh comes. Each iteration still
 * needs two global sums, the dangling mass and the L1 change, which each
 * part takes over its owned vertices (they are always true) and the run
 * adds in part order: a reduction of two numbers per iteration, not an
 * exchange of replica values. The sums run in another order than the
 * unpartitioned run's, so ranks agree to rounding (about 1e-15 relative).
 */
#include <cmath>

#include "cpu/cpu.h"
#include "cpu/engines/pagerank_steps.h"
#include "partitioned/drivers.h"

namespace gg {

void partitioned_pagerank(PartitionedRun &run, uint32_t n, double *ranks, RunReport &report, PartitionedReport &out) {
    const PartitionPlan &plan = run.plan;
    const uint32_t k = plan.num_parts();
    const double d = run.config.damping;
    if (n == 0) {
        run.finish(report, out, 0, 0);
        return;
    }
    PartValues<double> values(plan);
    if (k == 1) {
        // One part holds every vertex and edge (owned, by id): the
        // whole graph's run over it (the hub order where it pays,
        // cpu/pagerank.cpp), which is what one process runs for a one-part
        // plan (api/run_api.cpp), so that a plan spread over processes gives
        // the same bytes. The holder's iteration count goes to every process.
        std::vector<double> counted(2, 0.0);  // iterations, edges
        if (plan.holds(0)) {
            values.value[0].resize(plan.parts[0].size());
            run.compute(0, [&] {
                RunReport whole;
                cpu::pagerank(plan.parts[0].local, values.value[0].data(), run.config, whole);
                counted[0] = double(whole.iterations);
                counted[1] = double(whole.edges_visited);
            });
        }
        run.comm.sum(counted.data(), counted.size());
        run.write_answers(values.value, ranks);
        run.finish(report, out, uint32_t(counted[0]), uint64_t(counted[1]));
        return;
    }
    values.fill(plan, [n](uint32_t) { return 1.0 / double(n); });
    std::vector<cpu::PageRankSteps> steps;
    steps.reserve(k);
    for (uint32_t p = 0; p < k; ++p) {
        const PartitionPart &part = plan.parts[p];
        if (plan.holds(p)) part.local.in();  // built before the clock of the first iteration
        steps.emplace_back(part.size(), part.owned, run.config.num_threads,
                           cpu::worth_parallel(uint64_t(part.size()) + part.local.m()));
    }
    auto overwrite = [](double &slot, double incoming) {
        if (slot == incoming) return false;
        slot = incoming;
        return true;
    };

    uint64_t edges = 0;
    uint32_t iterations = 0;
    std::vector<double> by_part(k);
    while (iterations < run.config.max_iterations) {
        by_part.assign(k, 0.0);
        for (uint32_t p = plan.rank; p < k; p += plan.ranks) {
            const std::vector<uint32_t> &degree = plan.parts[p].out_degree;
            by_part[p] = run.compute(p, [&] {
                return steps[p].contributions(values.value[p].data(), [&](uint32_t u) { return degree[u]; });
            });
        }
        const double dangling = run.sum_by_part(by_part);
        const double base = (1.0 - d) / double(n) + d * dangling / double(n);
        by_part.assign(k, 0.0);
        for (uint32_t p = plan.rank; p < k; p += plan.ranks) {
            const PartitionPart &part = plan.parts[p];
            by_part[p] = run.compute(p, [&] {
                return steps[p].pull(part.local.in(), part.computed, base, d, values.value[p].data());
            });
            edges += part.local.in().offsets[part.computed];
        }
        const double change = run.sum_by_part(by_part);
        ++iterations;
        if (change < run.config.tolerance) break;
        if (iterations % plan.depth == 0) {
            run.exchange.to_replicas(values, overwrite, /*everything=*/plan.depth > 1);
            for (auto &changed : values.changed) changed.clear();
        }
    }
    run.write_answers(values.value, ranks);
    run.finish(report, out, iterations, edges);
}

}  // namespace gg
