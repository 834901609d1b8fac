// Kernel::compare, which checks gg-bench's partitioned runs against the
// unpartitioned run's verified answer in place of the serial verifiers: a
// comparison that cannot fail would let a broken partitioned kernel through,
// one that fails on right answers would fail every --parts run. On a tiny
// kron and grid of the same n, on the CPU, each kernel run over a 2-part plan
// (block, random) must agree with the same kernel run unpartitioned, even
// after that baseline ran again on the other graph (it compares with the
// answer it kept), and must disagree with the kernel run on the other graph,
// with another algorithm and with another PageRank iteration count.
// The comparisons themselves (answer.h) must catch one changed value: a float
// one ulp off, a rank just beyond verify_pagerank's tolerance, a NaN.
// measure_kernel given a baseline must compare instead of verifying, say so,
// and fail a wrong answer as verify-failed. Exits non-zero naming every
// check that did not hold.
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "answer.h"
#include "gg.h"
#include "host_csr.h"
#include "kernels.h"
#include "runner.h"
#include "suite.h"

using namespace bench;

namespace {

int failures = 0;

void expect(bool ok, const std::string &what, const std::string &detail) {
    std::printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what.c_str(), detail.empty() ? "" : ": ", detail.c_str());
    if (!ok) ++failures;
}

void expect_agrees(const std::string &what, const std::string &finding) {
    expect(finding.empty(), what + " agrees", finding);
}

void expect_disagrees(const std::string &what, const std::string &finding) {
    expect(!finding.empty(), what + " disagrees", finding);
}

const uint64_t seed = 27491095;

// A suite graph with its host copy, for the verifiers and SpMV's bound.
struct TestGraph {
    SuiteGraph graph;
    HostCsr csr;
};

bool make_graph(gg_context *context, const std::string &name, TestGraph &out) {
    out.graph = suite_graph(name, 8, 16, 16, seed);  // kron: 2^8 vertices; grid: 16 x 16, as many
    std::string error;
    if (!generate(context, out.graph, error) || !copy_host_csr(context, out.graph.graph, out.csr, error)) {
        expect(false, "generate " + name, error);
        return false;
    }
    return true;
}

KernelSettings cpu_settings(const gg_partition_plan *plan, uint32_t pagerank_iterations = 5) {
    KernelSettings s;
    s.backend = GG_BACKEND_CPU;
    s.partition_plan = plan;
    s.pagerank_iterations = pagerank_iterations;
    return s;
}

// A kernel run once on `g` from its source, the run's statistics in
// `stats`; nullptr (and a failed check) when it did not run.
std::unique_ptr<Kernel> run_kernel(gg_context *context, const std::string &name, const TestGraph &g,
                                   const KernelSettings &settings, gg_run_stats &stats) {
    std::unique_ptr<Kernel> kernel = make_kernel(name, g.graph.n, settings);
    gg_run_stats_init(&stats);
    if (!kernel || kernel->run(context, g.graph.graph, g.graph.source, &stats) != GG_OK) {
        expect(false, name + " on " + g.graph.name + " runs", gg_context_last_error(context));
        return nullptr;
    }
    return kernel;
}

std::unique_ptr<Kernel> run_kernel(gg_context *context, const std::string &name, const TestGraph &g,
                                   const KernelSettings &settings) {
    gg_run_stats stats;
    return run_kernel(context, name, g, settings, stats);
}

gg_partition_plan *make_plan(gg_context *context, const TestGraph &g, gg_partitioner partitioner) {
    gg_partition_plan_options o;
    gg_partition_plan_options_init(&o);
    o.num_parts = 2;
    o.partitioner = partitioner;
    gg_partition_plan *plan = nullptr;
    if (gg_partition_plan_create(context, g.graph.graph, &o, &plan) != GG_OK)
        expect(false, std::string("plan ") + gg_partitioner_name(partitioner) + " on " + g.graph.name,
               gg_context_last_error(context));
    return plan;
}

