/* The host-side builders of the layouts the GPU engines upload (src/layout/),
 * which run without a GPU: the hub-ordered CSC of PageRank (hub_order.h),
 * the load balance of the pull kernels (pull_layout.h) and the rule that
 * splits PageRank's CSC into source blocks (source_blocks.h). The GPU suites check the
 * answers these layouts lead to; this suite checks the layouts themselves,
 * against definitions written out here, on hand-made graphs (a star, a
 * multigraph with long repeated lists, a path) and on generated kron graphs,
 * symmetric and directed, whose hub lists are long enough to take the radix
 * sort. Built in every configuration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

#include <algorithm>
#include <vector>

#include <omp.h>

#include "api/handles.h"
#include "gg.h"
#include "layout/cusha/shards.h"
#include "layout/hub_order.h"
#include "layout/pull_layout.h"
#include "layout/source_blocks.h"
#include "internal_graphs.h"

namespace {

using gg::Csr;

using gg_test::csr_of;

// The transpose of a CSR, by the definition: u is in v's list once per edge u -> v.
Csr reversed_edges(const Csr &out) {
    std::vector<std::pair<uint32_t, uint32_t>> reversed;
    for (uint32_t u = 0; u < out.n; ++u)
        for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) reversed.emplace_back(out.indices[e], u);
    return csr_of(out.n, reversed);
}

// Out-edges of v into vertices [0, rows): the out-degree build_hub_order
// ranks by (every out-edge when rows >= n).
uint64_t kept_degree(const Csr &out, uint32_t v, uint32_t rows) {
    uint64_t count = 0;
    for (uint64_t e = out.offsets[v]; e < out.offsets[v + 1]; ++e) count += out.indices[e] < rows;
    return count;
}

// Every property hub_order.h promises, checked from the definitions: with
// `rows` below n, only the in-lists of vertices [0, rows) are kept and the
// out-degrees count only the edges into them.
void check_hub_order(const Csr &in, const Csr &out, uint32_t rows = UINT32_MAX,
                     const std::vector<uint8_t> &front = {}) {
    const uint32_t n = out.n;
    const gg::HubOrderHost h = gg::build_hub_order(in, out, rows, front);
    assert_int_equal(h.vertex_at.size(), n);
    std::vector<uint64_t> degree(n);
    uint64_t kept_edges = 0;
    for (uint32_t v = 0; v < n; ++v) kept_edges += degree[v] = kept_degree(out, v, rows);
    auto is_hub = [&](uint32_t v) { return double(degree[v]) > 2.0 * double(kept_edges) / n; };
    std::vector<uint32_t> new_id(n, UINT32_MAX);
    for (uint32_t s = 0; s < n; ++s) {
        assert_true(h.vertex_at[s] < n);
        assert_int_equal(new_id[h.vertex_at[s]], UINT32_MAX); /* a permutation */
        new_id[h.vertex_at[s]] = s;
    }
    // Hubs first by falling out-degree (ties by id), then the rest in id order.
    uint32_t hubs = 0;
    while (hubs < n && is_hub(h.vertex_at[hubs])) ++hubs;
    for (uint32_t s = hubs; s < n; ++s) assert_false(is_hub(h.vertex_at[s]));
    for (uint32_t s = 1; s < n; ++s) {
        const uint32_t a = h.vertex_at[s - 1], b = h.vertex_at[s];
        if (s < hubs)
            assert_true(degree[a] > degree[b] || (degree[a] == degree[b] && a < b));
        else if (s > hubs)
            assert_true(a < b);
    }
    // With a front set, the rows: the front's ids first, then the others,
    // each group in id order; without one, row s is id s.
    std::vector<uint32_t> row_of(n);
    if (front.empty()) {
        assert_true(h.row_at.empty());
        assert_int_equal(h.front_rows, 0);
        for (uint32_t s = 0; s < n; ++s) row_of[s] = s;
    } else {
        assert_int_equal(h.row_at.size(), n);
        uint32_t flagged = 0;
        for (uint32_t v = 0; v < n; ++v) flagged += front[v] != 0;
        assert_int_equal(h.front_rows, flagged);
        for (uint32_t r = 0; r < n; ++r) {
            assert_true(h.row_at[r] < n);
            assert_int_equal(front[h.vertex_at[h.row_at[r]]] != 0, r < h.front_rows);
            if (r > 0 && r != h.front_rows) assert_true(h.row_at[r - 1] < h.row_at[r]);
            row_of[h.row_at[r]] = r;
        }
    }
    // Out-degrees by new id, in-lists by row; each list sorted; the lists of
    // vertices from `rows` on empty.
    assert_int_equal(h.in.n, n);
    assert_int_equal(h.in.indices.size(), kept_edges);
    assert_int_equal(h.in.offsets[0], 0);
    for (uint32_t s = 0; s < n; ++s) {
        const uint32_t v = h.vertex_at[s];
        const uint32_t r = row_of[s];
        assert_int_equal(h.out_degree[s], degree[v]);
        std::vector<uint32_t> want;
        if (v < rows)
            for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) want.push_back(new_id[in.indices[e]]);
        std::sort(want.begin(), want.end());
        assert_int_equal(h.in.offsets[r + 1] - h.in.offsets[r], want.size());
        assert_true(std::equal(want.begin(), want.end(), h.in.indices.begin() + h.in.offsets[r]));
    }
    // Leaving the lists to the device (test_hub_order_lists checks what it
    // builds) changes nothing else and hands over the new ids.
    const gg::HubOrderHost d = gg::build_hub_order(in, out, rows, front, gg::HubOrderLists::device);
    assert_true(d.vertex_at == h.vertex_at);
    assert_true(d.row_at == h.row_at);
    assert_true(d.out_degree == h.out_degree);
    assert_true(d.in.offsets == h.in.offsets);
    assert_int_equal(d.front_rows, h.front_rows);
    assert_true(d.in.indices.empty());
    assert_int_equal(d.new_id.size(), n);
    for (uint32_t v = 0; v < n; ++v) assert_int_equal(d.new_id[v], new_id[v]);
}

