"""Distributed contexts (gg.Context(mpi=...), ABI 0.7), in this one process.

A "world" context of one process is a real distributed context: gg initialises
MPI itself (MPI_Init_thread, singleton) and every graph made with it is a
distributed graph, whose runs go through the distributed plan and the MPI
communicator. Its answers must be the plain context's. The tests that need
MPI skip, giving the library's reason, when gg was built without it. Runs over
several processes are the example's to show (examples/distributed_pagerank.py,
under mpirun).
"""

import ctypes
import os

import numpy as np
import pytest

import gg
from gg import _abi

from conftest import random_digraph


@pytest.fixture(scope="module")
def world():
    """A distributed context over MPI_COMM_WORLD: this process alone (one rank)."""
    try:
        ctx = gg.Context(backend="cpu", mpi="world", mpi_timeout_s=120)
    except gg.UnsupportedError as error:
        pytest.skip("gg was built without MPI: %s" % error.message)
    with ctx:
        yield ctx


@pytest.fixture(scope="module")
def plain():
    with gg.Context(backend="cpu") as ctx:
        yield ctx


def edge_arrays(n=40, p=0.08, seed=5):
    graph = random_digraph(n, p, seed)
    edges = list(graph.edges(data="weight"))
    src = np.array([u for u, _, _ in edges], dtype=np.uint32)
    dst = np.array([v for _, v, _ in edges], dtype=np.uint32)
    weights = np.array([w for _, _, w in edges], dtype=np.float32)
    return n, src, dst, weights


def algorithms():
    """(name, run(graph, **keywords)) of every run a distributed plan serves."""
    x = np.linspace(-1, 2, 40).astype(np.float32)
    return [
        ("bfs", lambda g, **k: g.bfs(3, **k)),
        ("sssp", lambda g, **k: g.sssp(3, **k)),
        ("sswp", lambda g, **k: g.sswp(3, **k)),
        ("cc", lambda g, **k: g.cc(**k)),
        ("pagerank", lambda g, **k: g.pagerank(**k)),
        ("bc", lambda g, **k: g.bc(sources=[0, 3, 7], **k)),
        ("spmv", lambda g, **k: g.spmv(x, **k)),
    ]


def assert_same(name, got, expected):
    if name in ("pagerank", "bc", "spmv"):
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-9, err_msg=name)
    else:
        np.testing.assert_array_equal(got, expected, err_msg=name)


# ---- the ABI: no MPI needed ---------------------------------------------------


def test_context_options_match_the_library():
    options = _abi.initialized(_abi.gg_context_options, "gg_context_options_init")
    assert options.struct_size == ctypes.sizeof(_abi.gg_context_options), "C says %d bytes, ctypes %d" % (
        options.struct_size, ctypes.sizeof(_abi.gg_context_options))
    # The fields of 0.7 close the struct, in the header's order, with its defaults.
    assert _abi.gg_context_options.mpi.offset > _abi.gg_context_options.all_devices.offset
    assert _abi.gg_context_options.mpi_timeout_s.offset + 8 == ctypes.sizeof(_abi.gg_context_options)
    assert (options.mpi, options.mpi_comm, options.mpi_timeout_s) == (_abi.MPI_NONE, 0, 0.0)


def test_distributed_status_has_its_error():
    assert _abi.lib.gg_status_string(-9).decode() == "distributed run failed"
    error = gg.errors.error_for(-9, "process 1 did not answer")
    assert isinstance(error, gg.DistributedError) and isinstance(error, gg.Error)
    assert isinstance(error, RuntimeError) and error.status == -9
    assert str(error) == "distributed run failed: process 1 did not answer"


def test_a_plain_context_is_rank_0_of_1(plain):
    assert (plain.rank, plain.num_ranks, plain.distributed) == (0, 1, False)
    g = gg.Graph.from_edges([0], [1], context=plain)
    assert not g.distributed


@pytest.mark.parametrize("mpi", ["universe", b"world", 1.5, True, object()])
def test_a_bad_mpi_argument_is_refused_before_the_call(mpi):
    with pytest.raises(gg.InvalidArgumentError, match="mpi"):
        gg.Context(mpi=mpi)


@pytest.mark.parametrize("timeout", [-1, float("nan"), "10", True])
def test_a_bad_timeout_is_refused_before_the_call(timeout):
    with pytest.raises(gg.InvalidArgumentError, match="mpi_timeout_s"):
        gg.Context(mpi="world", mpi_timeout_s=timeout)


