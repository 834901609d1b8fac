# ctest version.consistency: cmake -DSOURCE=<source dir> -P check_versions.cmake
#
# include/gg.h is the one source of the version (see the top of CMakeLists.txt).
# CMake, gg.pc, the SONAME and gg_version() follow it by construction; the files
# below cannot be generated from it (package managers read them as they are in
# the source tree), so this test fails, naming the file, when one disagrees.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE)
  message(FATAL_ERROR "usage: cmake -DSOURCE=<gg source dir> -P check_versions.cmake")
endif()

file(STRINGS ${SOURCE}/include/gg.h lines REGEX "^#define GG_VERSION_(MAJOR|MINOR|PATCH) [0-9]+$")
foreach(part MAJOR MINOR PATCH)
  string(REGEX MATCH "GG_VERSION_${part} ([0-9]+)" _ "${lines}")
  set(${part} ${CMAKE_MATCH_1})
endforeach()
set(VERSION ${MAJOR}.${MINOR}.${PATCH})
set(problems "")

# expect(<file> <regex with one group> <expected value> <what>)
function(expect file regex expected what)
  file(STRINGS ${SOURCE}/${file} found REGEX "${regex}")
  if(NOT found)
    set(problems "${problems}\n  ${file}: no ${what} (looked for /${regex}/)" PARENT_SCOPE)
    return()
  endif()
  foreach(line IN LISTS found)
    string(REGEX MATCH "${regex}" _ "${line}")
    if(NOT CMAKE_MATCH_1 STREQUAL expected)
      set(problems "${problems}\n  ${file}: ${what} is ${CMAKE_MATCH_1}, gg.h says ${expected}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# expect_at_most(<file> <regex> <limit> <what>): a binding's minimum ABI minor
# must not exceed the header's minor, or no library of this version would load.
function(expect_at_most file regex limit what)
  file(STRINGS ${SOURCE}/${file} found REGEX "${regex}")
  string(REGEX MATCH "${regex}" _ "${found}")
  set(value "${CMAKE_MATCH_1}")  # saved: if(MATCHES) below would reset CMAKE_MATCH_1
  if(NOT value MATCHES "^[0-9]+$")
    set(problems "${problems}\n  ${file}: no ${what} (looked for /${regex}/)" PARENT_SCOPE)
  elseif(value GREATER limit)
    set(problems "${problems}\n  ${file}: ${what} is ${value}, above gg.h's minor ${limit}" PARENT_SCOPE)
  endif()
endfunction()

# Package versions: the same as the library's.
expect(bindings/rust/gg-sys/Cargo.toml "^version = \"([0-9.]+)\"$" ${VERSION} "the crate version")
expect(bindings/rust/gg/Cargo.toml "^version = \"([0-9.]+)\"$" ${VERSION} "the crate version")
expect(bindings/rust/gg/Cargo.toml "^gg-sys = .*version = \"([0-9.]+)\"" ${VERSION} "the gg-sys dependency")
expect(bindings/python/pyproject.toml "^version = \"([0-9.]+)\"$" ${VERSION} "the project version")
expect(bindings/python/gg/__init__.py "^__version__ = \"([0-9.]+)\"$" ${VERSION} "__version__")
expect(bindings/julia/Project.toml "^version = \"([0-9.]+)\"$" ${VERSION} "the package version")
# gg-sys mirrors gg.h's macros as constants.
expect(bindings/rust/gg-sys/src/lib.rs "^pub const GG_VERSION_MAJOR: u32 = ([0-9]+);" ${MAJOR} "GG_VERSION_MAJOR")
expect(bindings/rust/gg-sys/src/lib.rs "^pub const GG_VERSION_MINOR: u32 = ([0-9]+);" ${MINOR} "GG_VERSION_MINOR")
expect(bindings/rust/gg-sys/src/lib.rs "^pub const GG_VERSION_PATCH: u32 = ([0-9]+);" ${PATCH} "GG_VERSION_PATCH")
# The ABI each binding requires: the same major, a minor this version has.
expect(bindings/python/gg/_library.py "^ABI_MAJOR = ([0-9]+)$" ${MAJOR} "ABI_MAJOR")
expect_at_most(bindings/python/gg/_library.py "^ABI_MINOR = ([0-9]+)$" ${MINOR} "ABI_MINOR")
expect(bindings/go/gg.go "^[ \t]*ABIMajor = ([0-9]+)$" ${MAJOR} "ABIMajor")
expect_at_most(bindings/go/gg.go "^[ \t]*ABIMinor = ([0-9]+)$" ${MINOR} "ABIMinor")
expect(bindings/julia/src/library.jl "^const ABI_MAJOR = ([0-9]+)$" ${MAJOR} "ABI_MAJOR")
expect_at_most(bindings/julia/src/library.jl "^const ABI_MINOR = ([0-9]+)$" ${MINOR} "ABI_MINOR")

if(problems)
  message(FATAL_ERROR "version.consistency: these files disagree with include/gg.h (${VERSION}):${problems}")
endif()
message(STATUS "version.consistency: every hand-kept version agrees with include/gg.h (${VERSION})")
