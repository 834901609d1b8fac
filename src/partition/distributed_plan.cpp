// Building a plan over a distributed graph (distributed_plan.h). Each
// process sends every edge of its rows to the processes of the parts that
// own its two ends; a process then holds, for each of its parts, every edge
// touching the part's owned vertices, which is all a depth-1 part needs.
// A depth-d part needs every edge touching a vertex within d - 1 hops of
// its owned ones: d - 1 more rounds, in each of which every process widens
// its set of wanted vertices by one hop (from the edges it holds), the sets
// are shared, and each edge of a process's rows goes to every process whose
// set it now touches and did not before (so no edge arrives twice). Each
// part is then built with the one-process code (plan.cpp's build_part) from
// the edges touching its own d - 1 hops. Links travel to the owner's
// process; replicas learn their global out-degrees (PageRank's) by one
// exchange over the links.
#include "partition/distributed_plan.h"

#include <algorithm>
#include <cstring>

#include "core/error.h"
#include "graph/distributed_step.h"
#include "core/timer.h"
#include "exchange/host_exchange.h"
#include "exchange/route.h"
#include "partition/metis_partition.h"

namespace gg {
namespace {

constexpr uint32_t kNotLocal = UINT32_MAX;

struct Edge {
    uint32_t from, to;
    float weight;
};

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

// The vertices within one more hop of `set` along the edges held (either direction).
std::vector<uint64_t> widened(const std::vector<uint64_t> &set, const std::vector<Edge> &edges) {
    std::vector<uint64_t> wider = set;
    for (const Edge &e : edges) {
        if (in_set(set.data(), e.from)) add_to_set(wider.data(), e.to);
        if (in_set(set.data(), e.to)) add_to_set(wider.data(), e.from);
    }
    return wider;
}

void append_received(const std::vector<Bytes> &incoming, std::vector<Edge> &received) {
    for (const Bytes &bytes : incoming) {
        size_t at = 0;
        const size_t first = received.size();
        received.resize(first + bytes.size() / sizeof(Edge));
        take(bytes, at, received.data() + first, received.size() - first);
    }
}

// Every edge touching a vertex within depth - 1 hops of this process's
// parts' owned vertices, each once (see the file comment).
std::vector<Edge> gather_part_edges(const DistributedGraph &g, const PartitionPlan &plan, uint32_t depth) {
    Communicator &c = *g.comm;
    const uint32_t ranks = c.size(), n = plan.n;
    // Each row edge, as route() hands it to send(process, edge).
    auto for_each_row_edge = [&](auto &&visit) {
        return route<Edge>(g.rows.n, ranks, [&](uint64_t v, auto send) {
            const uint32_t x = g.first_row + uint32_t(v);
            for (uint64_t e = g.rows.offsets[v]; e < g.rows.offsets[v + 1]; ++e)
                visit(Edge{x, g.rows.indices[e], g.rows.weights[e]}, send);
        });
    };
    std::vector<Edge> received;
    std::vector<Bytes> incoming;
    std::vector<Bytes> outgoing = for_each_row_edge([&](const Edge &edge, auto send) {
        const uint32_t rx = plan.rank_of(plan.owner[edge.from]), ry = plan.rank_of(plan.owner[edge.to]);
        send(rx, edge);
        if (ry != rx) send(ry, edge);
    });
    c.exchange(outgoing, incoming);
    append_received(incoming, received);
    if (depth == 1) return received;

    // Every process's wanted set before this round: its parts' owned vertices first.
    std::vector<std::vector<uint64_t>> before(ranks, empty_set(n));
    for (uint32_t v = 0; v < n; ++v) add_to_set(before[plan.rank_of(plan.owner[v])].data(), v);
    for (uint32_t round = 1; round < depth; ++round) {
        const std::vector<uint64_t> mine = widened(before[c.rank()], received);
        Bytes packed;
        put(packed, mine.data(), mine.size());
        const std::vector<Bytes> all = c.gather_all(packed);
        std::vector<std::vector<uint64_t>> now(ranks, empty_set(n));
        for (uint32_t r = 0; r < ranks; ++r) {
            size_t at = 0;
            take(all[r], at, now[r].data(), now[r].size());
        }
        outgoing = for_each_row_edge([&](const Edge &edge, auto send) {
            for (uint32_t r = 0; r < ranks; ++r) {
                const uint64_t *was = before[r].data(), *is = now[r].data();
                if (in_set(was, edge.from) || in_set(was, edge.to)) continue;  // sent in an earlier round
                if (in_set(is, edge.from) || in_set(is, edge.to)) send(r, edge);
            }
        });
        c.exchange(outgoing, incoming);
        append_received(incoming, received);
        before.swap(now);
    }
    return received;
}

}  // namespace

std::unique_ptr<PartitionPlan> build_distributed_plan(const DistributedGraph &g, std::vector<uint32_t> owner,
                                                      uint32_t k, uint32_t depth) {
    Communicator &c = *g.comm;
    const uint32_t ranks = c.size();
    auto plan = std::make_unique<PartitionPlan>();
    plan->graph_uid = g.header.uid();
    plan->comm = g.comm;
    plan->rank = c.rank();
    plan->ranks = ranks;
    const std::vector<std::vector<uint32_t>> owned = assign_owners(*plan, std::move(owner), k, depth);
    const uint32_t n = plan->n;
    std::vector<Edge> received = gather_part_edges(g, *plan, depth);

    std::vector<ReplicaLink> links;
    uint64_t cut = 0;
    on_every_process(c, [&] {
        std::vector<uint32_t> local_of(n, kNotLocal), src, dst;
        std::vector<float> weights;
        for (uint32_t p = plan->rank; p < k; p += ranks) {
            src.clear();
            dst.clear();
            weights.clear();
            // The part's vertices within depth - 1 hops; the edges touching them.
            std::vector<uint64_t> near = empty_set(n);
            for (uint32_t v : owned[p]) add_to_set(near.data(), v);
            for (uint32_t hop = 1; hop < depth; ++hop) near = widened(near, received);
            for (const Edge &edge : received)
                if (in_set(near.data(), edge.from) || in_set(near.data(), edge.to)) {
                    src.push_back(edge.from);
                    dst.push_back(edge.to);
                    weights.push_back(edge.weight);
                }
            // The rows are built already: keep every edge as it is (the builder only sorts).
            BuildOptions rules;
            rules.duplicates = GG_DUPLICATES_KEEP_ALL;
            Graph touching = build_graph(n, src.size(), src.data(), dst.data(),
                                         g.header.weighted ? weights.data() : nullptr, rules);
            touching.weighted = g.header.weighted;
            build_part(touching, p, owned[p], depth, *plan, local_of, plan->parts[p], links);
            // The cut pairs {u, v}, u < v, whose smaller end this part owns.
            std::vector<uint32_t> across;
            for (uint32_t u : owned[p]) {
                across.clear();
                const Csr *lists[2] = {&touching.out, &touching.in()};
                for (const Csr *list : lists)
                    for (uint64_t e = list->offsets[u]; e < list->offsets[u + 1]; ++e) {
                        const uint32_t v = list->indices[e];
                        if (v > u && plan->owner[v] != p) across.push_back(v);
                    }
                std::sort(across.begin(), across.end());
                cut += uint64_t(std::unique(across.begin(), across.end()) - across.begin());
            }
        }
    });
    std::vector<Edge>().swap(received);

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

    // Totals and every part's summary, on every process.
    uint64_t totals[3] = {0, 0, cut};
    Bytes mine;
    for (uint32_t p = plan->rank; p < k; p += ranks) {
        const PartitionPart &part = plan->parts[p];
        totals[0] += part.replicas();
        totals[1] += part.local.m();
        const PartSummary summary{part.owned, part.replicas(), part.neighbours, part.local.m()};
        put(mine, &summary, 1);
    }
    c.sum(totals, 3);
    plan->replicas = totals[0];
    plan->local_edges = totals[1];
    plan->edge_cut = totals[2];
    const std::vector<Bytes> all = c.gather_all(mine);
    plan->summary.resize(k);
    for (uint32_t r = 0; r < ranks; ++r) {
        size_t at = 0;
        for (uint32_t p = r; p < k; p += ranks) take(all[r], at, &plan->summary[p], 1);
    }
    return plan;
}

}  // namespace gg
