// gg_layout_measure(): one layout of a graph built on the host by the code
// the CUDA backend runs before it uploads it (src/layout/), timed, its bytes
// counted as the backend holds them, then released. gg info prints these
// figures for every layout.
#include <algorithm>
#include <cstring>

#include "api/boundary.h"
#include "core/timer.h"
#include "layout/cusha/shards.h"
#include "layout/tigr/udt.h"
#include "layout/tigr/virtual_split.h"

namespace gg {
namespace {

uint64_t csr_bytes(uint64_t n, uint64_t m) { return 8 * (n + 1) + 4 * m + 4 * m; }

// TOCAB (layout/source_blocks.h): the CSC and, per in-list, where its
// sources cross into the second block (ids from ceil(n / 2)), by binary
// search as the device's find_source_cuts does. The CSC is the graph's own
// (g.in(), built here if no call has yet, and kept as runs keep it), not a
// second copy.
void measure_tocab(const Graph &g, gg_layout_info &info) {
    const Csr &in = g.in();
    const uint32_t boundary = uint32_t((uint64_t(in.n) + 1) / 2);
    std::vector<uint64_t> cut(in.n);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(in.n); ++v) {
        const auto first = in.indices.begin() + int64_t(in.offsets[v]);
        const auto last = in.indices.begin() + int64_t(in.offsets[v + 1]);
        cut[v] = uint64_t(std::lower_bound(first, last, boundary) - in.indices.begin());
    }
    info.bytes = csr_bytes(in.n, in.num_edges()) + 8 * uint64_t(in.n);
    info.nodes = in.n;
}

void measure_shards(const Graph &g, bool windows, gg_layout_info &info) {
    const Shards s = build_shards(g, ShardOptions());
    info.bytes = gshards_bytes(s) + (windows ? cw_extra_bytes(s) : 0);
    info.nodes = s.num_shards;
}

}  // namespace
}  // namespace gg

extern "C" {

void gg_layout_info_init(gg_layout_info *info) {
    if (info == nullptr) return;
    std::memset(info, 0, sizeof *info);
    info->struct_size = sizeof *info;
}

gg_status gg_layout_measure(gg_context *context, const gg_graph *graph, gg_layout layout, uint32_t degree_bound,
                            gg_layout_info *info) {
    return gg::guarded(context, "gg_layout_measure", [&] {
        gg::require(info, "info");
        if (info->struct_size < sizeof(size_t))
            gg::fail(GG_ERROR_INVALID_ARGUMENT,
                     "gg_layout_info.struct_size is %zu: initialise it with gg_layout_info_init", info->struct_size);
        const gg::Graph &g = gg::graph_of(graph);
        // Read as an int first: a C caller may pass any value, and only a known one is a gg_layout.
        if (!gg::enum_in_range(layout, GG_LAYOUT_CSR, GG_LAYOUT_TOCAB))
            gg::fail(GG_ERROR_INVALID_ARGUMENT, "layout %d: name one layout to measure, not auto or an unknown value",
                     gg::enum_value(layout));
        gg_layout_info out;
        gg_layout_info_init(&out);
        out.layout = layout;
        const gg::Stopwatch clock;
        switch (layout) {
        case GG_LAYOUT_CSR:
            out.bytes = gg::csr_bytes(g.n(), g.m());
            out.nodes = g.n();
            break;
        case GG_LAYOUT_TOCAB: gg::measure_tocab(g, out); break;
        case GG_LAYOUT_GSHARDS: gg::measure_shards(g, false, out); break;
        case GG_LAYOUT_CW: gg::measure_shards(g, true, out); break;
        case GG_LAYOUT_VIRTUAL_SPLIT: {
            out.degree_bound = degree_bound ? degree_bound : gg::kVirtualSplitDefaultBound;
            const gg::VirtualNodes nodes = gg::build_virtual_nodes(g.out, out.degree_bound);
            out.bytes = 4 * uint64_t(nodes.first_virtual.size()) + 4 * uint64_t(nodes.virtual_vertex.size());
            out.nodes = nodes.count();
            break;
        }
        default: {  // GG_LAYOUT_UDT
            out.degree_bound = degree_bound ? degree_bound : gg::kUdtDefaultBound;
            if (out.degree_bound < 2)
                gg::fail(GG_ERROR_INVALID_ARGUMENT, "degree_bound %u: UDT needs at least 2 edges per node",
                     out.degree_bound);
            const gg::UdtGraph udt = gg::udt_transform(g.out, out.degree_bound);
            // Its own CSR, and the trivial virtual node array over it (one per node).
            const uint64_t nodes = udt.csr.n;
            out.bytes = gg::csr_bytes(nodes, udt.csr.num_edges()) + 4 * (nodes + 1) + 4 * nodes;
            out.nodes = nodes - udt.num_real;
            break;
        }
        }
        out.build_ms = layout == GG_LAYOUT_CSR ? 0.0 : clock.elapsed_ms();
        gg::write_stats(info, out);
    });
}

}  // extern "C"
