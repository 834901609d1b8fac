"""gg.networkx against networkx's own answers on its example graphs."""

import random

import networkx as nx
import pytest

import gg
import gg.networkx as ggnx


def weighted(graph, seed, low=1, high=9):
    rng = random.Random(seed)
    for u, v in graph.edges():
        graph[u][v]["weight"] = rng.randint(low, high)
    return graph


def relabelled(graph):
    """The same graph with string labels in a shuffled node order."""
    nodes = list(graph.nodes())
    random.Random(3).shuffle(nodes)
    result = graph.__class__()
    result.add_nodes_from("n%s" % v for v in nodes)
    result.add_edges_from(("n%s" % u, "n%s" % v, d) for u, v, d in graph.edges(data=True))
    return result


def with_isolated(graph, count=5):
    """graph with `count` more nodes, none of them on an edge."""
    graph.add_nodes_from(range(len(graph), len(graph) + count))
    return graph


GRAPHS = {
    "karate": lambda: nx.karate_club_graph(),
    "lesmis": lambda: nx.les_miserables_graph(),
    "florentine": lambda: nx.florentine_families_graph(),
    "gnp_undirected": lambda: nx.gnp_random_graph(60, 0.06, seed=1),
    "gnp_directed": lambda: nx.gnp_random_graph(60, 0.05, seed=2, directed=True),
    "gnp_directed_weighted": lambda: weighted(nx.gnp_random_graph(50, 0.08, seed=4, directed=True), 5),
    "gnp_undirected_weighted": lambda: weighted(nx.gnp_random_graph(50, 0.08, seed=6), 7),
    "relabelled_directed": lambda: relabelled(nx.gnp_random_graph(40, 0.07, seed=8, directed=True)),
    "isolated_strings_undirected": lambda: relabelled(weighted(with_isolated(nx.gnp_random_graph(40, 0.08, seed=10)), 11)),
    "isolated_directed": lambda: with_isolated(nx.gnp_random_graph(40, 0.06, seed=12, directed=True)),
}


@pytest.fixture(params=sorted(GRAPHS))
def graph(request):
    return GRAPHS[request.param]()


def close(actual, expected, tol=1e-9):
    assert type(actual) is dict
    assert list(actual) == list(expected)  # keyed by G's nodes, in G's order
    for node in expected:
        assert actual[node] == pytest.approx(expected[node], rel=tol, abs=tol), node


# ---- PageRank ---------------------------------------------------------------

def test_pagerank_unweighted(graph):
    close(ggnx.pagerank(graph, weight=None), nx.pagerank(graph, weight=None))
    close(ggnx.pagerank(graph, alpha=0.5, tol=1e-10, weight=None), nx.pagerank(graph, alpha=0.5, tol=1e-10, weight=None))


def test_pagerank_default_weight_where_exact():
    graph = nx.gnp_random_graph(40, 0.1, seed=11, directed=True)  # no weight attribute: weighted == unweighted
    close(ggnx.pagerank(graph), nx.pagerank(graph))
    for u, v in graph.edges():
        graph[u][v]["weight"] = 3.0  # one weight per node's out-edges: still exact
    close(ggnx.pagerank(graph), nx.pagerank(graph))
    uniform = dict.fromkeys(graph, 2.0)
    close(ggnx.pagerank(graph, personalization=uniform, nstart=uniform, dangling=uniform),
          nx.pagerank(graph, personalization=uniform, nstart=uniform, dangling=uniform))


def test_pagerank_refuses_what_gg_cannot_do():
    graph = weighted(nx.gnp_random_graph(30, 0.1, seed=12, directed=True), 13)
    with pytest.raises(NotImplementedError, match="weight"):
        ggnx.pagerank(graph)
    ranks = {v: v + 1 for v in graph}
    for argument in ("personalization", "nstart", "dangling"):
        with pytest.raises(NotImplementedError, match=argument):
            ggnx.pagerank(graph, weight=None, **{argument: ranks})


def test_pagerank_convergence_failure_and_empty():
    graph = nx.gnp_random_graph(30, 0.1, seed=14, directed=True)
    with pytest.raises(nx.PowerIterationFailedConvergence):
        nx.pagerank(graph, max_iter=2, weight=None)
    with pytest.raises(nx.PowerIterationFailedConvergence):
        ggnx.pagerank(graph, max_iter=2, weight=None)
    assert ggnx.pagerank(nx.DiGraph()) == {}


