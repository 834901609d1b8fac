"""gg.Graph: an immutable graph owned by the C library, and its algorithms.

Every algorithm returns numpy arrays indexed by vertex id (0-based). Runs
accept these keyword arguments besides their own:

    backend   "auto" (the context's choice), "cpu" or "cuda" (the library's names,
              gg_backend_name)
    layout    "auto", "csr", "gshards", "cw", "vsplit", "udt", "tocab" (the library's
              names, gg_layout_name; "virtual_split" is a deprecated alias of "vsplit").
              The CPU backend accepts every layout and runs csr, but "tocab" for
              pagerank when asked or where it pays (RunStats.layout says which).
    degree_bound
              K of the "vsplit" layout (a vertex's edges are cut into groups of at
              most K, one thread each) and of "udt" (at least 2: each tree node
              keeps at most K edges); None or 0 takes Tigr's defaults, 10 for the
              split and 1000 for UDT. Other layouts ignore it. Since ABI 0.4.
    context   the gg.Context to run with (default: the graph's own)
    plan      a gg.PartitionPlan of this graph (Graph.partition_plan): the run
              goes partitioned over its parts and returns the same answers. A
              distributed graph (gg.Context(mpi=...), ABI 0.7) needs it: the run
              is then collective and every process gets the whole answer
    return_stats
              when True, the result is followed by a gg.RunStats: a single
              array becomes (array, stats), a tuple gets stats appended.
    output    "numpy" (default), "cupy" or "torch": the arrays come back as NumPy
              arrays, or as CuPy arrays / PyTorch tensors on the context's first
              GPU, written there by the library with no copy through the host on
              an unpartitioned CUDA run (gg_run_options.device_arrays; the
              _device module says more). Since ABI 0.6.

Arrays handed in (edges, CSR arrays, spmv's x) may be NumPy arrays, anything
numpy reads, host DLPack tensors (wrapped without a copy), or CuPy / PyTorch
device arrays.
"""

import ctypes
import weakref
from ctypes import c_double

import numpy as np

from . import _abi, _device
from ._abi import lib
from ._handle import OwnedHandle
from ._convert import (
    UINT32_MAX,
    UINT64_MAX,
    backend_value,
    checked_int,
    enum_value,
    id_array,
    path_bytes,
    pointer,
    value_array,
    vertex,
)
from .context import resolve
from .errors import InvalidArgumentError, OutOfMemoryError, UnsupportedError
from .partition_plan import PartitionPlan, plan_options
from .results import LayoutInfo, Partition, RunStats, Shards

#: The depth BFS gives to unreachable vertices (UINT32_MAX).
UNREACHABLE = UINT32_MAX

#: The mate Graph.matching gives to unmatched vertices (UINT32_MAX).
UNMATCHED = UINT32_MAX


def graph_options(directed=True, duplicates="min", drop_self_loops=False, max_edges=None, max_vertices=None):
    """A gg_graph_options from keyword arguments (None keeps the library's default)."""
    options = _abi.initialized(_abi.gg_graph_options, "gg_graph_options_init")
    options.undirected = 0 if directed else 1
    options.duplicates = enum_value(_abi.DUPLICATES, duplicates, "duplicates")
    options.drop_self_loops = 1 if drop_self_loops else 0
    if max_edges is not None:
        options.max_edges = checked_int(max_edges, "max_edges", 0, UINT64_MAX)
    if max_vertices is not None:
        options.max_vertices = checked_int(max_vertices, "max_vertices", 0, UINT64_MAX)
    return options


def _layout_value(layout):
    """The C value of a layout: a library name (gg_layout_name) or its int value.

    Call it straight from the public method, so that the DeprecationWarning of
    "virtual_split" (stacklevel 4 in _abi.layout_value) names the caller's line.
    """
    try:
        return _abi.layout_value(layout)
    except ValueError:
        raise InvalidArgumentError(
            "layout is %r; expected one of %s" % (layout, ", ".join(_abi.layout_names()))
        ) from None


