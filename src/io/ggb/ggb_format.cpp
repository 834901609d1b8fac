// The checks of ggb_format.h: what any .ggb reader, of the whole file or of
// a share, verifies before it trusts a byte, in the words read_ggb reports.
#include "io/ggb/ggb_format.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include <omp.h>

#include "core/error.h"
#include "core/timer.h"
#include "core/trace.h"

namespace gg::io {

void require_little_endian(const std::string &path) {
    if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__)
        fail(GG_ERROR_UNSUPPORTED, "%s: .ggb files are little-endian and this machine is not", path.c_str());
}

void ggb_corrupt(const std::string &path, const std::string &what) {
    fail(GG_ERROR_PARSE, "%s: %s", path.c_str(), what.c_str());
}

GgbHeader read_ggb_header(InputFile &in, unsigned char *bytes, uint64_t max_edges) {
    const std::string &path = in.path();
    require_little_endian(path);
    if (!in.size_known())
        fail(GG_ERROR_IO, "%s: a .ggb file must be a regular file (its size is checked)", path.c_str());
    if (in.read(bytes, kGgbHeaderBytes) != kGgbHeaderBytes) ggb_corrupt(path, "too short for a .ggb header (32 bytes)");
    if (!std::equal(kGgbMagic, kGgbMagic + sizeof kGgbMagic, bytes))
        ggb_corrupt(path, "not a .ggb file (bad magic bytes)");
    const uint32_t version = uint32_t(get_le(bytes + 8, 4));
    const uint32_t flags = uint32_t(get_le(bytes + 12, 4));
    GgbHeader h;
    h.version = version;
    h.n = get_le(bytes + 16, 8);
    h.m = get_le(bytes + 24, 8);
    if (version < kGgbFirstVersion || version > kGgbVersion)
        fail(GG_ERROR_UNSUPPORTED, "%s: .ggb version %u; this gg reads versions %u to %u", path.c_str(), version,
             kGgbFirstVersion, kGgbVersion);
    if (flags & ~(kGgbFlagUndirected | kGgbFlagWeighted)) ggb_corrupt(path, format("unknown header flags 0x%x", flags));
    h.undirected = flags & kGgbFlagUndirected;
    h.weighted = flags & kGgbFlagWeighted;
    if (h.n > UINT32_MAX)
        ggb_corrupt(path, format("header declares %llu vertices, more than 2^32 - 1", (unsigned long long)h.n));

    // The header's sizes must add up to the file size (no overflow: n < 2^32,
    // and m is bounded by the file size before it is multiplied).
    const uint64_t size = in.size();
    const uint64_t edge_bytes = h.weighted ? 8 : 4;
    const uint64_t fixed = kGgbHeaderBytes + 8 * (h.n + 1) + kGgbChecksumBytes;
    // (Version 2's block table only adds to `fixed`'s bytes, so the bound on m holds first.)
    if (fixed > size || h.m > (size - fixed) / edge_bytes || h.file_bytes() != size)
        ggb_corrupt(path,
                    format("the header declares %llu vertices and %llu edges, which do not fit the %llu-byte file "
                           "(truncated or corrupt)",
                           (unsigned long long)h.n, (unsigned long long)h.m, (unsigned long long)size));
    if (h.m > max_edges)
        fail(GG_ERROR_TOO_LARGE, "%s: %llu edges, more than max_edges (%llu)", path.c_str(), (unsigned long long)h.m,
             (unsigned long long)max_edges);
    return h;
}

namespace {

void read_hashed_serially(InputFile &in, Checksum &sum, char *p, uint64_t bytes, const ProgressFn &progress) {
    while (bytes > 0) {
        const size_t step = bytes < kGgbBlockBytes ? size_t(bytes) : kGgbBlockBytes;
        if (in.read(p, step) != step) ggb_corrupt(in.path(), "the file ended early (it shrank while being read?)");
        sum.update(p, step);
        p += step;
        bytes -= step;
        if (progress) progress(in.bytes_read(), in.size());
    }
}

}  // namespace

