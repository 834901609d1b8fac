// gg_partition_plan_*: argument checks around partition/plan.h.
#include <cstring>

#include "api/boundary.h"
#include "core/timer.h"
#include "partition/distributed_plan.h"
#include "partition/partitioners.h"
#include "partition/replication_depth.h"

using gg::fail;
using gg::guarded;
using gg::require;

namespace {

const gg::PartitionPlan &plan_of(const gg_partition_plan *plan) {
    require(plan, "plan");
    return *plan->plan;
}

// A plan over a distributed graph (partition/distributed_plan.h), collective.
std::unique_ptr<gg_partition_plan> distributed_plan(gg_context &context, gg::DistributedGraph &g,
                                                    const gg_partition_plan_options &o) {
    // Set on every process by the same collective plan, so every process fails here alike.
    if (g.edges_released)
        fail(GG_ERROR_INVALID_ARGUMENT,
             "the graph's edges were released by an earlier plan (gg_partition_plan_options.release_graph_edges): "
             "it serves that plan's runs only; load or generate it again for another plan");
    gg::Communicator &comm = *g.comm;
    const auto hold = comm.hold();
    comm.agree(gg::format("%u parts, %s, depth %u, seed %llu, release_graph_edges %d", o.num_parts,
                          gg_partitioner_name(o.partitioner), o.replication_depth, (unsigned long long)o.seed,
                          int(o.release_graph_edges != 0)),
               "gg_partition_plan_options");
    gg::Stopwatch partition_clock;
    gg::PartAssignment assignment = gg::assign_parts_distributed(g, o.num_parts, o.partitioner, o.parts, o.seed);
    const double partition_ms = partition_clock.elapsed_ms();
    if (!assignment.choice.empty()) context.log(GG_LOG_INFO, assignment.choice);
    gg::Stopwatch build_clock;
    auto handle = std::make_unique<gg_partition_plan>();
    // Auto's cost model (partition/replication_depth.h) measures every part's hops over the
    // whole graph, which no process holds: a distributed plan's auto depth is 1.
    const uint32_t depth = o.replication_depth == 0 ? 1 : o.replication_depth;
    handle->plan =
        gg::build_distributed_plan(g, std::move(assignment.parts), o.num_parts, depth, o.release_graph_edges != 0);
    handle->plan->partitioner = assignment.partitioner;
    handle->plan->partitioner_choice = assignment.choice;
    handle->plan->partition_ms = partition_ms;
    handle->plan->build_ms = build_clock.elapsed_ms();
    return handle;
}

}  // namespace

