// The .ggb layout and the checks every .ggb reader makes, shared by the
// whole-file reader (ggb.cpp) and the reader of one process's share
// (ggb_share.cpp), so that both accept exactly the same files and report a
// fault in the same words.
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
// then, in version 1:
//   ...     8           checksum (checksum.h) of every byte before it
// in version 2 (what gg writes), for the B = ceil(D / 2^24) blocks of 16 MiB
// into which the D bytes above (header included) fall, the last one short:
//   ...     8 B         the checksum of each block
//   ...     8           the checksum of those 8 B bytes
// Version 1's checksum is one stream that only one thread can compute (4.5
// GB/s on the H200 host, the bound of loading a large file); version 2's
// blocks are verified on every thread at once. gg reads both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "io/ggb/checksum.h"
#include "io/input_file.h"
#include "io/io.h"

namespace gg::io {

constexpr unsigned char kGgbMagic[8] = {0x89, 'G', 'G', 'B', '\r', '\n', 0x1a, '\n'};
constexpr uint32_t kGgbVersion = 2;       // written
constexpr uint32_t kGgbFirstVersion = 1;  // the oldest read
constexpr uint32_t kGgbFlagUndirected = 1u << 0;
constexpr uint32_t kGgbFlagWeighted = 1u << 1;
constexpr uint64_t kGgbHeaderBytes = 32;
constexpr uint64_t kGgbChecksumBytes = 8;
// Reads and hashes go in blocks of this size; in version 2 it is also the
// checksummed block, part of the format.
constexpr size_t kGgbBlockBytes = size_t(16) << 20;

inline uint64_t get_le(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

inline void put_le(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) p[i] = (unsigned char)(v >> (8 * i));
}

// GG_ERROR_UNSUPPORTED on a big-endian machine: the arrays are stored as they lie in memory.
void require_little_endian(const std::string &path);

[[noreturn]] void ggb_corrupt(const std::string &path, const std::string &what);

// A header whose sizes give exactly the file's size; where each array starts.
struct GgbHeader {
    uint32_t version = kGgbVersion;
    uint64_t n = 0;
    uint64_t m = 0;
    bool undirected = false;
    bool weighted = false;

    uint64_t offsets_at() const { return kGgbHeaderBytes; }
    uint64_t indices_at() const { return kGgbHeaderBytes + 8 * (n + 1); }
    uint64_t weights_at() const { return indices_at() + 4 * m; }
    // The end of the arrays: the bytes the checksums cover, and where they start.
    uint64_t checksum_at() const { return weights_at() + (weighted ? 4 * m : 0); }
    // Version 2's checksummed blocks (0 in version 1).
    uint64_t blocks() const { return version >= 2 ? (checksum_at() + kGgbBlockBytes - 1) / kGgbBlockBytes : 0; }
    uint64_t file_bytes() const { return checksum_at() + 8 * blocks() + kGgbChecksumBytes; }
};

// Reads the header from a file just opened into bytes (kGgbHeaderBytes, for
// the caller to hash) and checks it before anything is allocated from it:
// a regular file, magic, version, flags, n below 2^32, sizes adding up to the
// file's size, m within max_edges.
GgbHeader read_ggb_header(InputFile &in, unsigned char *bytes, uint64_t max_edges);

// Reads `bytes` bytes in order into dst, hashing each block while it is in
// cache; progress, if given, after each block.
void read_hashed(InputFile &in, Checksum &sum, void *dst, uint64_t bytes, const ProgressFn &progress);

// Reads the stored checksum that follows what `sum` hashed and compares (version 1).
void check_ggb_checksum(InputFile &in, const Checksum &sum);

// Version 2: reads the arrays into `offsets`, `indices` and `weights` (each
// null to read only for checking; weights null too when the file has none)
// and checks every block against the file's block table, the blocks on every
// thread. `header` holds the header's bytes, read already.
void read_ggb_blocks(InputFile &in, const GgbHeader &h, const unsigned char *header, uint64_t *offsets,
                     uint32_t *indices, float *weights, const ProgressFn &progress);

// Version 2's trailer: the block checksums, then the checksum of that table.
std::vector<unsigned char> ggb_block_table(const std::vector<uint64_t> &block_sums);

// A run of a file's CSR: vertices [first, first + vertices), their vertices + 1
// offsets (global edge numbers) and the edges [offsets[0], offsets[vertices])
// they point to. The whole graph is the run from 0 of n vertices.
struct GgbRun {
    uint32_t first = 0;
    uint32_t vertices = 0;
    const uint64_t *offsets = nullptr;
    const uint32_t *indices = nullptr;  // edge offsets[0] at indices[0]
    const float *weights = nullptr;     // the same edges; null when the file has none
};

// Offsets rise, start at 0 at vertex 0, end at m at vertex n and never pass m;
// the first fault in vertex order is reported. (ggb_checks.cpp holds these
// checks.)
void check_ggb_offsets(const std::string &path, const GgbHeader &header, const GgbRun &run);

// The keys of one load's symmetry sum, drawn at random for each load.
struct SymmetryKey {
    uint64_t word[2];  // word[1] odd
    static SymmetryKey draw();
};

// What the pass over a run's edges gathers besides checking them.
struct GgbEdgeFacts {
    WeightFacts weights;     // of the run's weights; none gathered when it has none
    uint64_t asymmetry = 0;  // with a key: zero when the run equals its transpose
};

// Ids below n and sorted within each list; weights finite; the first fault
// in vertex order is reported. The same pass gathers the weight facts and,
// given a key, the sum over the edges u -> v (u != v) of +hash(u, v, w)
// when u < v and -hash(v, u, w) when u > v, modulo 2^64: the edges of a
// graph equal to its transpose cancel in pairs, and an unmatched edge leaves
// a keyed value that no file can aim at, the keys being new each load.
GgbEdgeFacts check_ggb_edges(const std::string &path, const GgbHeader &header, const GgbRun &run,
                             const SymmetryKey *key = nullptr);

// The exact test behind a nonzero asymmetry: each edge u -> v must meet the
// next unmatched v -> u of the same weight (-0 and +0 alike); the smallest
// (u, v) that does not is reported. Returns when the graph is symmetric.
void check_ggb_symmetric_exactly(const std::string &path, const Csr &csr);

}  // namespace gg::io
