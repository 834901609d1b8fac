// Graph files: detection, loading and saving. One reader/writer per format in
// src/io/; this is their single entry point.
#pragma once

#include <functional>
#include <string>

#include "gg.h"
#include "graph/builder.h"
#include "graph/graph.h"

namespace gg {

// Called now and then while reading, with bytes done and bytes in all.
using ProgressFn = std::function<void(uint64_t done, uint64_t total)>;

// Format by extension (.mtx .el .txt .wel .gr .ggb); GG_FORMAT_AUTO if unknown.
gg_format format_from_extension(const std::string &path);

// Loads with the design.md rules. Errors: GG_ERROR_IO (open/read),
// GG_ERROR_PARSE ("path:line: what"), GG_ERROR_TOO_LARGE.
Graph load_graph(const std::string &path, gg_format format, const BuildOptions &options,
                 const ProgressFn &progress = nullptr);

void save_graph(const Graph &g, const std::string &path, gg_format format, const ProgressFn &progress = nullptr);

}  // namespace gg
