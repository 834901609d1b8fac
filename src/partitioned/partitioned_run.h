// What every partitioned algorithm shares: the plan, the run's settings,
// the exchange, the per-part clocks, and what a plan spread over several
// processes adds (partition/plan.h): the sums and tests over every process,
// and the answers of the other processes' parts.
#pragma once

#include <algorithm>

#include <cstdint>
#include <cstring>
#include <vector>

#include "backend/run_config.h"
#include "core/error.h"
#include "core/timer.h"
#include "exchange/host_exchange.h"
#include "partitioned/partitioned.h"

namespace gg {

// What every backend's partitioned run shares over a plan spread across
// processes (partition/plan.h): the sums, the answers of the other
// processes' parts, and the run's totals.

// Sums one number per part (this process's parts' entries set, the others
// 0) over the processes, then over the parts in part order: the same total,
// to the last bit, however the parts are spread.
inline double sum_by_part(Communicator &comm, std::vector<double> &by_part) {
    comm.sum(by_part.data(), by_part.size());
    double total = 0;
    for (double x : by_part) total += x;
    return total;
}

// Once this process has written its parts' owned entries of the caller's
// array (by global id), fills in the entries the other processes own.
// Returns its time: every process receives the whole answer, n values
// gathered from every process, which is the delivery of the answer, as the
// copies to the host are, not the algorithm's work; the runs count it in
// transfer_ms. (Before, compute_ms held it: at kron 27 over four processes
// a GPU BFS measured 1.3 s, where one process driving the same four GPUs
// took 9.6 ms; how much of that was this delivery was not measured.)
template <class Out>
double share_owned(const PartitionPlan &plan, Out *out, int threads) {
    if (plan.ranks == 1) return 0;
    Stopwatch clock;
    // This process's parts' owned values, part after part, packed in parallel.
    std::vector<size_t> packed_at(plan.num_parts(), 0);
    size_t bytes = 0;
    for (uint32_t p = plan.rank; p < plan.num_parts(); p += plan.ranks) {
        packed_at[p] = bytes;
        bytes += size_t(plan.parts[p].owned) * sizeof(Out);
    }
    Bytes mine(bytes);
    for (uint32_t p = plan.rank; p < plan.num_parts(); p += plan.ranks) {
        const PartitionPart &part = plan.parts[p];
        unsigned char *to = mine.data() + packed_at[p];
        const int64_t owned = part.owned;
#pragma omp parallel for num_threads(threads) schedule(static) if (owned > 65536)
        for (int64_t l = 0; l < owned; ++l)
            std::memcpy(to + size_t(l) * sizeof(Out), &out[part.global_ids[size_t(l)]], sizeof(Out));
    }
    const std::vector<Bytes> all = plan.communicator().gather_all(mine);
    // Where each part's owned values start in its process's bytes.
    std::vector<size_t> start(plan.num_parts());
    std::vector<size_t> filled(plan.ranks, 0);
    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        start[p] = filled[plan.rank_of(p)];
        filled[plan.rank_of(p)] += size_t(plan.summary[p].owned) * sizeof(Out);
    }
    for (uint32_t r = 0; r < plan.ranks; ++r)
        if (all[r].size() != filled[r])
            fail(GG_ERROR_INTERNAL, "process %u sent %zu bytes of answers, not %zu", r, all[r].size(), filled[r]);
    // Where each other process's part's values start (null for this
    // process's parts): no division (rank_of) per vertex.
    std::vector<const unsigned char *> from(plan.num_parts(), nullptr);
    for (uint32_t p = 0; p < plan.num_parts(); ++p)
        if (!plan.holds(p)) from[p] = all[plan.rank_of(p)].data() + start[p];
    const int64_t n = plan.n;
#pragma omp parallel for num_threads(threads) schedule(static) if (n > 65536)
    for (int64_t v = 0; v < n; ++v) {
        const unsigned char *values = from[plan.owner[size_t(v)]];
        if (values != nullptr)
            std::memcpy(&out[v], values + size_t(plan.owner_local[size_t(v)]) * sizeof(Out), sizeof(Out));
    }
    return clock.elapsed_ms();
}

