// libFuzzer harness of the file readers: the input is the file's bytes,
// loaded with gg_graph_load() in the format GG_FUZZ_FORMAT (one executable
// per format: fuzz_mtx, fuzz_el, fuzz_wel, fuzz_gr, fuzz_ggb; fuzz_sniff
// passes GG_FORMAT_AUTO, so the format comes from the content). Whatever the
// bytes, the load must return a status, never crash, leak or hit undefined
// behaviour, and a graph it returns must pass check_graph().
#include "fuzz_common.h"

#ifndef GG_FUZZ_FORMAT
#error "GG_FUZZ_FORMAT must name a gg_format"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static gg_fuzz::MemFile file;
    const char *path = file.write(data, size);

    // The build options vary with the bytes (a hash of them), so that the
    // builder's paths are fuzzed too; the file itself stays a plain file,
    // which keeps every corpus entry a valid reproducer for `gg info`.
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
    gg_graph_options o;
    gg_graph_options_init(&o);
    o.undirected = h & 1;
    o.drop_self_loops = (h >> 1) & 1;
    o.duplicates = gg_duplicate_policy((h >> 2) % 5);
    // A file may declare up to max(2^24, 64 m) vertices by default: legal,
    // but seconds per input under ASan. 2^20 keeps the fuzzer fast and the
    // vertex check exercised.
    o.max_vertices = uint64_t(1) << 20;

    gg_graph *g = nullptr;
    gg_status s = gg_graph_load(gg_fuzz::context(), path, GG_FUZZ_FORMAT, &o, &g);
    if (s == GG_OK) {
        if (g == nullptr) gg_fuzz::finding("gg_graph_load returned GG_OK and no graph");
        // A .ggb keeps the graph as it was saved, duplicates included.
        const bool ggb = GG_FUZZ_FORMAT == GG_FORMAT_GGB || (size >= 4 && std::memcmp(data, "\x89GGB", 4) == 0);
        gg_fuzz::check_graph(g, !ggb && o.duplicates != GG_DUPLICATES_KEEP_ALL);
        gg_graph_destroy(g);
    } else {
        if (g != nullptr) gg_fuzz::finding("gg_graph_load failed but returned a graph");
        if (s == GG_ERROR_INTERNAL) gg_fuzz::finding(gg_context_last_error(gg_fuzz::context()));
    }
    return 0;
}
