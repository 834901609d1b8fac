// DIMACS shortest-path graphs (.gr, 9th DIMACS Implementation Challenge):
// "c ..." comment lines, one problem line "p sp n m" before any arc, then
// exactly m arc lines "a u v w" with 1-based ids. Blank lines are ignored.
// Arcs are directed; the road graphs of the challenge list both directions.
#include "io/formats.h"
#include "io/text_scan.h"
#include "io/text_share.h"

namespace gg::io {

namespace {

// The grammar line by line (text_share.h's protocol), for the whole-file
// reader below and for a distributed load's byte ranges.
class DimacsGrammar {
public:
    static constexpr uint64_t kMinArcBytes = 8;  // "a 1 1 0\n"

    // whole_file: reserve the declared arcs at the problem line (a share
    // reserves what its own range holds instead).
    DimacsGrammar(InputFile &in, const BuildOptions &options, bool whole_file)
        : in_(in), path_(in.path()), options_(options), whole_file_(whole_file) {}

    bool in_header() const { return !have_problem_; }

    // After the problem line: an arc line ("a ..."); any other kind but
    // comments and blanks fails in line().
    static bool holds_entry(const char *begin) {
        while (is_blank(*begin)) ++begin;
        return begin[0] == 'a' && is_field_end(begin[1]);
    }

    const char *line(const char *begin, uint64_t line) {
        LineFields fields(begin, path_, line);
        std::string_view kind = fields.next_word();
        if (kind.empty() || kind[0] == 'c') return fields.end_of_line();  // "c", and "c..." as some generators write
        if (kind == "p") {
            problem_line(fields);
            return fields.end_of_line();
        }
        if (kind != "a")
            fields.fail("unknown line type '%s' (expected 'c', 'p' or 'a')",
                        quote_token(kind.data(), kind.data() + kind.size()).c_str());
        if (!have_problem_) fields.fail("arc before the problem line 'p sp n m'");
        if (entries == declared_)
            fields.fail("more arcs than the %llu declared on line %llu", (unsigned long long)declared_,
                        (unsigned long long)problem_line_);
        uint32_t u = fields.next_id1("source id", n_);
        uint32_t v = fields.next_id1("destination id", n_);
        float w = fields.next_weight("weight");
        fields.expect_end();
        edges.src.push_back(u);
        edges.dst.push_back(v);
        edges.weights.push_back(w);
        ++entries;
        return fields.end_of_line();
    }

    void reserve(uint64_t count) {
        edges.reserve(count, true);
    }

    void at_end(uint64_t entries_in_file, uint64_t last_line) const {
        if (!have_problem_) parse_error(path_, last_line ? last_line : 1, "no problem line 'p sp n m'");
        if (entries_in_file < declared_)
            parse_error(path_, last_line, "the file ends after %llu of the %llu arcs declared on line %llu",
                        (unsigned long long)entries_in_file, (unsigned long long)declared_,
                        (unsigned long long)problem_line_);
    }

    uint32_t vertices(uint64_t, uint64_t) const { return uint32_t(n_); }  // checked at the problem line
    bool weighted() const { return true; }
    bool undirected() const { return options_.undirected; }

    uint64_t entries = 0;   // arc lines before this one, in the whole file
    uint64_t id_bound = 0;  // unused: n is declared
    EdgeList edges;

private:
    void problem_line(LineFields &fields) {
        if (have_problem_)
            fields.fail("second problem line (the first is on line %llu)", (unsigned long long)problem_line_);
        std::string_view problem = fields.next_word();
        if (problem != "sp")
            fields.fail("problem type '%s' is not 'sp'",
                        quote_token(problem.data(), problem.data() + problem.size()).c_str());
        n_ = fields.next_uint("vertex count");
        declared_ = fields.next_uint("arc count");
        fields.expect_end();
        if (n_ > UINT32_MAX) fields.fail("%llu vertices: gg vertex ids are 32-bit, at most 4294967295", (unsigned long long)n_);
        if (in_.size_known() && declared_ > in_.size() / kMinArcBytes)
            fields.fail("declares %llu arcs, but a %llu-byte file holds at most %llu", (unsigned long long)declared_,
                        (unsigned long long)in_.size(), (unsigned long long)(in_.size() / kMinArcBytes));
        if (declared_ > options_.max_edges)
            fail(GG_ERROR_TOO_LARGE, "%s:%llu: declares %llu arcs, more than max_edges (%llu)", path_.c_str(),
                 (unsigned long long)fields.line(), (unsigned long long)declared_,
                 (unsigned long long)options_.max_edges);
        check_file_vertices(n_, declared_, options_, path_ + ":" + std::to_string(fields.line()));
        if (whole_file_) reserve(reservable_edges(declared_, in_, kMinArcBytes, options_.max_edges));
        have_problem_ = true;
        problem_line_ = fields.line();
    }

    const InputFile &in_;
    const std::string &path_;
    const BuildOptions &options_;
    const bool whole_file_;
    bool have_problem_ = false;
    uint64_t n_ = 0, declared_ = 0, problem_line_ = 0;
};

}  // namespace

Graph read_dimacs(InputFile &in, const BuildOptions &options, const ProgressFn &progress) {
    return read_text_file<DimacsGrammar>(in, options, progress);
}

std::unique_ptr<TextShare> open_dimacs_share(const std::string &path, uint32_t rank, uint32_t ranks,
                                             const BuildOptions &options) {
    return std::make_unique<TextShareOf<DimacsGrammar>>(path, rank, ranks, options);
}

void write_dimacs(const Graph &g, OutputFile &out, const ProgressFn &progress) {
    out.put("c written by gg: every stored directed edge once\n");
    out.put("p sp ");
    out.put_uint(g.n());
    out.put(' ');
    out.put_uint(g.m());
    out.put('\n');
    for_each_stored_edge(g, progress, [&](uint32_t u, uint32_t v, float w) {
        out.put("a ");
        out.put_uint(uint64_t(u) + 1);
        out.put(' ');
        out.put_uint(uint64_t(v) + 1);
        out.put(' ');
        out.put_float(w);
        out.put('\n');
    });
}

}  // namespace gg::io
