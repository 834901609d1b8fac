/* Built by test_install.sh against an installed gg, the way a user builds:
 *   cc -std=c99 every_entry_point.c $(pkg-config --cflags --static --libs gg)
 * It calls every entry point of gg.h once on a small graph whose answers are
 * known, so a symbol missing from libgg.a or gg.pc's Libs.private fails the
 * link, and a wrong answer fails the run. Exit 0 when everything matched. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gg.h>

static int failures = 0;

#define CHECK(condition)                                                   \
    do {                                                                   \
        if (!(condition)) {                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            ++failures;                                                    \
        }                                                                  \
    } while (0)

#define CALL(context, call)                                                               \
    do {                                                                                  \
        gg_status status_ = (call);                                                       \
        if (status_ != GG_OK) {                                                           \
            fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #call,    \
                    gg_status_string(status_), gg_context_last_error(context));          \
            ++failures;                                                                   \
        }                                                                                 \
    } while (0)

/* 0 -> 1 (4), 0 -> 2 (0.5), 2 -> 1 (2), 1 -> 3 (1), 2 -> 3 (5), 3 -> 2 (0.25), 4 -> 4 (3), 0 -> 5 (0.1) */
#define N 6
#define M 8
static const uint32_t src[M] = {0, 0, 2, 1, 2, 3, 4, 0};
static const uint32_t dst[M] = {1, 2, 1, 3, 3, 2, 4, 5};
static const float weights[M] = {4.0f, 0.5f, 2.0f, 1.0f, 5.0f, 0.25f, 3.0f, 0.1f};

static int on_log_calls = 0;
static void on_log(void *user_data, gg_log_level level, const char *message) {
    (void)level;
    (void)message;
    ++*(int *)user_data;
}

