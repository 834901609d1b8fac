#!/bin/sh
# Runs the Python binding's tests against a given libgg.so, without installing
# anything. ctest runs it as bindings.python; by hand:
#   GG_LIBRARY=build/libgg.so sh bindings/python/run_tests.sh
# Exit status 77 (ctest: skipped) only when no Python with numpy, scipy,
# networkx and pytest exists; GG_PYTHON picks the interpreter.
set -u
here=$(cd "$(dirname "$0")" && pwd)
modules="import numpy, scipy, networkx, pytest"
python=""
for candidate in ${GG_PYTHON:-} python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "$modules" >/dev/null 2>&1; then
        python=$candidate
        break
    fi
done
if [ -z "$python" ]; then
    echo "SKIPPED bindings.python: no python3 with numpy, scipy, networkx and pytest" \
         "(Debian: apt-get install python3-numpy python3-scipy python3-networkx python3-pytest)"
    exit 77
fi
if [ -z "${GG_LIBRARY:-}" ]; then
    echo "bindings.python: GG_LIBRARY must name the libgg.so to test" >&2
    exit 2
fi
echo "bindings.python: $python against $GG_LIBRARY"
cd "$here" || exit 2
PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" PYTHONDONTWRITEBYTECODE=1 \
    exec "$python" -m pytest -q -p no:cacheprovider tests
