// bfs_variants: the three GPU BFS approaches of Pathak et al.
// (004_6c0534b53c1f8710.txt §3.1 parallelBFS, §3.2 queueBFS, §3.3 scanBFS),
// written as the paper gives them, timed against gg's own BFS (the
// direction-optimizing persistent kernel of cuda/bfs_engine.cu, reached
// through gg_run_bfs). The tool exists to settle, by measurement on the
// standard suite, whether any of the paper's approaches beats gg's BFS
// (issue 3: "measure the three approaches ... and keep what wins"); the paper
// itself (§6.3.1) found parallelBFS fastest on its small graphs and P100.
// First measurement (H100 80GB HBM3, CUDA 13.0, `bfs_variants` with its
// defaults, median ms of 5): kron-22 gg 0.73, parallelBFS 53.5, queueBFS
// 129.0, scanBFS 127.7; urand-22 gg 1.12, 2.65, 5.20, 11.09; grid 2048 gg
// 23.6, 70.1, 53.8, 75.9. gg's BFS wins on all three; nothing to adopt.
//
//  - parallelBFS (§3.1, Algorithms 1-2): one thread per vertex; a vertex whose
//    depth equals the current level lowers every neighbour above level + 1;
//    a global "changed" flag read back by the host ends the loop (the pass
//    over the deepest level is the one that changes nothing).
//  - queueBFS (§3.2, Algorithms 3-4): one thread per vertex of the current
//    queue; an unvisited neighbour is claimed with atomicMin on its depth and
//    appended to the next queue at atomicAdd on its size.
//  - scanBFS (§3.3, Algorithms 5-9): nextLayer lowers the depth and writes
//    the parent of each new neighbour without atomics (one write wins);
//    countDegrees counts, per queue vertex u, the neighbours whose parent is
//    u; a prefix scan of those counts gives each u its slot in the next queue
//    and the queue size; populateNextQueue writes them. The paper's
//    hand-written block scan plus host scan of block totals (Algorithm 8,
//    steps 12-14 of Algorithm 5) is replaced by CUB's device-wide scan, which
//    computes the same offsets.
// All three keep the paper's host loop: one round of kernel launches per
// level and a device-to-host copy (flag or queue size) that decides the next.
//
// The graphs are generated exactly as gg-bench does (bench/suite.cpp): kron
// and urand of 2^scale vertices, degree 16, symmetrized, weights 1..255, seed
// 27491095; a G x G 4-neighbour grid. Source: the highest out-degree vertex
// (smallest id on a tie) for kron and urand, the centre vertex of the grid.
// Times are cudaEvent times with the CSR already on the device, from the
// depth initialisation to the end of the last level, median of --trials runs
// after one warm-up; gg's time is gg_run_stats.compute_ms of the same number
// of runs. Every run's depths are compared exactly with gg's CPU BFS, and the
// parents of queueBFS and scanBFS are checked to be in-neighbours one level
// up; a mismatch makes the exit status 1.
//
// usage: bfs_variants [--scale S] [--grid G] [--trials T] [--graphs kron,urand,grid]
#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <cub/device/device_scan.cuh>

#include "gg.h"

