// The CPU (OpenMP) backend: the reference every other backend is tested
// against. One algorithm per file in src/cpu/; the entry points are the
// backend interface of src/backend/entry_points.inc. Each honours
// config.num_threads.
#pragma once

#include <cstdint>

#include "backend/run_config.h"
#include "graph/graph.h"
#include "program/program.h"

namespace gg::cpu {

#include "backend/entry_points.inc"

// y[v] = sum over v's in-edges u -> v of w * x[u], for v < rows: the SpMV
// rows, shared with each part of a partitioned run (src/partitioned/spmv.cpp).
void spmv_rows(const Csr &in, const float *x, float *y, uint32_t rows, int threads);

// A vertex program's supersteps (src/cpu/program.cpp; docs/programs.md):
// the reference the GPU's program engine is tested against.
void run_program(const Graph &g, program::Program &program, void *values, const program::RunSettings &settings,
                 const RunConfig &config, RunReport &report, program::ProgramReport &outcome);

}  // namespace gg::cpu
