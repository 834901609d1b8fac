// Command-line parsing for gg-bench (see options.h).
#include "options.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "suite.h"

namespace bench {

const std::vector<std::string> &known_algorithms() {
    static const std::vector<std::string> names = {"bfs", "sssp", "sswp", "cc", "pagerank", "bc", "spmv", "apsp"};
    return names;
}

const std::vector<std::string> &known_graphs() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all = suite_graphs();
        all.insert(all.end(), outside_suite_graphs().begin(), outside_suite_graphs().end());
        return all;
    }();
    return names;
}

const std::vector<std::string> &known_partitioners() {
    static const std::vector<std::string> names = {"metis", "random", "block", "auto"};
    return names;
}

std::vector<gg_layout> every_layout() {
    std::vector<gg_layout> layouts;
    for (int32_t v = 0; gg_layout_name(gg_layout(v)) != nullptr; ++v)
        if (gg_layout(v) != GG_LAYOUT_AUTO) layouts.push_back(gg_layout(v));
    return layouts;
}

const char *usage_text() {
    return "usage: gg-bench [options]\n"
           "\n"
           "Generates the standard suite (kron and urand of 2^scale vertices, degree 16,\n"
           "symmetrized; a grid x grid 4-neighbour grid; integer weights in [1, 255]; fixed\n"
           "seed), runs each algorithm once to warm up and then --trials times with the\n"
           "graph resident, and reports median/min/max compute time, GTEPS and bandwidth.\n"
           "\n"
           "  --backend auto|cpu|cuda   backend of every run (default auto)\n"
           "  --algos LIST              comma-separated: bfs,sssp,sswp,cc,pagerank,bc,spmv, and\n"
           "                            program:FILE for a vertex program file (docs/programs.md)\n"
           "                            (default all of these; add apsp or use --apsp for APSP)\n"
           "  --graphs LIST             comma-separated: kron,urand,grid (the suite, the default),\n"
           "                            and graphs outside it: road (the grid less 1/4 of its\n"
           "                            edges), plaw-mild and plaw-steep (R-MAT a 0.45 and 0.70),\n"
           "                            bipartite (users x skewed items), smallworld (Watts-Strogatz);\n"
           "                            these take --scale, --degree and --grid like the suite\n"
           "  --scale S                 log2 vertices of kron and urand (default 20 on the CPU,\n"
           "                            22 on a GPU: the full suite)\n"
           "  --grid R                  grid of R x R vertices (default 1024 on the CPU, 2048 on a GPU)\n"
           "  --degree D                edges generated per vertex for kron and urand (default 16)\n"
           "  --seed S                  generator seed (default 27491095)\n"
           "  --threads N               CPU threads (default: all cores)\n"
           "  --trials N                timed trials after the warm-up run (default 5)\n"
           "  --pagerank-iterations K   PageRank runs exactly K iterations (default 20)\n"
           "  --apsp                    also run APSP on its own kron graph of 2^apsp-scale vertices\n"
           "  --apsp-scale S            scale of that graph (default 10)\n"
           "  --no-verify               skip checking each kernel's first result\n"
           "  --compare-only            with --parts: skip the serial verifiers (minutes per\n"
           "                            algorithm at kron scale 26), but still compare every\n"
           "                            partitioned answer with the unpartitioned run's, which\n"
           "                            is then itself unchecked\n"
           "  --json FILE               write the full report as JSON\n"
           "  --markdown FILE           write the markdown report (it always goes to stdout too)\n"
           "  --note TEXT               free text recorded in both reports (e.g. nice, machine state)\n"
           "  --export DIR              save each generated graph as DIR/<graph>.el and .wel (for GAP)\n"
           "  --parts LIST              also run each algorithm partitioned: comma-separated part\n"
           "                            counts, e.g. 1,2,4,8 (1: the unpartitioned run); adds the\n"
           "                            \"Partitioned runs\" tables, on the run's backend\n"
           "  --partition LIST          partitioners for --parts: metis,random,block,auto (default\n"
           "                            metis,random,block; metis is skipped with a note in a build\n"
           "                            without METIS; auto: the library picks one per graph)\n"
           "  --replication-depth D     hops of replicas for --parts: 1 to 8, or auto (default 1)\n"
           "  --devices all|LIST        the GPUs the parts of --parts run on (gg_context_options:\n"
           "                            all_devices, or device ids such as 0,1): part p on the\n"
           "                            (p mod D)-th; unpartitioned runs use the first (default 0)\n"
           "  --layouts LIST|all        run each algorithm once per layout (gg_run_options.layout):\n"
           "                            comma-separated names of `gg run --layout` (auto, csr, gshards,\n"
           "                            cw, vsplit, udt, tocab), or all (every one but auto); adds a\n"
           "                            table per graph, algorithms x layouts; a pairing the backend\n"
           "                            lacks is listed as unsupported (default: auto only, no table)\n"
           "  --degree-bound K          gg_run_options.degree_bound, the K of vsplit and udt\n"
           "                            (default: the library's, 10 and 1000)\n"
           "  --help                    this text\n";
}