// A star whose hub points at every leaf and every odd leaf back at it, plus
// a few leaf-to-leaf edges so that not every list is the same.
Csr star(uint32_t leaves) {
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (uint32_t v = 1; v <= leaves; ++v) {
        edges.emplace_back(0, v);
        if (v % 2 == 1) edges.emplace_back(v, 0);
    }
    for (uint32_t v = 1; v + 50 <= leaves; v += 50) edges.emplace_back(v, v + 50);
    return csr_of(leaves + 1, edges);
}

void test_hub_order_on_a_star(void **state) {
    (void)state;
    for (uint32_t leaves : {1000u, 3000u}) {
        const Csr out = star(leaves);
        assert_true(gg::hub_order_pays(out));
        check_hub_order(reversed_edges(out), out);
        // Without the hub's in-list, and without any list but the hub's.
        check_hub_order(reversed_edges(out), out, 1);
        check_hub_order(reversed_edges(out), out, leaves / 2);
        // The hub alone in front, and every leaf but the hub.
        std::vector<uint8_t> front(leaves + 1, 0);
        front[0] = 1;
        check_hub_order(reversed_edges(out), out, UINT32_MAX, front);
        for (uint8_t &flag : front) flag = !flag;
        check_hub_order(reversed_edges(out), out, leaves / 2, front);
    }
}

// Two hubs of different degree at the highest ids, so that renumbering moves
// them to the front of every list they are in. The smaller hub's in-list
// repeats sources (kept duplicates) and runs past the radix sort's threshold,
// with ids that need one of its passes (n 1500) or two (n 5000).
void test_hub_order_on_a_multigraph(void **state) {
    (void)state;
    for (uint32_t n : {1500u, 5000u}) {
        const uint32_t big = n - 1, small = n - 2;
        std::vector<std::pair<uint32_t, uint32_t>> edges;
        for (uint32_t v = 0; v < small; ++v) {
            edges.emplace_back(big, v);
            if (v % 2 == 0) edges.emplace_back(small, v);
            edges.emplace_back(v, small);
            if (v % 3 == 0) edges.emplace_back(v, small); /* a duplicate */
        }
        edges.emplace_back(big, small);
        const Csr out = csr_of(n, edges);
        assert_true(gg::hub_order_pays(out));
        check_hub_order(reversed_edges(out), out);
    }
}

