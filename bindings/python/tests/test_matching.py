"""Graph.matching against networkx's Hopcroft-Karp on seeded random bipartite graphs."""

import random

import networkx as nx
import numpy as np
import pytest
from networkx.algorithms import bipartite

import gg


def backends():
    """"cpu", and "cuda" where a GPU is usable."""
    names = ["cpu"]
    with gg.Context(backend="cpu") as ctx:
        usable, _ = ctx.cuda_available()
    if usable:
        names.append("cuda")
    return names


def random_bipartite(n1, n2, p, seed, directed=True):
    """networkx's random bipartite graph (left 0..n1-1) and the gg graph of its edges, each
    stored in a random direction (or both ways when undirected)."""
    graph = bipartite.random_graph(n1, n2, p, seed=seed)
    rng = random.Random(seed)
    pairs = [(u, v) if rng.random() < 0.5 else (v, u) for u, v in graph.edges]
    src = np.array([u for u, _ in pairs], dtype=np.int64)
    dst = np.array([v for _, v in pairs], dtype=np.int64)
    return graph, gg.Graph.from_edges(src, dst, directed=directed, num_vertices=n1 + n2)


def expected_size(graph, n1):
    return len(bipartite.hopcroft_karp_matching(graph, top_nodes=range(n1))) // 2


def check_matching(graph, n1, mates, size):
    assert mates.dtype == np.uint32 and mates.size == graph.number_of_nodes()
    pairs = 0
    for v, m in enumerate(mates.tolist()):
        if m == gg.UNMATCHED:
            continue
        assert mates[m] == v, "vertex %d has mate %d, whose mate is %d" % (v, m, mates[m])
        assert (v < n1) != (m < n1), "vertex %d is matched on its own side" % v
        assert graph.has_edge(v, m), "vertex %d is matched to %d without an edge" % (v, m)
        pairs += 1
    assert pairs == 2 * size


@pytest.mark.parametrize("n1,n2,p,seed", [(10, 12, 0.3, 1), (40, 25, 0.05, 2), (60, 60, 0.03, 3),
                                          (80, 50, 0.2, 4), (30, 90, 0.02, 5), (120, 110, 0.015, 6),
                                          (50, 50, 0.9, 7), (200, 150, 0.01, 8)])
@pytest.mark.parametrize("directed", [True, False], ids=["directed", "undirected"])
def test_matching_size_equals_hopcroft_karp(n1, n2, p, seed, directed):
    graph, g = random_bipartite(n1, n2, p, seed, directed)
    with g:
        expected = expected_size(graph, n1)
        for backend in backends():
            mates, size, stats = g.matching(n1, backend=backend, return_stats=True)
            assert size == expected, "%s: %d pairs, networkx's Hopcroft-Karp has %d" % (backend, size, expected)
            check_matching(graph, n1, mates, size)
            assert stats.backend == backend and stats.iterations >= 1


def test_matching_one_side_empty_and_isolated_vertices():
    with gg.Graph.from_edges(np.array([], np.int64), np.array([], np.int64), num_vertices=5) as g:
        for num_left in (0, 2, 5):
            mates, size = g.matching(num_left)
            assert size == 0 and (mates == gg.UNMATCHED).all()
    # Left 0, 1; right 2, 3, 4: 4 is isolated, 0-2 and 1-2 compete.
    with gg.Graph.from_edges([0, 2], [2, 1], num_vertices=5) as g:
        mates, size = g.matching(2)
        assert size == 1 and mates[4] == gg.UNMATCHED and mates[mates[2]] == 2


def test_matching_errors():
    # 0 -> 1 joins two left vertices when the left side is {0, 1, 2}.
    with gg.Graph.from_edges([0, 0], [1, 3], num_vertices=4) as g:
        with pytest.raises(gg.InvalidArgumentError, match="0 -> 1 joins two left vertices"):
            g.matching(3)
        with pytest.raises(gg.InvalidArgumentError, match="num_left 5"):
            g.matching(5)
        with pytest.raises(gg.InvalidArgumentError, match="num_left"):
            g.matching(-1)
        mates, size = g.matching(1)
        assert size == 1 and mates[0] in (1, 3)
    with gg.Graph.from_edges([2], [2], num_vertices=4) as g:
        with pytest.raises(gg.InvalidArgumentError, match="self-loop"):
            g.matching(2)
    with gg.Graph.from_edges([0, 1], [2, 3], num_vertices=4) as g:
        with g.partition_plan(2, partitioner="block") as plan:
            with pytest.raises(gg.UnsupportedError, match="partitioned"):
                g.matching(2, plan=plan)
