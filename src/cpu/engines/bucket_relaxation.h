// The engine shared by SSSP and SSWP: delta-stepping (Meyer and Sanders,
// "Delta-stepping: a parallelizable shortest path algorithm", J. Algorithms
// 49(1), 2003), arranged as in the GAP Benchmark Suite (Beamer, Asanovic,
// Patterson, arXiv:1508.03619): thread-local buckets, one shared frontier per
// round, and bucket fusion (Zhang et al., "Optimizing ordered graph algorithms
// with GraphIt", CGO 2020, which GAP adopts): a thread keeps draining its own
// current bucket while it stays small, saving a global round.
//
// It is written over a Policy so that the same code computes shortest and
// widest paths and BFS depths (the semirings of backend/path_semiring.h; the
// policies are in cpu/engines/path_relaxation.cpp). A Policy provides
//     using Value                                 float, or uint32_t for hops
//     Value extend(Value value_u, float weight)   value offered to v along u->v
//     bool improve(Value *slot, Value candidate)  atomic min (SSSP) / max (SSWP)
//     uint64_t bucket(Value value)                priority; lower runs first
// and must be monotone: bucket(extend(x, w)) >= bucket(x) for every weight,
// which holds for x + w with w >= 0 and for min(x, w) when buckets count down
// from the largest weight.
//
// A run starts from a list of seeds, all in the first round's frontier
// whatever their buckets (the lowest of them names the round): one source
// for SSSP and SSWP, and for a part of a partitioned run (src/partitioned/)
// every vertex whose value the last exchange improved. Monotonicity is what makes the stale test right: an
// entry whose vertex now sits in a bucket below the current one has already
// been relaxed with its better value.
//
// One round, run by the whole team (two barriers, as in GAP):
//   1. the frontier is shared out in chunks of kChunk vertices; each thread
//      queues the vertices it improves in its own buckets, then fuses;
//   2. each thread posts an Offer (its lowest non-empty bucket and how many
//      entries it holds); barrier;
//   3. every thread reads all offers and so agrees, without further
//      synchronisation, on the next bucket, the frontier's size and where its
//      own entries go (offers in thread order: the frontier is laid out the
//      same way on every run); it copies them there; barrier.
// The team lives for the whole run, so a round costs its work plus those two
// barriers: on a high-diameter graph (a 2048^2 grid takes ~950 rounds of
// ~4400 vertices) the per-round overhead is most of what is measured.
//
// Tiny rounds (fewer than kSoloBelow vertices: at most one chunk, so no
// parallelism to lose) run "solo" on thread 0 while the others wait at one
// barrier; thread 0 keeps going, reading every thread's buckets, until a
// round reaches kTeamFrom vertices. The gap between the two thresholds keeps
// a frontier that hovers around one of them from waking the team every other
// round. Graphs with thousands of tiny rounds (paths, small test shapes) thus
// meet at no barrier at all, which matters on a loaded or oversubscribed
// machine where a barrier can cost a whole scheduler time slice.
//
// Each thread's buckets and offer sit on cache lines of their own: a thread
// updates its buckets on every improved edge, and with the buckets packed
// side by side the relaxation phases took ~1.6x longer (16 threads, grid).
//
// Buckets live in a ring of kRingSize slots per thread: bucket b goes to slot
// b % kRingSize, and a bucket farther ahead than the ring is clamped to its
// last slot. Processing such a vertex early is still correct (it is a
// label-correcting method: any later improvement re-queues the vertex); the
// clamp only bounds memory when weights / delta are extreme.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include <omp.h>

#include "cpu/primitives/atomics.h"
#include "cpu/primitives/parallel.h"
#include "graph/graph.h"

