// Entry point of graph file I/O: picks the format and hands the open file to
// its reader or writer (formats.h).
#include "io/io.h"

#include "io/formats.h"

#include <algorithm>

#include "core/error.h"

namespace gg {

namespace io {

uint64_t reservable_edges(uint64_t wanted, const InputFile &in, uint64_t min_line_bytes, uint64_t max_edges) {
    if (!in.size_known()) return 0;
    uint64_t fits = in.size() / min_line_bytes;
    uint64_t n = wanted < fits ? wanted : fits;
    return n < max_edges ? n : max_edges;
}

void check_file_vertices(uint64_t n, uint64_t edges, const BuildOptions &options, const std::string &where) {
    constexpr uint64_t kFloor = uint64_t(1) << 24, kPerEdge = 64;
    const uint64_t per_edge = edges > UINT64_MAX / kPerEdge ? UINT64_MAX : edges * kPerEdge;
    const uint64_t limit = options.max_vertices != 0 ? options.max_vertices : std::max(kFloor, per_edge);
    if (n <= limit) return;
    fail(GG_ERROR_TOO_LARGE,
         "%s: %llu vertices for %llu edges is more than %s %llu; if the file is right, raise "
         "gg_graph_options.max_vertices (gg: --max-vertices N, or any)",
         where.c_str(), (unsigned long long)n, (unsigned long long)edges,
         options.max_vertices != 0 ? "max_vertices," : "max(2^24, 64 x edges) =", (unsigned long long)limit);
}

}  // namespace io

Graph load_graph(const std::string &path, gg_format format, const BuildOptions &options, const ProgressFn &progress) {
    io::InputFile in(path);
    if (format == GG_FORMAT_AUTO) format = format_from_extension(path);
    if (format == GG_FORMAT_AUTO) format = io::sniff_format(in);
    switch (format) {
    case GG_FORMAT_MTX: return io::read_mtx(in, options, progress);
    case GG_FORMAT_EDGELIST: return io::read_edge_list(in, false, options, progress);
    case GG_FORMAT_WEL: return io::read_edge_list(in, true, options, progress);
    case GG_FORMAT_DIMACS: return io::read_dimacs(in, options, progress);
    case GG_FORMAT_GGB: return io::read_ggb(in, options, progress);
    default: fail(GG_ERROR_INVALID_ARGUMENT, "format %d is not a gg_format", int(format));
    }
}

void save_graph(const Graph &g, const std::string &path, gg_format format, const ProgressFn &progress) {
    if (format == GG_FORMAT_AUTO) format = format_from_extension(path);
    if (format == GG_FORMAT_AUTO)
        fail(GG_ERROR_INVALID_ARGUMENT, "%s: cannot tell the format to write from the extension; use .mtx, .el, .txt, "
             ".wel, .gr or .ggb, or name the format", path.c_str());
    if (format < GG_FORMAT_MTX || format > GG_FORMAT_GGB)
        fail(GG_ERROR_INVALID_ARGUMENT, "format %d is not a gg_format", int(format));
    io::OutputFile out(path);
    switch (format) {
    case GG_FORMAT_MTX: io::write_mtx(g, out, progress); break;
    case GG_FORMAT_EDGELIST: io::write_edge_list(g, out, false, progress); break;
    case GG_FORMAT_WEL: io::write_edge_list(g, out, true, progress); break;
    case GG_FORMAT_DIMACS: io::write_dimacs(g, out, progress); break;
    default: io::write_ggb(g, out, progress); break;
    }
    out.close();
}

}  // namespace gg
