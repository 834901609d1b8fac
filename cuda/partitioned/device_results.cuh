// Per-vertex arrays between the caller and the parts on the GPUs: a run's
// answer (every part's owned values, by global id, into the caller's array;
// over a plan spread across processes, this process's parts', then the
// others' from their processes)
// and an input (the caller's array into every part's owned slots, e.g.
// SpMV's x). Both go through the parts' first device: the scatter and the
// gather by global id run there, and the caller's array crosses the bus in
// one copy, as an unpartitioned run's does. Parts on other devices send or
// receive their owned values (a part's first `owned` local ids, so one
// contiguous block) by one peer copy to or from a staging array there.
//
// Done on the host, the same work cost more than the runs: on the H100 with
// the 2048 x 2048 grid over 2 parts, copying the parts' values into fresh
// host vectors and scattering them took 10 to 26 ms per run (page faults and
// pageable copies) against 0.1 to 5 ms of compute.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engines/engine_state.cuh"
#include "partitioned/device_parts.cuh"
#include "partitioned/partitioned_run.h"

namespace gg::cuda {

// Pooled with the context's engine states under the plan's first part
// graph (so that it goes when the plan goes), on the parts' first device:
// every part's owned global ids, part after part, uploaded once, and n
// values of up to 8 bytes by global id, with as many staged by part when
// some parts live on other devices (both grown on first use by a wider type).
struct PlanGather final : EngineState {
    DeviceArray<uint32_t> owned_global;
    std::vector<uint64_t> base;  // where part p's owned ids begin
    DeviceArray<unsigned char> staging, whole;
    uint64_t bytes() const override { return owned_global.bytes() + staging.bytes() + whole.bytes(); }
};

namespace result_kernels {

template <class T, class Out, class Convert>
__global__ void scatter_owned(const T *values, const uint32_t *global, uint32_t owned, Out *whole, Convert convert) {
    for (uint64_t l = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; l < owned; l += uint64_t(gridDim.x) * blockDim.x)
        whole[global[l]] = convert(values[l]);
}

template <class T>
__global__ void gather_owned(const T *whole, const uint32_t *global, uint32_t owned, T *values) {
    for (uint64_t l = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; l < owned; l += uint64_t(gridDim.x) * blockDim.x)
        values[l] = whole[global[l]];
}

}  // namespace result_kernels

struct SameValue {
    template <class T>
    __device__ T operator()(T v) const {
        return v;
    }
};

class DeviceResults {
public:
    explicit DeviceResults(DevicePartSet &parts);

    // out[global id] = convert(values[p][l]) for every part p and owned l.
    template <class T, class Out, class Convert = SameValue>
    void to_caller(const std::vector<T *> &values, Out *out, double &transfer_ms, Convert convert = Convert()) {
        static_assert(sizeof(T) <= 8 && sizeof(Out) <= 8, "gather arrays hold values of up to 8 bytes");
        const PartitionPlan &plan = parts_.plan();
        if (plan.n == 0) return;
        reserve(std::max(sizeof(T), sizeof(Out)));
        Out *whole = reinterpret_cast<Out *>(gather_->whole.get());
        T *staging = reinterpret_cast<T *>(gather_->staging.get());
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const uint32_t owned = plan.parts[p].owned;
            if (owned == 0) continue;
            const T *from = values[p];
            if (parts_.device_of(p) != first_device()) {
                DeviceScope scope(parts_.device_of(p));
                GG_CUDA_CHECK(cudaMemcpyPeerAsync(staging + gather_->base[p], first_device(), values[p],
                                                  parts_.device_of(p), owned * sizeof(T), parts_.stream_of(p)));
                parts_.hand_over(p, 0);
                from = staging + gather_->base[p];
            }
            DeviceScope scope(first_device());
            result_kernels::scatter_owned<<<blocks(owned), kThreads, 0, first_stream()>>>(
                from, gather_->owned_global.get() + gather_->base[p], owned, whole, convert);
            GG_CUDA_CHECK_LAUNCH("scatter_owned");
        }
        DeviceScope scope(first_device());
        copy_to_host(out, whole, size_t(plan.n) * sizeof(Out), first_stream(), transfer_ms);
        transfer_ms += share_owned(plan, out, parts_.num_threads());  // the other processes' parts
    }

    // values[p][l] = in[global id] for every part p and owned l.
    template <class T>
    void from_caller(const T *in, const std::vector<T *> &values, double &transfer_ms) {
        static_assert(sizeof(T) <= 8, "gather arrays hold values of up to 8 bytes");
        const PartitionPlan &plan = parts_.plan();
        if (plan.n == 0) return;
        reserve(sizeof(T));
        T *whole = reinterpret_cast<T *>(gather_->whole.get());
        T *staging = reinterpret_cast<T *>(gather_->staging.get());
        {
            DeviceScope scope(first_device());
            copy_to_device(whole, in, size_t(plan.n) * sizeof(T), first_stream(), transfer_ms);
        }
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            const uint32_t owned = plan.parts[p].owned;
            if (owned == 0) continue;
            const bool remote = parts_.device_of(p) != first_device();
            {
                DeviceScope scope(first_device());
                result_kernels::gather_owned<<<blocks(owned), kThreads, 0, first_stream()>>>(
                    whole, gather_->owned_global.get() + gather_->base[p], owned,
                    remote ? staging + gather_->base[p] : values[p]);
                GG_CUDA_CHECK_LAUNCH("gather_owned");
            }
            if (remote) {
                parts_.hand_over(0, p);
                DeviceScope scope(parts_.device_of(p));
                GG_CUDA_CHECK(cudaMemcpyPeerAsync(values[p], parts_.device_of(p), staging + gather_->base[p],
                                                  first_device(), owned * sizeof(T), parts_.stream_of(p)));
            }
        }
    }

private:
    static constexpr int kThreads = 256;
    int first_device() const { return parts_.device_of(0); }
    cudaStream_t first_stream() const { return parts_.stream_of(0); }
    unsigned blocks(uint64_t items) const {
        return unsigned(grid_stride_blocks(std::max<uint64_t>(items, 1), kThreads, parts_.info_of(0)));
    }
    void reserve(size_t value_bytes);

    DevicePartSet &parts_;
    StatePool::Checkout<PlanGather> gather_;
};

}  // namespace gg::cuda
