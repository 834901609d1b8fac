// SNAP edge lists: .el ("u v" per line) and .wel ("u v w"), 0-based ids,
// '#' and '%' comment lines, blank lines ignored; n = max id + 1, so isolated
// vertices after the largest id do not survive a round trip (shared/design.md).
// The two are one grammar with an optional weight column, hence one file.
#include <algorithm>

#include "io/formats.h"
#include "io/text_scan.h"

namespace gg::io {

Graph read_edge_list(InputFile &in, bool weighted, const BuildOptions &options, const ProgressFn &progress) {
    EdgeList edges;
    // Shortest edge line: "0 0\n" (4 bytes), "0 0 0\n" (6).
    uint64_t reserve = reservable_edges(estimate_lines(in), in, weighted ? 6 : 4, options.max_edges);
    edges.src.reserve(reserve);
    edges.dst.reserve(reserve);
    if (weighted) edges.weights.reserve(reserve);

    const char *extra_column_hint = weighted ? "" : " (a weight column? name the file .wel)";
    uint32_t max_id = 0;
    bool any = false;
    for_each_line(in, progress, [&](const char *begin, uint64_t line) -> const char * {
        LineFields fields(begin, in.path(), line);
        char first = fields.first_char();
        if (first == '\n' || first == '#' || first == '%') return fields.end_of_line();
        uint32_t u = fields.next_id0("source id");
        uint32_t v = fields.next_id0("destination id");
        float w = weighted ? fields.next_weight("weight") : 1.0f;
        fields.expect_end(extra_column_hint);
        if (edges.src.size() == options.max_edges)
            fail(GG_ERROR_TOO_LARGE, "%s:%llu: more than %llu edges (max_edges)", in.path().c_str(),
                 (unsigned long long)line, (unsigned long long)options.max_edges);
        edges.src.push_back(u);
        edges.dst.push_back(v);
        if (weighted) edges.weights.push_back(w);
        max_id = std::max(max_id, std::max(u, v));
        any = true;
        return fields.end_of_line();
    });
    edges.n = any ? max_id + 1 : 0;
    check_file_vertices(edges.n, edges.size(), options, in.path());
    Graph g = build_graph(std::move(edges), options);
    g.weighted = weighted;  // a .wel with no edges is still a weighted graph
    return g;
}

void write_edge_list(const Graph &g, OutputFile &out, bool weighted, const ProgressFn &progress) {
    for_each_stored_edge(g, progress, [&](uint32_t u, uint32_t v, float w) {
        out.put_uint(u);
        out.put(' ');
        out.put_uint(v);
        if (weighted) {
            out.put(' ');
            out.put_float(w);
        }
        out.put('\n');
    });
}

}  // namespace gg::io
