// printf-style formatting into std::string (see format.h).
#include "format.h"

#include <cstdarg>
#include <cstdio>

namespace bench {

std::string format(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    va_list copy;
    va_copy(copy, args);
    int length = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    std::string text(length > 0 ? size_t(length) : 0, '\0');
    if (length > 0) std::vsnprintf(&text[0], size_t(length) + 1, fmt, args);
    va_end(args);
    return text;
}

}  // namespace bench
