// One near-far search as a backend entry point runs it (SSSP in sssp.cu,
// SSWP in sswp.cu): the graph's out-edges and weights on the device, the
// engine of near_far.cu, the timed search, the values copied back and the
// run report filled. The two entry points differ only in the path kind and
// the band width they pass. The papers' layouts run in layout_relax.cu.
#include "engines/near_far.cuh"

#include "cuda_backend.h"
#include "engines/engine_state.cuh"
#include "engines/layout_relax.cuh"
#include "layouts/device_layouts.cuh"

namespace gg::cuda {

void run_near_far(const Graph &g, uint32_t source, PathKind kind, float band_width, float *values,
                  const RunConfig &config, RunReport &report, const char *algorithm) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, {GG_LAYOUT_CSR, GG_LAYOUT_VIRTUAL_SPLIT, GG_LAYOUT_UDT, GG_LAYOUT_GSHARDS, GG_LAYOUT_CW}, algorithm);
    if (report.layout != GG_LAYOUT_CSR) {
        const Relaxation relaxation = kind == PathKind::widest ? Relaxation::widest : Relaxation::shortest;
        relax_on_layout(g, report.layout, relaxation, source, values, nullptr, config, report);
        return;
    }
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    const DeviceCsr out = layouts.edges(EdgeDirection::out, true);

    auto engine = take_state<NearFarEngine>(g, info, config, EngineId::near_far, uint64_t(kind),
                                            [&] { return std::make_unique<NearFarEngine>(out, info, kind); });
    engine->bind(out, band_width, g.max_weight);
    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    EventTimer compute;
    compute.start(stream.get());
    engine->run(source, stream.get());
    // The values are written into the state's own label array, which is
    // free once the search has read it: no per-run output allocation.
    float *device_values = engine->values_in_place(stream.get());
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    const NearFarSummary summary = engine->summary(stream.get(), report.transfer_ms);
    copy_to_host(values, device_values, size_t(g.n()) * sizeof(float), stream.get(), report.transfer_ms);
    report.iterations = summary.iterations;
    report.edges_visited = summary.edges_relaxed;
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
