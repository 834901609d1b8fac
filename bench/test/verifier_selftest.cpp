// Self-test of the verifiers of verify/, which gg-bench and the CMocka suites
// both run: a verifier that cannot fail would let a broken kernel through. On
// small generated graphs each verifier must accept the library's answer, and
// must reject that answer after one entry is corrupted in a way a broken
// kernel could produce (too large, too small, wrong label). It reads the
// graph as gg-bench does, from a HostCsr copy. Exits non-zero naming every
// check that did not hold.
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "gg.h"
#include "host_csr.h"
#include "verify.h"

using namespace bench;

namespace {

int failures = 0;

void expect(bool ok, const std::string &what, const std::string &detail) {
    std::printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what.c_str(), detail.empty() ? "" : ": ", detail.c_str());
    if (!ok) ++failures;
}

// The verifier must accept the answer as produced...
void expect_accepts(const std::string &what, const verify_finding &finding) {
    expect(!finding.failed, what + " accepts the library's answer", finding_text(finding));
}

// ...and reject it once corrupted.
void expect_rejects(const std::string &what, const verify_finding &finding) {
    expect(finding.failed, what + " rejects a corrupted answer", finding_text(finding));
}

gg_graph *make_graph(gg_context *context, gg_generator kind, uint32_t scale, uint32_t side) {
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.kind = kind;
    o.scale = scale;
    o.rows = o.cols = side;
    o.weighted = 1;
    o.weight_min = 1;
    o.weight_max = 255;
    gg_graph *graph = nullptr;
    if (gg_graph_generate(context, &o, &graph) != GG_OK) {
        expect(false, "gg_graph_generate", gg_context_last_error(context));
        return nullptr;
    }
    return graph;
}

// A vertex other than `excluded` that satisfies `suitable`, searched from
// n/3 on so that it is not always vertex 0; n when there is none.
template <class Suitable>
uint32_t pick_vertex(uint32_t n, uint32_t excluded, Suitable suitable) {
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t v = (n / 3 + i) % n;
        if (v != excluded && suitable(v)) return v;
    }
    return n;
}

// False (and a failed check) when pick_vertex found nothing to corrupt.
bool found(uint32_t v, uint32_t n, const std::string &what) {
    if (v < n) return true;
    expect(false, what, "no suitable vertex to corrupt");
    return false;
}

