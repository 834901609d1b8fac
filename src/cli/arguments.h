// Command-line parsing shared by every gg command: options may come before or
// after the positional arguments, as "--name value" or "--name=value"; "--"
// ends the options. Numbers are parsed strictly: digits only, no sign, no
// trailing characters, no overflow.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gg_cli {

struct OptionSpec {
    enum Value { kFlag, kRequired, kOptionalRange };  // kOptionalRange: "--weights" or "--weights MIN:MAX"
    const char *name;  // with its dashes, e.g. "--source"
    Value value;
};

class Arguments {
public:
    // Parses argv[first..argc) for `command` ("gg run"); unknown options,
    // repeated options and missing values are usage errors naming the option.
    Arguments(int argc, char **argv, int first, const std::vector<OptionSpec> &specs, const char *command);

    const std::vector<std::string> &positionals() const { return positionals_; }
    bool has(const std::string &name) const { return values_.count(name) != 0; }
    // The option's value; "" for a flag or an optional value left out.
    const std::string &value(const std::string &name) const { return values_.at(name); }
    bool help() const { return help_; }

    // Fails unless there are exactly `count` positional arguments, naming them in `synopsis`.
    void expect_positionals(size_t count, const char *synopsis) const;

private:
    std::vector<std::string> positionals_;
    std::map<std::string, std::string> values_;
    bool help_ = false;
    const char *command_;
};

// Strict unsigned parsing; `what` names the argument in the error message.
uint64_t parse_unsigned(const std::string &text, uint64_t max, const char *what);
uint32_t parse_u32(const std::string &text, const char *what);

// "MIN:MAX" of unsigned integers with MIN <= MAX.
void parse_range(const std::string &text, const char *what, uint32_t *min, uint32_t *max);

}  // namespace gg_cli
