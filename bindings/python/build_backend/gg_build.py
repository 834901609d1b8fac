"""An in-tree PEP 517 build backend for the `gg` Python package.

Why it exists: with a third-party backend (setuptools), `pip install` first
downloads that backend into an isolated build environment, which fails on
machines without network access. This backend needs only the standard
library, so pip downloads nothing (pyproject.toml names it with
`backend-path`).

What the wheel holds (docs/python.md, "Installing"):

- the package (ctypes over libgg.so), always;
- libgg.so itself, as gg/_lib/libgg.so.0, unless told not to. The library
  is the file named by the config setting `library` (pip's
  `--config-settings library=PATH`) or the environment variable GG_WHEEL_LIBRARY; else,
  when the gg sources lie two folders up (a checkout: `pip install .` at its
  root or `pip install ./bindings/python`), it is built with CMake: CUDA when
  CMake finds nvcc, the CPU backend otherwise; METIS when libmetis-dev is
  installed. Extra CMake arguments come from `--config-settings cmake-args="..."` or
  GG_CMAKE_ARGS, the build folder from `--config-settings build-dir=DIR` or
  GG_WHEEL_BUILD_DIR (default: build-python/ in the checkout, so a second
  install rebuilds only what changed).
- `--config-settings bundle=no` (or GG_WHEEL_BUNDLE=0), and a source folder without the gg
  sources (an sdist), give the pure-Python wheel, which finds an installed
  libgg.so at import (gg/_library.py).

A wheel with the library is tagged for this platform (it holds machine
code); the pure one is py3-none-any. Project metadata is read from
bindings/python/pyproject.toml's [project] table, the single source of truth.
"""

import base64
import hashlib
import io
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

try:
    import tomllib  # Python 3.11+
except ImportError:  # pragma: no cover - older Pythons with tomli installed
    import tomli as tomllib

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "gg"
# The checkout's root, when this folder is bindings/python of one.
SOURCE_ROOT = os.path.dirname(os.path.dirname(HERE))
# Where the package looks for a bundled library first (gg/_library.py).
BUNDLED_NAME = PACKAGE + "/_lib/libgg.so.0"


def _project():
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def _dist_name(project):
    return "{}-{}".format(project["name"].replace("-", "_"), project["version"])


def _metadata(project):
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + project["name"],
        "Version: " + project["version"],
        "Summary: " + project.get("description", ""),
    ]
    if "requires-python" in project:
        lines.append("Requires-Python: " + project["requires-python"])
    for requirement in project.get("dependencies", []):
        lines.append("Requires-Dist: " + requirement)
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        for requirement in requirements:
            lines.append('Requires-Dist: {}; extra == "{}"'.format(requirement, extra))
    readme = project.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(HERE, readme), encoding="utf-8") as f:
            body = "\n" + f.read()
    return "\n".join(lines) + "\n" + body


def _platform_tag():
    """This interpreter's platform as a wheel tag (PEP 425), e.g. linux_x86_64."""
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _wheel_tag(with_library):
    return "py3-none-" + (_platform_tag() if with_library else "any")


def _wheel_file(with_library):
    return "Wheel-Version: 1.0\nGenerator: gg_build\nRoot-Is-Purelib: {}\nTag: {}\n".format(
        "false" if with_library else "true", _wheel_tag(with_library))


def _package_files():
    """(archive name, path) of every .py file of the package, in a stable order."""
    root = os.path.join(HERE, PACKAGE)
    found = []
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(directory, name)
                found.append((os.path.relpath(path, HERE).replace(os.sep, "/"), path))
    return found


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "{},sha256={},{}".format(name, digest, len(data))


