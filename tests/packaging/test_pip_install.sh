# Python packaging test, run by ctest as
#   bash test_pip_install.sh <scratch-dir> <source-dir>
# What a newcomer does (docs/python.md, "Installing"): in a virtual
# environment that sees Debian's numpy, `pip install --no-index .` at the
# root of the checkout. pip may not reach any index, so the install proves
# that nothing is downloaded; the build backend compiles libgg.so with CMake
# and bundles it in the wheel. Then, with no GG_LIBRARY, pkg-config or
# LD_LIBRARY_PATH pointing anywhere, `import gg` must load the bundled
# library and run an algorithm.
#
# The library is built with -DGG_ENABLE_CUDA=OFF here only to keep this test
# to about a minute: the CUDA build is the same CMake project and is covered
# by the main build; on the GPU machine scripts/gpu-check's build is bundled
# and checked the same way (see bench/README.md).
# Skipped (exit 77) when python3 has no venv module or numpy.
set -euo pipefail

SCRATCH=${1:?scratch dir}
SOURCE=$(cd "${2:?source dir}" && pwd)
PYTHON=${GG_PYTHON:-/usr/bin/python3}
command -v "$PYTHON" >/dev/null || PYTHON=python3

if ! "$PYTHON" -c "import venv, ensurepip, numpy" >/dev/null 2>&1; then
    echo "SKIPPED packaging.pip_install: $PYTHON lacks venv/ensurepip or numpy" \
         "(Debian: apt-get install python3-venv python3-numpy)"
    exit 77
fi
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
SCRATCH=$(cd "$SCRATCH" && pwd)

echo "== venv with the system's site packages (numpy from Debian)"
"$PYTHON" -m venv --system-site-packages "$SCRATCH/venv"

echo "== pip install --no-index $SOURCE (library built by the backend)"
env -u GG_LIBRARY -u PKG_CONFIG_PATH PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    "$SCRATCH/venv/bin/pip" install --no-index \
    --config-settings build-dir="$SCRATCH/build" \
    --config-settings cmake-args="-DGG_ENABLE_CUDA=OFF" \
    "$SOURCE"

echo "== import gg from the installed wheel"
cd "$SCRATCH"  # not the checkout, so `import gg` cannot find the sources
env -u GG_LIBRARY -u PKG_CONFIG_PATH -u LD_LIBRARY_PATH -u PYTHONPATH "$SCRATCH/venv/bin/python" - <<'PY'
import os
import gg

site = os.path.dirname(gg.__file__)
assert gg.library_path == os.path.join(site, "_lib", "libgg.so.0"), gg.library_path
g = gg.Graph.from_edges([0, 1, 0], [1, 2, 2], weights=[1.0, 2.0, 5.0])
distances = g.sssp(0).tolist()
assert distances == [0.0, 1.0, 3.0], distances
print("gg", gg.library_version, "from", gg.library_path, "sssp", distances)
PY
echo "packaging.pip_install: OK"
