// The one dispatch from a run request to a backend's entry point.
#pragma once

#include "backend/algorithm.h"
#include "backend/run_config.h"
#include "gg.h"
#include "graph/graph.h"

namespace gg {

// Runs `request` on `backend` (GG_BACKEND_CPU or GG_BACKEND_CUDA).
void run_algorithm(gg_backend backend, const Graph &g, const RunRequest &request, const RunConfig &config,
                   RunReport &report);

}  // namespace gg
