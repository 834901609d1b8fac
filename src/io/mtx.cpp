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
#include "io/text_share.h"

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

// The grammar line by line (text_share.h's protocol), for the whole-file
// reader below and for a distributed load's byte ranges.
class MtxGrammar {
public:
    static constexpr uint64_t kMinEntryBytes = 4;  // "1 1\n"

    // whole_file: reserve the declared entries at the size line (a share
    // reserves what its own range holds instead).
    MtxGrammar(InputFile &in, const BuildOptions &options, bool whole_file)
        : in_(in), path_(in.path()), options_(options), whole_file_(whole_file) {}

    bool in_header() const { return expect_ != Expect::entries; }

    // After the header: whether line() takes the line as an entry (or fails on it).
    static bool holds_entry(const char *begin) {
        while (is_blank(*begin)) ++begin;
        return *begin != '\n' && *begin != '%';
    }

    const char *line(const char *begin, uint64_t line) {
        LineFields fields(begin, path_, line);
        if (expect_ == Expect::banner) {
            banner_ = parse_banner(fields, path_);
            expect_ = Expect::size_line;
            return fields.end_of_line();
        }
        char first = fields.first_char();
        if (first == '\n' || first == '%') return fields.end_of_line();
        if (expect_ == Expect::size_line) {
            size_line(fields);
            return fields.end_of_line();
        }
        if (entries == declared_)
            fields.fail("more entries than the %llu declared on line %llu", (unsigned long long)declared_,
                        (unsigned long long)size_line_);
        uint32_t i = fields.next_id1("row index", rows_);
        uint32_t j = fields.next_id1("column index", cols_);
        float w = banner_.pattern ? 1.0f : fields.next_weight("value");
        fields.expect_end();
        edges.src.push_back(i);
        edges.dst.push_back(j);
        if (!banner_.pattern) edges.weights.push_back(w);
        ++entries;
        return fields.end_of_line();
    }

    void reserve(uint64_t count) {
        edges.reserve(count, !banner_.pattern);
    }

    // The checks at the end of the file, given the entries of the whole file
    // and its last line's number.
    void at_end(uint64_t entries_in_file, uint64_t last_line) const {
        if (expect_ == Expect::banner)
            parse_error(path_, 1, "empty file: expected the Matrix Market banner '%%%%MatrixMarket matrix coordinate ...'");
        if (expect_ == Expect::size_line)
            parse_error(path_, last_line, "the file ends before the size line 'rows columns entries'");
        if (entries_in_file < declared_)
            parse_error(path_, last_line, "the file ends after %llu of the %llu entries declared on line %llu",
                        (unsigned long long)entries_in_file, (unsigned long long)declared_,
                        (unsigned long long)size_line_);
    }

    uint32_t vertices(uint64_t /*id_bound*/, uint64_t /*entries_in_file*/) const {
        return uint32_t(std::max(rows_, cols_));  // checked at the size line
    }
    bool weighted() const { return !banner_.pattern; }
    bool undirected() const { return options_.undirected || banner_.symmetric; }

    uint64_t entries = 0;  // entry lines before this one, in the whole file
    uint64_t id_bound = 0;  // unused: n is declared
    EdgeList edges;

private:
    enum class Expect { banner, size_line, entries };

    void size_line(LineFields &fields) {
        rows_ = fields.next_uint("row count");
        cols_ = fields.next_uint("column count");
        declared_ = fields.next_uint("entry count");
        fields.expect_end();
        if (rows_ > UINT32_MAX || cols_ > UINT32_MAX)
            fields.fail("%llu x %llu matrix: gg vertex ids are 32-bit, so rows and columns must be at most 4294967295",
                        (unsigned long long)rows_, (unsigned long long)cols_);
        if (in_.size_known() && declared_ > in_.size() / kMinEntryBytes)
            fields.fail("declares %llu entries, but a %llu-byte file holds at most %llu", (unsigned long long)declared_,
                        (unsigned long long)in_.size(), (unsigned long long)(in_.size() / kMinEntryBytes));
        if (declared_ > options_.max_edges)
            fail(GG_ERROR_TOO_LARGE, "%s:%llu: declares %llu entries, more than max_edges (%llu)", path_.c_str(),
                 (unsigned long long)fields.line(), (unsigned long long)declared_,
                 (unsigned long long)options_.max_edges);
        // A symmetric file stores each entry once for two edges.
        check_file_vertices(std::max(rows_, cols_), banner_.symmetric ? 2 * declared_ : declared_, options_,
                            path_ + ":" + std::to_string(fields.line()));
        if (whole_file_) reserve(reservable_edges(declared_, in_, kMinEntryBytes, options_.max_edges));
        size_line_ = fields.line();
        expect_ = Expect::entries;
    }

    const InputFile &in_;
    const std::string &path_;
    const BuildOptions &options_;
    const bool whole_file_;
    Expect expect_ = Expect::banner;
    Banner banner_;
    uint64_t rows_ = 0, cols_ = 0, declared_ = 0, size_line_ = 0;
};

}  // namespace

Graph read_mtx(InputFile &in, const BuildOptions &options, const ProgressFn &progress) {
    return read_text_file<MtxGrammar>(in, options, progress);
}

std::unique_ptr<TextShare> open_mtx_share(const std::string &path, uint32_t rank, uint32_t ranks,
                                          const BuildOptions &options) {
    return std::make_unique<TextShareOf<MtxGrammar>>(path, rank, ranks, options);
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