void test_hub_order_on_kron(void **state) {
    (void)state;
    gg_context *context = nullptr;
    assert_int_equal(gg_context_create(nullptr, &context), GG_OK);
    for (int symmetrize = 0; symmetrize <= 1; ++symmetrize) {
        gg_generator_options options;
        gg_generator_options_init(&options);
        options.kind = GG_GENERATOR_KRON;
        options.scale = 13;
        options.symmetrize = symmetrize;
        gg_graph *graph = nullptr;
        assert_int_equal(gg_graph_generate(context, &options, &graph), GG_OK);
        const gg::Graph &g = graph->graph;
        assert_true(gg::hub_order_pays(g.out));
        check_hub_order(g.in(), g.out);
        // The rows a part's pull keeps (its computed vertices come first):
        // none, some, all but one, and every one.
        for (const uint32_t rows : {0u, g.n() / 3, g.n() - 1, g.n()}) check_hub_order(g.in(), g.out, rows);
        // Rows in two groups (a part's boundary first): every third vertex,
        // none, every one.
        std::vector<uint8_t> front(g.n());
        for (uint32_t v = 0; v < g.n(); v += 3) front[v] = 1;
        check_hub_order(g.in(), g.out, g.n() / 2, front);
        check_hub_order(g.in(), g.out, g.n(), std::vector<uint8_t>(g.n(), 0));
        check_hub_order(g.in(), g.out, g.n(), std::vector<uint8_t>(g.n(), 1));
        gg_graph_destroy(graph);
    }
    gg_context_destroy(context);
}

