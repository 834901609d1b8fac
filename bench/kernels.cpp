// The benchmarked kernels (see kernels.h). Byte models count the compulsory
// traffic of one run over CSR with 8-byte offsets, 4-byte vertex ids and
// 4-byte weights: each array entry a kernel must touch, read or written once.
// Real kernels move more (random gathers miss in cache, delta-stepping
// relaxes some edges twice), so bytes/s is a lower bound on the traffic and
// its ratio to the copy bandwidth is an honest "fraction of roofline".
#include "kernels.h"

#include <cmath>
#include <limits>

#include "answer.h"
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

// `baseline` as the comparing kernel's own class K; nullptr when it runs
// another algorithm, which other_algorithm() then reports.
template <class K>
const K *same_algorithm(const Kernel &baseline) {
    return dynamic_cast<const K *>(&baseline);
}

std::string other_algorithm(const Kernel &kernel, const Kernel &baseline) {
    return format("the baseline runs %s, not %s", baseline.name(), kernel.name());
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
        return finding_text(verify_bfs(&graph, s, depths_.last().data()));
    }
    void keep_answer() override { depths_.keep(); }
    std::string compare(const Kernel &baseline, const HostCsr &) const override {
        const Bfs *b = same_algorithm<Bfs>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        return compare_vertices("depth", depths_.last(), b->depths_.reference(), Exactly());
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override { return csr_pass(n, m) + 8.0 * n; }
    const char *byte_model() const override { return "8(n+1) offsets + 4m ids + 4n depth reads + 4n depth writes"; }

private:
    Answer<uint32_t> depths_;
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
        return finding_text(verify_sssp(&graph, s, distances_.last().data()));
    }
    void keep_answer() override { distances_.keep(); }
    // Integer weights make every distance an exact float sum (up to 2^24).
    std::string compare(const Kernel &baseline, const HostCsr &) const override {
        const Sssp *b = same_algorithm<Sssp>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        return compare_vertices("distance", distances_.last(), b->distances_.reference(), Exactly());
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return csr_pass(n, m) + 4.0 * m + 8.0 * n;
    }
    const char *byte_model() const override {
        return "8(n+1) offsets + 4m ids + 4m weights + 4n distance reads + 4n distance writes";
    }

private:
    Answer<float> distances_;
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
        return finding_text(verify_sswp(&graph, s, widths_.last().data()));
    }
    void keep_answer() override { widths_.keep(); }
    // Widths are minima of edge weights: no rounding, as verify_sswp says.
    std::string compare(const Kernel &baseline, const HostCsr &) const override {
        const Sswp *b = same_algorithm<Sswp>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        return compare_vertices("width", widths_.last(), b->widths_.reference(), Exactly());
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return csr_pass(n, m) + 4.0 * m + 8.0 * n;
    }
    const char *byte_model() const override {
        return "8(n+1) offsets + 4m ids + 4m weights + 4n width reads + 4n width writes";
    }

private:
    Answer<float> widths_;
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
        return finding_text(verify_cc(&graph, labels_.last().data()));
    }
    void keep_answer() override { labels_.keep(); }
    // Each label is the smallest id of its component: one right answer.
    std::string compare(const Kernel &baseline, const HostCsr &) const override {
        const Cc *b = same_algorithm<Cc>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        return compare_vertices("label", labels_.last(), b->labels_.reference(), Exactly());
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override { return csr_pass(n, m) + 8.0 * n; }
    const char *byte_model() const override { return "8(n+1) offsets + 4m ids + 4n label reads + 4n label writes"; }

private:
    Answer<uint32_t> labels_;
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
        const gg_status status = gg_run_pagerank(c, g, ranks_.data(), &options_, st);
        iterations_ = st != nullptr ? st->iterations : 0;  // for compare(), which sees no stats
        return status;
    }
    std::string verify(const HostCsr &csr, uint32_t, const gg_run_stats &st) const override {
        if (st.iterations != options_.max_iterations)
            return format("ran %u iterations with tolerance 0 and a cap of %u", st.iterations,
                          options_.max_iterations);
        const verify_csr graph = csr.view();
        return finding_text(verify_pagerank(&graph, ranks_.last().data(), st.iterations, options_.damping));
    }
    void keep_answer() override {
        ranks_.keep();
        kept_iterations_ = iterations_;
    }
    // The same iterates to rounding, so verify/verify_pagerank.c's
    // tolerance: the order of the sums differs between the runs.
    std::string compare(const Kernel &baseline, const HostCsr &) const override {
        const PageRank *b = same_algorithm<PageRank>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        const uint32_t baseline_iterations = b->ranks_.has_kept() ? b->kept_iterations_ : b->iterations_;
        if (iterations_ != baseline_iterations)
            return format("ran %u iterations, the baseline %u", iterations_, baseline_iterations);
        return compare_vertices("rank", ranks_.last(), b->ranks_.reference(), Within{1e-9, 1e-15});
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &st) const override {
        return double(st.iterations) * (csr_pass(n, m) + 16.0 * n);
    }
    const char *byte_model() const override {
        return "per iteration: 8(n+1) CSC offsets + 4m in-neighbour ids + 8n rank/contribution reads "
               "(each gathered value counted once) + 8n rank writes";
    }

