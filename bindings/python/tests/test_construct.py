"""Building graphs from arrays, scipy, networkx, files and generators."""

import networkx as nx
import numpy as np
import pytest
import scipy.sparse

import gg

from conftest import random_digraph, to_gg


def test_from_edges_directed_sorted_csr():
    with gg.Graph.from_edges([2, 0, 0, 1], [0, 2, 1, 2], [4.0, 3.0, 1.5, 2.0]) as g:
        assert (g.n, g.m, g.directed, g.weighted) == (3, 4, True, True)
        offsets, indices, weights = g.to_csr()
        assert offsets.tolist() == [0, 2, 3, 4]
        assert indices.tolist() == [1, 2, 2, 0]  # neighbour lists sorted
        assert weights.tolist() == [1.5, 3.0, 2.0, 4.0]
        assert g.out_degrees().tolist() == [2, 1, 1]
        assert g.in_degrees().tolist() == [1, 1, 2]
        in_offsets, in_indices, _ = g.to_csc()
        assert in_offsets.tolist() == [0, 1, 2, 4] and in_indices.tolist() == [2, 0, 0, 1]


def test_from_edges_undirected_stores_both_directions():
    g = gg.Graph.from_edges([0, 1, 2], [1, 2, 2], directed=False)
    assert not g.directed and not g.weighted
    assert g.m == 5  # two edges twice, the self-loop once
    assert g.to_csr()[2].tolist() == [1.0] * 5


def test_num_vertices_may_exceed_the_largest_id():
    g = gg.Graph.from_edges([0], [1], num_vertices=10)
    assert g.n == 10 and g.m == 1
    assert gg.Graph.from_edges([], []).n == 0


@pytest.mark.parametrize("policy, expected", [("min", [1.0]), ("max", [5.0]), ("sum", [8.0]), ("first", [5.0]),
                                              ("all", [1.0, 2.0, 5.0])])
def test_duplicate_policies(policy, expected):
    g = gg.Graph.from_edges([0, 0, 0], [1, 1, 1], [5.0, 1.0, 2.0], duplicates=policy)
    assert sorted(g.to_csr()[2].tolist()) == expected


def test_drop_self_loops():
    assert gg.Graph.from_edges([0, 1], [0, 0], drop_self_loops=True).m == 1


def test_from_csr_matches_from_edges():
    a = gg.Graph.from_csr([0, 2, 2, 3], [2, 1, 0], [1.0, 2.0, 3.0])
    offsets, indices, weights = a.to_csr()
    assert offsets.tolist() == [0, 2, 2, 3] and indices.tolist() == [1, 2, 0] and weights.tolist() == [2.0, 1.0, 3.0]


def test_scipy_round_trip():
    rng = np.random.default_rng(7)
    dense = (rng.random((30, 30)) < 0.1) * rng.integers(1, 10, (30, 30))
    matrix = scipy.sparse.csr_matrix(dense.astype(np.float32))
    g = gg.Graph.from_scipy(matrix)
    assert (g.n, g.m) == (30, matrix.nnz) and g.weighted
    back = g.to_scipy()
    assert back.shape == (30, 30)
    assert (back != matrix).nnz == 0
    coo = gg.Graph.from_scipy(scipy.sparse.coo_matrix(dense.astype(np.float64)))
    assert (coo.to_scipy() != matrix).nnz == 0


def test_from_networkx_keeps_integer_ids_and_weights():
    graph = random_digraph(20, 0.2, seed=11)
    g = gg.Graph.from_networkx(graph)
    assert g.nodes is None and g.n == 20 and g.m == graph.number_of_edges() and g.weighted
    back = g.to_networkx()
    assert nx.utils.graphs_equal(back, graph)


def test_from_networkx_maps_other_labels():
    graph = nx.Graph()
    graph.add_edge("a", "b", weight=2.0)
    graph.add_edge("b", "c")  # missing weight counts as 1
    g = gg.Graph.from_networkx(graph)
    assert g.nodes == ["a", "b", "c"] and not g.directed and g.m == 4
    assert g.node_index("c") == 2
    distances = g.sssp(g.node_index("a"))
    assert dict(zip(g.nodes, distances.tolist())) == {"a": 0.0, "b": 2.0, "c": 3.0}
    with pytest.raises(gg.InvalidArgumentError, match="'z' is not in the graph"):
        g.node_index("z")


