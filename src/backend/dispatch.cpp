#include "backend/dispatch.h"

#include "core/error.h"
#include "cpu/cpu.h"
#include "cuda_backend.h"

namespace gg {

namespace {

// A backend as a set of entry points (src/backend/entry_points.inc).
struct BackendEntryPoints {
    decltype(&cpu::bfs) bfs;
    decltype(&cpu::sssp) sssp;
    decltype(&cpu::sswp) sswp;
    decltype(&cpu::cc) cc;
    decltype(&cpu::pagerank) pagerank;
    decltype(&cpu::bc) bc;
    decltype(&cpu::spmv) spmv;
    decltype(&cpu::apsp) apsp;
    decltype(&cpu::matching) matching;
    decltype(&cpu::run_program) program;
};

constexpr BackendEntryPoints kCpu{&cpu::bfs,      &cpu::sssp, &cpu::sswp, &cpu::cc,      &cpu::pagerank,
                                  &cpu::bc,       &cpu::spmv, &cpu::apsp, &cpu::matching, &cpu::run_program};
constexpr BackendEntryPoints kCuda{&cuda::bfs,      &cuda::sssp, &cuda::sswp, &cuda::cc,      &cuda::pagerank,
                                   &cuda::bc,       &cuda::spmv, &cuda::apsp, &cuda::matching, &cuda::run_program};

void run_on(const BackendEntryPoints &on, const Graph &g, const RunRequest &r, const RunConfig &c, RunReport &report) {
    switch (r.algorithm) {
    case Algorithm::bfs: return on.bfs(g, r.source, r.depths, r.parents, c, report);
    case Algorithm::sssp: return on.sssp(g, r.source, r.values, c, report);
    case Algorithm::sswp: return on.sswp(g, r.source, r.values, c, report);
    case Algorithm::cc: return on.cc(g, r.labels, c, report);
    case Algorithm::pagerank: return on.pagerank(g, r.scores, c, report);
    case Algorithm::bc: return on.bc(g, r.sources, r.num_sources, r.scores, c, report);
    case Algorithm::spmv: return on.spmv(g, r.x, r.values, c, report);
    case Algorithm::apsp: return on.apsp(g, r.values, c, report);
    case Algorithm::matching: return on.matching(g, r.num_left, r.mates, r.matching_size, c, report);
    case Algorithm::program:
        return on.program(g, *r.program, r.program_values, *r.program_settings, c, report, *r.program_outcome);
    }
    fail(GG_ERROR_INTERNAL, "algorithm %d has no entry point", int(r.algorithm));
}

}  // namespace

const char *algorithm_name(Algorithm algorithm) {
    switch (algorithm) {
    case Algorithm::bfs: return "BFS";
    case Algorithm::sssp: return "SSSP";
    case Algorithm::sswp: return "SSWP";
    case Algorithm::cc: return "CC";
    case Algorithm::pagerank: return "PageRank";
    case Algorithm::bc: return "BC";
    case Algorithm::spmv: return "SpMV";
    case Algorithm::apsp: return "APSP";
    case Algorithm::matching: return "matching";
    case Algorithm::program: return "a vertex program";
    }
    return "an unknown algorithm";
}

void run_algorithm(gg_backend backend, const Graph &g, const RunRequest &request, const RunConfig &config,
                   RunReport &report) {
    if (backend == GG_BACKEND_CUDA) {
        cuda::CallerDeviceGuard caller_device;
        run_on(kCuda, g, request, config, report);
    } else {
        run_on(kCpu, g, request, config, report);
    }
}

}  // namespace gg
