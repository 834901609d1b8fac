// Partitioned runs of one suite graph (see partitioned.h).
#include "partitioned.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

#include "format.h"
#include "kernels.h"

namespace bench {

namespace {

// Measures every algorithm with the given plan (nullptr: unpartitioned) on
// the section's backend, appending the results to `plan`; false when any
// failed. An algorithm whose parts the backend does not run (the CUDA
// backend answers GG_ERROR_UNSUPPORTED) is skipped, with the library's
// message. The unpartitioned run is checked against `baselines` (the
// suite's runs of the same algorithms, when they passed) and then takes
// their place; runs over a plan are checked against them, or by the serial
// verifier where there is none.
bool measure_all(gg_context *context, const SuiteGraph &graph, const std::vector<std::string> &algorithms,
                 const HostCsr *csr, const Options &options, RunnerSettings settings,
                 const gg_partition_plan *partition_plan, gg_backend backend, PlanResult &plan, Baselines &baselines) {
    KernelSettings kernel_settings;
    kernel_settings.pagerank_iterations = options.pagerank_iterations;
    kernel_settings.backend = backend;
    kernel_settings.partition_plan = partition_plan;
    kernel_settings.degree_bound = options.degree_bound;
    settings.part_capacity = plan.parts > 1 ? plan.parts : 0;
    const bool is_baseline = partition_plan == nullptr;
    settings.keep_checked_answer = is_baseline;
    const std::string what =
        plan.parts == 1 ? std::string("unpartitioned") : format("%u parts %s", plan.parts, plan.partitioner.c_str());
    bool ok = true;
    for (const std::string &name : algorithms) {
        std::unique_ptr<Kernel> kernel = make_kernel(name, graph.n, kernel_settings);
        if (!kernel) {  // vertex programs (program:FILE) do not run partitioned
            std::fprintf(stderr, "gg-bench:   %s does not run partitioned; skipped\n", name.c_str());
            continue;
        }
        std::fprintf(stderr, "gg-bench:   %-8s on %-5s %s ... ", name.c_str(), graph.name.c_str(), what.c_str());
        std::fflush(stderr);
        auto base = baselines.find(name);
        const Kernel *checked = base != baselines.end() ? base->second.get() : nullptr;
        KernelResult r = measure_kernel(context, *kernel, graph, csr, settings, checked);
        if (r.status == "error" && partition_plan != nullptr && r.error_status == GG_ERROR_UNSUPPORTED)
            r.status = "skipped";
        if (r.status == "ok")
            std::fprintf(stderr, "median %.3f ms, %llu bytes exchanged in %u rounds%s\n", r.compute.median,
                         (unsigned long long)r.bytes_exchanged, r.exchange_rounds,
                         r.verified ? (", verified (" + r.checked_against + ")").c_str() : "");
        else
            std::fprintf(stderr, "%s: %s\n", r.status.c_str(), r.message.c_str());
        ok = ok && (r.status == "ok" || r.status == "skipped");
        // Only a baseline that verified and finished serves: where it failed or
        // went unchecked (--no-verify), its plans' runs get the serial verifier
        // (or, under --no-verify, no check), as before.
        if (is_baseline && r.status == "ok" && (r.verified || !settings.serial_verify))
            baselines[name] = std::move(kernel);
        plan.runs.push_back(r);
    }
    return ok;
}

void add_note(PartitionedSection &section, const std::string &note) {
    if (std::find(section.notes.begin(), section.notes.end(), note) == section.notes.end())
        section.notes.push_back(note);
}

}  // namespace

bool bench_partitioned(gg_context *context, const SuiteGraph &graph, const std::vector<std::string> &algorithms,
                       const HostCsr *csr, const Options &options, const RunnerSettings &settings, Report &report,
                       Baselines baselines) {
    PartitionedSection &section = report.partitioned;
    bool ok = true;
    const gg_backend backend = section.backend == "cuda" ? GG_BACKEND_CUDA : GG_BACKEND_CPU;

    const size_t first = section.plans.size();

    // The baseline first: parts 1, listed or not.
    PlanResult baseline;
    baseline.graph = graph.name;
    baseline.parts = 1;
    baseline.requested = std::find(options.parts.begin(), options.parts.end(), 1u) != options.parts.end();
    ok = measure_all(context, graph, algorithms, csr, options, settings, nullptr, backend, baseline, baselines) && ok;
    std::map<std::string, double> baseline_ms;
    for (const KernelResult &r : baseline.runs)
        if (r.status == "ok") baseline_ms[r.algorithm] = r.compute.median;
    section.plans.push_back(baseline);

    for (uint32_t parts : options.parts) {
        if (parts == 1) continue;
        for (gg_partitioner partitioner : options.partitioners) {
            PlanResult plan;
            plan.graph = graph.name;
            plan.parts = parts;
            plan.partitioner = gg_partitioner_name(partitioner);
            gg_partition_plan_options plan_options;
            gg_partition_plan_options_init(&plan_options);
            plan_options.num_parts = parts;
            plan_options.partitioner = partitioner;
            plan_options.replication_depth = options.replication_depth;
            gg_partition_plan *handle = nullptr;
            std::fprintf(stderr, "gg-bench:   plan of %u parts, %s, on %s ... ", parts, plan.partitioner.c_str(),
                         graph.name.c_str());
            std::fflush(stderr);
            const gg_status status = gg_partition_plan_create(context, graph.graph, &plan_options, &handle);
            if (status != GG_OK) {
                plan.message = std::string(gg_status_string(status)) + ": " + gg_context_last_error(context);
                if (status == GG_ERROR_UNSUPPORTED) {
                    plan.status = "skipped";
                    add_note(section, plan.partitioner + " skipped: the library answered " + plan.message);
                } else {
                    plan.status = "error";
                    ok = false;
                }
                std::fprintf(stderr, "%s: %s\n", plan.status.c_str(), plan.message.c_str());
                section.plans.push_back(plan);
                continue;
            }
            gg_partition_plan_stats stats;
            gg_partition_plan_stats_init(&stats);
            const gg_status read = gg_partition_plan_read_stats(context, handle, &stats);
            if (read != GG_OK) {
                plan.status = "error";
                plan.message = std::string("gg_partition_plan_read_stats: ") + gg_status_string(read) + ": " +
                               gg_context_last_error(context);
                std::fprintf(stderr, "error: %s\n", plan.message.c_str());
                gg_partition_plan_destroy(handle);
                section.plans.push_back(plan);
                ok = false;
                continue;
            }
            const char *chosen = gg_partitioner_name(stats.partitioner);
            plan.chosen = chosen != nullptr ? chosen : "unknown";
            plan.choice = stats.choice;
            plan.replication_depth = stats.replication_depth;
            plan.empty_parts = stats.empty_parts;
            plan.edge_cut = stats.edge_cut;
            plan.replicas = stats.replicas;
            plan.local_edges = stats.local_edges;
            plan.max_part_vertices = stats.max_part_vertices;
            plan.partition_ms = stats.partition_ms;
            plan.build_ms = stats.build_ms;
            if (plan.chosen != plan.partitioner) std::fprintf(stderr, "%s, ", plan.chosen.c_str());
            std::fprintf(stderr, "depth %u, edge cut %llu, replicas %llu, %.1f + %.1f ms\n", stats.replication_depth,
                         (unsigned long long)stats.edge_cut, (unsigned long long)stats.replicas, stats.partition_ms,
                         stats.build_ms);
            ok = measure_all(context, graph, algorithms, csr, options, settings, handle, backend, plan, baselines) &&
                 ok;
            gg_partition_plan_destroy(handle);
            section.plans.push_back(plan);
        }
    }

    // x unpartitioned: the ratio of medians, against the baseline above.
    for (size_t i = first; i < section.plans.size(); ++i) {
        PlanResult &plan = section.plans[i];
        plan.vs_unpartitioned.assign(plan.runs.size(), 0.0);
        for (size_t k = 0; k < plan.runs.size(); ++k) {
            const KernelResult &r = plan.runs[k];
            auto base = baseline_ms.find(r.algorithm);
            if (r.status == "ok" && base != baseline_ms.end() && base->second > 0)
                plan.vs_unpartitioned[k] = r.compute.median / base->second;
        }
    }
    return ok;
}

}  // namespace bench
