// Building a partition plan (plan.h), with a scratch map of n entries from
// global to local ids. With at least as many parts as threads, the parts are
// built in parallel, each by one thread; with fewer (two parts for two GPUs,
// say), one after another, each with every thread: one thread building a
// part of a 259M-edge graph took 12 s while 30 other cores waited.
// Either way a part comes out the same.
#include "partition/plan.h"

#include <algorithm>
#include <numeric>

#include <omp.h>

#include "core/error.h"
#include "core/huge_pages.h"
#include "core/trace.h"
#include "cpu/primitives/atomics.h"
#include "cpu/primitives/parallel.h"
#include "partition/metis_partition.h"

namespace gg {
namespace {

constexpr uint32_t kNotLocal = UINT32_MAX;
// A vertex claimed by the hop being searched, before its local id is given.
constexpr uint32_t kClaimed = UINT32_MAX - 1;

// A loop of `items` inside one part's build takes a team when it is worth
// one and the build is not already one thread of a team building parts.
bool team_for(uint64_t items) { return cpu::worth_parallel(items) && !omp_in_parallel(); }

// The vertices of a part in local order, found by expanding hop by hop
// (edges in either direction) from the owned ones: level_end[h] is the end
// of hop h (level_end[0] = owned). Leaves local_of[v] = local id for them.
// Each hop visits the ends of the last hop's out- and in-edges, or (scan)
// every out-edge of g with an end in the last hop.
struct HopOrder {
    std::vector<uint32_t> ids;
    std::vector<uint32_t> level_end;
};

HopOrder order_by_hops(const Graph &g, const std::vector<uint32_t> &owned, uint32_t max_depth, HopSearch search,
                       std::vector<uint32_t> &local_of) {
    const Csr &out = g.out;
    const Csr *in = search == HopSearch::in_edges ? &g.in() : nullptr;
    HopOrder order;
    order.ids = owned;
    uint32_t *local = local_of.data();
    const int64_t owned_count = int64_t(owned.size());
#pragma omp parallel for schedule(static) if (team_for(owned.size()))
    for (int64_t i = 0; i < owned_count; ++i) local[owned[size_t(i)]] = uint32_t(i);
    order.level_end.push_back(uint32_t(order.ids.size()));
    uint32_t begin = 0;
    std::vector<uint32_t> found;
    for (uint32_t hop = 1; hop <= max_depth; ++hop) {
        const uint32_t end = uint32_t(order.ids.size());
        found.clear();
        // A neighbour not yet local is claimed once, by the first thread to
        // swap its slot (to kClaimed; its id is given after sorting, so the
        // ids do not depend on which thread claimed it).
        auto last_hop = [&](uint32_t v) {
            const uint32_t l = cpu::load_relaxed(local + v);
            return l >= begin && l < end;
        };
#pragma omp parallel if (team_for(search == HopSearch::scan ? out.n : end - begin))
        {
            std::vector<uint32_t> claimed;
            auto visit = [&](uint32_t v) {
                if (cpu::load_relaxed(local + v) == kNotLocal && cpu::compare_and_swap(local + v, kNotLocal, kClaimed))
                    claimed.push_back(v);
            };
            if (search == HopSearch::in_edges) {
#pragma omp for schedule(dynamic, 256) nowait
                for (int64_t i = begin; i < int64_t(end); ++i) {
                    const uint32_t u = order.ids[size_t(i)];
                    for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) visit(out.indices[e]);
                    for (uint64_t e = in->offsets[u]; e < in->offsets[u + 1]; ++e) visit(in->indices[e]);
                }
            } else {
#pragma omp for schedule(dynamic, 1024) nowait
                for (int64_t x = 0; x < int64_t(out.n); ++x) {
                    const uint32_t u = uint32_t(x);
                    const bool from_hop = last_hop(u);
                    for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
                        const uint32_t v = out.indices[e];
                        if (from_hop) visit(v);
                        if (last_hop(v)) visit(u);
                    }
                }
            }
#pragma omp critical(gg_plan_hop_claims)
            found.insert(found.end(), claimed.begin(), claimed.end());
        }
        std::sort(found.begin(), found.end());
        order.ids.insert(order.ids.end(), found.begin(), found.end());
        const int64_t count = int64_t(found.size());
#pragma omp parallel for schedule(static) if (team_for(found.size()))
        for (int64_t i = 0; i < count; ++i) local[found[size_t(i)]] = end + uint32_t(i);
        order.level_end.push_back(uint32_t(order.ids.size()));
        begin = end;
    }
    return order;
}

