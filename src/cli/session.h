// The library objects one gg command works with: a context configured from
// the command line (backend, threads) whose log messages are kept for
// --stats instead of being printed, and graphs owned by RAII handles.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/arguments.h"
#include "gg.h"

namespace gg_cli {

struct GraphDeleter {
    void operator()(gg_graph *graph) const { gg_graph_destroy(graph); }
};
using GraphHandle = std::unique_ptr<gg_graph, GraphDeleter>;

class Session {
public:
    // devices: the context's CUDA devices (empty: the default, device 0);
    // all_devices: every visible one.
    // distributed: every process of MPI_COMM_WORLD (docs/distributed.md).
    explicit Session(gg_backend backend = GG_BACKEND_AUTO, int32_t threads = 0,
                     const std::vector<int32_t> &devices = {}, bool all_devices = false, bool distributed = false);
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    gg_context *context() const { return context_; }
    // Warnings the library logged (e.g. a CPU fallback), for --stats.
    const std::vector<std::string> &warnings() const { return warnings_; }

    // Loads PATH (format from its extension, else its first bytes); with
    // `undirected`, every edge is stored both ways even when the file (a
    // directed .ggb) says otherwise. Shows progress on a terminal; the
    // seconds spent go to *seconds when it is not NULL.
    GraphHandle load(const std::string &path, bool undirected, double *seconds = nullptr);

    // --max-vertices: the vertex count a file may give (gg_graph_options.max_vertices; 0: the default rule).
    void set_max_vertices(uint64_t max_vertices) { max_vertices_ = max_vertices; }

private:
    static void on_log(void *user_data, gg_log_level level, const char *message);

    gg_context *context_ = nullptr;
    std::vector<std::string> warnings_;
    uint64_t max_vertices_ = 0;
};

// The processes an MPI launcher (mpirun, mpiexec, srun with PMI) started
// this one among, from the variables it sets; 1 when none did.
uint32_t launched_processes();

// The option spec of --max-vertices, and its value: a count, or "any" (no limit).
OptionSpec max_vertices_option();
uint64_t parse_max_vertices(const std::string &text);

// "mtx", "el", "wel", "gr", "ggb" or "auto".
const char *format_name(gg_format format);

}  // namespace gg_cli
