// gg-distributed-run: a graph too large for one GPU, end to end (issues 20
// and 21; docs/distributed.md). Run under an MPI launcher, one process per
// GPU: every process generates its rows of weighted kron SCALE (the gg tool's
// kron:SCALE[:DEGREE]) in a GG_MPI_WORLD context, the processes build a plan
// of PARTS random parts (releasing each process's rows as it sends them:
// gg_partition_plan_options.release_graph_edges), and every algorithm of ALGOS (bfs, sssp, cc,
// pagerank, bc) runs over it on the CUDA backend where a GPU is usable
// (asked for by name, so that a GPU out of memory fails the run instead of
// falling back to the CPU; each line names the backend that ran), else on
// the CPU, once to warm up (its device layouts uploaded, its states made)
// and TRIALS times more, then once on the CPU backend over the same plan. The CPU's answer is the reference: no
// process holds the whole graph for an unpartitioned run, and the CPU
// backend is gg's reference (design.md). Depths, distances and labels must
// agree exactly; ranks and centrality within the tolerances gg-bench's
// comparison uses.
//
// BFS, SSSP and BC start at the smallest id of the largest component (from
// the GPU's CC labels, so cc runs first whatever ALGOS' order), so that a
// search reaches most of the graph; no process can ask for degrees.
//
// Each line is printed by process 0 as soon as it is known (a run cut short
// by a time limit keeps what it reached): the generation, the plan, then per
// algorithm the GPU's first compute ms and the median of the TRIALS after
// it, the last run's exchange rounds, bytes and ms and its slowest part's
// compute ms (what is left of the run is the hosts' waits), the CPU's ms
// and whether the answers agreed. Peak resident memory is every
// process's largest, gathered with the plan's statistics.
//
//   mpirun -np 4 build/bench/gg-distributed-run 29 16 4 bfs,sssp,cc,pagerank,bc 3 cc,bfs
//
// CHECKED limits the CPU's runs to those algorithms ("none": no check),
// where the CPU's runs would not fit a time limit (at kron 29 over four
// processes the CPU's BFS took 49 s); the others print "not compared".
//
// Exit status: 0 when every compared answer agreed, 1 when one did not or a
// call failed, 2 on a usage error.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "answer.h"
#include "gg.h"

namespace {

double now_ms() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

double peak_resident_gib() {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / (1024.0 * 1024.0);
}

// Resident now (/proc/self/statm's second field, in pages); 0 where unreadable.
double resident_gib() {
    unsigned long long size = 0, resident = 0;
    FILE *statm = std::fopen("/proc/self/statm", "r");
    if (statm == nullptr) return 0;
    const bool read = std::fscanf(statm, "%llu %llu", &size, &resident) == 2;
    std::fclose(statm);
    return read ? double(resident) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0 * 1024.0) : 0;
}

bool parse(const char *text, unsigned long max, uint32_t *out) {
    char *end = nullptr;
    const unsigned long value = std::strtoul(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || value == 0 || value > max) return false;
    *out = uint32_t(value);
    return true;
}

// The launcher's local rank (0 where no launcher says).
int32_t local_rank() {
    for (const char *name : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "PMIX_LOCAL_RANK", "SLURM_LOCALID"})
        if (const char *value = std::getenv(name)) return int32_t(std::atoi(value));
    return 0;
}

// The GPU of this process: the launcher's local rank, wrapped over the GPUs
// this host shows (one probe over all of them, as the gg tool's
// device_by_local_rank in src/cli/session.cpp), so that where processes
// outnumber them they share (ctest runs three processes on machines of one
// or two GPUs); 0 where there are none. Without the wrap a process past the
// last GPU ran on the CPU while the others asked for CUDA, and the runs
// failed on the processes' disagreement.
int32_t device_of_process() {
    gg_context_options o;
    gg_context_options_init(&o);
    o.backend = GG_BACKEND_CUDA;
    o.all_devices = 1;
    gg_context *probe = nullptr;
    uint32_t visible = 0;
    if (gg_context_create(&o, &probe) == GG_OK && gg_context_cuda_available(probe, nullptr, 0))
        gg_context_get_devices(probe, nullptr, 0, &visible);
    gg_context_destroy(probe);
    return visible > 0 ? local_rank() % int32_t(visible) : 0;
}