// The checksum is one stream, hashed in order by one thread (the caller's,
// so that progress reports come from it), at several GB/s. Reading is what
// can go wider: the other threads pread the blocks ahead of it, each into its
// place, and the hashing thread reads a block itself whenever the one it
// needs is not yet claimed. One thread reading then hashing moved a 8.6 GB
// file at about 0.5 GB/s with the checks (kron scale 25 on the H100 host).
void read_hashed(InputFile &in, Checksum &sum, void *dst, uint64_t bytes, const ProgressFn &progress) {
    char *p = static_cast<char *>(dst);
    const uint64_t blocks = (bytes + kGgbBlockBytes - 1) / kGgbBlockBytes;
    const int threads = omp_get_max_threads();
    if (blocks < 4 || threads < 2 || !in.size_known()) return read_hashed_serially(in, sum, p, bytes, progress);
    const uint64_t start = in.bytes_read();
    auto block_at = [&](uint64_t k) { return k * kGgbBlockBytes; };
    auto block_bytes = [&](uint64_t k) { return std::min<uint64_t>(kGgbBlockBytes, bytes - block_at(k)); };
    // 0: not read yet; 1: read; 2: short or failed (the file shrank, or an I/O error).
    std::unique_ptr<std::atomic<uint8_t>[]> state(new std::atomic<uint8_t>[blocks]);
    for (uint64_t k = 0; k < blocks; ++k) state[k].store(0, std::memory_order_relaxed);
    std::atomic<uint64_t> next_claim{0};
    std::atomic<bool> stop{false};
    std::mutex error_mutex;
    std::exception_ptr error;
    // Claims the next unread block and reads it; false when none is left.
    auto read_one = [&]() {
        const uint64_t k = next_claim.fetch_add(1, std::memory_order_relaxed);
        if (k >= blocks) return false;
        uint8_t result = 2;
        try {
            if (!stop.load(std::memory_order_relaxed) &&
                in.read_at(start + block_at(k), p + block_at(k), size_t(block_bytes(k))) == block_bytes(k))
                result = 1;
        } catch (...) {
            std::lock_guard<std::mutex> lock(error_mutex);
            if (!error) error = std::current_exception();
        }
        if (result != 1) stop.store(true, std::memory_order_relaxed);
        state[k].store(result, std::memory_order_release);
        return true;
    };
    bool complete = true;
    // Where the hashing thread's time went, for GG_TRACE_BUILD: hashing,
    // or reading and waiting for blocks (which of the two bounds the load).
    double hashing_ms = 0;
    const Stopwatch clock;
#pragma omp parallel num_threads(threads)
    {
        if (omp_get_thread_num() == 0) {
            try {
                for (uint64_t k = 0; k < blocks && complete; ++k) {
                    uint8_t s;
                    while ((s = state[k].load(std::memory_order_acquire)) == 0)
                        if (!read_one()) std::this_thread::yield();  // another thread is reading block k
                    complete = s == 1;
                    if (!complete) break;
                    const Stopwatch hashing;
                    sum.update(p + block_at(k), size_t(block_bytes(k)));
                    hashing_ms += hashing.elapsed_ms();
                    if (progress) progress(start + block_at(k) + block_bytes(k), in.size());
                }
            } catch (...) {  // from progress: nothing may leave a parallel region
                std::lock_guard<std::mutex> lock(error_mutex);
                if (!error) error = std::current_exception();
                complete = false;
            }
            stop.store(true, std::memory_order_relaxed);
        } else {
            while (!stop.load(std::memory_order_relaxed) && read_one()) {
            }
        }
    }
    if (error) std::rethrow_exception(error);
    if (!complete) ggb_corrupt(in.path(), "the file ended early (it shrank while being read?)");
    if (tracing_builds())
        trace_line("%s: %.3f GB read by %d threads in %.1f ms, hashed by one in %.1f ms of them", in.path().c_str(),
                   double(bytes) / 1e9, threads, clock.elapsed_ms(), hashing_ms);
    in.skip(bytes);
}

