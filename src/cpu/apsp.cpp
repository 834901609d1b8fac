/*
 * All-pairs shortest paths into a dense n x n row-major matrix (row = source),
 * by one of the two methods Pathak et al. compare (004_6c0534b53c1f8710.txt
 * §5 and §6.3.3), chosen by density:
 *
 * - Repeated SSSP (§5.1): one sequential Dijkstra per source, on a radix heap
 *   (cpu/primitives/radix_heap.h), sources spread over the threads (each thread owns
 *   whole rows, so there is no sharing at all). Cost ~ n (m + n log C).
 * - Blocked Floyd-Warshall (§5.3, after Katz and Kider): the matrix is cut
 *   into kBlock x kBlock tiles; for each pivot tile k the three phases of
 *   §5.3.1-§5.3.3 run in order (pivot tile; tiles sharing its row or column,
 *   in parallel; all other tiles, in parallel). Cost n^3 min-plus updates, but
 *   they stream through L1-resident tiles and vectorise.
 *
 * Choice: as §6.3.3 observes, Floyd-Warshall only pays off on dense graphs.
 * Both costs grow as n^3 at a fixed density m / n^2, so the switch is a
 * density. Measured with 16 threads (Xeon host of the H100 machine, n = 2048,
 * random weights): Floyd-Warshall 270-280 ms at any density; radix-heap
 * Dijkstra 22 ms at m = n^2/640, 50 ms at n^2/80, 66 ms at n^2/42, growing
 * by ~0.45 ms per 1000 edges, so the two meet near m = n^2 / 8. Hence
 * Floyd-Warshall when m >= n^2 / 8, repeated Dijkstra otherwise.
 *
 * Unreachable pairs are +inf, the diagonal 0; weights are non-negative (the
 * C boundary rejects negative ones) and parallel edges keep their minimum.
 */
#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"
#include "cpu/primitives/radix_heap.h"

namespace gg::cpu {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();
constexpr uint64_t kBlock = 64;
constexpr double kDenseEdgesPerVertexFraction = 1.0 / 8.0;  // see the header comment

// ---- repeated Dijkstra (§5.1) -------------------------------------------------

void dijkstra_row(const Csr &out, uint32_t source, float *row, RadixHeap &heap) {
    std::fill(row, row + out.n, kInfinity);
    heap.clear();
    row[source] = 0.0f;
    heap.push(RadixHeap::key_of(0.0f), source);
    while (!heap.empty()) {
        const auto [key, u] = heap.pop();
        const float distance = RadixHeap::distance_of(key);
        if (distance > row[u]) continue;  // a stale copy; u was settled with a shorter distance
        for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
            const uint32_t v = out.indices[e];
            const float candidate = distance + out.weights[e];
            if (candidate < row[v]) {
                row[v] = candidate;
                heap.push(RadixHeap::key_of(candidate), v);
            }
        }
    }
}

void repeated_dijkstra(const Csr &out, float *dist, int threads) {
    const int64_t n = out.n;
#pragma omp parallel num_threads(threads) if (worth_parallel(uint64_t(n) * (out.num_edges() + uint64_t(n))))
    {
        RadixHeap heap;
#pragma omp for schedule(dynamic, 1)
        for (int64_t s = 0; s < n; ++s) dijkstra_row(out, uint32_t(s), dist + uint64_t(s) * uint64_t(n), heap);
    }
}

// ---- blocked Floyd-Warshall (§5.3) --------------------------------------------

struct Tile {
    uint64_t begin, end;
};

class Matrix {
public:
    Matrix(float *cells, uint64_t n) : cells_(cells), n_(n) {}
    float *row(uint64_t i) const { return cells_ + i * n_; }
    uint64_t n() const { return n_; }
    Tile tile(uint64_t t) const { return {t * kBlock, std::min(n_, (t + 1) * kBlock)}; }

private:
    float *cells_;
    uint64_t n_;
};

