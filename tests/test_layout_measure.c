/* gg_layout_measure: every layout of every catalogue shape (hubs, long
 * paths, isolated vertices, self-loops, duplicates, one vertex, no edges)
 * measured and checked against figures computed here from the definitions:
 * the CSR's arrays; TOCAB's CSC plus one cut per list; G-Shards and CW as
 * gg_shard's statistics give them; Tigr's virtual split, max(1, ceil(d / K))
 * virtual nodes per vertex (Tigr §4.1); UDT, ceil((d - K) / (K - 1)) added
 * nodes per vertex of degree d > K (each added node takes one of its family's
 * K slots, Tigr §3.1), each with one more edge into it. Bad arguments are
 * refused with GG_ERROR_INVALID_ARGUMENT. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gg.h"
#include "graph_shapes.h"

static gg_context *ctx;

static int setup(void **state) {
    (void)state;
    return gg_context_create(NULL, &ctx) == GG_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    gg_context_destroy(ctx);
    return 0;
}

static void check_ok(gg_status s, const char *what, const char *shape) {
    if (s != GG_OK) fail_msg("%s on %s failed (%d): %s", what, shape, s, gg_context_last_error(ctx));
}

static gg_layout_info measured(gg_graph *g, gg_layout layout, uint32_t bound, const char *shape) {
    gg_layout_info info;
    gg_layout_info_init(&info);
    check_ok(gg_layout_measure(ctx, g, layout, bound, &info), gg_layout_name(layout), shape);
    assert_int_equal(info.layout, layout);
    assert_true(info.build_ms >= 0.0);
    return info;
}

static void expect_figures(const gg_layout_info *info, uint64_t bytes, uint64_t nodes, const char *shape) {
    if (info->bytes != bytes || info->nodes != nodes)
        fail_msg("%s on %s (K %u): %llu bytes, %llu nodes; expected %llu bytes, %llu nodes",
                 gg_layout_name(info->layout), shape, info->degree_bound, (unsigned long long)info->bytes,
                 (unsigned long long)info->nodes, (unsigned long long)bytes, (unsigned long long)nodes);
}

static void test_every_layout_of_every_shape(void **state) {
    (void)state;
    for (size_t i = 0; i < shape_count(); ++i) {
        shape s;
        shape_make(i, &s);
        gg_graph *g = shape_build(ctx, &s);
        const uint64_t n = gg_graph_num_vertices(g), m = gg_graph_num_edges(g);
        uint32_t *degree = malloc((n + 1) * sizeof *degree);
        check_ok(gg_graph_out_degrees(ctx, g, degree), "gg_graph_out_degrees", s.name);
        const uint64_t csr = 8 * (n + 1) + 8 * m;

        gg_layout_info info = measured(g, GG_LAYOUT_CSR, 0, s.name);
        expect_figures(&info, csr, n, s.name);
        assert_true(info.build_ms == 0.0);
        info = measured(g, GG_LAYOUT_TOCAB, 0, s.name);
        expect_figures(&info, csr + 8 * n, n, s.name);

        gg_shards *shards = NULL;
        gg_shard_stats stats;
        gg_shard_stats_init(&stats);
        const gg_status sharded = gg_shard(ctx, g, NULL, &shards);
        gg_layout_info gs, cw;
        gg_layout_info_init(&gs);
        gg_layout_info_init(&cw);
        assert_int_equal(gg_layout_measure(ctx, g, GG_LAYOUT_GSHARDS, 0, &gs), sharded);
        assert_int_equal(gg_layout_measure(ctx, g, GG_LAYOUT_CW, 0, &cw), sharded);
        if (sharded == GG_OK) {
            check_ok(gg_shards_read_stats(ctx, shards, &stats), "gg_shards_read_stats", s.name);
            expect_figures(&gs, stats.gshards_bytes, stats.num_shards, s.name);
            expect_figures(&cw, stats.gshards_bytes + stats.cw_bytes, stats.num_shards, s.name);
            gg_shards_destroy(shards);
        }

        const uint32_t split_bounds[] = {0, 1, 3, 64};
        for (int b = 0; b < 4; ++b) {
            const uint32_t k = split_bounds[b] ? split_bounds[b] : 10;
            uint64_t nodes = 0;
            for (uint64_t v = 0; v < n; ++v) nodes += degree[v] > k ? (degree[v] + k - 1) / k : 1;
            info = measured(g, GG_LAYOUT_VIRTUAL_SPLIT, split_bounds[b], s.name);
            assert_int_equal(info.degree_bound, k);
            expect_figures(&info, 4 * (n + 1) + 4 * nodes, nodes, s.name);
        }
        const uint32_t udt_bounds[] = {0, 2, 3, 16};
        for (int b = 0; b < 4; ++b) {
            const uint32_t k = udt_bounds[b] ? udt_bounds[b] : 1000;
            uint64_t added = 0;
            for (uint64_t v = 0; v < n; ++v)
                if (degree[v] > k) added += (degree[v] - k + (k - 2)) / (k - 1);
            const uint64_t nodes = n + added;
            info = measured(g, GG_LAYOUT_UDT, udt_bounds[b], s.name);
            assert_int_equal(info.degree_bound, k);
            expect_figures(&info, 8 * (nodes + 1) + 8 * (m + added) + 4 * (nodes + 1) + 4 * nodes, added, s.name);
        }
        free(degree);
        gg_graph_destroy(g);
        shape_free(&s);
    }
}

static void test_refusals(void **state) {
    (void)state;
    const uint32_t src[] = {0, 1}, dst[] = {1, 2};
    gg_graph *g = NULL;
    check_ok(gg_graph_create(ctx, 3, 2, src, dst, NULL, NULL, &g), "gg_graph_create", "a path");
    gg_layout_info info;
    gg_layout_info_init(&info);
    assert_int_equal(gg_layout_measure(ctx, g, GG_LAYOUT_AUTO, 0, &info), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "auto"));
    assert_int_equal(gg_layout_measure(ctx, g, (gg_layout)99, 0, &info), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_layout_measure(ctx, g, GG_LAYOUT_UDT, 1, &info), GG_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(gg_context_last_error(ctx), "degree_bound"));
    assert_int_equal(gg_layout_measure(ctx, g, GG_LAYOUT_CSR, 0, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_layout_measure(ctx, NULL, GG_LAYOUT_CSR, 0, &info), GG_ERROR_INVALID_ARGUMENT);
    info.struct_size = 0;
    assert_int_equal(gg_layout_measure(ctx, g, GG_LAYOUT_CSR, 0, &info), GG_ERROR_INVALID_ARGUMENT);
    /* A caller built against a smaller struct gets what fits. */
    gg_layout_info_init(&info);
    info.struct_size = offsetof(gg_layout_info, bytes);
    info.bytes = 12345;
    check_ok(gg_layout_measure(ctx, g, GG_LAYOUT_CSR, 0, &info), "a short struct", "a path");
    assert_int_equal(info.layout, GG_LAYOUT_CSR);
    assert_int_equal(info.bytes, 12345);
    assert_int_equal(info.struct_size, offsetof(gg_layout_info, bytes));
    gg_graph_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_layout_of_every_shape),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
