// anchor_check: a quick driver for the GPU machine, used by scripts/gpu-check
// when tuning the CUDA backend. It generates the anchor graphs of issue 3
// (kron and urand scale S degree 16, symmetrized; a G x G grid; weights
// uniform integers in [1, 255]; the generator's default seed), runs each
// algorithm on the CUDA backend (one warm-up, then T timed runs, graph
// resident) and checks the last result against the CPU backend: exact for
// BFS depths, CC, SSSP and SSWP; PageRank and BC within a relative tolerance.
// It prints one line per (graph, algorithm) with the median compute time.
// The committed benchmark numbers come from bench/'s gg-bench, not from here.
//
// usage: anchor_check [--scale S] [--grid G] [--trials T] [--graphs kron,urand,road]
//                     [--algorithms bfs,sssp,sswp,cc,pagerank,bc,spmv] [--no-verify]
//                     [--sssp-deltas D1,D2,...]   (SSSP also timed with each bucket width)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "gg.h"

namespace {

struct Options {
    uint32_t scale = 22;
    uint32_t grid = 2048;
    int trials = 5;
    std::vector<std::string> graphs{"kron", "urand", "road"};
    std::vector<std::string> algorithms{"bfs", "sssp", "pagerank", "cc", "sswp", "bc", "spmv"};
    bool verify = true;
    std::vector<float> sssp_deltas;  // extra SSSP timings with these bucket widths
};

std::vector<std::string> split(const std::string &s) {
    std::vector<std::string> parts;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ',')) parts.push_back(item);
    return parts;
}

bool parse(int argc, char **argv, Options &o) {
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char *name) -> const char * {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "anchor_check: %s needs a value\n", name);
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--scale") o.scale = uint32_t(std::atoi(value("--scale")));
        else if (a == "--grid") o.grid = uint32_t(std::atoi(value("--grid")));
        else if (a == "--trials") o.trials = std::atoi(value("--trials"));
        else if (a == "--graphs") o.graphs = split(value("--graphs"));
        else if (a == "--algorithms") o.algorithms = split(value("--algorithms"));
        else if (a == "--no-verify") o.verify = false;
        else if (a == "--sssp-deltas") {
            for (const std::string &d : split(value("--sssp-deltas"))) o.sssp_deltas.push_back(std::strtof(d.c_str(), nullptr));
        }
        else {
            std::fprintf(stderr, "anchor_check: unknown argument %s\n", a.c_str());
            return false;
        }
    }
    return o.trials >= 1 && o.scale >= 1 && o.scale <= 30 && o.grid >= 2;
}

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void check(gg_status status, gg_context *context, const char *what) {
    if (status != GG_OK) {
        std::fprintf(stderr, "anchor_check: %s failed: %s: %s\n", what, gg_status_string(status),
                     gg_context_last_error(context));
        std::exit(1);
    }
}

gg_graph *generate(gg_context *context, const std::string &name, const Options &o, uint32_t &source) {
    gg_generator_options g;
    gg_generator_options_init(&g);
    g.weighted = 1;
    g.weight_min = 1;
    g.weight_max = 255;
    g.symmetrize = 1;
    if (name == "kron" || name == "urand") {
        g.kind = name == "kron" ? GG_GENERATOR_KRON : GG_GENERATOR_URAND;
        g.scale = o.scale;
        g.degree = 16;
    } else {
        g.kind = GG_GENERATOR_GRID;
        g.rows = o.grid;
        g.cols = o.grid;
    }
    gg_graph *graph = nullptr;
    check(gg_graph_generate(context, &g, &graph), context, "gg_graph_generate");
    const uint32_t n = gg_graph_num_vertices(graph);
    if (name == "road") {
        source = (o.grid / 2) * o.grid + o.grid / 2;
    } else {
        std::vector<uint32_t> degrees(n);
        check(gg_graph_out_degrees(context, graph, degrees.data()), context, "gg_graph_out_degrees");
        source = uint32_t(std::max_element(degrees.begin(), degrees.end()) - degrees.begin());
    }
    return graph;
}

// Runs one algorithm into `result` (a byte buffer sized for its output).
using Runner = std::function<gg_status(gg_context *, const gg_graph *, const gg_run_options *, gg_run_stats *,
                                        std::vector<double> &)>;

