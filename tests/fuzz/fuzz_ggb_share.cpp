// libFuzzer harness of the distributed .ggb reader (src/io/ggb/ggb_share.cpp):
// the input is a .ggb file's bytes, read whole with gg_graph_load() and as
// the shares of 1 to 5 processes with read_ggb_share(), and streamed through
// verify_ggb_checksum(). Whatever the bytes, nothing may crash, leak or hit
// undefined behaviour, no step may fail with GG_ERROR_INTERNAL, and when the
// whole file loads every share must load and the shares, joined in process
// order, must be the whole graph's CSR edges, as the checksum must pass.
#include "fuzz_common.h"

#include "core/error.h"
#include "graph/edge_share.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static gg_fuzz::MemFile file;
    const char *path = file.write(data, size);
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
    const uint32_t ranks = 1 + h % 5;

    gg_graph *whole = nullptr;
    const gg_status status = gg_graph_load(gg_fuzz::context(), path, GG_FORMAT_GGB, nullptr, &whole);
    if (status == GG_ERROR_INTERNAL) gg_fuzz::finding(gg_context_last_error(gg_fuzz::context()));

    bool shares_failed = false, checksum_failed = false;
    std::vector<uint32_t> src, dst;
    std::vector<float> weights;
    for (uint32_t r = 0; r < ranks; ++r) {
        try {
            const gg::EdgeShare share = gg::read_ggb_share(path, r, ranks, gg::BuildOptions());
            src.insert(src.end(), share.edges.src.begin(), share.edges.src.end());
            dst.insert(dst.end(), share.edges.dst.begin(), share.edges.dst.end());
            weights.insert(weights.end(), share.edges.weights.begin(), share.edges.weights.end());
        } catch (const gg::Error &e) {
            if (e.status() == GG_ERROR_INTERNAL) gg_fuzz::finding(e.what());
            shares_failed = true;
        }
    }
    try {
        gg::verify_ggb_checksum(path);
    } catch (const gg::Error &e) {
        if (e.status() == GG_ERROR_INTERNAL) gg_fuzz::finding(e.what());
        checksum_failed = true;
    }
    if (status != GG_OK) return 0;

    if (shares_failed) gg_fuzz::finding("the whole file loads but a share does not");
    if (checksum_failed) gg_fuzz::finding("the whole file loads but its checksum fails when streamed");
    const uint32_t n = gg_graph_num_vertices(whole);
    const uint64_t m = gg_graph_num_edges(whole);
    std::vector<uint64_t> offsets(uint64_t(n) + 1);
    std::vector<uint32_t> indices(m);
    std::vector<float> values(m);
    if (gg_graph_read_csr(gg_fuzz::context(), whole, offsets.data(), offsets.size(), indices.data(), m, values.data(),
                          m) != GG_OK)
        gg_fuzz::finding("gg_graph_read_csr failed on a loaded graph");
    if (src.size() != m) gg_fuzz::finding("the shares hold another number of edges than the whole graph");
    for (uint32_t v = 0; v < n; ++v)
        for (uint64_t e = offsets[v]; e < offsets[v + 1]; ++e)
            if (src[e] != v || dst[e] != indices[e] || (!weights.empty() && weights[e] != values[e]))
                gg_fuzz::finding("the shares differ from the whole graph's edges");
    gg_graph_destroy(whole);
    return 0;
}
