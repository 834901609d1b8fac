// Shared by the libFuzzer harnesses of tests/fuzz/ (see docs/building.md,
// "Fuzzing"): one gg_context for the whole run, an in-memory file for the
// readers, and the invariants every graph gg hands out must satisfy.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include "gg.h"

namespace gg_fuzz {

// A finding: prints why and aborts, so libFuzzer saves the input.
[[noreturn]] inline void finding(const char *what) {
    std::fprintf(stderr, "gg fuzz: invariant broken: %s\n", what);
    std::abort();
}

// One single-threaded context for the whole run: threads add nothing to
// what the fuzzer sees and would slow each input down.
inline gg_context *context() {
    static gg_context *ctx = [] {
        gg_context_options o;
        gg_context_options_init(&o);
        o.backend = GG_BACKEND_CPU;
        o.num_threads = 1;
        gg_context *c = nullptr;
        if (gg_context_create(&o, &c) != GG_OK) finding("gg_context_create failed");
        return c;
    }();
    return ctx;
}

// A regular file that lives in memory (memfd), reopened by gg through
// /proc/self/fd/N: the readers run exactly as on a disk file, size check
// included, without touching the disk. The path has no extension, so
// GG_FORMAT_AUTO goes through content sniffing.
class MemFile {
public:
    MemFile() {
        fd_ = memfd_create("gg-fuzz-input", MFD_CLOEXEC);
        if (fd_ < 0) finding("memfd_create failed");
        path_ = "/proc/self/fd/" + std::to_string(fd_);
    }
    const char *write(const uint8_t *data, size_t size) {
        if (ftruncate(fd_, 0) != 0) finding("ftruncate failed");
        size_t done = 0;
        while (done < size) {
            ssize_t got = pwrite(fd_, data + done, size - done, off_t(done));
            if (got <= 0) finding("pwrite failed");
            done += size_t(got);
        }
        return path_.c_str();
    }

private:
    int fd_ = -1;
    std::string path_;
};

// Bytes of the fuzz input taken in order; zeros once it runs out.
class Reader {
public:
    Reader(const uint8_t *data, size_t size) : p_(data), left_(size) {}
    size_t left() const { return left_; }
    template <class T>
    T take() {
        T v{};
        size_t k = left_ < sizeof v ? left_ : sizeof v;
        std::memcpy(&v, p_, k);
        p_ += k;
        left_ -= k;
        return v;
    }

private:
    const uint8_t *p_;
    size_t left_;
};

// What every graph gg returns must hold, read back through the public API:
// n + 1 offsets rising from 0 to m, ids below n, sorted neighbour lists
// (strictly, unless duplicates are kept), finite weights, and for an
// undirected graph a CSC equal to the CSR.
inline void check_graph(gg_graph *g, bool duplicates_merged) {
    gg_context *ctx = context();
    const uint64_t n = gg_graph_num_vertices(g), m = gg_graph_num_edges(g);
    std::vector<uint64_t> off(n + 1), in_off(n + 1);
    std::vector<uint32_t> idx(m), in_idx(m);
    std::vector<float> w(m), in_w(m);
    if (gg_graph_read_csr(ctx, g, off.data(), n + 1, idx.data(), m, w.data(), m) != GG_OK)
        finding("gg_graph_read_csr failed on a graph gg built");
    if (off[0] != 0 || off[n] != m) finding("CSR offsets do not run from 0 to m");
    for (uint64_t v = 0; v < n; ++v) {
        if (off[v + 1] < off[v]) finding("CSR offsets decrease");
        for (uint64_t e = off[v]; e < off[v + 1]; ++e) {
            if (idx[e] >= n) finding("CSR id out of range");
            if (e > off[v] && (duplicates_merged ? idx[e] <= idx[e - 1] : idx[e] < idx[e - 1]))
                finding("CSR neighbour list unsorted (or duplicates left after merging)");
        }
    }
    for (uint64_t e = 0; e < m; ++e)
        if (!std::isfinite(w[e])) finding("a graph gg built holds a NaN or infinite weight");
    if (gg_graph_read_csc(ctx, g, in_off.data(), n + 1, in_idx.data(), m, in_w.data(), m) != GG_OK)
        finding("gg_graph_read_csc failed on a graph gg built");
    if (in_off[0] != 0 || in_off[n] != m) finding("CSC offsets do not run from 0 to m");
    if (gg_graph_is_undirected(g) && (in_off != off || in_idx != idx ||
                                    (m > 0 && std::memcmp(in_w.data(), w.data(), 4 * m) != 0)))
        finding("an undirected graph whose CSC differs from its CSR");
}

}  // namespace gg_fuzz
