"""The in-tree build backend: the wheel pip installs from ./bindings/python.

pip calls build_wheel without network access; these tests check the wheel it
gets is complete and self-consistent (every package module, metadata from
pyproject.toml, a RECORD whose hashes match), so that a plain
`pip install ./bindings/python` installs a working package offline; and that a
wheel bundling libgg.so is tagged for the platform and loads its own library.
The CMake build the backend runs for `pip install .` is tested end to end by
ctest's packaging.pip_install.
"""
import base64
import hashlib
import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

import pytest

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(HERE, "build_backend"))

import gg_build  # noqa: E402

# pyproject.toml's version (checked against gg.h by ctest version.consistency).
DIST = "gg-" + gg_build._project()["version"]
PURE = {"bundle": "no"}


def _package_modules():
    names = set()
    for directory, subdirs, files in os.walk(os.path.join(HERE, "gg")):
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                names.add(os.path.relpath(os.path.join(directory, name), HERE).replace(os.sep, "/"))
    return names


def _check_record(wheel, names):
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


def test_wheel_holds_the_package_and_consistent_metadata(tmp_path):
    filename = gg_build.build_wheel(str(tmp_path), PURE)
    assert filename == DIST + "-py3-none-any.whl"
    with zipfile.ZipFile(tmp_path / filename) as wheel:
        names = set(wheel.namelist())
        assert _package_modules() <= names
        assert gg_build.BUNDLED_NAME not in names
        metadata = wheel.read(DIST + ".dist-info/METADATA").decode()
        assert "Name: gg\n" in metadata and "Version: %s\n" % DIST[3:] in metadata
        assert "Requires-Dist: numpy\n" in metadata
        assert 'Requires-Dist: scipy; extra == "scipy"' in metadata
        assert "Root-Is-Purelib: true" in wheel.read(DIST + ".dist-info/WHEEL").decode()
        _check_record(wheel, names)


def test_prepared_metadata_is_the_wheels(tmp_path):
    info = gg_build.prepare_metadata_for_build_wheel(str(tmp_path))
    assert info == DIST + ".dist-info"
    filename = gg_build.build_wheel(str(tmp_path), PURE)
    with zipfile.ZipFile(tmp_path / filename) as wheel:
        assert (tmp_path / info / "METADATA").read_bytes() == wheel.read(info + "/METADATA")


def _built_library():
    path = os.environ.get("GG_LIBRARY")
    if not path or not os.path.isfile(path):
        pytest.skip("GG_LIBRARY does not name a built libgg.so")
    return path


def test_bundled_wheel_carries_the_library_and_loads_it(tmp_path):
    library = _built_library()
    filename = gg_build.build_wheel(str(tmp_path), {"library": library})
    tag = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert filename == "%s-py3-none-%s.whl" % (DIST, tag)
    unpacked = tmp_path / "site"
    with zipfile.ZipFile(tmp_path / filename) as wheel:
        names = set(wheel.namelist())
        assert gg_build.BUNDLED_NAME in names and _package_modules() <= names
        with open(library, "rb") as f:
            assert wheel.read(gg_build.BUNDLED_NAME) == f.read()
        assert "Root-Is-Purelib: false" in wheel.read(DIST + ".dist-info/WHEEL").decode()
        _check_record(wheel, names)
        wheel.extractall(unpacked)
    # Installed by unpacking (what pip does): with no GG_LIBRARY the package
    # must load the library next to it, not one found elsewhere.
    env = {k: v for k, v in os.environ.items() if k not in ("GG_LIBRARY", "PKG_CONFIG_PATH", "LD_LIBRARY_PATH")}
    env["PYTHONPATH"] = str(unpacked)
    script = "import gg; print(gg.library_path); print(gg.Graph.from_edges([0], [1]).bfs(0).tolist())"
    out = subprocess.run([sys.executable, "-c", script], cwd=str(tmp_path), env=env,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == str(unpacked / "gg" / "_lib" / "libgg.so.0")
    assert out[1] == "[0, 1]"


def test_a_library_that_is_not_a_file_is_refused(tmp_path):
    with pytest.raises(RuntimeError, match="is not a file"):
        gg_build.build_wheel(str(tmp_path), {"library": str(tmp_path / "missing.so")})


def test_an_sdist_without_c_sources_builds_the_pure_wheel(tmp_path, monkeypatch):
    monkeypatch.setattr(gg_build, "SOURCE_ROOT", str(tmp_path / "no-sources"))
    monkeypatch.delenv("GG_WHEEL_LIBRARY", raising=False)
    monkeypatch.delenv("GG_WHEEL_BUNDLE", raising=False)
    assert gg_build.build_wheel(str(tmp_path)) == DIST + "-py3-none-any.whl"


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
