// The on-disk cache of compiled programs: one directory, files named by a
// hash of everything that went into them (the whole translation unit, the
// target, its architecture, gg's version), written by rename so that
// concurrent processes never see half a file. The cache is an
// optimisation: when no directory is usable, programs still compile.
#pragma once

#include <string>

namespace gg::program {

// $GG_CACHE_DIR, else $XDG_CACHE_HOME/gg, else $HOME/.cache/gg, with
// "programs" appended and created; "" when none can be made.
std::string cache_directory();

// A 128-bit hex digest of `text` (two FNV-1a 64 lanes): not a security
// hash (the cache lives in the caller's own directory), a stable name.
std::string digest(const std::string &text);

// The cache file for `key` with `suffix` (e.g. ".so", "-sm_90.cubin") in
// `dir`.
std::string cache_path(const std::string &dir, const std::string &key, const std::string &suffix);

// Reads a whole file; false when it cannot be read.
bool read_file(const std::string &path, std::string &bytes);

// Writes `bytes` to `path` through a temporary file and rename; false (and
// nothing left behind) on failure.
bool write_file_atomically(const std::string &path, const std::string &bytes);

}  // namespace gg::program