def test_pagerank_multigraph_counts_parallel_edges():
    graph = nx.MultiDiGraph([(0, 1), (0, 1), (0, 2), (2, 0), (1, 2)])
    close(ggnx.pagerank(graph, weight=None), nx.pagerank(graph, weight=None))


# ---- shortest path lengths ----------------------------------------------------

def test_single_source_lengths(graph):
    for weight in (None, "weight"):
        for source in list(graph)[:5]:
            expected = nx.shortest_path_length(graph, source=source, weight=weight)
            actual = ggnx.shortest_path_length(graph, source=source, weight=weight)
            assert actual == expected
            assert [type(actual[v]) for v in expected] == [type(expected[v]) for v in expected]
            expected = nx.single_source_dijkstra_path_length(graph, source, weight=weight)
            assert ggnx.single_source_dijkstra_path_length(graph, source, weight=weight) == expected
            for cutoff in (0, 2, 7.5):
                assert ggnx.single_source_dijkstra_path_length(graph, source, cutoff=cutoff, weight=weight) == \
                    nx.single_source_dijkstra_path_length(graph, source, cutoff=cutoff, weight=weight)


def test_target_and_pair_lengths(graph):
    nodes = list(graph)
    for weight in (None, "weight"):
        for method in ("dijkstra", "bellman-ford"):
            for target in nodes[:3]:
                assert ggnx.shortest_path_length(graph, target=target, weight=weight, method=method) == \
                    nx.shortest_path_length(graph, target=target, weight=weight, method=method)
            for source, target in [(nodes[0], nodes[-1]), (nodes[1], nodes[1]), (nodes[2], nodes[7])]:
                try:
                    expected = nx.shortest_path_length(graph, source, target, weight=weight, method=method)
                except nx.NetworkXNoPath as error:
                    with pytest.raises(nx.NetworkXNoPath, match=str(error)):
                        ggnx.shortest_path_length(graph, source, target, weight=weight, method=method)
                else:
                    assert ggnx.shortest_path_length(graph, source, target, weight=weight, method=method) == expected


def test_all_pairs_lengths(graph):
    for weight in (None, "weight"):
        expected = dict(nx.shortest_path_length(graph, weight=weight))
        result = ggnx.shortest_path_length(graph, weight=weight)
        assert not isinstance(result, dict)  # an iterator, as networkx returns
        assert dict(result) == expected


@pytest.mark.skipif(not nx.__version__.startswith("2."),
                    reason="gg.networkx raises networkx 2.8's messages; networkx 3 words some differently")
def test_path_length_errors_match_networkx():
    graph = nx.DiGraph([(0, 1), (2, 3)])
    calls = [
        lambda m: m.shortest_path_length(graph, source=9),
        lambda m: m.shortest_path_length(graph, source=9, weight="weight"),
        lambda m: m.shortest_path_length(graph, source=9, weight="weight", method="bellman-ford"),
        lambda m: m.shortest_path_length(graph, target=9),
        lambda m: m.shortest_path_length(graph, 0, 9),
        lambda m: m.shortest_path_length(graph, 0, 3),
        lambda m: m.shortest_path_length(graph, 0, 3, weight="weight"),
        lambda m: m.shortest_path_length(graph, 0, 3, weight="weight", method="bellman-ford"),
        lambda m: m.shortest_path_length(graph, 0, 1, method="astar"),
        lambda m: m.single_source_dijkstra_path_length(graph, 9),
    ]
    for call in calls:
        with pytest.raises(Exception) as expected:
            call(nx)
        with pytest.raises(type(expected.value), match="^%s$" % expected.value):
            call(ggnx)


def test_path_lengths_refuse_inexact_weights():
    graph = nx.DiGraph()
    graph.add_edge(0, 1, weight=0.1)
    graph.add_edge(1, 2, weight=0.2)
    with pytest.raises(NotImplementedError, match="weight"):
        ggnx.single_source_dijkstra_path_length(graph, 0)
    graph[0][1]["weight"] = -1
    graph[1][2]["weight"] = 2
    with pytest.raises(NotImplementedError, match="method='bellman-ford'"):
        ggnx.shortest_path_length(graph, 0, weight="weight", method="bellman-ford")


