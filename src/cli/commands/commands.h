// The four gg commands and their help texts. Each command parses
// argv[first..argc), does its work, and returns the exit status; failures
// are thrown as CliError and printed by main().
#pragma once

namespace gg_cli {

int run_command(int argc, char **argv, int first);
int convert_command(int argc, char **argv, int first);
int generate_command(int argc, char **argv, int first);
int info_command(int argc, char **argv, int first);

extern const char kMainHelp[];
extern const char kRunHelp[];
extern const char kConvertHelp[];
extern const char kGenerateHelp[];
extern const char kInfoHelp[];

// Prints a help text to stdout; returns 0 (or throws when stdout cannot be written).
int print_help(const char *text);

}  // namespace gg_cli
