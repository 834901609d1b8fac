/*
 * SpMV over the parts of a plan: owners send x to their replicas (one
 * dense exchange, Medusa's replica update, 002 §4.3), then each part
 * computes the rows of its owned vertices with the CPU's SpMV rows
 * (cpu/spmv.cpp) over its local in-edges, which are all of theirs. Each
 * y(v) sums the same products in double as the unpartitioned run, in
 * local-id order rather than global, and is rounded once to float: the
 * results agree to float rounding.
 */
#include "cpu/cpu.h"
#include "partitioned/drivers.h"

namespace gg {

void partitioned_spmv(PartitionedRun &run, const float *x, float *y, RunReport &report, PartitionedReport &out) {
    const PartitionPlan &plan = run.plan;
    PartValues<float> xs(plan);
    // Each part starts with x of its owned vertices only; the exchange brings the rest.
    for (uint32_t p = plan.rank; p < plan.num_parts(); p += plan.ranks) {
        const PartitionPart &part = plan.parts[p];
        xs.value[p].assign(part.size(), 0.0f);
        for (uint32_t l = 0; l < part.owned; ++l) xs.value[p][l] = x[part.global_ids[l]];
        xs.synced[p] = xs.value[p];
    }
    auto overwrite = [](float &slot, float incoming) {
        slot = incoming;
        return false;  // nothing to seed
    };
    run.exchange.to_replicas(xs, overwrite, /*everything=*/true);

    uint64_t edges = 0;
    for (uint32_t p = plan.rank; p < plan.num_parts(); p += plan.ranks) {
        const PartitionPart &part = plan.parts[p];
        std::vector<float> ys(part.owned);
        run.compute(p, [&] {
            cpu::spmv_rows(part.local.in(), xs.value[p].data(), ys.data(), part.owned, run.config.num_threads);
        });
        for (uint32_t l = 0; l < part.owned; ++l) y[part.global_ids[l]] = ys[l];
        edges += part.local.in().offsets[part.owned];
    }
    run.share_owned(y);
    run.finish(report, out, 1, edges);
}

}  // namespace gg
