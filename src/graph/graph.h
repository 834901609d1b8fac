// The host graph every backend reads: CSR out-edges with sorted neighbour
// lists, a lazily built CSC (in-edges), and a slot where the CUDA backend
// caches the graph's device structures so that they are uploaded once and
// freed with the graph.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace gg {

struct Csr {
    uint32_t n = 0;
    std::vector<uint64_t> offsets;  // n + 1 entries
    std::vector<uint32_t> indices;  // m neighbour ids, sorted within each vertex
    std::vector<float> weights;     // m weights; 1.0f everywhere when the input had none

    uint64_t num_edges() const { return indices.size(); }
    uint32_t degree(uint32_t v) const { return static_cast<uint32_t>(offsets[v + 1] - offsets[v]); }
};

// Base of whatever a backend caches on a graph (device copies, layouts).
struct BackendCache {
    virtual ~BackendCache() = default;
};

struct Graph {
    Csr out;
    bool undirected = false;
    bool weighted = false;
    // Facts computed once at build time so that runs need not rescan the edges.
    bool has_negative_weight = false;
    uint64_t first_negative_edge = 0;  // edge index in out, valid when has_negative_weight
    float min_weight = 1.0f;
    float max_weight = 1.0f;
    bool integer_weights = true;  // every weight is an integer below 2^24

    uint32_t n() const { return out.n; }
    uint64_t m() const { return out.num_edges(); }

    // In-edges (CSC). Built on first use, thread-safe; an undirected graph returns out.
    const Csr &in() const;
    bool in_is_built() const;

    // Source vertex of edge e of out (binary search over offsets).
    uint32_t source_of(uint64_t e) const;

    // The CUDA backend's cache of this graph's device structures; lock
    // cache_mutex() around reading or filling it.
    std::mutex &cache_mutex() const { return lazy_->cache_mutex; }
    std::unique_ptr<BackendCache> &cuda_cache() const { return lazy_->cuda_cache; }

private:
    // Held by pointer so that Graph stays movable.
    struct Lazy {
        std::once_flag in_once;
        std::unique_ptr<Csr> in;
        std::mutex cache_mutex;
        std::unique_ptr<BackendCache> cuda_cache;
    };
    std::unique_ptr<Lazy> lazy_ = std::make_unique<Lazy>();
};

// Computes the weight facts of Graph (negative, min, max, integer) from g.out.
void compute_weight_facts(Graph &g);

// Transposes a CSR: the result lists, for each vertex, its in-neighbours sorted.
Csr transpose(const Csr &csr);

}  // namespace gg