extern "C" {

void gg_partition_plan_options_init(gg_partition_plan_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->num_parts = 2;
    options->partitioner = GG_PARTITIONER_METIS;
    options->replication_depth = 1;
    options->seed = 1;
}

void gg_partition_plan_stats_init(gg_partition_plan_stats *stats) {
    if (stats == nullptr) return;
    std::memset(stats, 0, sizeof *stats);
    stats->struct_size = sizeof *stats;
}

void gg_part_info_init(gg_part_info *info) {
    if (info == nullptr) return;
    std::memset(info, 0, sizeof *info);
    info->struct_size = sizeof *info;
}

gg_status gg_partition_plan_create(gg_context *context, const gg_graph *graph,
                                   const gg_partition_plan_options *options, gg_partition_plan **out_plan) {
    return guarded(context, "gg_partition_plan_create", [&] {
        require(out_plan, "out_plan");
        *out_plan = nullptr;
        require(graph, "graph");
        const gg::Graph &g = graph->distributed ? graph->distributed->header : gg::graph_of(graph);
        const gg_partition_plan_options o =
            gg::read_options(options, gg_partition_plan_options_init, "gg_partition_plan_options");
        if (o.num_parts == 0) fail(GG_ERROR_INVALID_ARGUMENT, "gg_partition_plan_options.num_parts must be at least 1");
        if (!gg::enum_in_range(o.partitioner, GG_PARTITIONER_METIS, GG_PARTITIONER_AUTO))
            fail(GG_ERROR_INVALID_ARGUMENT, "gg_partition_plan_options.partitioner is %d, not a gg_partitioner",
                 gg::enum_value(o.partitioner));
        if (o.replication_depth > gg::kMaxReplicationDepth)
            fail(GG_ERROR_INVALID_ARGUMENT,
                 "gg_partition_plan_options.replication_depth is %u; it must be 1 to %u, or 0 for auto",
                 o.replication_depth, gg::kMaxReplicationDepth);
        if (o.partitioner == GG_PARTITIONER_GIVEN) {
            require(o.parts, "gg_partition_plan_options.parts (the given partitioner reads it)");
            if (o.parts_length != g.n())
                fail(GG_ERROR_INVALID_ARGUMENT,
                     "gg_partition_plan_options.parts_length is %llu, but the graph has %u vertices",
                     (unsigned long long)o.parts_length, g.n());
        } else if (o.parts != nullptr) {
            fail(GG_ERROR_INVALID_ARGUMENT,
                 "gg_partition_plan_options.parts is given but the partitioner is %s: use GG_PARTITIONER_GIVEN",
                 gg_partitioner_name(o.partitioner));
        }

        if (graph->distributed) {
            *out_plan = distributed_plan(*context, *graph->distributed, o).release();
            return;
        }
        gg::Stopwatch partition_clock;
        gg::PartAssignment assignment = gg::assign_parts(g, o.num_parts, o.partitioner, o.parts, o.seed);
        const double partition_ms = partition_clock.elapsed_ms();
        if (!assignment.choice.empty()) context->log(GG_LOG_INFO, assignment.choice);
        gg::Stopwatch build_clock;
        const uint32_t depth = o.replication_depth == 0
                                   ? gg::choose_replication_depth(g, assignment.parts, o.num_parts)
                                   : o.replication_depth;
        auto handle = std::make_unique<gg_partition_plan>();
        handle->plan = gg::build_partition_plan(g, std::move(assignment.parts), o.num_parts, depth);
        handle->plan->partitioner = assignment.partitioner;
        handle->plan->partitioner_choice = assignment.choice;
        handle->plan->partition_ms = partition_ms;
        handle->plan->build_ms = build_clock.elapsed_ms();
        context->log(GG_LOG_INFO, "partition plan: " + std::to_string(o.num_parts) + " parts, depth " +
                                      std::to_string(depth) + ", " + std::to_string(handle->plan->replicas) +
                                      " replicas");
        *out_plan = handle.release();
    });
}

void gg_partition_plan_destroy(gg_partition_plan *plan) { delete plan; }

gg_status gg_partition_plan_read_stats(gg_context *context, const gg_partition_plan *plan,
                                       gg_partition_plan_stats *stats) {
    return guarded(context, "gg_partition_plan_read_stats", [&] {
        const gg::PartitionPlan &p = plan_of(plan);
        require(stats, "stats");
        if (stats->struct_size < sizeof(size_t))
            fail(GG_ERROR_INVALID_ARGUMENT,
                 "gg_partition_plan_stats.struct_size is %zu: initialise it with gg_partition_plan_stats_init",
                 stats->struct_size);
        gg_partition_plan_stats s;
        gg_partition_plan_stats_init(&s);
        s.num_parts = p.num_parts();
        s.replication_depth = p.depth;
        s.partitioner = p.partitioner;
        for (const gg::PartSummary &part : p.summary) {
            s.empty_parts += part.owned == 0;
            if (part.owned > s.max_part_vertices) s.max_part_vertices = part.owned;
        }
        s.edge_cut = p.edge_cut;
        s.replicas = p.replicas;
        s.local_edges = p.local_edges;
        s.partition_ms = p.partition_ms;
        s.build_ms = p.build_ms;
        std::strncpy(s.choice, p.partitioner_choice.c_str(), sizeof s.choice - 1);
        gg::write_stats(stats, s);
    });
}

gg_status gg_partition_plan_read_part(gg_context *context, const gg_partition_plan *plan, uint32_t part,
                                      gg_part_info *info) {
    return guarded(context, "gg_partition_plan_read_part", [&] {
        const gg::PartitionPlan &p = plan_of(plan);
        require(info, "info");
        if (info->struct_size < sizeof(size_t))
            fail(GG_ERROR_INVALID_ARGUMENT, "gg_part_info.struct_size is %zu: initialise it with gg_part_info_init",
                 info->struct_size);
        if (part >= p.num_parts())
            fail(GG_ERROR_INVALID_ARGUMENT, "part %u is out of range: the plan has %u parts", part, p.num_parts());
        const gg::PartSummary &pp = p.summary[part];
        gg_part_info i;
        gg_part_info_init(&i);
        i.owned = pp.owned;
        i.replicas = pp.replicas;
        i.local_edges = pp.local_edges;
        i.neighbours = pp.neighbours;
        gg::write_stats(info, i);
    });
}

gg_status gg_partition_plan_read_parts(gg_context *context, const gg_partition_plan *plan, uint32_t *parts,
                                       uint64_t capacity) {
    return guarded(context, "gg_partition_plan_read_parts", [&] {
        const gg::PartitionPlan &p = plan_of(plan);
        require(parts, "parts");
        gg::require_capacity(parts, capacity, p.n, "parts", "n");
        std::copy(p.owner.begin(), p.owner.end(), parts);
    });
}

}  // extern "C"
