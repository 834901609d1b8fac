// The readers and writers behind io.h, one source file per format:
// mtx.cpp, edge_list.cpp (.el and .wel), dimacs.cpp, ggb/ggb.cpp (layout and
// checks in ggb/ggb_format.h, shared with ggb/ggb_share.cpp); detection in
// format_detect.cpp. Readers take an open InputFile and the caller's build
// options; writers take an open OutputFile and leave close() to the caller.
#pragma once

#include "core/error.h"
#include "graph/builder.h"
#include "graph/graph.h"
#include "io/input_file.h"
#include "io/io.h"
#include "io/output_file.h"
#include "io/text_share.h"

namespace gg::io {

Graph read_mtx(InputFile &in, const BuildOptions &options, const ProgressFn &progress);
void write_mtx(const Graph &g, OutputFile &out, const ProgressFn &progress);

// weighted: .wel ("u v w") instead of .el ("u v").
Graph read_edge_list(InputFile &in, bool weighted, const BuildOptions &options, const ProgressFn &progress);
void write_edge_list(const Graph &g, OutputFile &out, bool weighted, const ProgressFn &progress);

Graph read_dimacs(InputFile &in, const BuildOptions &options, const ProgressFn &progress);
void write_dimacs(const Graph &g, OutputFile &out, const ProgressFn &progress);

// One process's share of a text file (text_share.h), one per format, each
// made with its whole-file reader's grammar.
std::unique_ptr<TextShare> open_mtx_share(const std::string &path, uint32_t rank, uint32_t ranks,
                                          const BuildOptions &options);
std::unique_ptr<TextShare> open_edge_list_share(const std::string &path, bool weighted, uint32_t rank, uint32_t ranks,
                                                const BuildOptions &options);
std::unique_ptr<TextShare> open_dimacs_share(const std::string &path, uint32_t rank, uint32_t ranks,
                                             const BuildOptions &options);

Graph read_ggb(InputFile &in, const BuildOptions &options, const ProgressFn &progress);
void write_ggb(const Graph &g, OutputFile &out, const ProgressFn &progress);

// The format of a file whose extension said nothing, from its first bytes;
// GG_ERROR_PARSE when they match no format.
gg_format sniff_format(InputFile &in);

// Calls fn(u, v, weight) for every stored edge in CSR order, and progress
// every 2^20 edges.
template <class Fn>
void for_each_stored_edge(const Graph &g, const ProgressFn &progress, Fn &&fn) {
    const Csr &csr = g.out;
    const uint64_t m = csr.num_edges();
    for (uint32_t u = 0; u < csr.n; ++u) {
        for (uint64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
            fn(u, csr.indices[e], csr.weights[e]);
            if (progress && (e & ((uint64_t(1) << 20) - 1)) == 0) progress(e, m);
        }
    }
    if (progress) progress(m, m);
}

// The edge count a reader may reserve for: the declared or estimated count,
// unless the file cannot hold that many edges of min_line_bytes each.
uint64_t reservable_edges(uint64_t wanted, const InputFile &in, uint64_t min_line_bytes, uint64_t max_edges);

// A file's vertex count must be justified by its edges: at most
// options.max_vertices, or when that is 0, max(2^24, 64 x edges). Otherwise
// GG_ERROR_TOO_LARGE naming `where` ("path:line"), the sizes and the option
// that lifts the limit; called before anything is sized by n.
void check_file_vertices(uint64_t n, uint64_t edges, const BuildOptions &options, const std::string &where);

}  // namespace gg::io
