// Tigr's virtual node array (virtual_split.h): counts per vertex, one prefix
// sum, then each vertex fills its own family in parallel.
#include "layout/tigr/virtual_split.h"

#include <algorithm>

#include "core/error.h"

namespace gg {

VirtualNodes build_virtual_nodes(const Csr &csr, uint32_t k) {
    if (k == 0) fail(GG_ERROR_INVALID_ARGUMENT, "the degree bound of a virtual split must be at least 1");
    const uint32_t n = csr.n;
    VirtualNodes nodes;
    nodes.degree_bound = k;
    nodes.first_virtual.resize(uint64_t(n) + 1);
    uint64_t total = 0;
    for (uint32_t v = 0; v < n; ++v) {
        nodes.first_virtual[v] = uint32_t(total);
        const uint64_t degree = csr.offsets[v + 1] - csr.offsets[v];
        total += std::max<uint64_t>(1, (degree + k - 1) / k);
        // UINT32_MAX itself stays free: engines use it as "no virtual node".
        if (total >= uint64_t(UINT32_MAX))
            fail(GG_ERROR_TOO_LARGE,
                 "a virtual split with degree bound %u makes more than %u virtual nodes of %u vertices and %llu "
                 "edges: use a larger degree bound",
                 k, UINT32_MAX - 1, n, (unsigned long long)csr.num_edges());
    }
    nodes.first_virtual[n] = uint32_t(total);
    nodes.virtual_vertex.resize(total);
#pragma omp parallel for schedule(dynamic, 4096)
    for (int64_t v = 0; v < int64_t(n); ++v)
        for (uint32_t t = nodes.first_virtual[v]; t < nodes.first_virtual[v + 1]; ++t)
            nodes.virtual_vertex[t] = uint32_t(v);
    return nodes;
}

}  // namespace gg