def test_from_networkx_unweighted_when_no_edge_has_the_attribute():
    graph = nx.path_graph(4, create_using=nx.DiGraph)
    assert not gg.Graph.from_networkx(graph).weighted
    assert not gg.Graph.from_networkx(random_digraph(5, 0.5, 1), weight=None).weighted


def test_multigraph_parallel_edges_keep_the_minimum():
    graph = nx.MultiDiGraph()
    graph.add_edge(0, 1, weight=4.0)
    graph.add_edge(0, 1, weight=2.0)
    g = gg.Graph.from_networkx(graph)
    assert g.m == 1 and g.to_csr()[2].tolist() == [2.0]


def edge_triples(g):
    offsets, indices, weights = g.to_csr()
    sources = np.repeat(np.arange(g.n), np.diff(offsets.astype(np.int64)))
    return list(zip(sources.tolist(), indices.tolist(), weights.tolist()))


@pytest.mark.parametrize("extension, keeps_n, keeps_weights", [
    (".el", False, False), (".wel", False, True), (".mtx", True, True), (".gr", True, True), (".ggb", True, True)])
def test_save_and_load_round_trip(tmp_path, extension, keeps_n, keeps_weights):
    graph = random_digraph(15, 0.2, seed=5)
    original = to_gg(graph)
    path = tmp_path / ("g" + extension)
    original.save(path)
    loaded = gg.load(path)
    expected = edge_triples(original)
    if not keeps_weights:
        expected = [(u, v, 1.0) for u, v, _ in expected]
    assert edge_triples(loaded) == expected
    assert loaded.weighted == keeps_weights
    if keeps_n:
        assert loaded.n == original.n
    else:  # edge lists declare no size: n is the largest id + 1
        assert loaded.n == max(max(u, v) for u, v, _ in expected) + 1


def test_load_undirected_option(tmp_path):
    path = tmp_path / "tiny.el"
    path.write_text("# a comment\n0 1\n1 2\n")
    assert gg.load(path).m == 2
    assert gg.load(str(path), directed=False).m == 4


def test_load_max_vertices(tmp_path):
    # 17,000,000 declared vertices for one edge: above max(2^24, 64 x 1), refused by default.
    path = tmp_path / "sparse.mtx"
    path.write_text("%%MatrixMarket matrix coordinate pattern general\n17000000 17000000 1\n1 2\n")
    with pytest.raises(gg.TooLargeError) as info:
        gg.load(path)
    assert "max_vertices" in info.value.message
    g = gg.load(path, max_vertices=17000000)
    assert g.n == 17000000 and g.m == 1
    with pytest.raises(gg.InvalidArgumentError, match="max_vertices"):
        gg.load(path, max_vertices=-1)


def test_generate_grid_shape():
    g = gg.generate("grid", rows=3, cols=4)
    assert g.n == 12
    assert g.m == 2 * (3 * 3 + 2 * 4)  # horizontal and vertical neighbours, both directions
    assert not g.directed


def test_generate_is_deterministic_and_seeded():
    a = gg.generate("kron", scale=6, degree=4, seed=3, weighted=True, weight_range=(1, 9))
    b = gg.generate("kron", scale=6, degree=4, seed=3, weighted=True, weight_range=(1, 9))
    c = gg.generate("kron", scale=6, degree=4, seed=4)
    assert a.n == 64 and a.weighted and not c.weighted
    for x, y in zip(a.to_csr(), b.to_csr()):
        assert np.array_equal(x, y)
    weights = a.to_csr()[2]
    assert weights.min() >= 1 and weights.max() <= 9 and np.all(weights == np.round(weights))
    assert not np.array_equal(a.to_csr()[1], c.to_csr()[1])
    assert gg.generate("urand", scale=5, degree=2, symmetrize=False).directed


def test_graph_outlives_its_context():
    ctx = gg.Context(backend="cpu")
    g = gg.Graph.from_edges([0, 1], [1, 2], context=ctx)
    ctx.close()
    assert ctx.closed
    with pytest.raises(gg.InvalidArgumentError, match="closed"):
        g.bfs(0)
    with gg.Context(backend="cpu") as other:
        assert g.bfs(0, context=other).tolist() == [0, 1, 2]


def test_close_and_context_managers():
    with gg.Graph.from_edges([0], [1]) as g:
        assert not g.closed
    assert g.closed
    with pytest.raises(gg.InvalidArgumentError, match="has been closed"):
        g.n
    g.close()  # closing twice is harmless
    shards = gg.Graph.from_edges([0], [1]).shard()
    with shards:
        pass
    with pytest.raises(gg.InvalidArgumentError, match="closed"):
        shards.src_index
