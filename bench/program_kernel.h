// gg-bench's vertex-program kernels: `--algos program:FILE` runs the program
// file FILE (docs/programs.md) as a kernel, so that a program version of an
// algorithm is timed beside the built-in in the same lease, on the same
// graphs, with the same statistics (issue: programs within 1.5x of the
// built-ins). A program named after a built-in (bfs, sssp, sswp, cc,
// pagerank, by the file's base name) is checked with that built-in's
// verifier; PageRank programs get the bench's fixed iteration count through
// their parameters (damping, tolerance 0, the cap), as the built-in does.
#pragma once

#include <memory>
#include <string>

#include "kernels.h"

namespace bench {

// "program:FILE" names a program kernel.
bool is_program_kernel(const std::string &name);

// The kernel for "program:FILE" (the file is loaded at once; a bad file
// throws std::runtime_error with the library's message).
std::unique_ptr<Kernel> make_program_kernel(gg_context *context, const std::string &name, uint32_t n,
                                            const KernelSettings &settings);

}  // namespace bench
