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
    std::string status = "ok";  // ok | error | verify-failed
    std::string message;        // the library's error or the verifier's finding
    std::string backend, layout, fallback_reason;
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
    CopyBandwidth host_copy;
    double device_copy_gb_per_s = 0;
    uint64_t device_copy_bytes = 0;
    std::string device_copy_error;
    std::vector<GraphResult> graphs;
    std::vector<KernelResult> results;
};

const char *backend_name(gg_backend backend);
const char *layout_name(gg_layout layout);

}  // namespace bench
