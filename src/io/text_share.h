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

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

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

template <class Grammar, class... Extra>
Graph read_text_by_ranges(const std::string &path, uint32_t ranges, const BuildOptions &options,
                          const ProgressFn &progress, Extra... extra);

// How many ranges a whole-file load of `in` is read by, one per thread (1:
// the one scan). A regular file of at least GG_TEXT_SPLIT_BYTES (default 64
// MiB; a test hook, docs/building.md) is cut: below it one scan takes well
// under a second.
uint32_t text_ranges_for(InputFile &in);

// The whole-file reader of a grammar: every line in order, then the
// end-of-file checks, then the graph built with the load rules. Large
// regular files are read by ranges on the run's threads
// (read_text_by_ranges), with the same graph and the same messages.
template <class Grammar, class... Extra>
Graph read_text_file(InputFile &in, const BuildOptions &options, const ProgressFn &progress, Extra... extra) {
    if (const uint32_t ranges = text_ranges_for(in); ranges > 1)
        return read_text_by_ranges<Grammar>(in.path(), ranges, options, progress, extra...);
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

// Runs step(r) for r in [0, count) on the run's threads and returns the
// index of the first that threw (count when none did), its exception in
// `failure`.
template <class Step>
uint32_t each_range(uint32_t count, Step &&step, std::exception_ptr &failure) {
    std::vector<std::exception_ptr> thrown(count);
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t r = 0; r < int64_t(count); ++r) {
        try {
            step(uint32_t(r));
        } catch (...) {
            thrown[size_t(r)] = std::current_exception();
        }
    }
    for (uint32_t r = 0; r < count; ++r)
        if (thrown[r]) {
            failure = thrown[r];
            return r;
        }
    return count;
}

// A whole-file load by `ranges` byte ranges, read side by side: the file is
// cut as a distributed load cuts it among processes (TextShareOf: the
// header read by each, the body cut at line starts), each range's lines and
// entries counted, then each range parsed given the counts of the ranges
// before it, and the ranges' edges joined in file order. So the edges, and
// the graph built from them, are the whole-file reader's, and so is the
// message of a faulty file: a range's counts are known only when every
// range before it counted, so a fault found while counting (a line past 16
// MiB) is reported only if no range before it fails to parse, and of the
// ranges that fail to parse the first in the file is reported.
template <class Grammar, class... Extra>
Graph read_text_by_ranges(const std::string &path, uint32_t ranges, const BuildOptions &options,
                          const ProgressFn &progress, Extra... extra) {
    std::vector<std::unique_ptr<TextShareOf<Grammar>>> shares;
    for (uint32_t r = 0; r < ranges; ++r)
        shares.push_back(std::make_unique<TextShareOf<Grammar>>(path, r, ranges, options, extra...));
    std::vector<TextLines> counts(ranges), before(ranges);
    std::exception_ptr count_failure, read_failure;
    const uint32_t counted = each_range(ranges, [&](uint32_t r) { counts[r] = shares[r]->count(); }, count_failure);
    TextLines total;
    for (uint32_t r = 0; r < counted; ++r) {
        before[r] = total;
        total.lines += counts[r].lines;
        total.entries += counts[r].entries;
    }
    each_range(counted, [&](uint32_t r) { shares[r]->read(before[r]); }, read_failure);
    if (read_failure) std::rethrow_exception(read_failure);
    if (count_failure) std::rethrow_exception(count_failure);
    if (progress) progress(shares.back()->end(), shares.back()->end());
    uint64_t id_bound = 0;
    for (const auto &share : shares) id_bound = std::max(id_bound, share->id_bound());
    // The end-of-file checks, with the whole file's counts, as the
    // whole-file reader runs them once (every range's are the same).
    std::vector<EdgeShare> parts;
    for (auto &share : shares) parts.push_back(share->finish(total, id_bound));
    shares.clear();
    EdgeList edges;
    edges.n = parts[0].n;
    edges.reserve(total.entries, parts[0].weighted);
    for (EdgeShare &part : parts) {  // in file order, each freed once joined
        edges.src.insert(edges.src.end(), part.edges.src.begin(), part.edges.src.end());
        edges.dst.insert(edges.dst.end(), part.edges.dst.begin(), part.edges.dst.end());
        edges.weights.insert(edges.weights.end(), part.edges.weights.begin(), part.edges.weights.end());
        part.edges = EdgeList();
    }
    BuildOptions effective = options;
    effective.undirected = parts[0].undirected;
    Graph g = build_graph(std::move(edges), effective);
    g.weighted = parts[0].weighted;  // a weighted format with no entries is still weighted
    return g;
}

}  // namespace gg::io
