// The papers' layouts for the monotone relaxations (layout_relax.cuh).
#include "engines/layout_relax.cuh"

#include "engines/cusha_engine.cuh"
#include "engines/engine_state.cuh"
#include "engines/split_engine.cuh"
#include "layout/tigr/udt.h"
#include "layout/tigr/virtual_split.h"
#include "layouts/device_layouts.cuh"
#include "primitives/bfs_parents.cuh"

namespace gg::cuda {

namespace {

// The answers on the device before they are copied out, pooled per graph.
struct LayoutAnswers final : EngineState {
    DeviceArray<uint32_t> values, parents;
    explicit LayoutAnswers(uint32_t n) : values(n, "the run's answers") {}
    uint64_t bytes() const override { return values.bytes() + parents.bytes(); }
};

}  // namespace

uint32_t degree_bound_of(gg_layout layout, const RunConfig &config) {
    if (config.degree_bound != 0) return config.degree_bound;
    return layout == GG_LAYOUT_UDT ? kUdtDefaultBound : kVirtualSplitDefaultBound;
}

void relax_on_layout(const Graph &g, gg_layout layout, Relaxation kind, uint32_t source, void *values,
                     uint32_t *parents, const RunConfig &config, RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    const uint32_t n = g.n();
    if (n == 0) return;
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    // Labels spread along both directions of every edge (weakly connected
    // components); the other relaxations follow out-edges.
    const EdgeDirection direction = kind == Relaxation::label ? EdgeDirection::both : EdgeDirection::out;
    const bool weighted = kind == Relaxation::shortest || kind == Relaxation::widest;

    auto answers = take_state<LayoutAnswers>(g, info, config, EngineId::layout_answers, 0,
                                             [&] { return std::make_unique<LayoutAnswers>(n); });
    uint32_t *device_values = answers->values.get();
    if (layout == GG_LAYOUT_GSHARDS || layout == GG_LAYOUT_CW) {
        const DeviceShards shards = layouts.shards(direction);
        cusha_relax(g, shards, layout, kind, source, device_values, info, config, stream.get(), report);
    } else if (kind == Relaxation::hops && layout == GG_LAYOUT_VIRTUAL_SPLIT) {
        // BFS pushes along the out-edges' split and pulls along the in-edges'.
        const uint32_t k = degree_bound_of(layout, config);
        const VirtualSplit out = layouts.virtual_split(EdgeDirection::out, k, false);
        const VirtualSplit in = layouts.virtual_split(EdgeDirection::in, k, false);
        split_bfs(g, out, in, source, device_values, info, config, stream.get(), report);
    } else {
        const uint32_t k = degree_bound_of(layout, config);
        const bool udt = layout == GG_LAYOUT_UDT;
        const VirtualSplit split = udt ? layouts.udt(direction, k) : layouts.virtual_split(direction, k, weighted);
        // The state is sized by the split's nodes and virtual nodes.
        const uint64_t variant = (uint64_t(split.degree_bound) << 8) | (uint64_t(direction) << 1) | (udt ? 1 : 0);
        split_relax(g, split, variant, kind, source, device_values, info, config, stream.get(), report);
    }
    copy_to_host(values, device_values, size_t(n) * sizeof(uint32_t), stream.get(), report.transfer_ms);
    if (parents != nullptr) {
        if (answers->parents.get() == nullptr) answers->parents = DeviceArray<uint32_t>(n, "the BFS parents");
        const DeviceCsr in = layouts.edges(EdgeDirection::in, false);
        EventTimer compute;
        compute.start(stream.get());
        launch_parents_from_depths(in, device_values, source, answers->parents.get(), info, stream.get());
        compute.stop(stream.get());
        report.compute_ms += compute.elapsed_ms();
        copy_to_host(parents, answers->parents.get(), size_t(n) * sizeof(uint32_t), stream.get(), report.transfer_ms);
    }
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
