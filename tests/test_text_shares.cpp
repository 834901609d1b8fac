/* Distributed loads of text files (src/io/text_share.h), played by one
 * process for 1 to 7 ranks (support/text_shares.h) and checked against the
 * whole-file reader: on files of every text format written with the
 * awkward things a text file may hold (comments and blank lines anywhere,
 * CRLF, tabs, leading blanks, no final newline, duplicates, self-loops,
 * isolated vertices, no entries at all), the graph the shares build is the
 * graph load_graph builds; on the same files with one fault put in (a bad
 * token, an id out of range, a missing or extra column, one entry too many
 * or too few, an entry before the header, max_edges exceeded), the load
 * fails with the status and message of the whole-file reader, the line
 * number included, whichever rank's range holds the fault. The ranges tile
 * the bytes after the header. Built in every configuration. */
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/error.h"
#include "graph/builder.h"
#include "io/io.h"
#include "support/text_shares.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

constexpr uint32_t kMaxRanks = 7;
std::string tmp_dir;

enum class Kind { mtx_general, mtx_symmetric_pattern, el, wel, gr };
const Kind kKinds[] = {Kind::mtx_general, Kind::mtx_symmetric_pattern, Kind::el, Kind::wel, Kind::gr};

gg_format format_of(Kind k) {
    switch (k) {
    case Kind::el: return GG_FORMAT_EDGELIST;
    case Kind::wel: return GG_FORMAT_WEL;
    case Kind::gr: return GG_FORMAT_DIMACS;
    default: return GG_FORMAT_MTX;
    }
}
const char *name_of(Kind k) {
    switch (k) {
    case Kind::mtx_general: return "mtx general real";
    case Kind::mtx_symmetric_pattern: return "mtx symmetric pattern";
    case Kind::el: return "el";
    case Kind::wel: return "wel";
    default: return "gr";
    }
}

// A text file as lines, the entry lines marked, written with random decoration.
struct TextFile {
    std::vector<std::string> lines;
    std::vector<size_t> entry_lines;  // indices into lines
};

struct Decor {
    std::mt19937_64 rng;
    bool crlf = false, final_newline = true;
    explicit Decor(uint64_t seed) : rng(seed) {
        crlf = rng() % 4 == 0;
        final_newline = rng() % 3 != 0;
    }
    bool chance(unsigned in) { return rng() % in == 0; }
    std::string blanks() {
        static const char *kinds[] = {"", "", "", " ", "\t", "  \t "};
        return kinds[rng() % 6];
    }
};

std::string render(const TextFile &f, Decor &d) {
    std::string out;
    for (size_t i = 0; i < f.lines.size(); ++i) {
        out += f.lines[i];
        if (i + 1 < f.lines.size() || d.final_newline) out += d.crlf ? "\r\n" : "\n";
    }
    return out;
}

// Comments and blank lines between the entries, in the format's syntax.
void maybe_filler(TextFile &f, Kind k, Decor &d) {
    if (!d.chance(5)) return;
    if (d.chance(3)) {
        f.lines.push_back(d.blanks());
        return;
    }
    switch (k) {
    case Kind::el:
    case Kind::wel: f.lines.push_back(d.blanks() + (d.chance(2) ? "# a comment 1 2" : "% also a comment")); break;
    case Kind::gr: f.lines.push_back(d.blanks() + (d.chance(2) ? "c a comment" : "c")); break;
    default: f.lines.push_back("% a comment 1 2 3"); break;
    }
}

std::string weight_text(Decor &d) {
    static const char *kinds[] = {"1", "2.5", "0", "255", "1e2", "0.125", "+3", "7"};
    return kinds[d.rng() % 8];
}

