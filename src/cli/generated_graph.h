// A graph named by its generator instead of a file (docs/cli.md, "Generated
// graphs"): kron:SCALE[:DEGREE], urand:SCALE[:DEGREE] or grid:ROWS[:COLS],
// weighted 1..255 and stored both ways, as gg-bench's suite and the GAP
// Benchmark Suite's -g and -u graphs. Under an MPI launcher each process
// generates only its share of the edges, so a graph larger than one host's
// memory is built straight into its parts (docs/distributed.md).
#pragma once

#include <string>

#include "gg.h"

namespace gg_cli {

// Fills `options` and `description` ("kron scale 20 degree 16") when `name`
// is such a spec and no file of that name exists; false otherwise. A spec
// with a malformed number is a usage error.
bool generator_spec(const std::string &name, gg_generator_options &options, std::string &description);

}  // namespace gg_cli