namespace {

constexpr uint32_t kInfinity = UINT32_MAX;  // unvisited depth, and the paper's "-1" parent
constexpr uint32_t kThreads = 256;           // the paper's NUM_THREADS
constexpr uint64_t kSuiteSeed = 27491095;    // bench/options.h default
constexpr uint32_t kSuiteDegree = 16;

[[noreturn]] void die(const char *format, ...) {
    std::fflush(stdout);
    std::fprintf(stderr, "bfs_variants: ");
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fprintf(stderr, "\n");
    std::exit(1);
}

void cuda_check(cudaError_t status, const char *call, int line) {
    if (status != cudaSuccess)
        die("CUDA error at bfs_variants.cu:%d in %s: %s (%s)", line, call, cudaGetErrorString(status),
            cudaGetErrorName(status));
}
#define CUDA_CHECK(call) cuda_check((call), #call, __LINE__)
#define CUDA_CHECK_LAUNCH(name) cuda_check(cudaGetLastError(), "launch of " name, __LINE__)

uint32_t blocks_for(uint64_t threads) { return uint32_t((threads + kThreads - 1) / kThreads); }

// A device array freed on scope exit; a failed allocation names what it was for.
template <typename T>
class DeviceArray {
public:
    DeviceArray() = default;
    DeviceArray(uint64_t count, const char *what) : count_(count) {
        const size_t bytes = size_t(std::max<uint64_t>(count, 1)) * sizeof(T);
        const cudaError_t status = cudaMalloc(reinterpret_cast<void **>(&data_), bytes);
        if (status != cudaSuccess) {
            data_ = nullptr;
            die("cudaMalloc of %zu bytes for %s failed: %s", bytes, what, cudaGetErrorString(status));
        }
    }
    DeviceArray(const DeviceArray &) = delete;
    DeviceArray &operator=(const DeviceArray &) = delete;
    DeviceArray(DeviceArray &&other) noexcept { *this = std::move(other); }
    DeviceArray &operator=(DeviceArray &&other) noexcept {
        std::swap(data_, other.data_);
        std::swap(count_, other.count_);
        return *this;
    }
    ~DeviceArray() {
        if (data_) cudaFree(data_);
    }
    T *get() const { return data_; }
    uint64_t count() const { return count_; }

private:
    T *data_ = nullptr;
    uint64_t count_ = 0;
};

struct DeviceCsr {
    uint32_t n = 0;
    uint64_t m = 0;
    DeviceArray<uint64_t> offsets;  // n + 1, as gg_graph_copy_csr gives them
    DeviceArray<uint32_t> indices;  // m
};

// ---- §3.1 parallelBFS ---------------------------------------------------------

// Algorithm 2. Only vertices at `level` do work; every write stores level + 1,
// so racing writers agree and no atomic is needed.
__global__ void parallel_bfs_kernel(uint32_t level, uint32_t n, const uint64_t *offsets, const uint32_t *indices,
                                    uint32_t *depth, uint32_t *changed) {
    const uint64_t u = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (u >= n || depth[u] != level) return;
    bool lowered = false;
    const uint64_t end = offsets[u + 1];
    for (uint64_t e = offsets[u]; e < end; ++e) {
        const uint32_t v = indices[e];
        if (level + 1 < depth[v]) {
            depth[v] = level + 1;
            lowered = true;
        }
    }
    if (lowered) *changed = 1;
}

// ---- §3.2 queueBFS ------------------------------------------------------------

// Algorithm 4. atomicMin returns infinity to exactly one claimer of v, so v
// enters the next queue once and the queue never holds more than n vertices.
__global__ void queue_bfs_kernel(uint32_t level, const uint64_t *offsets, const uint32_t *indices, uint32_t *depth,
                                 uint32_t *parent, const uint32_t *queue, uint32_t queue_size, uint32_t *next_queue,
                                 uint32_t *next_size) {
    const uint64_t tid = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (tid >= queue_size) return;
    const uint32_t u = queue[tid];
    const uint64_t end = offsets[u + 1];
    for (uint64_t e = offsets[u]; e < end; ++e) {
        const uint32_t v = indices[e];
        if (depth[v] == kInfinity && atomicMin(&depth[v], level + 1) == kInfinity) {
            parent[v] = u;
            next_queue[atomicAdd(next_size, 1u)] = v;
        }
    }
}

// ---- §3.3 scanBFS -------------------------------------------------------------

// Algorithm 6. Several u may write the same new v; one parent write survives,
// and that u alone lists v below, which is what makes the next queue free of
// duplicates.
__global__ void next_layer_kernel(uint32_t level, const uint64_t *offsets, const uint32_t *indices, uint32_t *parent,
                                  uint32_t *depth, const uint32_t *queue, uint32_t queue_size) {
    const uint64_t tid = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (tid >= queue_size) return;
    const uint32_t u = queue[tid];
    const uint64_t end = offsets[u + 1];
    for (uint64_t e = offsets[u]; e < end; ++e) {
        const uint32_t v = indices[e];
        if (depth[v] > level + 1) {
            depth[v] = level + 1;
            parent[v] = u;
        }
    }
}

// Algorithm 7. A parent equal to u can only have been written in this level's
// nextLayer, since u is in the queue of exactly one level.
__global__ void count_degrees_kernel(const uint64_t *offsets, const uint32_t *indices, const uint32_t *parent,
                                     const uint32_t *queue, uint32_t queue_size, uint32_t *degree) {
    const uint64_t tid = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (tid >= queue_size) return;
    const uint32_t u = queue[tid];
    uint32_t claimed = 0;
    const uint64_t end = offsets[u + 1];
    for (uint64_t e = offsets[u]; e < end; ++e) {
        const uint32_t v = indices[e];
        if (parent[v] == u && v != u) ++claimed;
    }
    degree[tid] = claimed;
}

// Algorithm 9, with `slot_start[tid]` the exclusive prefix sum of the counts
// (the paper's block offset plus in-block offset).
__global__ void populate_next_queue_kernel(const uint64_t *offsets, const uint32_t *indices, const uint32_t *parent,
                                           const uint32_t *queue, uint32_t queue_size, const uint32_t *slot_start,
                                           uint32_t *next_queue) {
    const uint64_t tid = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (tid >= queue_size) return;
    const uint32_t u = queue[tid];
    uint32_t slot = slot_start[tid];
    const uint64_t end = offsets[u + 1];
    for (uint64_t e = offsets[u]; e < end; ++e) {
        const uint32_t v = indices[e];
        if (parent[v] == u && v != u) next_queue[slot++] = v;
    }
}

// Depth 0 for the source and, when a queue is given, the queue {source}.
__global__ void seed_source_kernel(uint32_t source, uint32_t *depth, uint32_t *queue) {
    depth[source] = 0;
    if (queue) queue[0] = source;
}

// ---- running the variants --------------------------------------------------------

struct VariantRun {
    double ms = 0;
    uint32_t levels = 0;  // rounds of the host loop
};

class Variants {
public:
    explicit Variants(const DeviceCsr &g)
        : g_(g),
          depth_(g.n, "the depth array"),
          parent_(g.n, "the parent array"),
          queue_(g.n, "the current queue"),
          next_queue_(g.n, "the next queue"),
          degree_(g.n, "the per-queue-vertex counts of scanBFS"),
          slot_start_(uint64_t(g.n) + 1, "the prefix sums of scanBFS"),
          counter_(1, "the flag / next-queue size") {
        CUDA_CHECK(cudaEventCreate(&start_));
        CUDA_CHECK(cudaEventCreate(&stop_));
        // Scan temporary storage for the largest queue (n vertices); CUB's
        // need does not shrink as the item count grows, so this covers every level.
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, scan_bytes_, degree_.get(), slot_start_.get() + 1, g.n));
        scan_storage_ = DeviceArray<unsigned char>(scan_bytes_, "CUB's scan storage");
    }
    ~Variants() {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }

    // Algorithm 1.
    VariantRun parallel_bfs(uint32_t source) {
        VariantRun run;
        CUDA_CHECK(cudaEventRecord(start_));
        CUDA_CHECK(cudaMemset(depth_.get(), 0xFF, sizeof(uint32_t) * size_t(g_.n)));
        seed_source_kernel<<<1, 1>>>(source, depth_.get(), nullptr);
        CUDA_CHECK_LAUNCH("seed_source_kernel");
        uint32_t changed = 1;
        for (uint32_t level = 0; changed; ++level) {
            guard_level(level, "parallelBFS");
            CUDA_CHECK(cudaMemset(counter_.get(), 0, sizeof(uint32_t)));
            parallel_bfs_kernel<<<blocks_for(g_.n), kThreads>>>(level, g_.n, g_.offsets.get(), g_.indices.get(),
                                                                depth_.get(), counter_.get());
            CUDA_CHECK_LAUNCH("parallel_bfs_kernel");
            CUDA_CHECK(cudaMemcpy(&changed, counter_.get(), sizeof changed, cudaMemcpyDeviceToHost));
            run.levels = level + 1;
        }
        run.ms = stop_timer();
        return run;
    }

    // Algorithm 3.
    VariantRun queue_bfs(uint32_t source) {
        VariantRun run;
        CUDA_CHECK(cudaEventRecord(start_));
        CUDA_CHECK(cudaMemset(depth_.get(), 0xFF, sizeof(uint32_t) * size_t(g_.n)));
        CUDA_CHECK(cudaMemset(parent_.get(), 0xFF, sizeof(uint32_t) * size_t(g_.n)));
        seed_source_kernel<<<1, 1>>>(source, depth_.get(), queue_.get());
        CUDA_CHECK_LAUNCH("seed_source_kernel");
        uint32_t *queue = queue_.get(), *next = next_queue_.get();
        uint32_t queue_size = 1;
        for (uint32_t level = 0; queue_size > 0; ++level) {
            guard_level(level, "queueBFS");
            CUDA_CHECK(cudaMemset(counter_.get(), 0, sizeof(uint32_t)));
            queue_bfs_kernel<<<blocks_for(queue_size), kThreads>>>(level, g_.offsets.get(), g_.indices.get(),
                                                                   depth_.get(), parent_.get(), queue, queue_size,
                                                                   next, counter_.get());
            CUDA_CHECK_LAUNCH("queue_bfs_kernel");
            CUDA_CHECK(cudaMemcpy(&queue_size, counter_.get(), sizeof queue_size, cudaMemcpyDeviceToHost));
            if (queue_size > g_.n) die("queueBFS: next queue of %u vertices exceeds n = %u", queue_size, g_.n);
            std::swap(queue, next);
            run.levels = level + 1;
        }
        run.ms = stop_timer();
        return run;
    }

    // Algorithm 5. slot_start_[0] stays 0 and the inclusive scan fills
    // slot_start_[1..size], so slot_start_[i] is the exclusive sum for queue
    // entry i and slot_start_[size] the size of the next queue.
    VariantRun scan_bfs(uint32_t source) {
        VariantRun run;
        CUDA_CHECK(cudaEventRecord(start_));
        CUDA_CHECK(cudaMemset(depth_.get(), 0xFF, sizeof(uint32_t) * size_t(g_.n)));
        CUDA_CHECK(cudaMemset(parent_.get(), 0xFF, sizeof(uint32_t) * size_t(g_.n)));
        CUDA_CHECK(cudaMemset(slot_start_.get(), 0, sizeof(uint32_t)));
        seed_source_kernel<<<1, 1>>>(source, depth_.get(), queue_.get());
        CUDA_CHECK_LAUNCH("seed_source_kernel");
        uint32_t *queue = queue_.get(), *next = next_queue_.get();
        uint32_t queue_size = 1;
        for (uint32_t level = 0; queue_size > 0; ++level) {
            guard_level(level, "scanBFS");
            const uint32_t blocks = blocks_for(queue_size);
            next_layer_kernel<<<blocks, kThreads>>>(level, g_.offsets.get(), g_.indices.get(), parent_.get(),
                                                    depth_.get(), queue, queue_size);
            CUDA_CHECK_LAUNCH("next_layer_kernel");
            count_degrees_kernel<<<blocks, kThreads>>>(g_.offsets.get(), g_.indices.get(), parent_.get(), queue,
                                                       queue_size, degree_.get());
            CUDA_CHECK_LAUNCH("count_degrees_kernel");
            size_t bytes = scan_bytes_;
            CUDA_CHECK(cub::DeviceScan::InclusiveSum(scan_storage_.get(), bytes, degree_.get(), slot_start_.get() + 1,
                                                     queue_size));
            uint32_t next_size = 0;
            CUDA_CHECK(cudaMemcpy(&next_size, slot_start_.get() + queue_size, sizeof next_size,
                                  cudaMemcpyDeviceToHost));
            if (next_size > g_.n) die("scanBFS: next queue of %u vertices exceeds n = %u", next_size, g_.n);
            if (next_size > 0) {
                populate_next_queue_kernel<<<blocks, kThreads>>>(g_.offsets.get(), g_.indices.get(), parent_.get(),
                                                                 queue, queue_size, slot_start_.get(), next);
                CUDA_CHECK_LAUNCH("populate_next_queue_kernel");
            }
            std::swap(queue, next);
            queue_size = next_size;
            run.levels = level + 1;
        }
        run.ms = stop_timer();
        return run;
    }

    void copy_depths(std::vector<uint32_t> &out) const {
        out.resize(g_.n);
        CUDA_CHECK(cudaMemcpy(out.data(), depth_.get(), sizeof(uint32_t) * size_t(g_.n), cudaMemcpyDeviceToHost));
    }
    void copy_parents(std::vector<uint32_t> &out) const {
        out.resize(g_.n);
        CUDA_CHECK(cudaMemcpy(out.data(), parent_.get(), sizeof(uint32_t) * size_t(g_.n), cudaMemcpyDeviceToHost));
    }

