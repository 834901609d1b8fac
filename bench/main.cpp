// gg-bench: the benchmark driver of gg. It generates the standard suite on
// the machine, measures every kernel with the graph resident, verifies each
// kernel's first result, and writes JSON and markdown reports with the
// machine and command attached (shared/design.md "Measuring performance").
// It uses only the public include/gg.h, like any user of the library.
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "device_probe.h"
#include "format.h"
#include "gg.h"
#include "host_bandwidth.h"
#include "host_csr.h"
#include "kernels.h"
#include "machine.h"
#include "options.h"
#include "partitioned.h"
#include "program_kernel.h"
#include "report.h"
#include "runner.h"
#include "suite.h"

using namespace bench;

namespace {

void log_to_stderr(void *, gg_log_level level, const char *message) {
    std::fprintf(stderr, "gg-bench: gg %s: %s\n", level >= GG_LOG_ERROR ? "error" : "warning", message);
}

bool write_file(const std::string &path, const std::string &text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
        std::fprintf(stderr, "gg-bench: error: cannot write %s\n", path.c_str());
        return false;
    }
    return true;
}

// Runs every requested kernel on one suite graph (with --layouts, once per
// layout) and appends the results, then, with `partitioned` (--parts), the
// partitioned runs of those kernels. Returns false when anything failed (the
// report still records it); a layout the backend lacks is not a failure.
bool bench_graph(gg_context *context, SuiteGraph &graph, const std::vector<std::string> &algorithms,
                 const Options &options, const RunnerSettings &settings, Report &report, bool partitioned) {
    GraphResult g;
    g.name = graph.name;
    g.description = graph.description;
    std::fprintf(stderr, "gg-bench: generating %s (%s)\n", graph.name.c_str(), graph.description.c_str());
    std::string error;
    if (!generate(context, graph, error)) {
        std::fprintf(stderr, "gg-bench: error: %s\n", error.c_str());
        g.error = error;
        report.graphs.push_back(g);
        release_graph(graph);
        return false;
    }
    g.n = graph.n;
    g.m = graph.m;
    g.source = graph.source;
    g.source_degree = graph.source_degree;
    g.source_rule = graph.source_rule;
    g.generate_ms = graph.generate_ms;
    std::fprintf(stderr, "gg-bench:   n %u, m %llu, generated in %.0f ms, source %u (out-degree %llu)\n", g.n,
                 (unsigned long long)g.m, g.generate_ms, g.source, (unsigned long long)g.source_degree);
    report.graphs.push_back(g);
    bool ok = true;

    // GAP reads .el for its unweighted kernels and .wel for sssp.
    if (!options.export_dir.empty())
        for (gg_format format : {GG_FORMAT_EDGELIST, GG_FORMAT_WEL}) {
            std::string path = options.export_dir + "/" + graph.name + (format == GG_FORMAT_WEL ? ".wel" : ".el");
            if (gg_graph_save(context, graph.graph, path.c_str(), format) != GG_OK) {
                std::fprintf(stderr, "gg-bench: error: cannot export %s: %s\n", path.c_str(),
                             gg_context_last_error(context));
                ok = false;
            } else {
                std::fprintf(stderr, "gg-bench:   exported %s\n", path.c_str());
            }
        }

    HostCsr csr;
    const HostCsr *check = nullptr;
    if (options.verify) {
        if (!copy_host_csr(context, graph.graph, csr, error)) {
            std::fprintf(stderr, "gg-bench: error: %s\n", error.c_str());
            report.graphs.back().error = error;
            release_graph(graph);
            return false;
        }
        check = &csr;
    }

    KernelSettings kernel_settings;
    kernel_settings.pagerank_iterations = options.pagerank_iterations;
    kernel_settings.degree_bound = options.degree_bound;
    // Without --layouts, one run per algorithm with GG_LAYOUT_AUTO, as always.
    const bool by_layout = !options.layouts.empty();
    const std::vector<gg_layout> layouts = by_layout ? options.layouts : std::vector<gg_layout>{GG_LAYOUT_AUTO};
    Baselines verified;  // the suite's runs that passed, for the partitioned section
    for (const std::string &name : algorithms)
        for (gg_layout layout : layouts) {
            kernel_settings.layout = layout;
            std::unique_ptr<Kernel> kernel;
            try {
                kernel = is_program_kernel(name) ? make_program_kernel(context, name, graph.n, kernel_settings)
                                                 : make_kernel(name, graph.n, kernel_settings);
            } catch (const std::exception &e) {
                std::fprintf(stderr, "gg-bench: error: %s: %s\n", name.c_str(), e.what());
                report.graphs.back().error = name + ": " + e.what();
                return false;
            }
            if (by_layout) {
                std::fprintf(stderr, "gg-bench:   %-8s on %-5s layout %-7s ... ", name.c_str(), graph.name.c_str(),
                             layout_name(layout));
                // Each cell's warm-up starts from nothing on the device, so its
                // preprocess, transfer and device bytes are that layout's own
                // (the graph's upload included), whichever cell ran before.
                if (gg_graph_release_device_memory(context, graph.graph, nullptr) != GG_OK)
                    std::fprintf(stderr, "(device memory not released: %s) ", gg_context_last_error(context));
            } else {
                std::fprintf(stderr, "gg-bench:   %-8s on %-5s ... ", name.c_str(), graph.name.c_str());
            }
            std::fflush(stderr);
            RunnerSettings suite_settings = settings;
            suite_settings.keep_checked_answer = partitioned && !by_layout;
            KernelResult r = measure_kernel(context, *kernel, graph, check, suite_settings);
            if (by_layout) {
                r.layout_requested = layout_name(layout);
                // A pairing the backend lacks is a fact of the table, not a failure.
                if (r.status == "error" && r.error_status == GG_ERROR_UNSUPPORTED && layout != GG_LAYOUT_AUTO)
                    r.status = "unsupported";
            }
            if (r.status == "ok")
                std::fprintf(stderr, "median %.3f ms (min %.3f, max %.3f)%s%s\n", r.compute.median, r.compute.min,
                             r.compute.max, r.verified ? ", verified" : "",
                             by_layout && r.layout != r.layout_requested ? (", ran " + r.layout).c_str() : "");
            else
                std::fprintf(stderr, "%s: %s\n", r.status.c_str(), r.message.c_str());
            ok = ok && (r.status == "ok" || r.status == "unsupported");
            report.results.push_back(r);
            // The partitioned section's unpartitioned run is compared with this one.
            if (suite_settings.keep_checked_answer && r.status == "ok" && (r.verified || !settings.serial_verify))
                verified[name] = std::move(kernel);
        }
    if (partitioned)
        ok = bench_partitioned(context, graph, algorithms, check, options, settings, report, std::move(verified)) && ok;
    release_graph(graph);
    return ok;
}

}  // namespace

