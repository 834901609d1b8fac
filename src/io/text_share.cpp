// The format-independent parts of text_share.h: where a byte range starts,
// and which grammar reads a format.
#include "io/text_share.h"

#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/environment.h"
#include "io/formats.h"

namespace gg::io {

uint64_t line_start_from(InputFile &in, uint64_t floor, uint64_t at) {
    const uint64_t size = in.size();
    if (at <= floor) return floor;
    if (at >= size) return size;
    // Look from the byte before `at` for the next '\n'; a long line costs
    // only its own bytes.
    std::vector<char> block(size_t(64) << 10);
    for (uint64_t from = at - 1; from < size;) {
        const size_t got = in.read_at(from, block.data(), block.size());
        if (got == 0) break;  // the file shrank
        const void *newline = std::memchr(block.data(), '\n', got);
        if (newline != nullptr) return from + uint64_t(static_cast<const char *>(newline) - block.data()) + 1;
        from += got;
    }
    return size;
}

uint32_t text_ranges_for(InputFile &in) {
    if (!in.size_known()) return 1;  // a pipe: one scan
    const uint64_t forced = bytes_from_environment("GG_TEXT_SPLIT_BYTES");
    const uint64_t threshold = forced ? forced : uint64_t(64) << 20;
    if (in.size() < threshold) return 1;
#ifdef _OPENMP
    return uint32_t(std::max(1, omp_get_max_threads()));
#else
    return 1;
#endif
}

std::unique_ptr<TextShare> open_text_share(const std::string &path, gg_format format, uint32_t rank, uint32_t ranks,
                                           const BuildOptions &options) {
    switch (format) {
    case GG_FORMAT_MTX: return open_mtx_share(path, rank, ranks, options);
    case GG_FORMAT_EDGELIST: return open_edge_list_share(path, false, rank, ranks, options);
    case GG_FORMAT_WEL: return open_edge_list_share(path, true, rank, ranks, options);
    case GG_FORMAT_DIMACS: return open_dimacs_share(path, rank, ranks, options);
    default: fail(GG_ERROR_INVALID_ARGUMENT, "%s: format %d is not a text gg_format", path.c_str(), int(format));
    }
}

}  // namespace gg::io