def test_float_integer_weights_give_floats():
    graph = nx.DiGraph()
    graph.add_edge("a", "b", weight=2.0)
    graph.add_edge("b", "c", weight=3.0)
    assert ggnx.single_source_dijkstra_path_length(graph, "a") == {"a": 0, "b": 2.0, "c": 5.0}
    assert type(ggnx.single_source_dijkstra_path_length(graph, "a")["c"]) is float


# ---- connected components ----------------------------------------------------------

def test_connected_components():
    for graph in (nx.gnp_random_graph(80, 0.02, seed=s) for s in range(4)):
        expected = list(nx.connected_components(graph))
        actual = ggnx.connected_components(graph)
        assert not isinstance(actual, (list, tuple))
        assert list(actual) == expected  # same sets, same order
    shuffled = relabelled(nx.gnp_random_graph(50, 0.03, seed=9).to_directed()).to_undirected()
    assert list(ggnx.connected_components(shuffled)) == list(nx.connected_components(shuffled))
    for graph in (nx.karate_club_graph(), nx.florentine_families_graph()):
        assert list(ggnx.connected_components(graph)) == list(nx.connected_components(graph))


def test_connected_components_refuses_directed():
    with pytest.raises(nx.NetworkXNotImplemented, match="not implemented for directed type"):
        ggnx.connected_components(nx.DiGraph([(0, 1)]))


# ---- betweenness -----------------------------------------------------------------------

def test_betweenness_all_sources(graph):
    for normalized in (True, False):
        for endpoints in (False, True):
            close(ggnx.betweenness_centrality(graph, normalized=normalized, endpoints=endpoints),
                  nx.betweenness_centrality(graph, normalized=normalized, endpoints=endpoints))


@pytest.mark.skipif(not nx.__version__.startswith("2."), reason="networkx 3 rescales sampled betweenness differently")
def test_betweenness_sampled_with_seed(graph):
    for k, seed in ((5, 1), (10, 42), (len(graph), 7)):
        for normalized in (True, False):
            for endpoints in (False, True):
                close(ggnx.betweenness_centrality(graph, k=k, normalized=normalized, endpoints=endpoints, seed=seed),
                      nx.betweenness_centrality(graph, k=k, normalized=normalized, endpoints=endpoints, seed=seed))
    close(ggnx.betweenness_centrality(graph, k=6, seed=random.Random(5)),
          nx.betweenness_centrality(graph, k=6, seed=random.Random(5)))


def test_betweenness_sample_scaled_as_networkx_3_5(monkeypatch):
    # networkx 3.5 changed how a sample of k sources is scaled (its pull request 7908);
    # gg.networkx follows the installed networkx. Answers networkx 3.5 documents and tests:
    monkeypatch.setattr(ggnx, "_scales_samples_per_node", lambda nx: True)
    path = nx.path_graph(3)  # seed 42 samples 0 and 2
    assert ggnx.betweenness_centrality(path, k=2, normalized=False, endpoints=True, seed=42) == \
        pytest.approx({0: 2.25, 1: 3.0, 2: 2.25})
    assert ggnx.betweenness_centrality(path, k=2, normalized=True, endpoints=True, seed=42) == \
        pytest.approx({0: 0.75, 1: 1.0, 2: 0.75})
    # Without endpoints a sampled node had k - 1 sources, the others k; normalized by N - 1 targets.
    G = nx.gnp_random_graph(40, 0.1, seed=5, directed=True)
    k, seed = 6, 11
    sampled = random.Random(seed).sample(list(G.nodes()), k)  # networkx's sample for an int seed
    # The raw sums over the sampled sources, unscaled in every networkx version (directed).
    raw = nx.betweenness_centrality_subset(G, sources=sampled, targets=list(G), normalized=False)
    sampled = set(sampled)
    got = ggnx.betweenness_centrality(G, k=k, seed=seed)
    N = len(G) - 1
    for v in G:
        sources = k - 1 if v in sampled else k
        assert got[v] == pytest.approx(raw[v] / (sources * (N - 1)), rel=1e-12, abs=1e-15), v
    # Under the 2.8 rule the same call is networkx 2.8's.
    monkeypatch.setattr(ggnx, "_scales_samples_per_node", lambda nx: False)
    if not ggnx._scales_samples_per_node(nx) and nx.__version__.startswith("2."):
        assert ggnx.betweenness_centrality(G, k=k, seed=seed) == pytest.approx(
            nx.betweenness_centrality(G, k=k, seed=seed), rel=1e-12, abs=1e-15)


