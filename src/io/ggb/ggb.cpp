// gg's binary graph format (.ggb), the whole file: the CSR arrays as they lie
// in memory, so a big graph loads at disk speed, straight into the graph's
// vectors. The layout is in ggb_format.h; a process's share of a file is read
// by ggb_share.cpp.
//
// Loading trusts nothing: the header's sizes must give exactly the file's
// size before anything is allocated; the checksum is verified; then offsets
// must rise from 0 to m, ids lie below n and be sorted, weights be finite,
// and an undirected graph be symmetric (its in-edges are its out-edges).
// A .ggb keeps the graph exactly as it was built; the load options other
// than max_edges do not apply to it (gg.h).
#include <cstring>
#include <random>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/huge_pages.h"
#include "core/trace.h"
#include "io/formats.h"
#include "io/ggb/ggb_format.h"

namespace gg::io {
namespace {

// Symmetric means the transpose equals the graph: the multiset of edges
// (u, v, w) equals that of (v, u, w). Two passes answer it.
//
// The exact pass: visiting sources in order, edge u -> v must match the next
// unmatched entry of v's sorted list. The threads split the targets v into
// ranges, as transpose() does, and follow only the edges into their range
// (visit_edges_into), so every cursor sees its edges in the sequential
// order. The first failing edge in that order, the smallest (u, v), is
// reported, the same on any thread count. It makes three random accesses per
// edge: 2.9 s for kron scale 22 (128M edges) on the 2-core VM.
void check_symmetric_exactly(const InputFile &in, const Csr &csr) {
    std::vector<uint64_t> next(csr.offsets.begin(), csr.offsets.end() - 1);
    uint64_t first_bad = UINT64_MAX;  // (u << 32) | v
#pragma omp parallel reduction(min : first_bad)
    {
        int threads = 1, me = 0;
#ifdef _OPENMP
        threads = omp_get_num_threads();
        me = omp_get_thread_num();
#endif
        const uint32_t lo = uint32_t(uint64_t(csr.n) * me / threads), hi = uint32_t(uint64_t(csr.n) * (me + 1) / threads);
        visit_edges_into(csr, lo, hi, [&](uint32_t u, uint64_t e) {
            const uint32_t v = csr.indices[e];
            uint64_t &at = next[v];
            if (at == csr.offsets[v + 1] || csr.indices[at] != u || csr.weights[at] != csr.weights[e]) {
                first_bad = (uint64_t(u) << 32) | v;
                return false;
            }
            ++at;
            return true;
        });
    }
    if (first_bad != UINT64_MAX) {
        const uint32_t u = uint32_t(first_bad >> 32), v = uint32_t(first_bad);
        ggb_corrupt(in.path(), format("flagged undirected, but edge %u -> %u has no matching %u -> %u", u, v, v, u));
    }
}

// A 64-bit hash of edge (u, v, w) under the load's keys (key[1] odd): the
// SplitMix64 finaliser, a bijection, of a keyed mix of the three fields.
// -0 and +0 hash alike, as the exact pass compares them equal.
uint64_t edge_hash(uint32_t u, uint32_t v, float w, const uint64_t key[2]) {
    uint32_t bits = 0;
    if (w != 0.0f) std::memcpy(&bits, &w, sizeof bits);
    uint64_t z = (((uint64_t(u) << 32) | v) ^ key[0]) + uint64_t(bits) * key[1];
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// The fast pass, reading the arrays in order on every thread: the sum over
// the edges of hash(u, v, w) - hash(v, u, w), modulo 2^64, under keys drawn
// at random for each load. The edges of a symmetric graph cancel in pairs.
// Otherwise what stays is a sum over the unmatched edges of keyed values,
// zero with probability about 2^-64, and no file can be made to aim at it
// since the keys are new each time. Only when the sum is not zero does the
// exact pass run, to name the edge (or to accept a file whose only
// differences are zero weights of both signs).
void check_symmetric(const InputFile &in, const Csr &csr) {
    std::random_device entropy;
    uint64_t key[2];
    for (uint64_t &word : key) word = (uint64_t(entropy()) << 32) ^ entropy();
    key[1] |= 1;
    uint64_t sum = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : sum)
    for (int64_t u = 0; u < int64_t(csr.n); ++u)
        for (uint64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
            const uint32_t v = csr.indices[e];
            const float w = csr.weights[e];
            sum += edge_hash(uint32_t(u), v, w, key) - edge_hash(v, uint32_t(u), w, key);
        }
    if (sum != 0) check_symmetric_exactly(in, csr);
}

}  // namespace

Graph read_ggb(InputFile &in, const BuildOptions &options, const ProgressFn &progress) {
    unsigned char header[kGgbHeaderBytes];
    const GgbHeader h = read_ggb_header(in, header, options.max_edges);
    BuildTrace trace(format("reading %s (%llu vertices, %llu edges)", in.path().c_str(), (unsigned long long)h.n,
                            (unsigned long long)h.m));
    Graph g;
    g.undirected = h.undirected;
    g.weighted = h.weighted;
    Csr &csr = g.out;
    csr.n = uint32_t(h.n);
    // Advised for huge pages: the reads fault them in (a 4 KiB fault per
    // page cost a tenth of the reading time on the 2-core VM).
    reserve_huge(csr.offsets, h.n + 1);
    csr.offsets.resize(h.n + 1);
    reserve_huge(csr.indices, h.m);
    csr.indices.resize(h.m);
    if (h.weighted) {
        reserve_huge(csr.weights, h.m);
        csr.weights.resize(h.m);
    }
    if (h.version >= 2) {
        read_ggb_blocks(in, h, header, csr.offsets.data(), csr.indices.data(),
                        h.weighted ? csr.weights.data() : nullptr, progress);
    } else {
        Checksum sum;
        sum.update(header, kGgbHeaderBytes);
        read_hashed(in, sum, csr.offsets.data(), 8 * (h.n + 1), progress);
        read_hashed(in, sum, csr.indices.data(), 4 * h.m, progress);
        if (h.weighted) read_hashed(in, sum, csr.weights.data(), 4 * h.m, progress);
        check_ggb_checksum(in, sum);
    }
    if (!h.weighted) csr.weights.assign(h.m, 1.0f);
    trace.phase("read and checksummed");

    GgbRun whole;
    whole.vertices = csr.n;
    whole.offsets = csr.offsets.data();
    whole.indices = csr.indices.data();
    whole.weights = h.weighted ? csr.weights.data() : nullptr;
    check_ggb_offsets(in.path(), h, whole);
    check_ggb_edges(in.path(), h, whole);
    trace.phase("offsets, ids and weights checked");
    if (g.undirected) check_symmetric(in, csr);
    trace.phase("symmetry checked");
    compute_weight_facts(g);
    trace.phase("weight facts");
    return g;
}

void write_ggb(const Graph &g, OutputFile &out, const ProgressFn &progress) {
    require_little_endian(out.path());
    const Csr &csr = g.out;
    unsigned char header[kGgbHeaderBytes];
    std::memcpy(header, kGgbMagic, sizeof kGgbMagic);
    put_le(header + 8, kGgbVersion, 4);
    put_le(header + 12, (g.undirected ? kGgbFlagUndirected : 0) | (g.weighted ? kGgbFlagWeighted : 0), 4);
    put_le(header + 16, csr.n, 8);
    put_le(header + 24, csr.num_edges(), 8);

    GgbBlockSums sums;
    const uint64_t total = kGgbHeaderBytes + 8 * (uint64_t(csr.n) + 1) + (g.weighted ? 8 : 4) * csr.num_edges();
    uint64_t done = 0;
    auto emit = [&](const void *data, uint64_t bytes) {
        const char *p = static_cast<const char *>(data);
        while (bytes > 0) {
            size_t step = bytes < kGgbBlockBytes ? size_t(bytes) : kGgbBlockBytes;
            sums.update(p, step);
            out.write(p, step);
            p += step;
            bytes -= step;
            done += step;
            if (progress) progress(done, total);
        }
    };
    emit(header, kGgbHeaderBytes);
    emit(csr.offsets.data(), 8 * (uint64_t(csr.n) + 1));
    emit(csr.indices.data(), 4 * csr.num_edges());
    if (g.weighted) emit(csr.weights.data(), 4 * csr.num_edges());
    const std::vector<unsigned char> trailer = sums.trailer();
    out.write(trailer.data(), trailer.size());
}

}  // namespace gg::io
