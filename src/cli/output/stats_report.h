// What `gg run --stats` prints on stderr: where the run happened (backend,
// layout, threads, why the GPU was not used) and how long each part took,
// with the load and output the tool itself timed. --json gives one object.
#pragma once

#include <string>
#include <vector>

#include "gg.h"

namespace gg_cli {

struct RunReport {
    std::string algorithm;
    std::string graph_path;
    uint32_t vertices = 0;
    uint64_t edges = 0;
    double load_ms = 0;
    double output_ms = 0;
    gg_run_stats stats;
    std::vector<double> part_compute_ms;   // lent to stats: one per part
    std::vector<double> part_exchange_ms;
    std::string partition_choice;          // how --partition auto chose ("" otherwise)
    uint32_t processes = 1;                // of a distributed run (part p on process p mod processes)
    std::vector<std::string> warnings;
};

void print_stats(const RunReport &report, bool json);

const char *backend_name(gg_backend backend);

}  // namespace gg_cli
