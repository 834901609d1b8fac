// The pause between two polls of a wait for another process (MPI's
// non-blocking operations, NCCL's transfers between processes): the waits
// poll, so that a process that died or hangs fails them at a deadline
// instead of blocking forever.
//
// A distributed run waits once or a few times per level or iteration,
// mostly for well under a few milliseconds. The first version spun for a
// thousand polls and then slept 20 or 50 us between polls; on a lent H200
// machine (2026-11-28) such a sleep lasted 75 and 106 us, and an MPI sum
// whose other process came 300 us late took 504 us polled that way against
// 304 us polled by yielding (13.4 against 2.8 us when both came at once,
// 3178 against 3013 us at 3 ms late: bench/results/
// multi-gpu-h200x2-2026-11-28-s45.md). So a wait now polls without
// sleeping, yielding the core, for its first 50 ms, and sleeps between
// polls only after that: a long wait (another process still generating its
// rows, say) does not burn a core.
#pragma once

#include <chrono>
#include <thread>

namespace gg {

inline void pause_between_polls(double waited_s) {
    if (waited_s < 0.05)
        std::this_thread::yield();
    else
        std::this_thread::sleep_for(std::chrono::microseconds(waited_s > 5 ? 1000 : 100));
}

}  // namespace gg
