// printf-style formatting into std::string, for gg-bench's messages and reports.
#pragma once

#include <string>

namespace bench {

std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace bench
