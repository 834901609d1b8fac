// gg generate KIND PARAMS OUT: a deterministic kron, urand or grid graph
// written in the format of OUT's extension.
#include <string>

#include "cli/arguments.h"
#include "cli/cli_error.h"
#include "cli/commands/commands.h"
#include "cli/output/graph_output.h"
#include "cli/output/progress.h"
#include "cli/session.h"

namespace gg_cli {

int generate_command(int argc, char **argv, int first) {
    Arguments args(argc, argv, first,
                   {{"--seed", OptionSpec::kRequired},
                    {"--weights", OptionSpec::kOptionalRange},
                    {"--directed", OptionSpec::kFlag}},
                   "gg generate");
    if (args.help()) return print_help(kGenerateHelp);
    const std::vector<std::string> &p = args.positionals();
    if (p.empty()) usage_error("gg generate: missing KIND (kron, urand or grid); see 'gg generate --help'");

    gg_generator_options options;
    gg_generator_options_init(&options);
    const std::string &kind = p[0];
    std::string description;
    if (kind == "kron" || kind == "urand") {
        args.expect_positionals(4, ("gg generate " + kind + " SCALE DEGREE OUT [options]").c_str());
        options.kind = kind == "kron" ? GG_GENERATOR_KRON : GG_GENERATOR_URAND;
        options.scale = parse_u32(p[1], "SCALE");
        options.degree = parse_u32(p[2], "DEGREE");
        description = kind + " scale " + p[1] + " degree " + p[2];
    } else if (kind == "grid") {
        args.expect_positionals(4, "gg generate grid ROWS COLS OUT [options]");
        options.kind = GG_GENERATOR_GRID;
        options.rows = parse_u32(p[1], "ROWS");
        options.cols = parse_u32(p[2], "COLS");
        description = "grid " + p[1] + " x " + p[2];
    } else {
        usage_error("gg generate: unknown KIND '%s' (expected kron, urand or grid)", kind.c_str());
    }
    if (args.has("--seed")) options.seed = parse_unsigned(args.value("--seed"), UINT64_MAX, "--seed");
    if (args.has("--weights")) {
        options.weighted = 1;
        if (!args.value("--weights").empty())
            parse_range(args.value("--weights"), "--weights", &options.weight_min, &options.weight_max);
    }
    options.symmetrize = args.has("--directed") ? 0 : 1;
    const std::string &out = p[3];
    gg_format format = output_format(out);

    Session session;
    gg_context *context = session.context();
    gg_graph *generated = nullptr;
    Progress progress("generating " + description);
    gg_status status = gg_graph_generate(context, &options, &generated);
    // Every generator input came from the command line, so a rejected one is a usage error.
    if (status != GG_OK) library_failure(context, status, "gg generate " + description, true);
    GraphHandle graph(generated);
    progress.done("generated " + description + ": " + std::to_string(gg_graph_num_vertices(graph.get())) +
                  " vertices, " + std::to_string(gg_graph_num_edges(graph.get())) + " edges");
    save_graph(context, graph.get(), out, format);
    return kExitOk;
}

}  // namespace gg_cli
