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
#include <algorithm>
#include <atomic>
#include <cstring>

#include <omp.h>

#include "core/huge_pages.h"
#include "core/trace.h"
#include "io/formats.h"
#include "io/ggb/ggb_format.h"

namespace gg::io {

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
    const SymmetryKey key = g.undirected ? SymmetryKey::draw() : SymmetryKey{};
    const GgbEdgeFacts facts = check_ggb_edges(in.path(), h, whole, g.undirected ? &key : nullptr);
    facts.weights.store(g);  // none gathered without weights: all 1
    trace.phase("ids, weights and symmetry sum checked");
    // The exact pass names the unmatched edge, or accepts a file whose only
    // differences are zero weights of both signs.
    if (g.undirected && facts.asymmetry != 0) check_ggb_symmetric_exactly(in.path(), csr);
    return g;
}

void write_ggb(const Graph &g, OutputFile &out, const ProgressFn &progress) {
    require_little_endian(out.path());
    const Csr &csr = g.out;
    BuildTrace trace(format("writing %s (%u vertices, %llu edges)", out.path().c_str(), csr.n,
                            (unsigned long long)csr.num_edges()));
    unsigned char header[kGgbHeaderBytes];
    std::memcpy(header, kGgbMagic, sizeof kGgbMagic);
    put_le(header + 8, kGgbVersion, 4);
    put_le(header + 12, (g.undirected ? kGgbFlagUndirected : 0) | (g.weighted ? kGgbFlagWeighted : 0), 4);
    put_le(header + 16, csr.n, 8);
    put_le(header + 24, csr.num_edges(), 8);

    // The covered bytes as they follow each other in the file; each range
    // the file asks for is one block, copied and then checksummed.
    struct Piece {
        const void *data;
        uint64_t bytes;
    };
    const Piece pieces[] = {{header, kGgbHeaderBytes},
                            {csr.offsets.data(), 8 * (uint64_t(csr.n) + 1)},
                            {csr.indices.data(), 4 * csr.num_edges()},
                            {csr.weights.data(), g.weighted ? 4 * csr.num_edges() : 0}};
    uint64_t total = 0;
    for (const Piece &piece : pieces) total += piece.bytes;
    static_assert(kGgbBlockBytes == OutputFile::kRangeBytes, "one range the file asks for is one block");
    std::vector<uint64_t> block_sums(size_t((total + kGgbBlockBytes - 1) / kGgbBlockBytes));
    std::atomic<uint64_t> done{0};
    out.write_ranges(total, [&](uint64_t at, char *into, size_t n) {
        uint64_t piece_start = 0;
        for (const Piece &piece : pieces) {
            const uint64_t from = std::max(at, piece_start), to = std::min<uint64_t>(at + n, piece_start + piece.bytes);
            if (from < to)
                std::memcpy(into + (from - at), static_cast<const char *>(piece.data) + (from - piece_start),
                            size_t(to - from));
            piece_start += piece.bytes;
        }
        Checksum sum;
        sum.update(into, n);
        block_sums[size_t(at / kGgbBlockBytes)] = sum.digest();
        const uint64_t now = done.fetch_add(n, std::memory_order_relaxed) + n;
        if (progress && omp_get_thread_num() == 0) progress(now, total);
    });
    const std::vector<unsigned char> trailer = ggb_block_table(block_sums);
    out.write(trailer.data(), trailer.size());
    trace.phase("checksummed and written");
}

}  // namespace gg::io
