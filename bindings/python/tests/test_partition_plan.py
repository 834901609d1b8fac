"""Partitioned runs (ABI 0.3): a plan's runs equal unpartitioned ones; plan stats; bad plans."""

import ctypes

import networkx as nx
import numpy as np
import pytest

import gg
from gg import _abi

from conftest import random_digraph, to_gg


def metis_available():
    g = gg.Graph.from_edges([0, 1], [1, 2])
    try:
        g.partition(2)
    except gg.UnsupportedError:
        return False
    return True


PARTITIONERS = ["random", "block"] + (["metis"] if metis_available() else [])


def test_partitioner_names_are_the_library_ones():
    assert _abi.partitioner_names() == ["metis", "random", "block", "given", "auto"]
    assert [_abi.partitioner_value(name) for name in ("metis", "RANDOM", "block", "given", "Auto")] == [0, 1, 2, 3, 4]
    assert _abi.partitioner_name(99) == "unknown(99)"
    with pytest.raises(ValueError):
        _abi.partitioner_value("zigzag")


@pytest.mark.parametrize(
    "struct, init",
    [
        (_abi.gg_partition_plan_options, "gg_partition_plan_options_init"),
        (_abi.gg_partition_plan_stats, "gg_partition_plan_stats_init"),
        (_abi.gg_part_info, "gg_part_info_init"),
    ],
)
def test_new_struct_sizes_match_the_library(struct, init):
    assert _abi.initialized(struct, init).struct_size == ctypes.sizeof(struct)


def test_documented_plan_defaults():
    options = _abi.initialized(_abi.gg_partition_plan_options, "gg_partition_plan_options_init")
    assert (options.num_parts, options.partitioner, options.parts_length) == (2, 0, 0)
    assert not options.parts and (options.replication_depth, options.seed) == (1, 1)
    assert options.release_graph_edges == 0  # since 0.10, the struct's last member
    assert _abi.gg_partition_plan_options.release_graph_edges.offset > _abi.gg_partition_plan_options.seed.offset
    run = _abi.initialized(_abi.gg_run_options, "gg_run_options_init")
    assert not run.partition_plan
    stats = _abi.initialized(_abi.gg_run_stats, "gg_run_stats_init")
    assert not stats.part_compute_ms and not stats.part_exchange_ms and stats.part_capacity == 0


