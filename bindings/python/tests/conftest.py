"""Shared fixtures: small seeded graphs, as networkx graphs and gg graphs side by side."""

import random

import networkx as nx
import numpy as np
import pytest

import gg


def random_digraph(n, p, seed, max_weight=9):
    """A seeded directed G(n, p) graph with integer weights in [1, max_weight]."""
    graph = nx.gnp_random_graph(n, p, seed=seed, directed=True)
    rng = random.Random(seed)
    for u, v in graph.edges:
        graph[u][v]["weight"] = rng.randint(1, max_weight)
    return graph


def to_gg(graph, context=None):
    """gg graph with the same vertex ids, edges and weights as a networkx graph on 0..n-1."""
    edges = list(graph.edges(data="weight", default=1))
    src = np.array([u for u, _, _ in edges], dtype=np.int64)
    dst = np.array([v for _, v, _ in edges], dtype=np.int64)
    weights = np.array([w for _, _, w in edges], dtype=np.float32)
    return gg.Graph.from_edges(src, dst, weights, directed=graph.is_directed(), num_vertices=graph.number_of_nodes(),
                               context=context)


@pytest.fixture(params=[(12, 0.2, 1), (40, 0.06, 2), (60, 0.03, 3), (25, 0.3, 4)],
                ids=["n12", "n40-sparse", "n60-forest", "n25-dense"])
def digraph_pair(request):
    """(networkx DiGraph, gg.Graph) for several shapes, including disconnected ones."""
    n, p, seed = request.param
    graph = random_digraph(n, p, seed)
    with to_gg(graph) as g:
        yield graph, g


@pytest.fixture
def context():
    with gg.Context(backend="cpu") as ctx:
        yield ctx
