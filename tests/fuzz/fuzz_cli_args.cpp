// libFuzzer harness of the gg tool's argument parser (src/cli/arguments.h):
// the input is an argv, its arguments separated by NUL bytes, parsed with
// a spec set like gg run's (a flag, required values, an optional range).
// Every value is then run through parse_unsigned / parse_u32 / parse_range.
// Usage errors (CliError) are the expected outcome of bad input; anything
// else escaping, a crash, or a parsed number that disagrees with a
// reference parse is a finding.
#include <algorithm>
#include <cstring>

#include "cli/arguments.h"
#include "cli/cli_error.h"
#include "fuzz_common.h"

namespace {

const std::vector<gg_cli::OptionSpec> kSpecs = {
    {"--source", gg_cli::OptionSpec::kRequired},       {"--threads", gg_cli::OptionSpec::kRequired},
    {"--max-vertices", gg_cli::OptionSpec::kRequired}, {"--undirected", gg_cli::OptionSpec::kFlag},
    {"--json", gg_cli::OptionSpec::kFlag},             {"--weights", gg_cli::OptionSpec::kOptionalRange},
};

// The value of an all-digit string, or -1 when it is not one or exceeds max.
__int128 reference(const std::string &text, uint64_t max) {
    if (text.empty()) return -1;  // leading zeros are fine, however many
    __int128 v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
        if (v > __int128(max)) return -1;
    }
    return v;
}

void check_unsigned(const std::string &text, uint64_t max) {
    const __int128 want = reference(text, max);
    try {
        uint64_t got = gg_cli::parse_unsigned(text, max, "N");
        if (want < 0 || __int128(got) != want) gg_fuzz::finding("parse_unsigned accepted a bad number or misread it");
    } catch (const gg_cli::CliError &e) {
        if (want >= 0) gg_fuzz::finding("parse_unsigned refused a valid number");
        if (e.code() != gg_cli::kExitUsage) gg_fuzz::finding("parse_unsigned failed with a non-usage exit code");
    }
}

void check_range(const std::string &text) {
    try {
        uint32_t lo = 0, hi = 0;
        gg_cli::parse_range(text, "--weights", &lo, &hi);
        size_t colon = text.find(':');
        if (colon == std::string::npos || lo > hi || reference(text.substr(0, colon), UINT32_MAX) != lo ||
            reference(text.substr(colon + 1), UINT32_MAX) != hi)
            gg_fuzz::finding("parse_range accepted a bad range or misread it");
    } catch (const gg_cli::CliError &e) {
        if (e.code() != gg_cli::kExitUsage) gg_fuzz::finding("parse_range failed with a non-usage exit code");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 4096) return 0;
    // argv[0] and the command, then the NUL-separated arguments (argv strings
    // can hold no NUL, so the split loses nothing a shell could pass).
    std::vector<std::string> args = {"gg", "run"};
    std::string current;
    for (size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            args.push_back(current);
            current.clear();
        } else {
            current.push_back(char(data[i]));
        }
    }
    args.push_back(current);
    std::vector<char *> argv;
    for (std::string &a : args) argv.push_back(&a[0]);
    argv.push_back(nullptr);
    const int argc = int(args.size());

    for (const std::string &a : args) {
        check_unsigned(a, UINT64_MAX);
        check_unsigned(a, UINT32_MAX);
        check_unsigned(a, 1000);
        check_range(a);
    }
    try {
        gg_cli::Arguments parsed(argc, argv.data(), 2, kSpecs, "gg run");
        for (const gg_cli::OptionSpec &spec : kSpecs) {
            if (!parsed.has(spec.name)) continue;
            const std::string &value = parsed.value(spec.name);
            if (spec.value == gg_cli::OptionSpec::kFlag && !value.empty()) gg_fuzz::finding("a flag got a value");
            if (spec.value == gg_cli::OptionSpec::kRequired && value.empty()) gg_fuzz::finding("a required value is empty");
            if (spec.value == gg_cli::OptionSpec::kOptionalRange && !value.empty()) check_range(value);
            if (spec.value == gg_cli::OptionSpec::kRequired) check_unsigned(value, UINT32_MAX);
        }
        if (parsed.positionals().size() > size_t(argc)) gg_fuzz::finding("more positionals than arguments");
        parsed.expect_positionals(1, "gg run ALGORITHM GRAPH");
    } catch (const gg_cli::CliError &e) {
        if (e.code() != gg_cli::kExitUsage) gg_fuzz::finding("Arguments failed with a non-usage exit code");
    }
    return 0;
}
