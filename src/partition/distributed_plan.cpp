// Building a plan over a distributed graph (distributed_plan.h). Each
// process needs every edge touching a vertex within depth - 1 hops of its
// parts' owned vertices (at depth 1, every edge touching an owned vertex:
// all a depth-1 part needs). The processes first agree on those wanted sets
// (each hop widens every set along every process's rows, joined by a
// bitwise or), then each sends every edge of its rows to every process
// wanting one of its ends: the rows' counts first, which give the receiver
// the offsets of the graph of its wanted edges over the global ids, then the
// edges in bounded rounds, copied straight to their place (8 bytes an edge:
// no edge records, no builder, no sort). Each part is then built with the
// one-process code (plan.cpp's build_part) from the edges touching its own
// d - 1 hops, its hops found by scanning those edges (HopSearch::scan), so
// that their in-edges are never built, and its share of the edge cut
// counted from them (count_edge_cut_of_part; the part built in place counts
// an undirected graph's as it renumbers, direct_part.h). The loops over rows and edges
// run on the process's threads. Links travel to the owner's process;
// replicas learn their global out-degrees (PageRank's) by one exchange over
// the links.
#include "partition/distributed_plan.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/huge_pages.h"
#include "core/parallel_scan.h"
#include "graph/distributed_step.h"
#include "core/timer.h"
#include "core/trace.h"
#include "exchange/host_exchange.h"
#include "partition/direct_part.h"
#include "partition/metis_partition.h"

