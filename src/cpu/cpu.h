// The CPU (OpenMP) backend: the reference every other backend is tested
// against. One algorithm per file in src/cpu/; the entry points are the
// backend interface of src/backend/entry_points.inc. Each honours
// config.num_threads.
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "graph/graph.h"

namespace gg::cpu {

#include "backend/entry_points.inc"

}  // namespace gg::cpu
