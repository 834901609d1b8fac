/*
 * Weakly connected components over the parts of a plan. Each part first
 * finds the components of its own local graph with the CPU's Afforest
 * (cpu/cc.cpp), once; then supersteps run label propagation over those
 * local components and the replicas: every local component takes the
 * smallest label among its vertices (a vertex starts with its own id), and
 * owners send changed labels to their replicas, which keep the smaller
 * (Medusa's replica update, 002 §4.3, with min as the combiner). Every edge
 * lies in the parts of both its ends, so two vertices joined by a path end
 * with the same label, the smallest id of the component: the unpartitioned
 * answer, exactly. (A replica whose local component lowered its label sends
 * nothing: its owner's part holds the same edges and finds the same label.)
 */
#include <algorithm>

#include "cpu/cpu.h"
#include "partitioned/drivers.h"
#include "partitioned/fixed_point.h"

namespace gg {

namespace {

// The CPU's parts for run_to_fixed_point: a part has work while its labels
// changed since its last step (all parts, at first).
struct CpuLabelParts {
    PartitionedRun &run;
    PartValues<uint32_t> &values;
    const std::vector<std::vector<uint32_t>> &component;  // a local id: the component's smallest
    std::vector<bool> stale;
    std::vector<uint32_t> smallest;

    bool has_work(uint32_t p) const { return stale[p]; }

    void step(uint32_t p) {
        run.compute(p, [&] {
            std::vector<uint32_t> &label = values.value[p];
            const std::vector<uint32_t> &root = component[p];
            smallest.assign(label.size(), UINT32_MAX);
            for (uint32_t l = 0; l < label.size(); ++l) smallest[root[l]] = std::min(smallest[root[l]], label[l]);
            for (uint32_t l = 0; l < label.size(); ++l) label[l] = smallest[root[l]];
        });
        stale[p] = false;
    }

    void exchange() {
        run.exchange.to_replicas(values, [](uint32_t &slot, uint32_t incoming) {
            if (incoming >= slot) return false;
            slot = incoming;
            return true;
        });
        for (uint32_t p = 0; p < stale.size(); ++p) {
            stale[p] = !values.changed[p].empty();
            values.changed[p].clear();
        }
    }
};

}  // namespace

void partitioned_cc(PartitionedRun &run, uint32_t *labels, RunReport &report, PartitionedReport &out) {
    const PartitionPlan &plan = run.plan;
    const uint32_t k = plan.num_parts();
    std::vector<std::vector<uint32_t>> component(k);
    uint64_t edges = 0;
    for (uint32_t p = plan.rank; p < k; p += plan.ranks) {
        const Graph &local = plan.parts[p].local;
        component[p].resize(local.n());
        RunReport local_report;
        run.compute(p, [&] { cpu::cc(local, component[p].data(), run.config, local_report); });
        edges += local_report.edges_visited;
    }

    PartValues<uint32_t> values(plan);
    values.fill(plan, [](uint32_t v) { return v; });
    std::vector<bool> stale(k, false);
    for (uint32_t p = plan.rank; p < k; p += plan.ranks) stale[p] = true;
    CpuLabelParts parts{run, values, component, stale, {}};
    const uint32_t supersteps = run_to_fixed_point(parts, k, run.comm);
    run.write_answers(values.value, labels);
    run.finish(report, out, supersteps, edges);
}

}  // namespace gg
