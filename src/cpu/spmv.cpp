/*
 * Sparse matrix-vector product over the edges: y(v) = sum over u -> v of
 * w(u, v) * x(u). Pull direction over the in-edges (g.in(), the CSC; the
 * GraphBLAS "y = A^T x" of a CSR adjacency matrix), so each y(v) is owned by
 * one thread: no atomics, and the sum runs in the CSC's order (sources
 * ascending), in double, rounded once to float. The result is therefore the
 * same for every thread count.
 */
#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"

namespace gg::cpu {

void spmv_rows(const Csr &in, const float *x, float *y, uint32_t rows, int threads) {
#pragma omp parallel for num_threads(threads) if (worth_parallel(uint64_t(rows) + in.offsets[rows])) \
    schedule(dynamic, 1024)
    for (int64_t v = 0; v < int64_t(rows); ++v) {
        double sum = 0;
        for (uint64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e)
            sum += double(in.weights[e]) * double(x[in.indices[e]]);
        y[v] = float(sum);
    }
}

void spmv(const Graph &g, const float *x, float *y, const RunConfig &config, RunReport &report) {
    double preprocess_ms = 0;
    if (!g.in_is_built()) {
        Stopwatch transpose_clock;
        g.in();
        preprocess_ms = transpose_clock.elapsed_ms();
    }
    Stopwatch clock;
    spmv_rows(g.in(), x, y, g.n(), config.num_threads);
    report.layout = GG_LAYOUT_CSR;
    report.iterations = 1;
    report.edges_visited = g.m();
    report.preprocess_ms += preprocess_ms;
    report.compute_ms = clock.elapsed_ms();
}

}  // namespace gg::cpu
