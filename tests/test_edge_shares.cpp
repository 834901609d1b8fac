/* One process's share of a .ggb (src/graph/edge_share.h), checked against
 * the whole-graph path it stands in for in a distributed load: for 1 to 6
 * ranks, the shares read by read_ggb_share, concatenated in rank order, are
 * the CSR edge list load_graph gives. (A generated graph's rows:
 * test_generate_direct.) Graphs:
 * kron, urand and grid, weighted or not, directed or not; isolated vertices,
 * one vertex, no edges, a hub, more ranks than vertices. A .ggb whose header
 * or size is wrong fails on every rank; one whose arrays are wrong fails on
 * the ranks whose share holds the fault, with the whole-file reader's status,
 * and the shares that load are well formed (random corruptions, too);
 * verify_ggb_checksum catches every flipped byte. Built in every configuration. */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/error.h"
#include "gen/generators.h"
#include "graph/builder.h"
#include "graph/edge_share.h"
#include "io/ggb/checksum.h"
#include "io/io.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail and std::ios::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

constexpr uint32_t kMaxRanks = 6;
std::string tmp_dir;  // made by setup(), removed with its files by teardown()

struct Failure {
    bool failed = false;
    gg_status status = GG_OK;
    std::string message;
};

Failure failure_of(const std::function<void()> &fn) {
    Failure f;
    try {
        fn();
    } catch (const gg::Error &e) {
        f = {true, e.status(), e.what()};
    }
    return f;
}

std::string path_of(const std::string &name) { return tmp_dir + "/" + name; }

std::vector<unsigned char> read_bytes(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string &path, const std::vector<unsigned char> &bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
}

uint64_t get_le(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

void put_le(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) p[i] = (unsigned char)(v >> (8 * i));
}

