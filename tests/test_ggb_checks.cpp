/* The one-pass checks of a loaded .ggb (src/io/ggb/ggb_checks.cpp) and the
 * weight facts (src/graph/graph.h) against plain loops written out here:
 * graphs of several chunks of edges (a chunk is 65,536) whose lists cross
 * the chunk boundaries and drop from one list to the next; faults placed at
 * and around those boundaries must be named exactly as the plain walk names
 * them; symmetric graphs must sum to zero and any one changed edge must not;
 * weights of every kind (-0 and +0, negatives, halves, 2^23 + 1, 2^24 and
 * above, huge) on 1, 2, 3 and 7 threads. */
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <omp.h>

#include "core/error.h"
#include "graph/graph.h"
#include "io/ggb/ggb_format.h"
#include "internal_graphs.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

const int kThreads[] = {1, 2, 3, 7};

using gg_test::mix;

// An undirected graph as a sorted CSR: vertex 0 a hub linked to every other
// vertex (a list longer than a chunk), the others linked along a path and to
// pseudo-random partners, each edge stored both ways with one weight.
gg::Graph symmetric_graph(uint32_t n, uint64_t extra_per_vertex) {
    std::vector<std::vector<std::pair<uint32_t, float>>> lists(n);
    auto link = [&](uint32_t u, uint32_t v, float w) {
        lists[u].push_back({v, w});
        if (u != v) lists[v].push_back({u, w});
    };
    for (uint32_t v = 1; v < n; ++v) link(0, v, float(v % 7));
    for (uint32_t v = 1; v + 1 < n; ++v) link(v, v + 1, 2.5f);
    for (uint32_t v = 1; v < n; ++v)
        for (uint64_t k = 0; k < extra_per_vertex; ++k) link(v, uint32_t(mix(v * 31 + k) % n), float(mix(v + k) % 100));
    link(5, 5, 1.0f);  // a self-loop, its own reverse
    gg::Graph g;
    g.undirected = true;
    g.weighted = true;
    g.out.n = n;
    g.out.offsets.assign(uint64_t(n) + 1, 0);
    for (uint32_t v = 0; v < n; ++v) {
        std::sort(lists[v].begin(), lists[v].end());
        g.out.offsets[v + 1] = g.out.offsets[v] + lists[v].size();
        for (const auto &[target, weight] : lists[v]) {
            g.out.indices.push_back(target);
            g.out.weights.push_back(weight);
        }
    }
    return g;
}

gg::io::GgbHeader header_of(const gg::Graph &g) {
    gg::io::GgbHeader h;
    h.n = g.out.n;
    h.m = g.m();
    h.undirected = g.undirected;
    h.weighted = g.weighted;
    return h;
}

gg::io::GgbRun run_of(const gg::Graph &g) {
    gg::io::GgbRun run;
    run.vertices = g.out.n;
    run.offsets = g.out.offsets.data();
    run.indices = g.out.indices.data();
    run.weights = g.out.weights.data();
    return run;
}

// The plain walk: the first vertex with an id out of range or out of order,
// else the first weight not finite; "" when there is none.
std::string plain_fault(const gg::Graph &g) {
    for (uint32_t v = 0; v < g.out.n; ++v)
        for (uint64_t e = g.out.offsets[v]; e < g.out.offsets[v + 1]; ++e)
            if (g.out.indices[e] >= g.out.n || (e > g.out.offsets[v] && g.out.indices[e] < g.out.indices[e - 1]))
                return "the neighbours of vertex " + std::to_string(v) + " are out of range or unsorted";
    for (uint64_t e = 0; e < g.m(); ++e)
        if (!std::isfinite(g.out.weights[e])) return "the weight of edge " + std::to_string(e) + " is not finite";
    return "";
}

// The checks' verdict: "" or the fault they named, on the given threads.
std::string checked_fault(const gg::Graph &g, int threads, uint64_t *asymmetry) {
    omp_set_num_threads(threads);
    const gg::io::SymmetryKey key = gg::io::SymmetryKey::draw();
    try {
        const gg::io::GgbEdgeFacts facts = gg::io::check_ggb_edges("g.ggb", header_of(g), run_of(g), &key);
        if (asymmetry) *asymmetry = facts.asymmetry;
        return "";
    } catch (const gg::Error &error) {
        assert_int_equal(error.status(), GG_ERROR_PARSE);
        const std::string what = error.what(), prefix = "g.ggb: ";
        assert_true(what.compare(0, prefix.size(), prefix) == 0);
        return what.substr(prefix.size());
    }
}

void test_symmetric_graphs_pass_and_sum_to_zero(void **state) {
    (void)state;
    for (uint64_t extra : {0, 3}) {
        const gg::Graph g = symmetric_graph(40000, extra);
        assert_true(g.m() > 2 * 65536);  // three chunks or more, the hub's list across the first boundary
        for (int threads : kThreads) {
            uint64_t asymmetry = 1;
            assert_string_equal(checked_fault(g, threads, &asymmetry).c_str(), "");
            assert_int_equal(asymmetry, 0);
            gg::io::check_ggb_symmetric_exactly("g.ggb", g.out);  // throws if not
        }
    }
    omp_set_num_threads(kThreads[0]);
}