def test_mpi_none_is_a_plain_context():
    with gg.Context(backend="cpu", mpi=None) as a, gg.Context(backend="cpu", mpi="none") as b:
        assert not a.distributed and not b.distributed and a.num_ranks == b.num_ranks == 1


# ---- a distributed context of one process ---------------------------------------


def test_the_world_context_is_distributed(world):
    assert world.distributed and (world.rank, world.num_ranks) == (0, 1)
    assert "rank 0 of 1" in repr(world)


def test_a_graph_from_arrays_answers_as_a_plain_one(world, plain):
    n, src, dst, weights = edge_arrays()
    with gg.Graph.from_edges(src, dst, weights, num_vertices=n, context=world) as g, \
            gg.Graph.from_edges(src, dst, weights, num_vertices=n, context=plain) as whole:
        assert g.distributed and not whole.distributed
        assert (g.n, g.m, g.directed, g.weighted) == (whole.n, whole.m, whole.directed, whole.weighted)
        assert "distributed" in repr(g)
        with g.partition_plan(2, partitioner="block", context=world) as plan:
            assert plan.num_parts == 2 and plan.replication_depth == 1
            assert sorted(set(plan.parts.tolist())) == [0, 1]
            assert sum(info.owned for info in plan.part_infos) == n
            for name, run in algorithms():
                assert_same(name, run(g, plan=plan, context=world), run(whole, context=plain))
            depths, stats = g.bfs(3, plan=plan, context=world, return_stats=True)
            assert stats.num_parts == 2 and stats.backend == "cpu" and len(stats.part_compute_ms) == 2


@pytest.mark.parametrize("partitioner", ["random", "auto"])
def test_other_partitioners_give_the_same_answers(world, plain, partitioner):
    n, src, dst, weights = edge_arrays(seed=9)
    g = gg.Graph.from_edges(src, dst, weights, num_vertices=n, directed=False, context=world)
    whole = gg.Graph.from_edges(src, dst, weights, num_vertices=n, directed=False, context=plain)
    plan = g.partition_plan(2, partitioner=partitioner, replication_depth="auto", context=world)
    assert plan.replication_depth == 1
    for name, run in algorithms():
        assert_same(name, run(g, plan=plan, context=world), run(whole, context=plain))


def test_a_generated_graph_is_the_plain_generators(world, plain):
    options = dict(scale=7, degree=6, seed=11, weighted=True)
    g = gg.generate("kron", context=world, **options)
    whole = gg.generate("kron", context=plain, **options)
    assert g.distributed and (g.n, g.m, g.directed, g.weighted) == (whole.n, whole.m, whole.directed, whole.weighted)
    plan = g.partition_plan(2, partitioner="block", context=world)
    for name, run in (a for a in algorithms() if a[0] != "spmv"):
        assert_same(name, run(g, plan=plan, context=world), run(whole, context=plain))


def test_a_ggb_file_loads_as_shares(world, plain, tmp_path):
    n, src, dst, weights = edge_arrays(seed=13)
    whole = gg.Graph.from_edges(src, dst, weights, num_vertices=n, context=plain)
    path = tmp_path / "graph.ggb"
    whole.save(path)
    g = gg.load(path, context=world)
    assert g.distributed and (g.n, g.m, g.weighted) == (whole.n, whole.m, whole.weighted)
    plan = g.partition_plan(2, partitioner="block", context=world)
    np.testing.assert_allclose(g.pagerank(plan=plan, context=world), whole.pagerank(context=plain), rtol=1e-6)
    # A text file: each process parses its byte range of the lines.
    text = tmp_path / "graph.el"
    text.write_text("0 1\n1 2\n")
    g = gg.load(text, context=world)
    assert g.distributed and (g.n, g.m) == (3, 2)
    plan = g.partition_plan(2, partitioner="block", context=world)
    assert list(g.bfs(0, plan=plan, context=world)) == [0, 1, 2]


def test_runs_need_the_plan(world):
    n, src, dst, weights = edge_arrays()
    g = gg.Graph.from_edges(src, dst, weights, num_vertices=n, context=world)
    for name, run in algorithms():
        with pytest.raises(gg.InvalidArgumentError, match="partition plan"):
            run(g, context=world)


