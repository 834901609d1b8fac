// One near-far search as a backend entry point runs it (SSSP in sssp.cu,
// SSWP in sswp.cu): the graph's out-edges and weights on the device, the
// engine of near_far.cu, the timed search, the values copied back and the
// run report filled. The two entry points differ only in the path kind and
// the band width they pass.
#include "near_far.cuh"

#include "cuda_backend.h"

namespace gg::cuda {

void run_near_far(const Graph &g, uint32_t source, PathKind kind, float band_width, float *values,
                  const RunConfig &config, RunReport &report, const char *algorithm) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, GG_LAYOUT_CSR, algorithm);
    Stream stream;
    GraphNeeds needs;
    needs.out = true;
    needs.out_weights = true;
    const DeviceGraph graph = device_graph(g, info.id, needs, stream.get(), report);

    NearFarEngine engine(graph, info, kind, band_width, g.max_weight);
    DeviceArray<float> device_values(g.n(), kind == PathKind::shortest ? "SSSP distances" : "SSWP widths");
    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    EventTimer compute;
    compute.start(stream.get());
    engine.run(source, stream.get());
    engine.write_values(device_values.get(), stream.get());
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    const NearFarSummary summary = engine.summary(stream.get(), report.transfer_ms);
    copy_to_host(values, device_values.get(), device_values.bytes(), stream.get(), report.transfer_ms);
    report.iterations = summary.iterations;
    report.edges_visited = summary.edges_relaxed;
    report.device_bytes = graph.device_bytes;
}

}  // namespace gg::cuda
