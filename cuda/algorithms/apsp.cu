/*
 * All-pairs shortest paths on the GPU, by one of the two methods Pathak et
 * al. compare (004_6c0534b53c1f8710.txt §5, §6.3.3):
 *
 * - Blocked Floyd-Warshall (§5.3, after Katz and Kider): the n x n matrix,
 *   padded to whole 32 x 32 tiles, lives on the device; for each pivot tile k
 *   three kernels run the phases of §5.3.1-§5.3.3 in shared memory: the pivot
 *   tile alone (one block), the tiles of its row and column (each with the
 *   pivot tile), then every other tile from the two tiles of phase 2 it
 *   depends on.
 * - Repeated SSSP (§5.1): the near-far engine (near_far.cu) once per source,
 *   rows gathered in a device buffer and copied out in batches; it needs only
 *   O(n) device memory besides the batch.
 *
 * Choice: Floyd-Warshall costs n / 32 pivot steps, each about one pass
 * over the matrix (8n^2 bytes of traffic: an estimated 0.7 ms at n = 16384
 * on an H100's 3 TB/s), whatever the graph. Repeated SSSP costs, per
 * source, a few microseconds of launches plus one grid barrier per
 * relaxation round (about 11 us on an H100: the bench's 2049 BFS levels of
 * the 2048 x 2048 grid take 22.6 ms), and a search needs at least as many
 * rounds as its deepest shortest path has edges: the test suite's
 * 5000-vertex paths would take 5000 sources x ~2500 rounds x 11 us, over two
 * minutes, against milliseconds for Floyd-Warshall. §6.3.3 finds
 * Floyd-Warshall ahead on dense graphs; on the GPU it is ahead on every
 * graph whose matrix is small enough, since n searches cost at least n times
 * (launches + a barrier or two), which Floyd-Warshall's traffic only passes
 * for n in the tens of thousands. So Floyd-Warshall runs when the padded
 * matrix fits in half the free device memory and either n <=
 * kFloydWarshallUpTo or the graph is dense (m >= n^2 / 64); repeated SSSP
 * otherwise, which needs only O(n) device memory besides its row batch.
 * Unreachable pairs are +inf, the diagonal 0; the caller has rejected
 * negative weights.
 */
#include <algorithm>
#include <vector>

#include "cuda_backend.h"
#include "primitives/fill.cuh"
#include "engines/engine_state.cuh"
#include "engines/near_far.cuh"
#include "layouts/device_layouts.cuh"

namespace gg::cuda {

namespace {

constexpr int kTile = 32;
constexpr uint32_t kFloydWarshallUpTo = 16384;  // a 1 GiB matrix, an estimated 0.4 s
constexpr uint64_t kDenseDivisor = 64;
constexpr size_t kRowBatchBytes = size_t(64) << 20;

__global__ void set_diagonal(float *d, uint64_t pitch, uint32_t padded) {
    for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < padded; i += uint64_t(gridDim.x) * blockDim.x)
        d[i * pitch + i] = 0.0f;
}

__global__ void set_edges(DeviceCsr out, float *d, uint64_t pitch) {
    for (uint64_t u = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; u < out.n; u += uint64_t(gridDim.x) * blockDim.x) {
        for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
            // Weights are >= 0; a -0.0 must count as 0, not as its huge bit pattern.
            const float w = out.weights[e];
            const unsigned bits = w > 0.0f ? __float_as_uint(w) : 0u;
            atomicMin(reinterpret_cast<unsigned *>(&d[u * pitch + out.indices[e]]), bits);
        }
    }
}

__device__ __forceinline__ float &at(float *d, uint64_t pitch, uint32_t tile_row, uint32_t tile_col) {
    return d[(uint64_t(tile_row) * kTile + threadIdx.y) * pitch + uint64_t(tile_col) * kTile + threadIdx.x];
}

// The tile steps below go through p = 0..kTile-1, each reading row p and
// column p of the tile as the step before left them, so a step writes into
// the other of two copies of the tile: written in place, step p would
// overwrite entries of row or column p that other threads of the same step
// are still reading. (The value written there never changes, since the
// diagonal is 0, but compute-sanitizer's racecheck rightly reports the
// unordered read and write.) One barrier per step suffices: the copy a step
// writes was last read in the step before that, behind the last barrier.

// §5.3.1: the pivot tile.
__global__ void fw_pivot(float *d, uint64_t pitch, uint32_t k) {
    __shared__ float t[2][kTile][kTile + 1];
    const int y = threadIdx.y, x = threadIdx.x;
    t[0][y][x] = at(d, pitch, k, k);
    __syncthreads();
    for (int p = 0; p < kTile; ++p) {
        const float(*before)[kTile + 1] = t[p & 1];
        t[(p + 1) & 1][y][x] = fminf(before[y][x], before[y][p] + before[p][x]);
        __syncthreads();
    }
    at(d, pitch, k, k) = t[kTile & 1][y][x];
}

// §5.3.2: blockIdx.y == 0, the tiles of the pivot's row; 1, of its column.
__global__ void fw_cross(float *d, uint64_t pitch, uint32_t k) {
    const uint32_t other = blockIdx.x >= k ? blockIdx.x + 1 : blockIdx.x;
    __shared__ float pivot[kTile][kTile + 1];
    __shared__ float t[2][kTile][kTile + 1];
    const int y = threadIdx.y, x = threadIdx.x;
    const bool row = blockIdx.y == 0;
    pivot[y][x] = at(d, pitch, k, k);
    t[0][y][x] = row ? at(d, pitch, k, other) : at(d, pitch, other, k);
    __syncthreads();
    for (int p = 0; p < kTile; ++p) {
        const float(*before)[kTile + 1] = t[p & 1];
        t[(p + 1) & 1][y][x] = row ? fminf(before[y][x], pivot[y][p] + before[p][x])
                                   : fminf(before[y][x], before[y][p] + pivot[p][x]);
        __syncthreads();
    }
    if (row) at(d, pitch, k, other) = t[kTile & 1][y][x];
    else at(d, pitch, other, k) = t[kTile & 1][y][x];
}

