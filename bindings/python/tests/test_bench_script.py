"""bench/python/networkx_vs_gg.py: a tiny run on the CPU writes both reports with every
answer checked against networkx's, and the checks it relies on catch differences."""

import importlib.util
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SCRIPT = os.path.join(SOURCES, "bench", "python", "networkx_vs_gg.py")
CALLS = ["pagerank", "shortest_path_length", "single_source_dijkstra_path_length", "connected_components",
         "betweenness_centrality"]


def load_script():
    spec = importlib.util.spec_from_file_location("networkx_vs_gg", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_script(*args):
    env = dict(os.environ)
    binding = os.path.dirname(HERE)
    env["PYTHONPATH"] = binding + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True, env=env,
                          timeout=120)


def test_tiny_run_checks_every_answer(tmp_path):
    out_json, out_md = tmp_path / "run.json", tmp_path / "run.md"
    result = run_script("--sizes", "1e3", "--repeats", "1", "--backends", "cpu", "--networkx-timeout", "60",
                        "--json", str(out_json), "--markdown", str(out_md))
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(out_json.read_text())
    for key in ("schema", "date", "command", "machine", "versions", "options", "backends", "graphs", "checks"):
        assert key in report, key
    for key in ("cpu_model", "cores", "cuda_usable", "cuda_reason", "gpu_names"):
        assert key in report["machine"], key
    for key in ("python", "numpy", "networkx", "gg_binding", "libgg"):
        assert report["versions"][key], key
    assert report["backends"] == {"cpu": "ok"}
    assert "--sizes 1e3" in report["command"]
    (graph,) = report["graphs"]
    assert graph["networkx_graph"] == "ok" and 900 <= graph["edges"] <= 1100
    assert set(graph["conversion_s"]) == {"unweighted", "weighted"}
    assert [call["call"] for call in graph["calls"]] == CALLS
    for call in graph["calls"]:
        assert call["networkx"]["status"] == "ok" and call["networkx"]["median_s"] > 0
        ours = call["gg"]["cpu"]
        assert ours["status"] == "ok" and ours["first_s"] > 0 and len(ours["runs_s"]) == 1
        assert call["checks"]["reference"] == "networkx"
        assert call["checks"]["cpu"]["ok"], call["checks"]["cpu"]["detail"]
    assert report["checks"] == {"compared": 5, "failed": 0, "passed": True, "failures": []}
    markdown = out_md.read_text()
    assert "Checks: 5 compared, 0 different." in markdown
    assert markdown == result.stdout  # the markdown file is what it printed


def test_bad_options_are_refused():
    for args in (["--backends", "gpu"], ["--sizes", "1e2.5"], ["--repeats", "0"]):
        result = run_script(*args)
        assert result.returncode == 2, args
        assert "error" in result.stderr


def test_compare_catches_differences():
    script = load_script()
    assert script.compare("pagerank", {0: 0.5, 1: 0.5}, {0: 0.5, 1: 0.5})[0]
    assert not script.compare("pagerank", {0: 0.5, 1: 0.5}, {0: 0.5, 1: 0.5 + 1e-6})[0]
    assert not script.compare("betweenness_centrality", {0: 1.0}, {1: 1.0})[0]
    assert not script.compare("shortest_path_length", {0: 0, 1: 2}, {0: 0, 1: 1})[0]
    assert not script.compare("connected_components", [{1}, {0}], [{0}, {1}])[0]


def test_a_slow_networkx_call_is_stopped():
    script = load_script()

    def forever(nx, G, source):
        while True:
            pass

    record, answer = script.run_networkx(None, None, 0, forever, repeats=3, budget=0.2)
    assert answer is None
    assert record["status"].startswith("skipped: still running after")


@pytest.mark.parametrize("target", [100_000, 1_000_000])
def test_generated_sizes_are_near_the_target(target):
    script = load_script()
    import gg

    g, generator, _ = script.kron_graph(gg, target, 27491095)
    with g:
        assert abs(g.m // 2 - target) <= 0.1 * target, generator