// Each part's owned vertices in id order, and each vertex's place among
// its part's. On every thread, each a contiguous range of ids: count per
// range and part, then each range writes its vertices at its counts'
// prefix. One thread appending 537 million ids (weighted kron 29) took
// seconds of a distributed plan's build while the others waited. With
// more parts than the counts can afford (a part per range and thread), one
// thread.
std::vector<std::vector<uint32_t>> owned_lists(const std::vector<uint32_t> &owner, uint32_t k,
                                               std::vector<uint32_t> &owner_local) {
    const uint64_t n = owner.size();
    std::vector<std::vector<uint32_t>> owned(k);
    owner_local.resize(n);
    const int threads = team_for(n) ? omp_get_max_threads() : 1;
    if (threads == 1 || uint64_t(k) * uint64_t(threads) > (uint64_t(1) << 22)) {
        for (uint32_t v = 0; v < n; ++v) {
            owner_local[v] = uint32_t(owned[owner[v]].size());
            owned[owner[v]].push_back(v);
        }
        return owned;
    }
    // count[t * k + p]: range t's vertices of part p, then where they start in owned[p].
    std::vector<uint32_t> count(size_t(threads) * k, 0);
    auto range = [&](int t) { return std::pair<uint64_t, uint64_t>(n * uint64_t(t) / threads, n * uint64_t(t + 1) / threads); };
#pragma omp parallel for schedule(static, 1) num_threads(threads)
    for (int t = 0; t < threads; ++t) {
        uint32_t *mine = count.data() + size_t(t) * k;
        const auto [begin, end] = range(t);
        for (uint64_t v = begin; v < end; ++v) ++mine[owner[v]];
    }
    for (uint32_t p = 0; p < k; ++p) {
        uint32_t total = 0;
        for (int t = 0; t < threads; ++t) {
            const uint32_t here = count[size_t(t) * k + p];
            count[size_t(t) * k + p] = total;
            total += here;
        }
        owned[p].resize(total);
    }
#pragma omp parallel for schedule(static, 1) num_threads(threads)
    for (int t = 0; t < threads; ++t) {
        uint32_t *next = count.data() + size_t(t) * k;
        const auto [begin, end] = range(t);
        for (uint64_t v = begin; v < end; ++v) {
            const uint32_t p = owner[v], at = next[p]++;
            owner_local[v] = at;
            owned[p][at] = uint32_t(v);
        }
    }
    return owned;
}

// The local graph of one part: every edge with a computed end whose other
// end is local. Two passes over the part's out-edges: count each vertex's
// kept edges, then write them where the counts say, each vertex's list
// sorted by local target (stably: parallel edges keep the graph's order).
void build_local_graph(const Graph &g, const HopOrder &order, uint32_t computed,
                       const std::vector<uint32_t> &local_of, PartitionPart &part, BuildTrace &trace) {
    const Csr &out = g.out;
    const uint32_t size = uint32_t(order.ids.size());
    Csr &local = part.local.out;
    local.n = size;
    local.offsets.assign(size_t(size) + 1, 0);
    auto kept = [&](uint32_t u, uint32_t v) { return v != kNotLocal && !(u >= computed && v >= computed); };
#pragma omp parallel for schedule(dynamic, 1024) if (team_for(size))
    for (int64_t i = 0; i < int64_t(size); ++i) {
        const uint32_t u = uint32_t(i), global = order.ids[u];
        uint64_t count = 0;
        for (uint64_t e = out.offsets[global]; e < out.offsets[global + 1]; ++e)
            count += kept(u, local_of[out.indices[e]]);
        local.offsets[u + 1] = count;
    }
    for (uint32_t u = 0; u < size; ++u) local.offsets[u + 1] += local.offsets[u];
    trace.phase("local edge counts");
    // Every entry is written by the lists below, whose threads first-touch the pages.
    resize_huge_for_overwrite(local.indices, local.offsets[size]);
    resize_huge_for_overwrite(local.weights, local.offsets[size]);
    trace.phase("local edge arrays");
#pragma omp parallel if (team_for(size))
    {
        std::vector<std::pair<uint32_t, float>> edges;
#pragma omp for schedule(dynamic, 1024)
        for (int64_t i = 0; i < int64_t(size); ++i) {
            const uint32_t u = uint32_t(i), global = order.ids[u];
            edges.clear();
            for (uint64_t e = out.offsets[global]; e < out.offsets[global + 1]; ++e) {
                const uint32_t v = local_of[out.indices[e]];
                if (kept(u, v)) edges.emplace_back(v, out.weights[e]);
            }
            std::stable_sort(edges.begin(), edges.end(),
                             [](const auto &a, const auto &b) { return a.first < b.first; });
            uint64_t at = local.offsets[u];
            for (const auto &[v, w] : edges) {
                local.indices[at] = v;
                local.weights[at++] = w;
            }
        }
    }
    trace.phase("local lists");
    part.out_degree.resize(size);
#pragma omp parallel for schedule(static) if (team_for(size))
    for (int64_t i = 0; i < int64_t(size); ++i) part.out_degree[size_t(i)] = g.out.degree(order.ids[size_t(i)]);
    finish_part(part, order.ids, g.weighted, g.undirected);
}

}  // namespace

