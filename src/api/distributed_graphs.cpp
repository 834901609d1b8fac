// Distributed graphs at the C boundary (distributed_graphs.h): each process
// produces its share, then make_distributed_graph moves the edges to their
// row ranges. A failure on any process fails the call on every process
// (on_every_process), so none is left waiting for the others.
#include "api/distributed_graphs.h"

#include <algorithm>
#include <cstring>

#include "core/error.h"
#include "gen/generators.h"
#include "gen/kinds.h"
#include "graph/distributed_step.h"
#include "io/formats.h"
#include "io/io.h"
#include "io/text_share.h"

namespace gg {
namespace {

std::unique_ptr<gg_graph> wrap(std::unique_ptr<DistributedGraph> graph) {
    auto handle = std::make_unique<gg_graph>();
    handle->distributed = std::move(graph);
    return handle;
}

// Each process's share of a text file by byte ranges (io/text_share.h):
// the header everywhere, the lines and entries of each range counted, their
// prefix sums shared so that each process numbers its lines and entries as
// the whole file does, then each range parsed.
EdgeShare read_text_share(Communicator &comm, const char *path, gg_format format, const BuildOptions &options) {
    std::unique_ptr<io::TextShare> reader;
    io::TextLines mine;
    on_every_process(comm, [&] {
        reader = io::open_text_share(path, format, comm.rank(), comm.size(), options);
        mine = reader->count();
    });
    Bytes packed(sizeof mine);
    std::memcpy(packed.data(), &mine, sizeof mine);
    const std::vector<Bytes> all = comm.gather_all(packed);
    io::TextLines before, total;
    for (uint32_t r = 0; r < all.size(); ++r) {
        io::TextLines theirs;
        std::memcpy(&theirs, all[r].data(), sizeof theirs);
        if (r < comm.rank()) {
            before.lines += theirs.lines;
            before.entries += theirs.entries;
        }
        total.lines += theirs.lines;
        total.entries += theirs.entries;
    }
    on_every_process(comm, [&] { reader->read(before); });
    uint64_t id_bound = reader->id_bound();
    comm.max(&id_bound, 1);
    EdgeShare share;
    on_every_process(comm, [&] { share = reader->finish(total, id_bound); });
    return share;
}

}  // namespace

std::unique_ptr<gg_graph> create_distributed(gg_context &context, uint32_t n, uint64_t m, const uint32_t *src,
                                             const uint32_t *dst, const float *weights, const BuildOptions &options) {
    Communicator &comm = *context.comm;
    const auto hold = comm.hold();
    EdgeShare share;
    on_every_process(comm, [&] {
        if (m > 0 && (src == nullptr || dst == nullptr))
            fail(GG_ERROR_INVALID_ARGUMENT, "src and dst must not be NULL when there are %llu edges",
                 (unsigned long long)m);
        share.n = n;
        share.undirected = options.undirected;
        share.weighted = weights != nullptr;
        share.edges.n = n;
        share.edges.src.assign(src, src + m);
        share.edges.dst.assign(dst, dst + m);
        if (weights) share.edges.weights.assign(weights, weights + m);
    });
    share.total_edges = comm.sum(uint64_t(m));
    if (share.total_edges > options.max_edges)
        fail(GG_ERROR_TOO_LARGE, "%llu edges over the processes exceed the limit of %llu edges",
             (unsigned long long)share.total_edges, (unsigned long long)options.max_edges);
    return wrap(make_distributed_graph(std::move(share), options, context.comm));
}

std::unique_ptr<gg_graph> load_distributed(gg_context &context, const char *path, gg_format format,
                                           const BuildOptions &options) {
    Communicator &comm = *context.comm;
    const auto hold = comm.hold();
    gg_format resolved = format == GG_FORMAT_AUTO ? format_from_extension(path) : format;
    on_every_process(comm, [&] {
        if (resolved == GG_FORMAT_AUTO) {
            io::InputFile in(path);
            resolved = io::sniff_format(in);
        }
    });
    EdgeShare share;
    if (resolved == GG_FORMAT_GGB) {
        on_every_process(comm, [&] {
            // Process 0 streams the whole file through its checksum; every process reads its share.
            if (comm.rank() == 0) verify_ggb_checksum(path);
            share = read_ggb_share(path, comm.rank(), comm.size(), options);
        });
    } else {
        share = read_text_share(comm, path, resolved, options);
    }
    return wrap(make_distributed_graph(std::move(share), options, context.comm));
}

std::unique_ptr<gg_graph> generate_distributed(gg_context &context, const gg_generator_options &options) {
    Communicator &comm = *context.comm;
    const auto hold = comm.hold();
    uint64_t m = 0;
    on_every_process(comm, [&] { m = gen::checked_edges(options); });
    const gg_generator_options &o = options;
    comm.agree(format("generator %d, scale %u, degree %u, %u x %u, seed %llu, weighted %d [%u, %u], symmetrize %d, "
                      "R-MAT %.17g %.17g %.17g",
                      int(o.kind), o.scale, o.degree, o.rows, o.cols, (unsigned long long)o.seed, int(o.weighted),
                      o.weight_min, o.weight_max, int(o.symmetrize), o.rmat_a, o.rmat_b, o.rmat_c),
               "the generator's options");
    // Each process builds its own rows straight from the generator: no
    // edge crosses between the processes, and none holds more than its rows
    // (every process draws every edge to find them).
    const uint32_t n = gen::vertex_count(options);
    Csr rows;
    on_every_process(comm, [&] {
        rows = generate_rows(options, first_row_of(n, comm.rank(), comm.size()),
                             first_row_of(n, comm.rank() + 1, comm.size()));
    });
    return wrap(distributed_graph_from_rows(std::move(rows), n, options.symmetrize != 0,
                                            options.weighted != 0 && m > 0, context.comm));
}

}  // namespace gg
