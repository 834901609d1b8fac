// Warm-up, verification and timed trials of one kernel (see runner.h).
#include "runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace bench {

namespace {

std::string last_error(gg_context *context, gg_status status) {
    return std::string(gg_status_string(status)) + ": " + gg_context_last_error(context);
}

// Stats for one call, lending the per-part arrays when there are any.
void init_stats(gg_run_stats &stats, std::vector<double> &compute, std::vector<double> &exchange) {
    gg_run_stats_init(&stats);
    if (compute.empty()) return;
    stats.part_compute_ms = compute.data();
    stats.part_exchange_ms = exchange.data();
    stats.part_capacity = uint32_t(compute.size());
}

// Checks the warm-up's answer (`first` its stats) against `baseline`'s when
// there is one, else with the serial verifier; fills verify_ms,
// checked_against and verified, or status verify-failed with the finding.
void check_answer(Kernel &kernel, const SuiteGraph &graph, const HostCsr &csr, const Kernel *baseline,
                  const gg_run_stats &first, bool keep, KernelResult &r) {
    auto start = std::chrono::steady_clock::now();
    const std::string finding =
        baseline != nullptr ? kernel.compare(*baseline, csr) : kernel.verify(csr, graph.source, first);
    r.verify_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    r.checked_against = baseline != nullptr ? "unpartitioned run" : "serial verifier";
    if (!finding.empty()) {
        r.status = "verify-failed";
        r.message = baseline != nullptr ? "unlike the unpartitioned run: " + finding : finding;
        return;
    }
    r.verified = true;
    if (keep) kernel.keep_answer();
}

}  // namespace

KernelResult measure_kernel(gg_context *context, Kernel &kernel, const SuiteGraph &graph, const HostCsr *csr,
                            const RunnerSettings &settings, const Kernel *baseline) {
    KernelResult r;
    r.algorithm = kernel.name();
    r.graph = graph.name;
    r.has_source = kernel.uses_source();
    r.source = graph.source;
    r.byte_model = kernel.byte_model();

    std::vector<double> part_compute(settings.part_capacity), part_exchange(settings.part_capacity);
    gg_run_stats first;
    init_stats(first, part_compute, part_exchange);
    gg_status status = kernel.run(context, graph.graph, graph.source, &first);
    if (status != GG_OK) {
        r.status = "error";
        r.error_status = status;
        r.message = last_error(context, status);
        return r;
    }
    r.backend = backend_name(first.backend);
    r.layout = layout_name(first.layout);
    r.fallback_reason = first.fallback_reason;
    r.threads = first.num_threads;
    r.first_total_ms = first.total_ms;
    r.first_compute_ms = first.compute_ms;
    r.first_preprocess_ms = first.preprocess_ms;
    r.first_transfer_ms = first.transfer_ms;
    r.device_bytes = first.device_bytes;

    if (csr != nullptr && (baseline != nullptr || settings.serial_verify)) {
        check_answer(kernel, graph, *csr, baseline, first, settings.keep_checked_answer, r);
        if (!r.verified) return r;  // timing a wrong answer would only mislead
    } else if (csr != nullptr && settings.keep_checked_answer) {
        kernel.keep_answer();  // --compare-only: the unchecked answer the partitioned runs must equal
    }

    gg_run_stats last = first;
    for (int t = 0; t < settings.trials; ++t) {
        gg_run_stats stats;
        init_stats(stats, part_compute, part_exchange);
        status = kernel.run(context, graph.graph, graph.source, &stats);
        if (status != GG_OK) {
            r.status = "error";
            r.message = "trial " + std::to_string(t + 1) + ": " + last_error(context, status);
            return r;
        }
        r.compute_ms.push_back(stats.compute_ms);
        r.total_ms.push_back(stats.total_ms);
        last = stats;
    }
    r.compute = spread_of(r.compute_ms);
    r.total = spread_of(r.total_ms);
    r.iterations = last.iterations;
    r.num_parts = last.num_parts;
    r.bytes_exchanged = last.bytes_exchanged;
    r.exchange_rounds = last.exchange_rounds;
    r.exchange_ms = last.exchange_ms;
    r.exchange_hidden_ms = last.exchange_hidden_ms;
    if (last.num_parts > 1 && !part_compute.empty()) {
        const size_t parts = std::min<size_t>(last.num_parts, part_compute.size());
        r.part_compute_ms.assign(part_compute.begin(), part_compute.begin() + parts);
        r.part_exchange_ms.assign(part_exchange.begin(), part_exchange.begin() + parts);
        for (size_t p = 0; p < parts; ++p)
            if (p == 0 || r.part_compute_ms[p] > r.slowest_part_compute_ms) {
                r.slowest_part = uint32_t(p);
                r.slowest_part_compute_ms = r.part_compute_ms[p];
            }
    }
    const double seconds = r.compute.median * 1e-3;
    const double edges = double(graph.m) * (kernel.iterative() ? double(last.iterations) : 1.0);
    if (kernel.iterative() && last.iterations > 0) r.ms_per_iteration = r.compute.median / last.iterations;
    if (seconds > 0) {
        r.gteps = edges / seconds / 1e9;
        r.bytes = kernel.bytes_moved(graph.n, graph.m, last);
        r.gb_per_s = r.bytes / seconds / 1e9;
        const double roofline =
            last.backend == GG_BACKEND_CUDA ? settings.device_copy_gb_per_s : settings.host_copy_gb_per_s;
        if (roofline > 0) r.roofline_fraction = r.gb_per_s / roofline;
    }
    return r;
}

}  // namespace bench
