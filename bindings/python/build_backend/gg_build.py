"""An in-tree PEP 517 build backend for the pure-Python `gg` package.

Why it exists: with a third-party backend (setuptools), `pip install
./bindings/python` first downloads that backend into an isolated build
environment, which fails on machines without network access. The package is
pure Python (ctypes over libgg.so), so building its wheel needs nothing beyond
the standard library: a zip file holding the package and a .dist-info folder
(PEP 427 / PEP 376). pyproject.toml names this module with `backend-path`, so
pip needs no download at all.

Project metadata is read from pyproject.toml's [project] table, the single
source of truth.
"""

import base64
import hashlib
import io
import os
import tarfile
import zipfile

try:
    import tomllib  # Python 3.11+
except ImportError:  # pragma: no cover - older Pythons with tomli installed
    import tomli as tomllib

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "gg"


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


def _wheel_file():
    return "Wheel-Version: 1.0\nGenerator: gg_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


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


def _write_wheel(wheel_directory, entries):
    """entries: (archive name, bytes); adds WHEEL, METADATA and RECORD."""
    project = _project()
    dist = _dist_name(project)
    info = dist + ".dist-info"
    entries = list(entries) + [
        (info + "/METADATA", _metadata(project).encode("utf-8")),
        (info + "/WHEEL", _wheel_file().encode("utf-8")),
    ]
    record = [_record_line(name, data) for name, data in entries] + [info + "/RECORD,,"]
    entries.append((info + "/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    filename = dist + "-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            wheel.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return filename


# ---- PEP 517 hooks -----------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for name, path in _package_files():
        with open(path, "rb") as f:
            entries.append((name, f.read()))
    return _write_wheel(wheel_directory, entries)


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
