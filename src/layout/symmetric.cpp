// Symmetrized CSR (symmetric.h): two passes over the vertices, one to count
// each merged list and one to fill it, both in parallel over vertices.
#include "layout/symmetric.h"

#include <algorithm>

#include "core/huge_pages.h"

namespace gg {

namespace {

// Merges the sorted lists a and b (with weights), dropping repeats (a list
// may hold repeats of its own when the graph kept duplicate edges) and
// keeping the smallest weight; writes nothing when out_ids is null. Returns
// the merged length.
uint64_t merge_lists(const uint32_t *a, const float *aw, uint64_t na, const uint32_t *b, const float *bw, uint64_t nb,
                     uint32_t *out_ids, float *out_w) {
    uint64_t i = 0, j = 0, k = 0;
    uint32_t last = 0;
    while (i < na || j < nb) {
        const bool take_a = j == nb || (i < na && a[i] <= b[j]);
        const uint32_t id = take_a ? a[i] : b[j];
        const float w = take_a ? aw[i++] : bw[j++];
        if (k > 0 && id == last) {
            if (out_ids) out_w[k - 1] = std::min(out_w[k - 1], w);
            continue;
        }
        if (out_ids) {
            out_ids[k] = id;
            out_w[k] = w;
        }
        last = id;
        ++k;
    }
    return k;
}

}  // namespace

Csr symmetrize(const Graph &g) {
    const Csr &out = g.out;
    const Csr &in = g.in();
    const uint32_t n = out.n;
    Csr s;
    s.n = n;
    s.offsets.assign(uint64_t(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        const uint64_t ob = out.offsets[v], ib = in.offsets[v];
        s.offsets[v + 1] = merge_lists(out.indices.data() + ob, out.weights.data() + ob, out.offsets[v + 1] - ob,
                                       in.indices.data() + ib, in.weights.data() + ib, in.offsets[v + 1] - ib,
                                       nullptr, nullptr);
    }
    for (uint32_t v = 0; v < n; ++v) s.offsets[v + 1] += s.offsets[v];
    resize_huge(s.indices, s.offsets[n]);
    resize_huge(s.weights, s.offsets[n]);
#pragma omp parallel for schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(n); ++v) {
        const uint64_t ob = out.offsets[v], ib = in.offsets[v];
        merge_lists(out.indices.data() + ob, out.weights.data() + ob, out.offsets[v + 1] - ob, in.indices.data() + ib,
                    in.weights.data() + ib, in.offsets[v + 1] - ib, s.indices.data() + s.offsets[v],
                    s.weights.data() + s.offsets[v]);
    }
    return s;
}

}  // namespace gg
