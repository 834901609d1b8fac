"""Finding and loading libgg.so.

The search order is the one the README documents:

1. ``GG_LIBRARY``: the path of the shared library itself;
2. the library bundled in the wheel (``gg/_lib/libgg.so.<major>``), which
   ``pip install .`` builds from the checkout (build_backend/gg_build.py);
3. ``pkg-config --variable=libdir gg``: the directory of an installed (or
   uninstalled, through PKG_CONFIG_PATH) gg;
4. the dynamic loader's own search (``libgg.so.<major>``, then ``libgg.so``),
   which covers ldconfig'd prefixes and LD_LIBRARY_PATH;
5. the usual install prefixes (``sys.prefix``, ``/usr/local``, ``/usr``).

The SONAME carries the major version, so ``libgg.so.<major>`` is tried before
the unversioned development link: that way a library of another major version
is never picked by accident when both are installed.
"""

import ctypes
import os
import shutil
import subprocess
import sys

# The ABI major version this binding was written against (gg.h GG_VERSION_MAJOR)
# and the oldest minor version whose symbols it uses.
ABI_MAJOR = 0
ABI_MINOR = 10

_SONAMES = ("libgg.so.%d" % ABI_MAJOR, "libgg.so")
_BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_lib", _SONAMES[0])


def _pkg_config_libdir():
    """The libdir variable of gg.pc, or None when pkg-config or gg.pc is missing."""
    exe = shutil.which("pkg-config")
    if exe is None:
        return None
    try:
        result = subprocess.run([exe, "--variable=libdir", "gg"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = result.stdout.strip()
    return libdir if result.returncode == 0 and libdir else None


def _candidates():
    """Yields (how it was found, path or name) in search order."""
    explicit = os.environ.get("GG_LIBRARY")
    if explicit:
        yield "GG_LIBRARY", explicit
        return  # an explicit choice must not silently fall back to another library
    if os.path.exists(_BUNDLED):
        # The wheel's own library: the one this package was built with.
        yield "bundled in the wheel", _BUNDLED
    libdir = _pkg_config_libdir()
    if libdir:
        for name in _SONAMES:
            yield "pkg-config libdir", os.path.join(libdir, name)
    for name in _SONAMES:
        yield "dynamic loader", name
    prefixes = [sys.prefix, "/usr/local", "/usr"]
    for prefix in prefixes:
        for sub in ("lib", "lib64", "lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu"):
            for name in _SONAMES:
                yield "prefix %s" % prefix, os.path.join(prefix, sub, name)


def load_library():
    """Loads libgg and returns (ctypes.CDLL, where it came from).

    Raises OSError listing every place tried when none works, and when
    GG_LIBRARY names a file that cannot be loaded.
    """
    tried = []
    for how, candidate in _candidates():
        if os.sep in candidate and not os.path.exists(candidate):
            tried.append("%s: %s (no such file)" % (how, candidate))
            continue
        try:
            return ctypes.CDLL(candidate), candidate
        except OSError as error:
            tried.append("%s: %s (%s)" % (how, candidate, error))
    raise OSError(
        "gg: cannot load the gg shared library. Set GG_LIBRARY to the path of libgg.so, "
        "or make `pkg-config --variable=libdir gg` find it (PKG_CONFIG_PATH). Tried:\n  " + "\n  ".join(tried)
    )


def check_version(lib):
    """Raises ImportError when the loaded library's ABI differs from this binding's."""
    number = int(lib.gg_version())
    major, minor = number // 10000, (number // 100) % 100
    text = lib.gg_version_string().decode("ascii", "replace")
    if major != ABI_MAJOR or minor < ABI_MINOR:
        raise ImportError(
            "gg: the loaded library is version %s, but this binding needs ABI %d.%d or a newer minor of major %d"
            % (text, ABI_MAJOR, ABI_MINOR, ABI_MAJOR)
        )
    return text
