// libFuzzer harness of distributed text loads (src/io/text_share.h): the
// input is a text graph file's bytes (format by content, as
// gg_graph_load(GG_FORMAT_AUTO) finds it), read whole with load_graph() and
// as the byte-range shares of 1 to 5 processes played in this one
// (tests/support/text_shares.h). Whatever the bytes, nothing may crash, leak
// or hit undefined behaviour, no step may fail with GG_ERROR_INTERNAL, and
// the shares must give what the whole file gives: the same graph, or the
// same status and message (the line number included).
#include "fuzz_common.h"

#include "core/error.h"
#include "io/formats.h"
#include "io/io.h"
#include "support/text_shares.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static gg_fuzz::MemFile file;
    const char *path = file.write(data, size);
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
    const uint32_t ranks = 1 + h % 5;
    gg::BuildOptions options;
    options.undirected = (h >> 3) & 1;
    options.duplicates = gg_duplicate_policy((h >> 4) % 5);
    options.drop_self_loops = (h >> 7) & 1;
    // Fast inputs, the vertex check exercised. Not 2^20 as fuzz_load.cpp:
    // this harness builds every input twice (whole, then shares), and a
    // 50-byte edge list naming vertex 719282 took 3 s of instrumented O(n)
    // build passes, 13 s on a loaded machine, past libFuzzer's 10-s timeout.
    options.max_vertices = uint64_t(1) << 18;

    gg_format format = GG_FORMAT_AUTO;
    try {
        gg::io::InputFile in(path);
        format = gg::io::sniff_format(in);
    } catch (const gg::Error &) {
        return 0;  // no text format: fuzz_sniff's ground
    }
    if (format == GG_FORMAT_GGB) return 0;

    const gg_test::TextLoad whole = gg_test::load_text_whole(path, format, options);
    if (whole.status == GG_ERROR_INTERNAL) gg_fuzz::finding(whole.message.c_str());
    const gg_test::TextLoad shares = gg_test::load_text_in_shares(path, format, ranks, options);
    if (shares.status == GG_ERROR_INTERNAL) gg_fuzz::finding(shares.message.c_str());
    const std::string difference = gg_test::load_difference(shares, whole);
    if (!difference.empty()) {
        std::fprintf(stderr, "shares of %u processes: %s\n", ranks, difference.c_str());
        gg_fuzz::finding("the shares differ from the whole file");
    }
    return 0;
}
