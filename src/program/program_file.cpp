// Program files (program_file.h).
#include "program/program_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/error.h"

namespace gg::program {

namespace {

// A program is source text; anything larger is not one.
constexpr std::streamoff max_file_bytes = 1 << 20;

std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

std::vector<std::string> words(const std::string &s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

struct Parser {
    const std::string &path;
    size_t line = 0;

    [[noreturn]] void error(const char *what, const std::string &detail) const {
        fail(GG_ERROR_PARSE, "%s:%zu: %s%s", path.c_str(), line, what, detail.c_str());
    }

    uint32_t size(const std::string &value, const char *key) const {
        char *end = nullptr;
        errno = 0;
        unsigned long long v = std::strtoull(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || errno != 0 || value[0] == '-' || v > 4096)
            error("", std::string(key) + " must be a byte count from 0 to 4096, not '" + value + "'");
        return uint32_t(v);
    }

    double number(const std::string &value) const {
        char *end = nullptr;
        errno = 0;
        double v = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0' || errno == ERANGE) error("param values must be numbers, not ", "'" + value + "'");
        return v;
    }
};

gg_scalar_type scalar_type(const std::string &name, bool &ok) {
    static const struct {
        const char *name;
        gg_scalar_type type;
    } types[] = {{"int32", GG_SCALAR_INT32},   {"uint32", GG_SCALAR_UINT32}, {"int64", GG_SCALAR_INT64},
                 {"uint64", GG_SCALAR_UINT64}, {"float", GG_SCALAR_FLOAT},   {"double", GG_SCALAR_DOUBLE}};
    for (const auto &t : types)
        if (name == t.name) {
            ok = true;
            return t.type;
        }
    ok = false;
    return GG_SCALAR_NONE;
}

std::string base_name(const std::string &path) {
    size_t slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    size_t dot = name.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

}  // namespace

std::string output_format_problem(const std::string &output, uint32_t vertex_size) {
    if (output.empty()) return "";
    std::vector<std::string> w = words(output);
    static const struct {
        const char *kind;
        uint32_t bytes;
    } kinds[] = {{"depth", 4}, {"label", 4}, {"float", 4},  {"double", 8},
                 {"uint32", 4}, {"int32", 4}, {"uint64", 8}, {"int64", 8}};
    uint32_t bytes = 0;
    for (const auto &k : kinds)
        if (!w.empty() && w[0] == k.kind) bytes = k.bytes;
    if (bytes == 0 || w.size() > 2)
        return "output '" + output + "' is not one of depth, label, float, double, uint32, int32, uint64, int64 "
               "optionally followed by @OFFSET";
    uint64_t offset = 0;
    if (w.size() == 2) {
        const std::string &at = w[1];
        char *end = nullptr;
        if (at.size() < 2 || at[0] != '@' || at[1] == '-') return "output offset '" + at + "' is not @BYTES";
        offset = std::strtoull(at.c_str() + 1, &end, 10);
        if (*end != '\0' || offset > 4096) return "output offset '" + at + "' is not @BYTES";
    }
    if (offset + bytes > vertex_size)
        return "output '" + output + "' reads past the vertex value (" + std::to_string(vertex_size) + " bytes)";
    return "";
}

Desc parse_program_text(const std::string &text, const std::string &path) {
    gg_program_desc c;
    gg_program_desc_init(&c);
    std::string name = base_name(path);
    std::string output;
    bool have_model = false;
    Parser p{path};
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        ++p.line;
        if (line.compare(0, 3, "//!") != 0) break;
        std::string body = line.substr(3);
        size_t colon = body.find(':');
        if (colon == std::string::npos) p.error("expected '//! key: value', got ", "'" + trim(line) + "'");
        std::string key = trim(body.substr(0, colon));
        std::string value = trim(body.substr(colon + 1));
        std::vector<std::string> w = words(value);
        if (key == "model") {
            if (value == "cusha")
                c.model = GG_PROGRAM_CUSHA;
            else if (value == "emv")
                c.model = GG_PROGRAM_EMV;
            else
                p.error("model must be cusha or emv, not ", "'" + value + "'");
            have_model = true;
        } else if (key == "name") {
            if (value.empty() || value.size() > 200) p.error("name must have 1 to 200 characters", "");
            name = value;
        } else if (key == "vertex") {
            c.vertex_value_size = p.size(value, "vertex");
        } else if (key == "edge") {
            c.edge_value_size = p.size(value, "edge");
        } else if (key == "message") {
            c.message_size = p.size(value, "message");
        } else if (key == "combiner") {
            if (w.size() == 1 && w[0] == "user") {
                c.combiner = GG_COMBINE_USER;
            } else {
                bool ok = false;
                if (w.size() == 2) c.message_type = scalar_type(w[1], ok);
                if (!ok || (w[0] != "sum" && w[0] != "min" && w[0] != "max" && w[0] != "unordered_sum"))
                    p.error("combiner must be 'user' or 'sum|min|max|unordered_sum TYPE' (TYPE int32, uint32, int64, "
                            "uint64, float or double), not ", "'" + value + "'");
                c.combiner = w[0] == "sum"   ? GG_COMBINE_SUM
                             : w[0] == "min" ? GG_COMBINE_MIN
                             : w[0] == "max" ? GG_COMBINE_MAX
                                             : GG_COMBINE_UNORDERED_SUM;
            }
        } else if (key == "aggregates") {
            if (value.size() != 1 || value[0] < '0' || value[0] > '0' + GG_PROGRAM_MAX_AGGREGATES)
                p.error("aggregates must be 0 to 4, not ", "'" + value + "'");
            c.num_aggregates = uint32_t(value[0] - '0');
        } else if (key == "halt") {
            if (value != "yes" && value != "no") p.error("halt must be yes or no, not ", "'" + value + "'");
            c.has_halt = value == "yes";
        } else if (key == "params") {
            if (w.size() > GG_PROGRAM_MAX_PARAMS) p.error("params takes at most 8 numbers", "");
            for (size_t i = 0; i < w.size(); ++i) c.params[i] = p.number(w[i]);
        } else if (key == "output") {
            std::string problem = output_format_problem(value, 4096);
            if (!problem.empty()) p.error("", problem);
            output = value;
        } else {
            p.error("unknown key ", "'" + key + "' (expected model, name, vertex, edge, message, combiner, "
                    "aggregates, halt, params or output)");
        }
    }
    p.line = 1;
    if (!have_model) p.error("no '//! model: cusha|emv' line at the top of the program", "");
    if (c.vertex_value_size == 0) p.error("no '//! vertex: BYTES' line at the top of the program", "");
    if (output.size() >= sizeof c.output) p.error("output is too long", "");
    std::strncpy(c.output, output.c_str(), sizeof c.output - 1);
    c.name = name.c_str();
    c.source = text.c_str();
    try {
        return checked_desc(c);
    } catch (const Error &e) {
        // The description's own checks, in the file's words.
        fail(GG_ERROR_PARSE, "%s: %s", path.c_str(), e.what());
    }
}

Desc load_program_file(const std::string &path) {
    // A directory opens as a stream on Linux and reports a nonsense size.
    struct stat info;
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISCHR(info.st_mode) && !S_ISFIFO(info.st_mode))
        fail(GG_ERROR_IO, "program file %s is not a regular file%s", path.c_str(),
             S_ISDIR(info.st_mode) ? " (it is a directory)" : "");
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) fail(GG_ERROR_IO, "cannot open program file %s: %s", path.c_str(), std::strerror(errno));
    std::streamoff size = in.tellg();
    if (size < 0) fail(GG_ERROR_IO, "cannot read program file %s", path.c_str());
    if (size > max_file_bytes)
        fail(GG_ERROR_PARSE, "%s: %lld bytes is too large for a program file (at most %lld)", path.c_str(),
             (long long)size, (long long)max_file_bytes);
    std::string text(size_t(size), '\0');
    in.seekg(0);
    if (!in.read(&text[0], size)) fail(GG_ERROR_IO, "cannot read program file %s", path.c_str());
    if (text.find('\0') != std::string::npos) fail(GG_ERROR_PARSE, "%s: a program file is text, but it has NUL bytes", path.c_str());
    return parse_program_text(text, path);
}

}  // namespace gg::program