namespace gg {
namespace {

constexpr uint32_t kNotLocal = UINT32_MAX;

template <class T>
void put(Bytes &out, const T *values, size_t count) {
    const size_t at = out.size();
    out.resize(at + count * sizeof(T));
    if (count > 0) std::memcpy(out.data() + at, values, count * sizeof(T));
}

template <class T>
void take(const Bytes &in, size_t &at, T *values, size_t count) {
    if (at + count * sizeof(T) > in.size()) fail(GG_ERROR_INTERNAL, "a distributed plan message is short");
    if (count > 0) std::memcpy(values, in.data() + at, count * sizeof(T));
    at += count * sizeof(T);
}

// take() on every thread, in chunks: a round's edges are first written
// into the graph's fresh pages here, and the page faults are the copy's cost.
template <class T>
void take_in_parallel(const Bytes &in, size_t &at, T *values, uint64_t count) {
    if (at + count * sizeof(T) > in.size()) fail(GG_ERROR_INTERNAL, "a distributed plan message is short");
    constexpr uint64_t kChunk = uint64_t(1) << 18;
    const unsigned char *from = in.data() + at;
#pragma omp parallel for schedule(static)
    for (int64_t chunk = 0; chunk < int64_t((count + kChunk - 1) / kChunk); ++chunk) {
        const uint64_t first = uint64_t(chunk) * kChunk, size = std::min(kChunk, count - first);
        std::memcpy(values + first, from + first * sizeof(T), size * sizeof(T));
    }
    at += count * sizeof(T);
}

uint64_t read_u64(const Bytes &bytes) {
    uint64_t value = 0;
    std::memcpy(&value, bytes.data(), sizeof value);
    return value;
}

// Every process's owners of its rows, concatenated: the owner of every vertex.
std::vector<uint32_t> gather_owners(const DistributedGraph &g, const std::vector<uint32_t> &mine) {
    Bytes bytes;
    put(bytes, mine.data(), mine.size());
    std::vector<uint32_t> owner;
    owner.reserve(g.n());
    for (const Bytes &theirs : g.comm->gather_all(bytes)) {
        const size_t at = owner.size();
        owner.resize(at + theirs.size() / sizeof(uint32_t));
        size_t read = 0;
        take(theirs, read, owner.data() + at, owner.size() - at);
    }
    if (owner.size() != g.n()) fail(GG_ERROR_INTERNAL, "gathered %zu owners for %u vertices", owner.size(), g.n());
    return owner;
}

std::vector<uint32_t> block_owners(const DistributedGraph &g, uint32_t k) {
    Communicator &c = *g.comm;
    const uint64_t units = g.rows.indices.size() + g.rows.n;
    Bytes bytes;
    put(bytes, &units, 1);
    const std::vector<Bytes> all = c.gather_all(bytes);
    double before = 0, total = 0;
    for (uint32_t r = 0; r < all.size(); ++r) {
        const double theirs = double(read_u64(all[r]));
        if (r < c.rank()) before += theirs;
        total += theirs;
    }
    std::vector<uint32_t> mine(g.rows.n);
    block_parts_of(g.rows.offsets.data(), g.rows.n, before, total, k, mine.data());
    return gather_owners(g, mine);
}

// Stored edges u -> v, u != v, whose ends lie in different parts, over
// every process's rows (each undirected pair counts twice, for both cuts alike).
uint64_t directed_cut(const DistributedGraph &g, const std::vector<uint32_t> &owner) {
    uint64_t cut = 0;
    for (uint32_t v = 0; v < g.rows.n; ++v) {
        const uint32_t u = g.first_row + v;
        for (uint64_t e = g.rows.offsets[v]; e < g.rows.offsets[v + 1]; ++e)
            cut += g.rows.indices[e] != u && owner[g.rows.indices[e]] != owner[u];
    }
    return g.comm->sum(cut);
}

// METIS on process 0, over the rows every process sends it.
std::vector<uint32_t> metis_owners(const DistributedGraph &g, uint32_t k, uint64_t seed) {
    Communicator &c = *g.comm;
    Bytes mine;
    for (uint32_t v = 0; v < g.rows.n; ++v)
        for (uint64_t e = g.rows.offsets[v]; e < g.rows.offsets[v + 1]; ++e) {
            const uint32_t pair[2] = {g.first_row + v, g.rows.indices[e]};
            put(mine, pair, 2);
        }
    // Only process 0 needs them: the others' entries of `outgoing` are empty.
    std::vector<Bytes> outgoing(c.size()), incoming;
    outgoing[0].swap(mine);
    c.exchange(outgoing, incoming);
    std::vector<uint32_t> owner(g.n(), 0);
    on_every_process(c, [&] {
        if (c.rank() != 0 || g.n() == 0) return;
        std::vector<uint32_t> src, dst;
        for (const Bytes &bytes : incoming)
            for (size_t at = 0; at < bytes.size();) {
                uint32_t pair[2];
                take(bytes, at, pair, 2);
                src.push_back(pair[0]);
                dst.push_back(pair[1]);
            }
        BuildOptions rules;
        rules.duplicates = GG_DUPLICATES_KEEP_ALL;
        const Graph whole = build_graph(g.n(), src.size(), src.data(), dst.data(), nullptr, rules);
        metis_partition(whole, k, owner.data(), int32_t(seed & 0x7fffffff), 30);
    });
    c.broadcast(owner.data(), owner.size() * sizeof(uint32_t), 0);
    return owner;
}

}  // namespace

PartAssignment assign_parts_distributed(const DistributedGraph &g, uint32_t k, gg_partitioner partitioner,
                                        const uint32_t *given, uint64_t seed) {
    const uint32_t n = g.n();
    PartAssignment assignment{std::vector<uint32_t>(n, 0), partitioner, ""};
    switch (partitioner) {
    case GG_PARTITIONER_RANDOM: random_parts(n, k, seed, assignment.parts.data()); break;
    case GG_PARTITIONER_BLOCK: assignment.parts = block_owners(g, k); break;
    case GG_PARTITIONER_METIS:
        if (!metis_available())
            fail(GG_ERROR_UNSUPPORTED, "the metis partitioner needs a build with METIS (libmetis-dev); "
                                       "use random or block");
        assignment.parts = metis_owners(g, k, seed);
        break;
    case GG_PARTITIONER_GIVEN: {
        uint64_t hash = 1469598103934665603ull;  // FNV-1a over the entries
        for (uint32_t v = 0; v < n; ++v) {
            if (given[v] >= k)
                fail(GG_ERROR_INVALID_ARGUMENT, "parts[%u] = %u is out of range: the plan has %u parts", v, given[v],
                     k);
            assignment.parts[v] = given[v];
            hash = (hash ^ given[v]) * 1099511628211ull;
        }
        g.comm->agree(format("an array of hash %016llx", (unsigned long long)hash), "gg_partition_plan_options.parts");
        break;
    }
    case GG_PARTITIONER_AUTO: {
        Stopwatch block_clock;
        std::vector<uint32_t> block = block_owners(g, k);
        const uint64_t block_cut = directed_cut(g, block);
        const double block_ms = block_clock.elapsed_ms();
        Stopwatch random_clock;
        random_parts(n, k, seed, assignment.parts.data());
        const uint64_t random_cut = directed_cut(g, assignment.parts);
        const std::string measured = describe_cut("block", block_cut / 2, block_ms) + ", " +
                                     describe_cut("random", random_cut / 2, random_clock.elapsed_ms());
        if (block_cut * 4 <= random_cut) {
            assignment.parts.swap(block);
            assignment.partitioner = GG_PARTITIONER_BLOCK;
            assignment.choice = "auto chose block: " + measured + "; block cuts at most a quarter of random's";
        } else {
            assignment.partitioner = GG_PARTITIONER_RANDOM;
            assignment.choice = "auto chose random: " + measured +
                                "; block cuts more than a quarter of random's (a distributed graph never runs "
                                "METIS by auto)";
        }
        break;
    }
    }
    return assignment;
}

namespace {

// Bitset words of n bits.
std::vector<uint64_t> empty_set(uint32_t n) { return std::vector<uint64_t>((uint64_t(n) + 63) / 64, 0); }
bool in_set(const uint64_t *set, uint32_t v) { return (set[v >> 6] >> (v & 63)) & 1; }
void add_to_set(uint64_t *set, uint32_t v) { set[v >> 6] |= uint64_t(1) << (v & 63); }

// The vertices within one more hop of `set` along the edges of `edges`
// (either direction), whose row u holds the edges of vertex first_row + u;
// rows in parallel, each bit set once by an atomic or.
std::vector<uint64_t> widened(const std::vector<uint64_t> &set, const Csr &edges, uint32_t first_row) {
    std::vector<uint64_t> wider = set;
    uint64_t *words = wider.data();
    auto add = [&](uint32_t v) {
        const uint64_t bit = uint64_t(1) << (v & 63);
        if (!(__atomic_load_n(&words[v >> 6], __ATOMIC_RELAXED) & bit))
            __atomic_fetch_or(&words[v >> 6], bit, __ATOMIC_RELAXED);
    };
#pragma omp parallel for schedule(dynamic, 4096)
    for (int64_t row = 0; row < int64_t(edges.n); ++row) {
        const uint32_t u = uint32_t(row), x = first_row + u;
        const bool from_set = in_set(set.data(), x);
        for (uint64_t e = edges.offsets[u]; e < edges.offsets[u + 1]; ++e) {
            const uint32_t y = edges.indices[e];
            if (from_set) add(y);
            if (in_set(set.data(), y)) add(x);
        }
    }
    return wider;
}

// For every process, the vertices whose edges its parts need: their owned
// vertices widened depth - 1 hops (each hop over every process's rows, the
// widenings joined by a bitwise or).
std::vector<std::vector<uint64_t>> wanted_sets(const DistributedGraph &g, const PartitionPlan &plan, uint32_t depth) {
    Communicator &c = *g.comm;
    const uint32_t ranks = c.size(), n = plan.n;
    std::vector<std::vector<uint64_t>> wanted(ranks, empty_set(n));
    // Word by word, each word's bits in every set written by one thread.
    const int64_t words = (int64_t(n) + 63) / 64;
#pragma omp parallel for schedule(static)
    for (int64_t w = 0; w < words; ++w)
        for (uint32_t v = uint32_t(w * 64); v < n && v < uint32_t(w * 64) + 64; ++v)
            add_to_set(wanted[plan.rank_of(plan.owner[v])].data(), v);
    for (uint32_t hop = 1; hop < depth; ++hop)
        for (std::vector<uint64_t> &set : wanted) {
            Bytes mine;
            const std::vector<uint64_t> wider = widened(set, g.rows, g.first_row);
            put(mine, wider.data(), wider.size());
            for (const Bytes &theirs : c.gather_all(mine)) {
                size_t at = 0;
                std::vector<uint64_t> words(set.size());
                take(theirs, at, words.data(), words.size());
                for (size_t w = 0; w < set.size(); ++w) set[w] |= words[w];
            }
        }
    return wanted;
}

// Whether the row edge x -> y goes to the process wanting `set`.
bool wanted_edge(const std::vector<uint64_t> &set, uint32_t x, uint32_t y) {
    return in_set(set.data(), x) || in_set(set.data(), y);
}

// At most this many edges of a process's rows go out in one exchange round
// (8 bytes each, to every process that wants them), so that the messages
// stay a bounded slice of the graph. GG_PLAN_ROUND_EDGES sets another
// (docs/building.md; the tests make rounds of a few edges).
uint64_t round_edges() {
    const char *value = std::getenv("GG_PLAN_ROUND_EDGES");
    if (value == nullptr) return uint64_t(1) << 24;
    char *end = nullptr;
    const unsigned long long edges = std::strtoull(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end != '\0' || edges == 0)
        fail(GG_ERROR_INVALID_ARGUMENT, "GG_PLAN_ROUND_EDGES is '%s'; it takes a positive count of edges", value);
    return edges;
}

// A round's message of rows range[0]..range[1] (after the range, at `at`:
// the rows' targets, then their weights, rows in id order), copied to rows
// that follow each other in `out` (no row order given). Returns its edges.
uint64_t place_block(const Bytes &in, size_t &at, const uint32_t range[2], uint32_t sender, Csr &out) {
    const uint64_t from = out.offsets[range[0]], count = out.offsets[range[1]] - from;
    if (in.size() != at + count * (sizeof(uint32_t) + sizeof(float)))
        fail(GG_ERROR_INTERNAL, "process %u sent %zu bytes for %llu edges of rows %u..%u", sender, in.size(),
             (unsigned long long)count, range[0], range[1]);
    take_in_parallel(in, at, out.indices.data() + from, count);
    take_in_parallel(in, at, out.weights.data() + from, count);
    return count;
}

// The same, each row to its own place, row position[v] of `out`.
uint64_t place_rows(const Bytes &in, size_t &at, const uint32_t range[2], uint32_t sender, const uint32_t *position,
                    Csr &out) {
    const uint32_t rows = range[1] - range[0];
    auto length = [&](uint64_t i) {
        const uint32_t row = position[range[0] + i];
        return out.offsets[row + 1] - out.offsets[row];
    };
    std::vector<uint64_t> starts(uint64_t(rows) + 1);
    fill_offsets(rows, length, starts.data());
    const uint64_t count = starts[rows];
    if (in.size() != at + count * (sizeof(uint32_t) + sizeof(float)))
        fail(GG_ERROR_INTERNAL, "process %u sent %zu bytes for %llu edges of rows %u..%u", sender, in.size(),
             (unsigned long long)count, range[0], range[1]);
    const unsigned char *targets = in.data() + at, *weights = targets + count * sizeof(uint32_t);
#pragma omp parallel for schedule(dynamic, 4096)
    for (int64_t i = 0; i < int64_t(rows); ++i) {
        const uint64_t to = out.offsets[position[range[0] + uint32_t(i)]], first = starts[size_t(i)];
        const uint64_t edges = starts[size_t(i) + 1] - first;
        if (edges == 0) continue;
        std::memcpy(out.indices.data() + to, targets + first * sizeof(uint32_t), edges * sizeof(uint32_t));
        std::memcpy(out.weights.data() + to, weights + first * sizeof(float), edges * sizeof(float));
    }
    at += count * (sizeof(uint32_t) + sizeof(float));
    return count;
}

// Every edge touching a vertex of this process's wanted set (see the file
// comment), as a graph over the global ids, built in place: first each
// process sends every process its rows' counts of the edges it wants,
// which give the graph's offsets; then, in rounds of at most round_edges()
// row edges, the edges themselves (targets, then weights), which the
// receiver copies to where the offsets say. A row's edges keep their order,
// so its list stays sorted. Vertex v's list is row v, or with `position`
// row position[v] (the in-place part's order, direct_part.h). With
// `release_rows`, each round's row edges go back to the system once packed
// (every process's message of them is written), and the rows are emptied
// at the end.
Graph gather_wanted_edges(DistributedGraph &g, const std::vector<std::vector<uint64_t>> &wanted,
                          const uint32_t *position, bool release_rows, BuildTrace &trace) {
    Communicator &c = *g.comm;
    const uint32_t ranks = c.size(), n = g.n(), rows = g.rows.n;
    const Csr &mine = g.rows;
    Graph touching;
    touching.weighted = g.header.weighted;
    // Every edge touching a wanted vertex is here, its reverse too where the
    // graph has it: a symmetric graph's wanted edges are symmetric.
    touching.undirected = g.header.undirected;
    Csr &out = touching.out;
    out.n = n;
    out.offsets.assign(uint64_t(n) + 1, 0);
    // kept[r][u]: the edges of row u that process r wants.
    std::vector<std::vector<uint32_t>> kept(ranks, std::vector<uint32_t>(rows));
    {
        std::vector<Bytes> outgoing(ranks), incoming;
        std::vector<uint32_t> counts;
        for (uint32_t r = 0; r < ranks; ++r) {
            uint32_t *count = kept[r].data();
#pragma omp parallel for schedule(dynamic, 4096)
            for (int64_t row = 0; row < int64_t(rows); ++row) {
                const uint32_t u = uint32_t(row);
                uint32_t wanted_here = 0;
                for (uint64_t e = mine.offsets[u]; e < mine.offsets[u + 1]; ++e)
                    wanted_here += wanted_edge(wanted[r], g.first_row + u, mine.indices[e]);
                count[u] = wanted_here;
            }
            put(outgoing[r], count, rows);
        }
        c.exchange(outgoing, incoming);
        for (uint32_t r = 0; r < ranks; ++r) {
            const uint32_t first = first_row_of(n, r, ranks), count = first_row_of(n, r + 1, ranks) - first;
            if (incoming[r].size() != uint64_t(count) * sizeof(uint32_t))
                fail(GG_ERROR_INTERNAL, "process %u sent counts of %zu bytes for %u rows", r, incoming[r].size(),
                     count);
            counts.resize(count);
            size_t at = 0;
            take(incoming[r], at, counts.data(), count);
            Bytes().swap(incoming[r]);
            // Each row's count at its own place (position is a permutation).
#pragma omp parallel for schedule(static)
            for (int64_t i = 0; i < int64_t(count); ++i)
                out.offsets[uint64_t(position ? position[first + uint32_t(i)] : first + uint32_t(i)) + 1] =
                    counts[size_t(i)];
        }
    }
    // The counts at offsets[v + 1] become the offsets, in place (fill_offsets
    // reads each count before it writes over it).
    fill_offsets(n, [&](uint64_t v) { return out.offsets[v + 1]; }, out.offsets.data());
    const uint64_t m = out.offsets[n];
    trace.phase("counts, offsets");
    resize_huge_for_overwrite(out.indices, m);
    resize_huge_for_overwrite(out.weights, m);

    // The rounds: every process cuts its rows into as many slices as the
    // process with the most row edges needs.
    const uint64_t per_round = round_edges();
    uint64_t slices = std::max<uint64_t>(1, (mine.num_edges() + per_round - 1) / per_round);
    c.max(&slices, 1);
    uint64_t placed = 0;
    uint32_t begin = 0;
    std::vector<uint64_t> row_start;  // where each row of the slice starts in a message's targets
    double packing_ms = 0, exchanging_ms = 0, placing_ms = 0;  // over the rounds, for the trace
    // The messages' buffers live across the rounds: fresh pages cost more
    // than the copies into them (a first touch ran at 0.8 GB/s a thread on
    // the development machine, a second at 9), and at weighted kron 29 over
    // four processes each process sends and receives about 60 GB of them.
    std::vector<Bytes> outgoing(ranks), incoming;
    for (uint64_t slice = 0; slice < slices; ++slice) {
        Stopwatch packing;
        for (Bytes &message : outgoing) message.clear();
        const uint64_t edge_end = mine.num_edges() * (slice + 1) / slices;
        const uint32_t end =
            slice + 1 == slices
                ? rows
                : uint32_t(std::lower_bound(mine.offsets.begin() + begin, mine.offsets.begin() + rows, edge_end) -
                           mine.offsets.begin());
        // Each message: the rows' range, the targets, the weights, written by the
        // rows in parallel at the places their counts give.
        for (uint32_t r = 0; r < ranks; ++r) {
            row_start.assign(size_t(end - begin) + 1, 0);
            for (uint32_t u = begin; u < end; ++u) row_start[u - begin + 1] = row_start[u - begin] + kept[r][u];
            const uint64_t count = row_start[end - begin];
            const uint32_t range[2] = {g.first_row + begin, g.first_row + end};
            put(outgoing[r], range, 2);
            outgoing[r].resize(outgoing[r].size() + count * (sizeof(uint32_t) + sizeof(float)));
            unsigned char *targets = outgoing[r].data() + sizeof range, *weights = targets + count * sizeof(uint32_t);
#pragma omp parallel for schedule(dynamic, 4096)
            for (int64_t row = begin; row < int64_t(end); ++row) {
                const uint32_t u = uint32_t(row);
                uint64_t slot = row_start[u - begin];
                for (uint64_t e = mine.offsets[u]; e < mine.offsets[u + 1]; ++e)
                    if (wanted_edge(wanted[r], g.first_row + u, mine.indices[e])) {
                        std::memcpy(targets + slot * sizeof(uint32_t), &mine.indices[e], sizeof(uint32_t));
                        std::memcpy(weights + slot * sizeof(float), &mine.weights[e], sizeof(float));
                        ++slot;
                    }
            }
        }
        if (release_rows) {
            const uint64_t first = mine.offsets[begin], count = mine.offsets[end] - first;
            release_pages(g.rows.indices.data() + first, count * sizeof(uint32_t));
            release_pages(g.rows.weights.data() + first, count * sizeof(float));
        }
        packing_ms += packing.elapsed_ms();
        Stopwatch exchanging;
        c.exchange(outgoing, incoming);
        exchanging_ms += exchanging.elapsed_ms();
        Stopwatch placing;
        for (uint32_t r = 0; r < ranks; ++r) {
            size_t at = 0;
            uint32_t range[2];
            take(incoming[r], at, range, 2);
            if (range[0] > range[1] || range[0] < first_row_of(n, r, ranks) || range[1] > first_row_of(n, r + 1, ranks))
                fail(GG_ERROR_INTERNAL, "process %u sent rows %u..%u, not its own", r, range[0], range[1]);
            const uint64_t count = position ? place_rows(incoming[r], at, range, r, position, out)
                                            : place_block(incoming[r], at, range, r, out);
            placed += count;
            if (placed > m) fail(GG_ERROR_INTERNAL, "more wanted edges arrived than counted");
        }
        placing_ms += placing.elapsed_ms();
        begin = end;
    }
    trace_line("distributed plan: the rounds packed their edges in %.1f ms, exchanged them in %.1f ms (waits for "
               "the other processes included) and placed them in %.1f ms",
               packing_ms, exchanging_ms, placing_ms);
    if (placed != m) fail(GG_ERROR_INTERNAL, "%llu of %llu wanted edges arrived", (unsigned long long)placed,
                          (unsigned long long)m);
    if (release_rows) g.rows = Csr();
    trace.phase(format("%llu wanted edges, in %llu rounds", (unsigned long long)m, (unsigned long long)slices).c_str());
    return touching;
}

// The edges of `touching` with an end in `near`, as a graph of their own.
Graph edges_touching(const Graph &touching, const std::vector<uint64_t> &near) {
    const Csr &from = touching.out;
    Graph kept;
    kept.weighted = touching.weighted;
    kept.undirected = touching.undirected;  // (as gather_wanted_edges says)
    Csr &out = kept.out;
    out.n = from.n;
    out.offsets.assign(uint64_t(from.n) + 1, 0);
    auto wanted = [&](uint32_t u, uint64_t e) { return in_set(near.data(), u) || in_set(near.data(), from.indices[e]); };
    fill_offsets(
        from.n,
        [&](uint64_t u) {
            uint64_t count = 0;
            for (uint64_t e = from.offsets[u]; e < from.offsets[u + 1]; ++e) count += wanted(uint32_t(u), e);
            return count;
        },
        out.offsets.data());
    resize_huge_for_overwrite(out.indices, out.offsets[from.n]);
    resize_huge_for_overwrite(out.weights, out.offsets[from.n]);
#pragma omp parallel for schedule(dynamic, 4096)
    for (int64_t row = 0; row < int64_t(from.n); ++row) {
        const uint32_t u = uint32_t(row);
        uint64_t at = out.offsets[u];
        for (uint64_t e = from.offsets[u]; e < from.offsets[u + 1]; ++e)
            if (wanted(u, e)) {
                out.indices[at] = from.indices[e];
                out.weights[at++] = from.weights[e];
            }
    }
    return kept;
}

}  // namespace

std::unique_ptr<PartitionPlan> build_distributed_plan(DistributedGraph &g, std::vector<uint32_t> owner, uint32_t k,
                                                      uint32_t depth, bool release_rows) {
    Communicator &c = *g.comm;
    const uint32_t ranks = c.size();
    auto plan = std::make_unique<PartitionPlan>();
    plan->graph_uid = g.header.uid();
    plan->comm = g.comm;
    plan->rank = c.rank();
    plan->ranks = ranks;
    BuildTrace trace(format("distributed plan of %u parts", k));
    const std::vector<std::vector<uint32_t>> owned = assign_owners(*plan, std::move(owner), k, depth);
    trace.phase("owners");
    const uint32_t n = plan->n;
    uint32_t parts_here = 0;
    for (uint32_t p = plan->rank; p < k; p += ranks) ++parts_here;
    // One part at depth 1 (one process per GPU, the usual run): its
    // gathered edges are its local edges, gathered in its local order and
    // made its local graph in place (direct_part.h).
    const bool in_place = parts_here == 1 && depth == 1;
    const std::vector<uint32_t> position = in_place ? direct_row_order(*plan, plan->rank) : std::vector<uint32_t>();
    const std::vector<std::vector<uint64_t>> wanted = wanted_sets(g, *plan, depth);
    trace.phase("row order, wanted sets");
    // From here the rows are no longer whole: a failure on the way leaves
    // a graph that must not make another plan.
    if (release_rows) g.edges_released = true;
    Graph touching = gather_wanted_edges(g, wanted, in_place ? position.data() : nullptr, release_rows, trace);

    std::vector<ReplicaLink> links;
    uint64_t cut = 0;
    on_every_process(c, [&] {
        if (in_place) {
            const uint32_t p = plan->rank;
            cut += build_direct_part(std::move(touching), position, p, owned[p], *plan, plan->parts[p], links);
            trace.phase(format("part %u built in place", p).c_str());
            return;
        }
        std::vector<uint32_t> local_of(n, kNotLocal);
        for (uint32_t p = plan->rank; p < k; p += ranks) {
            // The edges touching the part's vertices within depth - 1 hops:
            // all this process gathered when it holds one part.
            Graph edges;
            if (parts_here == 1) {
                edges = std::move(touching);
            } else {
                std::vector<uint64_t> near = empty_set(n);
                for (uint32_t v : owned[p]) add_to_set(near.data(), v);
                for (uint32_t hop = 1; hop < depth; ++hop) near = widened(near, touching.out, 0);
                edges = edges_touching(touching, near);
            }
            cut += count_edge_cut_of_part(edges, plan->owner.data(), p);
            trace.phase(format("part %u's edges and cut", p).c_str());
            build_part(edges, p, owned[p], depth, HopSearch::scan, *plan, local_of, plan->parts[p], links);
            trace.phase(format("part %u built", p).c_str());
        }
    });
    touching = Graph();

    // Both ends keep a link: a copy goes to the owner part's process when that is another.
    std::vector<Bytes> sent(ranks), arrived;
    for (ReplicaLink &link : links) {
        if (!plan->holds(link.owner_part)) {
            Bytes &out = sent[plan->rank_of(link.owner_part)];
            const uint32_t head[3] = {link.replica_part, link.owner_part, uint32_t(link.replica_local.size())};
            put(out, head, 3);
            put(out, link.replica_local.data(), link.replica_local.size());
            put(out, link.owner_local.data(), link.owner_local.size());
        }
        plan->links.push_back(std::move(link));
    }
    c.exchange(sent, arrived);
    for (const Bytes &bytes : arrived)
        for (size_t at = 0; at < bytes.size();) {
            uint32_t head[3];
            take(bytes, at, head, 3);
            ReplicaLink link{head[0], head[1], std::vector<uint32_t>(head[2]), std::vector<uint32_t>(head[2])};
            take(bytes, at, link.replica_local.data(), head[2]);
            take(bytes, at, link.owner_local.data(), head[2]);
            plan->links.push_back(std::move(link));
        }
    std::sort(plan->links.begin(), plan->links.end(), [](const ReplicaLink &a, const ReplicaLink &b) {
        return a.replica_part != b.replica_part ? a.replica_part < b.replica_part : a.owner_part < b.owner_part;
    });
    count_neighbours(*plan);

    // A replica's out-degree is its owner's: one exchange over the links.
    {
        PartValues<uint32_t> degree(*plan);
        for (uint32_t p = plan->rank; p < k; p += ranks) degree.value[p] = degree.synced[p] = plan->parts[p].out_degree;
        HostExchange exchange(*plan);
        exchange.to_replicas(degree, [](uint32_t &slot, uint32_t incoming) {
            slot = incoming;
            return false;
        }, /*everything=*/true);
        for (uint32_t p = plan->rank; p < k; p += ranks) plan->parts[p].out_degree.swap(degree.value[p]);
    }

    // Totals and every part's summary, on every process. The owned
    // vertices' out-degrees over every part must add up to the graph's
    // stored edges, which the runs take as m (their graph is a header
    // without edges; adding the degrees in every run cost a BFS over kron
    // 25 in two processes milliseconds).
    uint64_t totals[4] = {0, 0, cut, 0};
    Bytes mine;
    for (uint32_t p = plan->rank; p < k; p += ranks) {
        const PartitionPart &part = plan->parts[p];
        totals[0] += part.replicas();
        totals[1] += part.local.m();
        for (uint32_t l = 0; l < part.owned; ++l) totals[3] += part.out_degree[l];
        const PartSummary summary{part.owned, part.replicas(), part.neighbours, part.local.m()};
        put(mine, &summary, 1);
    }
    c.sum(totals, 4);
    plan->replicas = totals[0];
    plan->local_edges = totals[1];
    plan->edge_cut = totals[2];
    if (totals[3] != g.stored_edges)
        fail(GG_ERROR_INTERNAL, "the plan's parts hold %llu edges out of their owned vertices; the graph stores %llu",
             (unsigned long long)totals[3], (unsigned long long)g.stored_edges);
    plan->graph_edges = g.stored_edges;
    const std::vector<Bytes> all = c.gather_all(mine);
    plan->summary.resize(k);
    for (uint32_t r = 0; r < ranks; ++r) {
        size_t at = 0;
        for (uint32_t p = r; p < k; p += ranks) take(all[r], at, &plan->summary[p], 1);
    }
    trace.phase("links, replicas' degrees, totals");
    return plan;
}

}  // namespace gg
