// The engine shared by SSSP and SSWP: delta-stepping (Meyer and Sanders,
// "Delta-stepping: a parallelizable shortest path algorithm", J. Algorithms
// 49(1), 2003) organised as in the GAP Benchmark Suite
// (arXiv:1508.03619): thread-local buckets, one shared frontier per round,
// and "bucket fusion" (a thread keeps processing its own current bucket while
// it stays small, saving a global round).
//
// It is written over a Policy so that the same code computes shortest and
// widest paths. A Policy provides
//     float extend(float value_u, float weight)   value offered to v along u->v
//     bool improve(float *slot, float candidate)  atomic min (SSSP) / max (SSWP)
//     uint64_t bucket(float value)                priority; lower runs first
// and must be monotone: bucket(extend(x, w)) >= bucket(x) for every weight,
// which holds for x + w with w >= 0 and for min(x, w) when buckets count down
// from the largest weight. Monotonicity is what makes the stale test right: an
// entry whose vertex now sits in a bucket below the current one has already
// been relaxed with its better value.
//
// Buckets live in a ring of kRingSize slots per thread: bucket b goes to slot
// b % kRingSize, and a bucket farther ahead than the ring is clamped to its
// last slot. Processing such a vertex early is still correct (it is a
// label-correcting method: any later improvement re-queues the vertex); the
// clamp only bounds memory when weights / delta are extreme.
//
// A round whose frontier holds fewer than kParallelRound vertices runs on the
// calling thread: high-diameter graphs (roads, paths) have thousands of tiny
// rounds, and waking or synchronising the team for each would cost more than
// the work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include <omp.h>

#include "cpu/atomics.h"
#include "graph/graph.h"

namespace gg::cpu {

struct RelaxationTotals {
    uint32_t rounds = 0;
    uint64_t edges_visited = 0;
};

namespace bucket_detail {

constexpr uint64_t kRingSize = 4096;
constexpr size_t kFusionLimit = 1000;
constexpr uint64_t kParallelRound = 256;
constexpr uint64_t kNoBucket = std::numeric_limits<uint64_t>::max();

// One thread's buckets.
struct BucketRing {
    std::vector<std::vector<uint32_t>> slots = std::vector<std::vector<uint32_t>>(kRingSize);
    uint64_t highest = 0;  // no bucket above this holds work
    uint64_t edges = 0;    // edges this thread relaxed

    std::vector<uint32_t> &slot(uint64_t bucket) { return slots[bucket % kRingSize]; }
    uint64_t first_nonempty(uint64_t from) {
        for (uint64_t b = from; b <= highest; ++b)
            if (!slot(b).empty()) return b;
        return kNoBucket;
    }
};

template <class Policy>
class Relaxer {
public:
    Relaxer(const Csr &out, float *value, const Policy &policy) : out_(out), value_(value), policy_(policy) {}

    // Relaxes the out-edges of u from bucket `current`, queueing improved
    // vertices in `ring`.
    void relax(uint32_t u, uint64_t current, BucketRing &ring) const {
        const float value_u = load_relaxed(&value_[u]);
        if (policy_.bucket(value_u) < current) return;  // relaxed already from a better bucket
        const uint64_t end = out_.offsets[u + 1];
        for (uint64_t e = out_.offsets[u]; e < end; ++e) {
            const uint32_t v = out_.indices[e];
            const float candidate = policy_.extend(value_u, out_.weights[e]);
            if (policy_.improve(&value_[v], candidate)) {
                const uint64_t b = std::min(policy_.bucket(candidate), current + kRingSize - 1);
                ring.slot(b).push_back(v);
                ring.highest = std::max(ring.highest, b);
            }
        }
        ring.edges += end - out_.offsets[u];
    }

    // Bucket fusion: drains the ring's current bucket while it stays small.
    void fuse(uint64_t current, BucketRing &ring, std::vector<uint32_t> &batch) const {
        std::vector<uint32_t> &own = ring.slot(current);
        while (!own.empty() && own.size() < kFusionLimit) {
            batch.clear();
            batch.swap(own);
            for (uint32_t u : batch) relax(u, current, ring);
        }
    }

private:
    const Csr &out_;
    float *value_;
    const Policy &policy_;
};

}  // namespace bucket_detail

// Relaxes from `source` until no bucket holds work. `value` must hold the
// policy's initial values, with value[source] already set.
//
// Small rounds run on the calling thread. A run of large rounds runs inside
// one thread team, as GAP's delta-stepping does, with two barriers per round
// instead of a fork/join; the team is left as soon as a round is small again,
// so that graphs with thousands of tiny rounds never meet at a barrier (which
// is slow when the machine is loaded or oversubscribed).
template <class Policy>
RelaxationTotals relax_by_buckets(const Csr &out, uint32_t source, float *value, const Policy &policy,
                                  int threads) {
    using namespace bucket_detail;
    const Relaxer<Policy> relaxer(out, value, policy);
    std::vector<BucketRing> rings(size_t(std::max(threads, 1)));
    std::vector<uint64_t> offsets(rings.size() + 1, 0);
    std::vector<uint32_t> frontier, batch;
    RelaxationTotals totals;

    uint64_t current = policy.bucket(value[source]);
    rings[0].slot(current).push_back(source);
    rings[0].highest = current;
    uint64_t size = 0;  // vertices in the current round's frontier

    // Picks the lowest non-empty bucket at or after `current` and lays out its
    // frontier (ring t's entries go at offsets[t]). False when none is left.
    auto next_round = [&]() -> bool {
        uint64_t next = kNoBucket;
        for (BucketRing &ring : rings) next = std::min(next, ring.first_nonempty(current));
        if (next == kNoBucket) return false;
        current = next;
        ++totals.rounds;
        for (size_t t = 0; t < rings.size(); ++t) offsets[t + 1] = offsets[t] + rings[t].slot(current).size();
        size = offsets.back();
        if (frontier.size() < size) frontier.resize(size);
        return true;
    };
    // Moves ring t's entries of the current bucket into the frontier.
    auto gather = [&](size_t t) {
        std::vector<uint32_t> &slot = rings[t].slot(current);
        std::copy(slot.begin(), slot.end(), frontier.begin() + int64_t(offsets[t]));
        slot.clear();
    };

    bool more = next_round();
    while (more) {
        if (size < kParallelRound) {
            for (size_t t = 0; t < rings.size(); ++t) gather(t);
            for (uint64_t i = 0; i < size; ++i) relaxer.relax(frontier[i], current, rings[0]);
            relaxer.fuse(current, rings[0], batch);
            more = next_round();
            continue;
        }
#pragma omp parallel num_threads(int(rings.size()))
        {
            const size_t me = size_t(omp_get_thread_num());
            const size_t members = size_t(omp_get_num_threads());
            BucketRing &ring = rings[me];
            std::vector<uint32_t> local_batch;
            // `more`, `size` and `current` change only in the single blocks,
            // whose closing barriers publish them to the whole team.
            while (true) {
                gather(me);
#pragma omp single
                for (size_t t = members; t < rings.size(); ++t) gather(t);  // rings of threads the team lacks
#pragma omp for schedule(dynamic, 64) nowait
                for (int64_t i = 0; i < int64_t(size); ++i) relaxer.relax(frontier[size_t(i)], current, ring);
                relaxer.fuse(current, ring, local_batch);
#pragma omp barrier
#pragma omp single
                more = next_round();
                if (!more || size < kParallelRound) break;
            }
        }
    }
    for (const BucketRing &ring : rings) totals.edges_visited += ring.edges;
    return totals;
}

}  // namespace gg::cpu
