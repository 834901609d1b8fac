// What every partitioned algorithm shares: the plan, the run's settings,
// the exchange, and the per-part clocks.
#pragma once

#include <cstdint>
#include <vector>

#include "backend/run_config.h"
#include "core/timer.h"
#include "exchange/host_exchange.h"
#include "partitioned/partitioned.h"

namespace gg {

class PartitionedRun {
public:
    PartitionedRun(const PartitionPlan &plan, const RunConfig &config)
        : plan(plan), config(config), exchange(plan), compute_ms_(plan.num_parts(), 0.0) {}

    // Runs part p's local step, timing it.
    template <class Step>
    auto compute(uint32_t p, Step step) {
        Stopwatch clock;
        struct Timer {
            Stopwatch &clock;
            double &total;
            ~Timer() { total += clock.elapsed_ms(); }
        } timer{clock, compute_ms_[p]};
        return step();
    }

    // Copies the totals into the report.
    void finish(RunReport &report, PartitionedReport &out, uint32_t supersteps, uint64_t edges_visited) const {
        const ExchangeTally &tally = exchange.tally();
        out.bytes_exchanged = tally.bytes;
        out.exchange_rounds = tally.rounds;
        out.part_compute_ms = compute_ms_;
        out.part_exchange_ms = tally.part_ms;
        out.exchange_ms = 0;
        for (double ms : tally.part_ms) out.exchange_ms += ms;
        report.iterations = supersteps;
        report.edges_visited = edges_visited;
        report.layout = GG_LAYOUT_CSR;
    }

    const PartitionPlan &plan;
    const RunConfig &config;
    HostExchange exchange;

private:
    std::vector<double> compute_ms_;
};

// The local id of global vertex v in part p, or UINT32_MAX when p holds no copy.
inline uint32_t local_id_in(const PartitionPlan &plan, uint32_t p, uint32_t v) {
    if (plan.owner[v] == p) return plan.owner_local[v];
    const std::vector<uint32_t> &ids = plan.parts[p].global_ids;
    for (uint32_t l = plan.parts[p].owned; l < ids.size(); ++l)
        if (ids[l] == v) return l;
    return UINT32_MAX;
}

// Writes each part's owned values (values[p][l], local ids) into the
// caller's array by global id, with `threads` CPU threads.
template <class T, class Out>
void write_owned(const PartitionPlan &plan, const std::vector<std::vector<T>> &values, Out *out, int threads) {
    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        const PartitionPart &part = plan.parts[p];
        const T *from = values[p].data();
        const uint32_t *global = part.global_ids.data();
#pragma omp parallel for num_threads(threads) schedule(static) if (part.owned > 65536)
        for (int64_t l = 0; l < int64_t(part.owned); ++l) out[global[l]] = Out(from[l]);
    }
}

}  // namespace gg
