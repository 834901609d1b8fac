// The C boundary's distributed graphs (docs/distributed.md): what
// gg_graph_create, gg_graph_load and gg_graph_generate do in a distributed
// context. Each is collective over the context's processes.
#pragma once

#include <memory>

#include "api/handles.h"
#include "graph/builder.h"

namespace gg {

// Each process's arrays are its share of the edges; the graph is their union.
std::unique_ptr<gg_graph> create_distributed(gg_context &context, uint32_t n, uint64_t m, const uint32_t *src,
                                             const uint32_t *dst, const float *weights, const BuildOptions &options);
// Each process reads its share of a .ggb file; process 0 verifies its checksum.
std::unique_ptr<gg_graph> load_distributed(gg_context &context, const char *path, gg_format format,
                                           const BuildOptions &options);
// Each process builds its rows of the generated graph straight from the
// generator (gen/generators.h generate_rows): the rows gg_graph_generate
// gives without a context of processes.
std::unique_ptr<gg_graph> generate_distributed(gg_context &context, const gg_generator_options &options);

}  // namespace gg
