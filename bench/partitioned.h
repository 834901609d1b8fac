// The "Partitioned runs" of gg-bench (--parts): for one suite graph, each
// (parts, partitioner) plan built once and read back with
// gg_partition_plan_read_stats, then each algorithm measured over it as an
// unpartitioned run is (runner.h: warm-up checked, then the timed trials),
// against the unpartitioned run of the same algorithm on the same graph, on
// the run's backend (the GPU when one is usable, its parts sharing it; an
// algorithm without GPU parts is skipped). The unpartitioned run's warm-up
// answer passes the serial verifier; each partitioned one is compared with
// it (Kernel::compare), or verified serially where that baseline failed.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "host_csr.h"
#include "kernels.h"
#include "options.h"
#include "results.h"
#include "runner.h"
#include "suite.h"

namespace bench {

// Kernels whose warm-up answer passed its check, by algorithm, each keeping
// that answer (Kernel::keep_answer): every later run of the algorithm on the
// graph is compared with it instead of verified serially again.
using Baselines = std::map<std::string, std::unique_ptr<Kernel>>;

// Appends the graph's plans to report.partitioned.plans (and any note, such
// as METIS missing, to its notes). `csr` is the verifiers' copy, or nullptr
// under --no-verify (then nothing is checked, nor compared). Returns false when any plan or run failed; a partitioner
// the library does not support (GG_ERROR_UNSUPPORTED) is skipped, not failed.
// `suite`: the suite's own unpartitioned runs of the graph that passed the
// serial verifier; the section's unpartitioned run is compared with them
// rather than verified serially a second time.
bool bench_partitioned(gg_context *context, const SuiteGraph &graph, const std::vector<std::string> &algorithms,
                       const HostCsr *csr, const Options &options, const RunnerSettings &settings, Report &report,
                       Baselines suite);

}  // namespace bench
