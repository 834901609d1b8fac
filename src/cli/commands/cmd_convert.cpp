// gg convert IN OUT: load in one format, save in the format of OUT's extension.
#include "cli/arguments.h"
#include "cli/cli_error.h"
#include "cli/commands/commands.h"
#include "cli/output/graph_output.h"
#include "cli/session.h"

namespace gg_cli {

int convert_command(int argc, char **argv, int first) {
    Arguments args(argc, argv, first, {{"--undirected", OptionSpec::kFlag}, max_vertices_option()}, "gg convert");
    if (args.help()) return print_help(kConvertHelp);
    args.expect_positionals(2, "gg convert IN OUT [--undirected] [--max-vertices N|any]");
    const std::string &in = args.positionals()[0];
    const std::string &out = args.positionals()[1];
    gg_format format = output_format(out);

    Session session;
    if (args.has("--max-vertices")) session.set_max_vertices(parse_max_vertices(args.value("--max-vertices")));
    GraphHandle graph = session.load(in, args.has("--undirected"));
    save_graph(session.context(), graph.get(), out, format);
    return kExitOk;
}

}  // namespace gg_cli