void check_graph(gg_context *context, const char *label, gg_graph *graph) {
    HostCsr g;
    std::string error;
    if (!copy_host_csr(context, graph, g, error)) {
        expect(false, "copy_host_csr", error);
        return;
    }
    const verify_csr view = g.view();
    const std::string name = label;
    uint32_t source = 0;
    for (uint32_t v = 0; v < g.n; ++v)
        if (g.degree(v) > g.degree(source)) source = v;
    const uint32_t unreached = std::numeric_limits<uint32_t>::max();

    std::vector<uint32_t> depths(g.n);
    if (gg_run_bfs(context, graph, source, depths.data(), nullptr, nullptr, nullptr) == GG_OK) {
        expect_accepts(name + " bfs", verify_bfs(&view, source, depths.data()));
        uint32_t v = pick_vertex(g.n, source, [&](uint32_t u) { return depths[u] != unreached; });
        if (!found(v, g.n, name + " bfs")) return;
        for (int64_t change : {-1, +1}) {
            std::vector<uint32_t> bad = depths;
            bad[v] = uint32_t(int64_t(bad[v]) + change);
            expect_rejects(name + " bfs (depth " + (change < 0 ? "-1)" : "+1)"), verify_bfs(&view, source, bad.data()));
        }
        std::vector<uint32_t> bad = depths;
        bad[v] = unreached;
        expect_rejects(name + " bfs (reached vertex marked unreached)", verify_bfs(&view, source, bad.data()));
    } else {
        expect(false, name + " gg_run_bfs", gg_context_last_error(context));
    }

    std::vector<float> dist(g.n);
    if (gg_run_sssp(context, graph, source, dist.data(), nullptr, nullptr) == GG_OK) {
        expect_accepts(name + " sssp", verify_sssp(&view, source, dist.data()));
        uint32_t v = pick_vertex(g.n, source, [&](uint32_t u) { return !std::isinf(dist[u]); });
        if (!found(v, g.n, name + " sssp")) return;
        for (float change : {-1.0f, +1.0f}) {
            std::vector<float> bad = dist;
            bad[v] += change;
            expect_rejects(name + " sssp (distance " + (change < 0 ? "-1)" : "+1)"),
                           verify_sssp(&view, source, bad.data()));
        }
    } else {
        expect(false, name + " gg_run_sssp", gg_context_last_error(context));
    }

    std::vector<float> widths(g.n);
    if (gg_run_sswp(context, graph, source, widths.data(), nullptr, nullptr) == GG_OK) {
        expect_accepts(name + " sswp", verify_sswp(&view, source, widths.data()));
        uint32_t v = pick_vertex(g.n, source, [&](uint32_t u) { return widths[u] > 0; });
        if (!found(v, g.n, name + " sswp")) return;
        std::vector<float> bad = widths;
        bad[v] += 1;
        expect_rejects(name + " sswp (width +1)", verify_sswp(&view, source, bad.data()));
    } else {
        expect(false, name + " gg_run_sswp", gg_context_last_error(context));
    }

    std::vector<uint32_t> labels(g.n);
    if (gg_run_cc(context, graph, labels.data(), nullptr, nullptr) == GG_OK) {
        expect_accepts(name + " cc", verify_cc(&view, labels.data()));
        uint32_t v = pick_vertex(g.n, 0, [&](uint32_t u) { return labels[u] != u; });
        if (!found(v, g.n, name + " cc")) return;
        std::vector<uint32_t> bad = labels;
        bad[v] = v;
        expect_rejects(name + " cc (vertex split off its component)", verify_cc(&view, bad.data()));
    } else {
        expect(false, name + " gg_run_cc", gg_context_last_error(context));
    }

    std::vector<double> ranks(g.n);
    gg_run_options pr;
    gg_run_options_init(&pr);
    pr.tolerance = 0;
    pr.max_iterations = 10;
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    if (gg_run_pagerank(context, graph, ranks.data(), &pr, &stats) == GG_OK) {
        expect_accepts(name + " pagerank", verify_pagerank(&view, ranks.data(), stats.iterations, pr.damping));
        std::vector<double> bad = ranks;
        bad[g.n / 2] *= 1.0001;
        expect_rejects(name + " pagerank (rank x 1.0001)",
                       verify_pagerank(&view, bad.data(), stats.iterations, pr.damping));
    } else {
        expect(false, name + " gg_run_pagerank", gg_context_last_error(context));
    }

    std::vector<double> centrality(g.n);
    if (gg_run_bc(context, graph, &source, 1, centrality.data(), nullptr, nullptr) == GG_OK) {
        expect_accepts(name + " bc", verify_bc(&view, &source, 1, centrality.data()));
        std::vector<double> bad = centrality;
        bad[(source + 1) % g.n] += 0.5;
        expect_rejects(name + " bc (centrality +0.5)", verify_bc(&view, &source, 1, bad.data()));
    } else {
        expect(false, name + " gg_run_bc", gg_context_last_error(context));
    }

    std::vector<float> x(g.n), y(g.n);
    for (uint32_t v = 0; v < g.n; ++v) x[v] = float(1 + v % 7);
    if (gg_run_spmv(context, graph, x.data(), y.data(), nullptr, nullptr) == GG_OK) {
        expect_accepts(name + " spmv", verify_spmv(&view, x.data(), y.data()));
        // The generated graphs are symmetric, so out-degree = in-degree:
        // take the vertex with the fewest (but some) in-edges.
        uint32_t v = g.n;
        for (uint32_t u = 0; u < g.n; ++u)
            if (g.degree(u) > 0 && (v == g.n || g.degree(u) < g.degree(v))) v = u;
        if (!found(v, g.n, name + " spmv")) return;
        std::vector<float> bad = y;
        bad[v] += 1;  // smaller than any single term (weights and x are integers >= 1)
        expect_rejects(name + " spmv (y + 1 on the lowest-degree vertex)", verify_spmv(&view, x.data(), bad.data()));
    } else {
        expect(false, name + " gg_run_spmv", gg_context_last_error(context));
    }

    if (g.n <= 1024) {
        std::vector<float> all(uint64_t(g.n) * g.n);
        if (gg_run_apsp(context, graph, all.data(), all.size(), nullptr, nullptr) == GG_OK) {
            expect_accepts(name + " apsp", verify_apsp(&view, all.data()));
            std::vector<float> bad = all;
            uint64_t row = g.n / 2;
            uint32_t v = pick_vertex(g.n, uint32_t(row), [&](uint32_t u) { return !std::isinf(all[row * g.n + u]); });
            if (v == g.n) v = uint32_t(row);  // row n/2 reaches nothing: corrupt its diagonal instead
            bad[row * g.n + v] += 1;
            expect_rejects(name + " apsp (row n/2 entry +1)", verify_apsp(&view, bad.data()));
        } else {
            expect(false, name + " gg_run_apsp", gg_context_last_error(context));
        }
    }
}

