#include "cli/session.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <sys/stat.h>

#include "cli/cli_error.h"
#include "cli/generated_graph.h"
#include "cli/output/progress.h"

namespace gg_cli {

namespace {

// Under an MPI launcher: the process's rank among those on its host, as the
// launchers name it (Open MPI, MPICH, Slurm); -1 when none does.
int32_t local_rank() {
    for (const char *name : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "PMIX_LOCAL_RANK", "SLURM_LOCALID"}) {
        const char *value = std::getenv(name);
        if (value != nullptr && *value != '\0') return int32_t(std::strtol(value, nullptr, 10));
    }
    return -1;
}

// The GPU a distributed run's process takes when --devices names none: its
// local rank modulo the host's visible GPUs, so that the processes of one
// host use different GPUs (NCCL, which joins their GPUs, refuses two
// processes on one); -1 (device 0) without a local rank or a usable GPU.
int32_t device_by_local_rank() {
    const int32_t local = local_rank();
    if (local < 0) return -1;
    gg_context_options probe_options;
    gg_context_options_init(&probe_options);
    probe_options.backend = GG_BACKEND_CUDA;
    probe_options.all_devices = 1;
    gg_context *probe = nullptr;
    uint32_t visible = 0;
    if (gg_context_create(&probe_options, &probe) == GG_OK && gg_context_cuda_available(probe, nullptr, 0))
        gg_context_get_devices(probe, nullptr, 0, &visible);
    gg_context_destroy(probe);
    return visible > 0 ? local % int32_t(visible) : -1;
}

}  // namespace

Session::Session(gg_backend backend, int32_t threads, const std::vector<int32_t> &devices, bool all_devices,
                 bool distributed) {
    gg_context_options options;
    gg_context_options_init(&options);
    if (distributed) options.mpi = GG_MPI_WORLD;
    options.backend = backend;
    options.num_threads = threads;
    if (all_devices) {
        options.device_id = -1;
        options.all_devices = 1;
    } else if (!devices.empty()) {
        options.device_id = devices[0];
        options.devices = devices.data();
        options.num_devices = uint32_t(devices.size());
    } else if (distributed && backend != GG_BACKEND_CPU) {
        options.device_id = device_by_local_rank();
    }
    options.log_fn = &Session::on_log;
    options.log_user_data = this;
    options.log_level = GG_LOG_WARN;
    gg_status status = gg_context_create(&options, &context_);
    if (status != GG_OK && (all_devices || !devices.empty()))
        usage_error("--devices: the context refused the device list (%s)", gg_status_string(status));
    if (status != GG_OK && distributed)
        runtime_error("cannot start a distributed run: %s%s", gg_status_string(status),
                      status == GG_ERROR_UNSUPPORTED ? " (this gg was built without MPI)" : "");
    if (status != GG_OK) runtime_error("cannot create a gg context: %s", gg_status_string(status));
}

Session::~Session() { gg_context_destroy(context_); }

void Session::on_log(void *user_data, gg_log_level level, const char *message) {
    // Errors also come back as a status and are printed once by main();
    // keeping warnings for --stats leaves stderr to results and that one line.
    if (level == GG_LOG_WARN) static_cast<Session *>(user_data)->warnings_.push_back(message);
}

namespace {

std::string describe_size(const std::string &path) {
    struct stat info;
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return path;
    char text[64];
    std::snprintf(text, sizeof text, " (%.1f MB)", double(info.st_size) / 1e6);
    return path + text;
}

// Rebuilds `graph` with every edge stored both ways, from its CSR arrays.
GraphHandle symmetrized(gg_context *context, const gg_graph *graph, const std::string &path) {
    uint32_t n = gg_graph_num_vertices(graph);
    uint64_t m = gg_graph_num_edges(graph);
    std::vector<uint64_t> offsets(uint64_t(n) + 1);
    std::vector<uint32_t> indices(m);
    std::vector<float> weights(gg_graph_is_weighted(graph) ? m : 0);
    gg_status status =
        gg_graph_copy_csr(context, graph, offsets.data(), indices.data(), weights.empty() ? nullptr : weights.data());
    if (status != GG_OK) library_failure(context, status, path);
    gg_graph_options options;
    gg_graph_options_init(&options);
    options.undirected = 1;
    gg_graph *result = nullptr;
    status = gg_graph_create_csr(context, n, offsets.data(), indices.data(),
                                 weights.empty() ? nullptr : weights.data(), &options, &result);
    if (status != GG_OK) library_failure(context, status, path);
    return GraphHandle(result);
}

}  // namespace

GraphHandle Session::load(const std::string &path, bool undirected, double *seconds) {
    gg_generator_options generator;
    std::string description;
    if (generator_spec(path, generator, description)) {
        Progress progress("generating " + description);
        gg_graph *generated = nullptr;
        const gg_status status = gg_graph_generate(context_, &generator, &generated);
        // Every generator input came from the command line: a rejected one is a usage error.
        if (status != GG_OK) library_failure(context_, status, path, true);
        GraphHandle graph(generated);
        if (seconds != nullptr) *seconds = progress.elapsed_seconds();
        progress.done("generated " + path + ": " + std::to_string(gg_graph_num_vertices(graph.get())) +
                      " vertices, " + std::to_string(gg_graph_num_edges(graph.get())) + " edges");
        return graph;  // stored both ways already: --undirected changes nothing
    }
    Progress progress("loading " + describe_size(path));
    gg_graph_options options;
    gg_graph_options_init(&options);
    options.undirected = undirected ? 1 : 0;
    options.max_vertices = max_vertices_;
    gg_graph *loaded = nullptr;
    gg_status status = gg_graph_load(context_, path.c_str(), GG_FORMAT_AUTO, &options, &loaded);
    if (status != GG_OK) library_failure(context_, status, path);
    GraphHandle graph(loaded);
    // .ggb files keep the direction they were saved with; honour --undirected anyway.
    if (undirected && !gg_graph_is_undirected(graph.get())) graph = symmetrized(context_, graph.get(), path);
    if (seconds != nullptr) *seconds = progress.elapsed_seconds();
    progress.done("loaded " + path + ": " + std::to_string(gg_graph_num_vertices(graph.get())) + " vertices, " +
                  std::to_string(gg_graph_num_edges(graph.get())) + " edges");
    return graph;
}

uint32_t launched_processes() {
    for (const char *name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"}) {
        const char *value = std::getenv(name);
        if (value == nullptr) continue;
        const long count = std::strtol(value, nullptr, 10);
        if (count > 0) return uint32_t(count);
    }
    return 1;
}

OptionSpec max_vertices_option() { return {"--max-vertices", OptionSpec::kRequired}; }

uint64_t parse_max_vertices(const std::string &text) {
    if (text == "any") return UINT64_MAX;
    const uint64_t value = parse_unsigned(text, UINT64_MAX, "--max-vertices");
    if (value == 0) usage_error("--max-vertices: must be at least 1 (or any)");
    return value;
}

const char *format_name(gg_format format) {
    switch (format) {
    case GG_FORMAT_MTX: return "mtx";
    case GG_FORMAT_EDGELIST: return "el";
    case GG_FORMAT_WEL: return "wel";
    case GG_FORMAT_DIMACS: return "gr";
    case GG_FORMAT_GGB: return "ggb";
    case GG_FORMAT_AUTO: break;
    }
    return "auto";
}

}  // namespace gg_cli
