// G-Shards (000_b078cda2a2748e6e.txt §3.1) and their computation windows.
//
// Shard j holds every edge whose destination lies in [j|N|, (j+1)|N|),
// ordered by source (Partitioned and Ordered, §3.1); window W(i, j) is the
// run of shard j whose sources lie in range i. The CSR already lists edges
// by (source, destination), so one stable counting sort of the CSR order by
// destination range yields every shard in (source, destination) order, in
// O(m) with no temporary of size m. The sort runs in parallel: each thread
// takes a contiguous slice of the CSR, counts per shard, and scatters into
// slots given by a prefix sum in (shard, thread) order, which keeps the
// result identical to the serial one. Windows are then found by one walk
// over each shard, and Concatenated Windows are built from them
// (concatenated_windows.cpp).
#include <algorithm>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/error.h"
#include "layout/cusha/concatenated_windows.h"
#include "layout/cusha/shards.h"

namespace gg {
namespace {

// The window offsets cost 8 bytes per window; refuse a shard count whose
// |S|^2 windows would outweigh the 24 bytes per edge of the other arrays.
constexpr uint64_t kMinWindowLimit = uint64_t(1) << 28;

uint32_t choose_vertices_per_shard(const Csr &csr, const ShardOptions &o) {
    if (o.vertices_per_shard == 0) return cusha_vertices_per_shard(csr.n, csr.num_edges(), o);
    return std::max<uint32_t>(1, std::min(o.vertices_per_shard, csr.n));
}

void check_window_count(uint64_t n, uint64_t N, uint64_t S, uint64_t m) {
    const uint64_t limit = std::max(kMinWindowLimit, m);
    if (S != 0 && S > limit / S)  // S * S > limit, without overflow
        fail(GG_ERROR_TOO_LARGE,
             "vertices_per_shard %llu cuts %llu vertices into %llu shards, i.e. %llu^2 windows (limit %llu): "
             "use a larger vertices_per_shard",
             (unsigned long long)N, (unsigned long long)n, (unsigned long long)S, (unsigned long long)S,
             (unsigned long long)limit);
}

// First edge of the CSR slice [begin, end) handled by one thread: its source.
uint32_t first_source(const Csr &csr, uint64_t begin) {
    const auto &off = csr.offsets;
    // Last vertex whose edges start at or before `begin` (skipping empty lists).
    auto it = std::upper_bound(off.begin(), off.end(), begin);
    return uint32_t((it - off.begin()) - 1);
}

// Stable counting sort of the CSR edges by destination shard.
void scatter_into_shards(const Csr &csr, Shards &s) {
    const uint64_t m = csr.num_edges();
    const uint64_t S = s.num_shards;
    const uint32_t N = s.vertices_per_shard;
    s.shard_offsets.assign(S + 1, 0);
    s.src_index.resize(m);
    s.dst_index.resize(m);
    s.weights.resize(m);
    if (m == 0) return;

    std::vector<uint64_t> cursor;  // [thread * S + shard]
#pragma omp parallel
    {
        uint64_t threads = 1, me = 0;
#ifdef _OPENMP
        threads = uint64_t(omp_get_num_threads());
        me = uint64_t(omp_get_thread_num());
#endif
#pragma omp single
        cursor.assign(threads * S, 0);
        // (implicit barrier)
        const uint64_t begin = m * me / threads, end = m * (me + 1) / threads;
        uint64_t *mine = cursor.data() + me * S;
        for (uint64_t e = begin; e < end; ++e) ++mine[csr.indices[e] / N];
#pragma omp barrier
#pragma omp single
        {
            uint64_t running = 0;
            for (uint64_t j = 0; j < S; ++j) {
                s.shard_offsets[j] = running;
                for (uint64_t t = 0; t < threads; ++t) {
                    const uint64_t count = cursor[t * S + j];
                    cursor[t * S + j] = running;
                    running += count;
                }
            }
            s.shard_offsets[S] = running;
        }
        if (begin < end) {
            uint32_t u = first_source(csr, begin);
            for (uint64_t e = begin; e < end; ++e) {
                while (csr.offsets[u + 1] <= e) ++u;
                const uint32_t v = csr.indices[e];
                const uint64_t p = mine[v / N]++;
                s.src_index[p] = u;
                s.dst_index[p] = v;
                s.weights[p] = csr.weights[e];
            }
        }
    }
}

// window_offsets[j*S + i] = first entry of shard j whose source is >= i|N|.
void find_windows(Shards &s) {
    const uint64_t S = s.num_shards;
    const uint64_t N = s.vertices_per_shard;
    s.window_offsets.resize(S * S + 1);  // every entry is written below
    s.window_offsets[S * S] = s.src_index.size();
#pragma omp parallel for schedule(dynamic, 16)
    for (int64_t shard = 0; shard < int64_t(S); ++shard) {
        const uint64_t j = uint64_t(shard);
        uint64_t p = s.shard_offsets[j];
        const uint64_t end = s.shard_offsets[j + 1];
        for (uint64_t i = 0; i < S; ++i) {
            const uint64_t range_start = i * N;
            while (p < end && s.src_index[p] < range_start) ++p;
            s.window_offsets[j * S + i] = p;
        }
    }
}

}  // namespace

Shards build_shards(const Csr &out, const ShardOptions &options) {
    Shards s;
    s.n = out.n;
    s.vertices_per_shard = choose_vertices_per_shard(out, options);
    const uint64_t S = (uint64_t(s.n) + s.vertices_per_shard - 1) / s.vertices_per_shard;
    check_window_count(s.n, s.vertices_per_shard, S, out.num_edges());
    s.num_shards = uint32_t(S);
    scatter_into_shards(out, s);
    find_windows(s);
    build_concatenated_windows(out, s);
    return s;
}

Shards build_shards(const Graph &g, const ShardOptions &options) { return build_shards(g.out, options); }

NonEmptyWindows nonempty_windows(const Shards &s) {
    const uint64_t S = s.num_shards;
    NonEmptyWindows w;
    w.offsets.assign(S + 1, 0);
    auto nonempty = [&](uint64_t i, uint64_t j) { return s.window_offsets[j * S + i] < s.window_offsets[j * S + i + 1]; };
#pragma omp parallel for schedule(dynamic, 16)
    for (int64_t range = 0; range < int64_t(S); ++range) {
        uint64_t count = 0;
        for (uint64_t j = 0; j < S; ++j) count += nonempty(uint64_t(range), j);
        w.offsets[range + 1] = count;
    }
    for (uint64_t i = 0; i < S; ++i) w.offsets[i + 1] += w.offsets[i];
    w.shard.resize(w.offsets[S]);
#pragma omp parallel for schedule(dynamic, 16)
    for (int64_t range = 0; range < int64_t(S); ++range) {
        uint64_t at = w.offsets[range];
        for (uint64_t j = 0; j < S; ++j)
            if (nonempty(uint64_t(range), j)) w.shard[at++] = uint32_t(j);
    }
    return w;
}

uint64_t gshards_bytes(const Shards &s) {
    return uint64_t(s.src_index.size()) * (4 + 4 + 4 + 4) + uint64_t(s.shard_offsets.size()) * 8 +
           uint64_t(s.window_offsets.size()) * 8;
}

uint64_t cw_extra_bytes(const Shards &s) {
    return uint64_t(s.src_index.size()) * (4 + 8) + uint64_t(s.cw_offsets.size()) * 8;
}

}  // namespace gg
