// A distributed plan's only part of a process, built in place from the
// edges it gathered (direct_part.h says when and why). Medusa's replicas
// (002 §4.3) at depth 1: the part computes its owned vertices and keeps a
// replica of every vertex one of their edges reaches, either direction.
#include "partition/direct_part.h"

#include <algorithm>

#include "core/error.h"
#include "core/parallel_scan.h"
#include "core/trace.h"
#include "cpu/primitives/atomics.h"
#include "partition/metis_partition.h"

namespace gg {
namespace {

constexpr uint32_t kNotLocal = UINT32_MAX;
constexpr uint32_t kClaimed = UINT32_MAX - 1;  // a replica, before its local id is given

}  // namespace

std::vector<uint32_t> direct_row_order(const PartitionPlan &plan, uint32_t p) {
    const uint32_t n = plan.n;
    std::vector<uint32_t> position(n);
    uint32_t owned = 0;
#pragma omp parallel for schedule(static) reduction(+ : owned)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        const bool mine = plan.owner[size_t(v)] == p;
        if (mine) position[size_t(v)] = plan.owner_local[size_t(v)];
        owned += mine;
    }
    std::vector<uint32_t> others;
    append_where(n, [&](uint64_t v) { return plan.owner[v] != p; }, others);
    const int64_t count = int64_t(others.size());
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < count; ++i) position[others[size_t(i)]] = owned + uint32_t(i);
    return position;
}

uint64_t build_direct_part(Graph &&gathered, const std::vector<uint32_t> &position, uint32_t p,
                           const std::vector<uint32_t> &owned, const PartitionPlan &plan, PartitionPart &part,
                           std::vector<ReplicaLink> &links) {
    BuildTrace trace(format("plan part %u, in place", p));
    Csr &rows = gathered.out;
    const uint32_t n = plan.n, owned_count = uint32_t(owned.size());
    const bool undirected = gathered.undirected;
    // A directed graph's share of the cut needs its reverse edges
    // (edge_cut.cpp's binary searches), counted before the targets change;
    // an undirected graph's is counted as they change, below.
    uint64_t cut = undirected ? 0 : count_edge_cut_of_part(rows, position.data(), n, false, plan.owner.data(), p);
    std::vector<uint32_t> local_of(n, kNotLocal);
    uint32_t *local = local_of.data();
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < int64_t(owned_count); ++i) local[owned[size_t(i)]] = uint32_t(i);

    // The replicas: the ends of the owned vertices' edges outside the part,
    // and every other vertex with a gathered row (each of its edges reaches
    // an owned vertex, or it would not have been gathered). In an
    // undirected graph the first are among the second (the edge back to
    // the owned vertex was gathered), so only the rows are looked at: no
    // pass over the owned vertices' edges, which at weighted kron 29 over
    // two processes read 8.5 billion entries of `local` at random a process.
    auto claim = [&](uint32_t v) {
        if (cpu::load_relaxed(local + v) == kNotLocal) cpu::compare_and_swap(local + v, kNotLocal, kClaimed);
    };
#pragma omp parallel for schedule(dynamic, 4096)
    for (int64_t vertex = 0; vertex < int64_t(n); ++vertex) {
        const uint32_t v = uint32_t(vertex), row = position[v];
        const uint64_t begin = rows.offsets[row], end = rows.offsets[row + 1];
        if (row < owned_count) {
            if (!undirected)
                for (uint64_t e = begin; e < end; ++e) claim(rows.indices[e]);
        } else if (begin != end) {
            claim(v);
        }
    }
    std::vector<uint32_t> ids(owned);
    append_where(n, [&](uint64_t v) { return local[v] == kClaimed; }, ids);  // the replicas, in id order
    const int64_t size_ids = int64_t(ids.size());
#pragma omp parallel for schedule(static)
    for (int64_t l = owned_count; l < size_ids; ++l) local[ids[size_t(l)]] = uint32_t(l);
    trace.phase("vertices by hops");

    // The local rows are the gathered rows of the local vertices, in the
    // same order: the rows between them are empty (a vertex with a row is
    // local). Their targets become local ids; owned ones first keeps each
    // list sorted, since both kinds' local ids follow their global ids.
    const uint32_t size = uint32_t(ids.size());
    Csr local_graph;
    local_graph.n = size;
    local_graph.offsets.resize(size_t(size) + 1);
    part.out_degree.resize(size);
    uint64_t misplaced = 0, undirected_cut = 0;
#pragma omp parallel reduction(+ : misplaced, undirected_cut)
    {
        std::vector<std::pair<uint32_t, float>> outward;
#pragma omp for schedule(dynamic, 1024)
        for (int64_t i = 0; i < int64_t(size); ++i) {
            const uint32_t u = ids[size_t(i)], row = position[u];
            const uint64_t begin = rows.offsets[row], end = rows.offsets[row + 1];
            local_graph.offsets[size_t(i)] = begin;
            part.out_degree[size_t(i)] = uint32_t(end - begin);
            const uint32_t next = uint32_t(i) + 1 < size ? position[ids[size_t(i) + 1]] : n;
            misplaced += rows.offsets[next] != end;  // a non-local row between two local ones holds edges
            outward.clear();
            uint64_t at = begin;
            // The part's share of an undirected cut (edge_cut.cpp): pairs
            // {u, v}, u owned here, v owned elsewhere, u < v, repeated
            // neighbours once. Only owned rows hold such pairs' smaller ends.
            const bool counting = undirected && uint32_t(i) < owned_count;
            uint32_t previous = u;
            for (uint64_t e = begin; e < end; ++e) {
                const uint32_t neighbour = rows.indices[e], target = local[neighbour];
                misplaced += target >= size;
                if (counting && neighbour != previous) {
                    previous = neighbour;
                    undirected_cut += target >= owned_count && u < neighbour;
                }
                if (target < owned_count) {
                    rows.indices[at] = target;
                    rows.weights[at++] = rows.weights[e];
                } else {
                    outward.emplace_back(target, rows.weights[e]);
                }
            }
            for (const auto &[target, weight] : outward) {
                rows.indices[at] = target;
                rows.weights[at++] = weight;
            }
        }
    }
    if (misplaced != 0 || (size == 0 && rows.offsets[n] != 0))
        fail(GG_ERROR_INTERNAL, "part %u's gathered edges are not its local edges (%llu misplaced)", p,
             (unsigned long long)misplaced);
    local_graph.offsets[size] = rows.offsets[n];
    // The first local row starts at 0: rows before it would hold edges of a non-local vertex.
    if (size > 0 && local_graph.offsets[0] != 0)
        fail(GG_ERROR_INTERNAL, "part %u's gathered edges start at %llu", p,
             (unsigned long long)local_graph.offsets[0]);
    local_graph.indices = std::move(rows.indices);
    local_graph.weights = std::move(rows.weights);
    trace.phase("local lists, in place");
    part.local.out = std::move(local_graph);
    part.owned = owned_count;
    part.computed = owned_count;
    finish_part(part, std::move(ids), gathered.weighted, gathered.undirected);
    gathered = Graph();
    link_replicas(p, part, plan, links);
    trace.phase("weight facts, links");
    return cut + undirected_cut;
}

}  // namespace gg