// One changed value among equal ones, the smallest change each rule must catch.
void check_tolerances() {
    const float inf = std::numeric_limits<float>::infinity();
    const std::vector<float> widths = {0, 3, inf, 255};
    std::vector<float> changed = widths;
    expect_agrees("equal floats, infinity included", compare_vertices("width", changed, widths, Exactly()));
    changed[1] = std::nextafter(3.0f, 4.0f);
    expect_disagrees("a float one ulp off", compare_vertices("width", changed, widths, Exactly()));
    changed[1] = std::nanf("");
    expect_disagrees("a NaN", compare_vertices("width", changed, widths, Exactly()));
    std::vector<float> shorter = {0, 3, inf};
    expect_disagrees("an answer of fewer vertices", compare_vertices("width", shorter, widths, Exactly()));

    const Within pagerank{1e-9, 1e-15};  // verify/verify_pagerank.c's
    const std::vector<double> ranks = {0.25, 0.5, 0.25};
    std::vector<double> near = ranks;
    near[1] *= 1 + 0.5e-9;
    expect_agrees("a rank 0.5e-9 relative off", compare_vertices("rank", near, ranks, pagerank));
    near[1] = ranks[1] * (1 + 2e-9);
    expect_disagrees("a rank 2e-9 relative off", compare_vertices("rank", near, ranks, pagerank));
    near[1] = std::nan("");
    expect_disagrees("a NaN rank", compare_vertices("rank", near, ranks, pagerank));
}

// Every kernel that runs partitioned, on `g`, against its baseline and
// against the same kernel run on `other`.
void check_partitioned(gg_context *context, const TestGraph &g, const TestGraph &other) {
    for (const char *name : {"bfs", "sssp", "sswp", "cc", "pagerank", "bc", "spmv"}) {
        const std::string what = std::string(name) + " on " + g.graph.name;
        gg_run_stats stats;
        std::unique_ptr<Kernel> baseline = run_kernel(context, name, g, cpu_settings(nullptr), stats);
        std::unique_ptr<Kernel> elsewhere = run_kernel(context, name, other, cpu_settings(nullptr));
        if (!baseline || !elsewhere) continue;
        expect_agrees(what + " unpartitioned, with the serial verifier",
                      baseline->verify(g.csr, g.graph.source, stats));
        baseline->keep_answer();
        // Its last answer is now the other graph's; compare must read the kept one.
        if (baseline->run(context, other.graph.graph, other.graph.source, &stats) != GG_OK)
            expect(false, what + " baseline reruns", gg_context_last_error(context));
        for (gg_partitioner partitioner : {GG_PARTITIONER_BLOCK, GG_PARTITIONER_RANDOM}) {
            gg_partition_plan *plan = make_plan(context, g, partitioner);
            if (plan == nullptr) continue;
            const std::string run = what + ", 2 parts " + gg_partitioner_name(partitioner);
            if (std::unique_ptr<Kernel> parted = run_kernel(context, name, g, cpu_settings(plan))) {
                expect_agrees(run + " with the kept unpartitioned answer", parted->compare(*baseline, g.csr));
                expect_disagrees(run + " with the answer on " + other.graph.name, parted->compare(*elsewhere, g.csr));
            }
            gg_partition_plan_destroy(plan);
        }
    }
}

void check_mismatched_kernels(gg_context *context, const TestGraph &g) {
    std::unique_ptr<Kernel> bfs = run_kernel(context, "bfs", g, cpu_settings(nullptr));
    std::unique_ptr<Kernel> cc = run_kernel(context, "cc", g, cpu_settings(nullptr));
    if (bfs && cc) expect_disagrees("bfs with a cc baseline", bfs->compare(*cc, g.csr));
    std::unique_ptr<Kernel> five = run_kernel(context, "pagerank", g, cpu_settings(nullptr, 5));
    std::unique_ptr<Kernel> four = run_kernel(context, "pagerank", g, cpu_settings(nullptr, 4));
    if (five && four) expect_disagrees("pagerank of 4 iterations with one of 5", four->compare(*five, g.csr));
}

