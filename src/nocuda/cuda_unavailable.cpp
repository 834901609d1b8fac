// Linked instead of cuda/ when gg is built without nvcc: the GPU is never
// usable, and asking for it explicitly is an "unsupported" error.
#include "core/error.h"
#include "cuda_backend.h"

namespace gg::cuda {

bool usable(int, std::string &reason) {
    reason = "gg was built without CUDA support";
    return false;
}

int device_count() { return 0; }

CallerDeviceGuard::CallerDeviceGuard() = default;
CallerDeviceGuard::~CallerDeviceGuard() = default;

namespace {
[[noreturn]] void unavailable() { fail(GG_ERROR_UNSUPPORTED, "the CUDA backend is not available: gg was built without CUDA support"); }
}  // namespace

void bfs(const Graph &, uint32_t, uint32_t *, uint32_t *, const RunConfig &, RunReport &) { unavailable(); }
void sssp(const Graph &, uint32_t, float *, const RunConfig &, RunReport &) { unavailable(); }
void sswp(const Graph &, uint32_t, float *, const RunConfig &, RunReport &) { unavailable(); }
void cc(const Graph &, uint32_t *, const RunConfig &, RunReport &) { unavailable(); }
void pagerank(const Graph &, double *, const RunConfig &, RunReport &) { unavailable(); }
void bc(const Graph &, const uint32_t *, uint32_t, double *, const RunConfig &, RunReport &) { unavailable(); }
void spmv(const Graph &, const float *, float *, const RunConfig &, RunReport &) { unavailable(); }
void apsp(const Graph &, float *, const RunConfig &, RunReport &) { unavailable(); }
void matching(const Graph &, uint32_t, uint32_t *, uint64_t *, const RunConfig &, RunReport &) { unavailable(); }
void prepare_program(program::Program &, int, program::BuildReport &) { unavailable(); }
void check_device_array(int, const void *, const char *) { unavailable(); }
void copy_memory(void *, const void *, size_t) { unavailable(); }
void run_program(const Graph &, program::Program &, void *, const program::RunSettings &, const RunConfig &,
                 RunReport &, program::ProgramReport &) {
    unavailable();
}
void run_partitioned(const PartitionPlan &, const Graph &, const RunRequest &, const RunConfig &, RunReport &,
                     PartitionedReport &) {
    unavailable();
}

}  // namespace gg::cuda