def test_betweenness_weights():
    graph = nx.gnp_random_graph(40, 0.1, seed=21)
    for u, v in graph.edges():
        graph[u][v]["w"] = 2.5
    close(ggnx.betweenness_centrality(graph, weight="w"), nx.betweenness_centrality(graph, weight="w"))
    weighted(graph, 22)
    with pytest.raises(NotImplementedError, match="weight"):
        ggnx.betweenness_centrality(graph, weight="weight")


# ---- the conversion cache --------------------------------------------------------------

def test_cache_keeps_the_conversion_while_unchanged():
    graph = nx.karate_club_graph()
    first = ggnx.to_gg(graph)
    assert isinstance(first, gg.Graph)
    ggnx.pagerank(graph, weight=None)
    assert ggnx.to_gg(graph) is first
    graph.add_edge(0, 9)  # a new edge between existing nodes
    second = ggnx.to_gg(graph)
    assert second is not first and second.m == first.m + 2
    assert ggnx.to_gg(graph) is second
    graph.add_edge(40, 41)
    assert ggnx.to_gg(graph) is not second and ggnx.to_gg(graph).n == 36
    ggnx.clear_cache(graph)
    assert ggnx.to_gg(graph) is not ggnx.to_gg(nx.karate_club_graph())


def test_cache_sees_a_weight_change_on_a_sampled_edge():
    graph = weighted(nx.path_graph(5, create_using=nx.DiGraph), 1)
    assert ggnx.single_source_dijkstra_path_length(graph, 0) == nx.single_source_dijkstra_path_length(graph, 0)
    graph[0][1]["weight"] = 100
    assert ggnx.single_source_dijkstra_path_length(graph, 0) == nx.single_source_dijkstra_path_length(graph, 0)


@pytest.mark.parametrize("directed", [False, True])
def test_self_loops_and_multigraphs(directed):
    simple = nx.gnp_random_graph(30, 0.1, seed=3, directed=directed)
    simple.add_edges_from([(1, 1), (5, 5)])
    multi = nx.MultiDiGraph(simple) if directed else nx.MultiGraph(simple)
    multi.add_edges_from([(0, 1), (0, 1), (2, 3)])
    rng = random.Random(1)
    for u, v, key in multi.edges(keys=True):
        multi[u][v][key]["weight"] = rng.randint(1, 5)  # parallel edges: networkx takes the least
    for graph in (simple, multi):
        for endpoints in (False, True):
            close(ggnx.betweenness_centrality(graph, endpoints=endpoints),
                  nx.betweenness_centrality(graph, endpoints=endpoints))
        close(ggnx.pagerank(graph, weight=None), nx.pagerank(graph, weight=None))
        for source in graph:
            assert ggnx.single_source_dijkstra_path_length(graph, source) == \
                nx.single_source_dijkstra_path_length(graph, source)
        if not directed:
            assert list(ggnx.connected_components(graph)) == list(nx.connected_components(graph))


def test_cache_converts_once_while_unchanged(monkeypatch):
    conversions = []
    real = gg.Graph.from_edges

    def counting(*args, **kwargs):
        conversions.append(kwargs.get("num_vertices"))
        return real(*args, **kwargs)

    monkeypatch.setattr(gg.Graph, "from_edges", staticmethod(counting))
    graph = nx.gnp_random_graph(30, 0.1, seed=31, directed=True)
    ggnx.pagerank(graph, weight=None)
    ggnx.betweenness_centrality(graph)
    ggnx.shortest_path_length(graph, source=0)
    assert len(conversions) == 1  # one unweighted gg graph serves all three
    ggnx.pagerank(graph, weight=None)
    ggnx.shortest_path_length(graph, source=3)
    assert len(conversions) == 1
    graph.remove_node(29)
    assert ggnx.pagerank(graph, weight=None) == pytest.approx(nx.pagerank(graph, weight=None), rel=1e-9)
    assert conversions == [30, 29]
    ggnx.clear_cache(graph)
    ggnx.pagerank(graph, weight=None)
    assert conversions == [30, 29, 29]