// APSP ignores plans, but has a compare like every kernel.
void check_apsp(gg_context *context, const TestGraph &g, const TestGraph &other) {
    std::unique_ptr<Kernel> apsp = run_kernel(context, "apsp", g, cpu_settings(nullptr));
    std::unique_ptr<Kernel> again = run_kernel(context, "apsp", g, cpu_settings(nullptr));
    std::unique_ptr<Kernel> elsewhere = run_kernel(context, "apsp", other, cpu_settings(nullptr));
    if (!apsp || !again || !elsewhere) return;
    expect_agrees("apsp run twice", again->compare(*apsp, g.csr));
    expect_disagrees("apsp with the answer on " + other.graph.name, again->compare(*elsewhere, g.csr));
}

// measure_kernel as bench_partitioned calls it: the baseline verified and
// kept, then a partitioned run compared with it, or with a wrong baseline.
void check_measure_kernel(gg_context *context, const TestGraph &g, const TestGraph &other) {
    RunnerSettings settings;
    settings.trials = 1;
    settings.keep_checked_answer = true;
    std::unique_ptr<Kernel> baseline = make_kernel("sssp", g.graph.n, cpu_settings(nullptr));
    KernelResult b = measure_kernel(context, *baseline, g.graph, &g.csr, settings);
    expect(b.status == "ok" && b.verified && b.checked_against == "serial verifier",
           "measure_kernel verifies the baseline serially", b.status + ", " + b.checked_against + " " + b.message);
    std::unique_ptr<Kernel> wrong = run_kernel(context, "sssp", other, cpu_settings(nullptr));

    gg_partition_plan *plan = make_plan(context, g, GG_PARTITIONER_BLOCK);
    if (plan == nullptr || !wrong) return;
    settings.keep_checked_answer = false;
    settings.part_capacity = 2;
    std::unique_ptr<Kernel> parted = make_kernel("sssp", g.graph.n, cpu_settings(plan));
    KernelResult r = measure_kernel(context, *parted, g.graph, &g.csr, settings, baseline.get());
    expect(r.status == "ok" && r.verified && r.checked_against == "unpartitioned run",
           "measure_kernel compares a partitioned run with the baseline", r.status + ", " + r.checked_against + " " +
           r.message);
    r = measure_kernel(context, *parted, g.graph, &g.csr, settings, wrong.get());
    expect(r.status == "verify-failed" && !r.verified && r.checked_against == "unpartitioned run" &&
               r.message.rfind("unlike the unpartitioned run: ", 0) == 0 && r.compute_ms.empty(),
           "measure_kernel fails, untimed, a run unlike its baseline", r.status + ": " + r.message);
    r = measure_kernel(context, *parted, g.graph, &g.csr, settings);
    expect(r.status == "ok" && r.verified && r.checked_against == "serial verifier",
           "measure_kernel without a baseline verifies serially", r.status + ", " + r.checked_against);
    r = measure_kernel(context, *parted, g.graph, nullptr, settings, baseline.get());
    expect(r.status == "ok" && !r.verified && r.checked_against.empty(),
           "measure_kernel without a CSR (--no-verify) checks nothing", r.status + ", " + r.checked_against);
    gg_partition_plan_destroy(plan);
}

}  // namespace

int main() {
    gg_context_options options;
    gg_context_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    gg_context *context = nullptr;
    if (gg_context_create(&options, &context) != GG_OK) {
        std::puts("FAIL gg_context_create");
        return 1;
    }
    TestGraph kron, grid;
    if (make_graph(context, "kron", kron) && make_graph(context, "grid", grid)) {
        expect(kron.graph.n == grid.graph.n, "kron and grid have the same n", "");
        check_tolerances();
        check_partitioned(context, kron, grid);
        check_partitioned(context, grid, kron);
        check_mismatched_kernels(context, kron);
        check_apsp(context, kron, grid);
        check_measure_kernel(context, kron, grid);
    }
    release_graph(kron.graph);
    release_graph(grid.graph);
    gg_context_destroy(context);
    std::printf("%d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