// A random graph as a text file of kind k.
TextFile random_file(Kind k, Decor &d) {
    const uint32_t n = 1 + uint32_t(d.rng() % 40);
    const uint32_t m = d.chance(8) ? 0 : uint32_t(d.rng() % 200);
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    const uint32_t hub = uint32_t(d.rng() % n);
    for (uint32_t e = 0; e < m; ++e) {
        uint32_t u = uint32_t(d.rng() % n), v = uint32_t(d.rng() % n);
        if (d.chance(4)) u = hub;         // a hub
        if (d.chance(10)) v = u;          // self-loops
        if (d.chance(10) && !edges.empty()) edges.push_back(edges[d.rng() % edges.size()]);  // duplicates
        edges.emplace_back(u, v);
    }
    TextFile f;
    const std::string sep = d.chance(3) ? "\t" : " ";
    auto entry = [&](const std::string &text) {
        maybe_filler(f, k, d);
        f.entry_lines.push_back(f.lines.size());
        f.lines.push_back(d.blanks() + text + d.blanks());
    };
    switch (k) {
    case Kind::mtx_general:
    case Kind::mtx_symmetric_pattern: {
        const bool pattern = k == Kind::mtx_symmetric_pattern;
        f.lines.push_back(pattern ? "%%MatrixMarket matrix coordinate pattern symmetric"
                                  : "%%MatrixMarket matrix coordinate real general");
        if (d.chance(2)) f.lines.push_back("% before the size line");
        f.lines.push_back(std::to_string(n) + " " + std::to_string(n) + " " + std::to_string(edges.size()));
        for (auto [u, v] : edges)
            entry(std::to_string(u + 1) + sep + std::to_string(v + 1) + (pattern ? "" : sep + weight_text(d)));
        break;
    }
    case Kind::el:
    case Kind::wel:
        for (auto [u, v] : edges)
            entry(std::to_string(u) + sep + std::to_string(v) + (k == Kind::wel ? sep + weight_text(d) : ""));
        break;
    case Kind::gr:
        if (d.chance(2)) f.lines.push_back("c before the problem line");
        f.lines.push_back("p sp " + std::to_string(n) + " " + std::to_string(edges.size()));
        for (auto [u, v] : edges)
            entry("a" + sep + std::to_string(u + 1) + sep + std::to_string(v + 1) + sep + weight_text(d));
        break;
    }
    if (d.chance(3)) maybe_filler(f, k, d);
    return f;
}

std::string write_file(const std::string &name, const std::string &text) {
    const std::string path = tmp_dir + "/" + name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    return path;
}

// The whole-file load and the shares of 1..kMaxRanks ranks agree.
void expect_same_outcome(const std::string &path, gg_format format, const gg::BuildOptions &options,
                         const std::string &what) {
    const gg_test::TextLoad whole = gg_test::load_text_whole(path, format, options);
    const uint64_t size = std::filesystem::file_size(path);
    for (uint32_t ranks = 1; ranks <= kMaxRanks; ++ranks) {
        const gg_test::TextLoad shares = gg_test::load_text_in_shares(path, format, ranks, options);
        const std::string difference = gg_test::load_difference(shares, whole);
        if (!difference.empty()) fail_msg("%s over %u ranks: %s", what.c_str(), ranks, difference.c_str());
        if (whole.failed) continue;
        // The ranges tile the bytes after the header, each starting a line.
        for (uint32_t r = 0; r + 1 < ranks; ++r) assert_true(shares.ranges[r].second == shares.ranges[r + 1].first);
        assert_true(shares.ranges.back().second == size);
    }
}

void test_shares_build_the_whole_graph(void **state) {
    (void)state;
    for (Kind k : kKinds)
        for (uint64_t seed = 1; seed <= 40; ++seed) {
            Decor d(seed * 31 + uint64_t(k));
            const TextFile f = random_file(k, d);
            const std::string path = write_file("valid", render(f, d));
            for (gg_duplicate_policy policy : {GG_DUPLICATES_KEEP_FIRST, GG_DUPLICATES_KEEP_MIN}) {
                gg::BuildOptions options;
                options.duplicates = policy;
                options.undirected = seed % 5 == 0;
                expect_same_outcome(path, format_of(k), options,
                                    std::string(name_of(k)) + " seed " + std::to_string(seed));
            }
        }
}

