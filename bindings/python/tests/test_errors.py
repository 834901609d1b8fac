"""Failures raise the gg.Error subclass of their status, carrying the library's message."""

import threading

import numpy as np
import pytest

import gg


def test_source_out_of_range_names_the_source():
    g = gg.Graph.from_edges([0, 1], [1, 2])
    with pytest.raises(gg.InvalidArgumentError) as info:
        g.bfs(7)
    error = info.value
    assert error.status == -1 and error.status_name == "invalid argument"
    assert "gg_run_bfs" in error.message and "7" in error.message and "3" in error.message
    assert isinstance(error, ValueError) and isinstance(error, gg.Error)
    assert str(error).startswith("invalid argument: ")


def test_negative_weight_names_the_edge():
    g = gg.Graph.from_edges([0, 1], [1, 2], [1.0, -2.5])
    with pytest.raises(gg.InvalidArgumentError, match=r"1 -> 2.*-2\.5"):
        g.sssp(0)
    with pytest.raises(gg.InvalidArgumentError, match=r"-2\.5"):
        g.apsp()


def test_bad_edge_is_named():
    with pytest.raises(gg.InvalidArgumentError, match="5"):
        gg.Graph.from_edges([0, 5], [1, 1], num_vertices=3)
    with pytest.raises(gg.InvalidArgumentError, match="not finite"):
        gg.Graph.from_edges([0], [1], [np.inf])


def test_missing_file_is_an_io_error_naming_the_path(tmp_path):
    path = tmp_path / "does-not-exist.el"
    with pytest.raises(gg.InputOutputError) as info:
        gg.load(path)
    assert str(path) in info.value.message and isinstance(info.value, OSError)


def test_parse_error_names_file_and_line(tmp_path):
    path = tmp_path / "broken.el"
    path.write_text("0 1\n1 2\nthree four\n")
    with pytest.raises(gg.ParseError) as info:
        gg.load(path)
    assert "broken.el" in info.value.message and ":3" in info.value.message


def test_gpu_layouts_run_csr_on_the_cpu():
    # Since 0.4 the CPU backend accepts every layout, runs csr and says so; a name
    # that is no layout is still refused.
    g = gg.Graph.from_edges([0, 1], [1, 2])
    for layout in ["gshards", "cw", "vsplit", "udt", "tocab"]:
        depths, stats = g.bfs(0, backend="cpu", layout=layout, return_stats=True)
        assert depths.tolist() == [0, 1, 2] and stats.layout == "csr", layout
    centrality, stats = g.bc(backend="cpu", layout="udt", return_stats=True)
    assert centrality.tolist() == [0.0, 1.0, 0.0] and stats.layout == "csr"
    with pytest.raises(gg.InvalidArgumentError, match="layout is 'zigzag'"):
        g.bfs(0, backend="cpu", layout="zigzag")


def test_cpu_pagerank_runs_tocab_when_asked():
    # The CPU's PageRank runs its two source blocks for layout tocab and reports
    # it; the ranks are within rounding of the one pass's.
    src = [v for v in range(40) for k in range(1, 4)]
    dst = [(v * 7 + k * 13) % 40 for v in range(40) for k in range(1, 4)]
    g = gg.Graph.from_edges(src, dst)
    blocked, stats = g.pagerank(backend="cpu", layout="tocab", return_stats=True)
    assert stats.layout == "tocab"
    one_pass, stats = g.pagerank(backend="cpu", layout="csr", return_stats=True)
    assert stats.layout == "csr"
    assert np.allclose(blocked, one_pass, rtol=0, atol=1e-13) and abs(blocked.sum() - 1) < 1e-9


def test_binding_side_checks_raise_before_the_call():
    g = gg.Graph.from_edges([0], [1])
    with pytest.raises(gg.InvalidArgumentError, match="src\\[1\\] = -4 is negative"):
        gg.Graph.from_edges([0, -4], [1, 1])
    with pytest.raises(gg.InvalidArgumentError, match="src has 2 entries but dst has 1"):
        gg.Graph.from_edges([0, 1], [1])
    with pytest.raises(gg.InvalidArgumentError, match="weights has 1 entries; 2 are needed"):
        gg.Graph.from_edges([0, 1], [1, 0], [1.0])
    with pytest.raises(gg.InvalidArgumentError, match="does not fit"):
        gg.Graph.from_edges([2**32], [0])
    with pytest.raises(gg.InvalidArgumentError, match="x has 3 entries; 2 are needed"):
        g.spmv([1, 2, 3])
    with pytest.raises(gg.InvalidArgumentError, match="backend is 'gpu'"):
        g.bfs(0, backend="gpu")
    with pytest.raises(gg.InvalidArgumentError, match="source is -1"):
        g.bfs(-1)
    with pytest.raises(gg.InvalidArgumentError, match="offsets\\[-1\\] is 3 but indices has 2"):
        gg.Graph.from_csr([0, 1, 3], [0, 1])


def test_options_checked_by_the_library():
    g = gg.Graph.from_edges([0], [1])
    with pytest.raises(gg.InvalidArgumentError, match="damping"):
        g.pagerank(damping=1.5)
    with pytest.raises(gg.InvalidArgumentError, match="num_parts"):
        g.partition(0)


def test_degree_bound_is_checked_by_the_binding():
    g = gg.Graph.from_edges([0], [1])
    for wrong in [-1, 2**32, 2.5, "3"]:
        with pytest.raises(gg.InvalidArgumentError, match="degree_bound"):
            g.bfs(0, layout="vsplit", degree_bound=wrong)


def test_unknown_status_codes_still_raise_gg_error():
    error = gg.errors.error_for(-99, "from the future")
    assert type(error) is gg.Error and error.status == -99 and error.message == "from the future"


def test_log_callback_sees_failures():
    lines = []
    with gg.Context(backend="cpu", log=lambda level, message: lines.append((level, message)),
                    log_level="error") as ctx:
        g = gg.Graph.from_edges([0], [1], context=ctx)
        with pytest.raises(gg.InvalidArgumentError):
            g.sssp(5)
    assert len(lines) == 1 and lines[0][0] == "error" and "source 5" in lines[0][1]


def test_threads_sharing_a_context_each_get_their_own_message():
    """Many threads fail with distinct messages on one context, interleaved with successes."""
    ctx = gg.Context(backend="cpu", num_threads=1)
    g = gg.Graph.from_edges(np.arange(99), np.arange(1, 100), context=ctx)  # a path of 100 vertices
    mismatches = []
    barrier = threading.Barrier(8)

    def worker(index):
        barrier.wait()
        for round_ in range(40):
            bad_source = 1000 + index * 1000 + round_
            try:
                g.bfs(bad_source)
                mismatches.append("source %d did not fail" % bad_source)
            except gg.InvalidArgumentError as error:
                if "source %d " % bad_source not in error.message:
                    mismatches.append("source %d got %r" % (bad_source, error.message))
            if g.bfs(index)[99] != 99 - index:
                mismatches.append("wrong depths from %d" % index)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert mismatches == []