// The run's totals into the report: bytes and edges of every process, each
// part's times from its process; exchange_ms is this process's.
inline void report_totals(const PartitionPlan &plan, uint64_t bytes, uint32_t rounds,
                          const std::vector<double> &compute_ms, const std::vector<double> &exchange_ms,
                          uint32_t supersteps, uint64_t edges_visited, RunReport &report, PartitionedReport &out) {
    Communicator &comm = plan.communicator();
    out.bytes_exchanged = comm.sum(bytes);
    edges_visited = comm.sum(edges_visited);
    out.exchange_rounds = rounds;
    out.part_compute_ms = compute_ms;
    out.part_exchange_ms = exchange_ms;
    comm.sum(out.part_compute_ms.data(), out.part_compute_ms.size());  // each part's time is its process's
    comm.sum(out.part_exchange_ms.data(), out.part_exchange_ms.size());
    out.exchange_ms = 0;
    for (double ms : exchange_ms) out.exchange_ms += ms;
    report.iterations = supersteps;
    report.edges_visited = edges_visited;
    report.layout = GG_LAYOUT_CSR;
}

class PartitionedRun {
public:
    PartitionedRun(const PartitionPlan &plan, const RunConfig &config)
        : plan(plan), config(config), comm(plan.communicator()), exchange(plan), compute_ms_(plan.num_parts(), 0.0) {}

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

    // Copies the totals into the report: those of every process.
    void finish(RunReport &report, PartitionedReport &out, uint32_t supersteps, uint64_t edges_visited) {
        const ExchangeTally &tally = exchange.tally();
        report_totals(plan, tally.bytes, tally.rounds, compute_ms_, tally.part_ms, supersteps, edges_visited, report,
                      out);
        report.transfer_ms += shared_ms_;
    }

    double sum_by_part(std::vector<double> &by_part) { return gg::sum_by_part(comm, by_part); }

    template <class Out>
    void share_owned(Out *out) {
        shared_ms_ += gg::share_owned(plan, out, config.num_threads);
    }

    // The answers of every part into the caller's array, by global id.
    template <class T, class Out>
    void write_answers(const std::vector<std::vector<T>> &values, Out *out) {
        write_owned(plan, values, out, config.num_threads);
        share_owned(out);
    }

    const PartitionPlan &plan;
    const RunConfig &config;
    Communicator &comm;
    HostExchange exchange;

private:
    std::vector<double> compute_ms_;
    double shared_ms_ = 0;  // share_owned's, reported as transfer_ms
};

// The local id of global vertex v in part p, or UINT32_MAX when p holds no
// copy or lives in another process.
// Replicas come hop by hop, each hop's by id (partition/plan.h): the
// outermost hop's, [computed, size), by binary search (every replica of a
// plan of depth 1: a scan of them took milliseconds per part and run on
// kron 25); the nearer ones, only in deeper plans, by a scan.
inline uint32_t local_id_in(const PartitionPlan &plan, uint32_t p, uint32_t v) {
    if (!plan.holds(p)) return UINT32_MAX;
    if (plan.owner[v] == p) return plan.owner_local[v];
    const PartitionPart &part = plan.parts[p];
    const std::vector<uint32_t> &ids = part.global_ids;
    const auto outer = std::lower_bound(ids.begin() + part.computed, ids.end(), v);
    if (outer != ids.end() && *outer == v) return uint32_t(outer - ids.begin());
    for (uint32_t l = part.owned; l < part.computed; ++l)
        if (ids[l] == v) return l;
    return UINT32_MAX;
}

// Writes each part's owned values (values[p][l], local ids) into the
// caller's array by global id, with `threads` CPU threads: this process's
// parts (PartitionedRun::write_answers adds the others').
template <class T, class Out>
void write_owned(const PartitionPlan &plan, const std::vector<std::vector<T>> &values, Out *out, int threads) {
    for (uint32_t p = plan.rank; p < plan.num_parts(); p += plan.ranks) {
        const PartitionPart &part = plan.parts[p];
        const T *from = values[p].data();
        const uint32_t *global = part.global_ids.data();
#pragma omp parallel for num_threads(threads) schedule(static) if (part.owned > 65536)
        for (int64_t l = 0; l < int64_t(part.owned); ++l) out[global[l]] = Out(from[l]);
    }
}

}  // namespace gg
