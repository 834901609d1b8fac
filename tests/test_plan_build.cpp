/* Building a partition plan (src/partition/plan.cpp) with every thread inside
 * each part (fewer parts than threads) or one thread per part (at least as
 * many parts as threads) gives the same plan, field for field, as one thread
 * building every part: owners, each part's local graph (offsets, targets,
 * weights), ids, out-degrees, owned and computed counts, neighbours, links.
 * Graphs large enough for the parallel loops to take a team (kron and a grid
 * of tens of thousands of vertices), a hub, parallel edges with different
 * weights (a kept edge list must stay in the graph's order), directed and
 * undirected, 1 to 9 parts, depths 1 to 3, random and block owners. And at
 * depth 1 each part is checked against the definition, computed here
 * directly: the replicas are the owned vertices' neighbours (either
 * direction) owned elsewhere, in id order, the local edges are the
 * graph's edges with an owned end and a local other end, and the boundary
 * (owned_boundary) is the owned vertices with a neighbour owned elsewhere.
 * A distributed plan's part built in place (src/partition/direct_part.h),
 * from the edges touching its owned vertices laid out in its row order, is
 * the same part, field for field, with the same links. Every local list
 * holds the ends its part owns first (the partitioned BFS relies on it). */
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <omp.h>

#include "gen/generators.h"
#include "graph/builder.h"
#include "partition/direct_part.h"
#include "partition/metis_partition.h"
#include "partition/partitioners.h"
#include "partition/plan.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

struct Case {
    std::string name;
    gg::Graph graph;
};

gg::Graph generated(gg_generator kind, uint32_t scale, uint32_t rows, bool symmetrize) {
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.kind = kind;
    o.scale = scale;
    o.degree = 8;
    o.rows = rows;
    o.cols = rows;
    o.weighted = 1;
    o.symmetrize = symmetrize ? 1 : 0;
    gg::EdgeList edges = gg::generate_edges(o);
    gg::BuildOptions rules;
    rules.undirected = symmetrize;
    rules.drop_self_loops = true;
    return gg::build_graph(std::move(edges), rules);
}

// A hub joined both ways to every other vertex, a path through the rest, a
// self-loop and parallel edges of different weights (kept, in input order).
gg::Graph hub_with_parallel_edges(uint32_t n) {
    std::vector<uint32_t> src, dst;
    std::vector<float> w;
    auto add = [&](uint32_t u, uint32_t v, float weight) {
        src.push_back(u);
        dst.push_back(v);
        w.push_back(weight);
    };
    for (uint32_t v = 1; v < n; ++v) {
        add(0, v, float(v % 7 + 1));
        add(v, 0, float(v % 5 + 1));
        if (v + 1 < n) add(v, v + 1, 1.0f);
        if (v % 3 == 0 && v + 2 < n) {
            add(v, v + 2, 9.0f);
            add(v, v + 2, 2.0f);  // parallel: its order in the list is the graph's
        }
    }
    add(5, 5, 3.0f);
    gg::BuildOptions rules;
    rules.duplicates = GG_DUPLICATES_KEEP_ALL;
    return gg::build_graph(n, src.size(), src.data(), dst.data(), w.data(), rules);
}

std::vector<Case> cases() {
    std::vector<Case> all;
    all.push_back({"kron scale 15, undirected", generated(GG_GENERATOR_KRON, 15, 0, true)});
    all.push_back({"kron scale 14, directed", generated(GG_GENERATOR_KRON, 14, 0, false)});
    all.push_back({"grid 200 x 200", generated(GG_GENERATOR_GRID, 0, 200, true)});
    all.push_back({"hub of 30000 with parallel edges", hub_with_parallel_edges(30000)});
    return all;
}

std::vector<uint32_t> owners(const gg::Graph &g, uint32_t k, bool random) {
    std::vector<uint32_t> owner(g.n());
    if (random) {
        gg::random_parts(g.n(), k, 12345, owner.data());
    } else {
        for (uint32_t v = 0; v < g.n(); ++v) owner[v] = uint32_t(uint64_t(v) * k / g.n());
    }
    return owner;
}