private:
    // A correct BFS has at most n levels; more means a bug, not a slow graph.
    void guard_level(uint32_t level, const char *variant) const {
        if (uint64_t(level) > uint64_t(g_.n)) die("%s: still running after %u levels on %u vertices", variant, level, g_.n);
    }
    double stop_timer() {
        CUDA_CHECK(cudaEventRecord(stop_));
        CUDA_CHECK(cudaEventSynchronize(stop_));
        float ms = 0;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
        return ms;
    }

    const DeviceCsr &g_;
    DeviceArray<uint32_t> depth_, parent_, queue_, next_queue_, degree_, slot_start_, counter_;
    DeviceArray<unsigned char> scan_storage_;
    size_t scan_bytes_ = 0;
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

// ---- the host side -------------------------------------------------------------------

struct Options {
    uint32_t scale = 22;
    uint32_t grid = 2048;
    int trials = 5;
    std::vector<std::string> graphs{"kron", "urand", "grid"};
};

void usage(FILE *to) {
    std::fprintf(to,
                 "usage: bfs_variants [--scale S] [--grid G] [--trials T] [--graphs kron,urand,grid]\n"
                 "  Times parallelBFS, queueBFS and scanBFS (004_6c0534b53c1f8710.txt §3.1-3.3) and gg's\n"
                 "  CUDA BFS on the gg-bench suite graphs; median of T runs (default 5) after a warm-up.\n"
                 "  --scale S   log2 vertices of kron and urand, 1..30 (default 22)\n"
                 "  --grid G    G x G grid, 2..65535 (default 2048)\n"
                 "  --trials T  timed runs per variant, 1..1000 (default 5)\n"
                 "  --graphs L  comma-separated subset of kron,urand,grid (default all three)\n");
}