uint64_t read_le(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

// After an edit inside the file, so that only the edit is wrong. Version 1
// ends with one checksum of every byte before it; version 2 (and any later
// number an edit writes) with one checksum per 16 MiB block of the D bytes
// before its table, then the table's checksum: D comes from the file's size,
// since an edit may have changed the header's sizes.
void refresh_checksum(std::vector<unsigned char> &bytes) {
    const uint64_t size = bytes.size(), block = uint64_t(16) << 20;
    if (read_le(bytes.data() + 8, 4) == 1) {
        gg::io::Checksum sum;
        sum.update(bytes.data(), size - 8);
        put_le(bytes.data() + size - 8, sum.digest(), 8);
        return;
    }
    uint64_t blocks = 1;
    while (size - 8 - 8 * blocks > blocks * block) ++blocks;
    const uint64_t covered = size - 8 - 8 * blocks;
    for (uint64_t k = 0; k < blocks; ++k) {
        gg::io::Checksum sum;
        sum.update(bytes.data() + k * block, size_t(std::min(block, covered - k * block)));
        put_le(bytes.data() + covered + 8 * k, sum.digest(), 8);
    }
    gg::io::Checksum table;
    table.update(bytes.data() + covered, size_t(8 * blocks));
    put_le(bytes.data() + size - 8, table.digest(), 8);
}

// An edge list in a comparable form: unweighted lists carry no weights.
struct Edges {
    std::vector<uint32_t> src, dst;
    std::vector<float> weights;
    void append(const gg::EdgeList &e) {
        src.insert(src.end(), e.src.begin(), e.src.end());
        dst.insert(dst.end(), e.dst.begin(), e.dst.end());
        weights.insert(weights.end(), e.weights.begin(), e.weights.end());
    }
};

// Fails naming `what` and the first entry where got and want differ.
void expect_same(const Edges &got, const Edges &want, const std::string &what) {
    if (got.src.size() != want.src.size() || got.weights.size() != want.weights.size())
        fail_msg("%s: %zu edges (%zu weights), expected %zu (%zu weights)", what.c_str(), got.src.size(),
                 got.weights.size(), want.src.size(), want.weights.size());
    for (size_t e = 0; e < got.src.size(); ++e)
        if (got.src[e] != want.src[e] || got.dst[e] != want.dst[e] ||
            (!got.weights.empty() && got.weights[e] != want.weights[e]))
            fail_msg("%s: edge %zu is %u -> %u, expected %u -> %u (or its weight differs)", what.c_str(), e, got.src[e],
                     got.dst[e], want.src[e], want.dst[e]);
}

// The stored edges of a loaded graph in CSR order.
Edges csr_edges(const gg::Graph &g) {
    Edges e;
    for (uint32_t u = 0; u < g.n(); ++u)
        for (uint64_t k = g.out.offsets[u]; k < g.out.offsets[u + 1]; ++k) {
            e.src.push_back(u);
            e.dst.push_back(g.out.indices[k]);
            if (g.weighted) e.weights.push_back(g.out.weights[k]);
        }
    return e;
}

// Saves the graph built from the edges as name.ggb; returns its path.
std::string save_ggb(const std::string &name, gg::EdgeList edges, bool undirected) {
    gg::BuildOptions b;
    b.undirected = undirected;
    const std::string path = path_of(name + ".ggb");
    gg::save_graph(gg::build_graph(std::move(edges), b), path, GG_FORMAT_GGB);
    return path;
}

gg::EdgeList edge_list(uint32_t n, std::vector<std::pair<uint32_t, uint32_t>> pairs, bool weighted) {
    gg::EdgeList e;
    e.n = n;
    for (const auto &p : pairs) {
        e.src.push_back(p.first);
        e.dst.push_back(p.second);
        if (weighted) e.weights.push_back(float(1 + (p.first * 7 + p.second) % 13));
    }
    return e;
}

gg_generator_options generator(gg_generator kind, uint32_t scale, uint32_t degree, bool weighted, bool symmetrize) {
    gg_generator_options o;
    gg_generator_options_init(&o);
    o.kind = kind;
    o.scale = scale;
    o.degree = degree;
    o.weighted = weighted;
    o.symmetrize = symmetrize;
    o.seed = 1000 + scale * 10 + degree;
    return o;
}

gg_generator_options grid(uint32_t rows, uint32_t cols, bool weighted) {
    gg_generator_options o = generator(GG_GENERATOR_GRID, 1, 1, weighted, true);
    o.rows = rows;
    o.cols = cols;
    return o;
}

// The graphs of the .ggb checks, each saved once.
std::vector<std::string> saved_graphs() {
    std::vector<std::pair<uint32_t, uint32_t>> hub, isolated;
    for (uint32_t v = 0; v < 60; ++v) hub.emplace_back(7, v);  // 7 holds most edges
    hub.insert(hub.end(), {{0, 1}, {59, 7}, {30, 31}, {8, 7}});
    isolated = {{3, 40}, {3, 5}, {17, 17}, {40, 3}, {41, 99}};  // most of 0..99 alone
    return {
        save_ggb("kron_undirected", gg::generate_edges(generator(GG_GENERATOR_KRON, 8, 8, false, true)), true),
        save_ggb("kron_directed_weighted", gg::generate_edges(generator(GG_GENERATOR_KRON, 7, 6, true, false)), false),
        save_ggb("urand_undirected_weighted", gg::generate_edges(generator(GG_GENERATOR_URAND, 8, 4, true, true)),
                 true),
        save_ggb("urand_directed", gg::generate_edges(generator(GG_GENERATOR_URAND, 6, 3, false, false)), false),
        save_ggb("grid_weighted", gg::generate_edges(grid(9, 13, true)), true),
        save_ggb("isolated", edge_list(100, isolated, true), false),
        save_ggb("hub", edge_list(60, hub, false), false),
        save_ggb("one_vertex", edge_list(1, {}, false), false),
        save_ggb("one_self_loop", edge_list(1, {{0, 0}}, true), true),
        save_ggb("no_edges", edge_list(10, {}, true), false),
        save_ggb("fewer_vertices_than_ranks", edge_list(3, {{0, 2}, {2, 1}, {2, 0}}, false), true),
    };
}

// Rank r's share holds the vertices whose edges start in [r m / R, (r + 1) m / R).
// (Vertices without edges are in no edge list, so their rank is not checked.)
void check_share(const gg::EdgeShare &s, const gg::Graph &whole, uint32_t rank, uint32_t ranks) {
    assert_int_equal(s.n, whole.n());
    assert_int_equal(s.edges.n, whole.n());
    assert_int_equal(s.total_edges, whole.m());
    assert_int_equal(s.undirected, whole.undirected);
    assert_int_equal(s.weighted, whole.weighted);
    assert_true(s.both_directions);
    assert_int_equal(s.edges.weighted(), whole.weighted && s.edges.size() > 0);
    const uint64_t lo = whole.m() * rank / ranks, hi = whole.m() * (rank + 1) / ranks;
    for (uint32_t u : s.edges.src) {
        const uint64_t start = whole.out.offsets[u];
        if (start < lo || start >= hi)
            fail_msg("rank %u of %u holds vertex %u, whose edges start at %llu, outside [%llu, %llu)", rank, ranks, u,
                     (unsigned long long)start, (unsigned long long)lo, (unsigned long long)hi);
    }
}

void test_ggb_shares_concatenate_to_the_graph(void **state) {
    (void)state;
    for (const std::string &path : saved_graphs()) {
        const gg::Graph whole = gg::load_graph(path, GG_FORMAT_GGB, gg::BuildOptions());
        const Edges expected = csr_edges(whole);
        for (uint32_t ranks = 1; ranks <= kMaxRanks; ++ranks) {
            Edges got;
            for (uint32_t r = 0; r < ranks; ++r) {
                const gg::EdgeShare s = gg::read_ggb_share(path, r, ranks, gg::BuildOptions());
                check_share(s, whole, r, ranks);
                got.append(s.edges);
            }
            expect_same(got, expected, path + " over " + std::to_string(ranks) + " ranks");
        }
    }
}

void test_ggb_share_arguments_and_limits(void **state) {
    (void)state;
    const std::string path = save_ggb("limits", edge_list(4, {{0, 1}, {0, 2}, {1, 2}, {3, 0}}, true), false);
    for (auto args : {std::pair<uint32_t, uint32_t>{0, 0}, {3, 3}, {7, 2}}) {
        const Failure f = failure_of([&] { gg::read_ggb_share(path, args.first, args.second, gg::BuildOptions()); });
        assert_true(f.failed);
        assert_int_equal(f.status, GG_ERROR_INVALID_ARGUMENT);
    }
    gg::BuildOptions small;
    small.max_edges = 3;
    for (uint32_t r = 0; r < 3; ++r) {
        const Failure f = failure_of([&] { gg::read_ggb_share(path, r, 3, small); });
        assert_int_equal(f.status, GG_ERROR_TOO_LARGE);
        assert_non_null(std::strstr(f.message.c_str(), "max_edges"));
    }
    assert_true(failure_of([&] { gg::read_ggb_share(path_of("missing.ggb"), 0, 1, gg::BuildOptions()); }).status ==
                GG_ERROR_IO);
}

// The file of test_io_malformed: 4 vertices, edges 0->1 (1), 0->2 (2), 1->2 (3), 3->0 (4).
// Offsets at 32, indices at 72, weights at 88, checksum at 104; 112 bytes.
std::vector<unsigned char> reference_ggb() {
    return read_bytes(save_ggb("reference", edge_list(4, {{0, 1}, {0, 2}, {1, 2}, {3, 0}}, true), false));
}

using Edit = std::function<void(std::vector<unsigned char> &)>;

Edit set(size_t at, uint64_t value, int bytes) {
    return [=](std::vector<unsigned char> &d) {
        put_le(d.data() + at, value, bytes);
        refresh_checksum(d);
    };
}

// A header or size fault: every rank, whatever the rank count, fails as the whole-file loader does.
void test_ggb_header_faults_fail_on_every_rank(void **state) {
    (void)state;
    const struct {
        const char *name;
        Edit edit;
        gg_status status;
        const char *what;
    } cases[] = {
        {"empty", [](std::vector<unsigned char> &d) { d.clear(); }, GG_ERROR_PARSE, "too short"},
        {"short_header", [](std::vector<unsigned char> &d) { d.resize(20); }, GG_ERROR_PARSE, "too short"},
        {"magic", [](std::vector<unsigned char> &d) { d[1] = 'X'; }, GG_ERROR_PARSE, "bad magic"},
        {"version", set(8, 3, 4), GG_ERROR_UNSUPPORTED, "version 3"},
        {"flags", set(12, 6, 4), GG_ERROR_PARSE, "unknown header flags 0x6"},
        {"n_above_32_bits", set(16, uint64_t(1) << 32, 8), GG_ERROR_PARSE, "4294967296 vertices"},
        {"n_huge_for_file", set(16, UINT32_MAX, 8), GG_ERROR_PARSE, "do not fit the 120-byte file"},
        {"m_max", set(24, UINT64_MAX, 8), GG_ERROR_PARSE, "do not fit"},
        {"truncated", [](std::vector<unsigned char> &d) { d.resize(d.size() - 5); }, GG_ERROR_PARSE, "115-byte file"},
        {"appended", [](std::vector<unsigned char> &d) { d.push_back(0); }, GG_ERROR_PARSE, "121-byte file"},
    };
    for (const auto &c : cases) {
        std::vector<unsigned char> bytes = reference_ggb();
        c.edit(bytes);
        const std::string path = path_of(std::string("header_") + c.name + ".ggb");
        write_bytes(path, bytes);
        const Failure whole = failure_of([&] { gg::load_graph(path, GG_FORMAT_GGB, gg::BuildOptions()); });
        for (uint32_t ranks = 1; ranks <= kMaxRanks; ++ranks)
            for (uint32_t r = 0; r < ranks; ++r) {
                const Failure f = failure_of([&] { gg::read_ggb_share(path, r, ranks, gg::BuildOptions()); });
                if (!f.failed || f.status != c.status || f.message != whole.message ||
                    !std::strstr(f.message.c_str(), c.what))
                    fail_msg("%s, rank %u of %u: expected status %d \"%s\", got %s %d \"%s\"", c.name, r, ranks,
                             int(c.status), whole.message.c_str(), f.failed ? "failure" : "success", int(f.status),
                             f.message.c_str());
            }
        const Failure v = failure_of([&] { gg::verify_ggb_checksum(path); });
        assert_true(v.failed && v.status == c.status && v.message == whole.message);
    }
}

// A share that loads is usable: ids below n, finite weights, sources ascending.
void check_well_formed(const gg::EdgeShare &s) {
    for (uint64_t e = 0; e < s.edges.size(); ++e) {
        assert_true(s.edges.src[e] < s.n && s.edges.dst[e] < s.n);
        if (e > 0) assert_true(s.edges.src[e - 1] <= s.edges.src[e]);
        if (s.edges.weighted()) assert_true(std::isfinite(s.edges.weights[e]));
    }
}

// Reads every share of a corrupt file for every rank count; returns how many
// rank counts saw a failure. Failures must carry the loader's status and name
// the file; with one rank the message is the loader's own.
int failing_rank_counts(const std::string &path, const Failure &whole, const char *name) {
    int failing = 0;
    for (uint32_t ranks = 1; ranks <= kMaxRanks; ++ranks) {
        bool any = false;
        for (uint32_t r = 0; r < ranks; ++r) {
            gg::EdgeShare s;
            const Failure f = failure_of([&] { s = gg::read_ggb_share(path, r, ranks, gg::BuildOptions()); });
            if (!f.failed) {
                check_well_formed(s);
                continue;
            }
            any = true;
            if (f.status != whole.status || f.message.rfind(path + ": ", 0) != 0 ||
                (ranks == 1 && f.message != whole.message))
                fail_msg("%s, rank %u of %u: expected status %d like \"%s\", got %d \"%s\"", name, r, ranks,
                         int(whole.status), whole.message.c_str(), int(f.status), f.message.c_str());
        }
        failing += any;
    }
    return failing;
}

// A fault inside the arrays: the ranks whose share holds it fail, for every rank count.
void test_ggb_array_faults_fail_on_the_ranks_that_hold_them(void **state) {
    (void)state;
    const struct {
        const char *name;
        Edit edit;
        const char *what;
    } cases[] = {
        {"offset0", set(32, 1, 8), "offsets[0] is 1"},
        {"offsets_decrease", set(32 + 16, 1, 8), "offsets decrease at vertex 1"},
        {"offset_past_m", set(32 + 16, 1000, 8), "offsets decrease at vertex 2"},
        {"offsets_end", set(32 + 32, 3, 8), "offsets end at 3"},
        {"id_out_of_range", set(72, 9, 4), "vertex 0 are out of range or unsorted"},
        {"unsorted",
         [](std::vector<unsigned char> &d) {
             put_le(d.data() + 72, 2, 4);
             put_le(d.data() + 76, 1, 4);
             refresh_checksum(d);
         },
         "vertex 0 are out of range or unsorted"},
        {"id_out_of_range_last_vertex", set(84, 4, 4), "vertex 3 are out of range or unsorted"},
        {"nan_weight", set(92, 0x7fc00000u, 4), "weight of edge 1 is not finite"},
        {"inf_weight", set(100, 0xff800000u, 4), "weight of edge 3 is not finite"},
    };
    for (const auto &c : cases) {
        std::vector<unsigned char> bytes = reference_ggb();
        c.edit(bytes);
        const std::string path = path_of(std::string("array_") + c.name + ".ggb");
        write_bytes(path, bytes);
        const Failure whole = failure_of([&] { gg::load_graph(path, GG_FORMAT_GGB, gg::BuildOptions()); });
        assert_true(whole.failed && whole.status == GG_ERROR_PARSE);
        if (!std::strstr(whole.message.c_str(), c.what))
            fail_msg("%s: the whole-file loader says \"%s\", expected \"%s\"", c.name, whole.message.c_str(), c.what);
        const int failing = failing_rank_counts(path, whole, c.name);
        if (failing != int(kMaxRanks))
            fail_msg("%s: only %d of %u rank counts saw the fault", c.name, failing, kMaxRanks);
        assert_false(failure_of([&] { gg::verify_ggb_checksum(path); }).failed);  // the checksum was refreshed
    }
}

// Random offsets and ids (checksum refreshed) in a bigger file: no rank
// crashes or hands out a malformed share, and some rank sees what the whole-file loader sees.
void test_ggb_random_corruptions(void **state) {
    (void)state;
    const std::string good =
        save_ggb("fuzz", gg::generate_edges(generator(GG_GENERATOR_KRON, 6, 4, true, false)), false);
    const std::vector<unsigned char> original = read_bytes(good);
    const uint64_t n = get_le(original.data() + 16, 8), m = get_le(original.data() + 24, 8);
    const uint64_t indices_at = 32 + 8 * (n + 1);
    srand(12345);
    const uint64_t values[] = {0, 1, m / 2, m - 1, m, m + 1, n, n - 1, UINT32_MAX, UINT64_MAX, uint64_t(1) << 40};
    int rejected = 0;
    for (int trial = 0; trial < 300; ++trial) {
        std::vector<unsigned char> bytes = original;
        const bool offset = trial % 2 == 0;
        const uint64_t value = trial % 3 == 0 ? uint64_t(rand()) % (m + 2) : values[rand() % 11];
        if (offset)
            put_le(bytes.data() + 32 + 8 * (uint64_t(rand()) % (n + 1)), value, 8);
        else
            put_le(bytes.data() + indices_at + 4 * (uint64_t(rand()) % m), value, 4);
        refresh_checksum(bytes);
        const std::string path = path_of("fuzz_trial.ggb");
        write_bytes(path, bytes);
        const Failure whole = failure_of([&] { gg::load_graph(path, GG_FORMAT_GGB, gg::BuildOptions()); });
        if (!whole.failed) continue;  // e.g. an id replaced by a valid one
        ++rejected;
        char name[64];
        snprintf(name, sizeof name, "trial %d", trial);
        if (failing_rank_counts(path, whole, name) != int(kMaxRanks))
            fail_msg("%s: some rank count loaded every share of a file the loader rejects (%s)", name,
                     whole.message.c_str());
    }
    if (rejected < 200) fail_msg("only %d of 300 corruptions were faults; the trials test too little", rejected);
}

void test_verify_checksum_catches_every_flipped_byte(void **state) {
    (void)state;
    const std::string path = path_of("flip.ggb");
    const std::vector<unsigned char> original = reference_ggb();
    write_bytes(path, original);
    assert_false(failure_of([&] { gg::verify_ggb_checksum(path); }).failed);
    for (size_t at = 0; at < original.size(); ++at)
        for (unsigned char bit : {0x01, 0x80}) {
            std::vector<unsigned char> bytes = original;
            bytes[at] ^= bit;
            write_bytes(path, bytes);
            const Failure f = failure_of([&] { gg::verify_ggb_checksum(path); });
            if (!f.failed || (f.status != GG_ERROR_PARSE && f.status != GG_ERROR_UNSUPPORTED))
                fail_msg("byte %zu ^ 0x%x: expected a parse failure, got status %d \"%s\"", at, bit, int(f.status),
                         f.message.c_str());
            if (at >= 32 && !std::strstr(f.message.c_str(), "checksum mismatch"))
                fail_msg("byte %zu ^ 0x%x: expected \"checksum mismatch\", got \"%s\"", at, bit, f.message.c_str());
        }
}

// A file of several 16 MB blocks: shares and checksum stream across block boundaries.
void test_big_file(void **state) {
    (void)state;
    const std::string path =
        save_ggb("big", gg::generate_edges(generator(GG_GENERATOR_URAND, 17, 40, true, false)), false);
    gg::verify_ggb_checksum(path);
    const gg::Graph whole = gg::load_graph(path, GG_FORMAT_GGB, gg::BuildOptions());
    const Edges expected = csr_edges(whole);
    Edges got;
    for (uint32_t r = 0; r < 3; ++r) got.append(gg::read_ggb_share(path, r, 3, gg::BuildOptions()).edges);
    expect_same(got, expected, path + " over 3 ranks");
    std::vector<unsigned char> bytes = read_bytes(path);
    assert_true(bytes.size() > (size_t(32) << 20));
    bytes[bytes.size() - 20] ^= 0x10;  // a weight in the last block
    write_bytes(path, bytes);
    const Failure f = failure_of([&] { gg::verify_ggb_checksum(path); });
    assert_true(f.failed && f.status == GG_ERROR_PARSE && std::strstr(f.message.c_str(), "checksum mismatch"));
}

int setup(void **state) {
    (void)state;
    const char *base = getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/gg_edge_shares_XXXXXX";
    if (mkdtemp(&pattern[0]) == nullptr) return -1;
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
        cmocka_unit_test(test_ggb_shares_concatenate_to_the_graph),
        cmocka_unit_test(test_ggb_share_arguments_and_limits),
        cmocka_unit_test(test_ggb_header_faults_fail_on_every_rank),
        cmocka_unit_test(test_ggb_array_faults_fail_on_the_ranks_that_hold_them),
        cmocka_unit_test(test_ggb_random_corruptions),
        cmocka_unit_test(test_verify_checksum_catches_every_flipped_byte),
        cmocka_unit_test(test_big_file),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
