// Which format a file is in: first by its extension, and when that says
// nothing, by its first bytes: the .ggb magic, the Matrix Market banner,
// DIMACS "c" / "p" lines, else an edge list whose first data line has two
// numbers (.el) or three (.wel).
#include <cctype>
#include <strings.h>

#include "io/formats.h"
#include "io/text_scan.h"

namespace gg {

gg_format format_from_extension(const std::string &path) {
    size_t slash = path.find_last_of('/');
    size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return GG_FORMAT_AUTO;
    std::string ext = path.substr(dot + 1);
    for (char &c : ext) c = char(std::tolower((unsigned char)c));
    if (ext == "mtx") return GG_FORMAT_MTX;
    if (ext == "el" || ext == "txt") return GG_FORMAT_EDGELIST;
    if (ext == "wel") return GG_FORMAT_WEL;
    if (ext == "gr") return GG_FORMAT_DIMACS;
    if (ext == "ggb") return GG_FORMAT_GGB;
    return GG_FORMAT_AUTO;
}

namespace io {
namespace {

bool is_number_token(std::string_view token) {
    if (!token.empty() && (token[0] == '-' || token[0] == '+')) token.remove_prefix(1);
    if (token.empty()) return false;
    for (char c : token)
        if (!std::isdigit((unsigned char)c) && c != '.' && c != 'e' && c != 'E' && c != '-' && c != '+') return false;
    return true;
}

}  // namespace

gg_format sniff_format(InputFile &in) {
    const std::string sample = in.peek(64 << 10);
    const std::string &path = in.path();
    if (sample.empty()) parse_error(path, 1, "empty file: neither its extension nor its contents tell its format");
    if (sample.size() >= 4 && sample.compare(0, 4, "\x89GGB") == 0) return GG_FORMAT_GGB;
    if (sample.size() >= 14 && strncasecmp(sample.c_str(), "%%MatrixMarket", 14) == 0) return GG_FORMAT_MTX;

    uint64_t line = 0;
    for (size_t start = 0; start < sample.size();) {
        size_t newline = sample.find('\n', start);
        if (newline == std::string::npos) {
            if (sample.size() < in.size() || !in.size_known()) break;  // cut off by the sample's end
            newline = sample.size();
        }
        std::string text = sample.substr(start, newline - start) + '\n';
        start = newline + 1;
        ++line;
        LineFields fields(text.c_str(), path, line);
        std::string_view first = fields.next_word();
        if (first.empty() || first[0] == '#' || first[0] == '%') continue;
        if (first[0] == 'c' || first == "p") return GG_FORMAT_DIMACS;
        std::string_view second = fields.next_word(), third = fields.next_word(), fourth = fields.next_word();
        if (is_number_token(first) && is_number_token(second) && fourth.empty()) {
            if (third.empty()) return GG_FORMAT_EDGELIST;
            if (is_number_token(third)) return GG_FORMAT_WEL;
        }
        parse_error(path, line, "cannot tell the file format from its extension or its contents "
                                "(expected .mtx, .el, .wel, .gr or .ggb)");
    }
    return GG_FORMAT_EDGELIST;  // only comments and blank lines: an empty edge list
}

}  // namespace io
}  // namespace gg