bool parse_number(const char *text, long long low, long long high, long long &out) {
    char *end = nullptr;
    errno = 0;
    const long long value = std::strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < low || value > high) return false;
    out = value;
    return true;
}

Options parse(int argc, char **argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "-h" || flag == "--help") {
            usage(stdout);
            std::exit(0);
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "bfs_variants: %s needs a value (or is unknown)\n", flag.c_str());
            usage(stderr);
            std::exit(2);
        }
        const char *value = argv[++i];
        long long number = 0;
        bool ok = true;
        if (flag == "--scale") {
            ok = parse_number(value, 1, 30, number);
            o.scale = uint32_t(number);
        } else if (flag == "--grid") {
            ok = parse_number(value, 2, 65535, number);  // G * G must fit a uint32_t vertex id
            o.grid = uint32_t(number);
        } else if (flag == "--trials") {
            ok = parse_number(value, 1, 1000, number);
            o.trials = int(number);
        } else if (flag == "--graphs") {
            o.graphs.clear();
            std::stringstream list(value);
            std::string name;
            while (std::getline(list, name, ',')) {
                if (name == "kron" || name == "urand" || name == "grid") o.graphs.push_back(name);
                else ok = false;
            }
            ok = ok && !o.graphs.empty();
        } else {
            std::fprintf(stderr, "bfs_variants: unknown argument %s\n", flag.c_str());
            usage(stderr);
            std::exit(2);
        }
        if (!ok) {
            std::fprintf(stderr, "bfs_variants: bad value '%s' for %s\n", value, flag.c_str());
            usage(stderr);
            std::exit(2);
        }
    }
    return o;
}