namespace {

bool parse_unsigned(const char *text, uint64_t max, uint64_t &out) {
    if (text == nullptr || *text == '\0' || *text == '-' || *text == '+') return false;
    errno = 0;
    char *end = nullptr;
    unsigned long long value = std::strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || value > max) return false;
    out = value;
    return true;
}

std::vector<std::string> split_list(const std::string &text) {
    std::vector<std::string> items;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos) comma = text.size();
        if (comma > start) items.push_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

// The argument as a POSIX shell would need it typed, so that the command in
// a report can be pasted back.
std::string shell_quoted(const std::string &arg) {
    const char *plain = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./,:=+-@%";
    if (!arg.empty() && arg.find_first_not_of(plain) == std::string::npos) return arg;
    std::string quoted = "'";
    for (char c : arg) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

bool check_names(const std::vector<std::string> &items, const std::vector<std::string> &allowed, const char *flag,
                 std::string &error) {
    if (items.empty()) {
        error = std::string(flag) + " needs at least one name";
        return false;
    }
    for (const std::string &item : items)
        if (std::find(allowed.begin(), allowed.end(), item) == allowed.end() &&
            !(flag == std::string("--algos") && item.compare(0, 8, "program:") == 0 && item.size() > 8)) {
            error = std::string(flag) + ": unknown name '" + item + "'";
            return false;
        }
    return true;
}

// Every name the library gives a layout, auto included, for error messages.
std::string layout_names() {
    std::string names;
    for (int32_t v = 0; gg_layout_name(gg_layout(v)) != nullptr; ++v)
        names += std::string(names.empty() ? "" : ", ") + gg_layout_name(gg_layout(v));
    return names;
}

// --layouts: "all", or names the library knows, each once.
bool parse_layouts(const std::string &text, std::vector<gg_layout> &layouts, std::string &error) {
    const std::vector<std::string> items = split_list(text);
    layouts.clear();
    if (items.empty()) {
        error = "--layouts needs at least one layout name, or all";
        return false;
    }
    if (std::find(items.begin(), items.end(), "all") != items.end()) {
        if (items.size() > 1) {
            error = "--layouts: all already lists every layout but auto; give it alone";
            return false;
        }
        layouts = every_layout();
        return true;
    }
    for (const std::string &item : items) {
        gg_layout layout = GG_LAYOUT_AUTO;
        if (gg_layout_from_name(item.c_str(), &layout) != GG_OK) {
            error = "--layouts: unknown layout '" + item + "' (expected all, or names among " + layout_names() + ")";
            return false;
        }
        if (std::find(layouts.begin(), layouts.end(), layout) != layouts.end()) {
            error = "--layouts: " + item + " is listed twice";
            return false;
        }
        layouts.push_back(layout);
    }
    return true;
}

}  // namespace