int main(int argc, char **argv) {
    const char *scratch = argc > 1 ? argv[1] : ".";
    CHECK(gg_version() == GG_VERSION_NUMBER);
    CHECK(strlen(gg_version_string()) >= 5);
    CHECK(strcmp(gg_status_string(GG_ERROR_PARSE), "parse error") == 0);

    gg_context_options context_options;
    gg_context_options_init(&context_options);
    context_options.log_fn = on_log;
    context_options.log_user_data = &on_log_calls;
    context_options.log_level = GG_LOG_ERROR;
    const int32_t devices[] = {0, 1};
    context_options.devices = devices;
    context_options.num_devices = 2;
    gg_context *ctx = NULL;
    if (gg_context_create(&context_options, &ctx) != GG_OK) return 1;
    int32_t listed[2] = {-1, -1};
    uint32_t num_listed = 0;
    CALL(ctx, gg_context_get_devices(ctx, listed, 2, &num_listed));
    CHECK(num_listed == 2 && listed[0] == 0 && listed[1] == 1);

    gg_layout layout = GG_LAYOUT_AUTO;
    CHECK(gg_layout_from_name("vsplit", &layout) == GG_OK && layout == GG_LAYOUT_VIRTUAL_SPLIT);
    CHECK(strcmp(gg_layout_name(GG_LAYOUT_TOCAB), "tocab") == 0 && gg_layout_name((gg_layout)99) == NULL);
    gg_backend backend = GG_BACKEND_AUTO;
    CHECK(gg_backend_from_name("cpu", &backend) == GG_OK && backend == GG_BACKEND_CPU);
    CHECK(strcmp(gg_backend_name(GG_BACKEND_CUDA), "cuda") == 0 && gg_backend_name((gg_backend)9) == NULL);
    gg_partitioner partitioner = GG_PARTITIONER_METIS;
    CHECK(gg_partitioner_from_name("block", &partitioner) == GG_OK && partitioner == GG_PARTITIONER_BLOCK);
    CHECK(strcmp(gg_partitioner_name(GG_PARTITIONER_AUTO), "auto") == 0);
    char reason[256];
    const int gpu = gg_context_cuda_available(ctx, reason, sizeof reason);
    CHECK(gg_context_num_threads(ctx) >= 1);

    gg_graph_options graph_options;
    gg_graph_options_init(&graph_options);
    gg_graph *g = NULL;
    CALL(ctx, gg_graph_create(ctx, N, M, src, dst, weights, &graph_options, &g));
    if (g == NULL) return 1;
    CHECK(gg_graph_num_vertices(g) == N && gg_graph_num_edges(g) == M);
    CHECK(gg_graph_is_weighted(g) == 1 && gg_graph_is_undirected(g) == 0);

    uint32_t out_degrees[N], in_degrees[N];
    CALL(ctx, gg_graph_out_degrees(ctx, g, out_degrees));
    uint64_t released_bytes = 0;
    CALL(ctx, gg_graph_release_device_memory(ctx, g, &released_bytes));
    CALL(ctx, gg_graph_in_degrees(ctx, g, in_degrees));
    CHECK(out_degrees[0] == 3 && in_degrees[1] == 2 && out_degrees[5] == 0);
    uint64_t offsets[N + 1];
    uint32_t indices[M];
    float csr_weights[M];
    CALL(ctx, gg_graph_copy_csr(ctx, g, offsets, indices, csr_weights));
    CHECK(offsets[N] == M && indices[0] == 1 && indices[1] == 2 && indices[2] == 5);
    CALL(ctx, gg_graph_copy_csc(ctx, g, offsets, indices, csr_weights));
    CHECK(offsets[N] == M);
    CALL(ctx, gg_graph_read_csr(ctx, g, offsets, N + 1, indices, M, csr_weights, M));
    CHECK(offsets[N] == M && indices[2] == 5 && csr_weights[2] == 0.1f);
    CALL(ctx, gg_graph_read_csc(ctx, g, offsets, N + 1, indices, M, csr_weights, M));
    CHECK(offsets[N] == M && indices[0] == 0);
    CHECK(gg_graph_read_csr(ctx, g, offsets, N, NULL, 0, NULL, 0) == GG_ERROR_TOO_LARGE);

    /* The same graph again from CSR arrays. */
    const uint64_t csr_offsets[N + 1] = {0, 3, 4, 6, 7, 8, 8};
    const uint32_t csr_indices[M] = {1, 2, 5, 3, 1, 3, 2, 4};
    gg_graph *g2 = NULL;
    CALL(ctx, gg_graph_create_csr(ctx, N, csr_offsets, csr_indices, NULL, NULL, &g2));
    CHECK(gg_graph_num_edges(g2) == M && gg_graph_is_weighted(g2) == 0);
    gg_graph_destroy(g2);

    /* Save and load through .ggb and .mtx. */
    char path[4096];
    snprintf(path, sizeof path, "%s/every_entry_point.ggb", scratch);
    CHECK(gg_format_from_path(path) == GG_FORMAT_GGB);
    CALL(ctx, gg_graph_save(ctx, g, path, GG_FORMAT_AUTO));
    gg_graph *loaded = NULL;
    CALL(ctx, gg_graph_load(ctx, path, GG_FORMAT_AUTO, NULL, &loaded));
    CHECK(gg_graph_num_edges(loaded) == M);
    gg_graph_destroy(loaded);
    snprintf(path, sizeof path, "%s/every_entry_point.mtx", scratch);
    CALL(ctx, gg_graph_save(ctx, g, path, GG_FORMAT_MTX));
    loaded = NULL;
    CALL(ctx, gg_graph_load(ctx, path, GG_FORMAT_MTX, NULL, &loaded));
    CHECK(gg_graph_num_vertices(loaded) == N);
    gg_graph_destroy(loaded);

    gg_run_options run_options;
    gg_run_options_init(&run_options);
    gg_run_stats stats;
    gg_run_stats_init(&stats);

    uint32_t depths[N];
    CALL(ctx, gg_run_bfs(ctx, g, 0, depths, NULL, &run_options, &stats));
    CHECK(depths[0] == 0 && depths[1] == 1 && depths[3] == 2 && depths[4] == UINT32_MAX);
    CHECK(stats.backend == (gpu ? GG_BACKEND_CUDA : GG_BACKEND_CPU));

    float distances[N];
    CALL(ctx, gg_run_sssp(ctx, g, 0, distances, &run_options, &stats));
    CHECK(distances[1] == 2.5f && distances[3] == 3.5f && isinf(distances[4]) && distances[5] == 0.1f);

    float widths[N];
    CALL(ctx, gg_run_sswp(ctx, g, 0, widths, &run_options, &stats));
    CHECK(isinf(widths[0]) && widths[1] == 4.0f && widths[3] == 1.0f && widths[4] == 0.0f);

    uint32_t labels[N];
    CALL(ctx, gg_run_cc(ctx, g, labels, &run_options, &stats));
    CHECK(labels[3] == 0 && labels[4] == 4 && labels[5] == 0);

    double ranks[N], sum = 0;
    CALL(ctx, gg_run_pagerank(ctx, g, ranks, &run_options, &stats));
    for (int v = 0; v < N; ++v) sum += ranks[v];
    CHECK(fabs(sum - 1.0) < 1e-6);

    double centrality[N];
    CALL(ctx, gg_run_bc(ctx, g, NULL, 0, centrality, &run_options, &stats));
    CHECK(centrality[1] == 0.5 && centrality[2] == 1.5 && centrality[3] == 1.0);

    float x[N] = {1, 1, 1, 1, 1, 1}, y[N];
    CALL(ctx, gg_run_spmv(ctx, g, x, y, &run_options, &stats));
    CHECK(y[1] == 6.0f && y[2] == 0.75f && y[4] == 3.0f && y[0] == 0.0f);

    float all_pairs[N * N];
    CALL(ctx, gg_run_apsp(ctx, g, all_pairs, N * N, &run_options, &stats));
    CHECK(all_pairs[0 * N + 3] == 3.5f && all_pairs[3 * N + 1] == 2.25f && isinf(all_pairs[5 * N + 0]));

    /* Matching needs a bipartite graph of its own: left 0, 1; right 2, 3; edges 0-2, 0-3, 3 -> 1. */
    const uint32_t bipartite_src[3] = {0, 0, 3}, bipartite_dst[3] = {2, 3, 1};
    gg_graph *bipartite = NULL;
    CALL(ctx, gg_graph_create(ctx, 4, 3, bipartite_src, bipartite_dst, NULL, NULL, &bipartite));
    uint32_t mates[4];
    uint64_t pairs = 0;
    CALL(ctx, gg_run_matching(ctx, bipartite, 2, mates, &pairs, &run_options, &stats));
    CHECK(pairs == 2 && mates[0] == 2 && mates[1] == 3 && mates[2] == 0 && mates[3] == 1);
    gg_graph_destroy(bipartite);

    gg_partition_options partition_options;
    gg_partition_options_init(&partition_options);
    uint32_t parts[N];
    uint64_t cut = 0;
    CALL(ctx, gg_partition(ctx, g, 2, parts, &cut, &partition_options));
    for (int v = 0; v < N; ++v) CHECK(parts[v] < 2);

    /* A partitioned BFS over two given parts gives the unpartitioned depths. */
    gg_partition_plan_options plan_options;
    gg_partition_plan_options_init(&plan_options);
    const uint32_t given[N] = {0, 0, 0, 1, 1, 1};
    plan_options.partitioner = GG_PARTITIONER_GIVEN;
    plan_options.parts = given;
    plan_options.parts_length = N;
    gg_partition_plan *plan = NULL;
    CALL(ctx, gg_partition_plan_create(ctx, g, &plan_options, &plan));
    gg_partition_plan_stats plan_stats;
    gg_partition_plan_stats_init(&plan_stats);
    CALL(ctx, gg_partition_plan_read_stats(ctx, plan, &plan_stats));
    CHECK(plan_stats.num_parts == 2 && plan_stats.partitioner == GG_PARTITIONER_GIVEN);
    gg_part_info part_info;
    gg_part_info_init(&part_info);
    CALL(ctx, gg_partition_plan_read_part(ctx, plan, 1, &part_info));
    CHECK(part_info.owned == 3);
    uint32_t plan_parts[N];
    CALL(ctx, gg_partition_plan_read_parts(ctx, plan, plan_parts, N));
    CHECK(plan_parts[0] == 0 && plan_parts[5] == 1);
    gg_run_options split_options = run_options;
    split_options.backend = GG_BACKEND_CPU;
    split_options.partition_plan = plan;
    uint32_t whole_depths[N], split_depths[N];
    CALL(ctx, gg_run_bfs(ctx, g, 0, split_depths, NULL, &split_options, NULL));
    split_options.partition_plan = NULL;
    CALL(ctx, gg_run_bfs(ctx, g, 0, whole_depths, NULL, &split_options, NULL));
    for (int v = 0; v < N; ++v) CHECK(whole_depths[v] == split_depths[v]);
    gg_partition_plan_destroy(plan);

    gg_shard_options shard_options;
    gg_shard_options_init(&shard_options);
    shard_options.vertices_per_shard = 2;
    gg_shards *shards = NULL;
    CALL(ctx, gg_shard(ctx, g, &shard_options, &shards));
    gg_shard_stats shard_stats;
    gg_shard_stats_init(&shard_stats);
    CALL(ctx, gg_shards_get_stats(shards, &shard_stats));
    CHECK(shard_stats.num_shards == 3 && shard_stats.num_edges == M && shard_stats.num_windows == 9);
    uint64_t shard_offsets[4], window_offsets[10], cw_offsets[4], mapper[M];
    uint32_t shard_src[M], shard_dst[M], cw_src[M];
    float shard_weights[M];
    CALL(ctx, gg_shards_copy_shards(shards, shard_offsets, shard_src, shard_dst, shard_weights));
    CALL(ctx, gg_shards_copy_windows(shards, window_offsets));
    CALL(ctx, gg_shards_copy_cw(shards, cw_offsets, cw_src, mapper));
    CHECK(shard_offsets[3] == M && window_offsets[9] == M && cw_offsets[3] == M);
    for (int e = 0; e < M; ++e) CHECK(shard_dst[e] / 2 < 3 && mapper[e] < M && cw_src[e] == shard_src[mapper[e]]);
    gg_shard_stats_init(&shard_stats);
    CALL(ctx, gg_shards_read_stats(ctx, shards, &shard_stats));
    CHECK(shard_stats.num_shards == 3 && shard_stats.num_edges == M);
    CALL(ctx, gg_shards_read_shards(ctx, shards, shard_offsets, 4, shard_src, M, shard_dst, M, shard_weights, M));
    CALL(ctx, gg_shards_read_windows(ctx, shards, window_offsets, 10));
    CALL(ctx, gg_shards_read_cw(ctx, shards, cw_offsets, 4, cw_src, M, mapper, M));
    CHECK(shard_offsets[3] == M && window_offsets[9] == M && cw_offsets[3] == M);
    for (int e = 0; e < M; ++e) CHECK(cw_src[e] == shard_src[mapper[e]]);
    CHECK(gg_shards_read_windows(ctx, shards, window_offsets, 9) == GG_ERROR_TOO_LARGE);
    gg_shards_destroy(shards);

    /* Generators, and an error message through the log callback. */
    gg_generator_options generator;
    gg_generator_options_init(&generator);
    generator.kind = GG_GENERATOR_GRID;
    generator.rows = 4;
    generator.cols = 5;
    gg_graph *grid = NULL;
    CALL(ctx, gg_graph_generate(ctx, &generator, &grid));
    CHECK(gg_graph_num_vertices(grid) == 20 && gg_graph_num_edges(grid) == 62);
    gg_graph_destroy(grid);

    CHECK(gg_run_bfs(ctx, g, N, depths, NULL, NULL, NULL) == GG_ERROR_INVALID_ARGUMENT);
    CHECK(gg_context_last_status(ctx) == GG_ERROR_INVALID_ARGUMENT);
    char message[16];
    CHECK(gg_context_copy_last_error(ctx, message, sizeof message) > strlen(message));
    CHECK(on_log_calls == 3); /* the two short arrays above, and this */
    gg_context_clear_error(ctx);
    CHECK(gg_context_last_error(ctx)[0] == '\0');

    gg_graph_destroy(g);
    gg_context_destroy(ctx);
    if (failures) {
        fprintf(stderr, "every_entry_point: %d checks failed\n", failures);
        return 1;
    }
    printf("every_entry_point: gg %s, every entry point answered correctly (%s)\n", gg_version_string(),
           gpu ? "GPU" : "CPU");
    return 0;
}
