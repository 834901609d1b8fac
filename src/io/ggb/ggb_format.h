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
//   ...     8           checksum (checksum.h) of every byte before it
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "io/ggb/checksum.h"
#include "io/input_file.h"
#include "io/io.h"

namespace gg::io {

constexpr unsigned char kGgbMagic[8] = {0x89, 'G', 'G', 'B', '\r', '\n', 0x1a, '\n'};
constexpr uint32_t kGgbVersion = 1;
constexpr uint32_t kGgbFlagUndirected = 1u << 0;
constexpr uint32_t kGgbFlagWeighted = 1u << 1;
constexpr uint64_t kGgbHeaderBytes = 32;
constexpr uint64_t kGgbChecksumBytes = 8;
constexpr size_t kGgbBlockBytes = size_t(16) << 20;  // reads and hashes go in blocks of this size

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
    uint64_t n = 0;
    uint64_t m = 0;
    bool undirected = false;
    bool weighted = false;

    uint64_t offsets_at() const { return kGgbHeaderBytes; }
    uint64_t indices_at() const { return kGgbHeaderBytes + 8 * (n + 1); }
    uint64_t weights_at() const { return indices_at() + 4 * m; }
    uint64_t checksum_at() const { return weights_at() + (weighted ? 4 * m : 0); }
};

// Reads the header from a file just opened into bytes (kGgbHeaderBytes, for
// the caller to hash) and checks it before anything is allocated from it:
// a regular file, magic, version, flags, n below 2^32, sizes adding up to the
// file's size, m within max_edges.
GgbHeader read_ggb_header(InputFile &in, unsigned char *bytes, uint64_t max_edges);

// Reads `bytes` bytes in order into dst, hashing each block while it is in
// cache; progress, if given, after each block.
void read_hashed(InputFile &in, Checksum &sum, void *dst, uint64_t bytes, const ProgressFn &progress);

// Reads the stored checksum that follows what `sum` hashed and compares.
void check_ggb_checksum(InputFile &in, const Checksum &sum);

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
// the first fault in vertex order is reported.
void check_ggb_offsets(const std::string &path, const GgbHeader &header, const GgbRun &run);
// Ids below n and sorted within each list; weights finite.
void check_ggb_edges(const std::string &path, const GgbHeader &header, const GgbRun &run);

}  // namespace gg::io
