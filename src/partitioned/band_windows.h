// The superstep loop of partitioned SSSP and SSWP by band windows
// (delta-stepping's buckets, made synchronous across the parts; Meyer and
// Sanders, J. Algorithms 2003, distributed as in Davidson et al.'s and
// Gunrock's bucketed SSSP): every part searches only the bands of a window,
// the parts exchange, the window repeats while the exchange changes a
// replica (a path may cross parts more than once inside it), then moves on
// to the lowest band some part still holds. The answer is the fixed point of
// run_to_fixed_point (fixed_point.h), exactly: windows only order the work,
// so that a part does not search its whole graph from labels that paths
// through other parts will correct. The parts of a backend offer
//     bool has_work_in(uint32_t part, uint32_t band_limit)
//                                     seeds, or keys in bands <= band_limit
//                                     that no search expanded
//     void step_in(uint32_t part, uint32_t start_band, uint32_t band_limit)
//                                     the local search over (start_band,
//                                     band_limit], improvements at or below
//                                     start_band expanded at once
//     void exchange()                 owners -> replicas, new seeds
//     uint32_t next_pending_band()    the lowest band above the last window
//                                     holding a key, over this process's
//                                     parts; kNoPendingBand for none
// (src/partitioned/paths.cpp on the CPU, cuda/partitioned/paths.cu on the
// GPU). Over a plan spread across processes, each process steps its own
// parts; the processes agree on every window.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "exchange/communicator.h"
#include "partition/plan.h"

namespace gg {

constexpr uint32_t kNoPendingBand = UINT32_MAX;

// The bands per window a backend's SSSP and SSWP take: its own `measured`
// width, or as GG_PARTITIONED_PATHS says (docs/building.md): "windows:N" N
// bands (the tests take narrow windows, so that work waits beyond them), or
// "fixed-point" for none (0: run_to_fixed_point instead).
inline uint32_t band_window_width(uint32_t measured) {
    const char *forced = std::getenv("GG_PARTITIONED_PATHS");
    if (forced == nullptr) return measured;
    if (std::strcmp(forced, "fixed-point") == 0) return 0;
    if (std::strncmp(forced, "windows:", 8) == 0) {
        const long width = std::strtol(forced + 8, nullptr, 10);
        if (width > 0 && width < long(kNoPendingBand)) return uint32_t(width);
    }
    return measured;
}

// Returns the supersteps run (local steps followed by an exchange); `width`
// bands per window.
template <class Parts>
uint32_t run_band_windows(Parts &parts, const PartitionPlan &plan, uint32_t width) {
    Communicator &comm = plan.communicator();
    uint32_t supersteps = 0;
    uint32_t start = 0, limit = width - 1;
    for (;;) {
        bool stepped = false;
        for (uint32_t p = 0; p < plan.num_parts(); ++p) {
            if (!plan.holds(p) || !parts.has_work_in(p, limit)) continue;
            parts.step_in(p, start, limit);
            stepped = true;
        }
        if (comm.any(stepped)) {
            ++supersteps;
            parts.exchange();  // also reads each stepped part's next band
            start = limit;     // the window again, from its seeds
            continue;
        }
        // Nothing left in the window anywhere: on to the lowest band held
        // (the processes' minimum, as the maximum of its complement).
        uint64_t flipped = uint64_t(kNoPendingBand) - parts.next_pending_band();
        comm.max(&flipped, 1);
        const uint32_t next = uint32_t(uint64_t(kNoPendingBand) - flipped);
        if (next == kNoPendingBand) return supersteps;
        start = next - 1;
        limit = next > kNoPendingBand - width ? kNoPendingBand - 1 : next + width - 1;
    }
}

}  // namespace gg
