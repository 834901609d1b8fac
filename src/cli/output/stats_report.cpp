#include "cli/output/stats_report.h"

#include <algorithm>
#include <cstdio>

#include "cli/output/json.h"

namespace gg_cli {

// The library's own name, so that --backend and --stats spell a backend alike.
const char *backend_name(gg_backend backend) {
    const char *name = gg_backend_name(backend);
    return name != nullptr ? name : "unknown";
}

namespace {

// The library's own name, so that --stats and --layout spell a layout alike.
const char *layout_name(gg_layout layout) {
    const char *name = gg_layout_name(layout);
    return name != nullptr ? name : "unknown";
}

// Billions of edges per second over the compute time: m / time, as GAP and
// the design notes define it (not edges_visited / time).
double gteps(const RunReport &r) {
    return r.stats.compute_ms > 0 ? double(r.edges) / (r.stats.compute_ms * 1e6) : 0.0;
}

// The per-part times of a partitioned run (none for one part).
// Each process's total over its parts (part p runs on process p mod processes).
std::vector<double> process_times(const std::vector<double> &times, uint32_t parts, uint32_t processes) {
    std::vector<double> total(processes, 0.0);
    for (uint32_t p = 0; p < parts && p < times.size(); ++p) total[p % processes] += times[p];
    return total;
}

std::vector<double> part_times(const std::vector<double> &times, uint32_t parts) {
    if (parts <= 1) return {};
    return std::vector<double>(times.begin(), times.begin() + std::min<size_t>(parts, times.size()));
}

void print_json(const RunReport &r) {
    const gg_run_stats &s = r.stats;
    JsonObject o;
    o.add("algorithm", r.algorithm)
        .add("graph", r.graph_path)
        .add("vertices", r.vertices)
        .add("edges", r.edges)
        .add("backend", backend_name(s.backend))
        .add("layout", layout_name(s.layout))
        .add("device_id", s.device_id)
        .add("threads", s.num_threads)
        .add("load_ms", r.load_ms)
        .add("preprocess_ms", s.preprocess_ms)
        .add("transfer_ms", s.transfer_ms)
        .add("compute_ms", s.compute_ms)
        .add("run_total_ms", s.total_ms)
        .add("output_ms", r.output_ms)
        .add("iterations", s.iterations)
        .add("edges_visited", s.edges_visited)
        .add("gteps", gteps(r))
        .add("device_bytes", s.device_bytes)
        .add("fallback_reason", s.fallback_reason)
        .add("parts", s.num_parts)
        .add("edge_cut", s.edge_cut)
        .add("replicas", s.replicas)
        .add("bytes_exchanged", s.bytes_exchanged)
        .add("exchange_rounds", s.exchange_rounds)
        .add("exchange_ms", s.exchange_ms)
        .add("exchange_hidden_ms", s.exchange_hidden_ms)
        .add("partition_ms", s.partition_ms)
        .add("part_compute_ms", part_times(r.part_compute_ms, s.num_parts))
        .add("part_exchange_ms", part_times(r.part_exchange_ms, s.num_parts))
        .add("partition_choice", r.partition_choice)
        .add("processes", r.processes)
        .add("process_compute_ms", process_times(r.part_compute_ms, s.num_parts, r.processes))
        .add("process_exchange_ms", process_times(r.part_exchange_ms, s.num_parts, r.processes))
        .add("warnings", r.warnings);
    std::fprintf(stderr, "%s\n", o.str().c_str());
}

void print_text(const RunReport &r) {
    const gg_run_stats &s = r.stats;
    std::FILE *e = stderr;
    std::fprintf(e, "algorithm     %s\n", r.algorithm.c_str());
    std::fprintf(e, "graph         %s: %u vertices, %llu edges\n", r.graph_path.c_str(), r.vertices,
                 (unsigned long long)r.edges);
    if (s.backend == GG_BACKEND_CUDA)
        std::fprintf(e, "backend       cuda (device %d)\n", s.device_id);
    else
        std::fprintf(e, "backend       %s (%d threads)\n", backend_name(s.backend), s.num_threads);
    std::fprintf(e, "layout        %s\n", layout_name(s.layout));
    if (s.fallback_reason[0] != '\0') std::fprintf(e, "gpu not used  %s\n", s.fallback_reason);
    std::fprintf(e, "load          %.3f ms\n", r.load_ms);
    std::fprintf(e, "preprocess    %.3f ms\n", s.preprocess_ms);
    std::fprintf(e, "transfer      %.3f ms\n", s.transfer_ms);
    std::fprintf(e, "compute       %.3f ms\n", s.compute_ms);
    std::fprintf(e, "run total     %.3f ms\n", s.total_ms);
    std::fprintf(e, "output        %.3f ms\n", r.output_ms);
    std::fprintf(e, "iterations    %u\n", s.iterations);
    std::fprintf(e, "edges visited %llu\n", (unsigned long long)s.edges_visited);
    std::fprintf(e, "GTEPS         %.4f (edges / compute time)\n", gteps(r));
    if (s.device_bytes != 0) std::fprintf(e, "device memory %llu bytes\n", (unsigned long long)s.device_bytes);
    if (r.processes > 1) {
        std::fprintf(e, "processes     %u (part p on process p mod %u)\n", r.processes, r.processes);
        const std::vector<double> compute = process_times(r.part_compute_ms, s.num_parts, r.processes);
        const std::vector<double> exchange = process_times(r.part_exchange_ms, s.num_parts, r.processes);
        for (uint32_t q = 0; q < r.processes; ++q)
            std::fprintf(e, "  process %-3u compute %.3f ms, exchange %.3f ms\n", q, compute[q], exchange[q]);
    }
    if (s.num_parts > 1) {
        std::fprintf(e, "parts         %u (edge cut %llu, %llu replicas; partitioned once in %.3f ms)\n", s.num_parts,
                     (unsigned long long)s.edge_cut, (unsigned long long)s.replicas, s.partition_ms);
        std::fprintf(e, "exchange      %llu bytes in %u rounds, %.3f ms", (unsigned long long)s.bytes_exchanged,
                     s.exchange_rounds, s.exchange_ms);
        if (s.exchange_hidden_ms > 0) std::fprintf(e, " (%.3f ms behind the parts' compute)", s.exchange_hidden_ms);
        std::fprintf(e, "\n");
        if (!r.partition_choice.empty()) std::fprintf(e, "partitioner   %s\n", r.partition_choice.c_str());
        const std::vector<double> compute = part_times(r.part_compute_ms, s.num_parts);
        const std::vector<double> exchange = part_times(r.part_exchange_ms, s.num_parts);
        for (size_t p = 0; p < compute.size(); ++p)
            std::fprintf(e, "  part %-6zu compute %.3f ms, exchange %.3f ms\n", p, compute[p], exchange[p]);
    }
    for (const std::string &w : r.warnings) std::fprintf(e, "warning       %s\n", w.c_str());
}

}  // namespace

void print_stats(const RunReport &report, bool json) {
    if (json)
        print_json(report);
    else
        print_text(report);
    std::fflush(stderr);
}

}  // namespace gg_cli
