// Random: a vertex's part is a seeded 64-bit mix of its id modulo k, so the
// same seed gives the same parts on every machine. Block: vertex ranges cut
// where the running count of (out-degree + 1) passes each k-th of the total,
// so that parts hold about equal work whether the graph is dense or sparse.
#include "partition/partitioners.h"

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

void random_parts(uint32_t n, uint32_t k, uint64_t seed, uint32_t *parts) {
    const uint64_t salt = mix(seed);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) parts[v] = uint32_t(mix(uint64_t(v) ^ salt) % k);
}

void block_parts(const Graph &g, uint32_t k, uint32_t *parts) {
    const uint32_t n = g.n();
    const double total = double(g.m()) + double(n);
    uint32_t part = 0;
    double done = 0;
    for (uint32_t v = 0; v < n; ++v) {
        // v goes to the part whose share of the total its first unit falls in.
        while (part + 1 < k && done >= total * double(part + 1) / double(k)) ++part;
        parts[v] = part;
        done += double(g.out.degree(v)) + 1.0;
    }
}

}  // namespace

std::vector<uint32_t> assign_parts(const Graph &g, uint32_t k, gg_partitioner partitioner, const uint32_t *given,
                                   uint64_t seed) {
    const uint32_t n = g.n();
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
    }
    return parts;
}

}  // namespace gg
