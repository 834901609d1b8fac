// gg run FILE GRAPH for vertex programs (program_run.h).
#include "cli/commands/program_run.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cli/cli_error.h"
#include "cli/output/progress.h"

namespace gg_cli {

namespace {

bool ends_with(const std::string &s, const char *suffix) {
    size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// The program's "//! output: KIND [@OFFSET]" (checked by the library).
struct OutputFormat {
    std::string kind;
    size_t offset = 0;
};

OutputFormat output_format(const gg_program_desc &desc) {
    OutputFormat f;
    std::string text = desc.output;
    size_t space = text.find(' ');
    f.kind = text.substr(0, space);
    size_t at = text.find('@');
    if (at != std::string::npos) f.offset = std::strtoull(text.c_str() + at + 1, nullptr, 10);
    return f;
}

template <class T>
T read_at(const unsigned char *value, size_t offset) {
    T x;
    std::memcpy(&x, value + offset, sizeof x);
    return x;
}

void write_value(OutputWriter &out, const OutputFormat &f, const unsigned char *value) {
    if (f.kind == "depth") {
        out.depth(read_at<uint32_t>(value, f.offset));
    } else if (f.kind == "label" || f.kind == "uint32") {
        out.unsigned_value(read_at<uint32_t>(value, f.offset));
    } else if (f.kind == "uint64") {
        out.unsigned_value(read_at<uint64_t>(value, f.offset));
    } else if (f.kind == "int32" || f.kind == "int64") {
        int64_t x = f.kind == "int32" ? read_at<int32_t>(value, f.offset) : read_at<int64_t>(value, f.offset);
        if (x < 0) out.character('-');
        out.unsigned_value(x < 0 ? uint64_t(0) - uint64_t(x) : uint64_t(x));
    } else if (f.kind == "float") {
        out.shortest_float(read_at<float>(value, f.offset));
    } else {
        out.double_9g(read_at<double>(value, f.offset));
    }
}

}  // namespace

bool is_program_file(const std::string &algo) {
    if (ends_with(algo, ".ggp")) return true;
    struct stat info;
    return algo.find('/') != std::string::npos && ::stat(algo.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

ProgramHandle load_program(gg_context *context, const std::string &path) {
    gg_program *program = nullptr;
    gg_status status = gg_program_load(context, path.c_str(), &program);
    if (status != GG_OK) library_failure(context, status, path);
    return ProgramHandle(program);
}

std::vector<double> parse_params(const std::string &text) {
    std::vector<double> params;
    size_t start = 0;
    while (true) {
        size_t comma = text.find(',', start);
        std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        char *end = nullptr;
        errno = 0;
        double value = std::strtod(item.c_str(), &end);
        if (item.empty() || *end != '\0' || errno == ERANGE)
            usage_error("--params: '%s' is not a number (expected X,Y,... of at most %d numbers)", item.c_str(),
                        GG_PROGRAM_MAX_PARAMS);
        params.push_back(value);
        if (params.size() > GG_PROGRAM_MAX_PARAMS)
            usage_error("--params: at most %d numbers", GG_PROGRAM_MAX_PARAMS);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return params;
}

double run_program_and_write(gg_context *context, const gg_graph *graph, gg_program *program, uint32_t source,
                             const ProgramRunFlags &flags, const gg_run_options *options, OutputWriter &out,
                             gg_run_stats *stats, const std::string &subject) {
    gg_program_desc desc;
    gg_program_desc_init(&desc);
    gg_program_get_desc(program, &desc);
    if (desc.output[0] == '\0')
        runtime_error("%s: the program has no '//! output: KIND' line, so gg run cannot print its values",
                      subject.c_str());
    const uint32_t n = gg_graph_num_vertices(graph);
    const size_t size = desc.vertex_value_size;
    std::vector<unsigned char> values(n == 0 ? size : size_t(n) * size);
    gg_program_run_options run;
    gg_program_run_options_init(&run);
    run.source = n == 0 ? UINT32_MAX : source;
    run.max_iterations = flags.max_supersteps;
    run.num_params = uint32_t(flags.params.size());
    for (size_t i = 0; i < flags.params.size(); ++i) run.params[i] = flags.params[i];
    Progress progress("running " + std::string(desc.name));
    gg_status status =
        gg_run_program(context, graph, program, values.data(), size_t(n) * size, &run, options, stats);
    if (status != GG_OK) library_failure(context, status, subject);
    progress.done("ran " + std::string(desc.name));
    if (stats != nullptr && stats->converged == 0)
        std::fprintf(stderr, "gg: warning: %s stopped at its cap of %u supersteps before converging\n",
                     subject.c_str(), stats->iterations);
    double write_start = now_seconds();
    const OutputFormat format = output_format(desc);
    for (uint32_t v = 0; v < n; ++v) {
        write_value(out, format, values.data() + size_t(v) * size);
        out.character('\n');
    }
    return write_start;
}

}  // namespace gg_cli
