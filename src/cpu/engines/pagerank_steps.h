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
    //
    // The rows go in blocks of about equal work (edges plus a vertex's
    // worth, work_cut), not of equal vertex counts: in a hub order
    // (cpu/pagerank.cpp) the first 4096 rows hold the largest lists, and on
    // the 16-core host of the H200 machine that one block, one thread's, made
    // kron scale 22 take 75 to 82 ms an iteration against 44 to 49 over the
    // ids as generated. The cuts depend on the graph alone, so the sums do not
    // depend on the thread count.
    double pull(const Csr &in, uint32_t rows, double base, double damping, double *ranks) {
        return finish_rows(
            in, rows, base, damping, ranks, [&](int64_t v) { return in.offsets[v]; }, [](int64_t) { return 0.0; });
    }

    // The same in two source blocks (GraphCage's cache blocking, 003 §3.1;
    // src/layout/source_blocks.h): split[v] is the first in-edge of v whose
    // source is in the second half of the ids (lists sorted by source; an
    // unsorted list would still have each edge added once, in order). The
    // first pass sums every list up to its split into `sums`, the second
    // carries on from there, so each pass gathers from half of the
    // contributions and the sums are the single pass's additions in the same
    // order: the ranks are the same bits as pull()'s.
    double pull_in_two_blocks(const Csr &in, const uint64_t *split, uint32_t rows, double base, double damping,
                              double *ranks) {
        const int64_t blocks = (int64_t(rows) + kBlock - 1) / kBlock;
        if (sums_.size() < rows) sums_.resize(rows);
#pragma omp parallel for num_threads(threads_) if (parallel_) schedule(dynamic, 1)
        for (int64_t b = 0; b < blocks; ++b) {
            const int64_t end = int64_t(work_cut(in, rows, uint64_t(b + 1), uint64_t(blocks)));
            for (int64_t v = int64_t(work_cut(in, rows, uint64_t(b), uint64_t(blocks))); v < end; ++v) {
                double incoming = 0;
                for (uint64_t e = in.offsets[v]; e < split[v]; ++e) incoming += contribution_[in.indices[e]];
                sums_[size_t(v)] = incoming;
            }
        }
        return finish_rows(
            in, rows, base, damping, ranks, [&](int64_t v) { return split[v]; },
            [&](int64_t v) { return sums_[size_t(v)]; });
    }

private:
    static constexpr int64_t kBlock = 4096;

    // Every row v < rows: its sum, from start(v), over its in-edges from
    // first(v) to the list's end, then its rank and the L1 change.
    template <class FirstEdge, class StartSum>
    double finish_rows(const Csr &in, uint32_t rows, double base, double damping, double *ranks, FirstEdge first,
                       StartSum start) {
        const int64_t blocks = (int64_t(rows) + kBlock - 1) / kBlock;
        std::fill(partial_.begin(), partial_.end(), 0.0);
#pragma omp parallel for num_threads(threads_) if (parallel_) schedule(dynamic, 1)
        for (int64_t b = 0; b < blocks; ++b) {
            double change = 0;
            const int64_t end = int64_t(work_cut(in, rows, uint64_t(b + 1), uint64_t(blocks)));
            for (int64_t v = int64_t(work_cut(in, rows, uint64_t(b), uint64_t(blocks))); v < end; ++v) {
                double incoming = start(v);
                for (uint64_t e = first(v); e < in.offsets[v + 1]; ++e) incoming += contribution_[in.indices[e]];
                const double updated = base + damping * incoming;
                if (v < int64_t(counted_)) change += std::fabs(updated - ranks[v]);
                ranks[v] = updated;
            }
            partial_[size_t(b)] = change;
        }
        return sum_in_order();
    }
    static constexpr uint64_t kVertexWork = 4;  // a row's own reads and write, in edges' worth

    // The first row of block b of `blocks` over rows [0, rows): the first
    // row r whose work before it, offsets[r] - offsets[0] + kVertexWork * r,
    // reaches b / blocks of the whole.
    static uint32_t work_cut(const Csr &in, uint32_t rows, uint64_t b, uint64_t blocks) {
        if (b >= blocks) return rows;
        const uint64_t *offsets = in.offsets.data();
        const uint64_t total = offsets[rows] - offsets[0] + kVertexWork * rows;
        const unsigned __int128 goal = (unsigned __int128)total * b / blocks;
        uint32_t lo = 0, hi = rows;
        while (lo < hi) {
            const uint32_t mid = lo + (hi - lo) / 2;
            if (offsets[mid] - offsets[0] + kVertexWork * mid < goal) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

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
    std::vector<double> sums_;  // pull_in_two_blocks: each row's sum over the first block
};

}  // namespace gg::cpu
