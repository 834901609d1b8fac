/* The host-side builders behind Tigr's layouts and CC's edge set, which run
 * without a GPU: the virtual node array (src/layout/tigr/virtual_split.h), the
 * UDT transform (src/layout/tigr/udt.h) and the symmetrized CSR
 * (src/layout/symmetric.h). Each is checked against its definition written
 * out here, on hand-made graphs (one vertex, no edges, a star much larger
 * than K, a hub of exactly K and K + 1 edges, self-loops, repeated edges)
 * and on random graphs with hubs and isolated vertices. The GPU suites
 * (test_layouts) check the answers these layouts lead to. Built in every
 * configuration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <algorithm>
#include <map>
#include <random>
#include <utility>
#include <vector>

// Before cmocka.h, whose fail() macro would rename gg::fail.
#include "core/error.h"
#include "graph/graph.h"
#include "layout/symmetric.h"
#include "layout/tigr/udt.h"
#include "layout/tigr/virtual_split.h"

extern "C" {
#include <cmocka.h>
}

namespace {

using gg::Csr;
using Edge = std::pair<uint32_t, uint32_t>;

// A CSR from an edge list, lists sorted, repeats kept; weight of edge i is i + 1.
Csr csr_of(uint32_t n, std::vector<Edge> edges) {
    std::stable_sort(edges.begin(), edges.end());
    Csr c;
    c.n = n;
    c.offsets.assign(uint64_t(n) + 1, 0);
    for (const Edge &e : edges) ++c.offsets[e.first + 1];
    for (uint32_t v = 0; v < n; ++v) c.offsets[v + 1] += c.offsets[v];
    for (size_t i = 0; i < edges.size(); ++i) {
        c.indices.push_back(edges[i].second);
        c.weights.push_back(float(i % 97 + 1));
    }
    return c;
}

// The awkward graphs: each case is (n, edges).
std::vector<std::pair<uint32_t, std::vector<Edge>>> shapes() {
    std::vector<std::pair<uint32_t, std::vector<Edge>>> all;
    all.push_back({1, {}});
    all.push_back({1, {{0, 0}, {0, 0}}});
    all.push_back({5, {}});
    std::vector<Edge> star;
    for (uint32_t v = 1; v < 200; ++v) star.push_back({0, v});
    all.push_back({200, star});
    for (uint32_t degree : {9u, 10u, 11u, 20u, 21u}) {
        std::vector<Edge> hub;
        for (uint32_t v = 0; v < degree; ++v) hub.push_back({3, v % 7});  // repeats and a self-loop
        all.push_back({12, hub});
    }
    std::mt19937_64 random(7);
    for (uint32_t round = 0; round < 6; ++round) {
        const uint32_t n = 1 + uint32_t(random() % 300);
        std::vector<Edge> edges;
        const uint32_t m = uint32_t(random() % 2000);
        for (uint32_t i = 0; i < m; ++i) {
            // A third of the edges leave vertex 0 or n/2 (hubs); ids above 3n/4 stay isolated.
            const uint32_t pick = uint32_t(random() % 3);
            const uint32_t u = pick == 0 ? 0 : pick == 1 ? n / 2 : uint32_t(random() % (n - n / 4));
            edges.push_back({u, uint32_t(random() % (n - n / 4))});
        }
        all.push_back({n, edges});
    }
    return all;
}

void check_virtual_nodes(const Csr &c, uint32_t k) {
    const gg::VirtualNodes nodes = gg::build_virtual_nodes(c, k);
    assert_int_equal(nodes.first_virtual.size(), uint64_t(c.n) + 1);
    assert_int_equal(nodes.first_virtual[0], 0);
    std::vector<uint32_t> covered(c.indices.size(), 0);
    for (uint32_t v = 0; v < c.n; ++v) {
        const uint32_t first = nodes.first_virtual[v], family = nodes.first_virtual[v + 1] - first;
        const uint64_t degree = c.degree(v);
        // max(1, ceil(d / K)) virtual nodes, each of its own vertex.
        assert_int_equal(family, std::max<uint64_t>(1, (degree + k - 1) / k));
        for (uint32_t i = 0; i < family; ++i) {
            assert_int_equal(nodes.virtual_vertex[first + i], v);
            // Edge-array coalescing: node i takes edges i, i + f, ... of v's list, at most K of them.
            uint64_t taken = 0;
            for (uint64_t e = c.offsets[v] + i; e < c.offsets[v + 1]; e += family, ++taken) ++covered[e];
            assert_true(taken <= k);
        }
    }
    assert_int_equal(nodes.count(), nodes.virtual_vertex.size());
    for (uint32_t count : covered) assert_int_equal(count, 1);  // every edge in exactly one virtual node
}

void test_virtual_nodes(void **) {
    for (const auto &shape : shapes()) {
        const Csr c = csr_of(shape.first, shape.second);
        for (uint32_t k : {1u, 2u, 3u, 10u, 1000u}) check_virtual_nodes(c, k);
    }
    const Csr c = csr_of(2, {{0, 1}});
    bool refused = false;
    try {
        gg::build_virtual_nodes(c, 0);
    } catch (const gg::Error &e) {
        refused = e.status() == GG_ERROR_INVALID_ARGUMENT;
    }
    assert_true(refused);
}

// UDT by its properties: at most K edges per node; the original vertices'
// trees reach exactly their original (destination, weight) multisets through
// added nodes only, each original edge once; added nodes form trees (each is
// entered by exactly one edge); the number of added nodes is what Algorithm 1
// makes.
void check_udt(const Csr &c, uint32_t k) {
    const gg::UdtGraph udt = gg::udt_transform(c, k);
    const Csr &t = udt.csr;
    assert_int_equal(udt.num_real, c.n);
    assert_int_equal(t.offsets.size(), uint64_t(t.n) + 1);
    assert_int_equal(t.indices.size(), t.offsets[t.n]);
    std::vector<uint32_t> entered(t.n, 0);
    for (uint32_t v = 0; v < t.n; ++v) {
        assert_true(t.degree(v) <= k || (v < c.n && c.degree(v) <= k && t.degree(v) == c.degree(v)));
        for (uint64_t e = t.offsets[v]; e < t.offsets[v + 1]; ++e) {
            assert_true(t.indices[e] < t.n);
            if (t.indices[e] >= c.n) {
                ++entered[t.indices[e]];
                assert_true(t.weights[e] == 0.0f);
            }
        }
    }
    for (uint32_t a = c.n; a < t.n; ++a) {
        assert_int_equal(entered[a], 1);
        assert_int_equal(t.degree(a), k);  // uniform degree: every added node has exactly K edges
    }
    uint64_t expected_added = 0;
    for (uint32_t v = 0; v < c.n; ++v) {
        uint64_t queue = c.degree(v);
        while (queue > k) queue -= k - 1, ++expected_added;
        // What v's tree reaches, walked from v through added nodes.
        std::map<std::pair<uint32_t, float>, int> want, got;
        for (uint64_t e = c.offsets[v]; e < c.offsets[v + 1]; ++e) ++want[{c.indices[e], c.weights[e]}];
        std::vector<uint32_t> stack{v};
        while (!stack.empty()) {
            const uint32_t x = stack.back();
            stack.pop_back();
            for (uint64_t e = t.offsets[x]; e < t.offsets[x + 1]; ++e) {
                if (t.indices[e] >= c.n)
                    stack.push_back(t.indices[e]);
                else
                    ++got[{t.indices[e], t.weights[e]}];
            }
        }
        assert_true(want == got);
    }
    assert_int_equal(uint64_t(t.n) - c.n, expected_added);
}

void test_udt(void **) {
    for (const auto &shape : shapes()) {
        const Csr c = csr_of(shape.first, shape.second);
        for (uint32_t k : {2u, 3u, 10u, 1000u}) check_udt(c, k);
    }
    const Csr c = csr_of(2, {{0, 1}});
    bool refused = false;
    try {
        gg::udt_transform(c, 1);
    } catch (const gg::Error &e) {
        refused = e.status() == GG_ERROR_INVALID_ARGUMENT;
    }
    assert_true(refused);
}

// The symmetrization by its definition: v's list is the sorted set of its
// out- and in-neighbours, each with the smallest weight of the edges between
// them in either direction.
void test_symmetrize(void **) {
    for (const auto &shape : shapes()) {
        gg::Graph g;
        g.out = csr_of(shape.first, shape.second);
        const Csr s = gg::symmetrize(g);
        std::vector<std::map<uint32_t, float>> want(g.n());
        for (uint32_t u = 0; u < g.n(); ++u)
            for (uint64_t e = g.out.offsets[u]; e < g.out.offsets[u + 1]; ++e) {
                const uint32_t v = g.out.indices[e];
                const float w = g.out.weights[e];
                for (const auto &[a, b] : {std::pair{u, v}, std::pair{v, u}}) {
                    auto it = want[a].find(b);
                    if (it == want[a].end() || w < it->second) want[a][b] = w;
                }
            }
        assert_int_equal(s.n, g.n());
        for (uint32_t v = 0; v < g.n(); ++v) {
            assert_int_equal(s.degree(v), want[v].size());
            uint64_t e = s.offsets[v];
            for (const auto &[id, w] : want[v]) {
                assert_int_equal(s.indices[e], id);
                assert_true(s.weights[e] == w);
                ++e;
            }
        }
    }
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_virtual_nodes),
        cmocka_unit_test(test_udt),
        cmocka_unit_test(test_symmetrize),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
