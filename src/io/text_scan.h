// What every text reader shares: a chunked line scanner and a hand-written
// field parser.
//
// for_each_line() reads the file in 16 MiB blocks and hands each complete
// line to a callback as [begin, end) where *end == '\n' (for_each_line_in_range()
// the lines of a byte range, for distributed loads). That newline is a
// sentinel: the parsers below stop at it without bounds checks, which is what
// makes them fast (no iostreams, no sscanf, no copy of the line). A last line
// without a newline gets one appended. Memory is one block, whatever the
// file size.
//
// LineFields walks one line: blanks (space, tab, CR) separate fields, and
// every failure throws GG_ERROR_PARSE with "<path>:<line>: <what>".
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "core/error.h"
#include "io/input_file.h"
#include "io/io.h"

namespace gg::io {

constexpr size_t kTextBlockBytes = size_t(16) << 20;

// Throws GG_ERROR_PARSE "<path>:<line>: <formatted what>".
[[noreturn]] void parse_error(const std::string &path, uint64_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

// A printable, shortened copy of a token for error messages.
std::string quote_token(const char *begin, const char *end);

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
inline bool is_field_end(char c) { return is_blank(c) || c == '\n'; }

class LineFields {
public:
    LineFields(const char *begin, const std::string &path, uint64_t line) : p_(begin), path_(path), line_(line) {}

    // First non-blank character: '\n' for an empty line.
    char first_char() {
        skip_blanks();
        return *p_;
    }

    // A non-negative decimal integer of at most 19 significant digits.
    uint64_t next_uint(const char *what) {
        skip_blanks();
        const char *start = p_;
        unsigned digit = unsigned((unsigned char)*p_) - '0';
        if (digit > 9) bad_uint(what, start);
        uint64_t value = 0;
        do {
            value = value * 10 + digit;
            ++p_;
            digit = unsigned((unsigned char)*p_) - '0';
        } while (digit <= 9);
        // Up to 19 digits cannot overflow 64 bits; longer tokens get a careful look.
        if (p_ - start > 19 || !is_field_end(*p_)) return checked_uint(what, start);
        return value;
    }

    // A vertex id of a 0-based format: n = max id + 1 must fit in uint32.
    uint32_t next_id0(const char *what) {
        uint64_t id = next_uint(what);
        if (id >= UINT32_MAX) fail("%s %llu is too large (ids must be below 4294967295)", what, (unsigned long long)id);
        return uint32_t(id);
    }

    // A vertex id of a 1-based format with n vertices, returned 0-based.
    uint32_t next_id1(const char *what, uint64_t n) {
        uint64_t id = next_uint(what);
        if (id == 0) fail("%s is 0, but ids in this format start at 1", what);
        if (id > n) fail("%s %llu is out of range 1..%llu", what, (unsigned long long)id, (unsigned long long)n);
        return uint32_t(id - 1);
    }

    // A finite decimal number that fits in a float.
    float next_weight(const char *what);

    // The next run of non-blank characters; empty at the end of the line.
    std::string_view next_word() {
        skip_blanks();
        const char *start = p_;
        while (!is_field_end(*p_)) ++p_;
        return std::string_view(start, size_t(p_ - start));
    }

    // Only blanks may follow.
    void expect_end(const char *hint = "") {
        skip_blanks();
        if (*p_ != '\n') {
            const char *start = p_;
            while (*p_ != '\n') ++p_;
            fail("unexpected text '%s' at the end of the line%s", quote_token(start, p_).c_str(), hint);
        }
    }

    // The line's '\n'; what a for_each_line callback returns.
    const char *end_of_line() const { return *p_ == '\n' ? p_ : static_cast<const char *>(rawmemchr(p_, '\n')); }

    uint64_t line() const { return line_; }
    [[noreturn]] void fail(const char *fmt, ...) const __attribute__((format(printf, 2, 3)));

private:
    void skip_blanks() {
        while (is_blank(*p_)) ++p_;
    }
    [[noreturn]] void bad_uint(const char *what, const char *start);
    uint64_t checked_uint(const char *what, const char *start);

    const char *p_;
    const std::string &path_;
    uint64_t line_;
};

// The loop under for_each_line and for_each_line_in_range: fills a block of
// `capacity` bytes with read(dst, n) (fewer than n only at the end), hands
// each complete line to on_line(begin, number), numbering from first_line,
// and calls after_block() after each block. on_line returns the line's '\n'
// (LineFields::end_of_line()), which spares a separate scan for line ends, or
// nullptr to stop before that line. Returns the bytes of the lines handed
// out (the offset, from where reading began, of the first line not handed
// out when on_line stopped).
template <class Read, class OnLine, class AfterBlock>
uint64_t scan_lines(Read &&read, size_t capacity, const std::string &path, uint64_t first_line, OnLine &&on_line,
                    AfterBlock &&after_block) {
    std::unique_ptr<char[]> block(new char[capacity + 1]);  // +1: room for a final '\n'
    char *buf = block.get();

    size_t have = 0;  // bytes in buf: an unfinished line carried over, then new data
    uint64_t line = first_line - 1, done = 0;
    for (bool at_eof = false; !at_eof;) {
        size_t got = read(buf + have, capacity - have);
        at_eof = got < capacity - have;
        have += got;
        size_t usable, real = have;
        if (at_eof) {
            if (have > 0 && buf[have - 1] != '\n') buf[have++] = '\n';
            usable = have;
        } else {
            const char *last_newline = static_cast<const char *>(memrchr(buf, '\n', have));
            if (last_newline == nullptr) parse_error(path, line + 1, "line longer than %zu bytes", capacity);
            usable = real = size_t(last_newline - buf) + 1;
        }
        const char *p = buf, *end = buf + usable;
        while (p < end) {
            const char *newline = on_line(p, line + 1);
            if (newline == nullptr) return done + uint64_t(p - buf);
            ++line;
            p = newline + 1;
        }
        done += real;  // not the '\n' appended to a last line
        std::memmove(buf, buf + usable, have - usable);
        have -= usable;
        after_block();
    }
    return done;
}

// Calls on_line(const char *begin, uint64_t line_number) for every line of
// the file, begin pointing at the line's first byte and the line ending with
// '\n'; on_line returns the address of that '\n' (LineFields::end_of_line()).
// Calls progress (if any) after every block.
template <class OnLine>
void for_each_line(InputFile &in, const ProgressFn &progress, OnLine &&on_line) {
    // A small file needs no 16 MiB block.
    size_t capacity = kTextBlockBytes;
    if (in.size_known() && in.size() < capacity) capacity = size_t(in.size()) + 1;
    if (capacity < 4096) capacity = 4096;
    scan_lines([&](char *dst, size_t n) { return in.read(dst, n); }, capacity, in.path(), 1, on_line, [&] {
        if (progress) progress(in.bytes_read(), in.size());
    });
}

// The lines of bytes [begin, end) of a regular file (begin at the start of a
// line; end at the start of one or at the end of the file), numbered from
// first_line, with positioned reads: a distributed load's byte range
// (text_share.h). on_line as for scan_lines, nullptr stopping the scan.
// Returns the offset in the file of the first line not handed out (end when
// all were).
template <class OnLine>
uint64_t for_each_line_in_range(InputFile &in, uint64_t begin, uint64_t end, uint64_t first_line, OnLine &&on_line) {
    if (end <= begin) return begin;
    size_t capacity = kTextBlockBytes;
    if (end - begin < capacity) capacity = size_t(end - begin) + 1;
    if (capacity < 4096) capacity = 4096;
    uint64_t at = begin;
    auto read = [&](char *dst, size_t n) -> size_t {
        const size_t want = end - at < n ? size_t(end - at) : n;
        const size_t got = want > 0 ? in.read_at(at, dst, want) : 0;
        at += got;
        return got;  // below n at `end`: the scan's end of file
    };
    return begin + scan_lines(read, capacity, in.path(), first_line, on_line, [] {});
}

// Number of lines a text file holds, estimated from its first 64 KiB, so that
// readers can reserve their edge arrays once; 0 when the size is unknown.
uint64_t estimate_lines(InputFile &in);

}  // namespace gg::io
