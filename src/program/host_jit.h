// A program's functions on the CPU: the caller's function pointers, or its
// source compiled with the host's C compiler into a shared object and
// loaded with dlopen (as SuiteSparse:GraphBLAS's JIT does). A C compiler is
// the one tool every machine that builds gg has, and the compiled program
// runs at native speed through the same table as the caller's pointers.
#pragma once

#include "program/program.h"

namespace gg::program {

// The program's host function table, compiled and loaded on first use
// (cached in program.host). Throws GG_ERROR_PARSE with the compiler's log,
// GG_ERROR_UNSUPPORTED when no compiler runs.
const gg_program_functions &host_functions(Program &program, BuildReport &build);

}  // namespace gg::program