namespace gg::cpu {

struct RelaxationTotals {
    uint32_t rounds = 0;
    uint64_t edges_visited = 0;
};

namespace bucket_detail {

constexpr uint64_t kRingSize = 4096;
constexpr size_t kFusionLimit = 1000;  // GAP's bin-size threshold for fusion
constexpr uint64_t kChunk = 64;        // frontier vertices a thread takes at a time
constexpr uint64_t kSoloBelow = kChunk;
constexpr uint64_t kTeamFrom = 512;
constexpr uint64_t kNoBucket = std::numeric_limits<uint64_t>::max();

// One thread's buckets.
struct alignas(64) BucketRing {
    std::vector<std::vector<uint32_t>> slots = std::vector<std::vector<uint32_t>>(kRingSize);
    uint64_t highest = 0;  // no bucket above this holds work
    uint64_t edges = 0;    // edges this thread relaxed

    std::vector<uint32_t> &slot(uint64_t bucket) { return slots[bucket % kRingSize]; }
    uint64_t first_nonempty(uint64_t from) const {
        for (uint64_t b = from; b <= highest; ++b)
            if (!slots[b % kRingSize].empty()) return b;
        return kNoBucket;
    }
};

// What one thread brings to the next round.
struct alignas(64) Offer {
    uint64_t bucket = kNoBucket;  // its lowest non-empty bucket
    uint64_t count = 0;           // entries it holds in that bucket
};

// The round every member works on; size 0 means no work is left.
struct Round {
    uint64_t bucket = 0;
    uint64_t size = 0;  // frontier vertices
};

template <class Policy>
class Relaxer {
public:
    using Value = typename Policy::Value;
    Relaxer(const Csr &out, Value *value, const Policy &policy)
        : offsets_(out.offsets.data()), indices_(out.indices.data()), weights_(out.weights.data()), value_(value),
          policy_(policy) {}

    // Relaxes a list of vertices from bucket `current`, queueing improved
    // vertices in `ring`. The list is in no useful order, so each vertex's
    // first reads (its offsets and value, then its edges) miss in cache; they
    // are requested kAhead and kAhead / 2 vertices early.
    void relax_all(const uint32_t *vertices, uint64_t count, uint64_t current, BucketRing &ring) const {
        for (uint64_t i = 0; i < count; ++i) {
            if (i + kAhead < count) {
                __builtin_prefetch(offsets_ + vertices[i + kAhead]);
                __builtin_prefetch(value_ + vertices[i + kAhead]);
            }
            if (i + kAhead / 2 < count) {
                const uint64_t first_edge = offsets_[vertices[i + kAhead / 2]];
                __builtin_prefetch(indices_ + first_edge);
                __builtin_prefetch(weights_ + first_edge);
            }
            relax(vertices[i], current, ring);
        }
    }

    // Bucket fusion: drains the ring's current bucket while it stays small.
    void fuse(uint64_t current, BucketRing &ring, std::vector<uint32_t> &batch) const {
        std::vector<uint32_t> &own = ring.slot(current);
        while (!own.empty() && own.size() < kFusionLimit) {
            batch.clear();
            batch.swap(own);
            relax_all(batch.data(), batch.size(), current, ring);
        }
    }

private:
    static constexpr uint64_t kAhead = 8;

    void relax(uint32_t u, uint64_t current, BucketRing &ring) const {
        // Locals, not members: the pushes below store pointers, which the
        // compiler would otherwise assume may overwrite the members.
        const uint32_t *indices = indices_;
        const float *weights = weights_;
        Value *value = value_;
        const Value value_u = load_relaxed(&value[u]);
        if (policy_.bucket(value_u) < current) return;  // relaxed already from a better bucket
        const uint64_t begin = offsets_[u], end = offsets_[u + 1];
        for (uint64_t e = begin; e < end; ++e) {
            const uint32_t v = indices[e];
            const Value candidate = policy_.extend(value_u, weights[e]);
            if (policy_.improve(&value[v], candidate)) {
                const uint64_t b = std::min(policy_.bucket(candidate), current + kRingSize - 1);
                ring.slot(b).push_back(v);
                ring.highest = std::max(ring.highest, b);
            }
        }
        ring.edges += end - begin;
    }

    const uint64_t *offsets_;
    const uint32_t *indices_;
    const float *weights_;
    Value *value_;
    const Policy &policy_;
};

template <class Policy>
class Engine {
public:
    using Value = typename Policy::Value;
    Engine(const Csr &out, Value *value, const Policy &policy, int threads)
        : value_(value), policy_(policy), relaxer_(out, value, policy), rings_(size_t(std::max(threads, 1))),
          offers_(rings_.size()), frontier_(kTeamFrom), team_(worth_parallel(out.num_edges())) {}

