// gg run ALGO GRAPH: loads the graph, runs one algorithm through the public
// API and writes one value per vertex (APSP: one row per vertex).
#include <cstring>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "cli/arguments.h"
#include "cli/cli_error.h"
#include "cli/commands/commands.h"
#include "cli/output/output_writer.h"
#include "cli/commands/partition_options.h"
#include "cli/commands/program_run.h"
#include "cli/output/progress.h"
#include "cli/session.h"
#include "cli/output/stats_report.h"

namespace gg_cli {

namespace {

// A path whose extension names a .ggb (any case), as the library reads it.
bool has_ggb_extension(const std::string &path) {
    return path.size() >= 4 && strcasecmp(path.c_str() + path.size() - 4, ".ggb") == 0;
}

enum class Algorithm { kBfs, kSssp, kSswp, kCc, kPagerank, kBc, kSpmv, kApsp, kMatching, kProgram };

struct AlgorithmName {
    const char *name;
    Algorithm algorithm;
    bool takes_source;
};

const AlgorithmName kAlgorithms[] = {
    {"bfs", Algorithm::kBfs, true},       {"sssp", Algorithm::kSssp, true}, {"sswp", Algorithm::kSswp, true},
    {"cc", Algorithm::kCc, false},        {"pagerank", Algorithm::kPagerank, false},
    {"bc", Algorithm::kBc, true},         {"spmv", Algorithm::kSpmv, false}, {"apsp", Algorithm::kApsp, false},
    {"matching", Algorithm::kMatching, false},
};

const AlgorithmName &parse_algorithm(const std::string &text) {
    for (const AlgorithmName &a : kAlgorithms)
        if (text == a.name) return a;
    usage_error("gg run: unknown algorithm '%s' (expected bfs, sssp, sswp, cc, pagerank, bc, spmv, apsp or matching)",
                text.c_str());
}

gg_backend parse_backend(const std::string &text) {
    gg_backend backend = GG_BACKEND_AUTO;
    if (gg_backend_from_name(text.c_str(), &backend) == GG_OK) return backend;
    usage_error("--backend: unknown backend '%s' (expected auto, cpu or cuda)", text.c_str());
}

gg_layout parse_layout(const std::string &text) {
    gg_layout layout = GG_LAYOUT_AUTO;
    if (gg_layout_from_name(text.c_str(), &layout) == GG_OK) return layout;
    // The list comes from the library's table too, so it names every layout it accepts.
    std::string expected;
    for (int32_t v = 0; gg_layout_name(gg_layout(v)) != nullptr; ++v)
        expected += std::string(expected.empty() ? "" : ", ") + gg_layout_name(gg_layout(v));
    usage_error("--layout: unknown layout '%s' (expected one of %s)", text.c_str(), expected.c_str());
}

// The dense APSP matrix is allocated here, so refuse what cannot fit before
// trying: n * n floats against the machine's physical memory.
void check_apsp_fits(uint32_t n, const std::string &path) {
    const uint64_t bytes = uint64_t(n) * n * sizeof(float);
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    const uint64_t memory = pages > 0 && page_size > 0 ? uint64_t(pages) * uint64_t(page_size) : 0;
    if (memory != 0 && bytes > memory / 2)
        runtime_error("%s: apsp of %u vertices needs an n x n matrix of %llu bytes, more than half of this "
                      "machine's %llu bytes of memory",
                      path.c_str(), n, (unsigned long long)bytes, (unsigned long long)memory);
}

// An array of one value per vertex. The library refuses NULL output arrays,
// and an empty vector's data() may be NULL, so an empty graph (n = 0, which
// prints nothing) still gets one element.
template <class T>
std::vector<T> per_vertex(uint64_t n, T value = T()) {
    return std::vector<T>(n == 0 ? 1 : n, value);
}

bool same_file(const std::string &a, const std::string &b) {
    struct stat sa, sb;
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

struct Request {
    Algorithm algorithm;
    std::string algorithm_name;
    std::string path;
    bool has_source = false;
    uint32_t source = 0;
    uint32_t num_left = 0;  // kMatching: --left
    gg_run_options options;
    gg_program *program = nullptr;  // kProgram: the loaded program file
    ProgramRunFlags program_flags;  // kProgram: --max-supersteps, --params
};

// Runs the algorithm and writes its values; the library's statistics land in *stats.
void run_and_write(gg_context *context, const gg_graph *graph, const Request &r, OutputWriter &out,
                   gg_run_stats *stats, double *output_ms) {
    const uint32_t n = gg_graph_num_vertices(graph);
    const gg_run_options *options = &r.options;
    const std::string subject = r.algorithm_name + " on " + r.path;
    gg_status status = GG_OK;
    Progress progress("running " + r.algorithm_name);
    auto check = [&] {
        if (status != GG_OK) library_failure(context, status, subject);
        progress.done("ran " + r.algorithm_name);
    };
    double write_start = 0;
    switch (r.algorithm) {
    case Algorithm::kBfs: {
        std::vector<uint32_t> depths = per_vertex<uint32_t>(n);
        status = gg_run_bfs(context, graph, r.source, depths.data(), nullptr, options, stats);
        check();
        write_start = now_seconds();
        for (uint32_t v = 0; v < n; ++v) out.depth(depths[v]), out.character('\n');
        break;
    }
    case Algorithm::kSssp:
    case Algorithm::kSswp: {
        std::vector<float> values = per_vertex<float>(n);
        status = r.algorithm == Algorithm::kSssp
                     ? gg_run_sssp(context, graph, r.source, values.data(), options, stats)
                     : gg_run_sswp(context, graph, r.source, values.data(), options, stats);
        check();
        write_start = now_seconds();
        for (uint32_t v = 0; v < n; ++v) out.shortest_float(values[v]), out.character('\n');
        break;
    }
    case Algorithm::kCc: {
        std::vector<uint32_t> labels = per_vertex<uint32_t>(n);
        status = gg_run_cc(context, graph, labels.data(), options, stats);
        check();
        write_start = now_seconds();
        for (uint32_t v = 0; v < n; ++v) out.unsigned_value(labels[v]), out.character('\n');
        break;
    }
    case Algorithm::kPagerank:
    case Algorithm::kBc: {
        std::vector<double> values = per_vertex<double>(n);
        if (r.algorithm == Algorithm::kPagerank)
            status = gg_run_pagerank(context, graph, values.data(), options, stats);
        else if (r.has_source)
            status = gg_run_bc(context, graph, &r.source, 1, values.data(), options, stats);
        else
            status = gg_run_bc(context, graph, nullptr, 0, values.data(), options, stats);
        check();
        write_start = now_seconds();
        for (uint32_t v = 0; v < n; ++v) out.double_9g(values[v]), out.character('\n');
        break;
    }
    case Algorithm::kSpmv: {
        std::vector<float> x = per_vertex<float>(n, 1.0f), y = per_vertex<float>(n);
        status = gg_run_spmv(context, graph, x.data(), y.data(), options, stats);
        check();
        write_start = now_seconds();
        for (uint32_t v = 0; v < n; ++v) out.shortest_float(y[v]), out.character('\n');
        break;
    }
    case Algorithm::kMatching: {
        std::vector<uint32_t> mates = per_vertex<uint32_t>(n);
        uint64_t size = 0;
        status = gg_run_matching(context, graph, r.num_left, mates.data(), &size, options, stats);
        check();
        write_start = now_seconds();
        for (uint32_t v = 0; v < n; ++v) out.depth(mates[v]), out.character('\n');  // unmatched: -1
        break;
    }
    case Algorithm::kProgram:
        write_start =
            run_program_and_write(context, graph, r.program, r.source, r.program_flags, options, out, stats, subject);
        break;
    case Algorithm::kApsp: {
        check_apsp_fits(n, r.path);
        const uint64_t cells = uint64_t(n) * n;
        std::vector<float> distances = per_vertex<float>(cells);
        status = gg_run_apsp(context, graph, distances.data(), cells, options, stats);
        check();
        write_start = now_seconds();
        for (uint64_t row = 0; row < n; ++row) {
            const float *values = distances.data() + row * n;
            for (uint32_t col = 0; col < n; ++col) {
                if (col != 0) out.character(' ');
                out.shortest_float(values[col]);
            }
            out.character('\n');
        }
        break;
    }
    }
    out.finish();
    *output_ms = (now_seconds() - write_start) * 1e3;
}

}  // namespace

int run_command(int argc, char **argv, int first) {
    std::vector<OptionSpec> specs = {{"--source", OptionSpec::kRequired},  {"--backend", OptionSpec::kRequired},
                                     {"--layout", OptionSpec::kRequired},  {"--undirected", OptionSpec::kFlag},
                                     {"--threads", OptionSpec::kRequired}, {"--out", OptionSpec::kRequired},
                                     {"--stats", OptionSpec::kFlag},       {"--json", OptionSpec::kFlag},
                                     {"--degree-bound", OptionSpec::kRequired},
                                     {"--max-supersteps", OptionSpec::kRequired}, {"--params", OptionSpec::kRequired}, {"--left", OptionSpec::kRequired},
                                     {"--mpi", OptionSpec::kFlag}, {"--warmup", OptionSpec::kRequired},
                                     max_vertices_option()};
    for (const OptionSpec &spec : partition_option_specs()) specs.push_back(spec);
    Arguments args(argc, argv, first, specs, "gg run");
    if (args.help()) return print_help(kRunHelp);
    args.expect_positionals(2, "gg run ALGO GRAPH [options]");

    // ALGO is a built-in algorithm or a vertex program file (docs/programs.md).
    const std::string &algo = args.positionals()[0];
    const bool program_file = is_program_file(algo);
    const AlgorithmName program_entry{algo.c_str(), Algorithm::kProgram, true};
    const AlgorithmName &algorithm = program_file ? program_entry : parse_algorithm(algo);
    Request request;
    request.algorithm = algorithm.algorithm;
    request.algorithm_name = algorithm.name;
    request.path = args.positionals()[1];
    if (args.has("--source")) {
        if (!algorithm.takes_source)
            usage_error("--source: %s has no source vertex (only bfs, sssp, sswp and bc take one)", algorithm.name);
        request.has_source = true;
        request.source = parse_u32(args.value("--source"), "--source");
    }
    const bool matching = algorithm.algorithm == Algorithm::kMatching;
    if (args.has("--left") && !matching) usage_error("--left: only matching has sides (%s was asked)", algorithm.name);
    if (matching && !args.has("--left"))
        usage_error("matching needs --left N: vertices 0..N-1 form the left side, the rest the right side");
    if (matching) request.num_left = parse_u32(args.value("--left"), "--left");
    for (const char *option : {"--max-supersteps", "--params"})
        if (args.has(option) && !program_file) usage_error("%s: only a vertex program file (FILE.ggp) takes it", option);
    if (args.has("--max-supersteps")) {
        request.program_flags.max_supersteps = parse_u32(args.value("--max-supersteps"), "--max-supersteps");
        if (request.program_flags.max_supersteps == 0) usage_error("--max-supersteps: must be at least 1");
    }
    if (args.has("--params")) request.program_flags.params = parse_params(args.value("--params"));
    gg_backend backend = args.has("--backend") ? parse_backend(args.value("--backend")) : GG_BACKEND_AUTO;
    gg_layout layout = args.has("--layout") ? parse_layout(args.value("--layout")) : GG_LAYOUT_AUTO;
    // 2^30 - 1 is the largest bound the layouts key apart (cuda/layouts/virtual_split.cu).
    const uint32_t degree_bound =
        args.has("--degree-bound") ? uint32_t(parse_unsigned(args.value("--degree-bound"), (1u << 30) - 1, "--degree-bound")) : 0;
    if (args.has("--degree-bound") && degree_bound == 0) usage_error("--degree-bound: must be at least 1");
    int32_t threads = args.has("--threads") ? int32_t(parse_unsigned(args.value("--threads"), 4096, "--threads")) : 0;
    const uint32_t warmups = args.has("--warmup") ? uint32_t(parse_unsigned(args.value("--warmup"), 100, "--warmup")) : 0;
    const bool json = args.has("--json");
    const bool stats_wanted = json || args.has("--stats");

    // Checked before the load: a bad partition option fails at once.
    gg_partition_plan_options plan_settings = plan_options(args);
    // Started by an MPI launcher (or --mpi): every process runs its parts (docs/distributed.md).
    const bool distributed = args.has("--mpi") || launched_processes() > 1;
    // Text files are read by byte ranges with the load options; a .ggb's rows are taken as saved.
    if (distributed && args.has("--undirected") && has_ggb_extension(request.path))
        usage_error("--undirected: a distributed run loads the .ggb as it was saved; convert it undirected first");
    for (const char *option : {"--partition", "--replication-depth"})
        if (args.has(option) && !args.has("--parts") && !distributed) usage_error("%s: needs --parts K", option);
    const DeviceChoice devices = args.has("--devices") ? parse_devices(args.value("--devices")) : DeviceChoice{};
    if (args.has("--devices") && backend == GG_BACKEND_CPU)
        usage_error("--devices: names CUDA devices, but --backend is cpu");

    const uint64_t max_vertices = args.has("--max-vertices") ? parse_max_vertices(args.value("--max-vertices")) : 0;

    Session session(backend, threads, devices.ids, devices.all, distributed);
    const uint32_t processes = uint32_t(gg_context_num_ranks(session.context()));
    const bool first_process = gg_context_rank(session.context()) == 0;
    if (distributed && !args.has("--parts")) {
        plan_settings.num_parts = processes;  // one part per process
        if (!args.has("--partition")) plan_settings.partitioner = GG_PARTITIONER_AUTO;
    }
    // The run's one plan is all its graph serves: each process frees its
    // rows as the plan sends them, and holds its part alone at the peak.
    if (distributed) plan_settings.release_graph_edges = 1;
    session.set_max_vertices(max_vertices);
    gg_context *context = session.context();
    if (backend == GG_BACKEND_CUDA) {
        char reason[256] = "";
        if (!gg_context_cuda_available(context, reason, sizeof reason))
            runtime_error("--backend cuda: no GPU is usable: %s", reason);
    }
    // A program that does not load or compile fails before the graph loads.
    ProgramHandle program;
    if (program_file) {
        program = load_program(context, algo);
        gg_status status = gg_program_prepare(context, program.get(), backend, nullptr);
        if (status != GG_OK) library_failure(context, status, algo);
        request.program = program.get();
    }
    // Opening --out truncates it: never the graph about to be read.
    if (args.has("--out") && same_file(args.value("--out"), request.path))
        usage_error("--out: %s is the input graph; it would be overwritten", args.value("--out").c_str());
    // Open the output first: a bad --out fails before a long load.
    // The first process writes the answers (every process holds them all).
    OutputWriter out(!first_process ? std::string("/dev/null") : args.has("--out") ? args.value("--out") : std::string());

    RunReport report;
    report.algorithm = algorithm.name;
    report.graph_path = request.path;
    GraphHandle graph = session.load(request.path, args.has("--undirected"), &report.load_ms);
    report.load_ms *= 1e3;
    report.vertices = gg_graph_num_vertices(graph.get());
    report.edges = gg_graph_num_edges(graph.get());
    if (algorithm.takes_source && (request.has_source || algorithm.algorithm != Algorithm::kBc) &&
        request.source >= report.vertices) {
        if (report.vertices == 0) usage_error("--source: %s has no vertices", request.path.c_str());
        usage_error("--source: vertex %u is out of range: %s has %u vertices (ids 0..%u)", request.source,
                    request.path.c_str(), report.vertices, report.vertices - 1);
    }
    if (matching && request.num_left > report.vertices)
        usage_error("--left: %u is more than the %u vertices of %s", request.num_left, report.vertices,
                    request.path.c_str());

    gg_run_options_init(&request.options);
    request.options.backend = backend;
    request.options.layout = layout;
    request.options.degree_bound = degree_bound;
    PlanHandle plan;
    if (args.has("--parts") || distributed) {
        Progress progress("partitioning");
        plan = make_plan(context, graph.get(), plan_settings, request.path);
        progress.done("partitioned");
        gg_partition_plan_stats plan_stats;
        gg_partition_plan_stats_init(&plan_stats);
        if (gg_partition_plan_read_stats(context, plan.get(), &plan_stats) == GG_OK)
            report.partition_choice = plan_stats.choice;
        request.options.partition_plan = plan.get();
    }
    gg_run_stats_init(&report.stats);
    report.part_compute_ms.assign(plan_settings.num_parts, 0.0);
    report.part_exchange_ms.assign(plan_settings.num_parts, 0.0);
    report.stats.part_compute_ms = report.part_compute_ms.data();
    report.stats.part_exchange_ms = report.part_exchange_ms.data();
    report.stats.part_capacity = plan_settings.num_parts;
    // Runs before the measured one, their answers dropped: the first builds
    // what later runs reuse (device layouts, a plan's device state).
    for (uint32_t w = 0; w < warmups; ++w) {
        OutputWriter discard("/dev/null");
        gg_run_stats unused;
        gg_run_stats_init(&unused);
        double unused_ms = 0;
        run_and_write(context, graph.get(), request, discard, &unused, &unused_ms);
    }
    run_and_write(context, graph.get(), request, out, &report.stats, &report.output_ms);
    report.processes = processes;
    if (stats_wanted && first_process) {
        report.warnings = session.warnings();
        print_stats(report, json);
    }
    return kExitOk;
}

}  // namespace gg_cli
