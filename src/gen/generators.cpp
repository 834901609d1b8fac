// gg::generate_edges: checks the generator options, naming the field at
// fault, then dispatches to the generator of the requested kind for the
// whole edge list (gen::generate_blocks: any range of it, in blocks). Only the fields a
// kind uses are checked (a grid ignores scale, an unweighted graph ignores the
// weight range).
#include "gen/generators.h"

#include <algorithm>
#include <cstring>

#include "core/error.h"
#include "gen/kinds.h"
#include "graph/edge_share.h"

namespace gg {
namespace {

constexpr uint32_t kMaxScale = 31;                        // ids are uint32_t
constexpr uint64_t kMaxGeneratedEdges = uint64_t(1) << 36;  // the builder's default limit
constexpr uint32_t kWeightLimit = uint32_t(1) << 24;      // floats are exact below 2^24
constexpr double kProbabilitySlack = 1e-9;                // rounding in a + b + c

void check_scale_and_degree(const gg_generator_options &o) {
    if (o.scale < 1 || o.scale > kMaxScale)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.scale is %u; it must be between 1 and %u", o.scale,
             kMaxScale);
    if (o.degree < 1) fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.degree is 0; it must be at least 1");
    const uint64_t edges = uint64_t(o.degree) << o.scale;
    if (edges > kMaxGeneratedEdges)
        fail(GG_ERROR_TOO_LARGE,
             "gg_generator_options.degree %u at scale %u asks for %llu edges, above the limit of 2^36",
             o.degree, o.scale, (unsigned long long)edges);
}

void check_rmat(const gg_generator_options &o) {
    const struct {
        const char *name;
        double value;
    } params[] = {{"rmat_a", o.rmat_a}, {"rmat_b", o.rmat_b}, {"rmat_c", o.rmat_c}};
    for (const auto &p : params)
        if (!(p.value >= 0.0 && p.value <= 1.0))  // also rejects NaN
            fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.%s is %g; it must be in [0, 1]", p.name, p.value);
    const double sum = o.rmat_a + o.rmat_b + o.rmat_c;
    if (sum > 1.0 + kProbabilitySlack)
        fail(GG_ERROR_INVALID_ARGUMENT,
             "gg_generator_options.rmat_a + rmat_b + rmat_c is %g; it must be at most 1 (d = 1 - a - b - c)", sum);
}

void check_grid(const gg_generator_options &o) {
    if (o.rows < 1) fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.rows is 0; it must be at least 1");
    if (o.cols < 1) fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.cols is 0; it must be at least 1");
    const uint64_t n = uint64_t(o.rows) * o.cols;
    if (n > UINT32_MAX)
        fail(GG_ERROR_INVALID_ARGUMENT,
             "gg_generator_options.rows x cols is %u x %u = %llu vertices; it must be below 2^32", o.rows, o.cols,
             (unsigned long long)n);
}

void check_weights(const gg_generator_options &o) {
    if (o.weighted == 0) return;
    if (o.weight_max >= kWeightLimit)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.weight_max is %u; it must be below 2^24 = %u",
             o.weight_max, kWeightLimit);
    if (o.weight_min > o.weight_max)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.weight_min (%u) exceeds weight_max (%u)", o.weight_min,
             o.weight_max);
}

// The kind as the integer the caller stored: a C caller may store any int in
// the enum field, and reading an out-of-range value as the C++ enum type is
// undefined behaviour, so its bytes are copied instead.
int32_t kind_value(const gg_generator_options &o) {
    int32_t raw;
    static_assert(sizeof raw == sizeof o.kind, "a C enum field is an int");
    std::memcpy(&raw, &o.kind, sizeof raw);
    return raw;
}

// Checks the options of their kind; returns the kind's full edge count.
uint64_t checked_edge_count(const gg_generator_options &o) {
    const int32_t kind = kind_value(o);
    switch (kind) {
    case GG_GENERATOR_KRON:
        check_scale_and_degree(o);
        check_rmat(o);
        check_weights(o);
        return gen::scale_free_edge_count(o);
    case GG_GENERATOR_URAND:
        check_scale_and_degree(o);
        check_weights(o);
        return gen::scale_free_edge_count(o);
    case GG_GENERATOR_GRID:
        check_grid(o);
        check_weights(o);
        return gen::grid_edge_count(o);
    }
    fail(GG_ERROR_INVALID_ARGUMENT, "gg_generator_options.kind is %d; it must be GG_GENERATOR_KRON (0), "
         "GG_GENERATOR_URAND (1) or GG_GENERATOR_GRID (2)", kind);
}

// Edges [begin, end) of checked options' list, stored.
EdgeList generate_range(const gg_generator_options &o, uint64_t begin, uint64_t end) {
    EdgeList edges;
    edges.n = gen::vertex_count(o);
    edges.src.resize(end - begin);
    edges.dst.resize(end - begin);
    if (o.weighted) edges.weights.resize(end - begin);
    gen::generate_blocks(o, begin, end, [&](const gen::EdgeBlock &b) {
        const uint64_t at = b.first - begin;
        std::copy(b.src, b.src + b.count, edges.src.begin() + int64_t(at));
        std::copy(b.dst, b.dst + b.count, edges.dst.begin() + int64_t(at));
        if (b.weights) std::copy(b.weights, b.weights + b.count, edges.weights.begin() + int64_t(at));
    });
    return edges;
}

}  // namespace

namespace gen {

void generate_blocks(const gg_generator_options &o, uint64_t begin, uint64_t end, const EdgeBlockSink &sink) {
    switch (kind_value(o)) {
    case GG_GENERATOR_KRON: kron_blocks(o, begin, end, sink); break;
    case GG_GENERATOR_URAND: urand_blocks(o, begin, end, sink); break;
    default: grid_blocks(o, begin, end, sink); break;
    }
}

uint64_t checked_edges(const gg_generator_options &o) { return checked_edge_count(o); }

}  // namespace gen

EdgeList generate_edges(const gg_generator_options &o) { return generate_range(o, 0, checked_edge_count(o)); }

}  // namespace gg
