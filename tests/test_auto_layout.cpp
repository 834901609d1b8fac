/* layout=auto's cost model (src/layout/auto_layout.h), which runs on the
 * host: the rule on hand-set statistics at and around each threshold, the
 * rule on the statistics of generated graphs of the shapes it tells apart
 * (a grid's gathers stay in cache, a uniform random graph's miss, a kron
 * graph's hubs take the hub order), with a cache scaled down to the graphs,
 * and the G-Shards size estimate against the shards the builder makes.
 * Built in every configuration: the CUDA backend only reads the choice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

#include "api/handles.h"
#include "gg.h"
#include "layout/auto_layout.h"
#include "layout/cusha/shards.h"
#include "layout/hub_order.h"
#include "layout/source_blocks.h"

namespace {

using gg::AutoKernel;
using gg::AutoLayoutFacts;
using gg::choose_auto_layout;

constexpr uint64_t kL2 = 50u << 20;        // an H100's L2
constexpr uint64_t kPlenty = 1ull << 40;   // free memory that fits anything here

// A graph whose gathers stay in cache unless `live` says otherwise.
AutoLayoutFacts facts(uint64_t live, bool hubs = false) {
    AutoLayoutFacts f;
    f.n = 1u << 22;
    f.m = 1ull << 27;
    f.hub_order_pays = hubs;
    f.peak_live_sources = live;
    f.cache_bytes = kL2;
    f.free_device_bytes = kPlenty;
    f.free_host_bytes = kPlenty;
    return f;
}

// 8 bytes a gathered value: the live set overflows half the L2 above this.
constexpr uint64_t kLiveAtHalfL2 = kL2 / 2 / 8;

void test_traversals_run_csr_whatever_the_graph(void **state) {
    (void)state;
    for (uint64_t live : {uint64_t(0), kLiveAtHalfL2 + 1, uint64_t(1) << 26})
        for (bool hubs : {false, true}) {
            const gg::AutoLayoutChoice c = choose_auto_layout(AutoKernel::traversal, facts(live, hubs));
            assert_int_equal(c.layout, GG_LAYOUT_CSR);
            assert_non_null(c.why);
        }
}

void test_pagerank_takes_tocab_only_where_gathers_miss(void **state) {
    (void)state;
    assert_int_equal(choose_auto_layout(AutoKernel::pagerank, facts(kLiveAtHalfL2)).layout, GG_LAYOUT_CSR);
    assert_int_equal(choose_auto_layout(AutoKernel::pagerank, facts(kLiveAtHalfL2 + 1)).layout, GG_LAYOUT_TOCAB);
    // Hubs: the hub-ordered CSR, however spread the rest is.
    assert_int_equal(choose_auto_layout(AutoKernel::pagerank, facts(kLiveAtHalfL2 * 4, true)).layout, GG_LAYOUT_CSR);
    // PageRank never takes the shards: measured slower than TOCAB.
    AutoLayoutFacts f = facts(kLiveAtHalfL2 * 4);
    assert_int_equal(choose_auto_layout(AutoKernel::pagerank, f).layout, GG_LAYOUT_TOCAB);
}

void test_spmv_takes_gshards_where_gathers_miss_and_they_fit(void **state) {
    (void)state;
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, facts(kLiveAtHalfL2)).layout, GG_LAYOUT_CSR);
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, facts(kLiveAtHalfL2 + 1)).layout, GG_LAYOUT_GSHARDS);
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, facts(kLiveAtHalfL2 * 4, true)).layout, GG_LAYOUT_CSR);

    // Device memory: the shards must fit in half of what is free.
    AutoLayoutFacts f = facts(kLiveAtHalfL2 + 1);
    const uint64_t device = gg::estimated_gshards_device_bytes(f.n, f.m);
    f.free_device_bytes = 2 * device;
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, f).layout, GG_LAYOUT_GSHARDS);
    f.free_device_bytes = 2 * device - 2;
    // Not fitting: CSR while x (4 bytes a value) still fits half the L2 ...
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, f).layout, GG_LAYOUT_CSR);
    // ... and TOCAB where x itself overflows it.
    f.peak_live_sources = kL2 / 2 / 4 + 1;
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, f).layout, GG_LAYOUT_TOCAB);

    // Host memory for the build, likewise.
    AutoLayoutFacts h = facts(kLiveAtHalfL2 + 1);
    h.free_host_bytes = 2 * gg::estimated_shards_host_bytes(h.n, h.m) - 2;
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, h).layout, GG_LAYOUT_CSR);
    // No memory known (a query failed): never the shards.
    h.free_host_bytes = 0;
    h.free_device_bytes = 0;
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, h).layout, GG_LAYOUT_CSR);
}

// The statistics of a generated graph, against a cache of `cache_bytes`.
AutoLayoutFacts facts_of(gg_context *context, gg_generator kind, uint32_t scale, uint64_t cache_bytes) {
    gg_generator_options options;
    gg_generator_options_init(&options);
    options.kind = kind;
    options.scale = scale;
    options.rows = 1u << (scale / 2);
    options.cols = 1u << (scale - scale / 2);
    gg_graph *graph = nullptr;
    assert_int_equal(gg_graph_generate(context, &options, &graph), GG_OK);
    const gg::Csr &out = graph->graph.out;
    AutoLayoutFacts f;
    f.n = out.n;
    f.m = out.num_edges();
    f.hub_order_pays = gg::hub_order_pays(out);
    f.peak_live_sources = gg::peak_live_sources(out);
    f.cache_bytes = cache_bytes;
    f.free_device_bytes = kPlenty;
    f.free_host_bytes = kPlenty;
    gg_graph_destroy(graph);
    return f;
}

void test_the_shapes_it_tells_apart(void **state) {
    (void)state;
    gg_context *context = nullptr;
    assert_int_equal(gg_context_create(nullptr, &context), GG_OK);
    // 2^14 vertices against a 64 KiB cache: 8192 live values fill half of it.
    const uint64_t cache = 64u << 10;
    const AutoLayoutFacts grid = facts_of(context, GG_GENERATOR_GRID, 14, cache);
    const AutoLayoutFacts urand = facts_of(context, GG_GENERATOR_URAND, 14, cache);
    const AutoLayoutFacts kron = facts_of(context, GG_GENERATOR_KRON, 14, cache);
    assert_false(grid.hub_order_pays);
    assert_false(urand.hub_order_pays);
    assert_true(kron.hub_order_pays);
    for (AutoKernel k : {AutoKernel::pagerank, AutoKernel::spmv}) {
        assert_int_equal(choose_auto_layout(k, grid).layout, GG_LAYOUT_CSR);
        assert_int_equal(choose_auto_layout(k, kron).layout, GG_LAYOUT_CSR);
    }
    assert_int_equal(choose_auto_layout(AutoKernel::pagerank, urand).layout, GG_LAYOUT_TOCAB);
    assert_int_equal(choose_auto_layout(AutoKernel::spmv, urand).layout, GG_LAYOUT_GSHARDS);
    gg_context_destroy(context);
}

void test_gshards_estimate_bounds_the_built_shards(void **state) {
    (void)state;
    gg_context *context = nullptr;
    assert_int_equal(gg_context_create(nullptr, &context), GG_OK);
    for (gg_generator kind : {GG_GENERATOR_URAND, GG_GENERATOR_KRON, GG_GENERATOR_GRID}) {
        gg_generator_options options;
        gg_generator_options_init(&options);
        options.kind = kind;
        options.scale = 12;
        options.rows = 40;
        options.cols = 100;
        gg_graph *graph = nullptr;
        assert_int_equal(gg_graph_generate(context, &options, &graph), GG_OK);
        const gg::Csr &out = graph->graph.out;
        const gg::Shards shards = gg::build_shards(out, gg::ShardOptions{});
        const uint64_t built = gg::gshards_bytes(shards);
        const uint64_t estimate = gg::estimated_gshards_device_bytes(out.n, out.num_edges());
        // Never below what is built, and above it by at most the per-vertex slack.
        assert_true(estimate >= built);
        assert_true(estimate <= built + uint64_t(out.n) * 8 + 8);
        gg_graph_destroy(graph);
    }
    gg_context_destroy(context);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_traversals_run_csr_whatever_the_graph),
        cmocka_unit_test(test_pagerank_takes_tocab_only_where_gathers_miss),
        cmocka_unit_test(test_spmv_takes_gshards_where_gathers_miss_and_they_fit),
        cmocka_unit_test(test_the_shapes_it_tells_apart),
        cmocka_unit_test(test_gshards_estimate_bounds_the_built_shards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
