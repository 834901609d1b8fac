#include "cli/commands/partition_options.h"

#include "cli/cli_error.h"

namespace gg_cli {

std::vector<OptionSpec> partition_option_specs() {
    return {{"--parts", OptionSpec::kRequired},
            {"--partition", OptionSpec::kRequired},
            {"--replication-depth", OptionSpec::kRequired},
            {"--devices", OptionSpec::kRequired}};
}

gg_partitioner parse_partitioner(const std::string &text) {
    gg_partitioner partitioner = GG_PARTITIONER_METIS;
    if (text != "given" && gg_partitioner_from_name(text.c_str(), &partitioner) == GG_OK) return partitioner;
    usage_error("--partition: unknown partitioner '%s' (expected metis, random, block or auto)", text.c_str());
}

gg_partition_plan_options plan_options(const Arguments &args) {
    gg_partition_plan_options o;
    gg_partition_plan_options_init(&o);
    if (args.has("--parts")) {
        o.num_parts = parse_u32(args.value("--parts"), "--parts");
        if (o.num_parts == 0) usage_error("--parts: must be at least 1");
    }
    if (args.has("--partition")) o.partitioner = parse_partitioner(args.value("--partition"));
    if (args.has("--replication-depth")) {
        const std::string &depth = args.value("--replication-depth");
        o.replication_depth = depth == "auto" ? 0 : parse_u32(depth, "--replication-depth");
        if (depth != "auto" && (o.replication_depth == 0 || o.replication_depth > 8))
            usage_error("--replication-depth: '%s' is out of range (1 to 8, or auto)", depth.c_str());
    }
    return o;
}

DeviceChoice parse_devices(const std::string &text) {
    DeviceChoice choice;
    if (text == "all") {
        choice.all = true;
        return choice;
    }
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = text.find(',', start);
        const std::string id = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        choice.ids.push_back(int32_t(parse_unsigned(id, INT32_MAX, "--devices")));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return choice;
}

PlanHandle make_plan(gg_context *context, const gg_graph *graph, const gg_partition_plan_options &options,
                     const std::string &path) {
    gg_partition_plan *plan = nullptr;
    const gg_status status = gg_partition_plan_create(context, graph, &options, &plan);
    if (status != GG_OK) library_failure(context, status, path);
    return PlanHandle(plan);
}

}  // namespace gg_cli
