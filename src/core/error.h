// Internal error type. Code inside the library throws gg::Error; the C boundary
// (src/api/boundary.h) catches it and turns it into a gg_status plus a message
// stored on the context. Nothing thrown here ever crosses extern "C".
#pragma once

#include <cstdarg>
#include <stdexcept>
#include <string>

#include "gg.h"

namespace gg {

class Error : public std::runtime_error {
public:
    Error(gg_status status, std::string message) : std::runtime_error(std::move(message)), status_(status) {}
    gg_status status() const { return status_; }

private:
    gg_status status_;
};

// printf-style formatting into a std::string.
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
std::string vformat(const char *fmt, va_list args);

// Throws gg::Error(status, formatted message).
[[noreturn]] void fail(gg_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

}  // namespace gg