// Rows `rows` x columns `cols` relaxed through every k in `pivots`, k outermost:
// needed when the tile being updated is itself the pivot row or column.
void relax_tile_in_order(const Matrix &d, Tile rows, Tile cols, Tile pivots) {
    for (uint64_t k = pivots.begin; k < pivots.end; ++k) {
        const float *row_k = d.row(k);
        for (uint64_t i = rows.begin; i < rows.end; ++i) {
            float *row_i = d.row(i);
            const float d_ik = row_i[k];
            for (uint64_t j = cols.begin; j < cols.end; ++j) {
                const float through_k = d_ik + row_k[j];
                row_i[j] = through_k < row_i[j] ? through_k : row_i[j];
            }
        }
    }
}

// Same when the pivot row and column tiles are final (phase 3): any loop
// order is valid, and i-k-j keeps row i of the tile in L1 across k.
void relax_tile_independent(const Matrix &d, Tile rows, Tile cols, Tile pivots) {
    for (uint64_t i = rows.begin; i < rows.end; ++i) {
        float *row_i = d.row(i);
        for (uint64_t k = pivots.begin; k < pivots.end; ++k) {
            const float d_ik = row_i[k];
            if (d_ik == kInfinity) continue;
            const float *row_k = d.row(k);
            for (uint64_t j = cols.begin; j < cols.end; ++j) {
                const float through_k = d_ik + row_k[j];
                row_i[j] = through_k < row_i[j] ? through_k : row_i[j];
            }
        }
    }
}

void blocked_floyd_warshall(const Csr &out, float *dist, int threads) {
    const uint64_t n = out.n;
    const Matrix d(dist, n);
#pragma omp parallel for num_threads(threads) if (worth_parallel(n * n)) schedule(static)
    for (int64_t i = 0; i < int64_t(n); ++i) {
        float *row = d.row(uint64_t(i));
        std::fill(row, row + n, kInfinity);
        row[i] = 0.0f;
        for (uint64_t e = out.offsets[i]; e < out.offsets[i + 1]; ++e)
            row[out.indices[e]] = std::min(row[out.indices[e]], out.weights[e]);
    }

    const int64_t tiles = int64_t((n + kBlock - 1) / kBlock);
    for (int64_t p = 0; p < tiles; ++p) {
        const Tile pivot = d.tile(uint64_t(p));
        relax_tile_in_order(d, pivot, pivot, pivot);  // phase 1: independent
#pragma omp parallel num_threads(threads) if (worth_parallel(n * n))
        {
            // Phase 2: tiles in the pivot's row and column (each depends on the pivot tile only).
#pragma omp for schedule(dynamic, 1)
            for (int64_t t = 0; t < 2 * tiles; ++t) {
                const int64_t other = t % tiles;
                if (other == p) continue;
                if (t < tiles)
                    relax_tile_in_order(d, pivot, d.tile(uint64_t(other)), pivot);
                else
                    relax_tile_in_order(d, d.tile(uint64_t(other)), pivot, pivot);
            }
            // Phase 3: every other tile (depends on the phase-2 tiles only); implicit barrier above.
#pragma omp for schedule(dynamic, 1) collapse(2)
            for (int64_t i = 0; i < tiles; ++i)
                for (int64_t j = 0; j < tiles; ++j)
                    if (i != p && j != p) relax_tile_independent(d, d.tile(uint64_t(i)), d.tile(uint64_t(j)), pivot);
        }
    }
}

}  // namespace

void apsp(const Graph &g, float *dist, const RunConfig &config, RunReport &report) {
    Stopwatch clock;
    const uint64_t n = g.n();
    const bool dense = double(g.m()) >= double(n) * double(n) * kDenseEdgesPerVertexFraction;
    if (n > 0) {
        if (dense)
            blocked_floyd_warshall(g.out, dist, config.num_threads);
        else
            repeated_dijkstra(g.out, dist, config.num_threads);
    }
    report.layout = GG_LAYOUT_CSR;
    report.iterations = dense ? uint32_t((n + kBlock - 1) / kBlock) : uint32_t(n);
    report.edges_visited = dense ? 0 : n * g.m();
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
