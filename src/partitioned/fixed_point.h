// The superstep loop of the label-correcting partitioned runs (BFS, SSSP,
// SSWP and CC), one for every backend: each part with work runs its local
// step, then owners refresh their replicas (Medusa's replica update, 002
// §4.3), which gives parts new work; no part with work ends the run. The
// parts of a backend offer
//     bool has_work(uint32_t part)
//     void step(uint32_t part)        the local step (it consumes the work)
//     void exchange()                 owners -> replicas, new work from what changed
// (src/partitioned/paths.cpp and components.cpp on the CPU,
// cuda/partitioned/paths.cu and components.cu on the GPU). Over a plan
// spread across processes, each process steps its own parts and the run
// ends when no part of any process stepped (a part of another process
// offers no work here).
#pragma once

#include <cstdint>

#include "exchange/communicator.h"

namespace gg {

// Returns the supersteps run (local steps followed by an exchange).
template <class Parts>
uint32_t run_to_fixed_point(Parts &parts, uint32_t num_parts, Communicator &comm = single_process()) {
    uint32_t supersteps = 0;
    for (;;) {
        bool stepped = false;
        for (uint32_t p = 0; p < num_parts; ++p) {
            if (!parts.has_work(p)) continue;
            parts.step(p);
            stepped = true;
        }
        if (!comm.any(stepped)) return supersteps;
        ++supersteps;
        parts.exchange();
    }
}

}  // namespace gg