def _run_options(backend=None, layout=None, plan=None, **numbers):
    options = _abi.initialized(_abi.gg_run_options, "gg_run_options_init")
    if plan is not None:
        if not isinstance(plan, PartitionPlan):
            raise InvalidArgumentError("plan must be a gg.PartitionPlan, not %s" % type(plan).__name__)
        options.partition_plan = plan._live()
    if backend is not None:
        options.backend = backend_value(backend)
    if layout is not None:
        try:
            options.layout = _abi.layout_value(layout)
        except ValueError:
            raise InvalidArgumentError(
                "layout is %r; expected one of %s" % (layout, ", ".join(_abi.layout_names()))
            ) from None
    for name, value in numbers.items():
        if value is None:
            continue
        if name in ("max_iterations", "degree_bound", "device_arrays"):
            value = checked_int(value, name, 0, UINT32_MAX)
        elif not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, bool):
            raise InvalidArgumentError("%s must be a number, not %s" % (name, type(value).__name__))
        setattr(options, name, value)
    return options


def _on_device(output):
    """gg_run_options.device_arrays for an output kind (None keeps the default, host memory)."""
    return None if output == "numpy" else 1


class Graph(OwnedHandle):
    """An immutable directed graph (an undirected one stores both directions).

    Build one with Graph.from_edges, from_csr, from_scipy, from_networkx,
    gg.load or gg.generate. It may be shared by threads; release it with
    close() or a `with` block, or let the finalizer do it.

    Properties: n, m (stored directed edges), directed, weighted, distributed,
    and nodes (the original node labels when built from networkx with
    non-0..n-1 labels, else None).

    A graph made in a distributed context (gg.Context(mpi=...), since ABI 0.7)
    is distributed: each process holds a share of its edges. It answers n, m,
    directed and weighted (the whole graph's); partition_plan() over it is
    collective, and runs over that plan are collective and give every process
    the whole answer. Runs without the plan raise gg.InvalidArgumentError;
    to_csr, to_csc, out_degrees, in_degrees, save, partition, shard,
    measure_layout, to_scipy and to_networkx raise gg.UnsupportedError;
    apsp, matching and programs refuse it.
    """

    _kind = "gg.Graph"

    def __init__(self, handle, context, nodes=None):
        # Private: use the constructors above.
        self._handle = handle
        self._context = context
        self._distributed = context.distributed
        self._finalizer = weakref.finalize(self, lib.gg_graph_destroy, handle)
        self._plans = weakref.WeakSet()  # closed before the graph: the library needs the graph to outlive them
        self.nodes = nodes
        self._node_index = None

    # ---- construction -----------------------------------------------------
    @classmethod
    def _create(cls, context, function, *args, nodes=None):
        context = resolve(context)
        handle = _abi.graph_p()
        context.call(function, *args, ctypes.byref(handle))
        return cls(handle, context, nodes)

    @classmethod
    def from_edges(cls, src, dst, weights=None, directed=True, num_vertices=None, duplicates="min",
                   drop_self_loops=False, max_edges=None, context=None):
        """A graph from edge arrays: edge i goes from src[i] to dst[i].

        num_vertices defaults to the largest id + 1. directed=False stores
        every edge in both directions. duplicates is "min" (default), "max",
        "sum", "first" or "all" (keep a multigraph). Unweighted graphs get
        weight 1 everywhere.

        In a distributed context (gg.Context(mpi=...), since ABI 0.7) this is
        collective: the arrays are this process's share of the edges, the
        graph is the union of every process's share, and num_vertices must be
        given, the same on every process (no process sees every id).
        """
        ctx = resolve(context)
        if num_vertices is None and ctx.distributed:
            raise InvalidArgumentError(
                "num_vertices must be given in a distributed context: each process passes only its share of the "
                "edges, so the largest id it sees is not the graph's")
        src = id_array(src, "src")
        dst = id_array(dst, "dst")
        if src.size != dst.size:
            raise InvalidArgumentError("src has %d entries but dst has %d" % (src.size, dst.size))
        if weights is not None:
            weights = value_array(weights, "weights", np.float32, src.size)
        if num_vertices is None:
            num_vertices = int(max(src.max(), dst.max())) + 1 if src.size else 0
        num_vertices = checked_int(num_vertices, "num_vertices", 0, UINT32_MAX)
        options = graph_options(directed, duplicates, drop_self_loops, max_edges)
        return cls._create(ctx, lib.gg_graph_create, num_vertices, src.size, pointer(src, _abi.u32_p),
                           pointer(dst, _abi.u32_p), pointer(weights, _abi.f32_p), ctypes.byref(options))

    @classmethod
    def from_edge_index(cls, edge_index, num_vertices=None, weights=None, directed=True, duplicates="min",
                        drop_self_loops=False, max_edges=None, context=None):
        """A graph from a 2 x m array of edges (PyTorch Geometric's edge_index): column i is the
        edge edge_index[0, i] -> edge_index[1, i]. It may be a CuPy array or a PyTorch tensor on
        the GPU (copied to the host once: a graph lives in host memory). Since ABI 0.6."""
        edges = np.asarray(_device.to_host(edge_index, "edge_index"))
        if edges.ndim != 2 or edges.shape[0] != 2:
            raise InvalidArgumentError("edge_index must have shape (2, m), not %s" % (edges.shape,))
        return cls.from_edges(edges[0], edges[1], weights=weights, directed=directed, num_vertices=num_vertices,
                              duplicates=duplicates, drop_self_loops=drop_self_loops, max_edges=max_edges,
                              context=context)

    @classmethod
    def from_csr(cls, offsets, indices, weights=None, directed=True, duplicates="min", drop_self_loops=False,
                 max_edges=None, context=None):
        """A graph from CSR arrays: out-edges of v are indices[offsets[v]:offsets[v+1]].

        A distributed context refuses it (gg.UnsupportedError): use from_edges there.
        """
        offsets = id_array(offsets, "offsets", np.uint64, UINT64_MAX)
        if offsets.size == 0:
            raise InvalidArgumentError("offsets needs n + 1 entries (at least one)")
        indices = id_array(indices, "indices")
        if int(offsets[-1]) != indices.size:
            raise InvalidArgumentError("offsets[-1] is %d but indices has %d entries" % (int(offsets[-1]), indices.size))
        if weights is not None:
            weights = value_array(weights, "weights", np.float32, indices.size)
        num_vertices = checked_int(offsets.size - 1, "num_vertices", 0, UINT32_MAX)
        options = graph_options(directed, duplicates, drop_self_loops, max_edges)
        return cls._create(context, lib.gg_graph_create_csr, num_vertices, pointer(offsets, _abi.u64_p),
                           pointer(indices, _abi.u32_p), pointer(weights, _abi.f32_p), ctypes.byref(options))

    @classmethod
    def from_scipy(cls, matrix, directed=True, weighted=True, duplicates="min", drop_self_loops=False, context=None):
        """A graph from a square scipy.sparse matrix: entry (u, v) is the edge u -> v with its value as weight.

        Explicitly stored zeros are edges of weight 0. weighted=False ignores the values.
        """
        import scipy.sparse

        if not scipy.sparse.issparse(matrix):
            raise InvalidArgumentError("from_scipy needs a scipy.sparse matrix, not %s" % type(matrix).__name__)
        rows, cols = matrix.shape
        if rows != cols:
            raise InvalidArgumentError("the matrix must be square to be an adjacency matrix, not %dx%d" % (rows, cols))
        csr = matrix.tocsr()
        end = int(csr.indptr[-1])
        weights = csr.data[:end] if weighted else None
        return cls.from_csr(csr.indptr, csr.indices[:end], weights, directed=directed, duplicates=duplicates,
                            drop_self_loops=drop_self_loops, context=context)

    @classmethod
    def from_networkx(cls, graph, weight="weight", duplicates="min", context=None):
        """A graph from a networkx (Multi)(Di)Graph.

        Nodes that are exactly the integers 0..n-1 keep their ids; otherwise
        vertex i is the i-th node of graph.nodes and Graph.nodes lists them.
        weight names the edge attribute holding weights (missing means 1);
        None, or a graph where no edge carries it, gives an unweighted graph.
        Parallel edges of a multigraph are merged per `duplicates`.
        """
        node_list = list(graph.nodes)
        n = len(node_list)
        identity = all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in node_list) and \
            set(int(v) for v in node_list) == set(range(n))
        index = None if identity else {node: i for i, node in enumerate(node_list)}
        edges = list(graph.edges(data=True))
        src = np.fromiter((u if identity else index[u] for u, _, _ in edges), dtype=np.int64, count=len(edges))
        dst = np.fromiter((v if identity else index[v] for _, v, _ in edges), dtype=np.int64, count=len(edges))
        weights = None
        if weight is not None and any(weight in data for _, _, data in edges):
            weights = np.fromiter((data.get(weight, 1.0) for _, _, data in edges), dtype=np.float64,
                                  count=len(edges))
        result = cls.from_edges(src, dst, weights, directed=graph.is_directed(), num_vertices=n,
                                duplicates=duplicates, context=context)
        if not identity:
            result.nodes = node_list
        return result

    # ---- lifetime ---------------------------------------------------------
    def close(self):
        """Releases the graph and its cached layouts now, and closes its partition plans."""
        for plan in list(self._plans):
            plan.close()
        self._finalizer()

    def __repr__(self):
        if self.closed:
            return "<gg.Graph closed>"
        return "<gg.Graph n=%d m=%d %s %s%s>" % (self.n, self.m, "directed" if self.directed else "undirected",
                                                "weighted" if self.weighted else "unweighted",
                                                " distributed" if self._distributed else "")

    # ---- properties -------------------------------------------------------
    @property
    def n(self):
        """Number of vertices."""
        return int(lib.gg_graph_num_vertices(self._live()))

    @property
    def m(self):
        """Number of stored directed edges (an undirected edge counts twice, a self-loop once)."""
        return int(lib.gg_graph_num_edges(self._live()))

    @property
    def directed(self):
        """False when the graph was built undirected (every edge stored both ways)."""
        return not lib.gg_graph_is_undirected(self._live())

    @property
    def weighted(self):
        """True when the graph carries weights from its input (else every weight is 1)."""
        return bool(lib.gg_graph_is_weighted(self._live()))

    @property
    def distributed(self):
        """True when the graph was made in a distributed context: each process holds a share of its
        edges, and runs over it need a plan (partition_plan()). Since ABI 0.7."""
        return self._distributed

    def node_index(self, node):
        """The vertex id of a networkx node label (identity when nodes is None)."""
        if self.nodes is None:
            node = vertex(node, "node")
            if node >= self.n:
                raise InvalidArgumentError("node %d is not in the graph: it has %d vertices" % (node, self.n))
            return node
        if self._node_index is None:
            self._node_index = {label: i for i, label in enumerate(self.nodes)}
        try:
            return self._node_index[node]
        except KeyError:
            raise InvalidArgumentError("node %r is not in the graph" % (node,)) from None

    # ---- structure out ----------------------------------------------------
    def _ctx(self, context):
        return resolve(context) if context is not None else self._context

    def _outputs(self, output, context):
        """(allocate(shape, dtype), pointer(array, ctype)) for a run's arrays of kind `output`."""
        if _device.check_output(output) == "numpy":
            return (lambda shape, dtype: np.empty(shape, dtype)), pointer
        ctx = self._ctx(context)
        usable, reason = ctx.cuda_available()
        if not usable:
            raise UnsupportedError("output=%r needs a usable GPU to hold the arrays: %s" % (output, reason))
        device_id = ctx.devices[0]
        return (lambda shape, dtype: _device.empty(output, shape, dtype, device_id)), \
            (lambda array, ctype: None if array is None else _device.pointer(array, ctype))

    def release_device_memory(self, context=None):
        """Frees the device layouts cached for this graph (every GPU) and the
        context's engine states for it; returns the bytes dropped. Later runs
        rebuild what they need."""
        released = ctypes.c_uint64(0)
        self._ctx(context).call(lib.gg_graph_release_device_memory, self._live(), ctypes.byref(released))
        return released.value

    def out_degrees(self, context=None):
        out = np.empty(self.n, np.uint32)
        self._ctx(context).call(lib.gg_graph_out_degrees, self._live(), pointer(out, _abi.u32_p))
        return out

    def in_degrees(self, context=None):
        out = np.empty(self.n, np.uint32)
        self._ctx(context).call(lib.gg_graph_in_degrees, self._live(), pointer(out, _abi.u32_p))
        return out

    def _copy(self, function, context):
        offsets = np.empty(self.n + 1, np.uint64)
        indices = np.empty(self.m, np.uint32)
        weights = np.empty(self.m, np.float32)
        # Each array goes with its size: the library refuses to write past it.
        self._ctx(context).call(function, self._live(), pointer(offsets, _abi.u64_p), offsets.size,
                                pointer(indices, _abi.u32_p), indices.size, pointer(weights, _abi.f32_p), weights.size)
        return offsets, indices, weights

    def to_csr(self, context=None):
        """(offsets, indices, weights): out-edges of v are indices[offsets[v]:offsets[v+1]], sorted."""
        return self._copy(lib.gg_graph_read_csr, context)

    def to_csc(self, context=None):
        """(offsets, indices, weights): in-edges of v come from indices[offsets[v]:offsets[v+1]]."""
        return self._copy(lib.gg_graph_read_csc, context)

    def to_scipy(self, context=None):
        """The adjacency matrix as a scipy.sparse.csr_matrix (entry (u, v) = weight of u -> v)."""
        import scipy.sparse

        offsets, indices, weights = self.to_csr(context)
        return scipy.sparse.csr_matrix((weights, indices.astype(np.int64), offsets.astype(np.int64)),
                                       shape=(self.n, self.n))

    def to_networkx(self, context=None):
        """A networkx DiGraph (Graph when undirected) with a "weight" attribute on every edge."""
        import networkx as nx

        result = nx.DiGraph() if self.directed else nx.Graph()
        labels = self.nodes if self.nodes is not None else range(self.n)
        result.add_nodes_from(labels)
        offsets, indices, weights = self.to_csr(context)
        sources = np.repeat(np.arange(self.n), np.diff(offsets.astype(np.int64)))
        result.add_weighted_edges_from(
            (labels[u], labels[v], float(w)) for u, v, w in zip(sources.tolist(), indices.tolist(), weights.tolist()))
        return result

    def save(self, path, format="auto", context=None):
        """Writes the graph to a file; format "auto" picks it from the extension."""
        self._ctx(context).call(lib.gg_graph_save, self._live(), path_bytes(path),
                                enum_value(_abi.FORMATS, format, "format"))

    # ---- algorithms -------------------------------------------------------
    def _run(self, function, args, outputs, context, return_stats, run_options, plan=None):
        stats = _abi.initialized(_abi.gg_run_stats, "gg_run_stats_init")
        if return_stats:
            # Per-part times land in arrays of ours: one entry per part of the plan (1 unpartitioned).
            capacity = plan.num_parts if plan is not None else 1
            part_compute = (c_double * max(capacity, 1))()
            part_exchange = (c_double * max(capacity, 1))()
            stats.part_compute_ms = part_compute
            stats.part_exchange_ms = part_exchange
            stats.part_capacity = capacity
        self._ctx(context).call(function, self._live(), *args, ctypes.byref(run_options), ctypes.byref(stats))
        result = outputs[0] if len(outputs) == 1 else tuple(outputs)
        if not return_stats:
            return result
        count = min(int(stats.num_parts), capacity)
        stats = RunStats.from_c(stats, part_compute[:count], part_exchange[:count])
        return (result, stats) if len(outputs) == 1 else tuple(outputs) + (stats,)

    def bfs(self, source, parents=False, backend=None, layout=None, context=None, return_stats=False, plan=None,
            degree_bound=None, output="numpy"):
        """Hop counts from `source` along out-edges (uint32; unreachable = gg.UNREACHABLE).

        parents=True also returns a BFS-tree parent per vertex (the source is its
        own parent; unreachable vertices get gg.UNREACHABLE): (depths, parents).
        """
        source = vertex(source)
        empty, address = self._outputs(output, context)
        depths = empty(self.n, np.uint32)
        tree = empty(self.n, np.uint32) if parents else None
        outputs = [depths, tree] if parents else [depths]
        return self._run(lib.gg_run_bfs, (source, address(depths, _abi.u32_p), address(tree, _abi.u32_p)), outputs,
                         context, return_stats, _run_options(backend, layout, plan, degree_bound=degree_bound,
                                                             device_arrays=_on_device(output)), plan)

    def sssp(self, source, delta=None, backend=None, layout=None, context=None, return_stats=False, plan=None,
             degree_bound=None, output="numpy"):
        """Shortest distances from `source` along out-edges (float32; unreachable = inf).

        delta is the delta-stepping bucket width (None: chosen from the weights).
        A negative weight raises gg.InvalidArgumentError naming the edge.
        """
        source = vertex(source)
        empty, address = self._outputs(output, context)
        distances = empty(self.n, np.float32)
        return self._run(lib.gg_run_sssp, (source, address(distances, _abi.f32_p)), [distances], context,
                         return_stats, _run_options(backend, layout, plan, delta=delta, degree_bound=degree_bound,
                                                    device_arrays=_on_device(output)), plan)

    def sswp(self, source, backend=None, layout=None, context=None, return_stats=False, plan=None, degree_bound=None,
             output="numpy"):
        """Widest-path widths from `source` (float32; the source gets inf, unreachable vertices 0)."""
        source = vertex(source)
        empty, address = self._outputs(output, context)
        widths = empty(self.n, np.float32)
        return self._run(lib.gg_run_sswp, (source, address(widths, _abi.f32_p)), [widths], context, return_stats,
                         _run_options(backend, layout, plan, degree_bound=degree_bound,
                                      device_arrays=_on_device(output)), plan)

    def cc(self, backend=None, layout=None, context=None, return_stats=False, plan=None, degree_bound=None,
           output="numpy"):
        """Weakly connected components: each vertex gets the smallest vertex id of its component (uint32)."""
        empty, address = self._outputs(output, context)
        labels = empty(self.n, np.uint32)
        return self._run(lib.gg_run_cc, (address(labels, _abi.u32_p),), [labels], context, return_stats,
                         _run_options(backend, layout, plan, degree_bound=degree_bound,
                                      device_arrays=_on_device(output)), plan)

    def pagerank(self, damping=None, tolerance=None, max_iterations=None, backend=None, layout=None, context=None,
                 return_stats=False, plan=None, degree_bound=None, output="numpy"):
        """PageRank as networkx.pagerank(G, weight=None) defines it (float64, sums to 1).

        Defaults: damping 0.85, tolerance 1e-6 (L1 change per iteration), max_iterations 100.
        """
        empty, address = self._outputs(output, context)
        ranks = empty(self.n, np.float64)
        options = _run_options(backend, layout, plan, damping=damping, tolerance=tolerance,
                               max_iterations=max_iterations, degree_bound=degree_bound,
                               device_arrays=_on_device(output))
        return self._run(lib.gg_run_pagerank, (address(ranks, _abi.f64_p),), [ranks], context, return_stats, options,
                         plan)

    def bc(self, sources=None, backend=None, layout=None, context=None, return_stats=False, plan=None,
           degree_bound=None, output="numpy"):
        """Betweenness centrality (Brandes) summed over `sources` (default: every vertex), unnormalised (float64)."""
        empty, address = self._outputs(output, context)
        centrality = empty(self.n, np.float64)
        if sources is None:
            source_array, count = None, 0
        else:
            # The source list stays host memory (gg.h).
            source_array = id_array(_device.to_host(sources, "sources"), "sources")
            count = checked_int(source_array.size, "len(sources)", 0, UINT32_MAX)
        return self._run(lib.gg_run_bc, (pointer(source_array, _abi.u32_p), count, address(centrality, _abi.f64_p)),
                         [centrality], context, return_stats,
                         _run_options(backend, layout, plan, degree_bound=degree_bound,
                                      device_arrays=_on_device(output)), plan)

    def spmv(self, x, backend=None, layout=None, context=None, return_stats=False, plan=None, degree_bound=None,
             output="numpy"):
        """y[v] = sum over edges u -> v of w(u, v) * x[u] (float32).

        x may be a device array; with a device output it stays on the device.
        """
        empty, address = self._outputs(output, context)
        if output == "numpy":
            x = value_array(_device.to_host(x, "x"), "x", np.float32, self.n)
        else:
            x = _device.as_device(x, output, np.float32, self.n, self._ctx(context).devices[0], "x")
        y = empty(self.n, np.float32)
        return self._run(lib.gg_run_spmv, (address(x, _abi.f32_p), address(y, _abi.f32_p)), [y], context,
                         return_stats, _run_options(backend, layout, plan, degree_bound=degree_bound,
                                                    device_arrays=_on_device(output)), plan)

    def apsp(self, backend=None, layout=None, context=None, return_stats=False, plan=None, degree_bound=None,
             output="numpy"):
        """All-pairs shortest distances as a dense n x n float32 matrix (row = source, unreachable = inf)."""
        n = self.n
        empty, address = self._outputs(output, context)
        try:
            distances = empty((n, n), np.float32)
        except (MemoryError, ValueError):
            raise OutOfMemoryError("APSP of %d vertices needs an n x n matrix of %d bytes, which could not be allocated"
                                   % (n, n * n * 4)) from None
        return self._run(lib.gg_run_apsp, (address(distances, _abi.f32_p), n * n), [distances], context, return_stats,
                         _run_options(backend, layout, plan, degree_bound=degree_bound,
                                      device_arrays=_on_device(output)), plan)

    def matching(self, num_left, backend=None, layout=None, context=None, return_stats=False, plan=None,
                 output="numpy"):
        """Maximum bipartite matching: (mates, size).

        Vertices 0 .. num_left - 1 are the left side, the others the right side;
        every edge must join the two sides (its direction does not matter, weights
        are ignored), else gg.InvalidArgumentError names the edge. mates[v] is the
        vertex matched to v (uint32; gg.UNMATCHED when v is unmatched) and size the
        number of pairs, as large as any matching of the graph has. Which maximum
        matching is returned may differ between backends; its size does not. A plan
        of more than one part raises gg.UnsupportedError. Since ABI 0.5.
        """
        num_left = checked_int(num_left, "num_left", 0, UINT32_MAX)
        empty, address = self._outputs(output, context)
        mates = empty(self.n, np.uint32)
        size = ctypes.c_uint64(0)
        result = self._run(lib.gg_run_matching, (num_left, address(mates, _abi.u32_p), ctypes.byref(size)), [mates],
                           context, return_stats, _run_options(backend, layout, plan,
                                                               device_arrays=_on_device(output)), plan)
        if return_stats:
            return mates, int(size.value), result[1]
        return mates, int(size.value)

    def partition(self, num_parts, seed=None, ufactor=None, context=None):
        """METIS k-way partition of the vertices (edge directions ignored): a gg.Partition."""
        num_parts = checked_int(num_parts, "num_parts", 1, UINT32_MAX)
        options = _abi.initialized(_abi.gg_partition_options, "gg_partition_options_init")
        if seed is not None:
            options.seed = checked_int(seed, "seed", -2**31, 2**31 - 1)
        if ufactor is not None:
            options.ufactor = checked_int(ufactor, "ufactor", 0, 2**31 - 1)
        parts = np.empty(self.n, np.uint32)
        cut = ctypes.c_uint64()
        self._ctx(context).call(lib.gg_partition, self._live(), num_parts, pointer(parts, _abi.u32_p),
                                ctypes.byref(cut), ctypes.byref(options))
        return Partition(parts=parts, edge_cut=int(cut.value), num_parts=num_parts)

    def partition_plan(self, parts=None, partitioner="metis", replication_depth=1, seed=None,
                       release_graph_edges=False, context=None):
        """Partitions the graph for partitioned runs: a gg.PartitionPlan to pass as ``plan=`` to any run.

        parts: the number of parts k (default 2; with a given array, its maximum + 1).
        partitioner: "metis" (default; needs a library built with METIS), "random"
            (a seeded hash of the vertex id), "block" (contiguous id ranges of about
            equal vertices + edges), "auto" (the library picks block, random or METIS
            for this graph from the edge cuts it measures; plan.partitioner names
            the one it chose and plan.choice says why), or an array of one part
            per vertex ("given").
        replication_depth: hops of replicas, 1 to 8 (1 exchanges after every
            iteration, k every k iterations: Medusa's multi-hop replication), or
            "auto" for the depth the library's cost model picks.
        seed: seed of the random partitioner and of METIS (default 1).
        release_graph_edges: (since ABI 0.10) over a distributed graph, True frees
            each process's edges as the plan gathers them, so that at its peak a
            process holds its parts and not also its share of the graph; the graph
            then serves runs over this plan only, and another partition_plan() over
            it raises gg.InvalidArgumentError. Every process must pass the same
            value. Ignored for a graph that is not distributed. Default False.
        The plan's cost (partitioner, replica maps) is paid here, once: see plan.stats.

        Over a distributed graph (since ABI 0.7) this is collective: every process
        makes the same call; the parts are spread over the processes (part p on
        process p mod num_ranks) and replication_depth must be 1 or "auto".
        """
        options, given = plan_options(self.n, parts, partitioner, replication_depth, seed, release_graph_edges)
        handle = _abi.plan_p()
        ctx = self._ctx(context)
        ctx.call(lib.gg_partition_plan_create, self._live(), ctypes.byref(options), ctypes.byref(handle))
        del given  # read by the call above; the plan keeps its own copy
        plan = PartitionPlan(handle, self, ctx)  # owns the handle from its first line
        self._plans.add(plan)
        return plan

    def shard(self, vertices_per_shard=None, shared_memory_bytes=None, vertex_value_bytes=None, context=None):
        """CuSha G-Shards and Concatenated Windows of this graph: a gg.Shards."""
        options = _abi.initialized(_abi.gg_shard_options, "gg_shard_options_init")
        for name, value in (("vertices_per_shard", vertices_per_shard), ("shared_memory_bytes", shared_memory_bytes),
                            ("vertex_value_bytes", vertex_value_bytes)):
            if value is not None:
                setattr(options, name, checked_int(value, name, 0, UINT32_MAX))
        handle = _abi.shards_p()
        ctx = self._ctx(context)
        ctx.call(lib.gg_shard, self._live(), ctypes.byref(options), ctypes.byref(handle))
        return Shards(handle, ctx)

    def measure_layout(self, layout, degree_bound=None, context=None):
        """Builds one layout of this graph on the host, timed, and says what it takes: a gg.LayoutInfo.

        layout: a library name, "csr", "gshards", "cw", "vsplit", "udt" or "tocab" (not "auto",
            which gg.InvalidArgumentError refuses: name the layout to measure).
        degree_bound: K of "vsplit" and "udt" as for the runs (None or 0: 10 and 1000; "udt"
            needs at least 2); the other layouts ignore it.
        The result gives `bytes` (the layout's arrays as the CUDA backend holds them), `nodes`
        (vertices for "csr" and "tocab", shards for "gshards" and "cw", virtual nodes for
        "vsplit", the nodes UDT adds for "udt"), `build_ms` (0 for "csr", the graph's own
        arrays) and the `degree_bound` built with. The structure is released at once: runs
        build and cache their own (RunStats.preprocess_ms, device_bytes). Works on any machine,
        GPU or not. A layout that cannot be built for this graph (e.g. G-Shards whose windows
        outgrow the edges) raises gg.TooLargeError saying why; a distributed graph raises
        gg.UnsupportedError. Since ABI 0.7 (gg_layout_measure).
        """
        value = _layout_value(layout)
        bound = 0 if degree_bound is None else checked_int(degree_bound, "degree_bound", 0, UINT32_MAX)
        info = _abi.initialized(_abi.gg_layout_info, "gg_layout_info_init")
        self._ctx(context).call(lib.gg_layout_measure, self._live(), value, bound, ctypes.byref(info))
        return LayoutInfo.from_c(info)