struct Session {
    gg_context *context = nullptr;
    gg_graph *graph = nullptr;
    gg_partition_plan *plan = nullptr;
    bool lead = false;  // process 0 prints
    uint32_t n = 0;
    std::vector<double> part_ms;  // each part's compute ms in the last run (gg_run_stats.part_compute_ms)

    ~Session() {
        gg_partition_plan_destroy(plan);
        gg_graph_destroy(graph);
        gg_context_destroy(context);
    }
    bool failed(gg_status status, const char *what) const {
        if (status == GG_OK) return false;
        std::fprintf(stderr, "gg-distributed-run: process %d: %s: %s\n", int(gg_context_rank(context)), what,
                     gg_context_last_error(context));
        return true;
    }
};

// One algorithm's answer of every run, in the type the call writes.
struct Answers {
    std::vector<uint32_t> u32;
    std::vector<float> f32;
    std::vector<double> f64;
};

enum class Algo { bfs, sssp, cc, pagerank, bc };

bool algo_from_name(const std::string &name, Algo *out) {
    static const struct {
        const char *name;
        Algo algo;
    } table[] = {{"bfs", Algo::bfs}, {"sssp", Algo::sssp}, {"cc", Algo::cc}, {"pagerank", Algo::pagerank}, {"bc", Algo::bc}};
    for (const auto &entry : table)
        if (name == entry.name) {
            *out = entry.algo;
            return true;
        }
    return false;
}

const char *algo_name(Algo algo) {
    switch (algo) {
    case Algo::bfs: return "bfs";
    case Algo::sssp: return "sssp";
    case Algo::cc: return "cc";
    case Algo::pagerank: return "pagerank";
    case Algo::bc: return "bc";
    }
    return "?";
}

// Runs `algo` once on `backend` over the plan into `answers` (sized here).
gg_status run_once(Session &s, Algo algo, gg_backend backend, uint32_t source, Answers &answers,
                   gg_run_stats *stats) {
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = backend;
    options.partition_plan = s.plan;
    gg_run_stats_init(stats);
    stats->part_compute_ms = s.part_ms.data();
    stats->part_capacity = uint32_t(s.part_ms.size());
    switch (algo) {
    case Algo::bfs:
        answers.u32.resize(s.n);
        return gg_run_bfs(s.context, s.graph, source, answers.u32.data(), nullptr, &options, stats);
    case Algo::sssp:
        answers.f32.resize(s.n);
        return gg_run_sssp(s.context, s.graph, source, answers.f32.data(), &options, stats);
    case Algo::cc:
        answers.u32.resize(s.n);
        return gg_run_cc(s.context, s.graph, answers.u32.data(), &options, stats);
    case Algo::pagerank:
        // Exactly 20 iterations, as gg-bench runs it.
        options.tolerance = 0.0;
        options.max_iterations = 20;
        answers.f64.resize(s.n);
        return gg_run_pagerank(s.context, s.graph, answers.f64.data(), &options, stats);
    case Algo::bc:
        answers.f64.resize(s.n);
        return gg_run_bc(s.context, s.graph, &source, 1, answers.f64.data(), &options, stats);
    }
    return GG_ERROR_INVALID_ARGUMENT;
}

