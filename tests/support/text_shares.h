// A distributed text load played by one process (C++ tests and fuzzers):
// the shares of `ranks` processes of a text file (src/io/text_share.h),
// taken through the phases api/distributed_graphs.cpp runs them in, with
// the lowest failing rank's error as the call's (on_every_process), then
// built into the graph the processes hold together. What it returns must be
// what load_graph returns for the whole file: the same graph, or the same
// status and message.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "graph/builder.h"
#include "graph/graph.h"
#include "io/io.h"
#include "io/text_share.h"

namespace gg_test {

struct TextLoad {
    bool failed = false;
    gg_status status = GG_OK;
    std::string message;
    gg::Graph graph;                                       // when it did not fail
    std::vector<std::pair<uint64_t, uint64_t>> ranges;     // each rank's bytes
};

// Runs step(r) for r = 0..ranks-1, stopping at the first failure, which
// becomes the load's. True when none failed.
template <class Step>
bool every_rank(TextLoad &load, uint32_t ranks, Step &&step) {
    for (uint32_t r = 0; r < ranks; ++r) {
        try {
            step(r);
        } catch (const gg::Error &e) {
            load.failed = true;
            load.status = e.status();
            load.message = e.what();
            return false;
        }
    }
    return true;
}

inline TextLoad load_text_in_shares(const std::string &path, gg_format format, uint32_t ranks,
                                    const gg::BuildOptions &options) {
    TextLoad load;
    std::vector<std::unique_ptr<gg::io::TextShare>> readers(ranks);
    std::vector<gg::io::TextLines> counts(ranks);
    if (!every_rank(load, ranks, [&](uint32_t r) {
            readers[r] = gg::io::open_text_share(path, format, r, ranks, options);
            counts[r] = readers[r]->count();
        }))
        return load;
    gg::io::TextLines total;
    std::vector<gg::io::TextLines> before(ranks);
    uint64_t id_bound = 0;
    for (uint32_t r = 0; r < ranks; ++r) {
        before[r] = total;
        total.lines += counts[r].lines;
        total.entries += counts[r].entries;
        load.ranges.emplace_back(readers[r]->begin(), readers[r]->end());
    }
    if (!every_rank(load, ranks, [&](uint32_t r) { readers[r]->read(before[r]); })) return load;
    for (uint32_t r = 0; r < ranks; ++r) id_bound = std::max(id_bound, readers[r]->id_bound());
    std::vector<gg::EdgeShare> shares(ranks);
    if (!every_rank(load, ranks, [&](uint32_t r) { shares[r] = readers[r]->finish(total, id_bound); })) return load;

    // The shares in rank order are the file's entries in order.
    gg::EdgeList all;
    all.n = shares[0].n;
    for (gg::EdgeShare &s : shares) {
        all.src.insert(all.src.end(), s.edges.src.begin(), s.edges.src.end());
        all.dst.insert(all.dst.end(), s.edges.dst.begin(), s.edges.dst.end());
        all.weights.insert(all.weights.end(), s.edges.weights.begin(), s.edges.weights.end());
    }
    gg::BuildOptions build = options;
    build.undirected = shares[0].undirected;
    try {
        load.graph = gg::build_graph(std::move(all), build);
        load.graph.weighted = shares[0].weighted;
    } catch (const gg::Error &e) {
        load.failed = true;
        load.status = e.status();
        load.message = e.what();
    }
    return load;
}

// Empty when the two graphs are the same (n, flags, CSR with weights), else what differs.
inline std::string graph_difference(const gg::Graph &a, const gg::Graph &b) {
    if (a.n() != b.n()) return "vertex counts differ";
    if (a.m() != b.m()) return "edge counts differ";
    if (a.undirected != b.undirected) return "one is undirected, the other not";
    if (a.weighted != b.weighted) return "one is weighted, the other not";
    for (uint32_t v = 0; v <= a.n(); ++v)
        if (a.out.offsets[v] != b.out.offsets[v]) return "CSR offsets differ at vertex " + std::to_string(v);
    for (uint64_t e = 0; e < a.m(); ++e) {
        if (a.out.indices[e] != b.out.indices[e]) return "CSR targets differ at edge " + std::to_string(e);
        if (a.weighted && a.out.weights[e] != b.out.weights[e])
            return "CSR weights differ at edge " + std::to_string(e);
    }
    return "";
}

// The whole-file load (load_graph), as a TextLoad.
inline TextLoad load_text_whole(const std::string &path, gg_format format, const gg::BuildOptions &options) {
    TextLoad load;
    try {
        load.graph = gg::load_graph(path, format, options);
    } catch (const gg::Error &e) {
        load.failed = true;
        load.status = e.status();
        load.message = e.what();
    }
    return load;
}

// Empty when two loads agree (the same status and message, or the same graph), else what differs.
inline std::string load_difference(const TextLoad &shares, const TextLoad &whole) {
    if (shares.failed != whole.failed || shares.status != whole.status || shares.message != whole.message)
        return "the shares give status " + std::to_string(int(shares.status)) + " '" + shares.message +
               "', the whole file " + std::to_string(int(whole.status)) + " '" + whole.message + "'";
    if (whole.failed) return "";
    const std::string difference = graph_difference(shares.graph, whole.graph);
    return difference.empty() ? "" : "the shares' graph differs: " + difference;
}

}  // namespace gg_test
