// The JSON form of a report (see report.h). Times are in milliseconds,
// rates in GB/s (1e9 bytes), sizes in bytes.
#include "json_writer.h"
#include "report.h"

namespace bench {

namespace {

void write_machine(JsonWriter &w, const MachineInfo &m) {
    w.key("machine").begin_object();
    w.key("hostname").value(m.hostname);
    w.key("os").value(m.os);
    w.key("cpu_model").value(m.cpu_model);
    w.key("logical_cpus").value(m.logical_cpus);
    w.key("memory_gib").value(m.memory_gib);
    w.key("threads").value(m.threads);
    w.key("load_average_start").value(m.load_average_start);
    w.key("load_average_end").value(m.load_average_end);
    w.key("compiler").value(m.compiler);
    w.key("build_type").value(m.build_type);
    w.key("gpu").begin_object();
    w.key("present").value(m.device.present);
    if (m.device.present) {
        w.key("device").value(m.device.device);
        w.key("name").value(m.device.name);
        w.key("compute_capability").value(std::to_string(m.device.compute_major) + "." +
                                          std::to_string(m.device.compute_minor));
        w.key("multiprocessors").value(m.device.multiprocessors);
        w.key("memory_bytes").value(m.device.memory_bytes);
        w.key("l2_bytes").value(m.device.l2_bytes);
    } else {
        w.key("reason").value(m.device.reason);
    }
    w.key("driver_version").value(m.device.driver_version);
    w.key("cuda_runtime_version").value(m.device.runtime_version);
    w.end_object();
    w.end_object();
}

// The keys of one result, inside an object the caller opens and closes.
void write_result_keys(JsonWriter &w, const KernelResult &r) {
    w.key("algorithm").value(r.algorithm);
    w.key("graph").value(r.graph);
    w.key("status").value(r.status);
    if (!r.message.empty()) w.key("message").value(r.message);
    w.key("backend").value(r.backend);
    if (!r.layout_requested.empty()) w.key("layout_requested").value(r.layout_requested);
    w.key("layout").value(r.layout);
    if (!r.fallback_reason.empty()) w.key("fallback_reason").value(r.fallback_reason);
    w.key("threads").value(r.threads);
    if (r.has_source) w.key("source").value(r.source);
    else w.key("source").null();
    w.key("trials").value(int(r.compute_ms.size()));
    w.key("compute_ms").begin_object();
    w.key("median").value(r.compute.median);
    w.key("min").value(r.compute.min);
    w.key("max").value(r.compute.max);
    w.key("trials").numbers(r.compute_ms);
    w.end_object();
    w.key("total_ms").begin_object();
    w.key("median").value(r.total.median);
    w.key("min").value(r.total.min);
    w.key("max").value(r.total.max);
    w.end_object();
    w.key("iterations").value(r.iterations);
    if (r.ms_per_iteration > 0) w.key("ms_per_iteration").value(r.ms_per_iteration);
    w.key("gteps").value(r.gteps);
    w.key("bytes_per_run").value(r.bytes);
    w.key("gb_per_s").value(r.gb_per_s);
    w.key("fraction_of_copy_bandwidth").value(r.roofline_fraction);
    w.key("byte_model").value(r.byte_model);
    w.key("first_run").begin_object();
    w.key("total_ms").value(r.first_total_ms);
    w.key("compute_ms").value(r.first_compute_ms);
    w.key("preprocess_ms").value(r.first_preprocess_ms);
    w.key("transfer_ms").value(r.first_transfer_ms);
    w.key("device_bytes").value(r.device_bytes);
    w.end_object();
    w.key("verified").value(r.verified);
    w.key("verify_ms").value(r.verify_ms);
}

void write_result(JsonWriter &w, const KernelResult &r) {
    w.begin_object();
    write_result_keys(w, r);
    w.end_object();
}

// "partitioned": the settings, then one entry per (graph, parts, partitioner)
// with the plan's statistics and a result per algorithm, each with how its
// answer was checked and the exchange counters and per-part times of its
// last trial.
void write_partitioned(JsonWriter &w, const PartitionedSection &section) {
    w.key("partitioned").begin_object();
    w.key("parts").begin_array();
    for (uint32_t p : section.parts) w.value(p);
    w.end_array();
    w.key("partitioners").begin_array();
    for (const std::string &p : section.partitioners) w.value(p);
    w.end_array();
    w.key("replication_depth").value(section.replication_depth);
    w.key("backend").value(section.backend);
    if (!section.backend_reason.empty()) w.key("backend_reason").value(section.backend_reason);
    w.key("devices").begin_array();
    for (int32_t d : section.devices) w.value(int64_t(d));
    w.end_array();
    w.key("compute_ms_covers").value("the whole partitioned run, every part and every exchange, but the copies of inputs and answers between host and devices (transfer_ms, as in unpartitioned runs)");
    w.key("notes").begin_array();
    for (const std::string &note : section.notes) w.value(note);
    w.end_array();
    w.key("plans").begin_array();
    for (const PlanResult &plan : section.plans) {
        w.begin_object();
        w.key("graph").value(plan.graph);
        w.key("parts").value(plan.parts);
        if (plan.parts > 1) w.key("partitioner").value(plan.partitioner);
        else w.key("partitioner").null();
        w.key("requested").value(plan.requested);  // false: parts 1 measured only as the baseline
        w.key("status").value(plan.status);
        if (!plan.message.empty()) w.key("message").value(plan.message);
        if (plan.parts > 1 && plan.status == "ok") {
            w.key("chosen").value(plan.chosen);  // the partitioner that ran (auto: the one it chose)
            if (!plan.choice.empty()) w.key("choice").value(plan.choice);
            w.key("replication_depth").value(plan.replication_depth);
            w.key("edge_cut").value(plan.edge_cut);
            w.key("replicas").value(plan.replicas);
            w.key("local_edges").value(plan.local_edges);
            w.key("max_part_vertices").value(plan.max_part_vertices);
            w.key("empty_parts").value(plan.empty_parts);
            w.key("partition_ms").value(plan.partition_ms);
            w.key("build_ms").value(plan.build_ms);
        }
        w.key("results").begin_array();
        for (size_t k = 0; k < plan.runs.size(); ++k) {
            const KernelResult &r = plan.runs[k];
            w.begin_object();
            write_result_keys(w, r);
            // Partitioned runs only, so the top-level results keep their keys.
            if (r.checked_against.empty()) w.key("checked_against").null();
            else w.key("checked_against").value(r.checked_against);
            w.key("num_parts").value(r.num_parts);
            w.key("bytes_exchanged").value(r.bytes_exchanged);
            w.key("exchange_rounds").value(r.exchange_rounds);
            w.key("exchange_ms").value(r.exchange_ms);
            w.key("exchange_hidden_ms").value(r.exchange_hidden_ms);
            w.key("part_compute_ms").numbers(r.part_compute_ms);
            w.key("part_exchange_ms").numbers(r.part_exchange_ms);
            if (!r.part_compute_ms.empty()) {
                w.key("slowest_part").value(r.slowest_part);
                w.key("slowest_part_compute_ms").value(r.slowest_part_compute_ms);
            }
            const double ratio = k < plan.vs_unpartitioned.size() ? plan.vs_unpartitioned[k] : 0.0;
            if (ratio > 0) w.key("vs_unpartitioned").value(ratio);
            else w.key("vs_unpartitioned").null();
            w.end_object();
        }
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

}  // namespace

std::string report_json(const Report &report) {
    JsonWriter w;
    w.begin_object();
    w.key("tool").value("gg-bench");
    w.key("gg_version").value(report.machine.gg_version);
    w.key("git_revision").value(report.machine.git_revision);
    w.key("date_utc").value(report.machine.date_utc);
    w.key("command_line").value(report.machine.command_line);
    w.key("working_directory").value(report.machine.working_directory);
    w.key("note").value(report.note);
    write_machine(w, report.machine);
    w.key("settings").begin_object();
    w.key("backend_requested").value(report.backend_requested);
    w.key("suite").value(report.suite);
    w.key("scale").value(report.scale);
    w.key("grid").value(report.grid);
    w.key("degree").value(report.degree);
    w.key("seed").value(report.seed);
    w.key("trials").value(report.trials);
    w.key("pagerank_iterations").value(report.pagerank_iterations);
    w.key("verify").value(report.verify);
    w.key("serial_verify").value(report.serial_verify);
    if (!report.layouts.empty()) {
        w.key("layouts").begin_array();
        for (const std::string &layout : report.layouts) w.value(layout);
        w.end_array();
        w.key("layout_first_run").value("device memory of the graph released before each result's warm-up, so its "
                                        "first_run preprocess_ms, transfer_ms and device_bytes are that layout's "
                                        "from nothing, the graph's upload included");
    }
    if (!report.layouts.empty() || report.degree_bound != 0)
        w.key("degree_bound").value(report.degree_bound);  // 0: the library's defaults (10 vsplit, 1000 udt)
    w.end_object();
    w.key("copy_bandwidth").begin_object();
    w.key("host_gb_per_s").value(report.host_copy.gb_per_s);
    w.key("host_buffer_bytes").value(uint64_t(report.host_copy.buffer_bytes));
    w.key("host_threads").value(report.host_copy.threads);
    if (report.device_copy_gb_per_s > 0) {
        w.key("device_gb_per_s").value(report.device_copy_gb_per_s);
        w.key("device_buffer_bytes").value(report.device_copy_bytes);
    } else {
        w.key("device_gb_per_s").null();
        if (!report.device_copy_error.empty()) w.key("device_error").value(report.device_copy_error);
    }
    w.key("counts").value("bytes read plus bytes written");
    w.end_object();
    w.key("graphs").begin_array();
    for (const GraphResult &g : report.graphs) {
        w.begin_object();
        w.key("name").value(g.name);
        w.key("description").value(g.description);
        if (!g.error.empty()) w.key("error").value(g.error);
        w.key("n").value(g.n);
        w.key("m").value(g.m);
        w.key("source").value(g.source);
        w.key("source_rule").value(g.source_rule);
        w.key("source_out_degree").value(g.source_degree);
        w.key("generate_ms").value(g.generate_ms);
        w.end_object();
    }
    w.end_array();
    w.key("results").begin_array();
    for (const KernelResult &r : report.results) write_result(w, r);
    w.end_array();
    if (report.partitioned.requested) write_partitioned(w, report.partitioned);
    w.end_object();
    return w.text();
}

}  // namespace bench