std::unique_ptr<gg::PartitionPlan> build_with(int threads, const gg::Graph &g, const std::vector<uint32_t> &owner,
                                              uint32_t k, uint32_t depth) {
    const int previous = omp_get_max_threads();
    omp_set_num_threads(threads);
    auto plan = gg::build_partition_plan(g, owner, k, depth);
    omp_set_num_threads(previous);
    return plan;
}

void expect_same_part(const gg::PartitionPart &x, const gg::PartitionPart &y, const char *w, size_t p) {
    if (x.owned != y.owned || x.computed != y.computed || x.neighbours != y.neighbours)
        fail_msg("%s: part %zu: owned %u/%u, computed %u/%u, neighbours %u/%u", w, p, x.owned, y.owned, x.computed,
                 y.computed, x.neighbours, y.neighbours);
    if (x.global_ids != y.global_ids) fail_msg("%s: part %zu: local ids differ", w, p);
    if (x.out_degree != y.out_degree) fail_msg("%s: part %zu: out-degrees differ", w, p);
    if (x.local.out.offsets != y.local.out.offsets || x.local.out.indices != y.local.out.indices ||
        x.local.out.weights != y.local.out.weights)
        fail_msg("%s: part %zu: local graphs differ", w, p);
    if (x.local.max_weight != y.local.max_weight || x.local.min_weight != y.local.min_weight)
        fail_msg("%s: part %zu: weight facts differ", w, p);
    if (x.local.undirected != y.local.undirected || x.local.weighted != y.local.weighted)
        fail_msg("%s: part %zu: the local graphs' flags differ", w, p);
}

void expect_same_links(const std::vector<gg::ReplicaLink> &a, const std::vector<gg::ReplicaLink> &b, const char *w) {
    if (a.size() != b.size()) fail_msg("%s: link counts differ", w);
    for (size_t l = 0; l < a.size(); ++l) {
        const gg::ReplicaLink &x = a[l], &y = b[l];
        if (x.replica_part != y.replica_part || x.owner_part != y.owner_part || x.replica_local != y.replica_local ||
            x.owner_local != y.owner_local)
            fail_msg("%s: link %zu differs", w, l);
    }
}

void expect_same(const gg::PartitionPlan &a, const gg::PartitionPlan &b, const std::string &what) {
    const char *w = what.c_str();
    if (a.owner != b.owner || a.owner_local != b.owner_local) fail_msg("%s: owners differ", w);
    if (a.parts.size() != b.parts.size()) fail_msg("%s: part counts differ", w);
    for (size_t p = 0; p < a.parts.size(); ++p) expect_same_part(a.parts[p], b.parts[p], w, p);
    expect_same_links(a.links, b.links, w);
    if (a.replicas != b.replicas || a.local_edges != b.local_edges || a.edge_cut != b.edge_cut ||
        a.graph_edges != b.graph_edges)
        fail_msg("%s: totals differ", w);
}

