#include "cli/output/graph_output.h"

#include "cli/cli_error.h"
#include "cli/output/progress.h"
#include "cli/session.h"

namespace gg_cli {

gg_format output_format(const std::string &path) {
    gg_format format = gg_format_from_path(path.c_str());
    if (format == GG_FORMAT_AUTO)
        usage_error("%s: unknown output extension (expected .mtx, .el, .txt, .wel, .gr or .ggb)", path.c_str());
    return format;
}

void save_graph(gg_context *context, const gg_graph *graph, const std::string &path, gg_format format) {
    Progress progress("writing " + path);
    gg_status status = gg_graph_save(context, graph, path.c_str(), format);
    if (status != GG_OK) library_failure(context, status, path);
    progress.done("wrote " + path + " (" + format_name(format) + ")");
}

}  // namespace gg_cli
