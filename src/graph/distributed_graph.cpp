// Building a distributed graph from the processes' shares
// (distributed_graph.h). Each input edge travels once (twice when an
// undirected edge is mirrored) to the process of its source's row range,
// with its position in the whole input, so that the builder there keeps
// the first copy by input order for GG_DUPLICATES_KEEP_FIRST exactly as a
// whole-graph build would.
#include "graph/distributed_graph.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/error.h"
#include "exchange/route.h"
#include "graph/distributed_step.h"

namespace gg {
namespace {

struct Record {
    uint32_t from, to;
    float weight;
    uint64_t order;  // 2 x the edge's position in the whole input (+1: the mirrored copy)
};

// The row range's process of vertex v: the r with first_row_of(r) <= v < first_row_of(r + 1).
uint32_t row_rank(uint32_t n, uint32_t ranks, uint32_t v) {
    uint32_t r = uint32_t((uint64_t(v) * ranks) / (n == 0 ? 1 : n));
    while (r + 1 < ranks && first_row_of(n, r + 1, ranks) <= v) ++r;
    while (r > 0 && first_row_of(n, r, ranks) > v) --r;
    return r;
}

// Checks a raw share with the builder's rules, naming the edge by its position in the whole input.
void check_share(const EdgeShare &share, uint64_t first) {
    const EdgeList &e = share.edges;
    for (uint64_t i = 0; i < e.size(); ++i) {
        if (e.src[i] >= share.n || e.dst[i] >= share.n)
            fail(GG_ERROR_INVALID_ARGUMENT, "edge %llu (%u -> %u): vertex id out of range for %u vertices",
                 (unsigned long long)(first + i), e.src[i], e.dst[i], share.n);
        if (e.weighted() && !std::isfinite(e.weights[i]))
            fail(GG_ERROR_INVALID_ARGUMENT, "edge %llu (%u -> %u): weight %g is not finite",
                 (unsigned long long)(first + i), e.src[i], e.dst[i], double(e.weights[i]));
    }
}

// What every process learns of the others' rows.
struct RowFacts {
    uint64_t edges = 0;
    uint32_t has_negative = 0, negative_from = 0, negative_to = 0;
    float negative_weight = 0, min_weight = 1, max_weight = 1;
    uint32_t integer_weights = 1, has_edges = 0;
};

}  // namespace

std::unique_ptr<DistributedGraph> make_distributed_graph(EdgeShare share, const BuildOptions &options,
                                                         std::shared_ptr<Communicator> comm) {
    Communicator &c = *comm;
    const uint32_t ranks = c.size(), me = c.rank();
    const uint32_t n = share.n;
    c.agree(format("%u vertices, %s, %s, %s, duplicates %d, %s self-loops", n,
                   share.undirected ? "undirected" : "directed", share.weighted ? "weighted" : "unweighted",
                   share.both_directions ? "built" : "raw", int(options.duplicates),
                   options.drop_self_loops ? "without" : "with"),
            "the graph's shape and load options");
    const bool raw = !share.both_directions;

    // Where this share starts in the whole input.
    uint64_t first = 0;
    {
        Bytes mine(sizeof(uint64_t));
        const uint64_t size = share.edges.size();
        std::memcpy(mine.data(), &size, sizeof size);
        const std::vector<Bytes> all = c.gather_all(mine);
        for (uint32_t r = 0; r < me; ++r) {
            uint64_t theirs = 0;
            std::memcpy(&theirs, all[r].data(), sizeof theirs);
            first += theirs;
        }
    }
    if (raw) on_every_process(c, [&] { check_share(share, first); });

    // Each edge to its source's process.
    std::vector<Bytes> outgoing, incoming;
    {
        const EdgeList &e = share.edges;
        const bool mirror = raw && share.undirected, drop_loops = raw && options.drop_self_loops;
        outgoing = route<Record>(e.size(), ranks, [&](uint64_t i, auto send) {
            const uint32_t u = e.src[i], v = e.dst[i];
            if (drop_loops && u == v) return;
            const float w = e.weighted() ? e.weights[i] : 1.0f;
            const uint64_t order = 2 * (first + i);
            send(row_rank(n, ranks, u), Record{u, v, w, order});
            if (mirror && u != v) send(row_rank(n, ranks, v), Record{v, u, w, order + 1});
        });
        share.edges = EdgeList();
    }
    c.exchange(outgoing, incoming);
    outgoing.clear();

    std::vector<Record> records;
    for (const Bytes &bytes : incoming) {
        const size_t count = bytes.size() / sizeof(Record);
        const size_t at = records.size();
        records.resize(at + count);
        if (count > 0) std::memcpy(records.data() + at, bytes.data(), count * sizeof(Record));
    }
    incoming.clear();
    // Only GG_DUPLICATES_KEEP_FIRST reads the input order: the builder sorts
    // each list by (target, weight) and merges equal targets, and with any
    // other policy copies that tie on both give the same result whatever
    // their order. Sorting hundreds of millions of records costs seconds.
    if (raw && options.duplicates == GG_DUPLICATES_KEEP_FIRST)
        std::sort(records.begin(), records.end(), [](const Record &a, const Record &b) { return a.order < b.order; });

    Csr rows;
    const uint32_t first_row = first_row_of(n, me, ranks), end_row = first_row_of(n, me + 1, ranks);
    on_every_process(c, [&] {
        std::vector<uint32_t> src(records.size()), dst(records.size());
        std::vector<float> weights(records.size());
#pragma omp parallel for schedule(static)
        for (int64_t i = 0; i < int64_t(records.size()); ++i) {
            src[i] = records[i].from;
            dst[i] = records[i].to;
            weights[i] = records[i].weight;
        }
        std::vector<Record>().swap(records);
        BuildOptions rules = options;
        rules.undirected = false;                 // mirrored above when raw; a .ggb holds both directions
        rules.drop_self_loops = false;            // dropped above
        if (!raw) rules.duplicates = GG_DUPLICATES_KEEP_ALL;  // a .ggb's rows are taken as built
        Graph built = build_graph(n, src.size(), src.data(), dst.data(), share.weighted ? weights.data() : nullptr,
                                  rules);
        rows.n = end_row - first_row;
        const uint64_t base = built.out.offsets[first_row], end = built.out.offsets[end_row];
        rows.offsets.resize(size_t(rows.n) + 1);
        for (uint32_t v = 0; v <= rows.n; ++v) rows.offsets[v] = built.out.offsets[first_row + v] - base;
        rows.indices.assign(built.out.indices.begin() + int64_t(base), built.out.indices.begin() + int64_t(end));
        rows.weights.assign(built.out.weights.begin() + int64_t(base), built.out.weights.begin() + int64_t(end));
    });
    return distributed_graph_from_rows(std::move(rows), n, share.undirected, share.weighted, std::move(comm));
}

std::unique_ptr<DistributedGraph> distributed_graph_from_rows(Csr built, uint32_t n, bool undirected, bool weighted,
                                                              std::shared_ptr<Communicator> comm) {
    Communicator &c = *comm;
    const uint32_t ranks = c.size(), me = c.rank();
    auto graph = std::make_unique<DistributedGraph>();
    graph->comm = comm;
    graph->first_row = first_row_of(n, me, ranks);
    graph->rows = std::move(built);
    if (graph->rows.n != first_row_of(n, me + 1, ranks) - graph->first_row)
        fail(GG_ERROR_INTERNAL, "process %u holds %u rows, not its range's %u", me, graph->rows.n,
             first_row_of(n, me + 1, ranks) - graph->first_row);

    // The whole graph's facts, from every process's rows.
    RowFacts facts;
    const Csr &rows = graph->rows;
    facts.edges = rows.indices.size();
    facts.has_edges = facts.edges > 0;
    if (facts.has_edges) {
        facts.min_weight = facts.max_weight = rows.weights[0];
        for (uint32_t v = 0; v < rows.n; ++v)
            for (uint64_t e = rows.offsets[v]; e < rows.offsets[v + 1]; ++e) {
                const float w = rows.weights[e];
                facts.min_weight = std::min(facts.min_weight, w);
                facts.max_weight = std::max(facts.max_weight, w);
                if (!(w == std::floor(w) && std::fabs(w) < 16777216.0f)) facts.integer_weights = 0;
                if (w < 0 && !facts.has_negative) {
                    facts.has_negative = 1;
                    facts.negative_from = graph->first_row + v;
                    facts.negative_to = rows.indices[e];
                    facts.negative_weight = w;
                }
            }
    }
    Bytes mine(sizeof facts);
    std::memcpy(mine.data(), &facts, sizeof facts);
    const std::vector<Bytes> all = c.gather_all(mine);
    Graph &header = graph->header;
    header.out.n = n;
    header.undirected = undirected;
    header.weighted = weighted;
    bool any_edge = false;
    for (const Bytes &bytes : all) {
        RowFacts theirs;
        std::memcpy(&theirs, bytes.data(), sizeof theirs);
        graph->stored_edges += theirs.edges;
        if (theirs.has_negative && !header.has_negative_weight) {
            header.has_negative_weight = true;
            graph->negative_from = theirs.negative_from;
            graph->negative_to = theirs.negative_to;
            graph->negative_weight = theirs.negative_weight;
        }
        if (!theirs.has_edges) continue;
        header.min_weight = any_edge ? std::min(header.min_weight, theirs.min_weight) : theirs.min_weight;
        header.max_weight = any_edge ? std::max(header.max_weight, theirs.max_weight) : theirs.max_weight;
        header.integer_weights = header.integer_weights && theirs.integer_weights;
        any_edge = true;
    }
    return graph;
}

}  // namespace gg
