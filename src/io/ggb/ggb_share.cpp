// One process's share of a .ggb file (graph/edge_share.h), for distributed
// loads in which no process may hold the whole graph.
//
// The share of rank r of R is the run of source vertices whose edges start at
// or after edge r * m / R and before edge (r + 1) * m / R: each boundary is a
// binary search over the stored offsets, O(log n) positioned reads of 8 bytes,
// and every rank finds the same boundaries, so the shares cover the vertices
// once. Then the share's offsets, indices and weights are read and checked
// with the whole-file reader's checks (ggb_format.h). The checksums cover the
// whole file, so one rank verifies them (verify_ggb_checksum): version 2's
// blocks on every thread, version 1's stream on one.
#include <algorithm>
#include <vector>

#include "core/error.h"
#include "graph/edge_share.h"
#include "io/ggb/ggb_format.h"

namespace gg {
namespace {

using io::GgbHeader;
using io::InputFile;

void read_exact(InputFile &in, uint64_t at, void *dst, uint64_t bytes) {
    if (in.read_at(at, dst, size_t(bytes)) != bytes)
        io::ggb_corrupt(in.path(), "the file ended early (it shrank while being read?)");
}

uint64_t offset_of(InputFile &in, const GgbHeader &h, uint64_t v) {
    unsigned char bytes[8];
    read_exact(in, h.offsets_at() + 8 * v, bytes, 8);
    return io::get_le(bytes, 8);
}

// The first vertex of rank r's share: the first whose edges start at or after
// edge r * m / R (0 for r = 0, n for r = R). Even over offsets that do not
// rise, the boundaries rise with r: two searches take the same steps until a
// probed offset lies between their targets, where the smaller target goes
// left of it and the larger right. So the shares tile [0, n) whatever the
// file holds, and every offset is checked by some rank.
uint64_t share_boundary(InputFile &in, const GgbHeader &h, uint32_t r, uint32_t ranks) {
    if (r == 0) return 0;
    if (r == ranks) return h.n;
    const uint64_t target = uint64_t((unsigned __int128)h.m * r / ranks);
    uint64_t lo = 0, hi = h.n;
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (offset_of(in, h, mid) < target)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

}  // namespace

EdgeShare read_ggb_share(const std::string &path, uint32_t rank, uint32_t ranks, const BuildOptions &options) {
    if (ranks == 0 || rank >= ranks)
        fail(GG_ERROR_INVALID_ARGUMENT, "%s: share of rank %u of %u ranks; the rank must be below the ranks",
             path.c_str(), rank, ranks);
    InputFile in(path);
    unsigned char header[io::kGgbHeaderBytes];
    const GgbHeader h = io::read_ggb_header(in, header, options.max_edges);
    const uint64_t first = share_boundary(in, h, rank, ranks), last = share_boundary(in, h, rank + 1, ranks);

    if (first > last) io::ggb_corrupt(path, "the offsets changed while being read");  // see share_boundary

    std::vector<uint64_t> offsets(last - first + 1);
    read_exact(in, h.offsets_at() + 8 * first, offsets.data(), 8 * offsets.size());
    io::GgbRun run;
    run.first = uint32_t(first);
    run.vertices = uint32_t(last - first);
    run.offsets = offsets.data();
    io::check_ggb_offsets(path, h, run);

    EdgeShare share;
    share.n = uint32_t(h.n);
    share.total_edges = h.m;
    share.undirected = h.undirected;
    share.both_directions = true;
    share.weighted = h.weighted;
    EdgeList &edges = share.edges;
    edges.n = uint32_t(h.n);
    const uint64_t begin = offsets.front(), count = offsets.back() - begin;
    edges.dst.resize(count);
    read_exact(in, h.indices_at() + 4 * begin, edges.dst.data(), 4 * count);
    run.indices = edges.dst.data();
    if (h.weighted) {
        edges.weights.resize(count);
        read_exact(in, h.weights_at() + 4 * begin, edges.weights.data(), 4 * count);
        run.weights = edges.weights.data();
    }
    io::check_ggb_edges(path, h, run);  // its weight facts are the built graph's to gather

    edges.src.resize(count);
    for (uint32_t i = 0; i < run.vertices; ++i)
        std::fill(edges.src.begin() + (offsets[i] - begin), edges.src.begin() + (offsets[i + 1] - begin),
                  run.first + i);
    return share;
}

void verify_ggb_checksum(const std::string &path) {
    InputFile in(path);
    unsigned char header[io::kGgbHeaderBytes];
    const GgbHeader h = io::read_ggb_header(in, header, UINT64_MAX);
    if (h.version >= 2) return io::read_ggb_blocks(in, h, header, nullptr, nullptr, nullptr, nullptr);
    io::Checksum sum;
    sum.update(header, io::kGgbHeaderBytes);
    uint64_t left = h.checksum_at() - io::kGgbHeaderBytes;
    std::vector<unsigned char> block(size_t(std::min<uint64_t>(left, io::kGgbBlockBytes)));
    while (left > 0) {
        const uint64_t step = std::min<uint64_t>(left, block.size());
        io::read_hashed(in, sum, block.data(), step, nullptr);
        left -= step;
    }
    io::check_ggb_checksum(in, sum);
}

}  // namespace gg