def test_what_a_distributed_graph_refuses(world, tmp_path):
    n, src, dst, weights = edge_arrays()
    with pytest.raises(gg.InvalidArgumentError, match="num_vertices must be given"):
        gg.Graph.from_edges(src, dst, weights, context=world)
    with pytest.raises(gg.UnsupportedError, match="gg_graph_create"):
        gg.Graph.from_csr([0, 1, 1], [1], context=world)
    g = gg.Graph.from_edges(src, dst, weights, num_vertices=n, context=world)
    plan = g.partition_plan(2, partitioner="block", context=world)
    refused = [
        lambda: g.to_csr(context=world),
        lambda: g.to_csc(context=world),
        lambda: g.out_degrees(context=world),
        lambda: g.in_degrees(context=world),
        lambda: g.to_scipy(context=world),
        lambda: g.save(os.path.join(str(tmp_path), "copy.ggb"), context=world),
        lambda: g.partition(2, context=world),
        lambda: g.shard(context=world),
        lambda: g.measure_layout("csr", context=world),
        lambda: g.apsp(plan=plan, context=world),
        lambda: g.matching(n // 2, plan=plan, context=world),
    ]
    for call in refused:
        with pytest.raises(gg.UnsupportedError, match="distributed"):
            call()
    # Replicas two hops deep are built; auto stays at 1 (its cost model needs the whole graph).
    assert g.partition_plan(2, replication_depth=2, context=world).replication_depth == 2


def test_a_plan_that_releases_the_edges(world, plain):
    # ABI 0.10: the plan frees the graph's rows as it gathers them; its runs answer as before,
    # and the graph makes no other plan.
    n, src, dst, weights = edge_arrays(seed=19)
    whole = gg.Graph.from_edges(src, dst, weights, num_vertices=n, directed=False, context=plain)
    g = gg.Graph.from_edges(src, dst, weights, num_vertices=n, directed=False, context=world)
    plan = g.partition_plan(2, partitioner="random", replication_depth=1, release_graph_edges=True, context=world)
    assert plan.num_parts == 2 and plan.replication_depth == 1
    for name, run in algorithms():
        if name in ("bfs", "cc"):
            assert_same(name, run(g, plan=plan, context=world), run(whole, context=plain))
    with pytest.raises(gg.InvalidArgumentError) as refused:
        g.partition_plan(2, partitioner="random", replication_depth=1, context=world)
    assert "released" in refused.value.message and "edges" in refused.value.message, refused.value.message
    # The refusal leaves the first plan serving its runs.
    np.testing.assert_array_equal(g.bfs(3, plan=plan, context=world), whole.bfs(3, context=plain))


def test_a_plain_graph_ignores_release_graph_edges(plain):
    n, src, dst, weights = edge_arrays(seed=19)
    whole = gg.Graph.from_edges(src, dst, weights, num_vertices=n, directed=False, context=plain)
    for _ in range(2):  # the edges stay: a second plan is made as the first
        with whole.partition_plan(2, partitioner="random", release_graph_edges=True, context=plain) as plan:
            np.testing.assert_array_equal(whole.bfs(3, plan=plan, context=plain), whole.bfs(3, context=plain))
            np.testing.assert_array_equal(whole.cc(plan=plan, context=plain), whole.cc(context=plain))


def test_a_communicator_from_mpi4py(world, plain):
    # After the world context MPI is initialised, which GG_MPI_COMM requires;
    # importing mpi4py.MPI finds it so and leaves its finalisation to gg.
    MPI = pytest.importorskip("mpi4py.MPI", reason="mpi4py is not installed (Debian: python3-mpi4py)")
    n, src, dst, weights = edge_arrays(seed=17)
    whole = gg.Graph.from_edges(src, dst, weights, num_vertices=n, context=plain)
    for mpi in (MPI.COMM_WORLD, MPI.COMM_SELF.py2f()):
        with gg.Context(backend="cpu", mpi=mpi) as ctx:
            assert ctx.distributed and (ctx.rank, ctx.num_ranks) == (0, 1)
            g = gg.Graph.from_edges(src, dst, weights, num_vertices=n, context=ctx)
            plan = g.partition_plan(2, partitioner="block", context=ctx)
            np.testing.assert_array_equal(g.sssp(0, plan=plan, context=ctx), whole.sssp(0, context=plain))
