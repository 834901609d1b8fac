// SpMV's pull-pass operator (primitives/pull_pass.cuh): y(v) = sum over
// in-edges u -> v of w(u,v) * x(u), formed in double and rounded once to
// float. Shared by the whole-graph run (spmv.cu) and the GPU's parts
// (partitioned/spmv.cu), which pass their local CSC and x, and the arrays
// both pool per (graph, device): for a part, its local graph.
#pragma once

#include <cstdint>

#include "backend/state_pool.h"
#include "runtime/runtime.cuh"

namespace gg::cuda {

struct ProductStep {
    using Acc = double;
    const float *x;
    const float *weights;
    float *y;

    __device__ bool proceed() const { return true; }
    struct Context {};
    __device__ Context before(uint32_t) const { return Context{}; }
    // Weights stream through once (evict-first); x is read-only and reused.
    __device__ Acc load(uint32_t u, uint64_t e) const { return double(__ldcs(weights + e)) * double(__ldg(x + u)); }
    __device__ void finish(uint32_t v, Acc sum, const Context &) const { y[v] = float(sum); }
    __device__ void flush() const {}
};

// The run's arrays, pooled per (graph, device) (backend/state_pool.h).
struct SpmvState final : EngineState {
    DeviceArray<float> x, y;
    DeviceArray<double> hub_sum, partial;  // partial: the first source block's sums (TOCAB only)
    DeviceArray<uint32_t> hub_arrivals;

    SpmvState(uint32_t n, uint32_t hubs, bool blocked = false)
        : x(n, "the SpMV input vector"), y(n, "the SpMV output vector"), hub_sum(hubs, "SpMV hub sums"),
          partial(blocked ? n : 0, "SpMV sums over the first source block"), hub_arrivals(hubs, "SpMV hub arrivals") {}
    uint64_t bytes() const override {
        return x.bytes() + y.bytes() + hub_sum.bytes() + partial.bytes() + hub_arrivals.bytes();
    }
};

}  // namespace gg::cuda