void finish_part(PartitionPart &part, std::vector<uint32_t> global_ids, bool weighted, bool undirected) {
    part.local.weighted = weighted;
    // Symmetric when the graph is: an edge is kept by a rule symmetric in its
    // ends (both local, one computed), so its reverse, stored in the other
    // end's list, is kept too. The part's in-edges are then its out-edges
    // (Graph::in()), and the pulls build no transpose: on kron 27 one part's
    // took 7 to 17 s and as many bytes as its edges.
    part.local.undirected = undirected;
    compute_weight_facts(part.local);
    part.global_ids = std::move(global_ids);
}

void link_replicas(uint32_t p, const PartitionPart &part, const PartitionPlan &plan, std::vector<ReplicaLink> &links) {
    std::vector<int64_t> link_of(plan.num_parts(), -1);
    const size_t first_link = links.size();
    for (uint32_t l = part.owned; l < part.size(); ++l) {
        const uint32_t global = part.global_ids[l];
        const uint32_t q = plan.owner[global];
        if (link_of[q] < 0) {
            link_of[q] = int64_t(links.size());
            links.push_back(ReplicaLink{p, q, {}, {}});
        }
        ReplicaLink &link = links[size_t(link_of[q])];
        link.replica_local.push_back(l);
        link.owner_local.push_back(plan.owner_local[global]);
    }
    std::sort(links.begin() + int64_t(first_link), links.end(),
              [](const ReplicaLink &a, const ReplicaLink &b) { return a.owner_part < b.owner_part; });
}

void build_part(const Graph &g, uint32_t p, const std::vector<uint32_t> &owned, uint32_t depth, HopSearch search,
                const PartitionPlan &plan, std::vector<uint32_t> &local_of, PartitionPart &part,
                std::vector<ReplicaLink> &links) {
    BuildTrace trace(format("plan part %u", p));
    const HopOrder order = order_by_hops(g, owned, depth, search, local_of);
    trace.phase("vertices by hops");
    part.owned = order.level_end[0];
    part.computed = order.level_end[depth - 1];
    build_local_graph(g, order, part.computed, local_of, part, trace);
    trace.phase("weight facts, degrees");
    link_replicas(p, part, plan, links);
    const int64_t size = int64_t(order.ids.size());
#pragma omp parallel for schedule(static) if (team_for(order.ids.size()))
    for (int64_t i = 0; i < size; ++i) local_of[order.ids[size_t(i)]] = kNotLocal;
    trace.phase("links");
}

std::vector<std::vector<uint32_t>> assign_owners(PartitionPlan &plan, std::vector<uint32_t> owner, uint32_t k,
                                                 uint32_t depth) {
    if (k == 0) fail(GG_ERROR_INVALID_ARGUMENT, "a plan needs at least one part");
    if (depth == 0 || depth > kMaxReplicationDepth)
        fail(GG_ERROR_INVALID_ARGUMENT, "replication depth %u is out of range 1..%u", depth, kMaxReplicationDepth);
    plan.n = uint32_t(owner.size());
    plan.depth = depth;
    plan.owner = std::move(owner);
    plan.parts.resize(k);
    return owned_lists(plan.owner, k, plan.owner_local);
}