// Depth 1 by the definition, from the graph's edge lists alone.
void expect_definition(const gg::Graph &g, const gg::PartitionPlan &plan, const std::string &what) {
    const char *w = what.c_str();
    const gg::Csr &out = g.out, &in = g.in();
    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        const gg::PartitionPart &part = plan.parts[p];
        std::vector<uint32_t> ids, replicas;
        for (uint32_t v = 0; v < g.n(); ++v)
            if (plan.owner[v] == p) ids.push_back(v);
        for (uint32_t u : ids) {
            for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e)
                if (plan.owner[out.indices[e]] != p) replicas.push_back(out.indices[e]);
            for (uint64_t e = in.offsets[u]; e < in.offsets[u + 1]; ++e)
                if (plan.owner[in.indices[e]] != p) replicas.push_back(in.indices[e]);
        }
        std::sort(replicas.begin(), replicas.end());
        replicas.erase(std::unique(replicas.begin(), replicas.end()), replicas.end());
        const uint32_t owned = uint32_t(ids.size());
        ids.insert(ids.end(), replicas.begin(), replicas.end());
        if (part.owned != owned || part.computed != owned || part.global_ids != ids)
            fail_msg("%s: part %u: its vertices are not the owned ones and then their neighbours", w, p);
        // The boundary (owned_boundary, what an exchange toward the
        // replicas sends): the owned vertices with a neighbour, either
        // direction, owned elsewhere, whose part then holds them as replicas.
        const std::vector<uint8_t> boundary = gg::owned_boundary(plan, p);
        if (boundary.size() != ids.size()) fail_msg("%s: part %u: boundary flags for %zu vertices", w, p, boundary.size());
        for (uint32_t l = 0; l < ids.size(); ++l) {
            bool elsewhere = false;
            for (uint64_t e = out.offsets[ids[l]]; l < owned && e < out.offsets[ids[l] + 1]; ++e)
                elsewhere |= plan.owner[out.indices[e]] != p;
            for (uint64_t e = in.offsets[ids[l]]; l < owned && e < in.offsets[ids[l] + 1]; ++e)
                elsewhere |= plan.owner[in.indices[e]] != p;
            if (boundary[l] != uint8_t(elsewhere))
                fail_msg("%s: part %u: local vertex %u is%s flagged as boundary", w, p, l, boundary[l] ? "" : " not");
        }
        std::vector<uint32_t> local_of(g.n(), UINT32_MAX);
        for (uint32_t l = 0; l < ids.size(); ++l) local_of[ids[l]] = l;
        for (uint32_t l = 0; l < ids.size(); ++l) {
            std::vector<std::pair<uint32_t, float>> expected, got;
            for (uint64_t e = out.offsets[ids[l]]; e < out.offsets[ids[l] + 1]; ++e) {
                const uint32_t t = local_of[out.indices[e]];
                if (t != UINT32_MAX && (l < owned || t < owned)) expected.emplace_back(t, out.weights[e]);
            }
            std::stable_sort(expected.begin(), expected.end(),
                             [](const auto &a, const auto &b) { return a.first < b.first; });
            for (uint64_t e = part.local.out.offsets[l]; e < part.local.out.offsets[l + 1]; ++e)
                got.emplace_back(part.local.out.indices[e], part.local.out.weights[e]);
            if (got != expected) fail_msg("%s: part %u: local vertex %u's edges are not the definition's", w, p, l);
            if (part.out_degree[l] != out.degree(ids[l]))
                fail_msg("%s: part %u: local vertex %u's out-degree", w, p, l);
        }
    }
}

// Every local list holds its ends that the part owns first (owned local ids
// are the smallest): the partitioned BFS's top-down levels visit only that
// prefix (cuda/partitioned/bfs_levels.cu, owned_targets).
void expect_owned_targets_first(const gg::PartitionPlan &plan, const std::string &what) {
    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        const gg::PartitionPart &part = plan.parts[p];
        const gg::Csr &local = part.local.out;
        for (uint32_t l = 0; l < part.size(); ++l) {
            bool replica_seen = false;
            for (uint64_t e = local.offsets[l]; e < local.offsets[l + 1]; ++e) {
                const bool owned = local.indices[e] < part.owned;
                if (owned && replica_seen)
                    fail_msg("%s: part %u: local vertex %u's list has an owned end after a replica", what.c_str(),
                             p, l);
                replica_seen |= !owned;
            }
        }
    }
}

void test_threads_give_the_same_plan(void **state) {
    (void)state;
    unsigned checked = 0;
    for (const Case &c : cases()) {
        for (uint32_t k : {1u, 2u, 3u, 9u})
            for (uint32_t depth : {1u, 2u, 3u})
                for (bool random : {true, false}) {
                    const std::vector<uint32_t> owner = owners(c.graph, k, random);
                    char what[160];
                    std::snprintf(what, sizeof what, "%s, %u %s parts, depth %u", c.name.c_str(), k,
                                  random ? "random" : "block", depth);
                    const auto one = build_with(1, c.graph, owner, k, depth);
                    // 8 threads: fewer parts than threads (a team inside
                    // each part) for k < 8, one thread a part for k = 9.
                    const auto eight = build_with(8, c.graph, owner, k, depth);
                    expect_same(*one, *eight, what);
                    expect_owned_targets_first(*eight, what);
                    if (depth == 1) expect_definition(c.graph, *eight, what);
                    ++checked;
                }
    }
    std::printf("%u plans built with 1 and 8 threads: the same\n", checked);
}

