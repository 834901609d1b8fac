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

#ifdef _OPENMP
#include <omp.h>
#endif

#include "io/formats.h"
#include "io/ggb/ggb_format.h"

namespace gg::io {
namespace {

// Symmetric means the transpose equals the graph. Visiting sources in order,
// edge u -> v must match the next unmatched entry of v's sorted list. The
// threads split the targets v into ranges, as transpose() does: each reads
// every edge but follows only those into its range, so the random accesses
// (v's cursor and list) are divided among them and every cursor sees its
// edges in the sequential order. The first failing edge in that order, the
// smallest (u, v), is reported, the same on any thread count.
void check_symmetric(const InputFile &in, const Csr &csr) {
    std::vector<uint64_t> next(csr.offsets.begin(), csr.offsets.end() - 1);
    uint64_t first_bad = UINT64_MAX;  // (u << 32) | v
#pragma omp parallel reduction(min : first_bad)
    {
        int threads = 1, me = 0;
#ifdef _OPENMP
        threads = omp_get_num_threads();
        me = omp_get_thread_num();
#endif
        const uint64_t lo = uint64_t(csr.n) * me / threads, hi = uint64_t(csr.n) * (me + 1) / threads;
        for (uint32_t u = 0; u < csr.n && first_bad == UINT64_MAX; ++u) {
            for (uint64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
                const uint32_t v = csr.indices[e];
                if (v < lo || v >= hi) continue;
                uint64_t &at = next[v];
                if (at == csr.offsets[v + 1] || csr.indices[at] != u || csr.weights[at] != csr.weights[e]) {
                    first_bad = (uint64_t(u) << 32) | v;
                    break;
                }
                ++at;
            }
        }
    }
    if (first_bad != UINT64_MAX) {
        const uint32_t u = uint32_t(first_bad >> 32), v = uint32_t(first_bad);
        ggb_corrupt(in.path(), format("flagged undirected, but edge %u -> %u has no matching %u -> %u", u, v, v, u));
    }
}

}  // namespace

Graph read_ggb(InputFile &in, const BuildOptions &options, const ProgressFn &progress) {
    unsigned char header[kGgbHeaderBytes];
    const GgbHeader h = read_ggb_header(in, header, options.max_edges);
    Checksum sum;
    sum.update(header, kGgbHeaderBytes);
    Graph g;
    g.undirected = h.undirected;
    g.weighted = h.weighted;
    Csr &csr = g.out;
    csr.n = uint32_t(h.n);
    csr.offsets.resize(h.n + 1);
    csr.indices.resize(h.m);
    read_hashed(in, sum, csr.offsets.data(), 8 * (h.n + 1), progress);
    read_hashed(in, sum, csr.indices.data(), 4 * h.m, progress);
    if (h.weighted) {
        csr.weights.resize(h.m);
        read_hashed(in, sum, csr.weights.data(), 4 * h.m, progress);
    } else {
        csr.weights.assign(h.m, 1.0f);
    }
    check_ggb_checksum(in, sum);

    GgbRun whole;
    whole.vertices = csr.n;
    whole.offsets = csr.offsets.data();
    whole.indices = csr.indices.data();
    whole.weights = h.weighted ? csr.weights.data() : nullptr;
    check_ggb_offsets(in.path(), h, whole);
    check_ggb_edges(in.path(), h, whole);
    if (g.undirected) check_symmetric(in, csr);
    compute_weight_facts(g);
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

    Checksum sum;
    const uint64_t total = kGgbHeaderBytes + 8 * (uint64_t(csr.n) + 1) + (g.weighted ? 8 : 4) * csr.num_edges();
    uint64_t done = 0;
    auto emit = [&](const void *data, uint64_t bytes) {
        const char *p = static_cast<const char *>(data);
        while (bytes > 0) {
            size_t step = bytes < kGgbBlockBytes ? size_t(bytes) : kGgbBlockBytes;
            sum.update(p, step);
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
    unsigned char trailer[kGgbChecksumBytes];
    put_le(trailer, sum.digest(), 8);
    out.write(trailer, kGgbChecksumBytes);
}

}  // namespace gg::io
