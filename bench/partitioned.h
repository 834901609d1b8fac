// The "Partitioned runs" of gg-bench (--parts): for one suite graph, each
// (parts, partitioner) plan built once and read back with
// gg_partition_plan_read_stats, then each algorithm measured over it exactly
// as an unpartitioned run is (runner.h: warm-up checked by the same verifier,
// then the timed trials), against the unpartitioned run of the same algorithm
// on the same graph, on the run's backend (the GPU when one is usable, its
// parts sharing it; an algorithm without GPU parts is skipped).
#pragma once

#include <string>
#include <vector>

#include "host_csr.h"
#include "options.h"
#include "results.h"
#include "runner.h"
#include "suite.h"

namespace bench {

// Appends the graph's plans to report.partitioned.plans (and any note, such
// as METIS missing, to its notes). `csr` is the verifiers' copy, or nullptr
// under --no-verify. Returns false when any plan or run failed; a partitioner
// the library does not support (GG_ERROR_UNSUPPORTED) is skipped, not failed.
bool bench_partitioned(gg_context *context, const SuiteGraph &graph, const std::vector<std::string> &algorithms,
                       const HostCsr *csr, const Options &options, const RunnerSettings &settings, Report &report);

}  // namespace bench
