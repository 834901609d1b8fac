// Small helpers of the C++ tests of gg's internals: a CSR written out from
// an edge list, and a fixed pseudo-random value per index.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "graph/graph.h"

namespace gg_test {

// A CSR from an edge list: lists sorted, duplicates kept, weights 1.
inline gg::Csr csr_of(uint32_t n, std::vector<std::pair<uint32_t, uint32_t>> edges) {
    std::sort(edges.begin(), edges.end());
    gg::Csr c;
    c.n = n;
    c.offsets.assign(uint64_t(n) + 1, 0);
    for (const auto &e : edges) ++c.offsets[e.first + 1];
    for (uint32_t v = 0; v < n; ++v) c.offsets[v + 1] += c.offsets[v];
    for (const auto &e : edges) c.indices.push_back(e.second);
    c.weights.assign(edges.size(), 1.0f);
    return c;
}

// A pseudo-random value for index i (SplitMix64), the same on every call.
inline uint64_t mix(uint64_t i) {
    uint64_t z = i + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

}  // namespace gg_test
