# Packaging test, run by ctest as
#   bash test_install.sh <build-dir> <scratch-dir> <source-dir>
# It installs the build into a temporary prefix with `cmake --install`, then
# builds programs against that prefix the way users do:
#   1. a C99 program calling every entry point, linked statically against
#      libgg.a through `pkg-config --cflags --static --libs gg`;
#   2. examples/quickstart.c the same way, and against libgg.so through gg-shared.pc;
#   3. a CMake project using find_package(gg) and gg::gg_static (and gg::gg_shared);
# and checks that each runs with no libgg.so reachable, that the static programs
# do not load libgg.so, that the installed gg tool works, and that the shared
# library exports only gg_* symbols.
set -euo pipefail

BUILD=$(cd "${1:?build dir}" && pwd)
SCRATCH=${2:?scratch dir}
SOURCE=$(cd "${3:?source dir}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
SCRATCH=$(cd "$SCRATCH" && pwd)
PREFIX=$SCRATCH/prefix
CC=${CC:-cc}

step() { echo "== $*"; }
die() {
    echo "FAIL: $*" >&2
    exit 1
}

step "cmake --install into $PREFIX"
cmake --install "$BUILD" --prefix "$PREFIX" >"$SCRATCH/install.log" || die "cmake --install failed (see $SCRATCH/install.log)"
for file in include/gg.h bin/gg; do
    [ -e "$PREFIX/$file" ] || die "$file was not installed"
done
PC=$(find "$PREFIX" -name gg.pc -print -quit)
ARCHIVE=$(find "$PREFIX" -name libgg.a -print -quit)
CONFIG=$(find "$PREFIX" -name ggConfig.cmake -print -quit)
[ -n "$PC" ] || die "gg.pc was not installed"
[ -n "$ARCHIVE" ] || die "libgg.a was not installed"
[ -n "$CONFIG" ] || die "ggConfig.cmake was not installed"
SHARED=$(find "$PREFIX" -name 'libgg.so.*' -type f -print -quit)

step "pkg-config"
export PKG_CONFIG_PATH=$(dirname "$PC")
VERSION=$(pkg-config --modversion gg) || die "pkg-config cannot read $PC"
[ "$VERSION" = "$("$PREFIX/bin/gg" --version | sed -n 's/^gg \([0-9.]*\) .*/\1/p')" ] ||
    die "gg.pc says version $VERSION, the installed gg tool says otherwise"
FLAGS=$(pkg-config --cflags --static --libs gg)
echo "pkg-config --cflags --static --libs gg: $FLAGS"
# The prefix given to cmake --install, not the configured one, must appear (gg.pc may be relocatable).
INCLUDEDIR=$(pkg-config --cflags-only-I gg | sed 's/^ *-I//; s/ *$//')
[ "$(realpath -m "$INCLUDEDIR")" = "$(realpath "$PREFIX/include")" ] ||
    die "gg.pc's Cflags point to $INCLUDEDIR, not into the install prefix $PREFIX"

# without_libgg PROGRAM ARGS...: runs it with every LD_LIBRARY_PATH entry that
# holds a libgg.so removed, so a statically linked program proves it needs
# none, while its other libraries (METIS, where it lives outside the system
# paths, as on the GPU machines) stay reachable.
without_libgg() {
    local kept="" dir
    local IFS=:
    for dir in ${LD_LIBRARY_PATH:-}; do
        [ -n "$dir" ] || continue
        compgen -G "$dir/libgg.so*" >/dev/null && continue
        kept=${kept:+$kept:}$dir
    done
    unset IFS
    LD_LIBRARY_PATH=$kept "$@"
}

# links_libgg_so PROGRAM: whether the dynamic loader would load libgg.so for it.
# (ldd's output is captured first: with pipefail, grep -q closing the pipe early would fail the test.)
links_libgg_so() {
    local libraries
    libraries=$(ldd "$1")
    grep -q 'libgg\.so' <<<"$libraries"
}

step "a C99 program calling every entry point, static through pkg-config"
# shellcheck disable=SC2086
"$CC" -std=c99 -pedantic -Wall -Wextra -Werror "$HERE/every_entry_point.c" -o "$SCRATCH/every_entry_point" $FLAGS ||
    die "every_entry_point.c does not compile and link with: $CC -std=c99 every_entry_point.c $FLAGS"
links_libgg_so "$SCRATCH/every_entry_point" &&
    die "every_entry_point linked libgg.so, not the static libgg.a: $(ldd "$SCRATCH/every_entry_point" | grep libgg)"
without_libgg "$SCRATCH/every_entry_point" "$SCRATCH" || die "every_entry_point failed"

step "examples/quickstart.c, static through pkg-config"
# shellcheck disable=SC2086
"$CC" -std=c99 -pedantic -Wall -Wextra -Werror "$SOURCE/examples/quickstart.c" -o "$SCRATCH/quickstart" $FLAGS ||
    die "examples/quickstart.c does not compile and link through pkg-config"
links_libgg_so "$SCRATCH/quickstart" && die "quickstart linked libgg.so, not libgg.a"
without_libgg "$SCRATCH/quickstart" >"$SCRATCH/quickstart.out" || die "quickstart failed"
grep -q 'distance(0 -> 4) = 7' "$SCRATCH/quickstart.out" || die "quickstart printed wrong distances: $(cat "$SCRATCH/quickstart.out")"
printf '0 1 2\n1 2 3\n' >"$SCRATCH/path.wel"
without_libgg "$SCRATCH/quickstart" "$SCRATCH/path.wel" >"$SCRATCH/quickstart_file.out" || die "quickstart on a file failed"
grep -q 'distance(0 -> 2) = 5' "$SCRATCH/quickstart_file.out" || die "quickstart on a file printed $(cat "$SCRATCH/quickstart_file.out")"

if [ -n "$SHARED" ] && [ -e "$(dirname "$PC")/gg-shared.pc" ]; then
    step "examples/quickstart.c against libgg.so through gg-shared.pc"
    SHARED_FLAGS=$(pkg-config --cflags --libs gg-shared) || die "pkg-config cannot read gg-shared.pc"
    # shellcheck disable=SC2086
    "$CC" -std=c99 -pedantic -Wall -Wextra -Werror "$SOURCE/examples/quickstart.c" -o "$SCRATCH/quickstart_shared" \
        $SHARED_FLAGS || die "quickstart does not link through gg-shared.pc: $SHARED_FLAGS"
    links_libgg_so "$SCRATCH/quickstart_shared" || die "gg-shared.pc did not link libgg.so"
    # Prepended, not replaced: libgg.so's own dependencies (METIS) may live
    # in a private prefix named there (the GPU machines' unpacked .debs).
    output=$(LD_LIBRARY_PATH=$(dirname "$SHARED")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$SCRATCH/quickstart_shared") ||
        die "quickstart linked with libgg.so failed"
    grep -q 'distance(0 -> 4) = 7' <<<"$output" || die "quickstart linked with libgg.so printed: $output"
fi

step "a CMake project using find_package(gg)"
cmake -S "$HERE/cmake_consumer" -B "$SCRATCH/consumer" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DGG_EXAMPLE_SOURCE="$SOURCE/examples/quickstart.c" -DCMAKE_BUILD_TYPE=Release >"$SCRATCH/consumer.log" 2>&1 ||
    die "configuring the find_package(gg) project failed: $(tail -n 20 "$SCRATCH/consumer.log")"
cmake --build "$SCRATCH/consumer" >>"$SCRATCH/consumer.log" 2>&1 ||
    die "building the find_package(gg) project failed: $(tail -n 20 "$SCRATCH/consumer.log")"
links_libgg_so "$SCRATCH/consumer/quickstart" && die "gg::gg_static linked libgg.so"
output=$(without_libgg "$SCRATCH/consumer/quickstart") || die "the CMake-built quickstart failed"
grep -q 'distance(0 -> 4) = 7' <<<"$output" || die "the CMake-built quickstart printed: $output"
if [ -n "$SHARED" ]; then
    [ -x "$SCRATCH/consumer/quickstart_shared" ] || die "gg::gg_shared exists but its program was not built"
    links_libgg_so "$SCRATCH/consumer/quickstart_shared" || die "gg::gg_shared did not link libgg.so"
    # CMake puts the install prefix in the build tree's RUNPATH; it runs as is.
    output=$("$SCRATCH/consumer/quickstart_shared") || die "the gg::gg_shared quickstart failed"
    grep -q 'distance(0 -> 4) = 7' <<<"$output" || die "the gg::gg_shared quickstart printed: $output"
fi

step "the installed gg tool"
"$PREFIX/bin/gg" generate grid 8 8 "$SCRATCH/grid.ggb" || die "installed gg generate failed"
[ "$("$PREFIX/bin/gg" run bfs "$SCRATCH/grid.ggb" | tail -n 1)" = 14 ] || die "installed gg run bfs gave a wrong depth"
links_libgg_so "$PREFIX/bin/gg" && die "the gg tool loads libgg.so; it should be linked with libgg.a"

if [ -n "$SHARED" ]; then
    step "symbols exported by $(basename "$SHARED")"
    # Only the functions of gg.h: anything else would become ABI by accident.
    EXPORTED=$(nm -D --defined-only "$SHARED")
    EXTRA=$(awk '$2 ~ /^[TDBRVWiu]$/ && $3 !~ /^gg_/ && $3 !~ /^_(init|fini|edata|end|_bss_start)$/ { print $3 }' <<<"$EXPORTED" | head -n 10)
    [ -z "$EXTRA" ] || die "libgg.so exports symbols outside gg.h: $EXTRA"
    for symbol in gg_version gg_context_create gg_graph_create gg_run_sssp gg_run_apsp gg_shard gg_partition; do
        grep -q " T $symbol\$" <<<"$EXPORTED" || die "libgg.so does not export $symbol"
    done
fi

echo "packaging: install, pkg-config static link, find_package(gg), gg tool: all passed"
