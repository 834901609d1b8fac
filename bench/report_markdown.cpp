// The markdown form of a report (see report.h): the exact command and the
// machine first, then one table of graphs and one of results.
#include <algorithm>
#include <map>

#include "format.h"
#include "report.h"

namespace bench {

namespace {

std::string ms(double value) {
    if (value <= 0) return value == 0 ? "0" : "-";
    if (value < 10) return format("%.3f", value);
    if (value < 1000) return format("%.1f", value);
    return format("%.0f", value);
}

// Exchange ms, and the part of it hidden behind the parts' compute where
// some was (an overlapped refresh).
std::string exchange_cell(const KernelResult &r) {
    if (!(r.exchange_hidden_ms > 0) || !(r.exchange_ms > 0)) return ms(r.exchange_ms);
    return format("%s (%.0f%% hidden)", ms(r.exchange_ms).c_str(), 100.0 * r.exchange_hidden_ms / r.exchange_ms);
}

std::string cell(const std::string &text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += "\\|";
        else if (c == '\n') out += ' ';
        else out += c;
    }
    return out;
}

std::string version_text(int cuda_version) {
    if (cuda_version <= 0) return "none";
    return format("%d.%d", cuda_version / 1000, (cuda_version % 1000) / 10);
}

std::string count(uint64_t value) { return format("%llu", (unsigned long long)value); }

// Bytes with a binary unit, exact below 10 KiB.
std::string bytes_text(uint64_t value) {
    if (value < 10240) return format("%llu B", (unsigned long long)value);
    if (value < (10ull << 20)) return format("%.1f KiB", double(value) / 1024);
    if (value < (10ull << 30)) return format("%.1f MiB", double(value) / (1 << 20));
    return format("%.1f GiB", double(value) / (1 << 30));
}

// A partitioned table's verified cell: whether the warm-up's answer was
// checked, and against the parts-1 run's answer or by the serial verifier.
std::string verified_cell(const KernelResult &r) {
    if (!r.verified) return "not checked";
    return r.checked_against == "unpartitioned run" ? "yes, vs parts 1" : "yes";
}

// The "Partitioned runs" section: the settings, then one table per graph.
// Failed runs are appended to `failures`.
std::string partitioned_markdown(const Report &report, std::string &failures) {
    const PartitionedSection &section = report.partitioned;
    std::string md = "\n## Partitioned runs\n\n";
    std::string parts;
    for (uint32_t p : section.parts) parts += (parts.empty() ? "" : ",") + std::to_string(p);
    std::string partitioners;
    for (const std::string &p : section.partitioners) partitioners += (partitioners.empty() ? "" : ",") + p;
    md += "Parts " + parts + " x partitioners " + partitioners + ", replication depth " + section.replication_depth +
          ", every run on the **" + section.backend + "** backend (gg_run_options.backend)" +
          (section.backend_reason.empty() ? "" : ": " + section.backend_reason) +
          ". Each plan is built once per graph (gg_partition_plan_create); its depth (as built), edge cut, replicas, "
          "local edges (over all parts), largest part (vertices owned), partition ms and build ms are read back with "
          "gg_partition_plan_read_stats. Every algorithm then runs over it as in the table above: a warm-up whose "
          "answer is checked, then the timed trials. " +
          std::string(report.serial_verify ? "The parts-1 warm-up's answer must pass the serial verifier; "
                                           : "The parts-1 warm-up's answer is not checked (--compare-only: the "
                                             "serial verifiers would take minutes on this graph); ") +
          "each partitioned warm-up's answer is compared with it instead (verified \"yes, vs parts 1\": equal for "
          "bfs, sssp, sswp and cc, within the serial verifiers' tolerances for pagerank, after as many iterations, bc "
          "and spmv), or must pass the serial verifier where the parts-1 run failed. Median, min and max are of "
          "gg_run_stats.compute_ms, which for a "
          "partitioned run is the whole run, every part and every exchange, but the copies of the answers to the host (transfer ms, as in unpartitioned runs). "
          "x unpartitioned = median / median of parts 1 (the unpartitioned run, with no plan, on the same backend) "
          "for the same algorithm and graph" +
          (std::find(section.parts.begin(), section.parts.end(), 1u) == section.parts.end()
               ? std::string("; --parts does not list 1, so those rows are marked baseline")
               : std::string()) +
          ". Iterations, bytes exchanged, rounds, exchange ms (summed over parts; with the share that ran behind the parts' compute, where a refresh overlapped it) and the slowest part's compute ms "
          "(part_compute_ms, with the part) are the last trial's.\n";
    for (const std::string &note : section.notes) md += "\nNote: " + cell(note) + "\n";
    if (section.plans.empty()) md += "\nNo partitioned runs (no algorithm to run over a plan).\n";

    std::string graph;
    std::string choices;  // auto's reasons, under each graph's table
    for (const PlanResult &plan : section.plans) {
        if (plan.graph != graph) {
            md += choices;
            choices.clear();
            graph = plan.graph;
            std::string size;
            for (const GraphResult &g : report.graphs)
                if (g.name == graph) size = format(" (n %u, m %llu)", g.n, (unsigned long long)g.m);
            md += "\n### " + graph + size + "\n\n"
                  "| parts | partitioner | algorithm | depth | edge cut | replicas | local edges | largest part | "
                  "partition ms | build ms | median | min | max | x unpartitioned | iters | bytes exchanged | rounds | "
                  "exchange ms | slowest part ms | verified |\n"
                  "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n";
        }
        const bool split = plan.parts > 1;
        const std::string parts_cell = plan.parts == 1 && !plan.requested ? "1 (baseline)" : std::to_string(plan.parts);
        std::string partitioner = split ? plan.partitioner : "none";
        if (split && !plan.chosen.empty() && plan.chosen != plan.partitioner) partitioner += ": " + plan.chosen;
        if (split && !plan.choice.empty())
            choices += (choices.empty() ? "\n" : "") + std::string("- ") + plan.partitioner + ", " +
                       std::to_string(plan.parts) + " parts: " + cell(plan.choice) + "\n";
        if (plan.status != "ok") {
            const bool skipped = plan.status == "skipped";
            md += "| " + parts_cell + " | " + partitioner + " | all | " +
                  (skipped ? std::string("skipped (see the note above)") : plan.status + ": " + cell(plan.message)) +
                  " | | | | | | | | | | | | | | | | " + (skipped ? "-" : "no") + " |\n";
            if (plan.status == "error")
                failures += "- plan of " + std::to_string(plan.parts) + " parts, " + plan.partitioner + ", on " +
                            plan.graph + ": " + plan.message + "\n";
            continue;
        }
        const std::string plan_cells =
            split ? format("%u | %s | %s | %s | %s | %s | %s", plan.replication_depth, count(plan.edge_cut).c_str(),
                           count(plan.replicas).c_str(), count(plan.local_edges).c_str(),
                           count(plan.max_part_vertices).c_str(), ms(plan.partition_ms).c_str(),
                           ms(plan.build_ms).c_str())
                  : std::string("- | - | - | - | - | - | -");
        for (size_t k = 0; k < plan.runs.size(); ++k) {
            const KernelResult &r = plan.runs[k];
            const std::string head = "| " + parts_cell + " | " + partitioner + " | " + r.algorithm + " | " + plan_cells;
            if (r.status != "ok") {
                md += head + " | " + r.status + " | | | | | | | | | no |\n";
                failures += "- " + r.algorithm + " on " + r.graph + ", " +
                            (split ? std::to_string(plan.parts) + " parts " + plan.partitioner : "unpartitioned") +
                            " (partitioned runs): " + r.status + ": " + r.message + "\n";
                continue;
            }
            const double ratio = k < plan.vs_unpartitioned.size() ? plan.vs_unpartitioned[k] : 0.0;
            md += head + format(" | %s | %s | %s | %s | %u | %s | %s | %s | %s | %s |\n", ms(r.compute.median).c_str(),
                                ms(r.compute.min).c_str(), ms(r.compute.max).c_str(),
                                ratio > 0 ? format("%.2f", ratio).c_str() : "-", r.iterations,
                                split ? bytes_text(r.bytes_exchanged).c_str() : "-",
                                split ? std::to_string(r.exchange_rounds).c_str() : "-",
                                split ? exchange_cell(r).c_str() : "-",
                                split && !r.part_compute_ms.empty()
                                    ? format("%s (part %u)", ms(r.slowest_part_compute_ms).c_str(), r.slowest_part).c_str()
                                    : "-",
                                verified_cell(r).c_str());
        }
    }
    return md + choices;
}

// The cell of one result in a layout table: its median, bold when it is the
// row's best, with the layout that ran when it is not the one asked for (the
// CPU runs csr for every layout; auto names its choice).
std::string layout_cell(const KernelResult *r, bool best) {
    if (r == nullptr) return "";
    if (r->status == "unsupported") return "-";
    if (r->status != "ok") return r->status;
    std::string text = best ? "**" + ms(r->compute.median) + "**" : ms(r->compute.median);
    if (r->layout != r->layout_requested) text += " (" + r->layout + ")";
    return text;
}

// The "Layouts" section (--layouts): per graph, algorithms x layouts of
// median compute ms, the fastest layout of each row in bold and named in the
// last column, then the pairings the backend lacks with the library's words.
std::string layouts_markdown(const Report &report) {
    const std::vector<std::string> &layouts = report.layouts;
    std::string md = "\n## Layouts\n\n";
    md += "Median gg_run_stats.compute_ms of each algorithm run with gg_run_options.layout set to the column's "
          "layout (PageRank: all its iterations), the same source, trials and verification as the results below. "
          "Bold: the fastest layout of the row (auto, when listed, does not compete: it runs one of the others), "
          "named in the last column with its speed-up over csr; layouts equal at the precision shown are all bold "
          "and all named. \"-\": the backend has no such pairing (GG_ERROR_UNSUPPORTED, listed under the tables). "
          "A layout in parentheses is the one that ran "
          "(gg_run_stats.layout) where it differs from the column's: the CPU backend runs csr for every layout. "
          "Degree bound K of vsplit and udt: " +
          (report.degree_bound ? std::to_string(report.degree_bound) : std::string("the library's (10 and 1000)")) +
          ". Before each cell's warm-up the graph's device memory is released, so its first-run preprocess, "
          "transfer and device memory in the results below are that layout's own.\n";

    std::vector<std::string> graphs;
    for (const KernelResult &r : report.results)
        if (std::find(graphs.begin(), graphs.end(), r.graph) == graphs.end()) graphs.push_back(r.graph);
    std::vector<std::string> unsupported;
    for (const std::string &graph : graphs) {
        std::string size;
        for (const GraphResult &g : report.graphs)
            if (g.name == graph) size = format(" (n %u, m %llu)", g.n, (unsigned long long)g.m);
        md += "\n### " + graph + size + "\n\n| algorithm |";
        std::string rule = "|---|";
        for (const std::string &layout : layouts) {
            md += " " + layout + " |";
            rule += "---:|";
        }
        md += " best |\n" + rule + "---|\n";

        std::vector<std::string> algorithms;
        for (const KernelResult &r : report.results)
            if (r.graph == graph && std::find(algorithms.begin(), algorithms.end(), r.algorithm) == algorithms.end())
                algorithms.push_back(r.algorithm);
        for (const std::string &algorithm : algorithms) {
            std::vector<const KernelResult *> row(layouts.size(), nullptr);
            for (const KernelResult &r : report.results)
                if (r.graph == graph && r.algorithm == algorithm)
                    for (size_t k = 0; k < layouts.size(); ++k)
                        if (r.layout_requested == layouts[k]) row[k] = &r;
            double best = 0;
            std::string best_layout;
            const KernelResult *csr = nullptr;
            for (size_t k = 0; k < layouts.size(); ++k) {
                const KernelResult *r = row[k];
                if (r == nullptr || r->status != "ok") continue;
                if (layouts[k] == "csr") csr = r;
                if (layouts[k] == "auto") continue;
                if (best_layout.empty() || r->compute.median < best) {
                    best = r->compute.median;
                    best_layout = layouts[k];
                }
            }
            // Cells equal to the best at the precision shown are ties: all bold, all named.
            std::string best_text;
            md += "| " + algorithm + " |";
            for (size_t k = 0; k < layouts.size(); ++k) {
                const KernelResult *r = row[k];
                const bool is_best = r != nullptr && r->status == "ok" && layouts[k] != "auto" &&
                                     !best_layout.empty() && ms(r->compute.median) == ms(best);
                if (is_best) best_text += (best_text.empty() ? "" : " = ") + layouts[k];
                md += " " + layout_cell(r, is_best) + " |";
                if (r != nullptr && r->status == "unsupported") {
                    const std::string line = "- " + algorithm + " on " + layouts[k] + ": " + cell(r->message) + "\n";
                    if (std::find(unsupported.begin(), unsupported.end(), line) == unsupported.end())
                        unsupported.push_back(line);
                }
            }
            if (best_text.empty()) best_text = "-";
            if (csr != nullptr && !best_layout.empty() && ms(csr->compute.median) != ms(best) && best > 0)
                best_text += format(", %.2fx csr", csr->compute.median / best);
            md += " " + best_text + " |\n";
        }
    }
    if (!unsupported.empty()) {
        md += "\nUnsupported pairings (the library's message):\n\n";
        for (const std::string &line : unsupported) md += line;
    }
    return md;
}

}  // namespace

