// CC check against a serial union-find over every edge (directions
// ignored): each vertex's label must be the smallest id of its component.
#include <numeric>
#include <vector>

#include "verify.h"

namespace bench {

namespace {

uint32_t find_root(std::vector<uint32_t> &parent, uint32_t v) {
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];  // path halving keeps the trees shallow
        v = parent[v];
    }
    return v;
}

}  // namespace

std::string verify_cc(const HostCsr &g, const uint32_t *labels) {
    std::vector<uint32_t> parent(g.n);
    std::iota(parent.begin(), parent.end(), 0u);
    for (uint32_t u = 0; u < g.n; ++u)
        for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
            uint32_t a = find_root(parent, u), b = find_root(parent, g.indices[e]);
            // Linking the larger root under the smaller keeps every root the
            // smallest id of its tree, which is the label we expect.
            if (a < b) parent[b] = a;
            else if (b < a) parent[a] = b;
        }
    for (uint32_t v = 0; v < g.n; ++v) {
        uint32_t expected = find_root(parent, v);
        if (labels[v] != expected)
            return format("vertex %u has label %u; its component's smallest id is %u", v, labels[v], expected);
    }
    return "";
}

}  // namespace bench
