// The two halves of a PageRank iteration on the CPU (cpu/pagerank.cpp has
// the method), shared by the whole-graph run and by each part of a
// partitioned run (src/partitioned/pagerank.cpp), which passes its local
// in-edges and the global out-degrees of its local vertices.
//
// Sums are taken per fixed block of kBlock vertices and then over blocks in
// order, so results and iteration counts do not depend on the thread count.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "cpu/primitives/parallel.h"
#include "graph/graph.h"

namespace gg::cpu {

class PageRankSteps {
public:
    // degree(u): the out-degree of vertex u (of all its edges, not only the
    // local ones); `size` vertices hold ranks, the first `counted` of them
    // (the owned ones) count in the dangling mass and the change.
    PageRankSteps(uint32_t size, uint32_t counted, int threads, bool parallel)
        : size_(size), counted_(counted), threads_(threads), parallel_(parallel), contribution_(size, 0.0),
          partial_((size + kBlock - 1) / kBlock, 0.0) {}

    // contribution[u] = rank[u] / degree(u) for every vertex (0 without
    // out-edges); returns the rank of the counted vertices without out-edges.
    template <class Degree>
    double contributions(const double *ranks, Degree degree) {
        const int64_t blocks = int64_t(partial_.size());
#pragma omp parallel for num_threads(threads_) if (parallel_) schedule(static)
        for (int64_t b = 0; b < blocks; ++b) {
            double dangling = 0;
            const int64_t end = std::min(int64_t(size_), (b + 1) * kBlock);
            for (int64_t u = b * kBlock; u < end; ++u) {
                const uint64_t d = degree(uint32_t(u));
                if (d == 0) {
                    if (u < int64_t(counted_)) dangling += ranks[u];
                    contribution_[size_t(u)] = 0;
                } else {
                    contribution_[size_t(u)] = ranks[u] / double(d);
                }
            }
            partial_[size_t(b)] = dangling;
        }
        return sum_in_order();
    }

    // ranks[v] = base + damping * (sum of contributions over v's in-edges)
    // for v < rows; returns the L1 change of the counted vertices.
    double pull(const Csr &in, uint32_t rows, double base, double damping, double *ranks) {
        const int64_t blocks = (int64_t(rows) + kBlock - 1) / kBlock;
        std::fill(partial_.begin(), partial_.end(), 0.0);
#pragma omp parallel for num_threads(threads_) if (parallel_) schedule(dynamic, 1)
        for (int64_t b = 0; b < blocks; ++b) {
            double change = 0;
            const int64_t end = std::min(int64_t(rows), (b + 1) * kBlock);
            for (int64_t v = b * kBlock; v < end; ++v) {
                double incoming = 0;
                for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e)
                    incoming += contribution_[in.indices[e]];
                const double updated = base + damping * incoming;
                if (v < int64_t(counted_)) change += std::fabs(updated - ranks[v]);
                ranks[v] = updated;
            }
            partial_[size_t(b)] = change;
        }
        return sum_in_order();
    }

private:
    static constexpr int64_t kBlock = 4096;

    double sum_in_order() const {
        double total = 0;
        for (double p : partial_) total += p;
        return total;
    }

    uint32_t size_, counted_;
    int threads_;
    bool parallel_;
    std::vector<double> contribution_;
    std::vector<double> partial_;
};

}  // namespace gg::cpu
