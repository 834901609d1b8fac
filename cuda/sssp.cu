// SSSP on the GPU: near-far bucketed relaxation in one persistent kernel
// (near_far.cu; Davidson et al. IPDPS'14), whose relaxation is the atomic-min
// relaxation of Pathak et al. (004_6c0534b53c1f8710.txt §4.2). Distances are
// kept as float bit patterns and lowered with integer atomicMin, so every
// distance is the exact float sum along a shortest path, as on the CPU.
// The caller has rejected negative weights. config.delta > 0 sets the
// bucket width; 0 picks default_band_width().
#include "cuda_backend.h"
#include "near_far.cuh"

namespace gg::cuda {

void sssp(const Graph &g, uint32_t source, float *dist, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, GG_LAYOUT_CSR, "SSSP");
    Stream stream;
    GraphNeeds needs;
    needs.out = true;
    needs.out_weights = true;
    const DeviceGraph graph = device_graph(g, info.id, needs, stream.get(), report);

    const float width = config.delta > 0 ? config.delta : default_band_width(g, PathKind::shortest);
    NearFarEngine engine(graph, info, PathKind::shortest, width, g.max_weight);
    DeviceArray<float> values(g.n(), "SSSP distances");
    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    EventTimer compute;
    compute.start(stream.get());
    engine.run(source, stream.get());
    engine.write_values(values.get(), stream.get());
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    const NearFarSummary summary = engine.summary(stream.get(), report.transfer_ms);
    copy_to_host(dist, values.get(), values.bytes(), stream.get(), report.transfer_ms);
    report.iterations = summary.iterations;
    report.edges_visited = summary.edges_relaxed;
    report.device_bytes = graph.device_bytes;
}

}  // namespace gg::cuda
