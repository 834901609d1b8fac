/*
 * Betweenness centrality over the parts of a plan: Brandes' two sweeps
 * (J. Math. Sociol. 2001), level-synchronous as in the CPU's bc.cpp, with a
 * replica update after every level (Medusa, 002 §4.3).
 *
 * Forward, level L: each part expands its owned vertices of depth L along
 * their out-edges (all local), giving every target not reached before depth
 * L + 1, whose path count then sums those of its in-edges from that
 * frontier (two parallel passes); or, when the frontier's out-edges are
 * many (kBottomUpRatio), every unreached vertex of the part sums its
 * in-edges from the frontier and a nonzero sum reaches it (one pass, Beamer
 * et al.'s bottom-up step as the CPU's bc.cpp takes it; the same sums in
 * the same order, so the direction changes no bit); replicas send (depth,
 * count) to their owners, which add the counts of equal depth
 * (backend/path_count.h, the arithmetic both backends use, so that long
 * wide graphs overflow alike), and owners send the totals back to every
 * replica.
 * Backward, level L from the deepest: each owned u at depth L takes
 * dependency = sum over successors v (depth L + 1) of mass(u) * w(v) scaled
 * by their scales, where w(v) = (1 + dependency(v)) / mass(v), the CPU's
 * form; then owners send the w of their depth-L vertices to the replicas.
 * The sums run in another order than the unpartitioned run's: centrality
 * agrees to rounding.
 */
#include <algorithm>

#include "backend/path_count.h"
#include "cpu/primitives/atomics.h"
#include "cpu/primitives/parallel.h"
#include "partitioned/drivers.h"

