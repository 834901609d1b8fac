"""Every algorithm checked against networkx (or a direct computation) on small graphs."""

import heapq

import networkx as nx
import numpy as np
import pytest

import gg

from conftest import random_digraph, to_gg


def test_bfs_matches_shortest_path_length(digraph_pair):
    graph, g = digraph_pair
    for source in (0, graph.number_of_nodes() // 2):
        depths, parents = g.bfs(source, parents=True)
        assert depths.dtype == np.uint32
        expected = nx.single_source_shortest_path_length(graph, source)
        for v in range(g.n):
            assert depths[v] == expected.get(v, gg.UNREACHABLE), "vertex %d from %d" % (v, source)
        # Any parent one level up along an edge is valid.
        assert parents[source] == source
        for v in range(g.n):
            if v == source:
                continue
            if v in expected:
                assert graph.has_edge(int(parents[v]), v) and depths[parents[v]] + 1 == depths[v]
            else:
                assert parents[v] == gg.UNREACHABLE


def test_sssp_matches_dijkstra(digraph_pair):
    graph, g = digraph_pair
    for source in (0, graph.number_of_nodes() - 1):
        distances = g.sssp(source)
        assert distances.dtype == np.float32
        expected = nx.single_source_dijkstra_path_length(graph, source)
        for v in range(g.n):
            assert distances[v] == expected.get(v, np.inf), "vertex %d from %d" % (v, source)


def widest_paths(graph, source):
    """Reference widest path (bottleneck) widths by a max-heap Dijkstra."""
    width = {v: 0.0 for v in graph.nodes}
    width[source] = np.inf
    heap = [(-np.inf, source)]
    done = set()
    while heap:
        w, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v in graph.successors(u):
            candidate = min(-w, graph[u][v]["weight"])
            if candidate > width[v]:
                width[v] = candidate
                heapq.heappush(heap, (-candidate, v))
    return width


def test_sswp_matches_a_bottleneck_dijkstra(digraph_pair):
    graph, g = digraph_pair
    widths = g.sswp(0)
    expected = widest_paths(graph, 0)
    assert widths.tolist() == [expected[v] for v in range(g.n)]


def test_cc_labels_are_the_smallest_id_of_each_weak_component(digraph_pair):
    graph, g = digraph_pair
    labels = g.cc()
    expected = np.empty(g.n, np.uint32)
    for component in nx.weakly_connected_components(graph):
        expected[list(component)] = min(component)
    assert labels.tolist() == expected.tolist()


def test_pagerank_matches_networkx(digraph_pair):
    graph, g = digraph_pair
    ranks, stats = g.pagerank(return_stats=True)
    expected = nx.pagerank(graph, alpha=0.85, weight=None, tol=1e-10, max_iter=1000)
    assert ranks.dtype == np.float64
    assert ranks.sum() == pytest.approx(1.0, abs=1e-6)
    assert ranks.tolist() == pytest.approx([expected[v] for v in range(g.n)], abs=1e-5)
    assert stats.iterations >= 1


def test_pagerank_options_reach_the_library():
    graph = random_digraph(30, 0.1, seed=9)
    g = to_gg(graph)
    ranks, stats = g.pagerank(damping=0.5, max_iterations=3, tolerance=0.0, return_stats=True)
    assert stats.iterations == 3
    expected = nx.pagerank(graph, alpha=0.5, weight=None, tol=1e-12, max_iter=1000)
    converged = g.pagerank(damping=0.5, tolerance=1e-12, max_iterations=1000)
    assert converged.tolist() == pytest.approx([expected[v] for v in range(g.n)], abs=1e-6)


def test_bc_matches_networkx_unnormalised(digraph_pair):
    graph, g = digraph_pair
    centrality = g.bc()
    expected = nx.betweenness_centrality(graph, normalized=False)
    assert centrality.tolist() == pytest.approx([expected[v] for v in range(g.n)], rel=1e-9, abs=1e-9)


def test_bc_over_chosen_sources():
    graph = random_digraph(25, 0.15, seed=12)
    g = to_gg(graph)
    sources = [0, 3, 7]
    expected = nx.betweenness_centrality_subset(graph, sources=sources, targets=list(graph.nodes), normalized=False)
    assert g.bc(sources).tolist() == pytest.approx([expected[v] for v in range(g.n)], abs=1e-9)


def test_spmv_is_the_transposed_product(digraph_pair):
    graph, g = digraph_pair
    x = np.arange(1, g.n + 1, dtype=np.float32) / 7
    y = g.spmv(x)
    a = nx.to_scipy_sparse_array(graph, nodelist=range(g.n), weight="weight", dtype=np.float64)
    assert y.tolist() == pytest.approx((a.T @ x.astype(np.float64)).tolist(), rel=1e-5)


def test_apsp_matches_floyd_warshall(digraph_pair):
    graph, g = digraph_pair
    distances = g.apsp()
    assert distances.shape == (g.n, g.n) and distances.dtype == np.float32
    expected = nx.floyd_warshall_numpy(graph, nodelist=range(g.n), weight="weight")
    assert np.array_equal(distances, expected.astype(np.float32))


def test_partition_parts_and_edge_cut():
    graph = random_digraph(40, 0.1, seed=21)
    g = to_gg(graph)
    try:
        result = g.partition(4)
    except gg.UnsupportedError as error:
        pytest.skip("this libgg was built without METIS: %s" % error.message)
    assert result.num_parts == 4 and result.parts.shape == (40,)
    assert result.parts.max() < 4
    undirected = {(min(u, v), max(u, v)) for u, v in graph.edges if u != v}
    cut = sum(1 for u, v in undirected if result.parts[u] != result.parts[v])
    assert result.edge_cut == cut
    assert g.partition(4).parts.tolist() == result.parts.tolist()  # seeded: deterministic


def test_shards_follow_cusha_layout():
    graph = random_digraph(30, 0.15, seed=17)
    g = to_gg(graph)
    shards = g.shard(vertices_per_shard=8)
    s = shards.stats
    assert s.vertices_per_shard == 8 and s.num_shards == 4 and s.num_edges == g.m
    assert s.num_windows == 16 and sum(s.window_histogram) == 16
    offsets = shards.shard_offsets.astype(np.int64)
    assert offsets[0] == 0 and offsets[-1] == g.m
    src, dst, w = shards.src_index, shards.dst_index, shards.weights
    for j in range(s.num_shards):
        lo, hi = offsets[j], offsets[j + 1]
        assert np.all(dst[lo:hi] // 8 == j), "shard %d holds edges whose destination lies in its range" % j
        assert list(zip(src[lo:hi], dst[lo:hi])) == sorted(zip(src[lo:hi], dst[lo:hi])), "ordered by source"
    # Every stored edge appears once, with its weight.
    entries = sorted(zip(src.tolist(), dst.tolist(), w.tolist()))
    assert entries == sorted((u, v, float(d["weight"])) for u, v, d in graph.edges(data=True))
    windows = shards.window_offsets.astype(np.int64)
    assert windows.shape == (17,)
    for j in range(4):
        for i in range(4):
            lo, hi = windows[j * 4 + i], windows[j * 4 + i + 1]
            assert np.all(src[lo:hi] // 8 == i) and np.all(dst[lo:hi] // 8 == j)
    cw_offsets = shards.cw_offsets.astype(np.int64)
    mapper = shards.cw_mapper.astype(np.int64)
    assert cw_offsets[-1] == g.m
    for i in range(4):
        lo, hi = cw_offsets[i], cw_offsets[i + 1]
        assert np.all(shards.cw_src_index[lo:hi] == src[mapper[lo:hi]])
        assert np.all(src[mapper[lo:hi]] // 8 == i)
    assert sorted(mapper.tolist()) == list(range(g.m))


def test_return_stats_reports_the_backend(context):
    g = gg.Graph.from_edges([0, 1], [1, 2], context=context)
    depths, stats = g.bfs(0, return_stats=True)
    assert depths.tolist() == [0, 1, 2]
    assert isinstance(stats, gg.RunStats)
    assert stats.backend == "cpu" and stats.device_id == -1 and stats.num_threads >= 1
    assert stats.total_ms >= 0 and stats.layout == "csr"
    depths, parents, stats = g.bfs(0, parents=True, return_stats=True)
    assert parents.tolist() == [0, 0, 1] and stats.backend == "cpu"


def test_explicit_cpu_backend_and_auto_fallback_reason():
    g = gg.Graph.from_edges([0], [1])
    _, stats = g.sssp(0, backend="cpu", return_stats=True)
    assert stats.backend == "cpu" and stats.fallback_reason == ""
    with gg.Context() as ctx:
        usable, reason = ctx.cuda_available()
        _, stats = g.sssp(0, context=ctx, return_stats=True)
        if usable:
            assert stats.backend == "cuda"
        else:
            assert stats.backend == "cpu" and stats.fallback_reason == reason != ""


def test_degree_bound_with_a_gpu_layout_on_the_cpu(digraph_pair):
    # Since 0.4: the CPU backend takes vsplit (and its degree bound) and runs csr.
    _, g = digraph_pair
    expected = g.bfs(0, backend="cpu")
    depths, stats = g.bfs(0, backend="cpu", layout="vsplit", degree_bound=3, return_stats=True)
    assert np.array_equal(depths, expected)
    assert stats.backend == "cpu" and stats.layout == "csr"
    distances, stats = g.sssp(0, backend="cpu", layout="udt", degree_bound=2, return_stats=True)
    assert np.array_equal(distances, g.sssp(0, backend="cpu")) and stats.layout == "csr"
