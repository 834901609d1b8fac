// The one text a program is compiled from, on either target: the prelude,
// the macros that describe the program, its source (with #line so that
// compiler messages point into it), the size checks, then the target's own
// part (host glue, or gg's kernels for NVRTC).
#pragma once

#include <string>

#include "program/program.h"

namespace gg::program {

// The GG_* macros of a program, as #define lines.
std::string program_macros(const Desc &desc);

// The program's whole translation unit; `tail` is appended after the checks
// (the host glue or the kernel template). The same text serves both
// compilers: the prelude tells them apart by __CUDACC_RTC__.
std::string translation_unit(const Desc &desc, const char *tail);

// The file name compiler messages use for the program's own lines.
std::string source_file_name(const Desc &desc);

}  // namespace gg::program

namespace gg::embedded {
extern const char *const program_prelude;
extern const char *const program_checks;
extern const char *const program_host_glue;
}  // namespace gg::embedded
