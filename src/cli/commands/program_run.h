// gg run FILE GRAPH, where FILE is a vertex program (docs/programs.md):
// the program is loaded through the public API, run, and its values printed
// as its "//! output:" line says, in the format of the built-in algorithm
// of the same kind (depths with -1, distances with inf, labels, ranks).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/output/output_writer.h"
#include "gg.h"

namespace gg_cli {

// True when ALGO names a program file rather than a built-in algorithm:
// it ends in .ggp, or it is not an algorithm name and names a file.
bool is_program_file(const std::string &algo);

struct ProgramDeleter {
    void operator()(gg_program *p) const { gg_program_destroy(p); }
};
using ProgramHandle = std::unique_ptr<gg_program, ProgramDeleter>;

// Loads the program file (a bad file is a runtime error naming it).
ProgramHandle load_program(gg_context *context, const std::string &path);

// Runs the program from `source` and writes one value per vertex; returns
// the time the writing started (now_seconds()).
// --max-supersteps and --params of gg run (0 and empty: the program's own).
struct ProgramRunFlags {
    uint32_t max_supersteps = 0;
    std::vector<double> params;
};

// Parses --params "X,Y,..." (at most GG_PROGRAM_MAX_PARAMS numbers).
std::vector<double> parse_params(const std::string &text);

double run_program_and_write(gg_context *context, const gg_graph *graph, gg_program *program, uint32_t source,
                             const ProgramRunFlags &flags, const gg_run_options *options, OutputWriter &out,
                             gg_run_stats *stats, const std::string &subject);

}  // namespace gg_cli