// Past 65,536 vertices the order, the rows and the offsets are built by every
// thread (core/parallel_scan.h): the same properties on 1, 2 and 3 threads.
void test_hub_order_on_kron_in_parallel(void **state) {
    (void)state;
    gg_context *context = nullptr;
    assert_int_equal(gg_context_create(nullptr, &context), GG_OK);
    gg_generator_options options;
    gg_generator_options_init(&options);
    options.kind = GG_GENERATOR_KRON;
    options.scale = 17;
    options.degree = 8;
    gg_graph *graph = nullptr;
    assert_int_equal(gg_graph_generate(context, &options, &graph), GG_OK);
    const gg::Graph &g = graph->graph;
    std::vector<uint8_t> front(g.n());
    for (uint32_t v = 0; v < g.n(); v += 5) front[v] = 1;
    const int threads = omp_get_max_threads();
    for (const int t : {1, 2, 3}) {
        omp_set_num_threads(t);
        check_hub_order(g.in(), g.out);
        check_hub_order(g.in(), g.out, g.n() / 2, front);
    }
    omp_set_num_threads(threads);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

void test_hub_order_pays_only_on_skewed_degrees(void **state) {
    (void)state;
    std::vector<std::pair<uint32_t, uint32_t>> path;
    for (uint32_t v = 0; v + 1 < 500; ++v) {
        path.emplace_back(v, v + 1);
        path.emplace_back(v + 1, v);
    }
    assert_false(gg::hub_order_pays(csr_of(500, path)));
    assert_false(gg::hub_order_pays(csr_of(10, {})));
    assert_true(gg::hub_order_pays(star(100)));
}

// A CSC whose every list has `degree` entries, plus one list of `hub_degree`.
Csr regular_with_hub(uint32_t n, uint32_t degree, uint32_t hub_degree) {
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (uint32_t v = 1; v < n; ++v)
        for (uint32_t k = 0; k < degree; ++k) edges.emplace_back(v, (v + 1 + k) % n);
    for (uint32_t k = 0; k < hub_degree; ++k) edges.emplace_back(0, (k + 1) % n);
    return csr_of(n, edges);
}

void test_pull_layout_group_width(void **state) {
    (void)state;
    struct {
        uint32_t degree, lanes;
    } cases[] = {{1, 1}, {4, 1}, {6, 1}, {8, 4}, {12, 4}, {13, 8}, {30, 16}, {48, 16}, {49, 32}, {200, 32}};
    for (const auto &c : cases) {
        const gg::PullLayoutHost layout = gg::build_pull_layout(regular_with_hub(2000, c.degree, 0));
        if (layout.lanes != c.lanes)
            fail_msg("average degree about %u: groups of %u lanes, expected %u", c.degree, layout.lanes, c.lanes);
        assert_int_equal(layout.hub_threshold, std::max<uint32_t>(32 * c.lanes, 512));
        assert_true(layout.hub_vertex.empty());
    }
}

// Every list above the threshold is a hub, cut into chunks that cover it.
void test_pull_layout_hub_chunks(void **state) {
    (void)state;
    const Csr csc = regular_with_hub(9000, 4, 8999);
    const gg::PullLayoutHost layout = gg::build_pull_layout(csc);
    assert_int_equal(layout.lanes, 1);
    assert_int_equal(layout.hub_vertex.size(), 1);
    assert_int_equal(layout.hub_vertex[0], 0);
    const uint64_t pieces = (csc.degree(0) + layout.chunk_edges - 1) / layout.chunk_edges;
    assert_int_equal(layout.hub_first_chunk.size(), 2);
    assert_int_equal(layout.hub_first_chunk[0], 0);
    assert_int_equal(layout.hub_first_chunk[1], pieces);
    assert_int_equal(layout.chunk_hub.size(), pieces);
    for (uint32_t hub : layout.chunk_hub) assert_int_equal(hub, 0);
}

// A window of rows sees its own rows from 0: the hub at row 0 is outside
// [1, n) and inside [0, 1); the window's average degree picks its lanes.
void test_pull_layout_over_a_window(void **state) {
    (void)state;
    const Csr csc = regular_with_hub(9000, 40, 8999);
    const gg::PullLayoutHost whole = gg::build_pull_layout(csc);
    const gg::PullLayoutHost rest = gg::build_pull_layout(csc, 1);
    const gg::PullLayoutHost hub = gg::build_pull_layout(csc, 0, 1);
    assert_int_equal(whole.hub_vertex.size(), 1);
    assert_true(rest.hub_vertex.empty());
    assert_int_equal(rest.lanes, 16);  // average 40: as regular_with_hub(_, 40, 0)
    assert_int_equal(hub.hub_vertex.size(), 1);
    assert_int_equal(hub.hub_vertex[0], 0);
    assert_int_equal(hub.chunk_hub.size(), whole.chunk_hub.size());
    // Past the end, and empty.
    assert_true(gg::build_pull_layout(csc, 9000).hub_vertex.empty());
    assert_true(gg::build_pull_layout(csc, 20000, 5).hub_vertex.empty());
    assert_true(gg::build_pull_layout(csc, 3, 0).hub_vertex.empty());
}

// A generated graph's CSR (the caller destroys `graph`).
const Csr &generated(gg_context *context, gg_generator kind, uint32_t scale, int symmetrize, gg_graph **graph) {
    gg_generator_options options;
    gg_generator_options_init(&options);
    options.kind = kind;
    options.scale = scale;
    options.rows = 1u << (scale / 2);
    options.cols = 1u << (scale - scale / 2);
    options.symmetrize = symmetrize;
    assert_int_equal(gg_graph_generate(context, &options, graph), GG_OK);
    return (*graph)->graph.out;
}

// The definition: at destination v, c(u) is live when u has an out-neighbour
// at or before v and another after it.
uint64_t live_by_definition(const Csr &out) {
    uint64_t peak = 0;
    for (uint32_t v = 0; v < out.n; ++v) {
        uint64_t live = 0;
        for (uint32_t u = 0; u < out.n; ++u) {
            bool before = false, after = false;
            for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
                before = before || out.indices[e] <= v;
                after = after || out.indices[e] > v;
            }
            live += before && after;
        }
        peak = std::max(peak, live);
    }
    return peak;
}