namespace gg {
namespace {

constexpr uint32_t kUnreached = UINT32_MAX;
// A part's step goes bottom-up when its frontier's out-edges times this
// exceed its local in-edges: bottom-up then reads at most this many times
// the claims' edges, in one pass in vertex order that also counts, where
// top-down follows its claims with a pull over the new level's in-edges.
// The CPU's unpartitioned rule (bc.cpp, 30) compares with the unvisited
// vertices' in-edges, which a part does not keep: the exchange also reaches
// its replicas. The GPU's parts (cuda/partitioned/bc.cu) take the same rule.
constexpr uint64_t kBottomUpRatio = 16;

struct Reach {
    uint32_t depth = kUnreached;
    int32_t scale = 0;
    double mass = 0;  // path count = mass * 2^(512 * scale)
    bool operator==(const Reach &o) const { return depth == o.depth && scale == o.scale && mass == o.mass; }
};

// The paths of a replica's part, added to its owner's at the same depth.
bool add_paths(Reach &slot, Reach incoming) { return path_count::merge_at_depth(slot, incoming, kUnreached); }

// The path count vertex t gets from its in-edges out of the owned vertices
// of depth `level`, in in-list order (a replica's is only this part's share,
// which the exchange adds to its owner's). Both directions sum through here.
// Depths are read relaxed: a bottom-up step writes those of the vertices it
// reaches, which are never of depth `level`.
Reach sum_from_level(const Csr &in, uint32_t owned, uint32_t level, const std::vector<Reach> &r, uint32_t t) {
    Reach sum{level + 1, 0, 0};
    for (uint64_t e = in.offsets[t]; e < in.offsets[t + 1]; ++e) {
        const uint32_t u = in.indices[e];
        if (u >= owned || cpu::load_relaxed(&r[u].depth) != level) continue;  // the owned frontier's edges only
        const Reach added = path_count::normalised(path_count::add(sum, r[u]));
        sum.mass = added.mass;
        sum.scale = added.scale;
    }
    return sum;
}

// Top-down, in two passes so that threads never add into the same count:
// first the owned frontier claims the unreached targets of its out-edges (a
// compare-and-swap on the depth); then each claimed vertex sums its counts.
// Returns the claimed vertices.
std::vector<uint32_t> claim_and_count(const Csr &out, const Csr &in, uint32_t owned, uint32_t level,
                                      const std::vector<uint32_t> &frontier, std::vector<Reach> &r, bool team,
                                      int threads, uint64_t &scanned) {
    std::vector<uint32_t> reached;
    uint64_t examined = 0;
#pragma omp parallel num_threads(threads) if (team) reduction(+ : examined)
    {
        std::vector<uint32_t> mine;
#pragma omp for schedule(dynamic, 64) nowait
        for (int64_t i = 0; i < int64_t(frontier.size()); ++i) {
            const uint32_t u = frontier[size_t(i)];
            for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
                uint32_t *depth = &r[out.indices[e]].depth;
                if (cpu::load_relaxed(depth) == kUnreached && cpu::compare_and_swap(depth, kUnreached, level + 1))
                    mine.push_back(out.indices[e]);
            }
            examined += out.offsets[u + 1] - out.offsets[u];
        }
#pragma omp critical
        reached.insert(reached.end(), mine.begin(), mine.end());
    }
#pragma omp parallel for num_threads(threads) if (team) schedule(dynamic, 64)
    for (int64_t i = 0; i < int64_t(reached.size()); ++i) {
        const uint32_t t = reached[size_t(i)];
        const Reach sum = sum_from_level(in, owned, level, r, t);
        r[t].scale = sum.scale;
        r[t].mass = sum.mass;
    }
    scanned += examined;
    return reached;
}

// Bottom-up: every unreached vertex of the part, owned or replica, sums its
// in-edges from the owned frontier; a nonzero sum reaches it. Returns the
// reached vertices.
std::vector<uint32_t> pull_level(const Csr &in, uint32_t owned, uint32_t level, std::vector<Reach> &r, int threads,
                                 uint64_t &scanned) {
    std::vector<uint32_t> reached;
    const int64_t size = int64_t(r.size());
    uint64_t examined = 0;
#pragma omp parallel num_threads(threads) if (cpu::worth_parallel(uint64_t(size) + in.num_edges())) \
    reduction(+ : examined)
    {
        std::vector<uint32_t> mine;
#pragma omp for schedule(dynamic, 1024) nowait
        for (int64_t t = 0; t < size; ++t) {
            if (cpu::load_relaxed(&r[size_t(t)].depth) != kUnreached) continue;
            const Reach sum = sum_from_level(in, owned, level, r, uint32_t(t));
            examined += in.offsets[t + 1] - in.offsets[t];
            if (sum.mass == 0.0) continue;
            r[size_t(t)].scale = sum.scale;
            r[size_t(t)].mass = sum.mass;
            cpu::store_relaxed(&r[size_t(t)].depth, level + 1);
            mine.push_back(uint32_t(t));
        }
#pragma omp critical
        reached.insert(reached.end(), mine.begin(), mine.end());
    }
    scanned += examined;
    return reached;
}

// One level of the forward sweep in one part, top-down or bottom-up (the
// file's comment). Appends the owned vertices reached to `next`; returns the
// edges scanned.
uint64_t expand_level(const Csr &out, const Csr &in, uint32_t owned, uint32_t level,
                      const std::vector<uint32_t> &frontier, std::vector<Reach> &r, std::vector<uint32_t> &next,
                      int threads) {
    uint64_t frontier_out_edges = 0;
    for (uint32_t u : frontier) frontier_out_edges += out.offsets[u + 1] - out.offsets[u];
    uint64_t scanned = 0;
    const std::vector<uint32_t> reached =
        frontier_out_edges * kBottomUpRatio > in.num_edges()
            ? pull_level(in, owned, level, r, threads, scanned)
            : claim_and_count(out, in, owned, level, frontier, r, cpu::worth_parallel(frontier.size()), threads,
                              scanned);
    for (uint32_t t : reached)
        if (t < owned) next.push_back(t);
    return scanned;
}

template <class T>
bool overwrite(T &slot, T incoming) {
    if (slot == incoming) return false;
    slot = incoming;
    return true;
}

}  // namespace

