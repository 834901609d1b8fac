// gg::generate_graph: a generated graph's CSR built straight from its
// generator, without the edge list. The generators draw each edge from a
// counter (blocks.h), so the list can be drawn twice at the cost of the
// draws alone:
//   1. draw the list, counting each vertex's stored edges (both directions
//      when symmetrized, self-loops dropped) -> the offsets;
//   2. draw it again, placing each edge at its vertex's cursor, straight
//      into the CSR arrays;
//   3. sort each vertex's list by (target, weight) and keep the first of
//      each target (the smallest weight: GG_DUPLICATES_KEEP_MIN), at the
//      start of the vertex's own range;
//   4. close the gaps the merges left, chunk by chunk.
// The result equals build_graph(generate_edges(o), the rules of
// generate_edges), entry for entry (test_generate_direct checks it): both
// keep, for each (vertex, target), the smallest weight, in target order.
// Peak memory is the CSR before merging (with its duplicates: a few percent
// on kron, none on a grid) and the offsets, against the builder's edge list
// (12 bytes an edge), its 16-byte entries for each stored edge and the CSR.
//
// generate_rows builds only the lists of one range of vertices, the same
// way, keeping of every edge drawn only the ends whose vertex is in the
// range: each process of a distributed run builds its own rows so, with
// memory for those rows alone and nothing sent between the processes, at
// the price of drawing every edge of the graph (twice) on every process.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

#include <omp.h>

#include "core/error.h"
#include "core/huge_pages.h"
#include "core/memory.h"
#include "core/parallel_scan.h"
#include "core/radix_sort.h"
#include "core/trace.h"
#include "gen/generators.h"
#include "gen/kinds.h"

