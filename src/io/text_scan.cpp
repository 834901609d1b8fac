// The cold paths of text_scan.h: error messages and weight parsing.
#include "io/text_scan.h"

#include <charconv>
#include <cmath>
#include <cstdarg>

namespace gg::io {

void parse_error(const std::string &path, uint64_t line, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::string what = vformat(fmt, args);
    va_end(args);
    throw Error(GG_ERROR_PARSE, format("%s:%llu: %s", path.c_str(), (unsigned long long)line, what.c_str()));
}

std::string quote_token(const char *begin, const char *end) {
    constexpr size_t kMax = 32;
    std::string out;
    for (const char *p = begin; p < end && out.size() < kMax; ++p) {
        unsigned char c = (unsigned char)*p;
        if (c >= 0x20 && c < 0x7f) {
            out += char(c);
        } else {
            out += format("\\x%02x", c);
        }
    }
    if (size_t(end - begin) > kMax) out += "...";
    return out;
}

void LineFields::fail(const char *fmt, ...) const {
    va_list args;
    va_start(args, fmt);
    std::string what = vformat(fmt, args);
    va_end(args);
    parse_error(path_, line_, "%s", what.c_str());
}

void LineFields::bad_uint(const char *what, const char *start) {
    const char *end = start;
    while (!is_field_end(*end)) ++end;
    std::string token = quote_token(start, end);
    if (start == end) fail("missing %s", what);
    if (*start == '-') fail("%s '%s' is negative", what, token.c_str());
    bool all_digits = true;
    for (const char *p = start; p < end; ++p) all_digits = all_digits && *p >= '0' && *p <= '9';
    if (all_digits) fail("%s '%s' is too large", what, token.c_str());
    fail("%s '%s' is not a non-negative integer", what, token.c_str());
}

// Tokens of more than 19 characters, or followed by something else than a
// blank: accepted only when they are digits whose value fits in 64 bits
// (leading zeros included).
uint64_t LineFields::checked_uint(const char *what, const char *start) {
    const char *p = start;
    while (*p == '0') ++p;
    uint64_t value = 0;
    for (; *p >= '0' && *p <= '9'; ++p) {
        unsigned digit = unsigned(*p - '0');
        if (value > (UINT64_MAX - digit) / 10) bad_uint(what, start);
        value = value * 10 + digit;
    }
    if (!is_field_end(*p)) bad_uint(what, start);
    p_ = p;
    return value;
}

float LineFields::next_weight(const char *what) {
    skip_blanks();
    const char *start = p_;
    while (!is_field_end(*p_)) ++p_;
    if (start == p_) fail("missing %s", what);
    // An integer of up to 7 digits (what gg and most generators write) is
    // exact in a float: read without from_chars, which took as long as the
    // rest of the line. Anything else, errors included, goes the long way.
    const char *digits = start + (*start == '-');
    if (p_ - digits >= 1 && p_ - digits <= 7) {
        uint32_t value = 0;
        unsigned all_digits = 1;
        for (const char *q = digits; q < p_; ++q) {
            const unsigned digit = unsigned(static_cast<unsigned char>(*q)) - unsigned('0');
            all_digits &= digit < 10;
            value = value * 10 + digit;
        }
        if (all_digits) return *start == '-' ? -float(value) : float(value);  // "-0" is -0, as from_chars reads it
    }
    const char *number = start;
    if (*number == '+' && number + 1 < p_ && number[1] != '-' && number[1] != '+') ++number;  // from_chars takes no '+'
    double value = 0;
    auto result = std::from_chars(number, p_, value);
    if (result.ec == std::errc::result_out_of_range)
        fail("%s '%s' is out of range", what, quote_token(start, p_).c_str());
    if (result.ec != std::errc() || result.ptr != p_)
        fail("%s '%s' is not a number", what, quote_token(start, p_).c_str());
    if (!std::isfinite(value))
        fail("%s '%s' is not finite (NaN and infinite weights are rejected)", what, quote_token(start, p_).c_str());
    float narrowed = float(value);
    if (!std::isfinite(narrowed)) fail("%s '%s' does not fit in a float", what, quote_token(start, p_).c_str());
    return narrowed;
}

uint64_t estimate_lines(InputFile &in) {
    if (!in.size_known() || in.size() == 0) return 0;
    std::string sample = in.peek(64 << 10);
    if (sample.empty()) return 0;
    uint64_t newlines = 0;
    for (char c : sample) newlines += c == '\n';
    if (sample.size() == in.size()) return newlines + 1;
    // Scale the sample's line density to the whole file, with 5% slack.
    double per_byte = double(newlines + 1) / double(sample.size());
    return uint64_t(per_byte * double(in.size()) * 1.05) + 16;
}

}  // namespace gg::io
