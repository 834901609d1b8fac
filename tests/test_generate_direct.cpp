/* A generated graph built straight from its generator (gg::generate_graph,
 * src/gen/generated_csr.cpp) equals the generator's edge list built by the
 * general builder with the generator's rules (self-loops dropped, duplicates
 * merged to the smallest weight, both directions when symmetrized), entry
 * for entry: offsets, targets, weights and the weight facts. Over kron
 * (Graph500 and skewed R-MAT parameters: many duplicates and self-loops),
 * urand and grids (one row, one column), weighted (weight ranges with and
 * without 0, one weight) or not, symmetrized or not, several seeds, scales
 * 1 to 14, and 1, 2 and 7 threads. The options' errors are the edge list's. A range of
 * rows (generate_rows, each process's own in a distributed run) is the graph's
 * rows, for 1 to 7 processes and odd ranges. */
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <omp.h>

#include "core/error.h"
#include "gen/generators.h"
#include "graph/builder.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

gg::Graph through_the_builder(const gg_generator_options &o) {
    gg::BuildOptions rules;
    rules.undirected = o.symmetrize != 0;
    rules.drop_self_loops = true;
    rules.duplicates = GG_DUPLICATES_KEEP_MIN;
    rules.max_edges = UINT64_MAX;
    return gg::build_graph(gg::generate_edges(o), rules);
}

// Default options but the generator and its shape.
gg_generator_options shaped(gg_generator kind, uint32_t scale, uint32_t degree, uint32_t rows, uint32_t cols) {
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.kind = kind;
    o.scale = scale;
    o.degree = degree;
    o.rows = rows;
    o.cols = cols;
    return o;
}

void expect_equal(const gg::Graph &want, const gg::Graph &got, const std::string &what) {
    const char *w = what.c_str();
    if (want.n() != got.n()) fail_msg("%s: %u vertices, expected %u", w, got.n(), want.n());
    if (want.out.offsets != got.out.offsets) fail_msg("%s: offsets differ", w);
    if (want.out.indices != got.out.indices) fail_msg("%s: targets differ", w);
    if (want.out.weights != got.out.weights) fail_msg("%s: weights differ", w);
    if (want.undirected != got.undirected || want.weighted != got.weighted) fail_msg("%s: flags differ", w);
    if (want.min_weight != got.min_weight || want.max_weight != got.max_weight ||
        want.integer_weights != got.integer_weights || want.has_negative_weight != got.has_negative_weight)
        fail_msg("%s: weight facts differ", w);
}

void test_direct_build_equals_the_builder(void **state) {
    (void)state;
    struct Kind {
        const char *name;
        gg_generator kind;
        uint32_t scale, degree, rows, cols;
        double a, b, c;
    };
    const Kind kinds[] = {
        {"kron 12", GG_GENERATOR_KRON, 12, 16, 0, 0, 0.57, 0.19, 0.19},
        {"kron 14 skewed", GG_GENERATOR_KRON, 14, 8, 0, 0, 0.85, 0.05, 0.05},
        {"kron 1", GG_GENERATOR_KRON, 1, 4, 0, 0, 0.57, 0.19, 0.19},
        {"kron 3 all in one quadrant", GG_GENERATOR_KRON, 3, 8, 0, 0, 1.0, 0.0, 0.0},
        {"urand 13", GG_GENERATOR_URAND, 13, 16, 0, 0, 0.57, 0.19, 0.19},
        {"urand 2", GG_GENERATOR_URAND, 2, 32, 0, 0, 0.57, 0.19, 0.19},
        {"grid 150 x 90", GG_GENERATOR_GRID, 0, 0, 150, 90, 0.57, 0.19, 0.19},
        {"grid 1 x 500", GG_GENERATOR_GRID, 0, 0, 1, 500, 0.57, 0.19, 0.19},
        {"grid 700 x 1", GG_GENERATOR_GRID, 0, 0, 700, 1, 0.57, 0.19, 0.19},
        {"grid 1 x 1", GG_GENERATOR_GRID, 0, 0, 1, 1, 0.57, 0.19, 0.19},
    };
    struct Weights {
        const char *name;
        int32_t weighted;
        uint32_t min, max;
    };
    const Weights weights[] = {{"unweighted", 0, 1, 255}, {"weights 1..255", 1, 1, 255},
                               {"weights 0..3", 1, 0, 3}, {"weight 7 only", 1, 7, 7}};
    const int thread_counts[] = {1, 2, 7};
    const int previous = omp_get_max_threads();
    unsigned checked = 0;
    for (const Kind &k : kinds)
        for (const Weights &w : weights)
            for (int32_t symmetrize : {1, 0})
                for (uint64_t seed : {27491095ull, 7ull}) {
                    gg_generator_options o = shaped(k.kind, k.scale, k.degree, k.rows, k.cols);
                    o.rmat_a = k.a;
                    o.rmat_b = k.b;
                    o.rmat_c = k.c;
                    o.weighted = w.weighted;
                    o.weight_min = w.min;
                    o.weight_max = w.max;
                    o.symmetrize = symmetrize;
                    o.seed = seed;
                    const gg::Graph want = through_the_builder(o);
                    for (int threads : thread_counts) {
                        omp_set_num_threads(threads);
                        char what[200];
                        std::snprintf(what, sizeof what, "%s, %s, %s, seed %llu, %d threads", k.name, w.name,
                                      symmetrize ? "symmetrized" : "directed", (unsigned long long)seed, threads);
                        expect_equal(want, gg::generate_graph(o), what);
                        ++checked;
                    }
                    omp_set_num_threads(previous);
                }
    std::printf("%u generated graphs built directly: equal to the builder's\n", checked);
}