namespace gg {
namespace {

// How many edges ahead the passes over a block prefetch their cursors.
constexpr uint64_t kAhead = 16;

// The slot of an edge end whose vertex is not among the rows built.
constexpr uint64_t kNoSlot = ~uint64_t(0);

// A (target, weight) pair as one key whose order is (target, weight):
// generated weights are non-negative integers below 2^24 (or 1 when the graph
// is unweighted), whose float bits order as the values do.
uint64_t pack(uint32_t target, float weight) {
    uint32_t bits;
    std::memcpy(&bits, &weight, sizeof bits);
    return uint64_t(target) << 32 | bits;
}

float weight_of(uint64_t key) {
    const uint32_t bits = uint32_t(key);
    float weight;
    std::memcpy(&weight, &bits, sizeof weight);
    return weight;
}

// Lists at least this long are sorted by radix rather than by comparison
// (on the VM, kron 23's lists took 4.26 s by comparison, 1.36 s with radix
// from 128, 1.49 s from 256, 2.75 s from 4096).
constexpr uint64_t kRadixFrom = 128;

// Moves count entries of data from index `from` down to index `to`, on every
// thread: in rounds no longer than the shift, so that no round reads what it
// writes. A shift under a round worth the threads is moved by one.
template <class T>
void move_down(T *data, uint64_t from, uint64_t to, uint64_t count) {
    constexpr uint64_t kParallelShift = uint64_t(1) << 16;
    const uint64_t shift = from - to;
    if (shift == 0 || count == 0) return;
    if (shift < kParallelShift) {
        std::memmove(data + to, data + from, count * sizeof(T));
        return;
    }
    for (uint64_t done = 0; done < count; done += shift) {
        const uint64_t round = std::min(shift, count - done);
        const int64_t pieces = int64_t((round + kParallelShift - 1) / kParallelShift);
#pragma omp parallel for schedule(static)
        for (int64_t piece = 0; piece < pieces; ++piece) {
            const uint64_t at = done + uint64_t(piece) * kParallelShift;
            std::memcpy(data + to + at, data + from + at, std::min(kParallelShift, done + round - at) * sizeof(T));
        }
    }
}

}  // namespace

Csr generate_rows(const gg_generator_options &o, uint32_t first_row, uint32_t end_row) {
    const uint64_t m = gen::checked_edges(o);
    if (first_row > end_row || end_row > gen::vertex_count(o))
        fail(GG_ERROR_INTERNAL, "generate_rows: rows %u to %u of %u vertices", first_row, end_row, gen::vertex_count(o));
    const uint32_t n = end_row - first_row;  // the rows built; their targets keep the graph's ids
    const bool undirected = o.symmetrize != 0;

    BuildTrace trace(format("generating %u of %u vertices, %llu edges", n, gen::vertex_count(o),
                            (unsigned long long)m));
    // 1. Degrees.
    std::vector<std::atomic<uint64_t>> cursor(n);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) cursor[size_t(v)].store(0, std::memory_order_relaxed);
    // Each stored end of a block's edges whose vertex is a row here takes the
    // next slot of its vertex's cursor (into slot[2i] and slot[2i + 1] when
    // slot is given; kNoSlot for an end kept elsewhere), the cursors
    // prefetched kAhead edges ahead of their atomic adds. (Unsigned
    // arithmetic: x - first_row < n tests first_row <= x < end_row.)
    auto take_slots = [&](const gen::EdgeBlock &b, uint64_t *slot) {
        for (uint64_t i = 0; i < b.count; ++i) {
            if (i + kAhead < b.count) {
                const uint32_t ahead_u = b.src[i + kAhead] - first_row, ahead_v = b.dst[i + kAhead] - first_row;
                if (ahead_u < n) __builtin_prefetch(&cursor[ahead_u], 1);
                if (undirected && ahead_v < n) __builtin_prefetch(&cursor[ahead_v], 1);
            }
            const uint32_t u = b.src[i], v = b.dst[i];
            if (u == v) continue;
            const uint32_t row_u = u - first_row, row_v = v - first_row;
            const uint64_t at_u = row_u < n ? cursor[row_u].fetch_add(1, std::memory_order_relaxed) : kNoSlot;
            if (slot != nullptr) slot[2 * i] = at_u;
            if (!undirected) continue;
            const uint64_t at_v = row_v < n ? cursor[row_v].fetch_add(1, std::memory_order_relaxed) : kNoSlot;
            if (slot != nullptr) slot[2 * i + 1] = at_v;
        }
    };
    gen::generate_blocks(o, 0, m, [&](const gen::EdgeBlock &b) { take_slots(b, nullptr); });
    trace.phase("degrees");
    std::vector<uint64_t> offsets(size_t(n) + 1, 0);
    fill_offsets(n, [&](uint64_t v) { return cursor[v].load(std::memory_order_relaxed); }, offsets.data());
    trace.phase("offsets");
    const uint64_t stored = offsets[n];
    check_host_memory(uint64_t(n) * 24 + stored * 8,
                      format("a generated graph of %u vertices and %llu stored edges", n, (unsigned long long)stored));

    // 2. Placement, straight into the CSR's arrays.
    Csr csr;
    csr.n = n;
    // Written at random: on huge pages where the kernel gives them (core/huge_pages.h).
    resize_huge(csr.indices, stored);
    resize_huge(csr.weights, stored);
    trace.phase("edge arrays");
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) cursor[size_t(v)].store(offsets[size_t(v)], std::memory_order_relaxed);
    gen::generate_blocks(o, 0, m, [&](const gen::EdgeBlock &b) {
        // The block's slots first, then its stores: an atomic add waits for
        // the stores before it to leave the store buffer, so placing each
        // edge as its slot came back cost one cache miss after another
        // (write misses included); apart, the stores overlap.
        thread_local std::vector<uint64_t> slots;
        slots.resize(2 * b.count);
        const uint64_t *slot = slots.data();
        take_slots(b, slots.data());
        for (uint64_t i = 0; i < b.count; ++i) {
            const uint32_t u = b.src[i], v = b.dst[i];
            if (u == v) continue;
            const float w = b.weights ? b.weights[i] : 1.0f;
            if (slot[2 * i] != kNoSlot) {
                csr.indices[slot[2 * i]] = v;
                csr.weights[slot[2 * i]] = w;
            }
            if (undirected && slot[2 * i + 1] != kNoSlot) {
                csr.indices[slot[2 * i + 1]] = u;
                csr.weights[slot[2 * i + 1]] = w;
            }
        }
    });
    std::vector<std::atomic<uint64_t>>().swap(cursor);
    trace.phase("placement");

    // 3. Each list sorted, one entry per target kept at its start.
    std::vector<uint64_t> kept(n, 0);
    const unsigned target_bits = bits_below(gen::vertex_count(o));
