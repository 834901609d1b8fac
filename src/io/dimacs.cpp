// DIMACS shortest-path graphs (.gr, 9th DIMACS Implementation Challenge):
// "c ..." comment lines, one problem line "p sp n m" before any arc, then
// exactly m arc lines "a u v w" with 1-based ids. Blank lines are ignored.
// Arcs are directed; the road graphs of the challenge list both directions.
#include "io/formats.h"
#include "io/text_scan.h"

namespace gg::io {

Graph read_dimacs(InputFile &in, const BuildOptions &options, const ProgressFn &progress) {
    const std::string &path = in.path();
    bool have_problem = false;
    uint64_t n = 0, declared = 0, problem_line = 0, seen = 0, last_line = 0;
    EdgeList edges;

    for_each_line(in, progress, [&](const char *begin, uint64_t line) -> const char * {
        last_line = line;
        LineFields fields(begin, path, line);
        std::string_view kind = fields.next_word();
        if (kind.empty() || kind[0] == 'c') return fields.end_of_line();  // "c", and "c..." as some generators write
        if (kind == "p") {
            if (have_problem) fields.fail("second problem line (the first is on line %llu)", (unsigned long long)problem_line);
            std::string_view problem = fields.next_word();
            if (problem != "sp")
                fields.fail("problem type '%s' is not 'sp'", quote_token(problem.data(), problem.data() + problem.size()).c_str());
            n = fields.next_uint("vertex count");
            declared = fields.next_uint("arc count");
            fields.expect_end();
            if (n > UINT32_MAX) fields.fail("%llu vertices: gg vertex ids are 32-bit, at most 4294967295", (unsigned long long)n);
            // Every arc line takes at least 8 bytes ("a 1 1 0\n").
            if (in.size_known() && declared > in.size() / 8)
                fields.fail("declares %llu arcs, but a %llu-byte file holds at most %llu", (unsigned long long)declared,
                            (unsigned long long)in.size(), (unsigned long long)(in.size() / 8));
            if (declared > options.max_edges)
                fail(GG_ERROR_TOO_LARGE, "%s:%llu: declares %llu arcs, more than max_edges (%llu)", path.c_str(),
                     (unsigned long long)line, (unsigned long long)declared, (unsigned long long)options.max_edges);
            check_file_vertices(n, declared, options, path + ":" + std::to_string(line));
            uint64_t reserve = reservable_edges(declared, in, 8, options.max_edges);
            edges.src.reserve(reserve);
            edges.dst.reserve(reserve);
            edges.weights.reserve(reserve);
            have_problem = true;
            problem_line = line;
            return fields.end_of_line();
        }
        if (kind != "a")
            fields.fail("unknown line type '%s' (expected 'c', 'p' or 'a')",
                        quote_token(kind.data(), kind.data() + kind.size()).c_str());
        if (!have_problem) fields.fail("arc before the problem line 'p sp n m'");
        if (seen == declared)
            fields.fail("more arcs than the %llu declared on line %llu", (unsigned long long)declared,
                        (unsigned long long)problem_line);
        uint32_t u = fields.next_id1("source id", n);
        uint32_t v = fields.next_id1("destination id", n);
        float w = fields.next_weight("weight");
        fields.expect_end();
        edges.src.push_back(u);
        edges.dst.push_back(v);
        edges.weights.push_back(w);
        ++seen;
        return fields.end_of_line();
    });

    if (!have_problem) parse_error(path, last_line ? last_line : 1, "no problem line 'p sp n m'");
    if (seen < declared)
        parse_error(path, last_line, "the file ends after %llu of the %llu arcs declared on line %llu",
                    (unsigned long long)seen, (unsigned long long)declared, (unsigned long long)problem_line);
    edges.n = uint32_t(n);
    Graph g = build_graph(std::move(edges), options);
    g.weighted = true;
    return g;
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
