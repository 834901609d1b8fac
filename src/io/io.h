// Graph files: detection, loading and saving. One reader/writer per format in
// src/io/; this is their single entry point.
#pragma once

#include <functional>
#include <string>

#include "gg.h"
#include "graph/builder.h"
#include "graph/graph.h"

namespace gg {

// Called now and then with work done and work in all: bytes when reading
// (total 0 when the size is unknown, e.g. a pipe); edges when writing text,
// bytes when writing .ggb.
using ProgressFn = std::function<void(uint64_t done, uint64_t total)>;

// Format by extension (.mtx .el .txt .wel .gr .ggb, any case); GG_FORMAT_AUTO if unknown.
gg_format format_from_extension(const std::string &path);

// Loads with the design.md rules. GG_FORMAT_AUTO: by extension, else by the
// first bytes. Text formats go through build_graph with `options` (a
// symmetric .mtx forces undirected); a .ggb is loaded as it was saved, only
// options.max_edges applies. Errors: GG_ERROR_IO (open/read, "path: ..."),
// GG_ERROR_PARSE ("path:line: what"; "path: what" for .ggb),
// GG_ERROR_TOO_LARGE (max_edges), GG_ERROR_UNSUPPORTED (e.g. a dense .mtx).
// progress, if given, is called after every block read.
Graph load_graph(const std::string &path, gg_format format, const BuildOptions &options,
                 const ProgressFn &progress = nullptr);

// Writes every stored directed edge once, in CSR order. An undirected graph
// therefore appears with both directions in text files (.mtx is written
// "general", and reads back as a directed graph with the same CSR); only .ggb
// keeps the undirected flag. Weights: shortest decimal that reads back as the
// same float; .mtx is "real" when weighted, else "pattern"; .el drops them.
// .el/.wel keep no vertex count, so isolated vertices above the largest id
// are lost. Format GG_FORMAT_AUTO: from the extension, else
// GG_ERROR_INVALID_ARGUMENT. Write failures: GG_ERROR_IO (the partial file
// is removed).
void save_graph(const Graph &g, const std::string &path, gg_format format, const ProgressFn &progress = nullptr);

}  // namespace gg
