// One benchmarked kernel: how to call it through the public API, how to
// check its result (serially, or against a verified baseline run's answer),
// and how many bytes one call must move (the byte model the bandwidth column
// is computed from; bench/README.md lists them all).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gg.h"
#include "host_csr.h"

namespace bench {

class Kernel {
public:
    virtual ~Kernel() = default;
    virtual const char *name() const = 0;
    virtual bool uses_source() const { return true; }
    // PageRank: times and GTEPS are reported per iteration too.
    virtual bool iterative() const { return false; }
    // Runs once, writing into the kernel's own result buffers.
    virtual gg_status run(gg_context *context, const gg_graph *graph, uint32_t source, gg_run_stats *stats) = 0;
    // Checks the result of the last run; "" when it holds.
    virtual std::string verify(const HostCsr &csr, uint32_t source, const gg_run_stats &stats) const = 0;
    // Copies the last run's answer aside for compare() to read when this
    // kernel is the baseline: its later runs (the timed trials) overwrite
    // the answer the verifier passed.
    virtual void keep_answer() = 0;
    // Compares the last run's answer with `baseline`'s (its kept answer, else
    // its last), a kernel of the same algorithm and settings but the
    // partition plan, run on the same graph `csr` and source: "" when they
    // agree, else the first differing vertex and both values. Exact where
    // the answer is unique (bfs, sssp, sswp, cc, apsp); within the tolerance
    // of verify/'s verifier where the order of a sum rounds (pagerank, which
    // must also run as many iterations, bc, spmv: its bound needs `csr`).
    virtual std::string compare(const Kernel &baseline, const HostCsr &csr) const = 0;
    // Bytes one run must move at least, for a graph of n vertices and m edges.
    virtual double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &stats) const = 0;
    // That model in words, for the reports.
    virtual const char *byte_model() const = 0;
};

struct KernelSettings {
    uint32_t pagerank_iterations = 20;
    // gg_run_options.backend: AUTO runs on the context's backend (gg-bench's
    // --backend); partitioned runs name the CPU, the only backend with parts.
    gg_backend backend = GG_BACKEND_AUTO;
    // gg_run_options.partition_plan: nullptr runs unpartitioned.
    const gg_partition_plan *partition_plan = nullptr;
    // gg_run_options.layout and .degree_bound (--layouts, --degree-bound).
    gg_layout layout = GG_LAYOUT_AUTO;
    uint32_t degree_bound = 0;
};

// A kernel by name (bfs sssp sswp cc pagerank bc spmv apsp) with result
// buffers for a graph of n vertices; nullptr for an unknown name.
std::unique_ptr<Kernel> make_kernel(const std::string &name, uint32_t n, const KernelSettings &settings);

}  // namespace bench