std::string report_markdown(const Report &report) {
    const MachineInfo &m = report.machine;
    std::string md;
    md += format("# gg-bench: %s backend, %s suite\n\n", report.backend_requested.c_str(), report.suite.c_str());
    md += "Command, run in `" + m.working_directory + "`:\n\n```\n" + m.command_line + "\n```\n\n";
    if (!report.note.empty()) md += "Note: " + report.note + "\n\n";
    md += "| | |\n|---|---|\n";
    md += "| date (UTC) | " + m.date_utc + " |\n";
    md += "| gg version | " + m.gg_version + ", git " + cell(m.git_revision) + " |\n";
    md += "| host | " + cell(m.hostname) + " (" + cell(m.os) + ") |\n";
    md += "| CPU | " + cell(m.cpu_model) + format(", %d logical CPUs, %.1f GiB memory |\n", m.logical_cpus, m.memory_gib);
    md += format("| CPU threads used | %d |\n", m.threads);
    md += format("| load average (1 min) at start / end | %.2f / %.2f |\n", m.load_average_start, m.load_average_end);
    if (m.device.present)
        md += "| GPU | " + cell(m.device.name) +
              format(" (sm_%d%d, %d SMs, %.1f GiB, L2 %.1f MiB), driver %s, CUDA runtime %s |\n",
                     m.device.compute_major, m.device.compute_minor, m.device.multiprocessors,
                     double(m.device.memory_bytes) / (1 << 30), double(m.device.l2_bytes) / (1 << 20),
                     version_text(m.device.driver_version).c_str(), version_text(m.device.runtime_version).c_str());
    else
        md += "| GPU | none: " + cell(m.device.reason) + " |\n";
    md += "| compiler, build | " + cell(m.compiler) + ", " + cell(m.build_type) + " |\n";
    md += format("| host copy bandwidth | %.1f GB/s (memcpy of %zu MiB with %d threads, read + write) |\n",
                 report.host_copy.gb_per_s, report.host_copy.buffer_bytes >> 20, report.host_copy.threads);
    if (report.device_copy_gb_per_s > 0)
        md += format("| device copy bandwidth | %.1f GB/s (cudaMemcpy device to device of %llu MiB, read + write) |\n",
                     report.device_copy_gb_per_s, (unsigned long long)(report.device_copy_bytes >> 20));
    md += format("| trials | warm-up + %d timed, median of gg_run_stats.compute_ms (graph resident) |\n",
                 report.trials);
    md += format("| PageRank | exactly %u iterations (tolerance 0) |\n", report.pagerank_iterations);
    if (!report.layouts.empty()) {
        std::string layouts;
        for (const std::string &layout : report.layouts) layouts += (layouts.empty() ? "" : ", ") + layout;
        md += "| layouts | " + layouts + " (gg_run_options.layout; each algorithm runs once per layout) |\n";
    }
    if (!report.layouts.empty() || report.degree_bound != 0)
        md += "| degree bound (vsplit, udt) | " +
              (report.degree_bound ? std::to_string(report.degree_bound) : std::string("the library's, 10 and 1000")) +
              " |\n";
    md += std::string("| verified | ") +
          (!report.verify          ? "no (--no-verify)"
           : report.serial_verify ? "yes, each first run against a serial check"
                                  : "partitioned runs only (--compare-only: no serial check)") +
          (report.verify && report.partitioned.requested
               ? report.serial_verify ? " (partitioned runs: against the unpartitioned run's checked answer)"
                                      : ", against the unpartitioned run's answer"
               : "") +
          " |\n\n";

    md += "## Graphs\n\n| graph | generated as | n | m | source (out-degree) | generate ms |\n"
          "|---|---|---:|---:|---|---:|\n";
    for (const GraphResult &g : report.graphs) {
        if (!g.error.empty()) {
            md += "| " + g.name + " | " + cell(g.description) + " | - | - | - | failed: " + cell(g.error) + " |\n";
            continue;
        }
        md += format("| %s | %s | %u | %llu | %u (%llu) | %s |\n", g.name.c_str(), cell(g.description).c_str(), g.n,
                     (unsigned long long)g.m, g.source, (unsigned long long)g.source_degree, ms(g.generate_ms).c_str());
    }

    // With --layouts the layout tables lead, and the results gain the layout
    // asked for (and the one that ran, where they differ); unsupported pairings
    // are only in the layout tables. Without it, the report of old.
    const bool by_layout = !report.layouts.empty();
    if (by_layout) md += layouts_markdown(report);
    md += "\n## Results\n\n"
          "Times in ms. GTEPS = m / median time (PageRank: m per iteration). GB/s counts the bytes of the byte "
          "model below; % BW = that rate / the copy bandwidth of the backend that ran. First-run columns are the "
          "warm-up call: layout building (preprocess), host-device copies (transfer), device memory held.\n\n";
    md += by_layout ? "| algorithm | graph | backend | layout | median | min | max | ms/iter | iters | GTEPS | GB/s | "
                      "% BW | 1st preprocess | 1st transfer | device MiB | verified |\n"
                      "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"
                    : "| algorithm | graph | backend | median | min | max | ms/iter | iters | GTEPS | GB/s | % BW | "
                      "1st preprocess | 1st transfer | device MiB | verified |\n"
                      "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    std::map<std::string, std::string> models;
    std::string failures;
    for (const KernelResult &r : report.results) {
        if (r.status == "unsupported") continue;
        models[r.algorithm] = r.byte_model;
        std::string backend = r.backend;
        if (by_layout) {
            std::string layout = r.layout_requested;
            if (!r.layout.empty() && r.layout != r.layout_requested) layout += " -> " + r.layout;
            backend += " | " + layout;
        }
        if (r.status != "ok") {
            md += "| " + r.algorithm + " | " + r.graph + " | " + backend + " | " + r.status +
                  " | | | | | | | | | | | no |\n";
            failures += "- " + r.algorithm + " on " + r.graph +
                        (by_layout ? ", layout " + r.layout_requested : std::string()) + ": " + r.status + ": " +
                        r.message + "\n";
            continue;
        }
        md += format("| %s | %s | %s | %s | %s | %s | %s | %u | %.3f | %.1f | %.1f%% | %s | %s | %.1f | %s |\n",
                     r.algorithm.c_str(), r.graph.c_str(), backend.c_str(), ms(r.compute.median).c_str(),
                     ms(r.compute.min).c_str(), ms(r.compute.max).c_str(),
                     r.ms_per_iteration > 0 ? ms(r.ms_per_iteration).c_str() : "", r.iterations, r.gteps, r.gb_per_s,
                     100.0 * r.roofline_fraction, ms(r.first_preprocess_ms).c_str(), ms(r.first_transfer_ms).c_str(),
                     double(r.device_bytes) / (1 << 20), r.verified ? "yes" : "not checked");
    }
    if (report.partitioned.requested) md += partitioned_markdown(report, failures);
    if (!failures.empty()) md += "\n## Failures\n\n" + failures;
    md += "\n## Byte models (bytes one run must move at least)\n\n";
    for (const auto &entry : models) md += "- " + entry.first + ": " + entry.second + "\n";
    return md;
}

}  // namespace bench
