// gg info GRAPH: sizes, degree statistics and the memory each layout needs.
// The G-Shards and Concatenated Windows figures come from actually building
// them with gg_shard (CuSha §3-§4), timed; TOCAB's cut CSC, Tigr's virtual
// split and UDT (§3.1, §4.1) are built and timed by gg_layout_measure, the
// code the CUDA backend runs before it uploads them. A layout that cannot
// be built for the graph is reported as not applicable.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "cli/arguments.h"
#include "cli/cli_error.h"
#include "cli/generated_graph.h"
#include "cli/commands/commands.h"
#include "cli/output/json.h"
#include "cli/output/output_writer.h"
#include "cli/commands/partition_options.h"
#include "cli/output/progress.h"
#include "cli/session.h"

namespace gg_cli {

namespace {

struct DegreeSummary {
    uint32_t min = 0, max = 0;
    double mean = 0;
    uint32_t zero = 0;  // vertices of degree 0
};

// One layout measured by gg_layout_measure, or why it could not be built.
struct MeasuredLayout {
    gg_layout_info info;
    std::string not_applicable;
};

MeasuredLayout measure(gg_context *context, gg_graph *graph, gg_layout layout) {
    MeasuredLayout m;
    gg_layout_info_init(&m.info);
    if (gg_layout_measure(context, graph, layout, 0, &m.info) != GG_OK) m.not_applicable = gg_context_last_error(context);
    return m;
}

DegreeSummary summarize(const std::vector<uint32_t> &degrees) {
    DegreeSummary s;
    if (degrees.empty()) return s;
    s.min = UINT32_MAX;
    uint64_t sum = 0;
    for (uint32_t d : degrees) {
        s.min = std::min(s.min, d);
        s.max = std::max(s.max, d);
        sum += d;
        s.zero += d == 0;
    }
    s.mean = double(sum) / double(degrees.size());
    return s;
}

JsonObject degree_json(const DegreeSummary &s) {
    JsonObject o;
    o.add("min", s.min).add("max", s.max).add("mean", s.mean).add("zero", s.zero);
    return o;
}

std::string degree_text(const DegreeSummary &s) {
    char text[160];
    std::snprintf(text, sizeof text, "min %u, max %u, mean %.2f, %u vertices of degree 0", s.min, s.max, s.mean,
                  s.zero);
    return text;
}

// CSR as gg stores it: n + 1 64-bit offsets, m 32-bit ids and m float weights
// (unweighted graphs carry weight 1 on every edge). CSC costs the same.
uint64_t csr_bytes(uint32_t n, uint64_t m) { return (uint64_t(n) + 1) * 8 + m * 4 + m * 4; }

// --parts K: the plan of each partitioner (METIS only in a build with it).
struct PartitionRow {
    const char *name;
    gg_partition_plan_stats stats;
};

std::vector<PartitionRow> partition_rows(gg_context *context, const gg_graph *graph,
                                         gg_partition_plan_options options, const std::string &path) {
    std::vector<PartitionRow> rows;
    for (gg_partitioner p : {GG_PARTITIONER_METIS, GG_PARTITIONER_RANDOM, GG_PARTITIONER_BLOCK, GG_PARTITIONER_AUTO}) {
        options.partitioner = p;
        gg_partition_plan *plan = nullptr;
        const gg_status status = gg_partition_plan_create(context, graph, &options, &plan);
        if (status == GG_ERROR_UNSUPPORTED && p == GG_PARTITIONER_METIS) continue;  // a build without METIS
        if (status != GG_OK) library_failure(context, status, path);
        PlanHandle handle(plan);
        PartitionRow row{gg_partitioner_name(p), {}};  // auto's row names itself; its stats name its choice
        gg_partition_plan_stats_init(&row.stats);
        const gg_status read = gg_partition_plan_read_stats(context, plan, &row.stats);
        if (read != GG_OK) library_failure(context, read, path);
        rows.push_back(row);
    }
    return rows;
}

}  // namespace

int info_command(int argc, char **argv, int first) {
    Arguments args(argc, argv, first,
                   {{"--undirected", OptionSpec::kFlag},
                    {"--json", OptionSpec::kFlag},
                    {"--parts", OptionSpec::kRequired},
                    {"--replication-depth", OptionSpec::kRequired},
                    max_vertices_option()},
                   "gg info");
    if (args.help()) return print_help(kInfoHelp);
    args.expect_positionals(1, "gg info GRAPH [--undirected] [--parts K [--replication-depth D|auto]] [--json]");
    const gg_partition_plan_options plan_settings = plan_options(args);
    if (args.has("--replication-depth") && !args.has("--parts")) usage_error("--replication-depth: needs --parts K");
    const std::string &path = args.positionals()[0];

    Session session;
    if (args.has("--max-vertices")) session.set_max_vertices(parse_max_vertices(args.value("--max-vertices")));
    gg_context *context = session.context();
    GraphHandle graph = session.load(path, args.has("--undirected"));
    const uint32_t n = gg_graph_num_vertices(graph.get());
    const uint64_t m = gg_graph_num_edges(graph.get());

    // One spare element: the library refuses NULL arrays, which an empty vector may give.
    std::vector<uint32_t> out_degrees(uint64_t(n) + 1), in_degrees(uint64_t(n) + 1);
    gg_status status = gg_graph_out_degrees(context, graph.get(), out_degrees.data());
    if (status == GG_OK) status = gg_graph_in_degrees(context, graph.get(), in_degrees.data());
    if (status != GG_OK) library_failure(context, status, path);
    out_degrees.pop_back();
    in_degrees.pop_back();
    uint32_t isolated = 0;
    for (uint32_t v = 0; v < n; ++v) isolated += out_degrees[v] == 0 && in_degrees[v] == 0;
    const DegreeSummary out_summary = summarize(out_degrees), in_summary = summarize(in_degrees);

    // A layout that cannot be built for this graph (too many windows, out of
    // memory) is reported as not applicable; the rest of the report stands.
    Progress progress("building G-Shards and Concatenated Windows");
    gg_shards *shards = nullptr;
    gg_shard_stats shard_stats;
    gg_shard_stats_init(&shard_stats);
    std::string shards_not_applicable;
    const double shard_start = now_seconds();
    status = gg_shard(context, graph.get(), nullptr, &shards);
    const double shard_build_ms = (now_seconds() - shard_start) * 1e3;
    if (status == GG_OK) status = gg_shards_read_stats(context, shards, &shard_stats);
    gg_shards_destroy(shards);
    if (status != GG_OK) {
        shards_not_applicable = gg_context_last_error(context);
        progress.done("G-Shards and Concatenated Windows: not applicable");
    } else {
        progress.done("built G-Shards and Concatenated Windows");
    }

    const gg_format detected = gg_format_from_path(path.c_str());
    gg_generator_options generator;
    std::string generated;
    const char *format = generator_spec(path, generator, generated) ? "generated"
                         : detected == GG_FORMAT_AUTO                ? "detected from contents"
                                                                     : format_name(detected);
    const bool undirected = gg_graph_is_undirected(graph.get()) != 0;
    const bool weighted = gg_graph_is_weighted(graph.get()) != 0;
    const uint64_t cw_total = shard_stats.gshards_bytes + shard_stats.cw_bytes;
    Progress building("building the cut CSC, the virtual split and UDT");
    const MeasuredLayout tocab = measure(context, graph.get(), GG_LAYOUT_TOCAB);
    const MeasuredLayout split = measure(context, graph.get(), GG_LAYOUT_VIRTUAL_SPLIT);
    const MeasuredLayout udt = measure(context, graph.get(), GG_LAYOUT_UDT);
    building.done("built the cut CSC, the virtual split and UDT");
    std::vector<PartitionRow> partitions;
    if (args.has("--parts")) {
        Progress partitioning("partitioning");
        partitions = partition_rows(context, graph.get(), plan_settings, path);
        partitioning.done("partitioned");
    }

    OutputWriter out("");
    if (args.has("--json")) {
        std::vector<uint64_t> histogram(shard_stats.window_histogram, shard_stats.window_histogram + 8);
        JsonObject memory, shard_json, o;
        JsonObject build;
        // A measured layout's bytes and build time, and its own object (or why it is not applicable).
        auto add_measured = [&](const char *name, const MeasuredLayout &l, const char *nodes_name) {
            JsonObject own;
            if (!l.not_applicable.empty()) return own.add("not_applicable", l.not_applicable);
            memory.add(name, l.info.bytes);
            build.add(name, l.info.build_ms);
            return own.add("degree_bound", l.info.degree_bound).add(nodes_name, l.info.nodes)
                .add("build_ms", l.info.build_ms);
        };
        memory.add("csr", csr_bytes(n, m)).add("csc", csr_bytes(n, m));
        add_measured("tocab", tocab, "vertices");
        if (shards_not_applicable.empty()) {
            memory.add("gshards", shard_stats.gshards_bytes).add("cw", cw_total);
            build.add("gshards", shard_build_ms).add("cw", shard_build_ms);
        }
        JsonObject split_json = add_measured("vsplit", split, "virtual_nodes");
        JsonObject udt_json = add_measured("udt", udt, "added_nodes");
        if (!shards_not_applicable.empty()) shard_json.add("not_applicable", shards_not_applicable);
        else shard_json.add("num_shards", shard_stats.num_shards)
            .add("vertices_per_shard", shard_stats.vertices_per_shard)
            .add("num_windows", shard_stats.num_windows)
            .add("empty_windows", shard_stats.empty_windows)
            .add("max_window", shard_stats.max_window)
            .add("mean_window", shard_stats.mean_window)
            .add("max_shard", shard_stats.max_shard)
            .add("build_ms", shard_build_ms)
            .add("window_histogram", histogram);
        o.add("graph", path).add("format", format).add("vertices", n).add("edges", m)
            .add_bool("undirected", undirected).add_bool("weighted", weighted)
            .add("out_degree", degree_json(out_summary)).add("in_degree", degree_json(in_summary))
            .add("isolated_vertices", isolated).add("memory_bytes", memory).add("build_ms", build)
            .add("shards", shard_json)
            .add("vsplit", split_json).add("udt", udt_json);
        if (!partitions.empty()) {
            JsonObject by_partitioner;
            for (const PartitionRow &row : partitions) {
                JsonObject p;
                p.add("parts", row.stats.num_parts).add("replication_depth", row.stats.replication_depth)
                    .add("edge_cut", row.stats.edge_cut).add("replicas", row.stats.replicas)
                    .add("local_edges", row.stats.local_edges).add("max_part_vertices", row.stats.max_part_vertices)
                    .add("empty_parts", row.stats.empty_parts).add("partition_ms", row.stats.partition_ms)
                    .add("build_ms", row.stats.build_ms).add("choice", row.stats.choice);
                by_partitioner.add(row.name, p);
            }
            o.add("partitions", by_partitioner);
        }
        out.text(o.str() + "\n");
    } else {
        char line[512];
        auto put = [&](const char *fmt, auto... values) {
            std::snprintf(line, sizeof line, fmt, values...);
            out.text(line);
        };
        put("graph           %s (%s)\n", path.c_str(), format);
        put("vertices        %u\n", n);
        put("edges           %llu (stored directed edges)\n", (unsigned long long)m);
        put("undirected      %s\n", undirected ? "yes" : "no");
        put("weighted        %s\n", weighted ? "yes" : "no");
        put("out-degree      %s\n", degree_text(out_summary).c_str());
        put("in-degree       %s\n", degree_text(in_summary).c_str());
        put("isolated        %u vertices without any edge\n", isolated);
        put("memory (bytes)\n");
        put("  csr           %llu (offsets, ids, weights)\n", (unsigned long long)csr_bytes(n, m));
        put("  csc           %llu (in-edges, built on demand)\n", (unsigned long long)csr_bytes(n, m));
        if (!tocab.not_applicable.empty())
            put("  tocab         not applicable: %s\n", tocab.not_applicable.c_str());
        else
            put("  tocab         %llu (the CSC and its lists' cuts between two source blocks; built in %.1f ms)\n",
                (unsigned long long)tocab.info.bytes, tocab.info.build_ms);
        if (!shards_not_applicable.empty()) {
            put("  g-shards, cw  not applicable: %s\n", shards_not_applicable.c_str());
        } else {
            put("  g-shards      %llu (built in %.1f ms, with the windows)\n", (unsigned long long)shard_stats.gshards_bytes,
                shard_build_ms);
            put("  cw            %llu (g-shards plus %llu of SrcIndex and Mapper)\n", (unsigned long long)cw_total,
                (unsigned long long)shard_stats.cw_bytes);
        }
        if (!split.not_applicable.empty())
            put("  vsplit        not applicable: %s\n", split.not_applicable.c_str());
        else
            put("  vsplit        %llu (K %u: %llu virtual nodes, beside the CSR; built in %.1f ms)\n",
                (unsigned long long)split.info.bytes, split.info.degree_bound, (unsigned long long)split.info.nodes,
                split.info.build_ms);
        if (!udt.not_applicable.empty())
            put("  udt           not applicable: %s\n", udt.not_applicable.c_str());
        else
            put("  udt           %llu (K %u: %llu added nodes; its own CSR; built in %.1f ms)\n",
                (unsigned long long)udt.info.bytes, udt.info.degree_bound, (unsigned long long)udt.info.nodes,
                udt.info.build_ms);
        if (shards_not_applicable.empty()) {
            put("shards          %u of %u vertices; %llu windows, %llu empty, largest %llu, mean %.2f entries; "
                "built in %.1f ms\n",
                shard_stats.num_shards, shard_stats.vertices_per_shard, (unsigned long long)shard_stats.num_windows,
                (unsigned long long)shard_stats.empty_windows, (unsigned long long)shard_stats.max_window,
                shard_stats.mean_window, shard_build_ms);
            const uint64_t *h = shard_stats.window_histogram;
            put("window sizes    0: %llu, 1: %llu, 2-3: %llu, 4-7: %llu, 8-15: %llu, 16-31: %llu, 32-63: %llu, "
                ">=64: %llu\n",
                (unsigned long long)h[0], (unsigned long long)h[1], (unsigned long long)h[2], (unsigned long long)h[3],
                (unsigned long long)h[4], (unsigned long long)h[5], (unsigned long long)h[6], (unsigned long long)h[7]);
        }
        for (const PartitionRow &row : partitions)
            put("%-6s %2u parts edge cut %llu, replicas %llu (depth %u), local edges %llu, largest part %llu "
                "vertices; %.1f ms + %.1f ms to build\n",
                row.name, row.stats.num_parts, (unsigned long long)row.stats.edge_cut,
                (unsigned long long)row.stats.replicas, row.stats.replication_depth,
                (unsigned long long)row.stats.local_edges, (unsigned long long)row.stats.max_part_vertices,
                row.stats.partition_ms, row.stats.build_ms);
        for (const PartitionRow &row : partitions)
            if (row.stats.choice[0] != '\0') put("       %s\n", row.stats.choice);
    }
    out.finish();
    return kExitOk;
}

}  // namespace gg_cli
