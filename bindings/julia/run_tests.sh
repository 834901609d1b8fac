#!/bin/sh
# Runs the Julia binding's tests against a given libgg.so. ctest runs it as
# bindings.julia; by hand:
#   GG_LIBRARY=build/libgg.so sh bindings/julia/run_tests.sh
# Exit status 77 (ctest: skipped) when no `julia` is on PATH: Debian 12 ships
# no Julia package, so on the machines the README targets this test is
# skipped and says so; GG_JULIA picks the interpreter.
set -u
here=$(cd "$(dirname "$0")" && pwd)
julia=""
for candidate in ${GG_JULIA:-} julia; do
    if command -v "$candidate" >/dev/null 2>&1; then
        julia=$candidate
        break
    fi
done
if [ -z "$julia" ]; then
    echo "SKIPPED bindings.julia: no julia on PATH (Debian 12 ships no Julia; install it from julialang.org" \
         "to run bindings/julia/test/runtests.jl)"
    exit 77
fi
if [ -z "${GG_LIBRARY:-}" ]; then
    echo "bindings.julia: GG_LIBRARY must name the libgg.so to test" >&2
    exit 2
fi
echo "bindings.julia: $julia against $GG_LIBRARY"
exec "$julia" --project="$here" "$here/test/runtests.jl"
