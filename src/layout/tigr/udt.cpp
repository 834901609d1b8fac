// Tigr's UDT transform (udt.h). Counting first: a vertex of degree d > K
// adds t = ceil((d - K) / (K - 1)) nodes (each new node takes K entries from
// the queue and puts one back), and keeps d - t(K - 1) entries; so every
// node's list length and every added node's id are known before any list is
// written, and the vertices fill their trees in parallel.
#include "layout/tigr/udt.h"

#include <vector>

#include "core/error.h"
#include "core/huge_pages.h"

namespace gg {

namespace {

// ceil((d - K) / (K - 1)) for d > K.
uint64_t added_nodes(uint64_t degree, uint64_t k) { return degree <= k ? 0 : (degree - 2) / (k - 1); }

}  // namespace

UdtGraph udt_transform(const Csr &csr, uint32_t k) {
    if (k < 2) fail(GG_ERROR_INVALID_ARGUMENT, "the degree bound of a UDT transform must be at least 2 (got %u)", k);
    const uint32_t n = csr.n;
    const uint64_t m = csr.num_edges();
    // first_added[v]: the first id of v's added nodes, counted from n.
    std::vector<uint64_t> first_added(uint64_t(n) + 1, 0);
    for (uint32_t v = 0; v < n; ++v) first_added[v + 1] = first_added[v] + added_nodes(csr.degree(v), k);
    const uint64_t added = first_added[n];
    if (uint64_t(n) + added >= uint64_t(UINT32_MAX))
        fail(GG_ERROR_TOO_LARGE, "a UDT transform with degree bound %u adds %llu nodes to %u vertices, past 32-bit "
             "ids: use a larger degree bound", k, (unsigned long long)added, n);

    UdtGraph udt;
    udt.num_real = n;
    Csr &out = udt.csr;
    out.n = uint32_t(n + added);
    out.offsets.assign(uint64_t(out.n) + 1, 0);
    // List lengths: an added node has K edges; vertex v keeps d - t(K-1).
    for (uint32_t v = 0; v < n; ++v) {
        const uint64_t d = csr.degree(v), t = first_added[v + 1] - first_added[v];
        out.offsets[v + 1] = d - t * (k - 1);
    }
    for (uint64_t a = 0; a < added; ++a) out.offsets[n + a + 1] = k;
    for (uint64_t v = 0; v < out.n; ++v) out.offsets[v + 1] += out.offsets[v];
    resize_huge(out.indices, m + added);
    resize_huge(out.weights, m + added);

    bool consistent = true;
#pragma omp parallel reduction(&& : consistent)
    {
        // The queue of Algorithm 1, as (id, weight) entries; one per thread.
        std::vector<uint32_t> queue_id;
        std::vector<float> queue_weight;
#pragma omp for schedule(dynamic, 1024)
        for (int64_t vertex = 0; vertex < int64_t(n); ++vertex) {
            const uint32_t v = uint32_t(vertex);
            const uint64_t begin = csr.offsets[v], end = csr.offsets[v + 1];
            if (first_added[v] == first_added[v + 1]) {
                std::copy(csr.indices.begin() + begin, csr.indices.begin() + end, out.indices.begin() + out.offsets[v]);
                std::copy(csr.weights.begin() + begin, csr.weights.begin() + end, out.weights.begin() + out.offsets[v]);
                continue;
            }
            queue_id.assign(csr.indices.begin() + begin, csr.indices.begin() + end);
            queue_weight.assign(csr.weights.begin() + begin, csr.weights.begin() + end);
            size_t head = 0;
            uint64_t next = uint64_t(n) + first_added[v];
            while (queue_id.size() - head > k) {
                const uint64_t slot = out.offsets[next];
                for (uint32_t j = 0; j < k; ++j, ++head) {
                    out.indices[slot + j] = queue_id[head];
                    out.weights[slot + j] = queue_weight[head];
                }
                queue_id.push_back(uint32_t(next));
                queue_weight.push_back(0.0f);  // internal: the value passes unchanged
                ++next;
            }
            const uint64_t slot = out.offsets[v];
            uint64_t kept = 0;
            for (; head < queue_id.size(); ++kept, ++head) {
                out.indices[slot + kept] = queue_id[head];
                out.weights[slot + kept] = queue_weight[head];
            }
            if (next != uint64_t(n) + first_added[v + 1] || kept != out.offsets[v + 1] - slot) consistent = false;
        }
    }
    if (!consistent) fail(GG_ERROR_INTERNAL, "UDT: a vertex's tree does not match its counted size");
    return udt;
}

}  // namespace gg