Runner runner_for(const std::string &algorithm, uint32_t source, uint32_t n) {
    auto x = std::make_shared<std::vector<float>>(n);
    for (uint32_t i = 0; i < n; ++i) (*x)[i] = float((i * 2654435761u) % 1000) / 1000.0f;
    if (algorithm == "bfs")
        return [=](gg_context *c, const gg_graph *g, const gg_run_options *o, gg_run_stats *s, std::vector<double> &r) {
            std::vector<uint32_t> d(n);
            gg_status st = gg_run_bfs(c, g, source, d.data(), nullptr, o, s);
            r.assign(d.begin(), d.end());
            return st;
        };
    if (algorithm == "sssp" || algorithm == "sswp")
        return [=](gg_context *c, const gg_graph *g, const gg_run_options *o, gg_run_stats *s, std::vector<double> &r) {
            std::vector<float> d(n);
            gg_status st = algorithm == "sssp" ? gg_run_sssp(c, g, source, d.data(), o, s)
                                               : gg_run_sswp(c, g, source, d.data(), o, s);
            r.assign(d.begin(), d.end());
            return st;
        };
    if (algorithm == "cc")
        return [=](gg_context *c, const gg_graph *g, const gg_run_options *o, gg_run_stats *s, std::vector<double> &r) {
            std::vector<uint32_t> d(n);
            gg_status st = gg_run_cc(c, g, d.data(), o, s);
            r.assign(d.begin(), d.end());
            return st;
        };
    if (algorithm == "pagerank")
        return [=](gg_context *c, const gg_graph *g, const gg_run_options *o, gg_run_stats *s, std::vector<double> &r) {
            r.assign(n, 0.0);
            gg_run_options fixed = *o;
            fixed.tolerance = 0;  // exactly max_iterations iterations, as the anchors were timed
            fixed.max_iterations = 20;
            return gg_run_pagerank(c, g, r.data(), &fixed, s);
        };
    if (algorithm == "bc")
        return [=](gg_context *c, const gg_graph *g, const gg_run_options *o, gg_run_stats *s, std::vector<double> &r) {
            r.assign(n, 0.0);
            return gg_run_bc(c, g, &source, 1, r.data(), o, s);
        };
    if (algorithm == "spmv")
        return [=](gg_context *c, const gg_graph *g, const gg_run_options *o, gg_run_stats *s, std::vector<double> &r) {
            std::vector<float> y(n);
            gg_status st = gg_run_spmv(c, g, x->data(), y.data(), o, s);
            r.assign(y.begin(), y.end());
            return st;
        };
    return nullptr;
}

// "" when `got` matches `want`; otherwise the first difference.
std::string compare(const std::string &algorithm, const std::vector<double> &want, const std::vector<double> &got) {
    const bool exact = algorithm == "bfs" || algorithm == "cc" || algorithm == "sssp" || algorithm == "sswp";
    double worst = 0;
    size_t worst_at = 0, wrong = 0;
    for (size_t v = 0; v < want.size(); ++v) {
        const double a = want[v], b = got[v];
        if (exact) {
            if (!(a == b || (std::isinf(a) && std::isinf(b)))) {
                if (wrong++ == 0) worst_at = v;
            }
        } else {
            const double scale = std::max(std::fabs(a), 1e-12);
            const double err = std::fabs(a - b) / scale;
            if (!(err <= worst)) {
                worst = err;
                worst_at = v;
            }
        }
    }
    char line[256];
    if (exact) {
        if (wrong == 0) return "";
        std::snprintf(line, sizeof line, "%zu vertices differ, first %zu: cpu %.9g gpu %.9g", wrong, worst_at,
                      want[worst_at], got[worst_at]);
        return line;
    }
    const double limit = algorithm == "pagerank" ? 1e-4 : 1e-6;
    if (worst <= limit) return "";
    std::snprintf(line, sizeof line, "max relative error %.3g at %zu: cpu %.12g gpu %.12g", worst, worst_at,
                  want[worst_at], got[worst_at]);
    return line;
}

}  // namespace

