// Builds the hub-sorted CSC of hub_order.h on the host.
#include "layout/hub_order.h"

#include <algorithm>
#if defined(_OPENMP) && defined(__GLIBCXX__)
#include <parallel/algorithm>
#endif

#include "core/default_init_allocator.h"
#include "core/error.h"
#include "core/huge_pages.h"
#include "core/parallel_scan.h"
#include "core/radix_sort.h"
#include "core/trace.h"

namespace gg {

namespace {

uint64_t out_degree(const Csr &out, uint32_t v) { return out.offsets[v + 1] - out.offsets[v]; }

// Sorts ids in place. Long lists (a hub's in-list on a power-law graph runs
// to hundreds of thousands of ids) by radix, only as many digits as the
// largest id needs: on a scale-21 kron graph std::sort of every list took
// 1.3 s of the 1.45 s this build spent on its lists (2 cores). `scratch` is
// the caller's buffer.
void sort_ids(uint32_t *ids, uint64_t count, std::vector<uint32_t> &scratch) {
    constexpr uint64_t kShortList = 256;
    if (count <= kShortList) {
        std::sort(ids, ids + count);
        return;
    }
    const uint32_t largest = *std::max_element(ids, ids + count);
    radix_sort(ids, count, scratch, bits_below(uint64_t(largest) + 1), [](uint32_t id) { return id; });
}

// Out-degree above which a vertex is a hub.
double hub_degree(const Csr &out) { return out.n ? 2.0 * double(out.num_edges()) / out.n : 0.0; }

}  // namespace

bool hub_order_pays(const Csr &out) {
    const double threshold = hub_degree(out);
    uint64_t hub_edges = 0;
#pragma omp parallel for schedule(static) reduction(+ : hub_edges)
    for (int64_t v = 0; v < int64_t(out.n); ++v) {
        const uint64_t degree = out_degree(out, v);
        if (double(degree) > threshold) hub_edges += degree;
    }
    return out.num_edges() > 0 && 2 * hub_edges >= out.num_edges();
}

HubOrderHost build_hub_order(const Csr &in, const Csr &out, uint32_t rows, const std::vector<uint8_t> &front,
                             HubOrderLists lists) {
    const uint32_t n = out.n;
    const bool all_rows = rows >= n;
    BuildTrace trace(format("hub order of %u vertices, %llu in-edges", n, (unsigned long long)in.num_edges()));
    // The out-degrees the order ranks by: each vertex's edges into the kept rows.
    // Uninitialised, and first touched by the loop's threads: zeroing 1 GB
    // on one thread first was a third of a second at kron scale 27.
    UninitVector<uint64_t> kept(n);
    uint64_t kept_edges = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : kept_edges)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        uint64_t count = 0;
        if (all_rows)
            count = out_degree(out, uint32_t(v));
        else
            for (uint64_t e = out.offsets[v]; e < out.offsets[v + 1]; ++e) count += out.indices[e] < rows;
        kept[v] = count;
        kept_edges += count;
    }
    const double threshold = n ? 2.0 * double(kept_edges) / n : 0.0;
    auto in_degree = [&](uint32_t v) -> uint64_t { return all_rows || v < rows ? in.offsets[v + 1] - in.offsets[v] : 0; };
    auto is_hub = [&](uint64_t v) { return double(kept[v]) > threshold; };
    HubOrderHost h;
    h.vertex_at.reserve(n);
    append_where(n, is_hub, h.vertex_at);
    // By falling degree, ties by id: a total order, so any sort gives the
    // same list (the parallel one cut this step from seconds at scale 27).
    auto before = [&](uint32_t a, uint32_t b) { return kept[a] != kept[b] ? kept[a] > kept[b] : a < b; };
#if defined(_OPENMP) && defined(__GLIBCXX__)
    __gnu_parallel::sort(h.vertex_at.begin(), h.vertex_at.end(), before);
#else
    std::sort(h.vertex_at.begin(), h.vertex_at.end(), before);
#endif
    const int64_t hubs = int64_t(h.vertex_at.size());
    append_where(n, [&](uint64_t v) { return !is_hub(v); }, h.vertex_at);
    trace.phase("order");

    UninitVector<uint32_t> new_id(n);
    h.out_degree.resize(n);
