// COO -> CSR construction with the load rules of shared/design.md: ids
// checked against n, NaN / infinite weights rejected, undirected edges stored
// both ways, duplicates merged by policy, self-loops kept unless dropped,
// neighbour lists sorted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/huge_pages.h"
#include "gg.h"
#include "graph/graph.h"

namespace gg {

struct EdgeList {
    uint32_t n = 0;
    std::vector<uint32_t> src;
    std::vector<uint32_t> dst;
    std::vector<float> weights;  // empty when unweighted
    bool weighted() const { return !weights.empty(); }
    uint64_t size() const { return src.size(); }
    // Room for `count` edges, and their weights when `with_weights`, on huge
    // pages where the kernel gives them (core/huge_pages.h): a reader fills
    // hundreds of megabytes in order, a page fault every 4 KiB otherwise.
    void reserve(uint64_t count, bool with_weights) {
        reserve_huge(src, count);
        reserve_huge(dst, count);
        if (with_weights) reserve_huge(weights, count);
    }
};

struct BuildOptions {
    bool undirected = false;
    gg_duplicate_policy duplicates = GG_DUPLICATES_KEEP_MIN;
    bool drop_self_loops = false;
    uint64_t max_edges = uint64_t(1) << 36;
    uint64_t max_vertices = 0;  // files: 0 = max(2^24, 64 x edges) (check_file_vertices)
};

// Builds from the edge list, which is consumed (its memory is released early).

Graph build_graph(EdgeList &&edges, const BuildOptions &options);

// Same from raw arrays (COO); no copies beyond the ones the build needs.
Graph build_graph(uint32_t n, uint64_t m, const uint32_t *src, const uint32_t *dst, const float *weights,
                  const BuildOptions &options);

// Builds from CSR arrays (from .ggb or the API): validates offsets and ids,
// then applies the same rules as COO input.
Graph build_graph_from_csr(uint32_t n, const uint64_t *offsets, const uint32_t *indices, const float *weights,
                           const BuildOptions &options);

}  // namespace gg
