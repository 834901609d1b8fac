// The partitioners of a partition plan (plan.h): METIS k-way (Medusa's
// choice, 002 §4.3), a seeded random hash (Gunrock's for scale-free graphs)
// and contiguous blocks, or the caller's own array, checked.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gg.h"
#include "graph/graph.h"

namespace gg {

struct PartAssignment {
    std::vector<uint32_t> parts;  // parts[v] in [0, k)
    gg_partitioner partitioner;   // the one that made them (auto resolved)
    std::string choice;           // auto: the cuts measured and the rule that decided
};

// A seeded hash of each id modulo k.
void random_parts(uint32_t n, uint32_t k, uint64_t seed, uint32_t *parts);
// The block parts of `count` consecutive vertices whose out-edges offsets
// (count + 1 entries) delimit, `done` units (out-degree + 1 per vertex)
// after the graph's first vertex, of `total` units in the whole graph.
void block_parts_of(const uint64_t *offsets, uint32_t count, double done, double total, uint32_t k,
                    uint32_t *parts);
// "what cut N (T ms)", as auto reports its measurements.
std::string describe_cut(const char *what, uint64_t cut, double ms);

// Assigns every vertex a part; `given` is read for GG_PARTITIONER_GIVEN (its
// length checked by the caller). Throws with a message naming a bad entry.
PartAssignment assign_parts(const Graph &g, uint32_t k, gg_partitioner partitioner, const uint32_t *given,
                            uint64_t seed);

}  // namespace gg
