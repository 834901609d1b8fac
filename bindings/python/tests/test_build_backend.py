"""The in-tree build backend: the wheel pip installs from ./bindings/python.

pip calls build_wheel without network access; these tests check the wheel it
gets is complete and self-consistent (every package module, metadata from
pyproject.toml, a RECORD whose hashes match), so that a plain
`pip install ./bindings/python` installs a working package offline.
"""
import base64
import hashlib
import os
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(HERE, "build_backend"))

import gg_build  # noqa: E402

# pyproject.toml's version (checked against gg.h by ctest version.consistency).
DIST = "gg-" + gg_build._project()["version"]


def _package_modules():
    names = set()
    for directory, subdirs, files in os.walk(os.path.join(HERE, "gg")):
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                names.add(os.path.relpath(os.path.join(directory, name), HERE).replace(os.sep, "/"))
    return names


def test_wheel_holds_the_package_and_consistent_metadata(tmp_path):
    filename = gg_build.build_wheel(str(tmp_path))
    assert filename == DIST + "-py3-none-any.whl"
    with zipfile.ZipFile(tmp_path / filename) as wheel:
        names = set(wheel.namelist())
        assert _package_modules() <= names
        metadata = wheel.read(DIST + ".dist-info/METADATA").decode()
        assert "Name: gg\n" in metadata and "Version: %s\n" % DIST[3:] in metadata
        assert "Requires-Dist: numpy\n" in metadata
        assert 'Requires-Dist: scipy; extra == "scipy"' in metadata
        assert "Root-Is-Purelib: true" in wheel.read(DIST + ".dist-info/WHEEL").decode()
        record = wheel.read(DIST + ".dist-info/RECORD").decode().splitlines()
        recorded = {}
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            recorded[name] = (digest, size)
        assert set(recorded) == names
        for name in names - {DIST + ".dist-info/RECORD"}:
            data = wheel.read(name)
            want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert recorded[name] == (want, str(len(data))), name


def test_wheel_needs_no_build_requirements():
    assert gg_build.get_requires_for_build_wheel() == []


def test_editable_wheel_points_at_the_source(tmp_path):
    filename = gg_build.build_editable(str(tmp_path))
    with zipfile.ZipFile(tmp_path / filename) as wheel:
        assert wheel.read("_gg_editable.pth").decode().strip() == HERE


def test_sdist_carries_what_a_rebuild_needs(tmp_path):
    filename = gg_build.build_sdist(str(tmp_path))
    with tarfile.open(tmp_path / filename) as sdist:
        names = set(sdist.getnames())
    for needed in ["pyproject.toml", "README.md", "build_backend/gg_build.py", "PKG-INFO"]:
        assert DIST + "/" + needed in names
    assert {DIST + "/" + m for m in _package_modules()} <= names
