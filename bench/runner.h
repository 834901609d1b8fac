// Measures one kernel on one resident graph the way shared/design.md
// "Measuring performance" asks: one warm-up run (whose statistics give the
// preprocessing, transfer and device memory, and whose result is verified,
// or for a partitioned run compared with the verified unpartitioned answer),
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
    // Kernel::keep_answer() once the warm-up's answer passed its check, so
    // that later runs can be compared with it (the partitioned runs' baseline).
    bool keep_checked_answer = false;
    // false (--compare-only): runs without a baseline are not verified
    // serially, only kept (as if checked) for the runs compared with them.
    bool serial_verify = true;
};

// `csr` is the graph's host copy for the verifier, or nullptr to skip the
// check. `baseline`: the same algorithm's kernel, run unpartitioned on this
// graph, whose kept answer passed the serial verifier; the warm-up's answer
// is then compared with it (Kernel::compare) instead of verified again,
// which at scale 25 saves minutes per plan. nullptr: the serial verifier.
KernelResult measure_kernel(gg_context *context, Kernel &kernel, const SuiteGraph &graph, const HostCsr *csr,
                            const RunnerSettings &settings, const Kernel *baseline = nullptr);

}  // namespace bench