@pytest.mark.parametrize("partitioner", PARTITIONERS)
@pytest.mark.parametrize("depth", [1, 2, "auto"])
def test_partitioned_runs_equal_unpartitioned_runs(digraph_pair, partitioner, depth):
    graph, g = digraph_pair
    n = g.n
    with g.partition_plan(parts=3, partitioner=partitioner, replication_depth=depth, seed=7) as plan:
        assert plan.num_parts == 3 and plan.partitioner == partitioner
        assert 1 <= plan.replication_depth <= 8 and (depth == "auto" or plan.replication_depth == depth)
        for source in (0, n // 2):
            assert g.bfs(source, plan=plan).tolist() == g.bfs(source).tolist()
            assert g.sssp(source, plan=plan).tolist() == g.sssp(source).tolist()
            assert g.sswp(source, plan=plan).tolist() == g.sswp(source).tolist()
        depths, parents = g.bfs(0, parents=True, plan=plan)
        assert depths.tolist() == g.bfs(0).tolist()
        for v in range(n):  # any parent one level up along an edge is valid
            if v != 0 and depths[v] != gg.UNREACHABLE:
                assert graph.has_edge(int(parents[v]), v) and depths[parents[v]] + 1 == depths[v]
        assert g.cc(plan=plan).tolist() == g.cc().tolist()
        ranks = g.pagerank(plan=plan, tolerance=1e-10, max_iterations=1000)
        assert ranks.tolist() == pytest.approx(g.pagerank(tolerance=1e-10, max_iterations=1000).tolist(), abs=1e-7)
        x = np.arange(1, n + 1, dtype=np.float32) / 7
        assert g.spmv(x, plan=plan).tolist() == pytest.approx(g.spmv(x).tolist(), rel=1e-5)


@pytest.mark.parametrize("partitioner", PARTITIONERS)
def test_partitioned_bc_and_apsp(digraph_pair, partitioner):
    graph, g = digraph_pair
    with g.partition_plan(parts=2, partitioner=partitioner) as plan:
        assert g.bc(plan=plan).tolist() == pytest.approx(g.bc().tolist(), rel=1e-9, abs=1e-9)
        assert g.bc([0, 3], plan=plan).tolist() == pytest.approx(g.bc([0, 3]).tolist(), rel=1e-9, abs=1e-9)
        assert np.array_equal(g.apsp(plan=plan), g.apsp())


def test_run_stats_of_a_partitioned_run():
    graph = random_digraph(50, 0.08, seed=31)
    g = to_gg(graph)
    with gg.Context(backend="cpu") as ctx, g.partition_plan(parts=4, partitioner="block", context=ctx) as plan:
        _, stats = g.sssp(0, plan=plan, context=ctx, return_stats=True)
        assert stats.backend == "cpu" and stats.num_parts == 4
        assert stats.edge_cut == plan.edge_cut and stats.replicas == plan.replicas
        assert stats.partition_ms >= 0 and stats.exchange_ms >= 0
        assert stats.exchange_hidden_ms == 0.0  # the CPU's parts overlap nothing (ABI 0.8)
        assert stats.exchange_rounds >= 1 and stats.bytes_exchanged > 0
        assert len(stats.part_compute_ms) == 4 and len(stats.part_exchange_ms) == 4
        assert all(t >= 0 for t in stats.part_compute_ms + stats.part_exchange_ms)
        # Unpartitioned: one part, nothing exchanged.
        _, stats = g.sssp(0, context=ctx, return_stats=True)
        assert (stats.num_parts, stats.exchange_rounds, stats.edge_cut, stats.bytes_exchanged) == (1, 0, 0, 0)
        assert len(stats.part_compute_ms) <= 1


def test_auto_partitioner_chooses_block_on_a_grid_and_says_why():
    g = gg.generate("grid", rows=40, cols=50)
    with g.partition_plan(parts=4, partitioner="auto") as plan:
        assert plan.num_parts == 4 and plan.partitioner == "block"  # the one it chose, never "auto"
        assert "auto chose block" in plan.choice and plan.stats.choice == plan.choice
        assert g.bfs(0, plan=plan).tolist() == g.bfs(0).tolist()
    with g.partition_plan(parts=4, partitioner="block") as plan:  # a named partitioner: no choice to explain
        assert plan.partitioner == "block" and plan.choice == ""


def tiny_graph():
    """0 -> 1 -> 2 -> 3 -> 0, plus 2 -> 1 (the pair {1, 2} once more), a self-loop 3 -> 3 and 0 -> 4.

    Parts [0, 0, 1, 1, 1]: the undirected pairs are {0,1} {1,2} {2,3} {0,3} {0,4};
    {1,2}, {0,3} and {0,4} cross, so the edge cut is 3 (the self-loop never counts).
    """
    return gg.Graph.from_edges([0, 1, 2, 3, 2, 3, 0], [1, 2, 3, 0, 1, 3, 4], num_vertices=5)


def test_given_partition_stats_counted_by_hand():
    g = tiny_graph()
    with g.partition_plan(parts=2, partitioner=[0, 0, 1, 1, 1]) as plan:
        s = plan.stats
        assert isinstance(s, gg.PartitionPlanStats)
        assert (s.num_parts, s.partitioner, s.replication_depth) == (2, "given", 1)
        assert (s.edge_cut, s.empty_parts, s.max_part_vertices) == (3, 0, 3)
        assert s.local_edges >= g.m and s.partition_ms >= 0 and s.build_ms >= 0
        assert plan.parts.tolist() == [0, 0, 1, 1, 1] and plan.parts.dtype == np.uint32
        with pytest.raises(ValueError):
            plan.parts[0] = 1  # read-only
        infos = plan.part_infos
        assert [i.owned for i in infos] == [2, 3]
        # Depth 1: part 0 ({0, 1}) replicates 2, 3, 4; part 1 ({2, 3, 4}) replicates 0, 1.
        assert [i.replicas for i in infos] == [3, 2] and s.replicas == 5
        assert [i.neighbours for i in infos] == [1, 1]
        assert sum(i.local_edges for i in infos) == s.local_edges
        assert plan.part(1) == infos[1]
        with pytest.raises(gg.InvalidArgumentError, match="2"):
            plan.part(2)
        # Every answer as unpartitioned.
        assert g.bfs(0, plan=plan).tolist() == [0, 1, 2, 3, 1]
        assert g.cc(plan=plan).tolist() == [0, 0, 0, 0, 0]
    assert "closed" in repr(plan)


def test_given_parts_default_to_max_plus_one_and_empty_parts_are_counted():
    g = tiny_graph()
    with g.partition_plan(partitioner=np.array([2, 2, 0, 0, 0])) as plan:
        assert plan.num_parts == 3 and plan.stats.empty_parts == 1
        assert plan.part(1).owned == 0
        assert g.sssp(0, plan=plan).tolist() == g.sssp(0).tolist()


def test_more_parts_than_vertices():
    g = tiny_graph()
    with g.partition_plan(parts=8, partitioner="random") as plan:
        assert plan.stats.empty_parts >= 3
        assert g.bfs(0, plan=plan).tolist() == g.bfs(0).tolist()


def test_bad_plans_raise_with_the_library_message():
    g = tiny_graph()
    with pytest.raises(gg.InvalidArgumentError) as info:
        g.partition_plan(parts=2, partitioner=[0, 1, 0])  # 3 entries for 5 vertices
    assert "3" in info.value.message and "5" in info.value.message
    with pytest.raises(gg.InvalidArgumentError) as info:
        g.partition_plan(parts=2, partitioner=[0, 1, 0, 2, 1])  # 2 is not below 2 parts
    assert "parts[3] = 2" in info.value.message
    with pytest.raises(gg.InvalidArgumentError) as info:
        g.partition_plan(parts=0, partitioner="random")
    assert "num_parts" in info.value.message or "parts" in info.value.message
    with pytest.raises(gg.InvalidArgumentError, match="replication_depth|depth"):
        g.partition_plan(parts=2, partitioner="random", replication_depth=9)
    with pytest.raises(gg.InvalidArgumentError):
        g.partition_plan(parts=2, partitioner="given")  # no array
    # Refused by the binding before any call:
    with pytest.raises(gg.InvalidArgumentError, match="partitioner is 'zigzag'; expected one of metis, random"):
        g.partition_plan(partitioner="zigzag")
    with pytest.raises(gg.InvalidArgumentError, match="is negative"):
        g.partition_plan(partitioner=[0, -1, 0, 0, 0])
    with pytest.raises(gg.InvalidArgumentError, match='"auto"'):
        g.partition_plan(partitioner="random", replication_depth="deep")
    with pytest.raises(gg.InvalidArgumentError, match="plan must be a gg.PartitionPlan"):
        g.bfs(0, plan="random")


def test_metis_plan_or_unsupported():
    g = tiny_graph()
    if "metis" in PARTITIONERS:
        with g.partition_plan(parts=2) as plan:  # metis is the default
            assert plan.partitioner == "metis"
    else:
        with pytest.raises(gg.UnsupportedError, match="metis"):
            g.partition_plan(parts=2)


def test_a_plan_of_another_graph_is_refused():
    g, other = tiny_graph(), tiny_graph()
    with other.partition_plan(parts=2, partitioner="block") as plan:
        with pytest.raises(gg.InvalidArgumentError):
            g.bfs(0, plan=plan)


def test_closing_plans_and_graphs():
    g = tiny_graph()
    plan = g.partition_plan(parts=2, partitioner="block")
    plan.close()
    plan.close()  # harmless
    with pytest.raises(gg.InvalidArgumentError, match="closed"):
        g.bfs(0, plan=plan)
    plan = g.partition_plan(parts=2, partitioner="block")
    g.close()  # closes its plans first: the library needs the graph to outlive them
    assert plan.closed
    with pytest.raises(gg.InvalidArgumentError, match="closed"):
        plan.part(0)


def test_partitioned_runs_on_the_gpu_or_the_cpu():
    # Under auto a plan's parts run on the GPU when one is usable (gg 0.3 refused that; the
    # CUDA backend has run parts since), on the CPU otherwise; the answers are the same.
    g = tiny_graph()
    with gg.Context() as ctx:
        usable, _ = ctx.cuda_available()
        with g.partition_plan(parts=2, partitioner="block", context=ctx) as plan:
            depths, stats = g.bfs(0, plan=plan, context=ctx, return_stats=True)
            assert stats.backend == ("cuda" if usable else "cpu") and stats.num_parts == 2
            assert depths.tolist() == g.bfs(0, backend="cpu", context=ctx).tolist()
            if not usable:
                with pytest.raises(gg.UnsupportedError):
                    g.bfs(0, plan=plan, backend="cuda", context=ctx)


def test_plans_serve_runs_on_several_threads():
    import threading

    graph = random_digraph(80, 0.05, seed=41)
    g = to_gg(graph)
    expected = g.sssp(0)
    plan = g.partition_plan(parts=3, partitioner="random")
    failures = []

    def worker():
        with gg.Context(backend="cpu", num_threads=1) as ctx:
            for _ in range(10):
                if g.sssp(0, plan=plan, context=ctx).tolist() != expected.tolist():
                    failures.append("differs")

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert nx.number_of_nodes(graph) == g.n