// What a process holding part p alone gathers (distributed_plan.cpp):
// every edge of g with an owned end, vertex v's list at row position[v].
gg::Graph gathered_for(const gg::Graph &g, const gg::PartitionPlan &plan, uint32_t p,
                       const std::vector<uint32_t> &position) {
    const gg::Csr &out = g.out;
    const uint32_t n = g.n();
    auto wanted = [&](uint32_t u, uint64_t e) { return plan.owner[u] == p || plan.owner[out.indices[e]] == p; };
    gg::Graph gathered;
    gathered.weighted = g.weighted;
    gathered.undirected = g.undirected;
    gg::Csr &rows = gathered.out;
    rows.n = n;
    rows.offsets.assign(uint64_t(n) + 1, 0);
    for (uint32_t u = 0; u < n; ++u)
        for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) rows.offsets[position[u] + 1] += wanted(u, e);
    for (uint32_t r = 0; r < n; ++r) rows.offsets[r + 1] += rows.offsets[r];
    rows.indices.resize(rows.offsets[n]);
    rows.weights.resize(rows.offsets[n]);
    for (uint32_t u = 0; u < n; ++u) {
        uint64_t at = rows.offsets[position[u]];
        for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e)
            if (wanted(u, e)) {
                rows.indices[at] = out.indices[e];
                rows.weights[at++] = out.weights[e];
            }
    }
    return gathered;
}

void test_parts_built_in_place(void **state) {
    (void)state;
    unsigned checked = 0;
    for (const Case &c : cases())
        for (uint32_t k : {1u, 2u, 3u, 9u})
            for (bool random : {true, false}) {
                const std::vector<uint32_t> owner = owners(c.graph, k, random);
                const auto plan = build_with(8, c.graph, owner, k, 1);
                uint64_t cut = 0;
                for (uint32_t p = 0; p < k; ++p) {
                    char what[160];
                    std::snprintf(what, sizeof what, "%s, part %u of %u %s parts, in place", c.name.c_str(), p, k,
                                  random ? "random" : "block");
                    const std::vector<uint32_t> position = gg::direct_row_order(*plan, p);
                    std::vector<uint32_t> owned;
                    for (uint32_t v = 0; v < c.graph.n(); ++v)
                        if (owner[v] == p) owned.push_back(v);
                    gg::PartitionPart part;
                    std::vector<gg::ReplicaLink> links;
                    gg::Graph gathered = gathered_for(c.graph, *plan, p, position);
                    // The part's share of the cut, by edge_cut.cpp's definition over the gathered edges.
                    const uint64_t share = gg::count_edge_cut_of_part(gathered.out, position.data(), c.graph.n(),
                                                                      gathered.undirected, owner.data(), p);
                    const uint64_t counted =
                        gg::build_direct_part(std::move(gathered), position, p, owned, *plan, part, links);
                    if (counted != share)
                        fail_msg("%s: the part counted %llu of the cut, the definition gives %llu", what,
                                 (unsigned long long)counted, (unsigned long long)share);
                    cut += counted;
                    // The distributed plan's exchange gives replicas their owners' out-degrees.
                    for (uint32_t l = part.owned; l < part.size(); ++l)
                        part.out_degree[l] = c.graph.out.degree(part.global_ids[l]);
                    part.neighbours = plan->parts[p].neighbours;  // from every part's links, later
                    expect_same_part(plan->parts[p], part, what, p);
                    std::vector<gg::ReplicaLink> expected;
                    for (const gg::ReplicaLink &link : plan->links)
                        if (link.replica_part == p) expected.push_back(link);
                    expect_same_links(expected, links, what);
                    ++checked;
                }
                if (cut != plan->edge_cut)
                    fail_msg("%s, %u %s parts in place: their shares of the cut add up to %llu, the plan's is %llu",
                             c.name.c_str(), k, random ? "random" : "block", (unsigned long long)cut,
                             (unsigned long long)plan->edge_cut);
            }
    std::printf("%u parts built in place: the same as the plan's\n", checked);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_give_the_same_plan),
        cmocka_unit_test(test_parts_built_in_place),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
