// The loop every engine runs: supersteps, with a point between two of them
// where an exchange of replica values (partitioned runs), a convergence test
// or a user program's step attaches (Gunrock's enactor; Medusa's and
// Pregel's supersteps). An engine offers
//     StepOutcome superstep(uint32_t index)   enqueue superstep `index`
//     bool converged()                        read back whether it is done
// and says after each superstep whether it is certainly done, may be done
// (the loop then asks converged(), a device read, so engines ask it only
// every few supersteps), or certainly not.
//
// A persistent kernel that keeps its level loop on the device (BFS,
// near-far) is one superstep that runs to convergence: it wins there
// (a level costs a grid barrier, not a launch and a host read) and stays
// behind the same interface; a run that needs a point between its levels
// (an exchange) asks it for per-level supersteps instead.
#pragma once

#include <cstdint>
#include <functional>

namespace gg {

enum class StepOutcome { more, check, done };

// Returns false to end the run after this superstep.
using BetweenSupersteps = std::function<bool(uint32_t superstep)>;

// Runs supersteps until the engine is done; returns how many ran.
template <class Engine>
uint32_t run_supersteps(Engine &engine, const BetweenSupersteps &between = {}) {
    for (uint32_t step = 0;; ++step) {
        const StepOutcome outcome = engine.superstep(step);
        if (outcome == StepOutcome::done) return step + 1;
        if (between && !between(step)) return step + 1;
        if (outcome == StepOutcome::check && engine.converged()) return step + 1;
    }
}

}  // namespace gg
