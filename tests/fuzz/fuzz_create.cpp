// libFuzzer harness of gg_graph_create() and gg_graph_create_csr(): the
// argument validation of the array constructors. The input is decoded as
//   byte 0      which call (bit 0: CSR), NULL arrays (bits 1-3), weighted (bit 4),
//               ids reduced modulo n + 1 (bit 5: mostly valid, sometimes n)
//   byte 1      options: undirected, drop_self_loops, struct_size choice
//   byte 2      duplicates policy, as a raw int (-2..13: invalid values too)
//   byte 3      max_edges choice (0 = default, else small limits)
//   bytes 4-5   n (low 12 bits: 0..4095)
//   then        COO: (src, dst[, weight]) per edge, as many as fit;
//               CSR: n + 1 offsets (uint16 deltas; a delta of 0xffff makes the
//               offset decrease), then ids and weights (zeros when the input ends).
// Every array handed to gg really holds the entries the call may read, so a
// crash is gg's, not the harness's. Any status is fine except
// GG_ERROR_INTERNAL; a graph returned must pass check_graph().
#include "fuzz_common.h"

namespace {

constexpr uint64_t kMaxEdges = uint64_t(1) << 16;

void finish(gg_status s, gg_graph *g, bool merged) {
    if (s == GG_OK) {
        if (g == nullptr) gg_fuzz::finding("GG_OK and no graph");
        gg_fuzz::check_graph(g, merged);
        gg_graph_destroy(g);
    } else {
        if (g != nullptr) gg_fuzz::finding("a failed create returned a graph");
        if (s == GG_ERROR_INTERNAL) gg_fuzz::finding(gg_context_last_error(gg_fuzz::context()));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gg_fuzz::Reader in(data, size);
    const uint8_t mode = in.take<uint8_t>(), opt = in.take<uint8_t>(), dup = in.take<uint8_t>(),
                  lim = in.take<uint8_t>();
    const uint32_t n = in.take<uint16_t>() & 0xfff;  // up to 4095: larger n adds time, not paths
    const bool csr = mode & 1, null_a = mode & 2, null_b = mode & 4, null_w = mode & 8, weighted = mode & 16,
               wrap_ids = mode & 32;

    gg_graph_options o;
    gg_graph_options_init(&o);
    o.undirected = opt & 1;
    o.drop_self_loops = (opt >> 1) & 1;
    int32_t policy = int32_t(dup % 16) - 2;
    std::memcpy(&o.duplicates, &policy, sizeof policy);  // any int a C caller may pass
    static const uint64_t limits[4] = {0, 1, 7, 1000};
    o.max_edges = limits[lim % 4];
    // An older caller's shorter struct, or one that never initialised it.
    static const size_t sizes[4] = {sizeof o, 0, sizeof(size_t), offsetof(gg_graph_options, max_edges)};
    o.struct_size = sizes[(opt >> 2) % 4];
    const bool passed_options = !((opt >> 4) & 1);
    const gg_graph_options *options = passed_options ? &o : nullptr;
    bool merged = true;
    if (passed_options && o.struct_size >= offsetof(gg_graph_options, duplicates) + sizeof o.duplicates)
        merged = policy != GG_DUPLICATES_KEEP_ALL;
    auto id = [&](uint32_t raw) { return wrap_ids ? raw % (n + 1) : raw; };

    gg_graph *g = nullptr;
    if (!csr) {
        const size_t per_edge = weighted ? 12 : 8;
        const uint64_t m = std::min<uint64_t>(in.left() / per_edge, kMaxEdges);
        std::vector<uint32_t> src(m), dst(m);
        std::vector<float> w(weighted ? m : 0);
        for (uint64_t e = 0; e < m; ++e) {
            src[e] = id(in.take<uint32_t>());
            dst[e] = id(in.take<uint32_t>());
            if (weighted) w[e] = in.take<float>();
        }
        // A NULL array with m > 0 must be refused, never read.
        gg_status s = gg_graph_create(gg_fuzz::context(), n, m, null_a ? nullptr : src.data(),
                                      null_b ? nullptr : dst.data(), weighted && !null_w ? w.data() : nullptr,
                                      options, &g);
        finish(s, g, merged);
    } else {
        std::vector<uint64_t> off(uint64_t(n) + 1);
        off[0] = (mode & 64) ? in.take<uint8_t>() : 0;  // sometimes not 0
        for (uint64_t v = 1; v <= n; ++v) {
            uint16_t d = in.take<uint16_t>();
            off[v] = d == 0xffff ? (off[v - 1] > 0 ? off[v - 1] - 1 : 0) : off[v - 1] + d % 8;
        }
        // gg reads offsets[n] ids when the offsets are valid; give it at
        // least as many as the largest offset, however the offsets look.
        uint64_t m = 0;
        for (uint64_t x : off) m = std::max(m, x);
        if (m > kMaxEdges) return 0;
        std::vector<uint32_t> idx(m);
        std::vector<float> w(weighted ? m : 0);
        for (uint64_t e = 0; e < m; ++e) {
            idx[e] = id(in.take<uint32_t>());
            if (weighted) w[e] = in.take<float>();
        }
        gg_status s = gg_graph_create_csr(gg_fuzz::context(), n, null_a ? nullptr : off.data(),
                                          null_b ? nullptr : idx.data(), weighted && !null_w ? w.data() : nullptr,
                                          options, &g);
        finish(s, g, merged);
    }
    // A NULL out_graph and a NULL context are refused too.
    if ((mode & 128) && gg_graph_create(gg_fuzz::context(), n, 0, nullptr, nullptr, nullptr, options, nullptr) == GG_OK)
        gg_fuzz::finding("gg_graph_create accepted a NULL out_graph");
    return 0;
}