#pragma omp parallel
    {
        std::vector<uint64_t> keys, spare;
#pragma omp for schedule(dynamic, 1024)
        for (int64_t vertex = 0; vertex < int64_t(n); ++vertex) {
            const uint32_t v = uint32_t(vertex);
            const uint64_t begin = offsets[v], degree = offsets[v + 1] - begin;
            keys.resize(degree);
            for (uint64_t i = 0; i < degree; ++i) keys[i] = pack(csr.indices[begin + i], csr.weights[begin + i]);
            if (degree < kRadixFrom)
                std::sort(keys.begin(), keys.end());
            else
                radix_sort(keys.data(), degree, spare, target_bits, [](uint64_t key) { return key >> 32; });
            // Sorted by target: of each run of one target keep the smallest
            // weight (the run's first after std::sort, which also ordered the
            // weights; any after the radix sort, which did not).
            uint64_t count = 0;
            for (uint64_t i = 0; i < degree;) {
                const uint32_t target = uint32_t(keys[i] >> 32);
                uint32_t lightest = uint32_t(keys[i]);
                for (++i; i < degree && uint32_t(keys[i] >> 32) == target; ++i)
                    lightest = std::min(lightest, uint32_t(keys[i]));
                csr.indices[begin + count] = target;
                csr.weights[begin + count] = weight_of(lightest);
                ++count;
            }
            kept[v] = count;
        }
    }

    trace.phase("lists sorted, duplicates merged");
    // 4. The gaps closed: each chunk of vertices packs its lists at the start
    // of its own range (in parallel: ranges do not overlap), then the chunks
    // move down in order (each only over ranges already moved).
    csr.offsets.assign(size_t(n) + 1, 0);
    fill_offsets(n, [&](uint64_t v) { return uint64_t(kept[v]); }, csr.offsets.data());
    const uint64_t final_m = csr.offsets[n];
    if (final_m < stored) {
        const uint32_t chunks = uint32_t(std::min<uint64_t>(n, uint64_t(omp_get_max_threads()) * 16));
        std::vector<uint32_t> first(chunks + 1);
        for (uint32_t c = 0; c <= chunks; ++c) first[c] = uint32_t(uint64_t(n) * c / chunks);
        std::vector<uint64_t> packed(chunks, 0);  // entries each chunk holds after packing
#pragma omp parallel for schedule(dynamic, 1)
        for (int64_t c = 0; c < int64_t(chunks); ++c) {
            uint64_t to = offsets[first[c]];
            for (uint32_t v = first[c]; v < first[c + 1]; ++v) {
                std::memmove(&csr.indices[to], &csr.indices[offsets[v]], kept[v] * sizeof(uint32_t));
                std::memmove(&csr.weights[to], &csr.weights[offsets[v]], kept[v] * sizeof(float));
                to += kept[v];
            }
            packed[size_t(c)] = to - offsets[first[c]];
        }
        // In order: a chunk's new place may overlap the old place of the
        // chunk before it, never of one after it.
        for (uint32_t c = 0; c < chunks; ++c) {
            const uint64_t from = offsets[first[c]], to = csr.offsets[first[c]];
            move_down(csr.indices.data(), from, to, packed[c]);
            move_down(csr.weights.data(), from, to, packed[c]);
        }
        csr.indices.resize(final_m);  // keeps the capacity: no second copy of the arrays
        csr.weights.resize(final_m);
    }
    trace.phase("gaps closed");
    return csr;
}

Graph generate_graph(const gg_generator_options &o) {
    const uint64_t m = gen::checked_edges(o);
    Graph g;
    g.out = generate_rows(o, 0, gen::vertex_count(o));
    g.undirected = o.symmetrize != 0;
    // Weighted as the builder sees an edge list: one without edges has no weights.
    g.weighted = o.weighted != 0 && m > 0;
    BuildTrace trace(format("generated graph of %u vertices", g.out.n));
    compute_weight_facts(g);
    trace.phase("weight facts");
    return g;
}

}  // namespace gg
