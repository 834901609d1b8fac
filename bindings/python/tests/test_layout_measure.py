"""Graph.measure_layout (gg_layout_measure, ABI 0.7): what one layout of a graph takes."""

import pytest

import gg
from gg import _abi

from conftest import random_digraph, to_gg


def star(leaves=25):
    """Vertex 0 -> 1..leaves, directed: one hub, every leaf without out-edges."""
    return gg.Graph.from_edges([0] * leaves, list(range(1, leaves + 1)))


def test_csr_is_the_graphs_own_arrays(digraph_pair):
    _, g = digraph_pair
    info = g.measure_layout("csr")
    assert isinstance(info, gg.LayoutInfo)
    assert info.layout == "csr" and info.degree_bound == 0
    assert info.bytes == 8 * (g.n + 1) + 8 * g.m  # 8-byte offsets, 4-byte ids and 4-byte weights
    assert info.nodes == g.n and info.build_ms == 0.0


def test_vsplit_cuts_the_hub_into_groups_of_k():
    g = star(25)
    info = g.measure_layout("vsplit")
    # Default K = 10: the hub takes ceil(25 / 10) = 3 virtual nodes, each of the 25 leaves 1.
    assert (info.layout, info.degree_bound, info.nodes) == ("vsplit", 10, 3 + 25)
    assert info.build_ms >= 0.0
    zero = g.measure_layout("vsplit", degree_bound=0)  # 0, as None, takes the default
    assert (zero.degree_bound, zero.nodes, zero.bytes) == (10, info.nodes, info.bytes)
    five = g.measure_layout("vsplit", degree_bound=5)
    assert (five.degree_bound, five.nodes) == (5, 5 + 25)
    # The int value of the layout works as its name does, and a context may be named.
    with gg.Context(backend="cpu") as ctx:
        by_value = g.measure_layout(_abi.layout_value("vsplit"), context=ctx)
    assert (by_value.layout, by_value.nodes, by_value.bytes) == ("vsplit", info.nodes, info.bytes)


def test_every_layout_but_auto_is_measured():
    g = to_gg(random_digraph(30, 0.15, seed=17))
    for name in _abi.layout_names()[1:]:
        info = g.measure_layout(name)
        assert info.layout == name and info.bytes > 0, name
        assert info.degree_bound == {"vsplit": 10, "udt": 1000}.get(name, 0), name
    assert g.measure_layout("tocab").nodes == g.n
    assert g.measure_layout("gshards").nodes == g.shard().stats.num_shards
    udt = star(25).measure_layout("udt", degree_bound=2)
    assert udt.degree_bound == 2 and udt.nodes > 0  # the hub's 25 edges need added nodes at K = 2


def test_auto_is_refused_by_the_library():
    with pytest.raises(gg.InvalidArgumentError, match="gg_layout_measure") as caught:
        star().measure_layout("auto")
    assert caught.value.status == gg.InvalidArgumentError.status == -1


def test_udt_needs_a_bound_of_two():
    with pytest.raises(gg.InvalidArgumentError, match="degree_bound 1"):
        star().measure_layout("udt", degree_bound=1)


def test_bad_arguments_are_refused_before_the_call():
    g = star()
    with pytest.raises(gg.InvalidArgumentError, match="vsplit, udt, tocab"):
        g.measure_layout("zigzag")
    for bound in (-1, 2**32, True, 1.5):
        with pytest.raises(gg.InvalidArgumentError, match="degree_bound"):
            g.measure_layout("vsplit", degree_bound=bound)
    g.close()
    with pytest.raises(gg.InvalidArgumentError, match="closed"):
        g.measure_layout("csr")
