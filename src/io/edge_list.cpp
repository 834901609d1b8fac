// SNAP edge lists: .el ("u v" per line) and .wel ("u v w"), 0-based ids,
// '#' and '%' comment lines, blank lines ignored; n = max id + 1, so isolated
// vertices after the largest id do not survive a round trip (shared/design.md).
// The two are one grammar with an optional weight column, hence one file.
#include <algorithm>

#include "io/formats.h"
#include "io/text_scan.h"
#include "io/text_share.h"

namespace gg::io {

namespace {

// The grammar line by line (text_share.h's protocol), for the whole-file
// reader below and for a distributed load's byte ranges. No header.
class EdgeListGrammar {
public:
    // whole_file: reserve for the lines the file seems to hold, from its first
    // 64 KiB (a share reserves what its own range holds instead).
    EdgeListGrammar(InputFile &in, const BuildOptions &options, bool whole_file, bool weighted)
        : path_(in.path()), options_(options), weighted_(weighted) {
        // Shortest edge line: "0 0\n" (4 bytes), "0 0 0\n" (6).
        if (whole_file) reserve(reservable_edges(estimate_lines(in), in, weighted ? 6 : 4, options.max_edges));
    }

    bool in_header() const { return false; }

    static bool holds_entry(const char *begin) {
        while (is_blank(*begin)) ++begin;
        return *begin != '\n' && *begin != '#' && *begin != '%';
    }

    const char *line(const char *begin, uint64_t line) {
        LineFields fields(begin, path_, line);
        char first = fields.first_char();
        if (first == '\n' || first == '#' || first == '%') return fields.end_of_line();
        uint32_t u = fields.next_id0("source id");
        uint32_t v = fields.next_id0("destination id");
        float w = weighted_ ? fields.next_weight("weight") : 1.0f;
        fields.expect_end(weighted_ ? "" : " (a weight column? name the file .wel)");
        if (entries == options_.max_edges)
            fail(GG_ERROR_TOO_LARGE, "%s:%llu: more than %llu edges (max_edges)", path_.c_str(),
                 (unsigned long long)line, (unsigned long long)options_.max_edges);
        edges.src.push_back(u);
        edges.dst.push_back(v);
        if (weighted_) edges.weights.push_back(w);
        id_bound = std::max<uint64_t>(id_bound, uint64_t(std::max(u, v)) + 1);
        ++entries;
        return fields.end_of_line();
    }

    void reserve(uint64_t count) {
        edges.reserve(count, weighted_);
    }

    void at_end(uint64_t, uint64_t) const {}

    // n = largest id + 1 (ids are below 2^32 - 1, so it fits).
    uint32_t vertices(uint64_t bound, uint64_t entries_in_file) const {
        check_file_vertices(bound, entries_in_file, options_, path_);
        return uint32_t(bound);
    }
    bool weighted() const { return weighted_; }
    bool undirected() const { return options_.undirected; }

    uint64_t entries = 0;   // entry lines before this one, in the whole file
    uint64_t id_bound = 0;  // largest id + 1 read
    EdgeList edges;

private:
    const std::string &path_;
    const BuildOptions &options_;
    const bool weighted_;
};

}  // namespace

Graph read_edge_list(InputFile &in, bool weighted, const BuildOptions &options, const ProgressFn &progress) {
    return read_text_file<EdgeListGrammar>(in, options, progress, weighted);
}

std::unique_ptr<TextShare> open_edge_list_share(const std::string &path, bool weighted, uint32_t rank, uint32_t ranks,
                                                const BuildOptions &options) {
    return std::make_unique<TextShareOf<EdgeListGrammar>>(path, rank, ranks, options, weighted);
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
