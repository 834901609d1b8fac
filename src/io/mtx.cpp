// Matrix Market coordinate files (.mtx): the banner
// "%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric>",
// '%' comment lines, the size line "rows cols entries", then one entry
// "i j [value]" per line, 1-based. Entry (i, j) is the edge i-1 -> j-1 and
// n = max(rows, cols). A symmetric matrix is an undirected graph. The entry
// count must match the size line exactly: too few or too many is an error.
// The writer writes "general" with every stored directed edge, so an
// undirected graph comes back with both directions stored explicitly.
#include <algorithm>
#include <cstring>
#include <strings.h>

#include "io/formats.h"
#include "io/text_scan.h"

namespace gg::io {
namespace {

bool same_word(std::string_view word, const char *expected) {
    return word.size() == std::strlen(expected) && strncasecmp(word.data(), expected, word.size()) == 0;
}

struct Banner {
    bool pattern = false;
    bool symmetric = false;
};

Banner parse_banner(LineFields &fields, const std::string &path) {
    auto unsupported = [&](const char *what, std::string_view word) {
        fail(GG_ERROR_UNSUPPORTED, "%s:%llu: Matrix Market %s '%.*s' is not supported", path.c_str(),
             (unsigned long long)fields.line(), what, int(word.size()), word.data());
    };
    if (!same_word(fields.next_word(), "%%MatrixMarket"))
        fields.fail("expected the Matrix Market banner '%%%%MatrixMarket matrix coordinate <field> <symmetry>'");
    std::string_view object = fields.next_word(), layout = fields.next_word();
    std::string_view field = fields.next_word(), symmetry = fields.next_word();
    if (symmetry.empty()) fields.fail("incomplete banner: expected '%%%%MatrixMarket matrix coordinate <field> <symmetry>'");
    fields.expect_end();
    if (same_word(object, "vector")) unsupported("object", object);
    if (!same_word(object, "matrix")) fields.fail("unknown Matrix Market object '%.*s'", int(object.size()), object.data());
    if (same_word(layout, "array")) unsupported("format", layout);
    if (!same_word(layout, "coordinate")) fields.fail("unknown Matrix Market format '%.*s'", int(layout.size()), layout.data());

    Banner banner;
    if (same_word(field, "complex")) unsupported("field", field);
    banner.pattern = same_word(field, "pattern");
    if (!banner.pattern && !same_word(field, "real") && !same_word(field, "integer") && !same_word(field, "double"))
        fields.fail("unknown Matrix Market field '%.*s'", int(field.size()), field.data());
    if (same_word(symmetry, "skew-symmetric") || same_word(symmetry, "hermitian")) unsupported("symmetry", symmetry);
    banner.symmetric = same_word(symmetry, "symmetric");
    if (!banner.symmetric && !same_word(symmetry, "general"))
        fields.fail("unknown Matrix Market symmetry '%.*s'", int(symmetry.size()), symmetry.data());
    return banner;
}

}  // namespace

Graph read_mtx(InputFile &in, const BuildOptions &options, const ProgressFn &progress) {
    const std::string &path = in.path();
    enum class Expect { banner, size_line, entries } expect = Expect::banner;
    Banner banner;
    uint64_t rows = 0, cols = 0, declared = 0, size_line = 0, seen = 0, last_line = 0;
    EdgeList edges;

    for_each_line(in, progress, [&](const char *begin, uint64_t line) -> const char * {
        last_line = line;
        LineFields fields(begin, path, line);
        if (expect == Expect::banner) {
            banner = parse_banner(fields, path);
            expect = Expect::size_line;
            return fields.end_of_line();
        }
        char first = fields.first_char();
        if (first == '\n' || first == '%') return fields.end_of_line();
        if (expect == Expect::size_line) {
            rows = fields.next_uint("row count");
            cols = fields.next_uint("column count");
            declared = fields.next_uint("entry count");
            fields.expect_end();
            if (rows > UINT32_MAX || cols > UINT32_MAX)
                fields.fail("%llu x %llu matrix: gg vertex ids are 32-bit, so rows and columns must be at most 4294967295",
                            (unsigned long long)rows, (unsigned long long)cols);
            // Every entry line takes at least 4 bytes ("1 1\n").
            if (in.size_known() && declared > in.size() / 4)
                fields.fail("declares %llu entries, but a %llu-byte file holds at most %llu",
                            (unsigned long long)declared, (unsigned long long)in.size(),
                            (unsigned long long)(in.size() / 4));
            if (declared > options.max_edges)
                fail(GG_ERROR_TOO_LARGE, "%s:%llu: declares %llu entries, more than max_edges (%llu)", path.c_str(),
                     (unsigned long long)line, (unsigned long long)declared, (unsigned long long)options.max_edges);
            // A symmetric file stores each entry once for two edges.
            check_file_vertices(std::max(rows, cols), banner.symmetric ? 2 * declared : declared, options,
                                path + ":" + std::to_string(line));
            uint64_t reserve = reservable_edges(declared, in, 4, options.max_edges);
            edges.src.reserve(reserve);
            edges.dst.reserve(reserve);
            if (!banner.pattern) edges.weights.reserve(reserve);
            size_line = line;
            expect = Expect::entries;
            return fields.end_of_line();
        }
        if (seen == declared)
            fields.fail("more entries than the %llu declared on line %llu", (unsigned long long)declared,
                        (unsigned long long)size_line);
        uint32_t i = fields.next_id1("row index", rows);
        uint32_t j = fields.next_id1("column index", cols);
        float w = banner.pattern ? 1.0f : fields.next_weight("value");
        fields.expect_end();
        edges.src.push_back(i);
        edges.dst.push_back(j);
        if (!banner.pattern) edges.weights.push_back(w);
        ++seen;
        return fields.end_of_line();
    });

    if (expect == Expect::banner)
        parse_error(path, 1, "empty file: expected the Matrix Market banner '%%%%MatrixMarket matrix coordinate ...'");
    if (expect == Expect::size_line) parse_error(path, last_line, "the file ends before the size line 'rows columns entries'");
    if (seen < declared)
        parse_error(path, last_line, "the file ends after %llu of the %llu entries declared on line %llu",
                    (unsigned long long)seen, (unsigned long long)declared, (unsigned long long)size_line);

    edges.n = uint32_t(std::max(rows, cols));
    BuildOptions effective = options;
    if (banner.symmetric) effective.undirected = true;
    Graph g = build_graph(std::move(edges), effective);
    g.weighted = !banner.pattern;
    return g;
}

void write_mtx(const Graph &g, OutputFile &out, const ProgressFn &progress) {
    out.put(g.weighted ? "%%MatrixMarket matrix coordinate real general\n"
                       : "%%MatrixMarket matrix coordinate pattern general\n");
    out.put("% written by gg: every stored directed edge once\n");
    out.put_uint(g.n());
    out.put(' ');
    out.put_uint(g.n());
    out.put(' ');
    out.put_uint(g.m());
    out.put('\n');
    for_each_stored_edge(g, progress, [&](uint32_t u, uint32_t v, float w) {
        out.put_uint(uint64_t(u) + 1);
        out.put(' ');
        out.put_uint(uint64_t(v) + 1);
        if (g.weighted) {
            out.put(' ');
            out.put_float(w);
        }
        out.put('\n');
    });
}

}  // namespace gg::io