// One fault put into an otherwise valid file.
void test_faults_name_the_whole_files_line(void **state) {
    (void)state;
    static const char *bad_entries[] = {"x 1", "1 -2", "5", "1 2 3 4 5", "0 0 1", "99999 1 1",
                                        "1 1 nan", "a 1", "p sp 3 3", "4294967296 1"};
    for (Kind k : kKinds)
        for (uint64_t seed = 1; seed <= 60; ++seed) {
            Decor d(seed * 131 + uint64_t(k));
            TextFile f = random_file(k, d);
            const unsigned fault = unsigned(d.rng() % 4);
            std::string what = std::string(name_of(k)) + " seed " + std::to_string(seed);
            if (fault == 0 && !f.entry_lines.empty()) {
                // A bad entry line (in .gr syntax, after an 'a').
                std::string bad = bad_entries[d.rng() % 10];
                if (k == Kind::gr && bad[0] != 'a' && bad[0] != 'p') bad = "a " + bad;
                f.lines[f.entry_lines[d.rng() % f.entry_lines.size()]] = bad;
                what += ": bad entry '" + bad + "'";
            } else if (fault == 1) {
                // One entry too many (a declared count), or an edge list's line with text after it.
                f.lines.push_back(k == Kind::gr ? "a 1 1 1" : k == Kind::mtx_symmetric_pattern ? "1 1" : "1 1 1");
                what += ": an entry more";
            } else if (fault == 2 && !f.entry_lines.empty()) {
                // One entry too few.
                f.lines.erase(f.lines.begin() + long(f.entry_lines.back()));
                what += ": an entry fewer";
            } else {
                // An entry before the header; for edge lists, a comment character inside a line.
                f.lines.insert(f.lines.begin(), k == Kind::gr ? "a 1 1 1" : "1 1 # not a comment");
                what += ": an entry first";
            }
            const std::string path = write_file("fault", render(f, d));
            expect_same_outcome(path, format_of(k), gg::BuildOptions(), what);
        }
}

void test_limits_and_headers(void **state) {
    (void)state;
    // max_edges: an edge list counts its lines over the whole file.
    std::string el;
    for (int i = 0; i < 50; ++i) el += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
    gg::BuildOptions small;
    small.max_edges = 37;
    expect_same_outcome(write_file("limit.el", el), GG_FORMAT_EDGELIST, small, "el over max_edges");
    small.max_vertices = 20;
    small.max_edges = 100;
    expect_same_outcome(write_file("vertices.el", el), GG_FORMAT_EDGELIST, small, "el over max_vertices");
    // Headers that end the file, or never end.
    for (const char *text : {"", "\n\n", "%%MatrixMarket matrix coordinate real general\n",
                             "%%MatrixMarket matrix coordinate real general\n% only comments\n",
                             "%%MatrixMarket matrix coordinate real general\n3 3 0\n",
                             "%%MatrixMarket matrix coordinate real general\n3 3 0", "not a banner\n1 1\n",
                             "%%MatrixMarket matrix coordinate real general\n3 3 1000000\n1 1 1\n"})
        expect_same_outcome(write_file("header.mtx", text), GG_FORMAT_MTX, gg::BuildOptions(),
                            std::string("mtx '") + text + "'");
    for (const char *text : {"", "c only comments\n", "p sp 3 0\n", "c\np sp 3 2\na 1 2 1\n", "p sp 3 1\np sp 3 1\n",
                             "p max 3 1\na 1 2 3\n", "p sp 3 2\n\n\na 1 2 1\r\na 2 3 4"})
        expect_same_outcome(write_file("header.gr", text), GG_FORMAT_DIMACS, gg::BuildOptions(),
                            std::string("gr '") + text + "'");
    for (const char *text : {"", "# nothing\n", "0 0", "\n\n3 4\n\n", "1 2\n3"})
        expect_same_outcome(write_file("header.el", text), GG_FORMAT_EDGELIST, gg::BuildOptions(),
                            std::string("el '") + text + "'");
}

void test_share_arguments(void **state) {
    (void)state;
    const std::string path = write_file("args.el", "0 1\n1 2\n");
    for (auto args : {std::pair<uint32_t, uint32_t>{0, 0}, {3, 3}, {7, 2}}) {
        bool failed = false;
        try {
            gg::io::open_text_share(path, GG_FORMAT_EDGELIST, args.first, args.second, gg::BuildOptions());
        } catch (const gg::Error &e) {
            failed = true;
            assert_int_equal(e.status(), GG_ERROR_INVALID_ARGUMENT);
        }
        assert_true(failed);
    }
    bool refused = false;
    try {
        gg::io::open_text_share(path, GG_FORMAT_GGB, 0, 1, gg::BuildOptions());
    } catch (const gg::Error &e) {
        refused = e.status() == GG_ERROR_INVALID_ARGUMENT;
    }
    assert_true(refused);
}

int setup(void **state) {
    (void)state;
    char pattern[] = "/tmp/gg_text_shares_XXXXXX";
    if (mkdtemp(pattern) == nullptr) return -1;
    tmp_dir = pattern;
    return 0;
}

int teardown(void **state) {
    (void)state;
    std::error_code error;
    std::filesystem::remove_all(tmp_dir, error);
    return error ? -1 : 0;
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shares_build_the_whole_graph),
        cmocka_unit_test(test_faults_name_the_whole_files_line),
        cmocka_unit_test(test_limits_and_headers),
        cmocka_unit_test(test_share_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