std::unique_ptr<PartitionPlan> build_partition_plan(const Graph &g, std::vector<uint32_t> owner, uint32_t k,
                                                    uint32_t depth) {
    BuildTrace trace(format("plan of %u parts", k));
    auto plan = std::make_unique<PartitionPlan>();
    plan->graph_uid = g.uid();
    plan->graph_edges = g.m();
    const std::vector<std::vector<uint32_t>> owned = assign_owners(*plan, std::move(owner), k, depth);
    trace.phase("owners");
    g.in();  // built once here, not raced for by the threads below
    trace.phase("in-edges");

    std::vector<std::vector<ReplicaLink>> links_of(k);
    if (int64_t(k) >= omp_get_max_threads()) {
#pragma omp parallel
        {
            std::vector<uint32_t> local_of(g.n(), kNotLocal);
#pragma omp for schedule(dynamic, 1)
            for (int64_t p = 0; p < int64_t(k); ++p)
                build_part(g, uint32_t(p), owned[size_t(p)], depth, HopSearch::in_edges, *plan, local_of,
                           plan->parts[size_t(p)], links_of[size_t(p)]);
        }
    } else {
        std::vector<uint32_t> local_of(g.n(), kNotLocal);
        for (uint32_t p = 0; p < k; ++p)
            build_part(g, p, owned[p], depth, HopSearch::in_edges, *plan, local_of, plan->parts[p], links_of[p]);
    }
    trace.phase("parts");
    for (auto &links : links_of)
        for (ReplicaLink &link : links) plan->links.push_back(std::move(link));
    count_neighbours(*plan);
    for (uint32_t p = 0; p < k; ++p) {
        plan->replicas += plan->parts[p].replicas();
        plan->local_edges += plan->parts[p].local.m();
    }
    plan->edge_cut = g.n() > 0 ? count_edge_cut(g, plan->owner.data()) : 0;
    summarise_parts(*plan);
    trace.phase("edge cut and summary");
    return plan;
}

void count_neighbours(PartitionPlan &plan) {
    const uint32_t k = plan.num_parts();
    std::vector<std::vector<bool>> shares(k, std::vector<bool>(k, false));
    for (const ReplicaLink &link : plan.links)
        shares[link.replica_part][link.owner_part] = shares[link.owner_part][link.replica_part] = true;
    for (uint32_t p = 0; p < k; ++p)
        if (plan.holds(p)) plan.parts[p].neighbours = uint32_t(std::count(shares[p].begin(), shares[p].end(), true));
}

std::vector<uint8_t> owned_boundary(const PartitionPlan &plan, uint32_t p) {
    std::vector<uint8_t> boundary(plan.parts[p].size(), 0);
    for (const ReplicaLink &link : plan.links)
        if (link.owner_part == p)
            for (uint32_t local : link.owner_local) boundary[local] = 1;
    return boundary;
}

void summarise_parts(PartitionPlan &plan) {
    plan.summary.resize(plan.num_parts());
    for (uint32_t p = 0; p < plan.num_parts(); ++p) {
        const PartitionPart &part = plan.parts[p];
        plan.summary[p] = PartSummary{part.owned, part.replicas(), part.neighbours, part.local.m()};
    }
}

std::vector<DepthCost> measure_depths(const Graph &g, const std::vector<uint32_t> &owner, uint32_t k,
                                      uint32_t max_depth) {
    std::vector<uint32_t> owner_local;
    const std::vector<std::vector<uint32_t>> owned = owned_lists(owner, k, owner_local);
    std::vector<DepthCost> costs(max_depth);
    g.in();
    std::vector<uint32_t> local_of(g.n(), kNotLocal);
    for (uint32_t p = 0; p < k; ++p) {
        const HopOrder order = order_by_hops(g, owned[p], max_depth, HopSearch::in_edges, local_of);
        auto hop_of = [&](uint32_t local) {
            return uint32_t(std::upper_bound(order.level_end.begin(), order.level_end.end(), local) -
                            order.level_end.begin());
        };
        // An edge u -> v with hops hu <= hv belongs to depths max(hv, hu + 1) and up.
        std::vector<uint64_t> edges_from(size_t(max_depth) + 2, 0);
        for (uint32_t u = 0; u < order.ids.size(); ++u) {
            const uint32_t hu = hop_of(u), global = order.ids[u];
            for (uint64_t e = g.out.offsets[global]; e < g.out.offsets[global + 1]; ++e) {
                const uint32_t v = local_of[g.out.indices[e]];
                if (v == kNotLocal) continue;
                const uint32_t hv = hop_of(v);
                const uint32_t first = std::max(std::max(hu, hv), std::min(hu, hv) + 1);
                edges_from[std::min<uint32_t>(first, max_depth + 1)]++;
            }
        }
        uint64_t edges = 0;
        for (uint32_t d = 1; d <= max_depth; ++d) {
            edges += edges_from[d];
            costs[d - 1].local_edges += edges;
            costs[d - 1].replicas += order.level_end[d] - order.level_end[0];
        }
        for (uint32_t id : order.ids) local_of[id] = kNotLocal;
    }
    return costs;
}

}  // namespace gg