// §5.3.3: every tile off the pivot's row and column.
__global__ void fw_rest(float *d, uint64_t pitch, uint32_t k) {
    const uint32_t i = blockIdx.y >= k ? blockIdx.y + 1 : blockIdx.y;
    const uint32_t j = blockIdx.x >= k ? blockIdx.x + 1 : blockIdx.x;
    __shared__ float column[kTile][kTile + 1];  // tile (i, k)
    __shared__ float row[kTile][kTile + 1];     // tile (k, j)
    const int y = threadIdx.y, x = threadIdx.x;
    column[y][x] = at(d, pitch, i, k);
    row[y][x] = at(d, pitch, k, j);
    __syncthreads();
    float best = at(d, pitch, i, j);
#pragma unroll 8
    for (int p = 0; p < kTile; ++p) best = fminf(best, column[y][p] + row[p][x]);
    at(d, pitch, i, j) = best;
}

void floyd_warshall(const DeviceCsr &out, float *dist, const DeviceInfo &info, cudaStream_t stream,
                    RunReport &report) {
    const uint32_t n = out.n;
    const uint32_t tiles = (n + kTile - 1) / kTile;
    const uint64_t padded = uint64_t(tiles) * kTile;
    DeviceArray<float> d(padded * padded, "the APSP distance matrix");
    EventTimer compute;
    compute.start(stream);
    fill(d.get(), __builtin_huge_valf(), padded * padded, stream);
    set_diagonal<<<grid_stride_blocks(padded, 256, info), 256, 0, stream>>>(d.get(), padded, uint32_t(padded));
    GG_CUDA_CHECK_LAUNCH("set_diagonal");
    set_edges<<<grid_stride_blocks(n, 256, info), 256, 0, stream>>>(out, d.get(), padded);
    GG_CUDA_CHECK_LAUNCH("set_edges");
    const dim3 tile(kTile, kTile);
    for (uint32_t k = 0; k < tiles; ++k) {
        fw_pivot<<<1, tile, 0, stream>>>(d.get(), padded, k);
        GG_CUDA_CHECK_LAUNCH("fw_pivot");
        if (tiles > 1) {
            fw_cross<<<dim3(tiles - 1, 2), tile, 0, stream>>>(d.get(), padded, k);
            GG_CUDA_CHECK_LAUNCH("fw_cross");
            fw_rest<<<dim3(tiles - 1, tiles - 1), tile, 0, stream>>>(d.get(), padded, k);
            GG_CUDA_CHECK_LAUNCH("fw_rest");
        }
    }
    compute.stop(stream);
    report.compute_ms += compute.elapsed_ms();
    report.iterations = tiles;
    EventTimer copy;
    copy.start(stream);
    GG_CUDA_CHECK(cudaMemcpy2DAsync(dist, size_t(n) * sizeof(float), d.get(), padded * sizeof(float),
                                    size_t(n) * sizeof(float), n, cudaMemcpyDefault, stream));
    copy.stop(stream);
    report.transfer_ms += copy.elapsed_ms();
}

void repeated_sssp(const Graph &g, const DeviceCsr &out, float *dist, const DeviceInfo &info,
                   const RunConfig &config, cudaStream_t stream, RunReport &report) {
    const uint32_t n = g.n();
    // The SSSP engine's pooled state: the same one SSSP runs use.
    auto engine = take_state<NearFarEngine>(g, info, config, EngineId::near_far, uint64_t(PathKind::shortest), [&] {
        return std::make_unique<NearFarEngine>(out, info, PathKind::shortest);
    });
    engine->bind(out, default_band_width(g, PathKind::shortest), g.max_weight);
    const uint64_t batch = std::max<uint64_t>(1, std::min<uint64_t>(n, kRowBatchBytes / (uint64_t(n) * 4)));
    DeviceArray<float> rows(batch * n, "APSP row batch");
    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    for (uint64_t first = 0; first < n; first += batch) {
        const uint64_t count = std::min<uint64_t>(batch, n - first);
        EventTimer compute;
        compute.start(stream);
        for (uint64_t r = 0; r < count; ++r) {
            engine->run(uint32_t(first + r), stream);
            engine->write_values(rows.get() + r * n, stream);
        }
        compute.stop(stream);
        report.compute_ms += compute.elapsed_ms();
        copy_to_host(dist + first * n, rows.get(), count * n * sizeof(float), stream, report.transfer_ms);
    }
    report.iterations = n;
}

}  // namespace

void apsp(const Graph &g, float *dist, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, {GG_LAYOUT_CSR}, "APSP");
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    const DeviceCsr out = layouts.edges(EdgeDirection::out, true);

    const uint64_t padded = (uint64_t(n) + kTile - 1) / kTile * kTile;
    size_t free_bytes = 0, total_bytes = 0;
    GG_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    const bool fits = padded * padded * sizeof(float) <= free_bytes / 2;
    const bool dense = g.m() >= uint64_t(n) * n / kDenseDivisor;
    if (fits && (n <= kFloydWarshallUpTo || dense))
        floyd_warshall(out, dist, info, stream.get(), report);
    else
        repeated_sssp(g, out, dist, info, config, stream.get(), report);
    report.edges_visited = uint64_t(n) * g.m();
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
