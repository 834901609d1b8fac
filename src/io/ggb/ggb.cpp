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
    const SymmetryKey key = SymmetryKey::draw();
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
    trace.phase("checksummed and written");
}

}  // namespace gg::io
