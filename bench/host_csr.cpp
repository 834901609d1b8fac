// Host CSR copy through the public API (see host_csr.h).
#include "host_csr.h"

namespace bench {

bool copy_host_csr(gg_context *context, const gg_graph *graph, HostCsr &csr, std::string &error) {
    csr.n = gg_graph_num_vertices(graph);
    csr.m = gg_graph_num_edges(graph);
    csr.offsets.assign(uint64_t(csr.n) + 1, 0);
    csr.indices.assign(csr.m, 0);
    csr.weights.assign(csr.m, 0.0f);
    gg_status status = gg_graph_copy_csr(context, graph, csr.offsets.data(), csr.indices.data(), csr.weights.data());
    if (status != GG_OK) {
        error = std::string("gg_graph_copy_csr failed: ") + gg_context_last_error(context);
        return false;
    }
    if (csr.offsets[0] != 0 || csr.offsets[csr.n] != csr.m) {
        error = "gg_graph_copy_csr returned offsets that do not span the m edges";
        return false;
    }
    return true;
}

}  // namespace bench