void test_peak_live_sources(void **state) {
    (void)state;
    std::vector<std::pair<uint32_t, uint32_t>> path, repeated;
    for (uint32_t v = 0; v + 1 < 300; ++v) {
        path.emplace_back(v, v + 1);
        path.emplace_back(v + 1, v);
    }
    for (uint32_t k = 0; k < 5; ++k) {
        repeated.emplace_back(3, 7);  // one neighbour five times: read at one destination only
        repeated.emplace_back(k, 9 - k);
        repeated.emplace_back(k, k);
    }
    const Csr shapes[] = {csr_of(300, path), csr_of(10, repeated), star(50), csr_of(1, {}), csr_of(4, {})};
    for (const Csr &out : shapes) assert_int_equal(gg::peak_live_sources(out), live_by_definition(out));
    assert_int_equal(gg::peak_live_sources(csr_of(300, path)), 2);
    assert_int_equal(gg::peak_live_sources(star(50)), 1);

    gg_context *context = nullptr;
    assert_int_equal(gg_context_create(nullptr, &context), GG_OK);
    const gg_generator kinds[] = {GG_GENERATOR_KRON, GG_GENERATOR_URAND, GG_GENERATOR_GRID};
    for (gg_generator kind : kinds)
        for (int symmetrize = 0; symmetrize <= 1; ++symmetrize) {
            gg_graph *graph = nullptr;
            const Csr &out = generated(context, kind, 10, symmetrize, &graph);
            const uint64_t peak = gg::peak_live_sources(out);
            if (peak != live_by_definition(out))
                fail_msg("generator %d, symmetrize %d: peak %llu, by definition %llu", int(kind), symmetrize,
                         (unsigned long long)peak, (unsigned long long)live_by_definition(out));
            gg_graph_destroy(graph);
        }
    gg_context_destroy(context);
}

// Over several of the pass's chunks (2^20 vertices each): random intervals
// of sources, long and short, against a serial sweep of their ends.
void test_peak_live_sources_over_chunks(void **state) {
    (void)state;
    const uint32_t n = 3 * (1u << 20) + 5;
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    uint64_t x = 12345;
    auto next = [&] {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return uint32_t(x >> 33);
    };
    for (uint32_t u = 0; u < n; u += 3) {
        const uint32_t a = next() % n, span = (u % 7 == 0) ? next() % n : next() % 4096;
        edges.emplace_back(u, a);
        edges.emplace_back(u, std::min<uint64_t>(n - 1, uint64_t(a) + span));
    }
    const Csr out = csr_of(n, edges);
    std::vector<int64_t> change(uint64_t(n) + 1, 0);
    for (uint32_t u = 0; u < n; ++u) {
        if (out.offsets[u + 1] - out.offsets[u] < 2) continue;
        const uint32_t first = out.indices[out.offsets[u]], last = out.indices[out.offsets[u + 1] - 1];
        if (first == last) continue;
        ++change[first];
        --change[last];
    }
    int64_t live = 0, peak = 0;
    for (uint32_t v = 0; v < n; ++v) peak = std::max(peak, live += change[v]);
    assert_true(peak > 1000);
    assert_int_equal(gg::peak_live_sources(out), uint64_t(peak));
}

// Two blocks pay where the live values take more than half of the cache:
// a uniform random graph keeps nearly all of them live, a grid a few rows.
void test_source_blocks_pay_where_values_overflow_half_the_cache(void **state) {
    (void)state;
    gg_context *context = nullptr;
    assert_int_equal(gg_context_create(nullptr, &context), GG_OK);
    gg_graph *random = nullptr, *grid = nullptr;
    const Csr &uniform = generated(context, GG_GENERATOR_URAND, 14, 1, &random);
    const Csr &road = generated(context, GG_GENERATOR_GRID, 14, 1, &grid);
    const uint64_t live = gg::peak_live_sources(uniform);
    assert_true(live > uniform.n * 9 / 10);
    assert_true(gg::peak_live_sources(road) <= 2 * 128 + 2);  // two rows of 128
    assert_true(gg::source_blocks_pay(gg::peak_live_sources(uniform), 8, 16 * live - 2));
    assert_false(gg::source_blocks_pay(gg::peak_live_sources(uniform), 8, 16 * live));
    assert_true(gg::source_blocks_pay(gg::peak_live_sources(uniform), 4, 8 * live - 2));
    const uint64_t h100_l2 = 50ull << 20;
    assert_false(gg::source_blocks_pay(gg::peak_live_sources(road), 8, 16 * live - 2));
    assert_false(gg::source_blocks_pay(gg::peak_live_sources(uniform), 8, h100_l2));
    gg_graph_destroy(random);
    gg_graph_destroy(grid);
    gg_context_destroy(context);
}