void gg_check(gg_status status, gg_context *context, const char *what) {
    if (status != GG_OK) die("%s failed: %s: %s", what, gg_status_string(status), gg_context_last_error(context));
}

// bench/suite.cpp's suite_graph() and generate(), through the public API.
gg_graph *generate(gg_context *context, const std::string &name, const Options &o, uint32_t &source,
                   std::string &description) {
    gg_generator_options g;
    gg_generator_options_init(&g);
    g.seed = kSuiteSeed;
    g.weighted = 1;
    g.weight_min = 1;
    g.weight_max = 255;
    g.symmetrize = 1;
    char text[160];
    if (name == "grid") {
        g.kind = GG_GENERATOR_GRID;
        g.rows = o.grid;
        g.cols = o.grid;
        std::snprintf(text, sizeof text, "grid %u x %u, 4-neighbour, both directions", o.grid, o.grid);
    } else {
        g.kind = name == "urand" ? GG_GENERATOR_URAND : GG_GENERATOR_KRON;
        g.scale = o.scale;
        g.degree = kSuiteDegree;
        std::snprintf(text, sizeof text, "%s scale %u degree %u, symmetrized", name.c_str(), o.scale, kSuiteDegree);
    }
    description = text;
    gg_graph *graph = nullptr;
    gg_check(gg_graph_generate(context, &g, &graph), context, "gg_graph_generate");
    const uint32_t n = gg_graph_num_vertices(graph);
    if (n == 0) die("gg_graph_generate(%s) returned an empty graph", name.c_str());
    if (name == "grid") {
        source = (g.rows / 2) * g.cols + g.cols / 2;  // vertex (r, c) is r * cols + c
    } else {
        std::vector<uint32_t> degrees(n);
        gg_check(gg_graph_out_degrees(context, graph, degrees.data()), context, "gg_graph_out_degrees");
        source = uint32_t(std::max_element(degrees.begin(), degrees.end()) - degrees.begin());  // first maximum
    }
    return graph;
}