def _write_wheel(wheel_directory, entries, with_library=False):
    """entries: (archive name, bytes); adds WHEEL, METADATA and RECORD."""
    project = _project()
    dist = _dist_name(project)
    info = dist + ".dist-info"
    entries = list(entries) + [
        (info + "/METADATA", _metadata(project).encode("utf-8")),
        (info + "/WHEEL", _wheel_file(with_library).encode("utf-8")),
    ]
    record = [_record_line(name, data) for name, data in entries] + [info + "/RECORD,,"]
    entries.append((info + "/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    filename = "{}-{}.whl".format(dist, _wheel_tag(with_library))
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            info_entry = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info_entry.compress_type = zipfile.ZIP_DEFLATED
            info_entry.external_attr = (0o755 if name == BUNDLED_NAME else 0o644) << 16
            wheel.writestr(info_entry, data)
    return filename


# ---- the library a wheel bundles ---------------------------------------------

def _setting(config_settings, key, variable):
    """A pip config setting (--config-settings key=value), else the environment variable, else None."""
    value = (config_settings or {}).get(key)
    if isinstance(value, list):  # pip passes a list when a key is given twice
        value = value[-1]
    if value is None:
        value = os.environ.get(variable)
    return value if value not in (None, "") else None


def _has_sources(root):
    return all(os.path.isfile(os.path.join(root, name)) for name in ("CMakeLists.txt", "include/gg.h"))


def _cmake_build(config_settings):
    """Builds libgg.so from the checkout with CMake and returns its path."""
    cmake = shutil.which("cmake")
    if cmake is None:
        raise RuntimeError(
            "gg_build: building libgg.so for the wheel needs cmake, a C++ compiler and make "
            "(Debian: apt-get install cmake g++ make; scripts/install-packages installs all of gg's). "
            "Or bundle a built library with --config-settings library=PATH/libgg.so, or build a wheel "
            "without it with --config-settings bundle=no (the package then loads an installed libgg.so).")
    build = os.path.abspath(_setting(config_settings, "build-dir", "GG_WHEEL_BUILD_DIR")
                            or os.path.join(SOURCE_ROOT, "build-python"))
    extra = shlex.split(_setting(config_settings, "cmake-args", "GG_CMAKE_ARGS") or "")
    jobs = str(os.cpu_count() or 2)
    configure = [cmake, "-S", SOURCE_ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                 "-DGG_BUILD_SHARED=ON", "-DGG_BUILD_TESTS=OFF", "-DGG_BUILD_CLI=OFF"] + extra
    # pip shows a backend's output with -v; the commands go to stderr so a
    # failed install names what ran.
    for command in (configure, [cmake, "--build", build, "--target", "gg_shared", "-j", jobs]):
        print("gg_build: " + " ".join(shlex.quote(c) for c in command), file=sys.stderr, flush=True)
        subprocess.run(command, check=True, stdout=sys.stderr)
    for name in ("libgg.so.0", "libgg.so"):
        path = os.path.join(build, name)
        if os.path.exists(path):
            return os.path.realpath(path)
    raise RuntimeError("gg_build: the CMake build in %s made no libgg.so" % build)


def _library_for_wheel(config_settings):
    """The libgg.so to bundle, or None for the pure-Python wheel."""
    bundle = (_setting(config_settings, "bundle", "GG_WHEEL_BUNDLE") or "yes").lower()
    if bundle in ("no", "0", "false", "off"):
        return None
    given = _setting(config_settings, "library", "GG_WHEEL_LIBRARY")
    if given is not None:
        if not os.path.isfile(given):
            raise RuntimeError("gg_build: the library to bundle, %s, is not a file" % given)
        return os.path.realpath(given)
    if _has_sources(SOURCE_ROOT):
        return _cmake_build(config_settings)
    return None  # an sdist: no C sources to build


# ---- PEP 517 hooks -----------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    # Without this hook pip would call build_wheel for the metadata alone,
    # building the library twice.
    info = _dist_name(_project()) + ".dist-info"
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata(_project()))
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for name, path in _package_files():
        with open(path, "rb") as f:
            entries.append((name, f.read()))
    library = _library_for_wheel(config_settings)
    if library is not None:
        with open(library, "rb") as f:
            entries.append((BUNDLED_NAME, f.read()))
    return _write_wheel(wheel_directory, entries, with_library=library is not None)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # PEP 660: a .pth file that puts this source folder on sys.path.
    return _write_wheel(wheel_directory, [("_gg_editable.pth", (HERE + "\n").encode("utf-8"))])


def build_sdist(sdist_directory, config_settings=None):
    project = _project()
    dist = _dist_name(project)
    filename = dist + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as sdist:
        for name in ["pyproject.toml", "README.md", "build_backend/gg_build.py"]:
            sdist.add(os.path.join(HERE, name), arcname=dist + "/" + name)
        for name, path in _package_files():
            sdist.add(path, arcname=dist + "/" + name)
        info = tarfile.TarInfo(dist + "/PKG-INFO")
        data = _metadata(project).encode("utf-8")
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return filename