void read_ggb_blocks(InputFile &in, const GgbHeader &h, const unsigned char *header, uint64_t *offsets,
                     uint32_t *indices, float *weights, const ProgressFn &progress) {
    const std::string &path = in.path();
    const uint64_t blocks = h.blocks(), end = h.checksum_at();
    // The table first, checked against its own checksum.
    std::vector<unsigned char> table(size_t(8 * blocks + kGgbChecksumBytes));
    if (in.read_at(end, table.data(), table.size()) != table.size())
        ggb_corrupt(path, "the file ended early (it shrank while being read?)");
    Checksum table_sum;
    table_sum.update(table.data(), size_t(8 * blocks));
    if (get_le(table.data() + 8 * blocks, 8) != table_sum.digest())
        ggb_corrupt(path, "checksum mismatch in the block table: the file is corrupt");
    // Where the covered bytes go: the header (in memory already), then each array.
    struct Piece {
        uint64_t at, bytes;
        unsigned char *dst;  // null: read to check only
    };
    const Piece pieces[] = {{h.offsets_at(), 8 * (h.n + 1), reinterpret_cast<unsigned char *>(offsets)},
                            {h.indices_at(), 4 * h.m, reinterpret_cast<unsigned char *>(indices)},
                            {h.weights_at(), h.weighted ? 4 * h.m : 0, reinterpret_cast<unsigned char *>(weights)}};
    uint64_t first_bad = UINT64_MAX, first_short = UINT64_MAX;
    std::atomic<uint64_t> done{0};
    std::mutex error_mutex;
    std::exception_ptr error;
#pragma omp parallel reduction(min : first_bad, first_short)
    {
        std::vector<unsigned char> scratch;
#pragma omp for schedule(dynamic, 1)
        for (int64_t k = 0; k < int64_t(blocks); ++k) {
            const uint64_t lo = uint64_t(k) * kGgbBlockBytes, hi = std::min<uint64_t>(lo + kGgbBlockBytes, end);
            try {
                Checksum sum;
                if (lo < kGgbHeaderBytes) sum.update(header + lo, size_t(std::min(hi, kGgbHeaderBytes) - lo));
                for (const Piece &piece : pieces) {
                    const uint64_t from = std::max(lo, piece.at), to = std::min(hi, piece.at + piece.bytes);
                    if (from >= to) continue;
                    if (piece.dst == nullptr) scratch.resize(kGgbBlockBytes);
                    unsigned char *into = piece.dst ? piece.dst + (from - piece.at) : scratch.data();
                    if (in.read_at(from, into, size_t(to - from)) != to - from) {
                        first_short = std::min(first_short, uint64_t(k));
                        break;
                    }
                    sum.update(into, size_t(to - from));
                }
                if (first_short != uint64_t(k) && sum.digest() != get_le(table.data() + 8 * k, 8))
                    first_bad = std::min(first_bad, uint64_t(k));
                const uint64_t now = done.fetch_add(hi - lo, std::memory_order_relaxed) + (hi - lo);
                if (progress && omp_get_thread_num() == 0) progress(now, in.size());
            } catch (...) {
                std::lock_guard<std::mutex> lock(error_mutex);
                if (!error) error = std::current_exception();
            }
        }
    }
    if (error) std::rethrow_exception(error);
    if (first_short != UINT64_MAX) ggb_corrupt(path, "the file ended early (it shrank while being read?)");
    if (first_bad != UINT64_MAX)
        ggb_corrupt(path, format("checksum mismatch in bytes %llu to %llu: the file is corrupt",
                                 (unsigned long long)(first_bad * kGgbBlockBytes),
                                 (unsigned long long)std::min<uint64_t>((first_bad + 1) * kGgbBlockBytes, end)));
}

std::vector<unsigned char> ggb_block_table(const std::vector<uint64_t> &block_sums) {
    std::vector<unsigned char> bytes(8 * block_sums.size() + kGgbChecksumBytes);
    for (size_t k = 0; k < block_sums.size(); ++k) put_le(bytes.data() + 8 * k, block_sums[k], 8);
    Checksum table;
    table.update(bytes.data(), 8 * block_sums.size());
    put_le(bytes.data() + 8 * block_sums.size(), table.digest(), 8);
    return bytes;
}

void check_ggb_checksum(InputFile &in, const Checksum &sum) {
    unsigned char stored[kGgbChecksumBytes];
    if (in.read(stored, kGgbChecksumBytes) != kGgbChecksumBytes)
        ggb_corrupt(in.path(), "the file ended before its checksum");
    if (get_le(stored, 8) != sum.digest()) ggb_corrupt(in.path(), "checksum mismatch: the file is corrupt");
}

}  // namespace gg::io
