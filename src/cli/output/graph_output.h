// Writing graphs, shared by convert and generate: the output format comes
// from OUT's extension, checked before any long work starts.
#pragma once

#include <string>

#include "gg.h"

namespace gg_cli {

// The format OUT's extension names; a usage error naming OUT otherwise.
gg_format output_format(const std::string &path);

// Saves with progress on a terminal; a failure names the file.
void save_graph(gg_context *context, const gg_graph *graph, const std::string &path, gg_format format);

}  // namespace gg_cli