// "" when the GPU's answer agrees with the CPU's, else the first difference.
std::string compare(Algo algo, const Answers &gpu, const Answers &cpu) {
    using bench::compare_vertices;
    switch (algo) {
    case Algo::bfs: return compare_vertices("depth", gpu.u32, cpu.u32, bench::Exactly{});
    case Algo::sssp: return compare_vertices("distance", gpu.f32, cpu.f32, bench::Exactly{});
    case Algo::cc: return compare_vertices("label", gpu.u32, cpu.u32, bench::Exactly{});
    case Algo::pagerank: return compare_vertices("rank", gpu.f64, cpu.f64, bench::Within{1e-9, 1e-15});
    case Algo::bc: return compare_vertices("centrality", gpu.f64, cpu.f64, bench::Within{1e-9, 1e-9});
    }
    return "unknown algorithm";
}

// The smallest id of the largest component, from smallest-id labels.
uint32_t largest_component_root(const std::vector<uint32_t> &labels) {
    std::vector<uint32_t> size(labels.size(), 0);
    for (uint32_t label : labels)
        if (label < size.size()) ++size[label];
    return uint32_t(std::max_element(size.begin(), size.end()) - size.begin());
}

// A comma list of algorithm names into `out`; "none" is the empty list.
bool parse_algos(const std::string &list, std::vector<Algo> *out) {
    out->clear();
    if (list == "none") return true;
    for (size_t start = 0; start <= list.size();) {
        const size_t comma = std::min(list.find(',', start), list.size());
        Algo algo;
        if (!algo_from_name(list.substr(start, comma - start), &algo)) return false;
        out->push_back(algo);
        start = comma + 1;
    }
    return true;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
    gg_generator_options go;
    gg_generator_options_init(&go);
    go.weighted = 1;
    uint32_t parts = 0, trials = 3;
    std::vector<Algo> algos;
    std::vector<Algo> checked;
    bool usage_ok = argc >= 5 && argc <= 7;
    if (usage_ok)
        usage_ok = parse(argv[1], 31, &go.scale) && parse(argv[2], 1u << 20, &go.degree) &&
                   parse(argv[3], 1u << 16, &parts) && (argc == 5 || parse(argv[5], 1000, &trials)) &&
                   parse_algos(argv[4], &algos) && parse_algos(argc == 7 ? argv[6] : argv[4], &checked);
    if (usage_ok) {
        // CC first: its labels give the searches their source.
        if (std::find(algos.begin(), algos.end(), Algo::cc) == algos.end())
            std::fprintf(stderr, "gg-distributed-run: cc runs too, for the source\n");
        algos.erase(std::remove(algos.begin(), algos.end(), Algo::cc), algos.end());
        algos.insert(algos.begin(), Algo::cc);
    }
    if (!usage_ok) {
        std::fprintf(stderr,
                     "usage: %s SCALE DEGREE PARTS ALGOS [TRIALS [CHECKED]]   (under an MPI launcher; ALGOS and "
                     "CHECKED, the algorithms also run on the CPU and compared (default: ALGOS; none: no check): "
                     "comma lists of bfs,sssp,cc,pagerank,bc)\n",
                     argv[0]);
        return 2;
    }

    Session s;
    gg_context_options co;
    gg_context_options_init(&co);
    co.mpi = GG_MPI_WORLD;
    co.device_id = device_of_process();
    if (s.failed(gg_context_create(&co, &s.context), "no distributed context")) return 1;
    s.lead = gg_context_rank(s.context) == 0;
    const int ranks = int(gg_context_num_ranks(s.context));

    double start = now_ms();
    if (s.failed(gg_graph_generate(s.context, &go, &s.graph), "generating")) return 1;
    const double generate_ms = now_ms() - start;
    s.n = uint32_t(gg_graph_num_vertices(s.graph));
    if (s.lead)
        std::printf("kron %u degree %u weighted: %u vertices, %llu stored edges, generated by %d processes in %.1f s "
                    "(process 0: peak %.1f GiB)\n",
                    go.scale, go.degree, s.n, (unsigned long long)gg_graph_num_edges(s.graph), ranks,
                    generate_ms / 1e3, peak_resident_gib());
    std::fflush(stdout);

    gg_partition_plan_options po;
    gg_partition_plan_options_init(&po);
    po.num_parts = parts;
    s.part_ms.assign(parts, 0.0);
    po.partitioner = GG_PARTITIONER_RANDOM;
    // The plan is all the graph serves here: each process frees its rows as
    // they are sent, and holds its part alone at the peak (what lets
    // weighted kron 29 over two processes fit a 256 GiB host).
    po.release_graph_edges = 1;
    start = now_ms();
    if (s.failed(gg_partition_plan_create(s.context, s.graph, &po, &s.plan), "the plan")) return 1;
    const double plan_ms = now_ms() - start;
    gg_partition_plan_stats ps;
    gg_partition_plan_stats_init(&ps);
    if (s.failed(gg_partition_plan_read_stats(s.context, s.plan, &ps), "the plan's statistics")) return 1;
    if (s.lead)
        std::printf("plan of %u random parts: %llu local edges, %llu replicas, edge cut %llu, built in %.1f s "
                    "(process 0: peak %.1f GiB, %.1f GiB after it; the rows released as sent)\n",
                    parts, (unsigned long long)ps.local_edges, (unsigned long long)ps.replicas,
                    (unsigned long long)ps.edge_cut, plan_ms / 1e3, peak_resident_gib(), resident_gib());
    std::fflush(stdout);

    const gg_backend backend = gg_context_cuda_available(s.context, nullptr, 0) ? GG_BACKEND_CUDA : GG_BACKEND_CPU;
    uint32_t source = 0, unchecked = 0;
    bool all_agree = true;
    Answers gpu, cpu;
    for (Algo algo : algos) {
        std::vector<double> ms;
        double first_ms = 0;
        gg_run_stats stats;
        for (uint32_t t = 0; t <= trials; ++t) {
            if (s.failed(run_once(s, algo, backend, source, gpu, &stats), algo_name(algo))) return 1;
            if (t == 0)
                first_ms = stats.compute_ms;
            else
                ms.push_back(stats.compute_ms);
        }
        if (algo == Algo::cc) source = largest_component_root(gpu.u32);
        if (s.lead) {
            std::printf("%s (source %u) on %u parts, %s: first %.2f ms, then median %.2f ms of %u, %u exchange rounds, "
                        "%.1f MiB exchanged, exchange %.2f ms (hidden %.2f), slowest part's compute %.2f ms, "
                        "preprocessing %.1f ms, transfers %.1f ms",
                        algo_name(algo), source, parts, gg_backend_name(stats.backend), first_ms, median(ms), trials,
                        stats.exchange_rounds, double(stats.bytes_exchanged) / (1024.0 * 1024.0), stats.exchange_ms,
                        stats.exchange_hidden_ms, *std::max_element(s.part_ms.begin(), s.part_ms.end()),
                        stats.preprocess_ms, stats.transfer_ms);
            std::fflush(stdout);
        }
        if (std::find(checked.begin(), checked.end(), algo) == checked.end()) {
            if (s.lead) std::printf("; not compared with the CPU\n");
            std::fflush(stdout);
            ++unchecked;
            continue;
        }
        gg_run_stats cpu_stats;
        if (s.failed(run_once(s, algo, GG_BACKEND_CPU, source, cpu, &cpu_stats), "the CPU's run")) return 1;
        const std::string difference = compare(algo, gpu, cpu);
        all_agree = all_agree && difference.empty();
        if (s.lead) {
            std::printf("; CPU %.1f ms: %s\n", cpu_stats.compute_ms,
                        difference.empty() ? "agrees" : ("DIFFERS: " + difference).c_str());
            std::fflush(stdout);
        }
        gpu = Answers{};
        cpu = Answers{};
    }
    if (s.lead)
        std::printf("process 0: peak %.1f GiB; %s%s\n", peak_resident_gib(),
                    all_agree ? "all agree" : "NOT ALL AGREE",
                    unchecked ? bench::format(" (%u of %zu not compared)", unchecked, algos.size()).c_str() : "");
    return all_agree ? 0 : 1;
}
