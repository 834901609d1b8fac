// How the gg tool fails: every failure is one CliError carrying the exit
// status and the one-line message printed after "gg: error: ". Commands throw
// it; main() alone prints it, so stderr gets exactly one line per failure.
#pragma once

#include <stdexcept>
#include <string>

#include "gg.h"

namespace gg_cli {

// Exit statuses, documented in `gg --help` and docs/cli.md.
enum ExitCode {
    kExitOk = 0,
    kExitFailure = 1,  // the request was well formed but failed: unreadable or malformed file,
                       // algorithm error, no GPU for --backend cuda, out of memory, write error
    kExitUsage = 2     // the command line is wrong: unknown command or option, bad number, missing argument
};

class CliError : public std::runtime_error {
public:
    CliError(ExitCode code, const std::string &message) : std::runtime_error(message), code_(code) {}
    ExitCode code() const { return code_; }

private:
    ExitCode code_;
};

// printf-style constructors of the two kinds of failure.
[[noreturn]] void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
[[noreturn]] void runtime_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// The context's last error without the "gg_function: " prefix the library
// puts in front of it (the tool's user never called that function).
std::string library_message(const gg_context *context);

// Throws a runtime CliError (or a usage one when `status` is an invalid
// argument and every input came from the command line) whose message is
// `subject: <library message>`, unless the message already names `subject`.
[[noreturn]] void library_failure(const gg_context *context, gg_status status, const std::string &subject,
                                  bool arguments_at_fault = false);

}  // namespace gg_cli
