// One process's share of a text graph file (.mtx, .el, .wel, .gr) in a
// distributed load (docs/distributed.md), read by byte ranges so that no
// process holds or parses the whole file.
//
// Every process reads the header (a .mtx banner and size line, a .gr problem
// line, with the comments before them; nothing for edge lists) from the
// start of the file. The bytes after it are cut into `ranks` equal ranges,
// each moved forward to the start of a line, so the ranges tile the entry
// lines and every process finds the same cuts. Two passes over the
// process's own range:
//   1. count(): its lines and its entry lines (what the format's line()
//      would take as an edge);
//   2. read(before): parse them with the whole-file reader's grammar, given
//      the lines and entries of the ranges before it (an exclusive prefix
//      sum over the processes, made by the caller), so every message names
//      the line of the whole file and every count check ("more entries than
//      declared", max_edges) fires at the same line as in a whole-file load;
// then finish(total, id_bound) runs the end-of-file checks with the whole
// file's counts and returns the share. The ranges in rank order are the
// file's order, so GG_DUPLICATES_KEEP_FIRST keeps the same copy.
//
// A grammar (MtxGrammar in mtx.cpp, EdgeListGrammar in edge_list.cpp,
// DimacsGrammar in dimacs.cpp) is a class with
//   Grammar(InputFile &, const BuildOptions &, bool whole_file[, extra])
//   bool in_header() const;                    // no entry may come yet
//   static bool holds_entry(const char *line); // after the header: line() takes it as an entry
//   const char *line(const char *begin, uint64_t number);  // any line; returns its '\n'
//   void reserve(uint64_t entries);
//   void at_end(uint64_t entries_in_file, uint64_t last_line) const;
//   uint32_t vertices(uint64_t id_bound, uint64_t entries_in_file) const;
//   bool weighted() const; bool undirected() const;
//   uint64_t entries;   // entries before the next line, counted over the whole file
//   uint64_t id_bound;  // largest id + 1 seen (formats whose n comes from the ids)
//   EdgeList edges;
// and the whole-file reader of its format (read_text_file below) runs the same
// class over every line.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "core/error.h"
#include "graph/builder.h"
#include "graph/edge_share.h"
#include "graph/graph.h"
#include "io/input_file.h"
#include "io/text_scan.h"

namespace gg::io {

// Lines and entry lines of some byte ranges.
struct TextLines {
    uint64_t lines = 0;
    uint64_t entries = 0;
};

class TextShare {
public:
    virtual ~TextShare() = default;
    virtual TextLines count() = 0;
    virtual void read(const TextLines &before) = 0;
    // The largest id + 1 this share holds; the caller takes the maximum over
    // the processes for finish().
    virtual uint64_t id_bound() const = 0;
    virtual EdgeShare finish(const TextLines &total, uint64_t id_bound) = 0;
    // [begin, end) of the file: this share's bytes.
    virtual uint64_t begin() const = 0;
    virtual uint64_t end() const = 0;
};

// The whole-file reader of a grammar: every line in order, then the
// end-of-file checks, then the graph built with the load rules.
template <class Grammar, class... Extra>
Graph read_text_file(InputFile &in, const BuildOptions &options, const ProgressFn &progress, Extra... extra) {
    Grammar grammar(in, options, true, extra...);
    uint64_t last_line = 0;
    for_each_line(in, progress, [&](const char *begin, uint64_t line) {
        last_line = line;
        return grammar.line(begin, line);
    });
    grammar.at_end(grammar.entries, last_line);
    grammar.edges.n = grammar.vertices(grammar.id_bound, grammar.entries);
    BuildOptions effective = options;
    effective.undirected = grammar.undirected();
    Graph g = build_graph(std::move(grammar.edges), effective);
    g.weighted = grammar.weighted();  // a weighted format with no entries is still weighted
    return g;
}

// Rank `rank`'s share of `ranks` of the text file `path` in `format`
// (GG_FORMAT_MTX, EDGELIST, WEL or DIMACS; the caller resolves AUTO). Reads
// the header: its faults fail here, on every process alike. The file must be
// a regular file (GG_ERROR_UNSUPPORTED for a pipe).
std::unique_ptr<TextShare> open_text_share(const std::string &path, gg_format format, uint32_t rank, uint32_t ranks,
                                           const BuildOptions &options);

// The first line start at or after byte `at` of the file, not before `floor`
// (itself a line start): `at` when at == floor or the byte before is '\n',
// else just past the next '\n' (the file's size when none follows).
uint64_t line_start_from(InputFile &in, uint64_t floor, uint64_t at);

template <class Grammar>
class TextShareOf final : public TextShare {
public:
    template <class... Extra>
    TextShareOf(const std::string &path, uint32_t rank, uint32_t ranks, const BuildOptions &options, Extra... extra)
        : in_(path), options_(options), grammar_(in_, options_, false, extra...) {
        if (ranks == 0 || rank >= ranks)
            fail(GG_ERROR_INVALID_ARGUMENT, "%s: share of rank %u of %u ranks; the rank must be below the ranks",
                 path.c_str(), rank, ranks);
        if (!in_.size_known())
            fail(GG_ERROR_UNSUPPORTED,
                 "%s: a distributed load reads byte ranges of a file, and this is not a regular file", path.c_str());
        const uint64_t size = in_.size();
        // Formats without a header (edge lists) read nothing here.
        const uint64_t header_end =
            !grammar_.in_header() ? 0
                                  : for_each_line_in_range(in_, 0, size, 1, [&](const char *begin, uint64_t line) {
                                        if (!grammar_.in_header()) return static_cast<const char *>(nullptr);
                                        header_lines_ = line;
                                        return grammar_.line(begin, line);
                                    });
        if (grammar_.in_header()) grammar_.at_end(0, header_lines_);  // the file ended inside the header
        const uint64_t body = size - header_end;
        auto cut = [&](uint32_t r) {
            if (r == ranks) return size;
            return line_start_from(in_, header_end, header_end + uint64_t((unsigned __int128)body * r / ranks));
        };
        begin_ = cut(rank);
        end_ = cut(rank + 1);
    }

    TextLines count() override {
        counted_ = TextLines{};
        for_each_line_in_range(in_, begin_, end_, 1, [&](const char *begin, uint64_t) {
            ++counted_.lines;
            if (Grammar::holds_entry(begin)) ++counted_.entries;
            return static_cast<const char *>(rawmemchr(begin, '\n'));
        });
        return counted_;
    }

    void read(const TextLines &before) override {
        grammar_.entries = before.entries;
        grammar_.reserve(counted_.entries);
        for_each_line_in_range(in_, begin_, end_, header_lines_ + before.lines + 1,
                               [&](const char *begin, uint64_t line) { return grammar_.line(begin, line); });
    }

    uint64_t id_bound() const override { return grammar_.id_bound; }

    EdgeShare finish(const TextLines &total, uint64_t id_bound) override {
        grammar_.at_end(total.entries, header_lines_ + total.lines);
        EdgeShare share;
        share.n = grammar_.vertices(id_bound, total.entries);
        share.total_edges = total.entries;
        share.undirected = grammar_.undirected();
        share.both_directions = false;
        share.weighted = grammar_.weighted();
        share.edges = std::move(grammar_.edges);
        share.edges.n = share.n;
        return share;
    }

    uint64_t begin() const override { return begin_; }
    uint64_t end() const override { return end_; }

private:
    InputFile in_;
    const BuildOptions options_;
    Grammar grammar_;
    uint64_t header_lines_ = 0, begin_ = 0, end_ = 0;
    TextLines counted_;
};

}  // namespace gg::io