    // With a bucket limit (a band window of a partitioned run,
    // src/partitioned/band_windows.h), seeds above it and the vertices
    // queued above it are not relaxed but listed in `pending`, and the run
    // ends when no bucket at or below the limit holds work.
    RelaxationTotals run(const uint32_t *seeds, uint64_t count, uint64_t limit = kNoBucket,
                         std::vector<uint32_t> *pending = nullptr) {
        limit_ = limit;
        if (count > frontier_.size()) frontier_.resize(count);
        uint64_t lowest = kNoBucket, taken = 0;
        for (uint64_t i = 0; i < count; ++i) {
            const uint64_t b = policy_.bucket(value_[seeds[i]]);
            if (b > limit_ && pending != nullptr) {
                pending->push_back(seeds[i]);
                continue;
            }
            frontier_[taken++] = seeds[i];
            lowest = std::min(lowest, b);
        }
        count = taken;
        if (count == 0) {
            if (pending != nullptr) list_pending(*pending);
            return RelaxationTotals{};
        }
        // Seeds above the lowest bucket run early, which a label-correcting
        // method allows; the stale test skips none of them (it skips only
        // vertices whose bucket is below the current one).
        const Round first{lowest, count};
        rounds_ = 1;
#pragma omp parallel num_threads(int(rings_.size())) if (team_)
        {
            const size_t me = size_t(omp_get_thread_num());
            const size_t members = size_t(omp_get_num_threads());
            std::vector<uint32_t> batch;
            // Every member holds the same `round` at the top of the loop, so
            // all of them meet the same barriers and worksharing loops.
            Round round = first;
            while (round.size > 0) {
                if (members == 1 || round.size < kSoloBelow) {
                    if (me == 0) {
                        run_solo(round, members, batch);
                        handed_over_ = round;
                    }
#pragma omp barrier
                    round = handed_over_;  // thread 0 writes it again only after the next barrier
                    if (round.size == 0) break;
                }
                // Only agree() and run_solo() grow the frontier, and neither runs now.
                const uint64_t capacity = frontier_.size();
                const uint32_t *frontier = frontier_.data();
                BucketRing &ring = rings_[me];
                const int64_t chunks = int64_t((round.size + kChunk - 1) / kChunk);
#pragma omp for schedule(dynamic, 1) nowait
                for (int64_t c = 0; c < chunks; ++c) {
                    const uint64_t begin = uint64_t(c) * kChunk;
                    relaxer_.relax_all(frontier + begin, std::min(kChunk, round.size - begin), round.bucket, ring);
                }
                relaxer_.fuse(round.bucket, ring, batch);
                const uint64_t lowest = ring.first_nonempty(round.bucket);
                offers_[me] = Offer{lowest, lowest == kNoBucket ? 0 : ring.slot(lowest).size()};
#pragma omp barrier
                round = agree(me, members, round, capacity);
#pragma omp barrier
            }
        }
        RelaxationTotals totals;
        totals.rounds = rounds_;
        for (const BucketRing &ring : rings_) totals.edges_visited += ring.edges;
        if (pending != nullptr) list_pending(*pending);
        return totals;
    }

private:
    // Called by every member after all offers are posted: the next round,
    // with this member's entries of it copied into the frontier.
    Round agree(size_t me, size_t members, Round round, uint64_t capacity) {
        uint64_t next = kNoBucket;
        for (size_t t = 0; t < members; ++t) next = std::min(next, offers_[t].bucket);
        if (next == kNoBucket || next > limit_) return Round{round.bucket, 0};
        uint64_t start = 0, total = 0;
        for (size_t t = 0; t < members; ++t) {
            if (offers_[t].bucket != next) continue;
            if (t < me) start += offers_[t].count;
            total += offers_[t].count;
        }
        if (total > capacity) {  // every member sees the same numbers, so all or none come here
#pragma omp single
            frontier_.resize(std::max(total, 2 * capacity));
        }
        if (offers_[me].bucket == next) {
            std::vector<uint32_t> &mine = rings_[me].slot(next);
            std::copy(mine.begin(), mine.end(), frontier_.begin() + int64_t(start));
            mine.clear();
        }
        if (me == 0) ++rounds_;
        return Round{next, total};
    }

