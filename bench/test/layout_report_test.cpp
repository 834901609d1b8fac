// The reports of a --layouts run, from a made-up result set with what a GPU
// gives and a CPU run cannot: unsupported pairings, a failed cell, ties, and
// a layout that ran other than the one asked for. The markdown must have one
// table per graph, algorithms x layouts, "-" for unsupported, the fastest in
// bold and named with its speed-up over csr; the JSON must keep the layout
// asked for, the one that ran and the library's message. A report without
// layouts must have none of it. Exits non-zero naming every check that did
// not hold.
#include <cstdio>
#include <string>
#include <vector>

#include "report.h"

using namespace bench;

namespace {

int failures = 0;

void expect_contains(const std::string &text, const std::string &needle, const std::string &what) {
    const bool ok = text.find(needle) != std::string::npos;
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    if (!ok) {
        std::printf("     expected to find: %s\n", needle.c_str());
        ++failures;
    }
}

void expect_lacks(const std::string &text, const std::string &needle, const std::string &what) {
    const bool ok = text.find(needle) == std::string::npos;
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    if (!ok) {
        std::printf("     expected not to find: %s\n", needle.c_str());
        ++failures;
    }
}

// `median` <= 0: the pairing is unsupported (the library's message kept).
KernelResult cell(const std::string &algorithm, const std::string &asked, double median, const std::string &ran = "") {
    KernelResult r;
    r.algorithm = algorithm;
    r.graph = "kron";
    r.backend = "cuda";
    r.layout_requested = asked;
    r.byte_model = "a model";
    if (median <= 0) {
        r.status = "unsupported";
        r.error_status = GG_ERROR_UNSUPPORTED;
        r.message = "GG_ERROR_UNSUPPORTED: " + algorithm + " has no " + asked + " layout on CUDA (it has csr)";
        return r;
    }
    r.layout = ran.empty() ? asked : ran;
    r.compute_ms = {median};
    r.compute = spread_of(r.compute_ms);
    r.verified = true;
    return r;
}

Report layout_report() {
    Report report;
    report.backend_requested = "cuda";
    report.suite = "custom";
    report.layouts = {"csr", "gshards", "udt", "tocab"};
    GraphResult g;
    g.name = "kron";
    g.n = 16;
    g.m = 64;
    report.graphs.push_back(g);
    const std::vector<KernelResult> cells = {
        cell("bfs", "csr", 2.0),      cell("bfs", "gshards", 1.0),     cell("bfs", "udt", 1.5),
        cell("bfs", "tocab", 0),      cell("pagerank", "csr", 3.0),    cell("pagerank", "gshards", 2.5),
        cell("pagerank", "udt", 0),   cell("pagerank", "tocab", 2.5002), cell("bc", "csr", 4.0),
        cell("bc", "gshards", 0),     cell("bc", "udt", 0),            cell("bc", "tocab", 0),
        cell("cc", "csr", 1.0),       cell("cc", "gshards", 0.5),      cell("cc", "udt", 0.8),
        cell("cc", "tocab", 0),       cell("spmv", "csr", 1.0),        cell("spmv", "gshards", 0.9, "csr"),
        cell("spmv", "udt", 0),       cell("spmv", "tocab", 0),
    };
    report.results = cells;
    // A wrong answer is a failure and says so in its cell.
    for (KernelResult &r : report.results)
        if (r.algorithm == "cc" && r.layout_requested == "gshards") {
            r.status = "verify-failed";
            r.message = "vertex 3: label 2, expected 0";
            r.verified = false;
        }
    return report;
}

}  // namespace