#pragma omp parallel for schedule(static)
    for (int64_t s = 0; s < int64_t(n); ++s) {
        new_id[h.vertex_at[s]] = uint32_t(s);
        h.out_degree[s] = kept[h.vertex_at[s]];
    }
    if (!front.empty()) {
        if (front.size() != n)
            fail(GG_ERROR_INTERNAL, "a hub order's front set has %zu flags for %u vertices", front.size(), n);
        h.row_at.reserve(n);
        append_where(n, [&](uint64_t s) { return front[h.vertex_at[s]] != 0; }, h.row_at);
        h.front_rows = uint32_t(h.row_at.size());
        append_where(n, [&](uint64_t s) { return front[h.vertex_at[s]] == 0; }, h.row_at);
    }
    auto vertex_of_row = [&](uint32_t r) { return h.vertex_at[h.row_at.empty() ? r : h.row_at[r]]; };
    h.in.n = n;
    h.in.offsets.resize(uint64_t(n) + 1);
    fill_offsets(n, [&](uint64_t r) { return in_degree(vertex_of_row(uint32_t(r))); }, h.in.offsets.data());
    trace.phase("new ids, rows, offsets");
    h.new_id = std::move(new_id);
    h.hubs = uint32_t(hubs);
    if (lists == HubOrderLists::host) build_hub_order_lists_on_host(in, h);
    return h;
}

void build_hub_order_lists_on_host(const Csr &in, HubOrderHost &h) {
    const uint32_t n = h.in.n;
    BuildTrace trace(format("hub order of %u vertices, %llu in-edges", n, (unsigned long long)in.num_edges()));
    auto vertex_of_row = [&](uint32_t r) { return h.vertex_at[h.row_at.empty() ? r : h.row_at[r]]; };
    resize_huge_for_overwrite(h.in.indices, h.in.offsets[n]);  // renumber_list writes every entry
    // Row s: the in-list of its vertex in new ids, sorted, so that a group's
    // first loads all go to the hot sectors of the first hubs.
    auto renumber_list = [&](uint32_t s, std::vector<uint32_t> &scratch) {
        const uint32_t v = vertex_of_row(s);
        uint32_t *list = h.in.indices.data() + h.in.offsets[s];
        const uint64_t degree = h.in.offsets[s + 1] - h.in.offsets[s];  // 0 for a row not kept
        for (uint64_t i = 0; i < degree; ++i) list[i] = h.new_id[in.indices[in.offsets[v] + i]];
        sort_ids(list, degree, scratch);
    };
    // The hubs hold most of the edges: one list per grab, or the thread that
    // takes the first few would sort most of the graph alone. They are the
    // first rows of each group (the only group without a front set).
    const uint32_t hubs = h.hubs;
    uint32_t front_hubs = 0, other_hubs = 0;
    for (uint32_t r = 0; r < h.front_rows && h.row_at[r] < hubs; ++r) ++front_hubs;
    for (uint32_t r = h.front_rows; r < h.row_at.size() && h.row_at[r] < hubs; ++r) ++other_hubs;
    if (h.row_at.empty()) front_hubs = hubs;
    auto hub_row = [&](int64_t i) { return i < front_hubs ? uint32_t(i) : h.front_rows + uint32_t(i - front_hubs); };
    auto is_hub_row = [&](uint32_t r) { return r < front_hubs || (r >= h.front_rows && r < h.front_rows + other_hubs); };
    const int64_t hub_rows = int64_t(front_hubs) + other_hubs;
#pragma omp parallel
    {
        std::vector<uint32_t> scratch;
#pragma omp for schedule(dynamic, 1)
        for (int64_t i = 0; i < hub_rows; ++i) renumber_list(hub_row(i), scratch);
#pragma omp for schedule(dynamic, 4096)
        for (int64_t s = 0; s < int64_t(n); ++s)
            if (!is_hub_row(uint32_t(s))) renumber_list(uint32_t(s), scratch);
    }
    UninitVector<uint32_t>().swap(h.new_id);
    trace.phase("lists renumbered and sorted");
}

}  // namespace gg