private:
    Answer<double> ranks_;
    gg_run_options options_;
    uint32_t iterations_ = 0, kept_iterations_ = 0;  // of the last run, of the kept answer
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
        return finding_text(verify_bc(&graph, &s, 1, centrality_.last().data()));
    }
    void keep_answer() override { centrality_.keep(); }
    // verify/verify_bc.c's tolerance: only the order of the dependency sums differs.
    std::string compare(const Kernel &baseline, const HostCsr &) const override {
        const Bc *b = same_algorithm<Bc>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        return compare_vertices("centrality", centrality_.last(), b->centrality_.reference(), Within{1e-9, 1e-9});
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return 2.0 * csr_pass(n, m) + 40.0 * n;
    }
    const char *byte_model() const override {
        return "2 x (8(n+1) offsets + 4m ids) for the forward and backward passes + per vertex a 4-byte depth, "
               "8-byte path count and 8-byte dependency, each written once and read once (40n)";
    }

private:
    Answer<double> centrality_;
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
        return finding_text(verify_spmv(&graph, x_.data(), y_.last().data()));
    }
    void keep_answer() override { y_.keep(); }
    // verify/verify_spmv.c lets each y(v) be off the exact sum by the bound
    // of recursive float summation, (in-degree + 1) 2^-24 sum of |terms|; two
    // answers each within it differ by at most twice that.
    std::string compare(const Kernel &baseline, const HostCsr &csr) const override {
        const Spmv *b = same_algorithm<Spmv>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        if (csr.n != y_.last().size())
            return format("the graph has %u vertices, the answer %zu", csr.n, y_.last().size());
        std::vector<double> magnitude(csr.n);
        std::vector<uint64_t> in_degree(csr.n);
        for (uint32_t u = 0; u < csr.n; ++u)
            for (uint64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
                magnitude[csr.indices[e]] += std::fabs(double(csr.weights[e]) * double(x_[u]));
                in_degree[csr.indices[e]]++;
            }
        const double unit_roundoff = std::ldexp(1.0, -24);
        return compare_vertices("y", y_.last(), b->y_.reference(), [&](float value, float base, size_t v) {
            const double bound = 2.0 * double(in_degree[v] + 1) * unit_roundoff * magnitude[v] + 1e-30;
            return value == base || std::fabs(double(value) - double(base)) <= bound;
        });
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &) const override {
        return csr_pass(n, m) + 4.0 * m + 8.0 * n;
    }
    const char *byte_model() const override {
        return "8(n+1) offsets + 4m ids + 4m weights + 4n x reads (each gathered value counted once) + 4n y writes";
    }

private:
    std::vector<float> x_;
    Answer<float> y_;
    gg_run_options options_;
};

class Apsp final : public Kernel {
public:
    Apsp(uint32_t n, const KernelSettings &s) : n_(n), distances_(uint64_t(n) * n), options_(default_options(s)) {}
    const char *name() const override { return "apsp"; }
    bool uses_source() const override { return false; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t, gg_run_stats *st) override {
        return gg_run_apsp(c, g, distances_.data(), uint64_t(n_) * n_, &options_, st);
    }
    std::string verify(const HostCsr &csr, uint32_t, const gg_run_stats &) const override {
        const verify_csr graph = csr.view();
        return finding_text(verify_apsp(&graph, distances_.last().data()));
    }
    void keep_answer() override { distances_.keep(); }
    // Shortest distances of integer weights are exact: every entry equal.
    std::string compare(const Kernel &baseline, const HostCsr &) const override {
        const Apsp *b = same_algorithm<Apsp>(baseline);
        if (b == nullptr) return other_algorithm(*this, baseline);
        if (b->n_ != n_) return format("the answer is %u x %u, the baseline's %u x %u", n_, n_, b->n_, b->n_);
        const std::vector<float> &answer = distances_.last(), &reference = b->distances_.reference();
        for (size_t i = 0; i < answer.size(); ++i)
            if (!(answer[i] == reference[i]))
                return format("the distance from %zu to %zu is %s, the baseline's %s", i / n_, i % n_,
                              value_text(answer[i]).c_str(), value_text(reference[i]).c_str());
        return "";
    }
    double bytes_moved(uint64_t n, uint64_t, const gg_run_stats &) const override { return 4.0 * double(n) * n; }
    const char *byte_model() const override { return "4n^2: the distance matrix written once"; }

private:
    uint32_t n_;
    Answer<float> distances_;
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
