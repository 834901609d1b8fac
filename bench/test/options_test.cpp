// gg-bench's --layouts and --degree-bound: "all" is every layout the library
// names but auto, in the library's order; names are the library's own
// (gg_layout_from_name), each at most once; and without the options nothing
// changes (no layouts, degree bound 0: every kernel runs once with auto).
// And --devices: all, or distinct ids in the order given, only with --parts;
// --compare-only, only with --parts.
// Exits non-zero naming every check that did not hold.
#include <cstdio>
#include <string>
#include <vector>

#include "gg.h"
#include "options.h"

using namespace bench;

namespace {

int failures = 0;

void expect(bool ok, const std::string &what, const std::string &detail = "") {
    std::printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what.c_str(), detail.empty() ? "" : ": ", detail.c_str());
    if (!ok) ++failures;
}

struct Parsed {
    bool accepted = false;
    Options options;
    std::string error;
};

Parsed parse(std::vector<std::string> args) {
    args.insert(args.begin(), "gg-bench");
    std::vector<char *> argv;
    for (std::string &arg : args) argv.push_back(&arg[0]);
    Parsed p;
    bool help = false;
    p.accepted = parse_options(int(argv.size()), argv.data(), p.options, help, p.error);
    return p;
}

std::string names(const std::vector<gg_layout> &layouts) {
    std::string text;
    for (gg_layout layout : layouts) text += (text.empty() ? "" : ",") + std::string(gg_layout_name(layout));
    return text;
}

// The option must be refused with a message containing `needle`.
void expect_refused(const std::vector<std::string> &args, const std::string &needle) {
    std::string what;
    for (const std::string &arg : args) what += (what.empty() ? "" : " ") + arg;
    const Parsed p = parse(args);
    expect(!p.accepted && p.error.find(needle) != std::string::npos, "'" + what + "' is refused naming '" + needle + "'",
           p.accepted ? "accepted" : "error: " + p.error);
}

}  // namespace

int main() {
    {
        const Parsed p = parse({});
        expect(p.accepted && p.options.layouts.empty() && p.options.degree_bound == 0,
               "no --layouts: no layout runs and degree bound 0 (the report of old)", p.error);
    }
    {
        // The library's table read the way the gg CLI reads it.
        std::vector<gg_layout> library;
        for (int32_t v = 0; gg_layout_name(gg_layout(v)) != nullptr; ++v)
            if (gg_layout(v) != GG_LAYOUT_AUTO) library.push_back(gg_layout(v));
        const Parsed p = parse({"--layouts", "all"});
        expect(p.accepted && p.options.layouts == library, "--layouts all is every library layout but auto",
               "got '" + names(p.options.layouts) + "', expected '" + names(library) + "'");
        expect(names(library) == "csr,gshards,cw,vsplit,udt,tocab", "the library's layouts are the documented ones",
               names(library));
    }
    {
        const Parsed p = parse({"--layouts", "udt,csr,auto"});
        expect(p.accepted && names(p.options.layouts) == "udt,csr,auto", "--layouts keeps the order given, auto allowed",
               p.accepted ? names(p.options.layouts) : p.error);
    }
    {
        const Parsed p = parse({"--layouts", "vsplit", "--degree-bound", "32"});
        expect(p.accepted && p.options.degree_bound == 32 && names(p.options.layouts) == "vsplit",
               "--degree-bound 32 with --layouts vsplit", p.error);
    }
    {
        const Parsed p = parse({"--degree-bound", "8"});
        expect(p.accepted && p.options.degree_bound == 8 && p.options.layouts.empty(),
               "--degree-bound alone is passed to the auto runs", p.error);
    }
    expect_refused({"--layouts", "csr,bogus"}, "unknown layout 'bogus'");
    expect_refused({"--layouts", "bogus"}, "auto, csr, gshards, cw, vsplit, udt, tocab");  // the message lists them
    expect_refused({"--layouts", "virtual_split"}, "unknown layout 'virtual_split'");  // a binding's alias only
    expect_refused({"--layouts", "CSR"}, "unknown layout 'CSR'");
    expect_refused({"--layouts", "csr,gshards,csr"}, "csr is listed twice");
    expect_refused({"--layouts", "all,csr"}, "give it alone");
    expect_refused({"--layouts", ","}, "needs at least one layout name");
    expect_refused({"--layouts"}, "--layouts needs a value");
    expect_refused({"--degree-bound", "0"}, "--degree-bound: '0' is not an integer");
    expect_refused({"--degree-bound", "-3"}, "--degree-bound: '-3' is not an integer");

    {
        const Parsed p = parse({});
        expect(p.accepted && !p.options.all_devices && p.options.devices.empty(),
               "no --devices: the library's default device", p.error);
    }
    {
        const Parsed p = parse({"--parts", "1,2", "--devices", "all"});
        expect(p.accepted && p.options.all_devices && p.options.devices.empty(), "--devices all", p.error);
    }
    {
        const Parsed p = parse({"--parts", "2", "--devices", "1,0"});
        expect(p.accepted && !p.options.all_devices && p.options.devices == std::vector<int32_t>{1, 0},
               "--devices 1,0 keeps the order given", p.error);
    }
    expect_refused({"--devices", "all"}, "applies to partitioned runs: give --parts too");
    expect_refused({"--parts", "2", "--devices", "0,0"}, "--devices: 0 is listed twice");
    expect_refused({"--parts", "2", "--devices", "-1"}, "--devices: '-1' is not a device id");
    expect_refused({"--parts", "2", "--devices", "one"}, "--devices: 'one' is not a device id");
    expect_refused({"--parts", "2", "--devices", ","}, "--devices needs all or a comma-separated list");

    // --compare-only: the serial verifiers off, the comparisons on, only with --parts.
    {
        const Parsed p = parse({"--parts", "1,2", "--compare-only"});
        expect(p.accepted && p.options.verify && !p.options.serial_verify, "--compare-only", p.error);
        const Parsed q = parse({"--parts", "2"});
        expect(q.accepted && q.options.serial_verify, "serial verifiers by default", q.error);
    }
    expect_refused({"--compare-only"}, "applies to partitioned runs: give --parts too");

    if (failures) std::printf("%d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