int main(int argc, char **argv) {
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: anchor_check [--scale S] [--grid G] [--trials T] [--graphs LIST] "
                             "[--algorithms LIST] [--no-verify]\n");
        return 2;
    }
    gg_context *context = nullptr;
    gg_context_options co;
    gg_context_options_init(&co);
    check(gg_context_create(&co, &context), context, "gg_context_create");
    char reason[256] = "";
    if (!gg_context_cuda_available(context, reason, sizeof reason)) {
        std::fprintf(stderr, "anchor_check: no usable GPU: %s\n", reason);
        return 1;
    }
    gg_run_options gpu, cpu;
    gg_run_options_init(&gpu);
    gpu.backend = GG_BACKEND_CUDA;
    gg_run_options_init(&cpu);
    cpu.backend = GG_BACKEND_CPU;

    int failures = 0;
    std::printf("%-6s %-9s %10s %10s %10s %6s %9s %9s %8s  %s\n", "graph", "algorithm", "median_ms", "min_ms",
                "max_ms", "iters", "xfer_ms", "prep_ms", "dev_MB", "check");
    for (const std::string &name : o.graphs) {
        uint32_t source = 0;
        const double t0 = now_ms();
        gg_graph *graph = generate(context, name, o, source);
        const uint32_t n = gg_graph_num_vertices(graph);
        std::printf("# %s: n %u m %llu source %u generated in %.0f ms\n", name.c_str(), n,
                    (unsigned long long)gg_graph_num_edges(graph), source, now_ms() - t0);
        std::fflush(stdout);
        for (const std::string &algorithm : o.algorithms) {
            Runner run = runner_for(algorithm, source, n);
            if (!run) {
                std::fprintf(stderr, "anchor_check: unknown algorithm %s\n", algorithm.c_str());
                return 2;
            }
            std::vector<double> result, reference;
            gg_run_stats first;
            gg_run_stats_init(&first);
            check(run(context, graph, &gpu, &first, result), context, algorithm.c_str());
            std::vector<double> times;
            gg_run_stats stats;
            for (int t = 0; t < o.trials; ++t) {
                gg_run_stats_init(&stats);
                check(run(context, graph, &gpu, &stats, result), context, algorithm.c_str());
                times.push_back(stats.compute_ms);
            }
            std::sort(times.begin(), times.end());
            std::string verdict = "not checked";
            if (o.verify) {
                gg_run_stats cs;
                gg_run_stats_init(&cs);
                check(run(context, graph, &cpu, &cs, reference), context, algorithm.c_str());
                verdict = compare(algorithm, reference, result);
                if (verdict.empty()) {
                    char ok[96];
                    std::snprintf(ok, sizeof ok, "ok (cpu %.1f ms, %u iters)", cs.compute_ms, cs.iterations);
                    verdict = ok;
                } else {
                    ++failures;
                    verdict = "MISMATCH " + verdict;
                }
            }
            std::printf("%-6s %-9s %10.3f %10.3f %10.3f %6u %9.2f %9.2f %8.1f  %s\n", name.c_str(), algorithm.c_str(),
                        times[times.size() / 2], times.front(), times.back(), stats.iterations, first.transfer_ms,
                        first.preprocess_ms, double(stats.device_bytes) / 1e6, verdict.c_str());
            std::fflush(stdout);
            if (algorithm != "sssp") continue;
            for (float delta : o.sssp_deltas) {
                gg_run_options tuned = gpu;
                tuned.delta = delta;
                std::vector<double> ms;
                for (int t = 0; t < o.trials; ++t) {
                    gg_run_stats_init(&stats);
                    check(run(context, graph, &tuned, &stats, result), context, "sssp with delta");
                    ms.push_back(stats.compute_ms);
                }
                std::sort(ms.begin(), ms.end());
                std::printf("%-6s sssp/d=%-4g %10.3f %10.3f %10.3f %6u\n", name.c_str(), double(delta), ms[ms.size() / 2],
                            ms.front(), ms.back(), stats.iterations);
            }
        }
        gg_graph_destroy(graph);
    }
    gg_context_destroy(context);
    std::printf("# %d mismatches\n", failures);
    return failures ? 1 : 0;
}
