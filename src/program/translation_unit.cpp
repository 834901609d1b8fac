// Assembles a program's translation unit (translation_unit.h).
#include "program/translation_unit.h"

#include <cctype>
#include <cstdio>

namespace gg::program {

namespace {

std::string define(const char *name, unsigned long long value) {
    char line[96];
    std::snprintf(line, sizeof line, "#define %s %llu\n", name, value);
    return line;
}

}  // namespace

std::string source_file_name(const Desc &desc) {
    // A #line file name is a string literal: keep it printable and unquoted.
    std::string name;
    for (char c : desc.name) name += (std::isprint(static_cast<unsigned char>(c)) && c != '"' && c != '\\') ? c : '_';
    return name.empty() ? "program" : name;
}

std::string program_macros(const Desc &desc) {
    std::string m;
    m += desc.emv() ? "#define GG_MODEL_EMV 1\n" : "#define GG_MODEL_CUSHA 1\n";
    m += define("GG_VERTEX_SIZE", desc.vertex_size);
    if (desc.edge_size == 0)
        m += "#define GG_EDGE_IS_WEIGHT 1\n";
    else
        m += define("GG_EDGE_SIZE", desc.edge_size);
    if (desc.emv()) {
        m += define("GG_MESSAGE_SIZE", desc.message_size);
        m += define("GG_COMBINER", unsigned(desc.combiner));
        m += define("GG_MESSAGE_TYPE", unsigned(desc.message_type));
        if (desc.combiner == GG_COMBINE_USER) m += "#define GG_COMBINE_BY_USER 1\n";
    }
    m += define("GG_NUM_AGGREGATES", desc.num_aggregates);
    if (desc.has_halt) m += "#define GG_HAS_HALT 1\n";
    return m;
}

std::string translation_unit(const Desc &desc, const char *tail) {
    std::string text;
    text += "#line 1 \"gg-prelude\"\n";
    text += program_macros(desc);
    text += embedded::program_prelude;
    text += "\n#line 1 \"" + source_file_name(desc) + "\"\n";
    text += desc.source;
    text += "\n";
    text += embedded::program_checks;
    text += "\n";
    text += tail;
    text += "\n";
    return text;
}

}  // namespace gg::program
