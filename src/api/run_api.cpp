// gg_run_*: argument checks, backend choice, dispatch, statistics. The
// algorithms themselves live in src/cpu/ and cuda/, one file each.
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "api/boundary.h"
#include "api/device_arrays.h"
#include "backend/dispatch.h"
#include "core/timer.h"
#include "partitioned/partitioned.h"
#include "cuda_backend.h"

using gg::fail;
using gg::guarded;
using gg::graph_of;
using gg::require;

namespace {

struct Plan {
    bool use_cuda = false;
    bool cuda_by_auto = false;  // the backend was auto and found a GPU: out of device memory falls back
    bool device_arrays = false;  // gg_run_options.device_arrays
    std::string fallback_reason;
    gg::RunConfig config;
    const gg::PartitionPlan *partition = nullptr;  // null: unpartitioned
};

Plan plan_run(const gg_context *context, const gg_run_options *user) {
    gg_run_options o = gg::read_options(user, gg_run_options_init, "gg_run_options");
    if (!gg::enum_in_range(o.backend, GG_BACKEND_AUTO, GG_BACKEND_CUDA))
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_run_options.backend is %d, not a gg_backend", gg::enum_value(o.backend));
    if (!gg::enum_in_range(o.layout, GG_LAYOUT_AUTO, GG_LAYOUT_TOCAB))
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_run_options.layout is %d, not a gg_layout", gg::enum_value(o.layout));
    if (!(o.tolerance >= 0) || !std::isfinite(o.tolerance))
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_run_options.tolerance is %g; it must be finite and >= 0", o.tolerance);
    if (!(o.damping >= 0 && o.damping < 1))
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_run_options.damping is %g; it must be in [0, 1)", o.damping);
    if (!(o.delta >= 0) || !std::isfinite(o.delta))
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_run_options.delta is %g; it must be finite and >= 0", double(o.delta));
    if (o.device_arrays != 0 && o.device_arrays != 1)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_run_options.device_arrays is %d; it must be 0 or 1", o.device_arrays);

    Plan plan;
    plan.config.num_threads = context->num_threads;
    plan.config.device_id = context->device_id;
    plan.config.devices = context->devices;
    plan.config.layout = o.layout;
    plan.config.tolerance = o.tolerance;
    plan.config.max_iterations = o.max_iterations;
    plan.config.damping = o.damping;
    plan.config.delta = o.delta;
    plan.config.degree_bound = o.degree_bound;
    plan.config.states = context->states.get();
    if (o.partition_plan != nullptr) plan.partition = o.partition_plan->plan.get();

    plan.device_arrays = o.device_arrays == 1;
    if (plan.device_arrays) {
        std::string reason;
        if (!gg::cuda::usable(context->device_id, reason))
            fail(GG_ERROR_UNSUPPORTED, "gg_run_options.device_arrays needs a usable GPU to hold the arrays: %s",
                 reason.c_str());
    }

    gg_backend backend = o.backend != GG_BACKEND_AUTO ? o.backend : context->backend;
    if (backend == GG_BACKEND_CPU) {
        plan.use_cuda = false;
    } else {
        std::string reason;
        bool usable = gg::cuda::usable(context->device_id, reason);
        if (backend == GG_BACKEND_CUDA && !usable)
            fail(GG_ERROR_UNSUPPORTED, "the CUDA backend was requested but no GPU is usable: %s", reason.c_str());
        plan.use_cuda = usable;
        plan.cuda_by_auto = usable && backend != GG_BACKEND_CUDA;
        if (!usable) {
            plan.fallback_reason = reason;
            context->log(GG_LOG_INFO, "no usable GPU (" + reason + "); running on the CPU");
        }
    }
    // The CPU backend accepts every layout and runs its own, CSR, which the
    // run's statistics report: a program written for a GPU layout still runs
    // where there is no GPU.
    return plan;
}

// The per-part arrays a caller lent in its stats (in-fields of an out-struct).
struct PartArrays {
    double *compute_ms = nullptr;
    double *exchange_ms = nullptr;
    uint32_t capacity = 0;
};

PartArrays lent_part_arrays(const gg_run_stats *user) {
    PartArrays arrays;
    if (user == nullptr || user->struct_size < offsetof(gg_run_stats, part_capacity) + sizeof(uint32_t))
        return arrays;
    arrays.compute_ms = user->part_compute_ms;
    arrays.exchange_ms = user->part_exchange_ms;
    arrays.capacity = user->part_capacity;
    return arrays;
}

// The graph a partitionable run reads: a distributed graph's header (its
// edges are the plan's) when the run names a plan, which it must.
const gg::Graph &run_graph_of(const gg_graph *graph, const gg_run_options *user) {
    require(graph, "graph");
    if (!graph->distributed) return graph->graph;
    const gg_run_options o = gg::read_options(user, gg_run_options_init, "gg_run_options");
    if (o.partition_plan == nullptr)
        fail(GG_ERROR_INVALID_ARGUMENT,
             "the graph is distributed: a run over it names a partition plan made from it "
             "(gg_run_options.partition_plan, from gg_partition_plan_create)");
    return graph->distributed->header;
}

// A run over a plan spread across processes: every process must make the
// same call on the same backend (their parts exchange in its format;
// docs/distributed.md).
void check_distributed(Plan &plan, const gg::RunRequest &r, gg::Communicator &comm) {
    if (plan.device_arrays)
        fail(GG_ERROR_UNSUPPORTED, "gg_run_options.device_arrays: a distributed run's arrays are host memory");
    // A process that fell back to the CPU alone would wait on the others forever.
    plan.cuda_by_auto = false;
    const gg::RunConfig &c = plan.config;
    comm.agree(gg::format("algorithm %d, source %u, %u sources, tolerance %g, %u iterations, damping %g, delta %g, "
                          "backend %s",
                          int(r.algorithm), r.source, r.num_sources, c.tolerance, c.max_iterations, c.damping,
                          double(c.delta), plan.use_cuda ? "cuda" : "cpu"),
               "the run");
}

// Runs the request per the plan and fills the caller's stats.
void execute(const gg::Graph &g, Plan plan, const gg::RunRequest &request, gg_run_stats *user_stats) {
    gg::Stopwatch total;
    gg::RunReport report;
    gg::PartitionedReport partitioned;
    const gg::PartitionPlan *partition = plan.partition;
    if (partition != nullptr && partition->graph_uid != g.uid())
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_run_options.partition_plan was made from another graph");
    // A plan spread over processes holds the graph's only edges.
    const bool distributed = partition != nullptr && partition->comm != nullptr;
    std::unique_lock<std::mutex> hold;
    if (distributed) {
        hold = partition->comm->hold();
        check_distributed(plan, request, *partition->comm);
    }
    // One part is the unpartitioned run; APSP stays on one part (docs/partitioned.md).
    const bool split = distributed || (partition != nullptr && partition->num_parts() > 1 &&
                                       request.algorithm != gg::Algorithm::apsp);
    std::unique_ptr<gg::DeviceArrays> lent;
    if (plan.device_arrays)
        lent = std::make_unique<gg::DeviceArrays>(
            request, g, request.program != nullptr ? request.program->desc.vertex_size : 0, plan.config.device_id);
    auto run_on = [&](gg_backend backend) {
        // Only an unpartitioned CUDA run uses device arrays in place.
        const bool staged = lent && (split || backend != GG_BACKEND_CUDA);
        const gg::RunRequest r = staged ? lent->staged(request) : request;
        if (split)
            gg::run_partitioned(backend, *partition, g, r, plan.config, report, partitioned);
        else
            gg::run_algorithm(backend, g, r, plan.config, report);
        if (staged) lent->copy_back();
    };
    try {
        run_on(plan.use_cuda ? GG_BACKEND_CUDA : GG_BACKEND_CPU);
    } catch (const gg::Error &error) {
        // Under auto, a graph that does not fit the GPU runs on the CPU
        // (docs/semantics.md); named, the CUDA backend reports the error.
        if (!plan.cuda_by_auto || error.status() != GG_ERROR_OUT_OF_MEMORY) throw;
        plan.use_cuda = false;
        plan.fallback_reason = std::string("GPU out of memory: ") + error.what();
        report = gg::RunReport();
        partitioned = gg::PartitionedReport();
        run_on(GG_BACKEND_CPU);
    }
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    stats.backend = plan.use_cuda ? GG_BACKEND_CUDA : GG_BACKEND_CPU;
    stats.layout = report.layout == GG_LAYOUT_AUTO ? GG_LAYOUT_CSR : report.layout;
    stats.device_id = plan.use_cuda ? plan.config.device_id : -1;
    stats.num_threads = plan.use_cuda ? 0 : plan.config.num_threads;
    stats.total_ms = total.elapsed_ms();
    stats.compute_ms = report.compute_ms;
    stats.transfer_ms = report.transfer_ms;
    stats.preprocess_ms = report.preprocess_ms;
    stats.iterations = report.iterations;
    if (request.algorithm == gg::Algorithm::program)
        stats.converged = request.program_outcome->converged ? 1 : 0;
    else if (request.algorithm == gg::Algorithm::pagerank)
        stats.converged = report.iterations < plan.config.max_iterations ? 1 : 0;
    else
        stats.converged = 1;
    stats.edges_visited = report.edges_visited;
    stats.device_bytes = report.device_bytes;
    std::strncpy(stats.fallback_reason, plan.fallback_reason.c_str(), sizeof stats.fallback_reason - 1);
    stats.num_parts = split ? partition->num_parts() : 1;
    const PartArrays arrays = lent_part_arrays(user_stats);
    stats.part_compute_ms = arrays.compute_ms;
    stats.part_exchange_ms = arrays.exchange_ms;
    stats.part_capacity = arrays.capacity;
    if (partition != nullptr) stats.partition_ms = partition->partition_ms + partition->build_ms;
    if (split) {
        stats.exchange_rounds = partitioned.exchange_rounds;
        stats.edge_cut = partition->edge_cut;
        stats.replicas = partition->replicas;
        stats.bytes_exchanged = partitioned.bytes_exchanged;
        stats.exchange_ms = partitioned.exchange_ms;
        stats.exchange_hidden_ms = partitioned.exchange_hidden_ms;
        for (uint32_t p = 0; p < stats.num_parts && p < arrays.capacity; ++p) {
            if (arrays.compute_ms) arrays.compute_ms[p] = partitioned.part_compute_ms[p];
            if (arrays.exchange_ms) arrays.exchange_ms[p] = partitioned.part_exchange_ms[p];
        }
    } else if (arrays.capacity > 0) {
        if (arrays.compute_ms) arrays.compute_ms[0] = report.compute_ms;
        if (arrays.exchange_ms) arrays.exchange_ms[0] = 0;
    }
    gg::write_stats(user_stats, stats);
}

void check_source(const gg::Graph &g, uint32_t source) {
    if (source >= g.n())
        fail(GG_ERROR_INVALID_ARGUMENT, "source %u is out of range: the graph has %u vertices", source, g.n());
}

void check_non_negative(const gg_graph *graph, const gg::Graph &g, const char *algorithm) {
    if (!g.has_negative_weight) return;
    if (graph->distributed) {
        const gg::DistributedGraph &d = *graph->distributed;
        fail(GG_ERROR_INVALID_ARGUMENT, "%s needs non-negative weights, but edge %u -> %u has weight %g", algorithm,
             d.negative_from, d.negative_to, double(d.negative_weight));
    }
    uint64_t e = g.first_negative_edge;
    fail(GG_ERROR_INVALID_ARGUMENT, "%s needs non-negative weights, but edge %u -> %u has weight %g", algorithm,
         g.source_of(e), g.out.indices[e], double(g.out.weights[e]));
}

// Matching reads a bipartite graph: each out-list is sorted, so a left
// vertex's smallest neighbour and a right vertex's largest one decide
// whether any of its edges stays inside its side (O(n), not O(m)). Every
// edge is some vertex's out-edge, so in-edges need no check of their own.
void check_bipartite(const gg::Graph &g, uint32_t num_left) {
    if (num_left > g.n())
        fail(GG_ERROR_INVALID_ARGUMENT, "num_left %u is out of range: the graph has %u vertices", num_left, g.n());
    const gg::Csr &out = g.out;
    for (uint32_t u = 0; u < g.n(); ++u) {
        const uint64_t begin = out.offsets[u], end = out.offsets[u + 1];
        if (begin == end) continue;
        const bool left = u < num_left;
        const uint32_t v = left ? out.indices[begin] : out.indices[end - 1];
        if ((v < num_left) != left) continue;
        if (u == v)
            fail(GG_ERROR_INVALID_ARGUMENT,
                 "matching needs a bipartite graph, but edge %u -> %u is a self-loop (left side: vertices 0..%u)", u,
                 v, num_left == 0 ? 0 : num_left - 1);
        fail(GG_ERROR_INVALID_ARGUMENT,
             "matching needs a bipartite graph, but edge %u -> %u joins two %s vertices (left side: %u vertices, "
             "0..%u; right side: the other %u)",
             u, v, left ? "left" : "right", num_left, num_left == 0 ? 0 : num_left - 1, g.n() - num_left);
    }
}

// The GPU runs a program over CSR, and a CuSha-model program over CuSha's
// layouts as well (cuda/jit/shard_kernels.cuh). Medusa's model sends along
// out-edges, which neither G-Shards nor Concatenated Windows lay out.
void check_program_layout(const gg::program::Desc &desc, gg_layout layout) {
    if (layout == GG_LAYOUT_AUTO || layout == GG_LAYOUT_CSR) return;
    const bool cusha = !desc.emv();
    if (cusha && (layout == GG_LAYOUT_GSHARDS || layout == GG_LAYOUT_CW)) return;
    fail(GG_ERROR_UNSUPPORTED, "the CUDA backend runs %s programs such as '%s' on layout%s only (layout %s was "
         "requested)", cusha ? "CuSha-model" : "EMV", desc.name.c_str(), cusha ? "s csr, gshards, cw" : " csr",
         gg_layout_name(layout));
}

}  // namespace

