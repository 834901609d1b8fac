#!/usr/bin/env python3
"""Makes the figures of docs/python.md by running that page's own python blocks.

The blocks run in order, in one namespace, in a temporary directory (they also
write small graph files); the PNG files they write there are then copied into
docs/figures/. So the committed figures come from the code the page shows, and
bindings/python/tests/test_python_guide.py, which runs the same blocks through
python_blocks() and run_block() below, keeps that code working. From the top
of the gg sources:

    GG_LIBRARY=build/libgg.so PYTHONPATH=bindings/python python3 docs/figures/make_python_figures.py
"""

import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GUIDE = os.path.normpath(os.path.join(HERE, "..", "python.md"))
SOURCES = os.path.normpath(os.path.join(HERE, "..", ".."))
FIGURES = ("kron-degrees.png", "kron-pagerank.png", "networkx-vs-gg.png")


def python_blocks(path=GUIDE):
    """[(line, source)]: each ```python block of a markdown file, with the line number of its first line."""
    blocks, current, start = [], None, 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.strip()
            if current is None:
                if stripped == "```python":
                    current, start = [], number + 1
            elif stripped.startswith("```"):
                blocks.append((start, "".join(current)))
                current = None
            else:
                current.append(line)
    if current is not None:
        raise ValueError("%s: the ```python block opened at line %d is never closed" % (path, start - 1))
    return blocks


def run_block(line, source, namespace, path=GUIDE):
    """Runs one block in `namespace`; tracebacks name the page and its own line numbers."""
    code = compile("\n" * (line - 1) + source, path, "exec")
    exec(code, namespace)


def main():
    os.environ.setdefault("GG_SOURCE_DIR", SOURCES)
    blocks = python_blocks()
    namespace = {"__name__": "__guide__"}
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="gg-guide-") as scratch:
        os.chdir(scratch)
        try:
            for line, source in blocks:
                run_block(line, source, namespace)
        finally:
            os.chdir(cwd)
        for name in FIGURES:
            target = os.path.join(HERE, name)
            shutil.copyfile(os.path.join(scratch, name), target)
            print("%s: %d bytes" % (os.path.relpath(target), os.path.getsize(target)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
