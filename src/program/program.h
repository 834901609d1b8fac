// A vertex program as the engines see it (the struct behind gg_program):
// its checked description, and the code compiled from it, per target,
// built on first use. docs/programs.md has the models and the superstep.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "gg.h"

namespace gg::program {

// gg_program_desc, checked, with the strings owned.
struct Desc {
    gg_program_model model = GG_PROGRAM_CUSHA;
    std::string name = "program";
    uint32_t vertex_size = 0;
    uint32_t edge_size = 0;  // 0: the edge value is the float weight
    uint32_t message_size = 0;
    gg_combiner combiner = GG_COMBINE_USER;
    gg_scalar_type message_type = GG_SCALAR_NONE;
    uint32_t num_aggregates = 0;
    bool has_halt = false;
    double params[GG_PROGRAM_MAX_PARAMS] = {};
    bool has_source = false;
    std::string source;
    bool has_functions = false;
    gg_program_functions functions{};
    std::string output;

    bool emv() const { return model == GG_PROGRAM_EMV; }
    // Bytes of an edge value as the engines store it.
    uint32_t edge_bytes() const { return edge_size == 0 ? uint32_t(sizeof(float)) : edge_size; }
};

// Checks a caller's description (throws GG_ERROR_INVALID_ARGUMENT naming
// the field) and copies it.
Desc checked_desc(const gg_program_desc &desc);

// Writes `desc` back as the C struct (strings point into `desc`).
void fill_c_desc(const Desc &desc, gg_program_desc &out);

// The code of a program for one target: the host's function table (a
// compiled source or the caller's pointers), or a GPU module. Owned by the
// program; released with it.
struct CompiledCode {
    virtual ~CompiledCode() = default;
};

// What preparing one target cost.
struct BuildReport {
    double compile_ms = 0;
    double load_ms = 0;
    bool cache_hit = false;
    bool compiled = false;
};

struct Program {
    Desc desc;
    std::mutex mutex;  // guards the two maps: runs on several threads may prepare at once
    std::unique_ptr<CompiledCode> host;
    std::map<int, std::unique_ptr<CompiledCode>> devices;  // by CUDA device id
};

// One run's settings (gg_program_run_options, checked).
struct RunSettings {
    uint32_t source = UINT32_MAX;
    uint32_t max_iterations = 0;  // resolved: never 0
    bool keep_values = false;
    double params[GG_PROGRAM_MAX_PARAMS] = {};
};

// Checks a caller's gg_program_run_options (NULL: defaults) for a graph of
// n vertices: the source in range, the cap resolved, the parameters chosen.
RunSettings checked_run_settings(const gg_program_run_options *options, const Desc &desc, uint32_t n);

// The run's outcome beyond RunReport.
struct ProgramReport {
    bool converged = false;
};

}  // namespace gg::program
