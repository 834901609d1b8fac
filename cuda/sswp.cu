// SSWP (widest path) on the GPU: the near-far engine of near_far.cu run with
// widths in place of distances. Widths are stored as bits(+inf) - bits(width)
// so that a wider path is a smaller key and relaxation is again one integer
// atomicMin (exact); buckets are width bands processed from the widest down,
// which suits the weights: a vertex's width is always one of the edge
// weights. Source +inf, unreachable 0, as on the CPU.
#include "cuda_backend.h"
#include "near_far.cuh"

namespace gg::cuda {

void sswp(const Graph &g, uint32_t source, float *width, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, GG_LAYOUT_CSR, "SSWP");
    Stream stream;
    GraphNeeds needs;
    needs.out = true;
    needs.out_weights = true;
    const DeviceGraph graph = device_graph(g, info.id, needs, stream.get(), report);

    // config.delta is SSSP's bucket width (gg.h); widths use their own bands.
    const float band = default_band_width(g, PathKind::widest);
    NearFarEngine engine(graph, info, PathKind::widest, band, g.max_weight);
    DeviceArray<float> values(g.n(), "SSWP widths");
    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    EventTimer compute;
    compute.start(stream.get());
    engine.run(source, stream.get());
    engine.write_values(values.get(), stream.get());
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    const NearFarSummary summary = engine.summary(stream.get(), report.transfer_ms);
    copy_to_host(width, values.get(), values.bytes(), stream.get(), report.transfer_ms);
    report.iterations = summary.iterations;
    report.edges_visited = summary.edges_relaxed;
    report.device_bytes = graph.device_bytes;
}

}  // namespace gg::cuda