struct HostCsr {
    std::vector<uint64_t> offsets;
    std::vector<uint32_t> indices;
};

// "" when the depths equal the reference; otherwise the first difference.
std::string compare_depths(const std::vector<uint32_t> &want, const std::vector<uint32_t> &got) {
    uint64_t wrong = 0, first = 0;
    for (size_t v = 0; v < want.size(); ++v)
        if (want[v] != got[v] && wrong++ == 0) first = v;
    if (wrong == 0) return "";
    char line[200];
    std::snprintf(line, sizeof line, "%" PRIu64 " depths differ, first vertex %" PRIu64 ": cpu %u, gpu %u", wrong,
                  first, want[first], got[first]);
    return line;
}

// "" when every reached v other than the source has a parent p with v among
// p's out-neighbours and depth(p) + 1 = depth(v), and the others have none.
std::string check_parents(const HostCsr &csr, uint32_t source, const std::vector<uint32_t> &depth,
                          const std::vector<uint32_t> &parent) {
    const uint32_t n = uint32_t(depth.size());
    for (uint32_t v = 0; v < n; ++v) {
        const uint32_t p = parent[v];
        bool ok;
        if (v == source || depth[v] == kInfinity) {
            ok = p == kInfinity;
        } else {
            ok = p < n && depth[p] != kInfinity && depth[p] + 1 == depth[v] &&
                 std::binary_search(csr.indices.begin() + int64_t(csr.offsets[p]),
                                    csr.indices.begin() + int64_t(csr.offsets[p + 1]), v);
        }
        if (!ok) {
            char line[160];
            std::snprintf(line, sizeof line, "bad parent of vertex %u (depth %u): %u", v, depth[v], p);
            return line;
        }
    }
    return "";
}