    // Thread 0 alone, the others waiting at a barrier: runs rounds until one
    // is large enough for the team (never, in a team of one) or none is left.
    void run_solo(Round &round, size_t members, std::vector<uint32_t> &batch) {
        while (round.size > 0 && (members == 1 || round.size < kTeamFrom)) {
            relaxer_.relax_all(frontier_.data(), round.size, round.bucket, rings_[0]);
            relaxer_.fuse(round.bucket, rings_[0], batch);
            round = gather_all(round.bucket, members);
        }
    }

    // Moves every ring's lowest non-empty bucket into the frontier.
    Round gather_all(uint64_t from, size_t members) {
        uint64_t next = kNoBucket;
        for (size_t t = 0; t < members; ++t) next = std::min(next, rings_[t].first_nonempty(from));
        if (next == kNoBucket || next > limit_) return Round{from, 0};
        uint64_t total = 0;
        for (size_t t = 0; t < members; ++t) total += rings_[t].slot(next).size();
        if (total > frontier_.size()) frontier_.resize(std::max(total, 2 * uint64_t(frontier_.size())));
        uint64_t at = 0;
        for (size_t t = 0; t < members; ++t) {
            std::vector<uint32_t> &entries = rings_[t].slot(next);
            std::copy(entries.begin(), entries.end(), frontier_.begin() + int64_t(at));
            at += entries.size();
            entries.clear();
        }
        ++rounds_;
        return Round{next, total};
    }

    // After a run that stopped at its limit: what the rings still hold, the
    // vertices whose value is above the limit (an entry whose vertex
    // improved into the window since was relaxed there), once each.
    void list_pending(std::vector<uint32_t> &pending) const {
        for (const BucketRing &ring : rings_)
            for (const std::vector<uint32_t> &slot : ring.slots)
                for (const uint32_t v : slot)
                    if (policy_.bucket(value_[v]) > limit_) pending.push_back(v);
        std::sort(pending.begin(), pending.end());
        pending.erase(std::unique(pending.begin(), pending.end()), pending.end());
    }

    Value *value_;
    const Policy &policy_;
    const Relaxer<Policy> relaxer_;
    uint64_t limit_ = kNoBucket;  // the last bucket a windowed run relaxes
    std::vector<BucketRing> rings_;  // one per thread
    std::vector<Offer> offers_;      // one per thread
    std::vector<uint32_t> frontier_; // the current round's vertices (and spare capacity)
    Round handed_over_;              // written by thread 0 after a solo stretch
    uint32_t rounds_ = 0;
    // A graph under kParallelGrain edges runs on the calling thread alone
    // (cpu/primitives/parallel.h): nearly all its rounds would be solo, and a team parked
    // at a barrier for the whole run only takes cores from other work.
    const bool team_;
};

}  // namespace bucket_detail

// Relaxes from the seeds until no bucket holds work. `value` must hold the
// values to start from (the policy's unreached value, and the seeds' own).
template <class Policy>
RelaxationTotals relax_by_buckets(const Csr &out, const uint32_t *seeds, uint64_t count,
                                  typename Policy::Value *value, const Policy &policy, int threads) {
    return bucket_detail::Engine<Policy>(out, value, policy, threads).run(seeds, count);
}

// The same within a window: relaxes only buckets up to `limit`; the seeds
// above it and the vertices left above it go to `pending` (sorted, once
// each, added to what it held).
template <class Policy>
RelaxationTotals relax_window_by_buckets(const Csr &out, const uint32_t *seeds, uint64_t count,
                                         typename Policy::Value *value, const Policy &policy, int threads,
                                         uint64_t limit, std::vector<uint32_t> &pending) {
    return bucket_detail::Engine<Policy>(out, value, policy, threads).run(seeds, count, limit, &pending);
}

}  // namespace gg::cpu
