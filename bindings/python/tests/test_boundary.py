"""Calls added in ABI 0.2: layout names from the library, the context's device
list, and reads that pass the size of every output array; and backend names
from the library (0.3)."""

import ctypes
import warnings

import numpy as np
import pytest

import gg
from gg import _abi


def path_graph():
    return gg.Graph.from_edges([0, 1, 2], [1, 2, 3], [1.0, 2.0, 3.0])


def test_layout_names_are_the_library_ones():
    assert _abi.layout_names() == ["auto", "csr", "gshards", "cw", "vsplit", "udt", "tocab"]
    assert _abi.layout_name(4) == "vsplit" and _abi.layout_name(99) == "unknown(99)"
    assert _abi.layout_value("vsplit") == 4 and _abi.layout_value("TOCAB") == 6


def test_backend_names_are_the_library_ones():
    assert _abi.backend_names() == ["auto", "cpu", "cuda"]
    for value, name in enumerate(_abi.backend_names()):
        assert _abi.backend_name(value) == name and _abi.backend_value(name) == value
        assert _abi.backend_value(name.upper()) == value and _abi.backend_value(np.int64(value)) == value
    assert _abi.backend_name(99) == "unknown(99)"
    for wrong in ["gpu", "", "cpu\0", 99, -1, 2**40, True, None, 1.0]:
        with pytest.raises(ValueError):
            _abi.backend_value(wrong)
    # gg_backend_from_name itself: exact lower-case names only, the output untouched on failure.
    out = _abi.gg_enum(7)
    assert _abi.lib.gg_backend_from_name(b"cuda", ctypes.byref(out)) == _abi.GG_OK and out.value == 2
    out.value = 7
    assert _abi.lib.gg_backend_from_name(b"gpu", ctypes.byref(out)) == gg.InvalidArgumentError.status
    assert _abi.lib.gg_backend_from_name(b"CPU", ctypes.byref(out)) != _abi.GG_OK and out.value == 7
    assert _abi.lib.gg_backend_from_name(None, ctypes.byref(out)) != _abi.GG_OK and out.value == 7


def test_unknown_backend_is_refused_with_the_library_names():
    for call in [lambda: gg.Context(backend="gpu"), lambda: path_graph().bfs(0, backend="gpu"),
                 lambda: path_graph().bfs(0, backend=3)]:
        with pytest.raises(gg.InvalidArgumentError, match="expected one of auto, cpu, cuda"):
            call()
    with gg.Context(backend="CPU") as ctx:
        _, stats = path_graph().bfs(0, backend=1, context=ctx, return_stats=True)
        assert stats.backend == "cpu"


def test_the_library_spelling_reaches_the_run():
    # Since 0.4 the CPU backend accepts every layout and runs csr, which its stats report.
    for name in _abi.layout_names():
        depths, stats = path_graph().bfs(0, backend="cpu", layout=name, return_stats=True)
        assert depths.tolist() == [0, 1, 2, 3] and stats.layout == "csr", name
    # A value that is no gg_layout, past the binding's own check, is still refused by the library.
    options = _abi.initialized(_abi.gg_run_options, "gg_run_options_init")
    options.layout = 99
    depths = np.empty(4, np.uint32)
    with gg.Context(backend="cpu") as ctx:
        g = path_graph()
        with pytest.raises(gg.InvalidArgumentError, match="layout is 99"):
            ctx.call(_abi.lib.gg_run_bfs, g._live(), 0, depths.ctypes.data_as(_abi.u32_p), None,
                     ctypes.byref(options), None)


def test_virtual_split_is_a_deprecated_alias():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert _abi.layout_value("virtual_split") == _abi.layout_value("vsplit")
    assert [w.category for w in caught] == [DeprecationWarning]
    assert "vsplit" in str(caught[0].message)
    with pytest.warns(DeprecationWarning):
        _, stats = path_graph().bfs(0, backend="cpu", layout="virtual_split", return_stats=True)
    assert stats.layout == "csr"


def test_unknown_layout_lists_the_library_names():
    with pytest.raises(gg.InvalidArgumentError, match="vsplit, udt, tocab"):
        path_graph().bfs(0, layout="zigzag")


def test_context_devices():
    assert gg.Context().devices == [0]
    assert gg.Context(device_id=3).devices == [3]
    assert gg.Context(devices=[2, 0, 5]).devices == [2, 0, 5]
    every = gg.Context(devices="all").devices
    assert every == list(range(len(every)))
    with pytest.raises(gg.InvalidArgumentError, match="devices"):
        gg.Context(devices=[1, 1])
    with pytest.raises(gg.InvalidArgumentError, match=r"devices\[1\]"):
        gg.Context(devices=[0, -1])
    with pytest.raises(gg.InvalidArgumentError, match="devices"):
        gg.Context(devices=5)


def test_device_list_struct_fields():
    options = _abi.initialized(_abi.gg_context_options, "gg_context_options_init")
    assert not options.devices and (options.num_devices, options.all_devices) == (0, 0)


def test_read_csr_refuses_an_array_one_short():
    context = gg.Context()
    graph = gg.Graph.from_edges([0, 1, 2], [1, 2, 3], context=context)
    offsets = np.zeros(5, np.uint64)
    with pytest.raises(gg.TooLargeError, match=r"offsets holds 4 entries, but 5 \(n \+ 1\)"):
        context.call(_abi.lib.gg_graph_read_csr, graph._live(), offsets.ctypes.data_as(_abi.u64_p), 4, None, 0,
                     None, 0)
    context.call(_abi.lib.gg_graph_read_csr, graph._live(), offsets.ctypes.data_as(_abi.u64_p), 5, None, 0, None, 0)
    assert list(offsets) == [0, 1, 2, 3, 3]


def test_shards_failures_carry_the_library_message():
    shards = gg.generate("grid", rows=4, cols=4).shard(vertices_per_shard=4)
    window_offsets = np.zeros(shards.stats.num_windows + 1, np.uint64)
    with pytest.raises(gg.TooLargeError, match="window_offsets holds 16 entries, but 17"):
        shards._context.call(_abi.lib.gg_shards_read_windows, shards._live(),
                             window_offsets.ctypes.data_as(_abi.u64_p), 16)
    assert list(shards.window_offsets) == list(np.asarray(shards.window_offsets))
    assert shards.window_offsets[-1] == shards.stats.num_edges


def test_shards_read_stats_matches_the_deprecated_form():
    shards = gg.generate("urand", scale=6, degree=4).shard()
    raw = _abi.initialized(_abi.gg_shard_stats, "gg_shard_stats_init")
    assert _abi.lib.gg_shards_get_stats(shards._live(), ctypes.byref(raw)) == _abi.GG_OK
    assert (raw.num_shards, raw.num_edges, raw.max_window) == (
        shards.stats.num_shards, shards.stats.num_edges, shards.stats.max_window)
