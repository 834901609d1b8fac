// Measures one kernel on one resident graph the way shared/design.md
// "Measuring performance" asks: one warm-up run (whose statistics give the
// preprocessing, transfer and device memory, and whose result is verified),
// then `trials` timed runs, summarised by median, min and max of
// gg_run_stats.compute_ms.
#pragma once

#include "host_csr.h"
#include "kernels.h"
#include "results.h"
#include "suite.h"

namespace bench {

struct RunnerSettings {
    int trials = 5;
    double host_copy_gb_per_s = 0;    // roofline of CPU runs
    double device_copy_gb_per_s = 0;  // roofline of GPU runs (0: not measured)
    // Partitioned runs: entries of the per-part arrays lent to every call's
    // gg_run_stats (part_compute_ms, part_exchange_ms); 0 lends none.
    uint32_t part_capacity = 0;
};

// `csr` is the graph's host copy for the verifier, or nullptr to skip it.
KernelResult measure_kernel(gg_context *context, Kernel &kernel, const SuiteGraph &graph, const HostCsr *csr,
                            const RunnerSettings &settings);

}  // namespace bench
