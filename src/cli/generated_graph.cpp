#include "cli/generated_graph.h"

#include <vector>

#include <sys/stat.h>

#include "cli/arguments.h"
#include "cli/cli_error.h"

namespace gg_cli {

bool generator_spec(const std::string &name, gg_generator_options &options, std::string &description) {
    struct stat info;
    if (stat(name.c_str(), &info) == 0) return false;  // a file of that name is the file
    std::vector<std::string> fields;
    for (size_t begin = 0;;) {
        const size_t colon = name.find(':', begin);
        fields.push_back(name.substr(begin, colon == std::string::npos ? std::string::npos : colon - begin));
        if (colon == std::string::npos) break;
        begin = colon + 1;
    }
    const std::string &kind = fields[0];
    if (fields.size() < 2 || (kind != "kron" && kind != "urand" && kind != "grid")) return false;
    if (fields.size() > 3)
        usage_error("graph '%s': a generated graph is kron:SCALE[:DEGREE], urand:SCALE[:DEGREE] or grid:ROWS[:COLS]",
                    name.c_str());
    gg_generator_options_init(&options);
    options.weighted = 1;  // weight_min 1, weight_max 255: the suite's
    options.symmetrize = 1;
    const std::string what = "graph '" + name + "'";
    if (kind == "grid") {
        options.kind = GG_GENERATOR_GRID;
        options.rows = parse_u32(fields[1], (what + ": ROWS").c_str());
        options.cols = fields.size() > 2 ? parse_u32(fields[2], (what + ": COLS").c_str()) : options.rows;
        description = "grid " + std::to_string(options.rows) + " x " + std::to_string(options.cols);
    } else {
        options.kind = kind == "kron" ? GG_GENERATOR_KRON : GG_GENERATOR_URAND;
        options.scale = parse_u32(fields[1], (what + ": SCALE").c_str());
        if (fields.size() > 2) options.degree = parse_u32(fields[2], (what + ": DEGREE").c_str());
        description = kind + " scale " + std::to_string(options.scale) + " degree " + std::to_string(options.degree);
    }
    return true;
}

}  // namespace gg_cli
