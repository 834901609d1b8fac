// Phase timings of the host-side builds (generating a graph, building a
// partition plan, its parts, transposes and cached layouts), printed to
// stderr when the environment sets GG_TRACE_BUILD=1 (docs/building.md).
//
// Why: at billions of edges these builds, not the runs, decide how long a
// job takes (kron scale 26 on 64 cores: 32 s generating, a minute planning
// four parts, against milliseconds per run), and where their time goes
// differs from one machine to another (page faults, atomics on hubs, serial
// loops that 64 threads wait for). The trace answers that on the machine at
// hand without a profiler. Off, a phase costs one branch.
#pragma once

#include <string>

namespace gg {

// True when GG_TRACE_BUILD is set to something other than "" or "0" (read once).
bool tracing_builds();

// Times the phases of one build: each phase() prints
//     gg trace: WHAT: PHASE 123.4 ms
// for the time since the previous phase (or the construction).
class BuildTrace {
public:
    explicit BuildTrace(std::string what);
    void phase(const char *name);

private:
    std::string what_;
    double last_ms_ = 0;
    bool on_;
};

// Prints one line "gg trace: " + the formatted text when tracing.
void trace_line(const char *format, ...) __attribute__((format(printf, 1, 2)));

// True when GG_TRACE_RUN is set to something other than "" or "0" (read
// once): the GPU's partitioned runs then print, per BFS level and per
// PageRank iteration, where the host's time went (queueing the devices'
// work, waiting for the devices, adding over the processes), one line each
// on stderr. A distributed run spends most of its time outside its device
// work (bench/results/multi-gpu-h200x2-2026-11-28-s45.md) and no profiler
// runs on the lent machines across processes; this says where.
bool tracing_runs();
void trace_run_line(const char *format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace gg
