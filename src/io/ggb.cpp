// gg's binary graph format (.ggb): the CSR arrays as they lie in memory, so a
// big graph loads at disk speed, straight into the graph's vectors.
//
// Layout, all little-endian:
//   offset  size        field
//   0       8           magic "\x89GGB\r\n\x1a\n" (the high byte and the line
//                       endings catch 7-bit and text-mode transfers, as in PNG)
//   8       4           format version, 1
//   12      4           flags: bit 0 undirected, bit 1 weighted; others 0
//   16      8           n, at most 2^32 - 1
//   24      8           m, stored directed edges
//   32      8 (n + 1)   offsets, uint64
//   ...     4 m         indices, uint32, sorted within each vertex
//   ...     4 m         weights, float32 (only when weighted)
//   ...     8           checksum (checksum.h) of every byte before it
//
// Loading trusts nothing: the header's sizes must give exactly the file's
// size before anything is allocated; the checksum is verified; then offsets
// must rise from 0 to m, ids lie below n and be sorted, weights be finite,
// and an undirected graph be symmetric (its in-edges are its out-edges).
// A .ggb keeps the graph exactly as it was built; the load options other
// than max_edges do not apply to it (gg.h).
#include <algorithm>
#include <cmath>
#include <cstring>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "io/checksum.h"
#include "io/formats.h"

namespace gg::io {
namespace {

constexpr unsigned char kMagic[8] = {0x89, 'G', 'G', 'B', '\r', '\n', 0x1a, '\n'};
constexpr uint32_t kVersion = 1;
constexpr uint32_t kFlagUndirected = 1u << 0;
constexpr uint32_t kFlagWeighted = 1u << 1;
constexpr uint64_t kHeaderBytes = 32;
constexpr uint64_t kChecksumBytes = 8;
constexpr size_t kBlockBytes = size_t(16) << 20;

void require_little_endian(const std::string &path) {
    if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__)
        fail(GG_ERROR_UNSUPPORTED, "%s: .ggb files are little-endian and this machine is not", path.c_str());
}

uint64_t get_le(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

void put_le(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) p[i] = (unsigned char)(v >> (8 * i));
}

[[noreturn]] void corrupt(const InputFile &in, const char *what) {
    fail(GG_ERROR_PARSE, "%s: %s", in.path().c_str(), what);
}

// Reads bytes straight into dst, hashing each block while it is in cache.
void read_array(InputFile &in, Checksum &sum, void *dst, uint64_t bytes, const ProgressFn &progress) {
    char *p = static_cast<char *>(dst);
    while (bytes > 0) {
        size_t step = bytes < kBlockBytes ? size_t(bytes) : kBlockBytes;
        if (in.read(p, step) != step) corrupt(in, "the file ended early (it shrank while being read?)");
        sum.update(p, step);
        p += step;
        bytes -= step;
        if (progress) progress(in.bytes_read(), in.size());
    }
}

void check_offsets(const InputFile &in, const Csr &csr) {
    if (csr.offsets[0] != 0) corrupt(in, format("offsets[0] is %llu, not 0", (unsigned long long)csr.offsets[0]).c_str());
    for (uint32_t v = 0; v < csr.n; ++v)
        if (csr.offsets[v + 1] < csr.offsets[v])
            corrupt(in, format("offsets decrease at vertex %u", v).c_str());
    if (csr.offsets[csr.n] != csr.num_edges())
        corrupt(in, format("offsets end at %llu, but the header says %llu edges", (unsigned long long)csr.offsets[csr.n],
                           (unsigned long long)csr.num_edges())
                        .c_str());
}

// Ids below n and sorted within each list; the first bad vertex is reported.
void check_indices(const InputFile &in, const Csr &csr) {
    uint64_t first_bad = UINT64_MAX;
#pragma omp parallel for schedule(dynamic, 4096) reduction(min : first_bad)
    for (int64_t v = 0; v < int64_t(csr.n); ++v) {
        for (uint64_t e = csr.offsets[v]; e < csr.offsets[v + 1]; ++e) {
            bool bad = csr.indices[e] >= csr.n || (e > csr.offsets[v] && csr.indices[e] < csr.indices[e - 1]);
            if (bad) {
                first_bad = std::min(first_bad, uint64_t(v));
                break;
            }
        }
    }
    if (first_bad != UINT64_MAX)
        corrupt(in, format("the neighbours of vertex %llu are out of range or unsorted", (unsigned long long)first_bad).c_str());
}

void check_weights(const InputFile &in, const Csr &csr) {
    uint64_t first_bad = UINT64_MAX;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
    for (int64_t e = 0; e < int64_t(csr.weights.size()); ++e)
        if (!std::isfinite(csr.weights[e])) first_bad = std::min(first_bad, uint64_t(e));
    if (first_bad != UINT64_MAX)
        corrupt(in, format("the weight of edge %llu is not finite", (unsigned long long)first_bad).c_str());
}

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
        corrupt(in, format("flagged undirected, but edge %u -> %u has no matching %u -> %u", u, v, v, u).c_str());
    }
}

}  // namespace

