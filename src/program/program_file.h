// Program files (.ggp): "//! key: value" lines describing a program, then
// its source. The lines are C comments, so the whole file is the source
// and compiler messages count lines from the file's first line.
// docs/programs.md lists the keys.
#pragma once

#include <string>

#include "program/program.h"

namespace gg::program {

// Reads and checks a program file; throws GG_ERROR_IO or GG_ERROR_PARSE
// naming the file and line.
Desc load_program_file(const std::string &path);

// Parses a program file's text (`path` names it in messages).
Desc parse_program_text(const std::string &text, const std::string &path);

// Checks an output format ("depth", "float @4", ...) against a value size;
// "" when it is valid, else why not.
std::string output_format_problem(const std::string &output, uint32_t vertex_size);

}  // namespace gg::program
