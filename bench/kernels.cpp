// The benchmarked kernels (see kernels.h). Byte models count the compulsory
// traffic of one run over CSR with 8-byte offsets, 4-byte vertex ids and
// 4-byte weights: each array entry a kernel must touch, read or written once.
// Real kernels move more (random gathers miss in cache, delta-stepping
// relaxes some edges twice), so bytes/s is a lower bound on the traffic and
// its ratio to the copy bandwidth is an honest "fraction of roofline".
#include "kernels.h"

#include <limits>

#include "format.h"

namespace bench {

namespace {

// 8 (n + 1) offset bytes plus 4 m neighbour-id bytes: one pass over a CSR.
double csr_pass(uint64_t n, uint64_t m) { return 8.0 * double(n + 1) + 4.0 * double(m); }

// Default options but for the settings' backend (AUTO: the context's, which
// is gg-bench's --backend), partition plan (none: unpartitioned), layout
// (AUTO unless --layouts) and degree bound (0: the library's defaults).
gg_run_options default_options(const KernelSettings &settings) {
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = settings.backend;
    options.partition_plan = settings.partition_plan;
    options.layout = settings.layout;
    options.degree_bound = settings.degree_bound;
    return options;
}

class Bfs final : public Kernel {
public:
    Bfs(uint32_t n, const KernelSettings &s) : depths_(n), options_(default_options(s)) {}
    const char *name() const override { return "bfs"; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t s, gg_run_stats *st) override {
        return gg_run_bfs(c, g, s, depths_.data(), nullptr, &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t s, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_bfs(&graph, s, depths_.data()));
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override { return csr_pass(n, m) + 8.0 * n; }
    const char *byte_model() const override { return "8(n+1) offsets + 4m ids + 4n depth reads + 4n depth writes"; }

private:
    std::vector<uint32_t> depths_;
    gg_run_options options_;
};

class Sssp final : public Kernel {
public:
    Sssp(uint32_t n, const KernelSettings &s) : distances_(n), options_(default_options(s)) {}
    const char *name() const override { return "sssp"; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t s, gg_run_stats *st) override {
        return gg_run_sssp(c, g, s, distances_.data(), &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t s, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_sssp(&graph, s, distances_.data()));
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return csr_pass(n, m) + 4.0 * m + 8.0 * n;
    }
    const char *byte_model() const override {
        return "8(n+1) offsets + 4m ids + 4m weights + 4n distance reads + 4n distance writes";
    }

private:
    std::vector<float> distances_;
    gg_run_options options_;
};

class Sswp final : public Kernel {
public:
    Sswp(uint32_t n, const KernelSettings &s) : widths_(n), options_(default_options(s)) {}
    const char *name() const override { return "sswp"; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t s, gg_run_stats *st) override {
        return gg_run_sswp(c, g, s, widths_.data(), &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t s, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_sswp(&graph, s, widths_.data()));
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return csr_pass(n, m) + 4.0 * m + 8.0 * n;
    }
    const char *byte_model() const override {
        return "8(n+1) offsets + 4m ids + 4m weights + 4n width reads + 4n width writes";
    }

private:
    std::vector<float> widths_;
    gg_run_options options_;
};

class Cc final : public Kernel {
public:
    Cc(uint32_t n, const KernelSettings &s) : labels_(n), options_(default_options(s)) {}
    const char *name() const override { return "cc"; }
    bool uses_source() const override { return false; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t, gg_run_stats *st) override {
        return gg_run_cc(c, g, labels_.data(), &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_cc(&graph, labels_.data()));
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override { return csr_pass(n, m) + 8.0 * n; }
    const char *byte_model() const override { return "8(n+1) offsets + 4m ids + 4n label reads + 4n label writes"; }

private:
    std::vector<uint32_t> labels_;
    gg_run_options options_;
};

// Tolerance 0 makes every run do exactly `iterations` iterations, so runs
// are comparable with each other and with GAP's `pr -i K`.
class PageRank final : public Kernel {
public:
    PageRank(uint32_t n, const KernelSettings &s) : ranks_(n), options_(default_options(s)) {
        options_.tolerance = 0.0;
        options_.max_iterations = s.pagerank_iterations;
    }
    const char *name() const override { return "pagerank"; }
    bool uses_source() const override { return false; }
    bool iterative() const override { return true; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t, gg_run_stats *st) override {
        return gg_run_pagerank(c, g, ranks_.data(), &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t, const gg_run_stats &st) const override {
        if (st.iterations != options_.max_iterations)
            return format("ran %u iterations with tolerance 0 and a cap of %u", st.iterations,
                          options_.max_iterations);
        const verify_csr graph = csr.view();
        return finding_text(verify_pagerank(&graph, ranks_.data(), st.iterations, options_.damping));
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &st) const override {
        return double(st.iterations) * (csr_pass(n, m) + 16.0 * n);
    }
    const char *byte_model() const override {
        return "per iteration: 8(n+1) CSC offsets + 4m in-neighbour ids + 8n rank/contribution reads "
               "(each gathered value counted once) + 8n rank writes";
    }

private:
    std::vector<double> ranks_;
    gg_run_options options_;
};

class Bc final : public Kernel {
public:
    Bc(uint32_t n, const KernelSettings &s) : centrality_(n), options_(default_options(s)) {}
    const char *name() const override { return "bc"; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t s, gg_run_stats *st) override {
        return gg_run_bc(c, g, &s, 1, centrality_.data(), &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t s, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_bc(&graph, &s, 1, centrality_.data()));
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return 2.0 * csr_pass(n, m) + 40.0 * n;
    }
    const char *byte_model() const override {
        return "2 x (8(n+1) offsets + 4m ids) for the forward and backward passes + per vertex a 4-byte depth, "
               "8-byte path count and 8-byte dependency, each written once and read once (40n)";
    }

private:
    std::vector<double> centrality_;
    gg_run_options options_;
};

class Spmv final : public Kernel {
public:
    Spmv(uint32_t n, const KernelSettings &s) : x_(n), y_(n), options_(default_options(s)) {
        // Small integers keep every product exact in float, so the check
        // only has to allow for the order of summation.
        for (uint32_t v = 0; v < n; ++v) x_[v] = float(1 + ((v * 2654435761u) >> 28));
    }
    const char *name() const override { return "spmv"; }
    bool uses_source() const override { return false; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t, gg_run_stats *st) override {
        return gg_run_spmv(c, g, x_.data(), y_.data(), &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_spmv(&graph, x_.data(), y_.data()));
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return csr_pass(n, m) + 4.0 * m + 8.0 * n;
    }
    const char *byte_model() const override {
        return "8(n+1) offsets + 4m ids + 4m weights + 4n x reads (each gathered value counted once) + 4n y writes";
    }

private:
    std::vector<float> x_, y_;
    gg_run_options options_;
};

class Apsp final : public Kernel {
public:
    Apsp(uint32_t n, const KernelSettings &s) : distances_(uint64_t(n) * n), options_(default_options(s)) {}
    const char *name() const override { return "apsp"; }
    bool uses_source() const override { return false; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t, gg_run_stats *st) override {
        return gg_run_apsp(c, g, distances_.data(), distances_.size(), &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_apsp(&graph, distances_.data()));
    }
    double bytes_moved(uint64_t n, uint64_t, const gg_run_stats &) const override { return 4.0 * double(n) * n; }
    const char *byte_model() const override { return "4n^2: the distance matrix written once"; }

private:
    std::vector<float> distances_;
    gg_run_options options_;
};

}  // namespace

std::unique_ptr<Kernel> make_kernel(const std::string &name, uint32_t n, const KernelSettings &settings) {
    if (name == "bfs") return std::make_unique<Bfs>(n, settings);
    if (name == "sssp") return std::make_unique<Sssp>(n, settings);
    if (name == "sswp") return std::make_unique<Sswp>(n, settings);
    if (name == "cc") return std::make_unique<Cc>(n, settings);
    if (name == "pagerank") return std::make_unique<PageRank>(n, settings);
    if (name == "bc") return std::make_unique<Bc>(n, settings);
    if (name == "spmv") return std::make_unique<Spmv>(n, settings);
    if (name == "apsp") return std::make_unique<Apsp>(n, settings);
    return nullptr;
}

}  // namespace bench