int main(int argc, char **argv) {
    Options options;
    bool help = false;
    std::string error;
    if (!parse_options(argc, argv, options, help, error)) {
        std::fprintf(stderr, "gg-bench: error: %s\n", error.c_str());
        return 2;
    }
    if (help) {
        std::fputs(usage_text(), stdout);
        return 0;
    }

    gg_context_options context_options;
    gg_context_options_init(&context_options);
    context_options.backend = options.backend;
    context_options.num_threads = options.threads;
    context_options.log_fn = log_to_stderr;
    context_options.log_level = GG_LOG_WARN;
    if (options.all_devices) {
        context_options.device_id = -1;
        context_options.all_devices = 1;
    } else if (!options.devices.empty()) {
        context_options.device_id = options.devices[0];
        context_options.devices = options.devices.data();
        context_options.num_devices = uint32_t(options.devices.size());
    }
    gg_context *context = nullptr;
    if (gg_context_create(&context_options, &context) != GG_OK) {
        std::fprintf(stderr, "gg-bench: error: gg_context_create failed%s\n",
                     options.all_devices || !options.devices.empty() ? " (it refused the --devices list)" : "");
        return 1;
    }

    char reason[256] = {0};
    const bool gpu_usable = options.backend != GG_BACKEND_CPU && gg_context_cuda_available(context, reason, sizeof reason);
    if (options.backend == GG_BACKEND_CUDA && !gpu_usable) {
        std::fprintf(stderr, "gg-bench: error: --backend cuda, but no GPU is usable: %s\n", reason);
        gg_context_destroy(context);
        return 1;
    }

    // The full suite on a GPU, the reduced one on the CPU (issue 2).
    Report report;
    report.scale = options.scale ? options.scale : (gpu_usable ? 22 : 20);
    report.grid = options.grid ? options.grid : (gpu_usable ? 2048 : 1024);
    report.suite = report.scale == 22 && report.grid == 2048   ? "full (scale 22, grid 2048)"
                   : report.scale == 20 && report.grid == 1024 ? "reduced (scale 20, grid 1024)"
                                                               : format("custom (scale %u, grid %u)", report.scale, report.grid);
    report.degree = options.degree;
    report.seed = options.seed;
    report.trials = options.trials;
    report.pagerank_iterations = options.pagerank_iterations;
    report.verify = options.verify;
    report.serial_verify = options.serial_verify;
    report.note = options.note;
    for (gg_layout layout : options.layouts) report.layouts.push_back(layout_name(layout));
    report.degree_bound = options.degree_bound;
    report.backend_requested = gpu_usable ? "cuda" : "cpu";
    if (options.backend == GG_BACKEND_AUTO) report.backend_requested = std::string("auto -> ") + report.backend_requested;

    report.machine = describe_machine();
    report.machine.command_line = options.command_line;
    report.machine.threads = gg_context_num_threads(context);
    report.machine.device = probe_device(0);

    std::string where = gpu_usable ? "on the GPU"
                        : options.backend == GG_BACKEND_CPU ? "on the CPU (--backend cpu)"
                                                            : std::string("on the CPU (no usable GPU: ") + reason + ")";
    std::fprintf(stderr, "gg-bench: gg %s, %s suite %s, %d CPU threads\n", gg_version_string(), report.suite.c_str(),
                 where.c_str(), report.machine.threads);
    report.host_copy = measure_host_copy_bandwidth(report.machine.threads);
    std::fprintf(stderr, "gg-bench: host copy bandwidth %.1f GB/s\n", report.host_copy.gb_per_s);
    if (gpu_usable) {
        report.device_copy_gb_per_s = measure_device_copy_bandwidth(0, report.device_copy_error, report.device_copy_bytes);
        if (report.device_copy_gb_per_s > 0)
            std::fprintf(stderr, "gg-bench: device copy bandwidth %.1f GB/s\n", report.device_copy_gb_per_s);
        else
            std::fprintf(stderr, "gg-bench: warning: no device copy bandwidth: %s\n", report.device_copy_error.c_str());
    }

    if (!options.parts.empty()) {
        PartitionedSection &section = report.partitioned;
        section.requested = true;
        section.parts = options.parts;
        for (gg_partitioner partitioner : options.partitioners)
            section.partitioners.push_back(gg_partitioner_name(partitioner));
        section.replication_depth =
            options.replication_depth == 0 ? std::string("auto") : std::to_string(options.replication_depth);
        section.backend = gpu_usable ? "cuda" : "cpu";
        if (gpu_usable) {
            uint32_t count = 0;
            gg_context_get_devices(context, nullptr, 0, &count);
            section.devices.assign(count, -1);
            gg_context_get_devices(context, section.devices.data(), count, &count);
            std::string list;
            for (int32_t d : section.devices) list += (list.empty() ? "" : ",") + std::to_string(d);
            section.backend_reason =
                "the parts go to the context's GPUs (" + list + ") in turn, part p on the (p mod " +
                std::to_string(count) +
                ")-th: parts on one GPU run one after another, parts on different GPUs at the same time; an "
                "algorithm whose parts the CUDA backend does not run (GG_ERROR_UNSUPPORTED) is skipped, its "
                "message in the table";
        }
    }

    RunnerSettings settings;
    settings.trials = options.trials;
    settings.serial_verify = options.serial_verify;
    settings.host_copy_gb_per_s = report.host_copy.gb_per_s;
    settings.device_copy_gb_per_s = report.device_copy_gb_per_s;

    bool ok = true;
    if (!options.algorithms.empty())
        for (const std::string &name : options.graphs) {
            SuiteGraph graph = suite_graph(name, report.scale, options.degree, report.grid, options.seed);
            ok = bench_graph(context, graph, options.algorithms, options, settings, report, !options.parts.empty()) &&
                 ok;
        }
    if (options.apsp) {
        // APSP writes n^2 distances, so it gets its own small kron graph.
        SuiteGraph graph = suite_graph("kron", options.apsp_scale, options.degree, 0, options.seed);
        graph.name = "apsp-kron";
        // APSP ignores a partition plan (docs/partitioned.md), so it has no partitioned runs.
        ok = bench_graph(context, graph, {"apsp"}, options, settings, report, false) && ok;
    }
    report.machine.load_average_end = load_average();

    const std::string markdown = report_markdown(report);
    std::fputs(markdown.c_str(), stdout);
    if (!options.json_path.empty()) ok = write_file(options.json_path, report_json(report)) && ok;
    if (!options.markdown_path.empty()) ok = write_file(options.markdown_path, markdown) && ok;
    gg_context_destroy(context);
    return ok ? 0 : 1;
}
