// The partitioned-run options of `gg run` and `gg info`: --parts K,
// --partition metis|random|block, --replication-depth D|auto, and --devices
// all|ID,ID,... (the context's CUDA devices). Each builds what the C API
// takes; a bad value is a usage error naming the option.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/arguments.h"
#include "gg.h"

namespace gg_cli {

struct PlanDeleter {
    void operator()(gg_partition_plan *plan) const { gg_partition_plan_destroy(plan); }
};
using PlanHandle = std::unique_ptr<gg_partition_plan, PlanDeleter>;

// The option specs, to append to a command's own.
std::vector<OptionSpec> partition_option_specs();

// The plan options the command line asks for (num_parts from --parts).
gg_partition_plan_options plan_options(const Arguments &args);

gg_partitioner parse_partitioner(const std::string &text);

// --devices: "all" sets *all; else a comma-separated list of ids.
struct DeviceChoice {
    bool all = false;
    std::vector<int32_t> ids;
};
DeviceChoice parse_devices(const std::string &text);

// Builds the plan or ends the command with the library's message.
PlanHandle make_plan(gg_context *context, const gg_graph *graph, const gg_partition_plan_options &options,
                     const std::string &path);

}  // namespace gg_cli