extern "C" {

void gg_run_options_init(gg_run_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->backend = GG_BACKEND_AUTO;
    options->layout = GG_LAYOUT_AUTO;
    options->tolerance = 1e-6;
    options->max_iterations = 100;
    options->damping = 0.85;
    options->delta = 0.0f;
}

void gg_run_stats_init(gg_run_stats *stats) {
    if (stats == nullptr) return;
    std::memset(stats, 0, sizeof *stats);
    stats->struct_size = sizeof *stats;
    stats->device_id = -1;
}

gg_status gg_run_bfs(gg_context *context, const gg_graph *graph, uint32_t source, uint32_t *depths,
                     uint32_t *parents, const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_bfs", [&] {
        const gg::Graph &g = run_graph_of(graph, options);
        require(depths, "depths");
        check_source(g, source);
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::bfs;
        request.source = source;
        request.depths = depths;
        request.parents = parents;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_sssp(gg_context *context, const gg_graph *graph, uint32_t source, float *distances,
                      const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_sssp", [&] {
        const gg::Graph &g = run_graph_of(graph, options);
        require(distances, "distances");
        check_source(g, source);
        check_non_negative(graph, g, "SSSP");
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::sssp;
        request.source = source;
        request.values = distances;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_sswp(gg_context *context, const gg_graph *graph, uint32_t source, float *widths,
                      const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_sswp", [&] {
        const gg::Graph &g = run_graph_of(graph, options);
        require(widths, "widths");
        check_source(g, source);
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::sswp;
        request.source = source;
        request.values = widths;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_cc(gg_context *context, const gg_graph *graph, uint32_t *labels, const gg_run_options *options,
                    gg_run_stats *stats) {
    return guarded(context, "gg_run_cc", [&] {
        const gg::Graph &g = run_graph_of(graph, options);
        require(labels, "labels");
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::cc;
        request.labels = labels;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_pagerank(gg_context *context, const gg_graph *graph, double *ranks, const gg_run_options *options,
                          gg_run_stats *stats) {
    return guarded(context, "gg_run_pagerank", [&] {
        const gg::Graph &g = run_graph_of(graph, options);
        require(ranks, "ranks");
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::pagerank;
        request.scores = ranks;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_bc(gg_context *context, const gg_graph *graph, const uint32_t *sources, uint32_t num_sources,
                    double *centrality, const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_bc", [&] {
        const gg::Graph &g = run_graph_of(graph, options);
        require(centrality, "centrality");
        std::vector<uint32_t> all;
        if (sources == nullptr) {
            all.resize(g.n());
            for (uint32_t v = 0; v < g.n(); ++v) all[v] = v;
            sources = all.data();
            num_sources = g.n();
        }
        for (uint32_t i = 0; i < num_sources; ++i)
            if (sources[i] >= g.n())
                fail(GG_ERROR_INVALID_ARGUMENT, "sources[%u] = %u is out of range: the graph has %u vertices", i,
                     sources[i], g.n());
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::bc;
        request.sources = sources;
        request.num_sources = num_sources;
        request.scores = centrality;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_spmv(gg_context *context, const gg_graph *graph, const float *x, float *y,
                      const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_spmv", [&] {
        const gg::Graph &g = run_graph_of(graph, options);
        require(x, "x");
        require(y, "y");
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::spmv;
        request.x = x;
        request.values = y;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_apsp(gg_context *context, const gg_graph *graph, float *distances, uint64_t capacity,
                      const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_apsp", [&] {
        const gg::Graph &g = graph_of(graph);
        require(distances, "distances");
        const uint64_t n = g.n();
        const uint64_t cells = n * n;  // n < 2^32, so this cannot overflow 64 bits
        if (cells > capacity)
            fail(GG_ERROR_TOO_LARGE,
                 "APSP of %llu vertices needs %llu distances (%llu bytes) but the output holds %llu",
                 (unsigned long long)n, (unsigned long long)cells, (unsigned long long)(cells * sizeof(float)),
                 (unsigned long long)capacity);
        check_non_negative(graph, g, "APSP");
        Plan plan = plan_run(context, options);
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::apsp;
        request.values = distances;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_matching(gg_context *context, const gg_graph *graph, uint32_t num_left, uint32_t *mates,
                          uint64_t *out_size, const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_matching", [&] {
        const gg::Graph &g = graph_of(graph);
        require(mates, "mates");
        require(out_size, "out_size");
        check_bipartite(g, num_left);
        Plan plan = plan_run(context, options);
        // Augmenting paths cross the whole graph; no exchange of replica
        // values expresses them (docs/partitioned.md).
        if (plan.partition != nullptr && plan.partition->num_parts() > 1)
            fail(GG_ERROR_UNSUPPORTED,
                 "matching does not run partitioned (gg_run_options.partition_plan has %u parts): run it without "
                 "a plan",
                 plan.partition->num_parts());
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::matching;
        request.num_left = num_left;
        request.mates = mates;
        request.matching_size = out_size;
        execute(g, plan, request, stats);
    });
}

gg_status gg_run_program(gg_context *context, const gg_graph *graph, gg_program *program, void *values,
                         size_t values_size, const gg_program_run_options *program_options,
                         const gg_run_options *options, gg_run_stats *stats) {
    return guarded(context, "gg_run_program", [&] {
        const gg::Graph &g = graph_of(graph);
        require(program, "program");
        require(values, "values");
        gg::program::Program &p = program->program;
        const uint64_t needed = uint64_t(g.n()) * p.desc.vertex_size;
        if (values_size != needed)
            fail(GG_ERROR_INVALID_ARGUMENT,
                 "values holds %zu bytes, but program '%s' needs %llu: n = %u values of vertex_value_size %u bytes",
                 values_size, p.desc.name.c_str(), (unsigned long long)needed, g.n(), p.desc.vertex_size);
        // The CPU runs the program's functions on the caller's array in place.
        const uint32_t alignment = p.desc.vertex_size & ~(p.desc.vertex_size - 1);
        const uintptr_t needed_alignment = alignment < 8 ? alignment : 8;
        if (reinterpret_cast<uintptr_t>(values) % needed_alignment != 0)
            fail(GG_ERROR_INVALID_ARGUMENT, "values is not aligned to %u bytes, as program '%s''s %u-byte values need",
                 unsigned(needed_alignment), p.desc.name.c_str(), p.desc.vertex_size);
        gg::program::RunSettings settings = gg::program::checked_run_settings(program_options, p.desc, g.n());
        Plan plan = plan_run(context, options);
        // Function pointers are host code: such a program runs on the CPU.
        if (plan.use_cuda && !p.desc.has_source) {
            if (!plan.cuda_by_auto)
                fail(GG_ERROR_UNSUPPORTED, "program '%s' has C function pointers and no source, so it runs on the CPU "
                     "only (backend cpu or auto)", p.desc.name.c_str());
            plan.use_cuda = false;
            plan.cuda_by_auto = false;
            plan.fallback_reason = "the program has no source for the GPU (only C function pointers)";
        }
        if (plan.use_cuda) check_program_layout(p.desc, plan.config.layout);
        if (plan.partition != nullptr && plan.partition->num_parts() > 1)
            fail(GG_ERROR_UNSUPPORTED,
                 "vertex programs do not run partitioned yet (gg_run_options.partition_plan has %u parts): run "
                 "without a plan", plan.partition->num_parts());
        gg::program::ProgramReport outcome;
        gg::RunRequest request;
        request.algorithm = gg::Algorithm::program;
        request.program = &p;
        request.program_values = values;
        request.program_settings = &settings;
        request.program_outcome = &outcome;
        execute(g, plan, request, stats);
    });
}

}  // extern "C"