// The block count: the fewest blocks whose live values fit in half the
// cache, at least 2 (a blocked pass has two), at most kMaxSourceBlocks.
void test_source_block_count_fills_half_the_cache(void **state) {
    (void)state;
    const uint64_t cache = 1u << 20, half = cache / 2;
    assert_int_equal(gg::source_block_count(0, 8, cache), 2);
    assert_int_equal(gg::source_block_count(half / 8, 8, cache), 2);          // fits in one: still 2
    assert_int_equal(gg::source_block_count(2 * half / 8, 8, cache), 2);      // exactly two halves
    assert_int_equal(gg::source_block_count(2 * half / 8 + 1, 8, cache), 3);  // a value more: three
    assert_int_equal(gg::source_block_count(5 * half / 4, 4, cache), 5);
    assert_int_equal(gg::source_block_count(5 * half / 4 + 1, 4, cache), 6);
    assert_int_equal(gg::source_block_count(uint64_t(1) << 40, 8, cache), gg::kMaxSourceBlocks);
    // A zero cache (unknown) never divides by zero: the most blocks.
    assert_int_equal(gg::source_block_count(100, 8, 0), gg::kMaxSourceBlocks);
    // The H100 on urand scale 22 (about n = 4.19M live doubles): the two of before.
    assert_int_equal(gg::source_block_count(4194304, 8, 50ull << 20), 2);
}

}  // namespace

// G-Shards' lists of non-empty windows, against the window offsets: range
// i lists exactly the shards j whose W(i, j) holds entries, in order; on a
// grid-like band (each range reaches only its neighbours) and on a star.
void test_nonempty_windows(void **state) {
    (void)state;
    std::vector<std::pair<uint32_t, uint32_t>> band, star;
    for (uint32_t v = 0; v + 1 < 400; ++v) {
        band.emplace_back(v, v + 1);
        band.emplace_back(v + 1, v);
    }
    for (uint32_t v = 1; v < 300; ++v) star.emplace_back(0, v);
    for (const auto &edges : {band, star}) {
        const Csr csr = csr_of(400, edges);
        gg::ShardOptions options;
        options.vertices_per_shard = 16;
        const gg::Shards s = gg::build_shards(csr, options);
        const gg::NonEmptyWindows w = gg::nonempty_windows(s);
        const uint64_t S = s.num_shards;
        assert_int_equal(w.offsets.size(), S + 1);
        for (uint64_t i = 0; i < S; ++i) {
            std::vector<uint32_t> expected;
            for (uint64_t j = 0; j < S; ++j)
                if (s.window_offsets[j * S + i] < s.window_offsets[j * S + i + 1]) expected.push_back(uint32_t(j));
            const std::vector<uint32_t> listed(w.shard.begin() + w.offsets[i], w.shard.begin() + w.offsets[i + 1]);
            assert_true(listed == expected);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hub_order_on_a_star),
        cmocka_unit_test(test_hub_order_on_a_multigraph),
        cmocka_unit_test(test_hub_order_on_kron),
        cmocka_unit_test(test_hub_order_on_kron_in_parallel),
        cmocka_unit_test(test_hub_order_pays_only_on_skewed_degrees),
        cmocka_unit_test(test_pull_layout_group_width),
        cmocka_unit_test(test_pull_layout_hub_chunks),
        cmocka_unit_test(test_pull_layout_over_a_window),
        cmocka_unit_test(test_peak_live_sources),
        cmocka_unit_test(test_peak_live_sources_over_chunks),
        cmocka_unit_test(test_source_blocks_pay_where_values_overflow_half_the_cache),
        cmocka_unit_test(test_source_block_count_fills_half_the_cache),
        cmocka_unit_test(test_nonempty_windows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