// Any one change that keeps the lists valid leaves an unmatched edge: the sum
// is not zero (but with probability 2^-64) and the exact pass names an edge.
void test_one_unmatched_edge_is_seen(void **state) {
    (void)state;
    const gg::Graph base = symmetric_graph(40000, 3);
    const uint64_t m = base.m();
    for (uint64_t e : {uint64_t(0), uint64_t(65535), uint64_t(65536), m / 2, m - 1}) {
        gg::Graph g = symmetric_graph(40000, 3);
        g.out.weights[e] += 1.0f;  // the mirror keeps the old weight
        for (int threads : {1, 7}) {
            uint64_t asymmetry = 0;
            assert_string_equal(checked_fault(g, threads, &asymmetry).c_str(), "");
            assert_true(asymmetry != 0);
        }
        bool named = false;
        try {
            gg::io::check_ggb_symmetric_exactly("g.ggb", g.out);
        } catch (const gg::Error &error) {
            named = std::string(error.what()).find("has no matching") != std::string::npos;
        }
        assert_true(named);
    }
    omp_set_num_threads(kThreads[0]);
}

// Faults at and beside the chunk boundaries, in lists that cross them, and
// a drop between two lists that is no fault.
void test_faults_named_as_the_plain_walk_names_them(void **state) {
    (void)state;
    const gg::Graph base = symmetric_graph(40000, 3);
    const uint64_t m = base.m();
    struct Edit {
        uint64_t edge;
        int kind;  // 0: swap with the next id, 1: id out of range, 2: NaN weight, 3: infinite weight
    };
    std::vector<Edit> edits;
    for (uint64_t e : {uint64_t(1), uint64_t(65534), uint64_t(65535), uint64_t(65536), uint64_t(131071),
                       uint64_t(131072), m / 2, m - 2})
        for (int kind = 0; kind < 4; ++kind) edits.push_back({e, kind});
    for (const Edit &edit : edits) {
        gg::Graph g = symmetric_graph(40000, 3);
        uint32_t *ids = g.out.indices.data();
        if (edit.kind == 0) std::swap(ids[edit.edge], ids[edit.edge + 1]);
        if (edit.kind == 1) ids[edit.edge] = g.out.n + uint32_t(edit.edge % 3);
        if (edit.kind == 2) g.out.weights[edit.edge] = std::nanf("");
        if (edit.kind == 3) g.out.weights[edit.edge] = -INFINITY;
        const std::string expected = plain_fault(g);
        for (int threads : kThreads) assert_string_equal(checked_fault(g, threads, nullptr).c_str(), expected.c_str());
    }
    omp_set_num_threads(kThreads[0]);
}

// WeightFacts against plain loops: min, max, the first negative edge, and
// whether every weight is an integer below 2^24 (floor, written out).
void check_facts(const std::vector<float> &w) {
    gg::Graph expected;
    expected.out.weights.assign(w.begin(), w.end());
    float lo = 1, hi = 1;
    bool integer = true;
    uint64_t first_negative = UINT64_MAX;
    for (uint64_t e = 0; e < w.size(); ++e) {
        lo = e == 0 ? w[e] : std::min(lo, w[e]);
        hi = e == 0 ? w[e] : std::max(hi, w[e]);
        if (w[e] < 0 && first_negative == UINT64_MAX) first_negative = e;
        integer = integer && std::fabs(w[e]) < 16777216.0f && std::floor(w[e]) == w[e];
    }
    for (int threads : kThreads) {
        omp_set_num_threads(threads);
        gg::Graph g;
        g.out.weights.assign(w.begin(), w.end());
        gg::compute_weight_facts(g);
        assert_true(g.min_weight == lo);  // == : -0 and +0 alike
        assert_true(g.max_weight == hi);
        assert_int_equal(g.has_negative_weight, first_negative != UINT64_MAX);
        assert_int_equal(g.first_negative_edge, first_negative == UINT64_MAX ? 0 : first_negative);
        assert_int_equal(g.integer_weights, integer);
    }
    omp_set_num_threads(kThreads[0]);
}

void test_weight_facts(void **state) {
    (void)state;
    check_facts({});
    check_facts({-0.0f});
    check_facts({0.0f, -0.0f, 3.0f});
    const float odd[] = {0.5f, -0.5f, 1e-30f, -1e-30f, 8388607.5f, 8388609.0f, 16777215.0f, 16777216.0f,
                         -16777215.0f, 3e38f, -3e38f, 1.0f / 3.0f, 4194303.75f, 65536.0f};
    for (float x : odd) {
        std::vector<float> w(200003);
        for (uint64_t e = 0; e < w.size(); ++e) w[e] = float(mix(e) % 1000);
        for (uint64_t at : {uint64_t(0), uint64_t(65535), uint64_t(65536), uint64_t(200002)}) {
            std::vector<float> with = w;
            with[at] = x;
            check_facts(with);
        }
    }
    std::vector<float> negatives(300000);
    for (uint64_t e = 0; e < negatives.size(); ++e) negatives[e] = float(int64_t(mix(e) % 2001) - 1000) * 0.25f;
    check_facts(negatives);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetric_graphs_pass_and_sum_to_zero),
        cmocka_unit_test(test_one_unmatched_edge_is_seen),
        cmocka_unit_test(test_faults_named_as_the_plain_walk_names_them),
        cmocka_unit_test(test_weight_facts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