struct Row {
    std::vector<double> ms;
    uint32_t levels = 0;
    std::string failure;  // first verification failure over all runs
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : (v[k - 1] + v[k]) / 2;
}

void print_row(const std::string &graph, const char *variant, const Row &row, uint64_t m) {
    const double med = median(row.ms);
    const auto range = std::minmax_element(row.ms.begin(), row.ms.end());
    std::printf("| %s | %s | %.3f | %.3f | %.3f | %.2f | %u | %s |\n", graph.c_str(), variant, med, *range.first,
                *range.second, med > 0 ? double(m) / (med * 1e6) : 0.0, row.levels,
                row.failure.empty() ? "yes" : ("NO: " + row.failure).c_str());
    std::fflush(stdout);
}

void print_device() {
    int device = 0, driver = 0, runtime = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    CUDA_CHECK(cudaDriverGetVersion(&driver));
    CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
    std::printf("# BFS: the approaches of 004_6c0534b53c1f8710.txt §3 against gg's BFS\n\n");
    std::printf("- device %d: %s, sm_%d%d, %d SMs, %.1f GiB\n", device, prop.name, prop.major, prop.minor,
                prop.multiProcessorCount, double(prop.totalGlobalMem) / (1u << 30));
    std::printf("- CUDA driver %d.%d, runtime %d.%d; CUB %d.%d.%d; gg %s\n", driver / 1000, (driver % 1000) / 10,
                runtime / 1000, (runtime % 1000) / 10, CUB_MAJOR_VERSION, CUB_MINOR_VERSION, CUB_SUBMINOR_VERSION,
                gg_version_string());
}