Graph read_ggb(InputFile &in, const BuildOptions &options, const ProgressFn &progress) {
    require_little_endian(in.path());
    if (!in.size_known()) fail(GG_ERROR_IO, "%s: a .ggb file must be a regular file (its size is checked)", in.path().c_str());
    unsigned char header[kHeaderBytes];
    if (in.read(header, kHeaderBytes) != kHeaderBytes) corrupt(in, "too short for a .ggb header (32 bytes)");
    if (std::memcmp(header, kMagic, sizeof kMagic) != 0) corrupt(in, "not a .ggb file (bad magic bytes)");
    uint32_t version = uint32_t(get_le(header + 8, 4));
    uint32_t flags = uint32_t(get_le(header + 12, 4));
    uint64_t n = get_le(header + 16, 8), m = get_le(header + 24, 8);
    if (version != kVersion)
        fail(GG_ERROR_UNSUPPORTED, "%s: .ggb version %u; this gg reads version %u", in.path().c_str(), version, kVersion);
    if (flags & ~(kFlagUndirected | kFlagWeighted)) corrupt(in, format("unknown header flags 0x%x", flags).c_str());
    const bool weighted = flags & kFlagWeighted;
    if (n > UINT32_MAX) corrupt(in, format("header declares %llu vertices, more than 2^32 - 1", (unsigned long long)n).c_str());

    // The header's sizes must add up to the file size (no overflow: n < 2^32,
    // and m is bounded by the file size before it is multiplied).
    const uint64_t size = in.size();
    const uint64_t edge_bytes = weighted ? 8 : 4;
    const uint64_t fixed = kHeaderBytes + 8 * (n + 1) + kChecksumBytes;
    if (fixed > size || m > (size - fixed) / edge_bytes || fixed + m * edge_bytes != size)
        corrupt(in, format("the header declares %llu vertices and %llu edges, which do not fit the %llu-byte file "
                           "(truncated or corrupt)",
                           (unsigned long long)n, (unsigned long long)m, (unsigned long long)size)
                        .c_str());
    if (m > options.max_edges)
        fail(GG_ERROR_TOO_LARGE, "%s: %llu edges, more than max_edges (%llu)", in.path().c_str(), (unsigned long long)m,
             (unsigned long long)options.max_edges);

    Checksum sum;
    sum.update(header, kHeaderBytes);
    Graph g;
    g.undirected = flags & kFlagUndirected;
    g.weighted = weighted;
    Csr &csr = g.out;
    csr.n = uint32_t(n);
    csr.offsets.resize(n + 1);
    csr.indices.resize(m);
    read_array(in, sum, csr.offsets.data(), 8 * (n + 1), progress);
    read_array(in, sum, csr.indices.data(), 4 * m, progress);
    if (weighted) {
        csr.weights.resize(m);
        read_array(in, sum, csr.weights.data(), 4 * m, progress);
    } else {
        csr.weights.assign(m, 1.0f);
    }
    unsigned char stored[kChecksumBytes];
    if (in.read(stored, kChecksumBytes) != kChecksumBytes) corrupt(in, "the file ended before its checksum");
    if (get_le(stored, 8) != sum.digest()) corrupt(in, "checksum mismatch: the file is corrupt");

    check_offsets(in, csr);
    check_indices(in, csr);
    check_weights(in, csr);
    if (g.undirected) check_symmetric(in, csr);
    compute_weight_facts(g);
    return g;
}

void write_ggb(const Graph &g, OutputFile &out, const ProgressFn &progress) {
    require_little_endian(out.path());
    const Csr &csr = g.out;
    unsigned char header[kHeaderBytes];
    std::memcpy(header, kMagic, sizeof kMagic);
    put_le(header + 8, kVersion, 4);
    put_le(header + 12, (g.undirected ? kFlagUndirected : 0) | (g.weighted ? kFlagWeighted : 0), 4);
    put_le(header + 16, csr.n, 8);
    put_le(header + 24, csr.num_edges(), 8);

    Checksum sum;
    const uint64_t total = kHeaderBytes + 8 * (uint64_t(csr.n) + 1) + (g.weighted ? 8 : 4) * csr.num_edges();
    uint64_t done = 0;
    auto emit = [&](const void *data, uint64_t bytes) {
        const char *p = static_cast<const char *>(data);
        while (bytes > 0) {
            size_t step = bytes < kBlockBytes ? size_t(bytes) : kBlockBytes;
            sum.update(p, step);
            out.write(p, step);
            p += step;
            bytes -= step;
            done += step;
            if (progress) progress(done, total);
        }
    };
    emit(header, kHeaderBytes);
    emit(csr.offsets.data(), 8 * (uint64_t(csr.n) + 1));
    emit(csr.indices.data(), 4 * csr.num_edges());
    if (g.weighted) emit(csr.weights.data(), 4 * csr.num_edges());
    unsigned char trailer[kChecksumBytes];
    put_le(trailer, sum.digest(), 8);
    out.write(trailer, kChecksumBytes);
}

}  // namespace gg::io
