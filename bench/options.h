// gg-bench's command line: which suite, which kernels, how many trials, where
// the reports go. Parsing is strict: an unknown flag or a malformed number is
// an error naming the argument, never a silent default.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gg.h"

namespace bench {

struct Options {
    gg_backend backend = GG_BACKEND_AUTO;
    std::vector<std::string> algorithms;  // suite kernels to run (apsp excluded: see `apsp`)
    std::vector<std::string> graphs;      // graphs to generate (default: the suite)
    int threads = 0;                      // 0: every core OpenMP sees
    int trials = 5;                       // timed trials after one warm-up run
    uint32_t scale = 0;                   // 0: 20 on the CPU, 22 on a GPU
    uint32_t grid = 0;                    // 0: 1024 on the CPU, 2048 on a GPU
    uint32_t degree = 16;
    uint64_t seed = 27491095;             // the generator's documented default
    uint32_t pagerank_iterations = 20;    // PageRank runs exactly this many iterations
    bool verify = true;
    bool serial_verify = true;  // false: --compare-only
    bool apsp = false;                    // APSP runs only when asked, on its own small graph
    uint32_t apsp_scale = 10;
    std::string json_path;
    std::string markdown_path;
    std::string note;                     // free text for the reports (e.g. how the run was wrapped)
    std::string export_dir;               // write each generated graph as .el and .wel for GAP
    // Partitioned runs (docs/partitioned.md): empty `parts` means none. Part
    // counts ascending, no repeats; 1 is the unpartitioned run.
    std::vector<uint32_t> parts;
    std::vector<gg_partitioner> partitioners;  // default metis, random, block (auto only when asked)
    uint32_t replication_depth = 1;            // 1 to 8; 0 = auto (the library's cost model)
    // The context's GPUs (--devices): all visible ones, or these ids; neither
    // is the library's default, device 0 alone.
    bool all_devices = false;
    std::vector<int32_t> devices;
    // Layout runs (--layouts): empty means none, every kernel runs once with
    // GG_LAYOUT_AUTO as before; otherwise each kernel runs once per layout,
    // in the order given, no repeats.
    std::vector<gg_layout> layouts;
    uint32_t degree_bound = 0;                 // gg_run_options.degree_bound; 0 = the library's defaults
    std::string command_line;             // as typed, for the reports
};

// Parses argv into options. Returns false and fills `error` on a bad
// argument; sets `help` when --help was asked for.
bool parse_options(int argc, char **argv, Options &options, bool &help, std::string &error);

const char *usage_text();

// The kernels gg-bench knows, in report order (apsp last).
const std::vector<std::string> &known_algorithms();
// Every graph --graphs takes: the suite (the default) and those outside it.
const std::vector<std::string> &known_graphs();
// The partitioners --partition takes, in report order ("given" needs the
// caller's own array, so gg-bench has no use for it).
const std::vector<std::string> &known_partitioners();
// What "--layouts all" means: every layout the library names
// (gg_layout_name), in its order, but auto.
std::vector<gg_layout> every_layout();

}  // namespace bench