int run_all(const Options &o) {
    gg_context *context = nullptr;
    gg_context_options co;
    gg_context_options_init(&co);
    gg_check(gg_context_create(&co, &context), context, "gg_context_create");
    char reason[256] = "";
    if (!gg_context_cuda_available(context, reason, sizeof reason))
        die("gg's CUDA backend is not usable: %s", reason);
    gg_run_options gpu, cpu;
    gg_run_options_init(&gpu);
    gpu.backend = GG_BACKEND_CUDA;
    gg_run_options_init(&cpu);
    cpu.backend = GG_BACKEND_CPU;

    print_device();
    std::printf("- median, min and max of %d runs after one warm-up, in ms, CSR resident on the device; GTEPS = m / "
                "median\n",
                o.trials);
    std::printf("- levels: rounds of the host loop, one per BFS level (the deepest depth + 1); "
                "gg: gg_run_stats.iterations\n");
    std::printf("- verified: every run's depths equal gg's CPU BFS (queueBFS and scanBFS: parents checked too)\n");

    int failures = 0;
    for (const std::string &name : o.graphs) {
        uint32_t source = 0;
        std::string description;
        gg_graph *graph = generate(context, name, o, source, description);
        const uint32_t n = gg_graph_num_vertices(graph);
        const uint64_t m = gg_graph_num_edges(graph);
        HostCsr csr;
        csr.offsets.resize(uint64_t(n) + 1);
        csr.indices.resize(m);
        gg_check(gg_graph_copy_csr(context, graph, csr.offsets.data(), csr.indices.data(), nullptr), context,
                 "gg_graph_copy_csr");
        if (csr.offsets[0] != 0 || csr.offsets[n] != m) die("gg_graph_copy_csr(%s): offsets do not span m", name.c_str());

        std::vector<uint32_t> reference(n), got(n), parents;
        gg_run_stats stats;
        gg_run_stats_init(&stats);
        std::fprintf(stderr, "bfs_variants: %s: CPU reference BFS\n", name.c_str());
        gg_check(gg_run_bfs(context, graph, source, reference.data(), nullptr, &cpu, &stats), context,
                 "gg_run_bfs (cpu)");

        std::printf("\n## %s: %s\n\n- n %u, m %" PRIu64 ", source %u (degree %" PRIu64 "), CPU reference %.1f ms, "
                    "%u levels\n\n",
                    name.c_str(), description.c_str(), n, m, source, csr.offsets[source + 1] - csr.offsets[source],
                    stats.compute_ms, stats.iterations);
        std::printf("| graph | variant | median ms | min ms | max ms | GTEPS | levels | verified |\n");
        std::printf("|---|---|---:|---:|---:|---:|---:|---|\n");
        std::fflush(stdout);

        // gg's own BFS: the warm-up also uploads the graph.
        {
            Row row;
            for (int t = -1; t < o.trials; ++t) {
                gg_run_stats_init(&stats);
                gg_check(gg_run_bfs(context, graph, source, got.data(), nullptr, &gpu, &stats), context,
                         "gg_run_bfs (cuda)");
                const std::string bad = compare_depths(reference, got);
                if (row.failure.empty()) row.failure = bad;
                if (t >= 0) row.ms.push_back(stats.compute_ms);
                row.levels = stats.iterations;
            }
            print_row(name, "gg (direction-optimizing)", row, m);
            if (!row.failure.empty()) {
                std::fprintf(stderr, "bfs_variants: MISMATCH %s gg: %s\n", name.c_str(), row.failure.c_str());
                ++failures;
            }
        }

        // The paper's three, on their own copy of the CSR.
        {
            DeviceCsr dg;
            dg.n = n;
            dg.m = m;
            dg.offsets = DeviceArray<uint64_t>(uint64_t(n) + 1, "the CSR offsets");
            dg.indices = DeviceArray<uint32_t>(m, "the CSR indices");
            CUDA_CHECK(cudaMemcpy(dg.offsets.get(), csr.offsets.data(), sizeof(uint64_t) * (size_t(n) + 1),
                                  cudaMemcpyHostToDevice));
            if (m > 0)
                CUDA_CHECK(cudaMemcpy(dg.indices.get(), csr.indices.data(), sizeof(uint32_t) * size_t(m),
                                      cudaMemcpyHostToDevice));
            Variants variants(dg);
            struct Variant {
                const char *label;
                VariantRun (Variants::*run)(uint32_t);
                bool has_parents;
            };
            const Variant list[] = {{"parallelBFS (§3.1)", &Variants::parallel_bfs, false},
                                    {"queueBFS (§3.2)", &Variants::queue_bfs, true},
                                    {"scanBFS (§3.3)", &Variants::scan_bfs, true}};
            for (const Variant &variant : list) {
                std::fprintf(stderr, "bfs_variants: %s: %s\n", name.c_str(), variant.label);
                Row row;
                for (int t = -1; t < o.trials; ++t) {
                    const VariantRun run = (variants.*variant.run)(source);
                    variants.copy_depths(got);
                    std::string bad = compare_depths(reference, got);
                    if (bad.empty() && variant.has_parents) {
                        variants.copy_parents(parents);
                        bad = check_parents(csr, source, got, parents);
                    }
                    if (row.failure.empty()) row.failure = bad;
                    if (t >= 0) row.ms.push_back(run.ms);
                    row.levels = run.levels;
                }
                print_row(name, variant.label, row, m);
                if (!row.failure.empty()) {
                    std::fprintf(stderr, "bfs_variants: MISMATCH %s %s: %s\n", name.c_str(), variant.label,
                                 row.failure.c_str());
                    ++failures;
                }
            }
        }
        gg_graph_destroy(graph);
    }
    gg_context_destroy(context);
    std::printf("\n%d mismatch%s\n", failures, failures == 1 ? "" : "es");
    return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char **argv) {
    const Options o = parse(argc, argv);
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
        std::fprintf(stderr, "bfs_variants: no CUDA device: %s\n",
                     status != cudaSuccess ? cudaGetErrorString(status) : "the driver reports 0 devices");
        return 1;
    }
    try {
        return run_all(o);
    } catch (const std::bad_alloc &) {
        die("out of host memory");
    }
}
