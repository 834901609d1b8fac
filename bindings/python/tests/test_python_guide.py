"""docs/python.md runs as written: every ```python block, in order, in one namespace.

The blocks run in a temporary directory (they write graph files and the figures
there, never into docs/), with GG_SOURCE_DIR naming the top of the sources for
the two blocks that read files from it and GG_CACHE_DIR in the temporary
directory for the compiled vertex programs. They are read and run by
python_blocks() and run_block() of docs/figures/make_python_figures.py, the
script that makes the committed figures from the same blocks. A block that
draws a figure is skipped, saying why, when matplotlib is missing; every other
block still runs.
"""

import importlib.util
import os
import re
import traceback

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
GUIDE = os.path.join(SOURCES, "docs", "python.md")
FIGURE_DIR = os.path.join(SOURCES, "docs", "figures")


def _load_figure_script():
    spec = importlib.util.spec_from_file_location("make_python_figures",
                                                  os.path.join(FIGURE_DIR, "make_python_figures.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


figures = _load_figure_script()
BLOCKS = figures.python_blocks(GUIDE)

try:
    import matplotlib  # noqa: F401 - only whether it imports

    MATPLOTLIB_MISSING = None
except ImportError as error:
    MATPLOTLIB_MISSING = str(error)


def draws(source):
    return "matplotlib" in source or "plt." in source


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    directory = tmp_path_factory.mktemp("guide")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(directory)
        patch.setenv("GG_SOURCE_DIR", SOURCES)
        patch.setenv("GG_CACHE_DIR", str(directory / "program-cache"))
        yield {"namespace": {"__name__": "__guide__"}, "failed": None, "ran": [], "directory": directory}


def test_the_guide_has_blocks():
    assert len(BLOCKS) >= 10, "docs/python.md lost its python blocks (found %d)" % len(BLOCKS)


@pytest.mark.parametrize("line,source", BLOCKS, ids=["line%d" % line for line, _ in BLOCKS])
def test_block(session, line, source):
    if session["failed"] is not None:
        pytest.skip("the block at line %d of docs/python.md failed first" % session["failed"])
    if draws(source) and MATPLOTLIB_MISSING:
        pytest.skip("docs/python.md line %d draws a figure and matplotlib is missing (%s; Debian: apt-get install "
                    "python3-matplotlib)" % (line, MATPLOTLIB_MISSING))
    try:
        figures.run_block(line, source, session["namespace"], GUIDE)
    except BaseException:  # noqa: BLE001 - any failure of the page's code is the test's failure
        session["failed"] = line
        pytest.fail("docs/python.md: the block at line %d failed:\n%s" % (line, traceback.format_exc()), pytrace=False)
    session["ran"].append(line)


def test_blocks_wrote_the_figures(session):
    if MATPLOTLIB_MISSING:
        pytest.skip("matplotlib is missing (%s): no figure was drawn" % MATPLOTLIB_MISSING)
    if len(session["ran"]) != len(BLOCKS):
        pytest.skip("not every block ran in this session")
    for name in figures.FIGURES:
        path = session["directory"] / name
        assert path.exists(), "the guide's blocks did not write %s" % name
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG file" % name


def test_committed_figures_match_the_page():
    with open(GUIDE, encoding="utf-8") as f:
        text = f.read()
    linked = re.findall(r"!\[[^\]]*\]\(figures/([^)]+)\)", text)
    saved = re.findall(r"savefig\(\"([^\"]+)\"", "".join(source for _, source in BLOCKS))
    assert sorted(linked) == sorted(figures.FIGURES), "docs/python.md shows %s" % linked
    assert sorted(saved) == sorted(figures.FIGURES), "docs/python.md's blocks write %s" % saved
    for name in figures.FIGURES:
        path = os.path.join(FIGURE_DIR, name)
        assert os.path.exists(path), "%s is not committed: run docs/figures/make_python_figures.py" % path
        assert os.path.getsize(path) < 120_000, "%s is over 120 KB: keep the figures small" % path
