// Random: a vertex's part is a seeded 64-bit mix of its id modulo k, so the
// same seed gives the same parts on every machine. Block: vertex ranges cut
// where the running count of (out-degree + 1) passes each k-th of the total,
// so that parts hold about equal work whether the graph is dense or sparse.
//
// Auto decides from cuts it measures (docs/partitioned.md has the
// measurements behind the thresholds):
//   1. the block and random cuts, O(m) each;
//   2. block's cut at most a quarter of random's: the ids follow the graph's
//      locality (grids, meshes, roads numbered by position), and blocks cut
//      about as little as METIS for no partitioning time -> block;
//   3. otherwise, with METIS and no hubs (largest out-degree at most 64 times
//      the mean): METIS, kept when its cut is at most 3/4 of random's (it
//      found structure the ids hide), else random (an expander: no cut is
//      much better than random's, and random balances edges best);
//   4. otherwise random: on scale-free graphs the hubs' edges cross any cut,
//      and METIS buys little for its time (Gunrock's finding).
#include "partition/partitioners.h"

#include <algorithm>
#include <cstdio>

#include "core/timer.h"

#include "core/error.h"
#include "partition/metis_partition.h"

namespace gg {
namespace {

uint64_t mix(uint64_t x) {  // SplitMix64's finaliser
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

void random_parts(uint32_t n, uint32_t k, uint64_t seed, uint32_t *parts) {
    const uint64_t salt = mix(seed);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) parts[v] = uint32_t(mix(uint64_t(v) ^ salt) % k);
}

void block_parts_of(const uint64_t *offsets, uint32_t count, double done, double total, uint32_t k,
                    uint32_t *parts) {
    uint32_t part = 0;
    for (uint32_t v = 0; v < count; ++v) {
        // v goes to the part whose share of the total its first unit falls in.
        while (part + 1 < k && done >= total * double(part + 1) / double(k)) ++part;
        parts[v] = part;
        done += double(offsets[v + 1] - offsets[v]) + 1.0;
    }
}

namespace {

void block_parts(const Graph &g, uint32_t k, uint32_t *parts) {
    block_parts_of(g.out.offsets.data(), g.n(), 0.0, double(g.m()) + double(g.n()), k, parts);
}

}  // namespace

std::string describe_cut(const char *what, uint64_t cut, double ms) {
    char text[80];
    std::snprintf(text, sizeof text, "%s cut %llu (%.0f ms)", what, (unsigned long long)cut, ms);
    return text;
}

namespace {

PartAssignment choose_automatically(const Graph &g, uint32_t k, uint64_t seed) {
    const uint32_t n = g.n();
    PartAssignment block{std::vector<uint32_t>(n), GG_PARTITIONER_BLOCK, ""};
    PartAssignment random{std::vector<uint32_t>(n), GG_PARTITIONER_RANDOM, ""};
    Stopwatch block_clock;
    block_parts(g, k, block.parts.data());
    const uint64_t block_cut = count_edge_cut(g, block.parts.data());
    const double block_ms = block_clock.elapsed_ms();
    Stopwatch random_clock;
    random_parts(n, k, seed, random.parts.data());
    const uint64_t random_cut = count_edge_cut(g, random.parts.data());
    const double random_ms = random_clock.elapsed_ms();
    const std::string measured =
        describe_cut("block", block_cut, block_ms) + ", " + describe_cut("random", random_cut, random_ms);
    if (block_cut * 4 <= random_cut) {
        block.choice = "auto chose block: " + measured + "; block cuts at most a quarter of random's";
        return block;
    }
    uint32_t max_degree = 0;
    for (uint32_t v = 0; v < n; ++v) max_degree = std::max(max_degree, g.out.degree(v));
    const double mean_degree = n > 0 ? double(g.m()) / double(n) : 0.0;
    const bool hubs = double(max_degree) > 64.0 * std::max(mean_degree, 1.0);
    if (!hubs && metis_available()) {
        Stopwatch metis_clock;
        PartAssignment metis{std::vector<uint32_t>(n), GG_PARTITIONER_METIS, ""};
        const uint64_t metis_cut = metis_partition(g, k, metis.parts.data(), int32_t(seed & 0x7fffffff), 30);
        const std::string all = measured + ", " + describe_cut("metis", metis_cut, metis_clock.elapsed_ms());
        if (metis_cut * 4 <= random_cut * 3) {
            metis.choice = "auto chose metis: " + all + "; no hubs, and metis cuts at most 3/4 of random's";
            return metis;
        }
        random.choice = "auto chose random: " + all + "; metis cuts more than 3/4 of random's";
        return random;
    }
    char degrees[96];
    std::snprintf(degrees, sizeof degrees, "; largest out-degree %u against a mean of %.1f", max_degree, mean_degree);
    random.choice = "auto chose random: " + measured + degrees +
                    (hubs ? std::string(" (hubs)") : std::string(" (no METIS in this build)"));
    return random;
}

}  // namespace

PartAssignment assign_parts(const Graph &g, uint32_t k, gg_partitioner partitioner, const uint32_t *given,
                            uint64_t seed) {
    const uint32_t n = g.n();
    if (partitioner == GG_PARTITIONER_AUTO) return choose_automatically(g, k, seed);
    std::vector<uint32_t> parts(n, 0);
    switch (partitioner) {
    case GG_PARTITIONER_METIS:
        if (!metis_available())
            fail(GG_ERROR_UNSUPPORTED, "the metis partitioner needs a build with METIS (libmetis-dev); "
                                       "use random or block");
        if (n > 0) metis_partition(g, k, parts.data(), int32_t(seed & 0x7fffffff), 30);
        break;
    case GG_PARTITIONER_RANDOM: random_parts(n, k, seed, parts.data()); break;
    case GG_PARTITIONER_BLOCK: block_parts(g, k, parts.data()); break;
    case GG_PARTITIONER_GIVEN:
        for (uint32_t v = 0; v < n; ++v) {
            if (given[v] >= k)
                fail(GG_ERROR_INVALID_ARGUMENT, "parts[%u] = %u is out of range: the plan has %u parts", v, given[v],
                     k);
            parts[v] = given[v];
        }
        break;
    case GG_PARTITIONER_AUTO: break;  // returned above
    }
    return PartAssignment{std::move(parts), partitioner, ""};
}

}  // namespace gg