def test_refusals_name_the_argument():
    graph = weighted(nx.gnp_random_graph(20, 0.2, seed=32, directed=True), 33)
    with pytest.raises(NotImplementedError, match="^gg.networkx: weight is not supported: gg's PageRank is unweighted"):
        ggnx.pagerank(graph)
    with pytest.raises(NotImplementedError, match="^gg.networkx: personalization is not supported"):
        ggnx.pagerank(graph, weight=None, personalization={0: 1.0})
    with pytest.raises(NotImplementedError, match="^gg.networkx: weight is not supported: a weight function"):
        ggnx.shortest_path_length(graph, 0, weight=lambda u, v, d: 1)
    with pytest.raises(NotImplementedError, match="^gg.networkx: weight is not supported: a weight function"):
        ggnx.single_source_dijkstra_path_length(graph, 0, weight=lambda u, v, d: 1)
    with pytest.raises(NotImplementedError, match="^gg.networkx: weight is not supported: gg's betweenness"):
        ggnx.betweenness_centrality(graph, weight="weight")


# ---- bipartite matching ------------------------------------------------------------------

def bipartite_graphs():
    for seed in range(4):
        graph = nx.bipartite.random_graph(15 + seed, 20, 0.12, seed=seed)
        top = [v for v, side in graph.nodes(data="bipartite") if side == 0]
        yield graph, top
        yield relabelled(graph), ["n%s" % v for v in top]
        directed = nx.DiGraph()
        directed.add_nodes_from(graph)
        for u, v in graph.edges():  # edges both ways round; networkx follows those leaving a top node
            directed.add_edge(*((u, v) if (u + v + seed) % 3 else (v, u)))
        yield directed, top
    yield nx.complete_bipartite_graph(4, 6), range(4)
    yield with_isolated(nx.complete_bipartite_graph(3, 3)), [0, 1, 2, 6]


def check_matching(matches, graph, top):
    top = set(top)
    for u, v in matches.items():
        assert matches[v] == u
        assert (u in top) != (v in top)
        a, b = (u, v) if u in top else (v, u)
        assert graph.has_edge(a, b)


@pytest.mark.parametrize("call", ["maximum_matching", "hopcroft_karp_matching"])
def test_matching_is_maximum(call):
    for graph, top in bipartite_graphs():
        expected = getattr(nx.bipartite, call)(graph, top_nodes=top)
        actual = getattr(ggnx.bipartite, call)(graph, top_nodes=top)
        assert type(actual) is dict
        assert len(actual) == len(expected)  # both directions of equally many pairs
        check_matching(actual, graph, top)
        if nx.is_connected(graph.to_undirected()):
            assert len(getattr(ggnx.bipartite, call)(graph)) == len(getattr(nx.bipartite, call)(graph))


def test_matching_errors_as_networkx():
    disconnected = nx.Graph([(0, 1), (2, 3)])
    with pytest.raises(nx.AmbiguousSolution):
        nx.bipartite.maximum_matching(disconnected)
    with pytest.raises(nx.AmbiguousSolution):
        ggnx.bipartite.maximum_matching(disconnected)
    triangle = nx.cycle_graph(3)
    with pytest.raises(nx.NetworkXError, match="not bipartite"):
        ggnx.bipartite.maximum_matching(triangle)
    with pytest.raises(nx.NetworkXError, match="joins two top nodes"):
        ggnx.bipartite.maximum_matching(triangle, top_nodes=[0, 1])
    with pytest.raises(KeyError):
        ggnx.bipartite.maximum_matching(disconnected, top_nodes=[0, 9])
    assert ggnx.bipartite.maximum_matching(nx.Graph(), top_nodes=[]) == {}
    from gg.networkx import bipartite
    import gg.networkx.bipartite as module
    assert bipartite is module and bipartite.maximum_matching is ggnx.hopcroft_karp_matching