// Bad options fail before anything is drawn, with the edge list's status and message.
void test_errors_are_the_edge_lists(void **state) {
    (void)state;
    gg_generator_options bad[4];
    for (gg_generator_options &o : bad) gg_generator_options_init(&o);
    bad[0].scale = 0;
    bad[1].degree = 1u << 20;
    bad[1].scale = 30;
    bad[2].kind = GG_GENERATOR_GRID;
    bad[2].rows = 0;
    bad[3].weighted = 1;
    bad[3].weight_min = 9;
    bad[3].weight_max = 3;
    for (const gg_generator_options &o : bad) {
        gg_status list_status = GG_OK, direct_status = GG_OK;
        std::string list_message, direct_message;
        try {
            gg::generate_edges(o);
        } catch (const gg::Error &e) {
            list_status = e.status();
            list_message = e.what();
        }
        try {
            gg::generate_graph(o);
        } catch (const gg::Error &e) {
            direct_status = e.status();
            direct_message = e.what();
        }
        assert_int_not_equal(list_status, GG_OK);
        assert_int_equal(direct_status, list_status);
        assert_string_equal(direct_message.c_str(), list_message.c_str());
    }
}

}  // namespace

// A distributed run's rows (gg::generate_rows): for 1 to 7 processes, each
// range of rows first_row_of(n, r, R) <= v < first_row_of(n, r + 1, R) holds
// exactly the whole graph's lists of those vertices (offsets rebased to the
// range, targets in the graph's ids, weights), so the ranges concatenated are
// the graph; so do odd ranges (one row, the last row, empty ranges at either
// end), more processes than vertices, and 1 and 3 threads.
void test_rows_are_the_graphs_rows(void **state) {
    (void)state;
    struct Case {
        const char *name;
        gg_generator kind;
        uint32_t scale, degree, rows, cols;
        int32_t symmetrize, weighted;
    };
    const Case cases[] = {
        {"kron 11 symmetrized, weighted", GG_GENERATOR_KRON, 11, 16, 0, 0, 1, 1},
        {"kron 10 directed", GG_GENERATOR_KRON, 10, 8, 0, 0, 0, 0},
        {"kron 2", GG_GENERATOR_KRON, 2, 4, 0, 0, 1, 1},
        {"urand 10 directed, weighted", GG_GENERATOR_URAND, 10, 8, 0, 0, 0, 1},
        {"grid 40 x 30", GG_GENERATOR_GRID, 0, 0, 40, 30, 1, 1},
        {"grid 1 x 1", GG_GENERATOR_GRID, 0, 0, 1, 1, 1, 0},
    };
    const int previous = omp_get_max_threads();
    unsigned checked = 0;
    for (const Case &c : cases) {
        gg_generator_options o = shaped(c.kind, c.scale, c.degree, c.rows, c.cols);
        o.symmetrize = c.symmetrize;
        o.weighted = c.weighted;
        o.weight_min = 0;
        o.weight_max = 9;
        const gg::Graph whole = gg::generate_graph(o);
        const uint32_t n = whole.n();
        auto expect_rows = [&](uint32_t first, uint32_t end, const char *what) {
            const gg::Csr rows = gg::generate_rows(o, first, end);
            if (rows.n != end - first) fail_msg("%s, %s, rows %u..%u: %u rows", c.name, what, first, end, rows.n);
            const uint64_t base = whole.out.offsets[first];
            for (uint32_t v = 0; v <= rows.n; ++v)
                if (rows.offsets[v] != whole.out.offsets[first + v] - base)
                    fail_msg("%s, %s, rows %u..%u: offset of row %u differs", c.name, what, first, end, first + v);
            const uint64_t count = whole.out.offsets[end] - base;
            if (rows.indices.size() != count || rows.weights.size() != count)
                fail_msg("%s, %s, rows %u..%u: %zu entries, expected %llu", c.name, what, first, end,
                         rows.indices.size(), (unsigned long long)count);
            for (uint64_t e = 0; e < count; ++e)
                if (rows.indices[e] != whole.out.indices[base + e] || rows.weights[e] != whole.out.weights[base + e])
                    fail_msg("%s, %s, rows %u..%u: entry %llu differs", c.name, what, first, end,
                             (unsigned long long)e);
            ++checked;
        };
        for (int threads : {1, 3}) {
            omp_set_num_threads(threads);
            for (uint32_t ranks = 1; ranks <= 7; ++ranks)
                for (uint32_t r = 0; r < ranks; ++r)
                    expect_rows(uint32_t(uint64_t(n) * r / ranks), uint32_t(uint64_t(n) * (r + 1) / ranks),
                                "a process's range");
            expect_rows(0, 0, "empty at the start");
            expect_rows(n, n, "empty at the end");
            expect_rows(n - 1, n, "the last row");
            expect_rows(n / 2, n / 2 + 1, "one row");
        }
        omp_set_num_threads(previous);
    }
    // A range outside the graph is the caller's error, not the options'.
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.scale = 4;
    for (auto range : {std::pair<uint32_t, uint32_t>{3, 2}, {0, 17}}) {
        gg_status status = GG_OK;
        try {
            gg::generate_rows(o, range.first, range.second);
        } catch (const gg::Error &e) {
            status = e.status();
        }
        assert_int_equal(status, GG_ERROR_INTERNAL);
    }
    std::printf("%u row ranges of generated graphs: the whole graph's rows\n", checked);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_direct_build_equals_the_builder),
        cmocka_unit_test(test_errors_are_the_edge_lists),
        cmocka_unit_test(test_rows_are_the_graphs_rows),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
