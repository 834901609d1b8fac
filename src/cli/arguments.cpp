#include "cli/arguments.h"

#include <cstring>

#include "cli/cli_error.h"

namespace gg_cli {

namespace {

const OptionSpec *find_spec(const std::vector<OptionSpec> &specs, const std::string &name) {
    for (const OptionSpec &spec : specs)
        if (name == spec.name) return &spec;
    return nullptr;
}

bool looks_like_range(const std::string &text) {
    return !text.empty() && text[0] >= '0' && text[0] <= '9' && text.find(':') != std::string::npos;
}

}  // namespace

Arguments::Arguments(int argc, char **argv, int first, const std::vector<OptionSpec> &specs, const char *command)
    : command_(command) {
    bool options_ended = false;
    for (int i = first; i < argc; ++i) {
        std::string token = argv[i];
        // "-" alone and negative numbers are positional, so that "-4" where a
        // count belongs is reported as a bad number rather than an unknown option.
        const bool negative_number = token.size() >= 2 && token[0] == '-' && token[1] >= '0' && token[1] <= '9';
        if (options_ended || token.size() < 2 || token[0] != '-' || negative_number) {
            positionals_.push_back(token);
            continue;
        }
        if (token == "--") {
            options_ended = true;
            continue;
        }
        if (token == "-h" || token == "--help") {
            help_ = true;
            continue;
        }
        std::string name = token, inline_value;
        bool has_inline_value = false;
        size_t equals = token.find('=');
        if (token.compare(0, 2, "--") == 0 && equals != std::string::npos) {
            name = token.substr(0, equals);
            inline_value = token.substr(equals + 1);
            has_inline_value = true;
        }
        const OptionSpec *spec = find_spec(specs, name);
        if (spec == nullptr) usage_error("%s: unknown option '%s' (see '%s --help')", command, name.c_str(), command);
        if (values_.count(name)) usage_error("%s: option %s is given twice", command, name.c_str());
        std::string value;
        switch (spec->value) {
        case OptionSpec::kFlag:
            if (has_inline_value) usage_error("%s: option %s takes no value", command, name.c_str());
            break;
        case OptionSpec::kRequired:
            if (has_inline_value) {
                value = inline_value;
            } else {
                if (i + 1 >= argc) usage_error("%s: option %s needs a value", command, name.c_str());
                value = argv[++i];
            }
            if (value.empty()) usage_error("%s: option %s needs a non-empty value", command, name.c_str());
            break;
        case OptionSpec::kOptionalRange:
            if (has_inline_value)
                value = inline_value;
            else if (i + 1 < argc && looks_like_range(argv[i + 1]))
                value = argv[++i];
            break;
        }
        values_[name] = value;
    }
}

void Arguments::expect_positionals(size_t count, const char *synopsis) const {
    if (positionals_.size() < count)
        usage_error("%s: missing arguments; usage: %s", command_, synopsis);
    if (positionals_.size() > count)
        usage_error("%s: unexpected argument '%s'; usage: %s", command_, positionals_[count].c_str(), synopsis);
}

uint64_t parse_unsigned(const std::string &text, uint64_t max, const char *what) {
    if (text.empty()) usage_error("%s: expected a non-negative integer, got an empty string", what);
    uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            usage_error("%s: '%s' is not a non-negative integer", what, text.c_str());
        uint64_t digit = uint64_t(c - '0');
        if (value > (max - digit) / 10)
            usage_error("%s: '%s' is too large (at most %llu)", what, text.c_str(), (unsigned long long)max);
        value = value * 10 + digit;
    }
    return value;
}

uint32_t parse_u32(const std::string &text, const char *what) {
    return uint32_t(parse_unsigned(text, UINT32_MAX, what));
}

void parse_range(const std::string &text, const char *what, uint32_t *min, uint32_t *max) {
    size_t colon = text.find(':');
    if (colon == std::string::npos) usage_error("%s: '%s' is not a range MIN:MAX", what, text.c_str());
    *min = parse_u32(text.substr(0, colon), what);
    *max = parse_u32(text.substr(colon + 1), what);
    if (*min > *max) usage_error("%s: '%s' is empty: MIN is greater than MAX", what, text.c_str());
}

}  // namespace gg_cli
