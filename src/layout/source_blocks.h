// GraphCage's cache blocking (TOCAB, 003_fef2620597b9a8be.txt §3.1) for the
// pull passes of PageRank and SpMV: the in-edges are split by source into k
// blocks of equal id ranges, and each iteration is k passes, one per block,
// so that the values a pass gathers fit in the L2 cache. k is sized from the
// running GPU's L2 (source_block_count): the fewest blocks whose live
// values fit in half of it, at least 2.
//
// Why: a pull pass gathers c(u) once per edge u -> v, destination after
// destination. Where the sources of neighbouring destinations are spread
// over the whole id range (a uniform random graph), nearly every value is
// still to be read again at any moment of the pass, and on the H100 its
// 33.5 MB of doubles (n = 4.19M) did not stay in the 50 MB L2: 51% of the
// pass's L2 reads hit, DRAM ran at 58% of its bandwidth. With two blocks
// (16.8 MB each) 75% hit, DRAM ran at 27-30%, and PageRank on urand took
// 1.39 ms per iteration instead of 1.69.
//
// As in the paper the blocking is static (built once per graph) and
// one-dimensional (by source only, every destination in every pass); unlike
// its local ids and partial-sum arrays per block, the first pass writes one
// partial sum per vertex and the second adds it to its own sum: with two
// blocks every vertex of such a graph has edges in both, so local ids would
// save nothing. Each block's pass walks all n lists and their offsets, so
// blocks beyond what the cache needs cost more than they save: on urand
// scale 22 (two blocks by the rule on the H100) three and four were slower
// than one; hence the fewest that fit, and at most kMaxSourceBlocks.
//
// It is used where it pays: where the values still to be gathered at the
// busiest point of a pass in destination order take more than half of the
// L2 (the other half is left to the streamed edge lists). A grid, whose
// neighbours are close in id, keeps a few thousand values live and runs
// twice as slowly when blocked; a power-law graph gets the hub order of
// hub_order.cuh instead, whose hot values fit in cache (blocked, kron took
// 1.84 ms per iteration against 1.34 with the hub order).
#pragma once

#include <cstdint>

#include "graph/graph.h"

namespace gg {

// The most contributions a pull pass over the CSC must keep for later
// gathers: c(u) is read by each out-neighbour of u, first by the smallest
// and last by the largest, and is live in between. `out` is the CSR, its
// lists sorted.
uint64_t peak_live_sources(const Csr &out);

// Whether two source blocks pay for a pass gathering values of
// `value_bytes`, `peak_live` of them live at once (peak_live_sources), on a
// device with `cache_bytes` of L2.
bool source_blocks_pay(uint64_t peak_live, uint64_t value_bytes, uint64_t cache_bytes);

// How many source blocks a blocked pass takes on that device: as many as it
// needs for each block's live values to fit in half the L2 (GraphCage sizes
// its blocks by the last-level cache, §3.1), at least 2 (a blocked pass was
// asked for, or paid) and at most kMaxSourceBlocks (each block costs a pass
// over all n lists and 8n bytes of cuts, so beyond a few the walks outweigh
// the misses they save).
constexpr uint32_t kMaxSourceBlocks = 8;
uint32_t source_block_count(uint64_t peak_live, uint64_t value_bytes, uint64_t cache_bytes);

}  // namespace gg
