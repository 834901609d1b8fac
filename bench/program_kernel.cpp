// gg-bench's vertex-program kernels (program_kernel.h).
#include "program_kernel.h"

#include <cstring>
#include <stdexcept>
#include <vector>

#include "answer.h"
#include "format.h"

namespace bench {

namespace {

std::string base_name(const std::string &path) {
    size_t slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    size_t dot = name.find_last_of('.');
    return dot == std::string::npos ? name : name.substr(0, dot);
}

// The built-in a program file computes, from its name: the name itself, or
// the part before its first '_' when that names a built-in (pagerank_cusha
// is PageRank in CuSha's model); "" when it names none.
std::string builtin_of(const std::string &name) {
    static const char *const builtins[] = {"bfs", "sssp", "sswp", "cc", "pagerank"};
    const std::string head = name.substr(0, name.find('_'));
    for (const char *b : builtins)
        if (name == b || head == b) return b;
    return "";
}

class ProgramKernel final : public Kernel {
public:
    ProgramKernel(gg_context *context, const std::string &path, uint32_t n, const KernelSettings &s)
        : algorithm_(builtin_of(base_name(path))), label_("program:" + base_name(path)) {
        gg_program *program = nullptr;
        if (gg_program_load(context, path.c_str(), &program) != GG_OK)
            throw std::runtime_error(gg_context_last_error(context));
        program_.reset(program);
        gg_program_desc_init(&desc_);
        gg_program_get_desc(program, &desc_);
        values_ = Answer<unsigned char>(size_t(n == 0 ? 1 : n) * desc_.vertex_value_size);
        gg_run_options_init(&options_);
        options_.backend = s.backend;
        options_.layout = s.layout;
        gg_program_run_options_init(&run_);
        if (algorithm_ == "pagerank") {
            // The program's parameters are damping, tolerance and the cap
            // (examples/programs/pagerank.ggp); the bench runs a fixed count.
            run_.num_params = 3;
            run_.params[0] = 0.85;
            run_.params[1] = 0.0;
            run_.params[2] = double(s.pagerank_iterations);
        }
        iterations_ = s.pagerank_iterations;
    }
    const char *name() const override { return label_.c_str(); }
    bool uses_source() const override { return algorithm_ != "cc" && algorithm_ != "pagerank"; }
    bool iterative() const override { return algorithm_ == "pagerank"; }
    gg_status run(gg_context *c, const gg_graph *g, uint32_t source, gg_run_stats *st) override {
        run_.source = uses_source() ? source : UINT32_MAX;
        const size_t bytes = size_t(gg_graph_num_vertices(g)) * desc_.vertex_value_size;
        const gg_status status = gg_run_program(c, g, program_.get(), values_.data(), bytes, &run_, &options_, st);
        iterations_run_ = st != nullptr ? st->iterations : 0;  // for compare(), which sees no stats
        return status;
    }
    std::string verify(const HostCsr &csr, uint32_t source, const gg_run_stats &st) const override {
        const verify_csr graph = csr.view();
        const std::vector<unsigned char> &values = values_.last();
        if (algorithm_ == "bfs") return finding_text(verify_bfs(&graph, source, field<uint32_t>(values, csr.n).data()));
        if (algorithm_ == "sssp") return finding_text(verify_sssp(&graph, source, field<float>(values, csr.n).data()));
        if (algorithm_ == "sswp") return finding_text(verify_sswp(&graph, source, field<float>(values, csr.n).data()));
        if (algorithm_ == "cc") return finding_text(verify_cc(&graph, field<uint32_t>(values, csr.n).data()));
        if (algorithm_ == "pagerank") {
            if (st.iterations != iterations_)
                return format("ran %u iterations with tolerance 0 and a cap of %u", st.iterations, iterations_);
            return finding_text(verify_pagerank(&graph, field<double>(values, csr.n).data(), st.iterations, 0.85));
        }
        return "";  // no built-in to check against: the tests compare CPU and GPU
    }
    void keep_answer() override {
        values_.keep();
        kept_iterations_run_ = iterations_run_;
    }
    // As the built-in of the same name compares (kernels.cpp): the printed
    // field exactly, PageRank's within verify_pagerank's tolerance after the
    // same iteration count; a program with no built-in, every byte of every
    // vertex's value.
    std::string compare(const Kernel &baseline, const HostCsr &csr) const override {
        const ProgramKernel *b = dynamic_cast<const ProgramKernel *>(&baseline);
        if (b == nullptr || b->label_ != label_)
            return format("the baseline runs %s, not %s", baseline.name(), name());
        const std::vector<unsigned char> &mine = values_.last(), &theirs = b->values_.reference();
        if (mine.size() != theirs.size())
            return format("the answer has %zu bytes, the baseline %zu", mine.size(), theirs.size());
        if (mine.size() < size_t(csr.n) * desc_.vertex_value_size)
            return format("the answer has %zu bytes, too few for the graph's %u vertices", mine.size(), csr.n);
        if (algorithm_ == "bfs" || algorithm_ == "cc")
            return compare_vertices(algorithm_ == "bfs" ? "depth" : "label", field<uint32_t>(mine, csr.n),
                                    field<uint32_t>(theirs, csr.n), Exactly());
        if (algorithm_ == "sssp" || algorithm_ == "sswp")
            return compare_vertices(algorithm_ == "sssp" ? "distance" : "width", field<float>(mine, csr.n),
                                    field<float>(theirs, csr.n), Exactly());
        if (algorithm_ == "pagerank") {
            const uint32_t baseline_iterations = b->values_.has_kept() ? b->kept_iterations_run_ : b->iterations_run_;
            if (iterations_run_ != baseline_iterations)
                return format("ran %u iterations, the baseline %u", iterations_run_, baseline_iterations);
            return compare_vertices("rank", field<double>(mine, csr.n), field<double>(theirs, csr.n),
                                    Within{1e-9, 1e-15});
        }
        for (size_t i = 0; i < mine.size(); ++i)
            if (mine[i] != theirs[i])
                return format("vertex %zu differs from the baseline at byte %zu of its value",
                              i / desc_.vertex_value_size, i % desc_.vertex_value_size);
        return "";
    }
    double bytes_moved(uint64_t n, uint64_t m, const gg_run_stats &st) const override {
        // The built-in's compulsory traffic: the same answer needs the same bytes.
        const double pass = 8.0 * double(n + 1) + 4.0 * double(m);
        return algorithm_ == "pagerank" ? double(st.iterations) * (pass + 16.0 * n) : pass + 8.0 * n;
    }
    const char *byte_model() const override {
        return "as the built-in of the same name (one CSR pass plus the values; PageRank per iteration)";
    }

private:
    struct Release {
        void operator()(gg_program *p) const { gg_program_destroy(p); }
    };
    std::string algorithm_, label_;
    std::unique_ptr<gg_program, Release> program_;
    gg_program_desc desc_;
    Answer<unsigned char> values_;
    gg_run_options options_;
    gg_program_run_options run_;
    uint32_t iterations_ = 0;  // the cap PageRank programs run to
    uint32_t iterations_run_ = 0, kept_iterations_run_ = 0;  // of the last run, of the kept answer

    // The printed field of every vertex of `values` (the file's "//! output: KIND @OFFSET").
    template <class T>
    std::vector<T> field(const std::vector<unsigned char> &values, uint32_t n) const {
        size_t offset = 0;
        if (const char *at = std::strchr(desc_.output, '@')) offset = std::strtoull(at + 1, nullptr, 10);
        std::vector<T> out(n);
        for (uint32_t v = 0; v < n; ++v)
            std::memcpy(&out[v], values.data() + size_t(v) * desc_.vertex_value_size + offset, sizeof(T));
        return out;
    }
};

}  // namespace

bool is_program_kernel(const std::string &name) { return name.compare(0, 8, "program:") == 0 && name.size() > 8; }

std::unique_ptr<Kernel> make_program_kernel(gg_context *context, const std::string &name, uint32_t n,
                                            const KernelSettings &settings) {
    return std::make_unique<ProgramKernel>(context, name.substr(8), n, settings);
}

}  // namespace bench
