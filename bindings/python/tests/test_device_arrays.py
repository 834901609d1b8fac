"""Arrays in and out beyond NumPy (gg/_device.py; gg_run_options.device_arrays).

On every machine: host DLPack objects are read without a copy, the output
kinds are checked, and asking for device output without a GPU (or without
the array library) raises a clear error. Where CuPy or PyTorch and a GPU are
present (the GPU machine's gpu-check): device inputs, PyTorch Geometric's
edge_index on the GPU, and every algorithm's output="cupy"/"torch" against
its NumPy answer.
"""
import numpy as np
import pytest

import gg


class HostDLPack:
    """A minimal host DLPack producer (what a CPU tensor of another library looks like)."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()

    def __dlpack_device__(self):
        return (1, 0)


def _graph():
    src = [0, 0, 1, 2, 3, 4]
    dst = [1, 2, 3, 3, 4, 0]
    return gg.Graph.from_edges(src, dst, weights=[1.0, 4.0, 2.0, 1.0, 3.0, 0.5])


def test_host_dlpack_edges_build_the_same_graph():
    src = np.array([0, 0, 1, 2, 3, 4], np.uint32)
    dst = np.array([1, 2, 3, 3, 4, 0], np.uint32)
    g = gg.Graph.from_edges(HostDLPack(src), HostDLPack(dst))
    assert g.bfs(0).tolist() == gg.Graph.from_edges(src, dst).bfs(0).tolist()


def test_edge_index_of_shape_2_by_m():
    g = gg.Graph.from_edge_index(np.array([[0, 1, 2], [1, 2, 3]]), num_vertices=5)
    assert g.n == 5 and g.bfs(0).tolist() == [0, 1, 2, 3, gg.UNREACHABLE]
    with pytest.raises(gg.InvalidArgumentError, match=r"shape \(2, m\)"):
        gg.Graph.from_edge_index(np.zeros((3, 2), np.int64))


def test_unknown_output_kind_is_refused():
    with pytest.raises(gg.InvalidArgumentError, match="output is 'jax'"):
        _graph().bfs(0, output="jax")


def _cuda_usable():
    return gg.Context().cuda_available()[0]


def test_device_output_without_a_gpu_or_library_says_why():
    if _cuda_usable():
        pytest.skip("a GPU is usable here; the device tests below run instead")
    for output in ("cupy", "torch"):
        with pytest.raises((gg.UnsupportedError,)) as raised:
            _graph().sssp(0, output=output)
        assert "needs" in str(raised.value)


def _library(name):
    module = pytest.importorskip(name)
    if not _cuda_usable():
        pytest.skip("no usable GPU")
    return module


def _to_numpy(array):
    return array.get() if hasattr(array, "get") else array.cpu().numpy()


@pytest.mark.parametrize("output", ["cupy", "torch"])
def test_every_algorithm_writes_device_arrays(output):
    _library(output)
    g = gg.generate("kron", scale=10, degree=8, seed=3, weighted=True)
    x = np.linspace(-1, 1, g.n).astype(np.float32)
    for backend in ("cuda", "cpu"):
        cases = [
            ("bfs", lambda **k: g.bfs(5, **k)),
            ("sssp", lambda **k: g.sssp(5, **k)),
            ("sswp", lambda **k: g.sswp(5, **k)),
            ("cc", lambda **k: g.cc(**k)),
            ("pagerank", lambda **k: g.pagerank(**k)),
            ("bc", lambda **k: g.bc(sources=[0, 5, 9], **k)),
            ("spmv", lambda **k: g.spmv(x, **k)),
        ]
        for name, run in cases:
            want = run(backend=backend)
            got = run(backend=backend, output=output)
            assert type(got).__module__.split(".")[0] == output, name
            got = _to_numpy(got)
            assert got.dtype == want.dtype, name
            if name in ("pagerank", "bc", "spmv"):
                np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-9, err_msg=name)
            else:
                assert np.array_equal(got, want), (name, backend)


def test_cupy_inputs_stay_on_the_device_for_spmv_and_build_graphs():
    cupy = _library("cupy")
    src = cupy.asarray([0, 0, 1, 2, 3, 4], dtype=cupy.uint32)
    dst = cupy.asarray([1, 2, 3, 3, 4, 0], dtype=cupy.uint32)
    w = cupy.asarray([1.0, 4.0, 2.0, 1.0, 3.0, 0.5], dtype=cupy.float32)
    g = gg.Graph.from_edges(src, dst, weights=w)
    assert g.sssp(0).tolist() == _graph().sssp(0).tolist()
    x = cupy.arange(g.n, dtype=cupy.float32)
    y = g.spmv(x, output="cupy")
    assert isinstance(y, cupy.ndarray)
    np.testing.assert_allclose(y.get(), _graph().spmv(np.arange(g.n, dtype=np.float32)), rtol=1e-6)


def test_pytorch_geometric_edge_index_on_the_gpu():
    torch = _library("torch")
    edge_index = torch.tensor([[0, 0, 1, 2, 3, 4], [1, 2, 3, 3, 4, 0]], device="cuda")
    g = gg.Graph.from_edge_index(edge_index)
    ranks = g.pagerank(output="torch")
    assert ranks.is_cuda and ranks.dtype == torch.float64
    np.testing.assert_allclose(ranks.cpu().numpy(), gg.Graph.from_edges([0, 0, 1, 2, 3, 4],
                                                                        [1, 2, 3, 3, 4, 0]).pagerank(), rtol=1e-9)
