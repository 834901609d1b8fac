// The monotone relaxations of BFS, SSSP, SSWP and CC as the layout engines
// run them (CuSha's engine, engines/cusha_engine.cuh; Tigr's,
// engines/split_engine.cuh). Each is CuSha's vertex program of
// 000_b078cda2a2748e6e.txt Table 3 (init_compute copies the value, compute
// combines a candidate atomically, update_condition is `improves`) with
// shared/design.md's semantics:
//
//   hops      BFS: depth, UINT32_MAX unreached; candidate u + 1
//   shortest  SSSP: float distance, +inf unreached; candidate u + w
//   widest    SSWP: float width, 0 unreached, +inf at the source; min(u, w)
//   label     CC: the smallest id reached; candidate u (UINT32_MAX: none yet)
//
// Every value is held as 32 bits: depths and labels as themselves,
// distances and widths as float bit patterns, which order as unsigned
// integers for non-negative floats, so one integer atomicMin / atomicMax
// combines them. Each answer is the relaxation's unique fixpoint (for
// SSSP, d(v) = min over u -> v of fl(d(u) + w), the same float sums the CPU
// forms), reached whatever the order of the updates: the engines may
// relax asynchronously and still return the CPU's answers exactly.
//
// Along an edge UDT added (src/layout/tigr/udt.h: the destination is an added
// node), a value passes unchanged: weight 0 for hops and distances, +inf for
// widths, which keeps the transformed graph's answers those of the original
// (001_e12cff375407a15a.txt Corollary 2).
#pragma once

#include <cstdint>
#include <type_traits>

namespace gg::cuda {

enum class Relaxation : uint32_t { hops = 0, shortest = 1, widest = 2, label = 3 };

constexpr uint32_t kFloatInfinityBits = 0x7f800000u;

template <Relaxation R>
struct Relax {
    static constexpr bool minimizes = R != Relaxation::widest;
    // Whether along() reads the weight (engines skip the weights otherwise).
    static constexpr bool weighted = R == Relaxation::shortest || R == Relaxation::widest;

    // Value of every vertex before the run (CC: a vertex starts with its own
    // id, set by the engine; UINT32_MAX is what UDT's added nodes start with).
    __host__ __device__ static constexpr uint32_t unreached() {
        return R == Relaxation::shortest ? kFloatInfinityBits : R == Relaxation::widest ? 0u : 0xffffffffu;
    }
    __host__ __device__ static constexpr uint32_t at_source() {
        return R == Relaxation::widest ? kFloatInfinityBits : 0u;
    }
    // Whether a vertex holding `value` has anything to send.
    __device__ static bool carries(uint32_t value) { return value != unreached(); }
    // The candidate `value` offers along an edge of weight w (an original edge).
    __device__ static uint32_t along(uint32_t value, float w) {
        if (R == Relaxation::hops) return value + 1;
        if (R == Relaxation::shortest) return __float_as_uint(__uint_as_float(value) + w);
        if (R == Relaxation::widest) return __float_as_uint(fminf(__uint_as_float(value), w));
        return value;
    }
    // The candidate along an edge into a UDT node of the same family.
    __device__ static uint32_t within_family(uint32_t value) { return value; }
    __device__ static bool improves(uint32_t candidate, uint32_t current) {
        return minimizes ? candidate < current : candidate > current;
    }
    // Combines `candidate` into *slot (global or shared memory); returns the
    // value it held before.
    __device__ static uint32_t combine(uint32_t *slot, uint32_t candidate) {
        return minimizes ? atomicMin(slot, candidate) : atomicMax(slot, candidate);
    }
};

// Calls f(std::integral_constant<Relaxation, R>{}) for the R of `kind`: the
// one switch from a run-time kind to a compiled engine. In f,
// `decltype(r)::value` is R.
template <class F>
void with_relaxation(Relaxation kind, F &&f) {
    switch (kind) {
        case Relaxation::hops: f(std::integral_constant<Relaxation, Relaxation::hops>{}); break;
        case Relaxation::shortest: f(std::integral_constant<Relaxation, Relaxation::shortest>{}); break;
        case Relaxation::widest: f(std::integral_constant<Relaxation, Relaxation::widest>{}); break;
        case Relaxation::label: f(std::integral_constant<Relaxation, Relaxation::label>{}); break;
    }
}

}  // namespace gg::cuda