bool parse_options(int argc, char **argv, Options &options, bool &help, std::string &error) {
    help = false;
    bool algorithms_given = false;
    std::string partition_flag;  // --partition, --replication-depth or --compare-only, which need --parts
    options.command_line.clear();
    for (int i = 0; i < argc; ++i) {
        if (i) options.command_line += ' ';
        options.command_line += shell_quoted(argv[i]);
    }
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        auto value = [&](const char **out) {
            if (i + 1 >= argc) {
                error = flag + " needs a value";
                return false;
            }
            *out = argv[++i];
            return true;
        };
        auto number = [&](uint64_t min, uint64_t max, uint64_t &out) {
            const char *text = nullptr;
            if (!value(&text)) return false;
            if (!parse_unsigned(text, max, out) || out < min) {
                error = flag + ": '" + text + "' is not an integer in [" + std::to_string(min) + ", " +
                        std::to_string(max) + "]";
                return false;
            }
            return true;
        };
        const char *text = nullptr;
        uint64_t n = 0;
        if (flag == "--help" || flag == "-h") {
            help = true;
            return true;
        } else if (flag == "--backend") {
            if (!value(&text)) return false;
            std::string b = text;
            if (b == "auto") options.backend = GG_BACKEND_AUTO;
            else if (b == "cpu") options.backend = GG_BACKEND_CPU;
            else if (b == "cuda") options.backend = GG_BACKEND_CUDA;
            else {
                error = "--backend: '" + b + "' is not auto, cpu or cuda";
                return false;
            }
        } else if (flag == "--algos") {
            if (!value(&text)) return false;
            options.algorithms = split_list(text);
            algorithms_given = true;
            if (!check_names(options.algorithms, known_algorithms(), "--algos", error)) return false;
        } else if (flag == "--graphs") {
            if (!value(&text)) return false;
            options.graphs = split_list(text);
            if (!check_names(options.graphs, known_graphs(), "--graphs", error)) return false;
        } else if (flag == "--scale") {
            if (!number(1, 30, n)) return false;
            options.scale = uint32_t(n);
        } else if (flag == "--grid") {
            if (!number(2, 46340, n)) return false;  // R * R stays below 2^31 vertices
            options.grid = uint32_t(n);
        } else if (flag == "--degree") {
            if (!number(1, 1024, n)) return false;
            options.degree = uint32_t(n);
        } else if (flag == "--seed") {
            if (!number(0, UINT64_MAX, n)) return false;
            options.seed = n;
        } else if (flag == "--threads") {
            if (!number(1, 4096, n)) return false;
            options.threads = int(n);
        } else if (flag == "--trials") {
            if (!number(1, 100000, n)) return false;
            options.trials = int(n);
        } else if (flag == "--pagerank-iterations") {
            if (!number(1, 100000, n)) return false;
            options.pagerank_iterations = uint32_t(n);
        } else if (flag == "--apsp") {
            options.apsp = true;
        } else if (flag == "--apsp-scale") {
            if (!number(1, 16, n)) return false;  // 2^16 vertices: a 16 GiB distance matrix
            options.apsp_scale = uint32_t(n);
        } else if (flag == "--no-verify") {
            options.verify = false;
        } else if (flag == "--compare-only") {
            options.serial_verify = false;
            partition_flag = flag;
        } else if (flag == "--json") {
            if (!value(&text)) return false;
            options.json_path = text;
        } else if (flag == "--markdown") {
            if (!value(&text)) return false;
            options.markdown_path = text;
        } else if (flag == "--note") {
            if (!value(&text)) return false;
            options.note = text;
        } else if (flag == "--export") {
            if (!value(&text)) return false;
            options.export_dir = text;
        } else if (flag == "--parts") {
            if (!value(&text)) return false;
            const std::vector<std::string> items = split_list(text);
            if (items.empty()) {
                error = "--parts needs at least one part count";
                return false;
            }
            options.parts.clear();
            for (const std::string &item : items) {
                if (!parse_unsigned(item.c_str(), 4096, n) || n < 1) {
                    error = "--parts: '" + item + "' is not an integer in [1, 4096]";
                    return false;
                }
                if (std::find(options.parts.begin(), options.parts.end(), uint32_t(n)) != options.parts.end()) {
                    error = "--parts: " + item + " is listed twice";
                    return false;
                }
                options.parts.push_back(uint32_t(n));
            }
            std::sort(options.parts.begin(), options.parts.end());
        } else if (flag == "--partition") {
            if (!value(&text)) return false;
            const std::vector<std::string> items = split_list(text);
            if (std::find(items.begin(), items.end(), "given") != items.end()) {
                error = "--partition: 'given' needs the caller's own array of parts; gg-bench takes metis, random, "
                        "block and auto";
                return false;
            }
            if (!check_names(items, known_partitioners(), "--partition", error)) return false;
            options.partitioners.clear();
            for (const std::string &item : items) {
                gg_partitioner partitioner = GG_PARTITIONER_METIS;
                if (gg_partitioner_from_name(item.c_str(), &partitioner) != GG_OK) {
                    error = "--partition: the library does not know '" + item + "'";
                    return false;
                }
                if (std::find(options.partitioners.begin(), options.partitioners.end(), partitioner) !=
                    options.partitioners.end()) {
                    error = "--partition: " + item + " is listed twice";
                    return false;
                }
                options.partitioners.push_back(partitioner);
            }
            partition_flag = flag;
        } else if (flag == "--replication-depth") {
            if (!value(&text)) return false;
            if (std::string(text) == "auto") {
                options.replication_depth = 0;
            } else if (!parse_unsigned(text, 8, n) || n < 1) {
                error = "--replication-depth: '" + std::string(text) + "' is not an integer in [1, 8] or auto";
                return false;
            } else {
                options.replication_depth = uint32_t(n);
            }
            partition_flag = flag;
        } else if (flag == "--devices") {
            if (!value(&text)) return false;
            options.devices.clear();
            options.all_devices = std::string(text) == "all";
            if (!options.all_devices) {
                const std::vector<std::string> items = split_list(text);
                if (items.empty()) {
                    error = "--devices needs all or a comma-separated list of CUDA device ids";
                    return false;
                }
                for (const std::string &item : items) {
                    if (!parse_unsigned(item.c_str(), 1023, n)) {
                        error = "--devices: '" + item + "' is not a device id in [0, 1023] (or give all)";
                        return false;
                    }
                    if (std::find(options.devices.begin(), options.devices.end(), int32_t(n)) !=
                        options.devices.end()) {
                        error = "--devices: " + item + " is listed twice";
                        return false;
                    }
                    options.devices.push_back(int32_t(n));
                }
            }
            partition_flag = flag;
        } else if (flag == "--layouts") {
            if (!value(&text)) return false;
            if (!parse_layouts(text, options.layouts, error)) return false;
        } else if (flag == "--degree-bound") {
            if (!number(1, UINT32_MAX, n)) return false;
            options.degree_bound = uint32_t(n);
        } else {
            error = "unknown argument '" + flag + "' (see --help)";
            return false;
        }
    }
    if (!algorithms_given) options.algorithms = {"bfs", "sssp", "sswp", "cc", "pagerank", "bc", "spmv"};
    if (options.graphs.empty()) options.graphs = suite_graphs();
    if (!partition_flag.empty() && options.parts.empty()) {
        error = partition_flag + " applies to partitioned runs: give --parts too";
        return false;
    }
    if (options.partitioners.empty())
        options.partitioners = {GG_PARTITIONER_METIS, GG_PARTITIONER_RANDOM, GG_PARTITIONER_BLOCK};
    // "--algos apsp" is the same request as --apsp; APSP has its own graph.
    auto apsp = std::find(options.algorithms.begin(), options.algorithms.end(), "apsp");
    if (apsp != options.algorithms.end()) {
        options.apsp = true;
        options.algorithms.erase(apsp);
    }
    return true;
}

}  // namespace bench
