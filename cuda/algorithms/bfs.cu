// BFS on the GPU: the direction-optimizing persistent kernel of
// engines/bfs_engine.cu (Beamer et al. SC'12; Pathak et al.
// 004_6c0534b53c1f8710.txt §3.2 for the top-down step). Depths are hop
// counts along out-edges, UINT32_MAX for unreachable vertices; a parent is
// any in-neighbour one level up (the claimer in a top-down level, the first
// frontier in-neighbour found in a bottom-up level); the source is its own
// parent. The papers' layouts run in engines/layout_relax.cu.
#include "cuda_backend.h"
#include "engines/bfs_engine.cuh"
#include "engines/engine_state.cuh"
#include "engines/layout_relax.cuh"
#include "layouts/device_layouts.cuh"

namespace gg::cuda {

void bfs(const Graph &g, uint32_t source, uint32_t *depths, uint32_t *parents, const RunConfig &config,
         RunReport &report) {
    const DeviceInfo &info = use_device(config.device_id);
    report.layout = choose_layout(config.layout, {GG_LAYOUT_CSR, GG_LAYOUT_VIRTUAL_SPLIT, GG_LAYOUT_UDT, GG_LAYOUT_GSHARDS, GG_LAYOUT_CW}, "BFS");
    if (report.layout != GG_LAYOUT_CSR) {
        relax_on_layout(g, report.layout, Relaxation::hops, source, depths, parents, config, report);
        return;
    }
    Stream stream;
    RunLayouts layouts(g, info, stream.get(), report);
    const DeviceCsr out = layouts.edges(EdgeDirection::out, false);
    const DeviceCsr in = layouts.edges(EdgeDirection::in, false);  // bottom-up levels read the CSC

    const bool track_parents = parents != nullptr;
    auto engine = take_state<BfsEngine>(g, info, config, EngineId::bfs, BfsEngine::variant(true, track_parents, false),
                                        [&] { return std::make_unique<BfsEngine>(out, true, info, track_parents, false); });
    engine->bind(out, in);
    std::lock_guard<std::mutex> exclusive(persistent_kernel_lock(info.id));
    EventTimer compute;
    compute.start(stream.get());
    engine->run(source, stream.get());
    compute.stop(stream.get());
    report.compute_ms += compute.elapsed_ms();

    const BfsSummary summary = engine->summary(stream.get(), report.transfer_ms);
    copy_to_host(depths, engine->depth(), size_t(g.n()) * sizeof(uint32_t), stream.get(), report.transfer_ms);
    if (parents)
        copy_to_host(parents, engine->parent(), size_t(g.n()) * sizeof(uint32_t), stream.get(), report.transfer_ms);
    report.iterations = summary.levels;
    report.edges_visited = summary.edges_examined;
    report.device_bytes = layouts.device_bytes();
}

}  // namespace gg::cuda
