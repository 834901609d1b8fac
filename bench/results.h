// What one gg-bench invocation measured: the machine, the copy-bandwidth
// rooflines, the graphs and one entry per (algorithm, graph).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gg.h"
#include "host_bandwidth.h"
#include "machine.h"

namespace bench {

struct Spread {
    double median = 0, min = 0, max = 0;
};

Spread spread_of(std::vector<double> values);

struct GraphResult {
    std::string name, description;
    uint32_t n = 0;
    uint64_t m = 0;
    uint32_t source = 0;
    uint64_t source_degree = 0;
    std::string source_rule;
    double generate_ms = 0;
    double verify_copy_ms = 0;  // copying the CSR for the verifiers (not part of any kernel)
    std::string error;          // generation failed
};

struct KernelResult {
    std::string algorithm, graph;
    // ok | error | verify-failed | skipped (partitioned runs a backend refuses)
    // | unsupported (--layouts: a layout the backend lacks for this algorithm)
    std::string status = "ok";
    std::string message;        // the library's error or the verifier's finding
    gg_status error_status = GG_OK;  // the library's status when it failed
    std::string layout_requested;  // --layouts: the gg_run_options.layout asked for; "" otherwise (auto)
    std::string backend, layout, fallback_reason;  // layout: gg_run_stats.layout, the one that ran
    uint32_t source = 0;
    bool has_source = false;
    int threads = 0;
    std::vector<double> compute_ms, total_ms;  // per timed trial
    Spread compute, total;
    uint32_t iterations = 0;
    double ms_per_iteration = 0;  // iterative kernels (PageRank)
    double gteps = 0;             // m / median compute time (per iteration for PageRank)
    double bytes = 0;             // by the byte model, one run
    double gb_per_s = 0;
    double roofline_fraction = 0; // gb_per_s / copy bandwidth
    std::string byte_model;
    // The warm-up (first) run: layouts built, graph uploaded.
    double first_total_ms = 0, first_compute_ms = 0, first_preprocess_ms = 0, first_transfer_ms = 0;
    uint64_t device_bytes = 0;
    bool verified = false;
    double verify_ms = 0;
    // How the warm-up's answer was checked: "serial verifier" (verify/), or
    // "unpartitioned run" (a partitioned run compared with the baseline's
    // verified answer, Kernel::compare); "" when not checked.
    std::string checked_against;
    // Partitioned runs, from the last trial's stats (an unpartitioned run:
    // one part, nothing exchanged, and the arrays empty).
    uint32_t num_parts = 1;
    uint64_t bytes_exchanged = 0;
    uint32_t exchange_rounds = 0;
    double exchange_ms = 0;                              // summed over parts
    double exchange_hidden_ms = 0;                       // of exchange_ms, run while the parts computed
    std::vector<double> part_compute_ms, part_exchange_ms;  // per part, lent to gg_run_stats
    uint32_t slowest_part = 0;                           // the part of largest compute time
    double slowest_part_compute_ms = 0;
};

// One row group of the "Partitioned runs" tables: one plan (a part count and
// a partitioner) on one graph, and each algorithm run over it. Parts 1 is the
// unpartitioned run, with no plan: the baseline of "x unpartitioned".
struct PlanResult {
    std::string graph;
    uint32_t parts = 1;
    std::string partitioner;       // as asked; "" for parts 1
    std::string chosen;            // the partitioner that ran (auto: the one it chose)
    std::string choice;            // gg_partition_plan_stats.choice: why auto chose it ("" otherwise)
    bool requested = true;         // false: parts 1 measured only as the baseline
    std::string status = "ok";     // ok | skipped (the library said GG_ERROR_UNSUPPORTED) | error
    std::string message;
    // gg_partition_plan_read_stats (zero for parts 1).
    uint32_t replication_depth = 0;  // as built (auto resolved)
    uint32_t empty_parts = 0;
    uint64_t edge_cut = 0, replicas = 0, local_edges = 0, max_part_vertices = 0;
    double partition_ms = 0, build_ms = 0;
    std::vector<KernelResult> runs;
    std::vector<double> vs_unpartitioned;  // per run: median / the baseline's median; 0 when unknown
};

struct PartitionedSection {
    bool requested = false;            // --parts was given
    std::vector<uint32_t> parts;
    std::vector<std::string> partitioners;
    std::string replication_depth;     // as asked: "1".."8" or "auto"
    std::string backend = "cpu";       // partitioned runs name it in gg_run_options.backend
    std::string backend_reason;        // why, when the context's backend is another
    std::vector<int32_t> devices;      // the context's GPUs the parts run on (cuda only)
    std::vector<std::string> notes;    // e.g. metis skipped
    std::vector<PlanResult> plans;
};

struct Report {
    MachineInfo machine;
    std::string note;
    std::string backend_requested;
    std::string suite;                // "reduced" (scale 20, grid 1024), "full" (22, 2048) or "custom"
    uint32_t scale = 0, grid = 0, degree = 0;
    uint64_t seed = 0;
    int trials = 0;
    uint32_t pagerank_iterations = 0;
    bool verify = true;
    bool serial_verify = true;  // false: --compare-only
    CopyBandwidth host_copy;
    double device_copy_gb_per_s = 0;
    uint64_t device_copy_bytes = 0;
    std::string device_copy_error;
    std::vector<GraphResult> graphs;
    std::vector<KernelResult> results;
    // --layouts as asked, in order (each result names its own); empty: every
    // kernel ran once with GG_LAYOUT_AUTO and there is no layout table.
    std::vector<std::string> layouts;
    uint32_t degree_bound = 0;  // --degree-bound; 0: the library's defaults
    PartitionedSection partitioned;
};

const char *backend_name(gg_backend backend);
const char *layout_name(gg_layout layout);

}  // namespace bench
