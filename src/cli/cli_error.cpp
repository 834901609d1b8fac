#include "cli/cli_error.h"

#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <vector>

namespace gg_cli {

namespace {

std::string vformat(const char *fmt, va_list args) {
    va_list copy;
    va_copy(copy, args);
    int length = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    if (length < 0) return fmt;
    std::vector<char> text(size_t(length) + 1);
    std::vsnprintf(text.data(), text.size(), fmt, args);
    return std::string(text.data(), size_t(length));
}

// Keeps the message on one line: a newline inside it would break the
// "one line on stderr" contract that scripts rely on.
std::string one_line(std::string text) {
    for (char &c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return text;
}

}  // namespace

void usage_error(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::string message = vformat(fmt, args);
    va_end(args);
    throw CliError(kExitUsage, one_line(message));
}

void runtime_error(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::string message = vformat(fmt, args);
    va_end(args);
    throw CliError(kExitFailure, one_line(message));
}

std::string library_message(const gg_context *context) {
    std::string message = gg_context_last_error(context);
    // The boundary writes "gg_graph_load: what"; drop the function name.
    size_t i = 0;
    if (message.compare(0, 3, "gg_") == 0) {
        i = 3;
        while (i < message.size() && (std::islower((unsigned char)message[i]) || message[i] == '_')) ++i;
        if (message.compare(i, 2, ": ") == 0)
            message.erase(0, i + 2);
    }
    return one_line(message);
}

void library_failure(const gg_context *context, gg_status status, const std::string &subject,
                     bool arguments_at_fault) {
    std::string message = library_message(context);
    if (message.empty()) message = gg_status_string(status);
    if (!subject.empty() && message.find(subject) == std::string::npos) message = subject + ": " + message;
    ExitCode code = arguments_at_fault && status == GG_ERROR_INVALID_ARGUMENT ? kExitUsage : kExitFailure;
    throw CliError(code, message);
}

}  // namespace gg_cli