def load(path, format="auto", directed=True, duplicates="min", drop_self_loops=False, max_edges=None,
         max_vertices=None, context=None):
    """Loads a graph file (.mtx, .el/.txt, .wel, .gr, .ggb; format "auto" detects it).

    directed=False stores every edge both ways (a symmetric .mtx is always undirected).
    Malformed files raise gg.ParseError whose message names the file and line.
    max_edges (default 2**36) caps the edges of any input. max_vertices caps the
    vertex count of a text file (declared, or its largest id + 1); the default
    (None or 0) is max(2**24, 64 x the file's edges), and a file above it raises
    gg.TooLargeError. Raise it for graphs of mostly isolated vertices
    (2**64 - 1: any). .ggb files are not subject to it.

    In a distributed context (since ABI 0.7) this is collective and each process
    reads its share of a .ggb file's edges, or its byte range of a text file's lines.
    """
    options = graph_options(directed, duplicates, drop_self_loops, max_edges, max_vertices)
    return Graph._create(context, lib.gg_graph_load, path_bytes(path), enum_value(_abi.FORMATS, format, "format"),
                         ctypes.byref(options))


def generate(kind, scale=None, degree=None, rows=None, cols=None, seed=None, weighted=None, weight_range=None,
             symmetrize=None, rmat=None, context=None):
    """Generates a graph deterministically: kind "kron" (R-MAT), "urand" or "grid".

    kron/urand: 2**scale vertices, degree * 2**scale edges; grid: rows x cols.
    weighted=True draws integer weights in weight_range (default (1, 255));
    symmetrize (default True) stores both directions; rmat=(a, b, c).
    Arguments left as None keep the library's defaults.

    In a distributed context (since ABI 0.7) this is collective: each process
    generates its range of the edges, and the graph is the one a single process
    would generate.
    """
    options = _abi.initialized(_abi.gg_generator_options, "gg_generator_options_init")
    options.kind = enum_value(_abi.GENERATORS, kind, "kind")
    for name, value in (("scale", scale), ("degree", degree), ("rows", rows), ("cols", cols)):
        if value is not None:
            setattr(options, name, checked_int(value, name, 0, UINT32_MAX))
    if seed is not None:
        options.seed = checked_int(seed, "seed", 0, UINT64_MAX)
    if weighted is not None:
        options.weighted = 1 if weighted else 0
    if weight_range is not None:
        low, high = weight_range
        options.weight_min = checked_int(low, "weight_range[0]", 0, UINT32_MAX)
        options.weight_max = checked_int(high, "weight_range[1]", 0, UINT32_MAX)
    if symmetrize is not None:
        options.symmetrize = 1 if symmetrize else 0
    if rmat is not None:
        options.rmat_a, options.rmat_b, options.rmat_c = (float(x) for x in rmat)
    return Graph._create(context, lib.gg_graph_generate, ctypes.byref(options))


def format_from_path(path):
    """The format gg.load would use for `path` with format "auto", or None when the extension is unknown."""
    value = lib.gg_format_from_path(path_bytes(path))
    for name, number in _abi.FORMATS.items():
        if number == value:
            return None if name == "auto" else name
    return None