int main() {
    const Report report = layout_report();
    const std::string md = report_markdown(report);
    expect_contains(md, "\n## Layouts\n", "a Layouts section");
    expect_contains(md, "\n### kron (n 16, m 64)\n\n| algorithm | csr | gshards | udt | tocab | best |\n"
                        "|---|---:|---:|---:|---:|---|\n",
                    "one table for the graph, the layouts as columns in the order asked");
    expect_contains(md, "\n| bfs | 2.000 | **1.000** | 1.500 | - | gshards, 2.00x csr |\n",
                    "bfs: fastest in bold and named with its speed-up over csr, unsupported as -");
    expect_contains(md, "\n| pagerank | 3.000 | **2.500** | - | **2.500** | gshards = tocab, 1.20x csr |\n",
                    "pagerank: a tie at the precision shown is bold twice and named twice");
    expect_contains(md, "\n| bc | **4.000** | - | - | - | csr |\n", "bc: csr alone, the best, no ratio");
    expect_contains(md, "\n| cc | 1.000 | verify-failed | **0.800** | - | udt, 1.25x csr |\n",
                    "cc: a failed cell names its status and does not compete");
    expect_contains(md, "\n| spmv | 1.000 | **0.900** (csr) | - | - | gshards, 1.11x csr |\n",
                    "spmv: the layout that ran in parentheses when it is not the one asked for");
    expect_contains(md, "\n- bfs on tocab: GG_ERROR_UNSUPPORTED: bfs has no tocab layout on CUDA (it has csr)\n",
                    "unsupported pairings listed with the library's message");
    expect_contains(md, "| algorithm | graph | backend | layout | median |", "the results table has a layout column");
    expect_contains(md, "\n| spmv | kron | cuda | gshards -> csr | 0.900 |", "a results row names asked -> ran");
    expect_lacks(md, "| bc | kron | cuda | udt |", "unsupported pairings are not results rows");
    expect_contains(md, "\n## Failures\n\n- cc on kron, layout gshards: verify-failed: vertex 3",
                    "a failed layout run is a failure, naming the layout");
    expect_lacks(md, "- bfs on kron, layout tocab", "an unsupported pairing is not a failure");
    expect_contains(md, "| layouts | csr, gshards, udt, tocab (", "the header lists the layouts");

    const std::string json = report_json(report);
    expect_contains(json, "\"layouts\": [\n      \"csr\",\n      \"gshards\",\n      \"udt\",\n      \"tocab\"\n    ]",
                    "JSON settings list the layouts");
    expect_contains(json, "\"degree_bound\": 0", "JSON settings give the degree bound (0: the library's)");
    expect_contains(json, "\"status\": \"unsupported\",\n      \"message\": \"GG_ERROR_UNSUPPORTED: bfs has no tocab",
                    "JSON keeps an unsupported pairing with the library's message");
    expect_contains(json, "\"layout_requested\": \"gshards\",\n      \"layout\": \"csr\"",
                    "JSON records the layout asked for and the one that ran");
    expect_contains(json, "\"first_run\": {\n        \"total_ms\": 0,\n        \"compute_ms\": 0,\n"
                          "        \"preprocess_ms\": 0,\n        \"transfer_ms\": 0,\n        \"device_bytes\": 0\n",
                    "JSON records keep the first run's preprocess, transfer and device bytes");

    // Without --layouts: the report of old.
    Report plain = report;
    plain.layouts.clear();
    plain.results.clear();
    KernelResult r = cell("bfs", "", 2.0, "csr");
    r.layout_requested.clear();
    plain.results.push_back(r);
    const std::string plain_md = report_markdown(plain), plain_json = report_json(plain);
    expect_lacks(plain_md, "## Layouts", "no Layouts section without --layouts");
    expect_contains(plain_md, "| algorithm | graph | backend | median |", "the results table of old");
    expect_lacks(plain_md, "| layouts |", "no layouts row in the header");
    expect_lacks(plain_json, "layout_requested", "no layout_requested key without --layouts");
    expect_lacks(plain_json, "\"layouts\"", "no layouts setting without --layouts");
    expect_lacks(plain_json, "degree_bound", "no degree_bound setting without --layouts or --degree-bound");

    if (failures) std::printf("%d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