// Zero-weight edges: 0 -> 1 (weight 5), 1 <-> 2 (weight 0 both ways),
// 2 -> 3 (weight 1); from 0 the distances are 0, 5, 5, 6. Lowering 1, 2 and
// 3 by the same 2 keeps every edge's inequality, and 1 and 2 witness each
// other through the zero-weight cycle: only a path of tight edges from the
// source tells the answer is wrong.
void check_zero_weight_cycle(gg_context *context) {
    const uint32_t src[] = {0, 1, 2, 2}, dst[] = {1, 2, 1, 3};
    const float weights[] = {5, 0, 0, 1};
    gg_graph *graph = nullptr;
    if (gg_graph_create(context, 4, 4, src, dst, weights, nullptr, &graph) != GG_OK) {
        expect(false, "gg_graph_create", gg_context_last_error(context));
        return;
    }
    HostCsr g;
    std::string error;
    if (copy_host_csr(context, graph, g, error)) {
        const verify_csr view = g.view();
        std::vector<float> dist(g.n);
        if (gg_run_sssp(context, graph, 0, dist.data(), nullptr, nullptr) == GG_OK) {
            expect_accepts("zero-weight cycle sssp", verify_sssp(&view, 0, dist.data()));
            std::vector<float> bad = dist;
            for (uint32_t v : {1u, 2u, 3u}) bad[v] -= 2;
            expect_rejects("zero-weight cycle sssp (1, 2 and 3 lowered by 2)", verify_sssp(&view, 0, bad.data()));
        } else {
            expect(false, "zero-weight cycle gg_run_sssp", gg_context_last_error(context));
        }
    } else {
        expect(false, "copy_host_csr", error);
    }
    gg_graph_destroy(graph);
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
    struct Case {
        const char *label;
        gg_generator kind;
        uint32_t scale, side;
    } cases[] = {{"kron-9", GG_GENERATOR_KRON, 9, 0}, {"urand-9", GG_GENERATOR_URAND, 9, 0}, {"grid-20", GG_GENERATOR_GRID, 0, 20}};
    for (const Case &c : cases) {
        gg_graph *graph = make_graph(context, c.kind, c.scale, c.side);
        if (graph == nullptr) continue;
        check_graph(context, c.label, graph);
        gg_graph_destroy(graph);
    }
    check_zero_weight_cycle(context);
    gg_context_destroy(context);
    std::printf("%d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