void partitioned_bc(PartitionedRun &run, const uint32_t *sources, uint32_t num_sources, double *centrality,
                    RunReport &report, PartitionedReport &out) {
    const PartitionPlan &plan = run.plan;
    const uint32_t k = plan.num_parts();
    const int threads = run.config.num_threads;
    for (uint32_t v = 0; v < plan.n; ++v) centrality[v] = 0;
    uint64_t edges = 0;
    uint32_t supersteps = 0;
    std::vector<std::vector<std::vector<uint32_t>>> levels(k);  // levels[p][L]: owned vertices at depth L

    for (uint32_t s = 0; s < num_sources; ++s) {
        const uint32_t source = sources[s];
        PartValues<Reach> reach(plan);
        reach.fill(plan, [&](uint32_t v) { return v == source ? Reach{0, 0, 1.0} : Reach{}; });
        for (uint32_t p = 0; p < k; ++p) {
            levels[p].assign(1, {});
            if (plan.owner[source] == p && plan.holds(p)) levels[p][0].push_back(plan.owner_local[source]);
        }
        // Forward sweep. The next level of a part is what its expansion
        // reached among its owned vertices, and what the exchange brought.
        for (uint32_t level = 0;; ++level) {
            bool any = false;
            for (uint32_t p = 0; p < k; ++p) {
                levels[p].emplace_back();
                if (levels[p][level].empty()) continue;
                any = true;
                const Csr &local = plan.parts[p].local.out;
                const Csr &in = plan.parts[p].local.in();
                const uint32_t owned = plan.parts[p].owned;
                std::vector<Reach> &r = reach.value[p];
                std::vector<uint32_t> &next = levels[p][level + 1];
                run.compute(p, [&] {
                    edges += expand_level(local, in, owned, level, levels[p][level], r, next, threads);
                });
            }
            if (!run.comm.any(any)) {
                for (auto &part_levels : levels) part_levels.pop_back();  // the one opened for level + 1
                break;
            }
            ++supersteps;
            run.exchange.to_owners(reach, add_paths, /*idempotent=*/false);
            run.exchange.to_replicas(reach, overwrite<Reach>);
            for (uint32_t p = 0; p < k; ++p) {
                std::vector<uint32_t> &next = levels[p][level + 1];
                for (uint32_t l : reach.changed[p])
                    if (l < plan.parts[p].owned && reach.value[p][l].depth == level + 1) next.push_back(l);
                reach.changed[p].clear();
                std::sort(next.begin(), next.end());
                next.erase(std::unique(next.begin(), next.end()), next.end());
            }
        }
        // Backward sweep: w(v) = (1 + dependency(v)) / mass(v), 0 until v's level is summed.
        PartValues<double> w(plan);
        w.fill(plan, [](uint32_t) { return 0.0; });
        // levels[p] ends with the first empty level, the same for every part.
        const uint32_t deepest = uint32_t(levels[0].size()) - 2;
        for (uint32_t level = deepest + 1; level-- > 0;) {
            for (uint32_t p = plan.rank; p < k; p += plan.ranks) {
                const Csr &local = plan.parts[p].local.out;
                const std::vector<Reach> &r = reach.value[p];
                std::vector<double> &wp = w.value[p];
                run.compute(p, [&] {
                    const std::vector<uint32_t> &at_level = levels[p][level];
                    const std::vector<uint32_t> &global_ids = plan.parts[p].global_ids;
                    uint64_t scanned = 0;
                    // Each vertex writes its own w and centrality: no two threads share a slot.
#pragma omp parallel for num_threads(threads) if (cpu::worth_parallel(at_level.size())) \
    schedule(dynamic, 64) reduction(+ : scanned)
                    for (int64_t i = 0; i < int64_t(at_level.size()); ++i) {
                        const uint32_t u = at_level[size_t(i)];
                        double dependency = 0;
                        for (uint64_t e = local.offsets[u]; e < local.offsets[u + 1]; ++e) {
                            const uint32_t v = local.indices[e];
                            if (r[v].depth == level + 1)
                                dependency += path_count::scaled(r[u].mass * wp[v], r[u].scale - r[v].scale);
                        }
                        if (level > 0) centrality[global_ids[u]] += dependency;
                        wp[u] = (1.0 + dependency) / r[u].mass;
                        scanned += local.offsets[u + 1] - local.offsets[u];
                    }
                    edges += scanned;
                });
            }
            if (level == 0) break;
            ++supersteps;
            run.exchange.to_replicas(w, overwrite<double>);
            for (auto &changed : w.changed) changed.clear();
        }
    }
    run.share_owned(centrality);
    run.finish(report, out, supersteps, edges);
}

}  // namespace gg
