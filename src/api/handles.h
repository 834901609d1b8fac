// The structs behind the opaque handles of gg.h. Only src/api/ sees them.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend/state_pool.h"
#include "exchange/communicator.h"
#include "gg.h"
#include "graph/distributed_graph.h"
#include "graph/graph.h"
#include "layout/cusha/shards.h"
#include "partition/plan.h"
#include "program/program.h"

struct gg_context {
    gg_backend backend = GG_BACKEND_AUTO;
    // CUDA devices in the caller's order; never empty unless all_devices found none.
    std::vector<int> devices{0};
    int device_id = 0;  // devices[0] (0 when none): the device single-device runs use
    int num_threads = 1;
    gg_log_fn log_fn = nullptr;
    void *log_user_data = nullptr;
    gg_log_level log_level = GG_LOG_WARN;
    // The processes of a distributed context (gg_context_options.mpi); null otherwise.
    std::shared_ptr<gg::Communicator> comm;
    // Engine states kept between runs (backend/state_pool.h).
    std::unique_ptr<gg::StatePool> states = std::make_unique<gg::StatePool>();

    // Last failure. Guarded so that several threads may share a context.
    mutable std::mutex error_mutex;
    gg_status last_status = GG_OK;
    std::string last_error;

    void log(gg_log_level level, const std::string &message) const;
};

struct gg_graph {
    gg::Graph graph;
    // Set instead of `graph`'s edges when made in a distributed context.
    std::unique_ptr<gg::DistributedGraph> distributed;
};

struct gg_shards {
    gg::Shards shards;
};

struct gg_program {
    gg::program::Program program;
};

struct gg_partition_plan {
    std::unique_ptr<gg::PartitionPlan> plan;
};
