"""Small result objects: run statistics, layout measurements, partitions, and CuSha shards."""

import ctypes
import weakref
from dataclasses import dataclass, field

import numpy as np

from . import _abi
from ._abi import lib
from ._convert import pointer
from .errors import InvalidArgumentError


@dataclass(frozen=True)
class RunStats:
    """What a run reports about itself (gg_run_stats)."""

    backend: str          # "cpu" or "cuda": the backend that ran
    layout: str           # the layout that ran, e.g. "csr"
    device_id: int        # CUDA device used, -1 on the CPU
    num_threads: int      # CPU threads used, 0 on the GPU
    total_ms: float       # wall time of the whole call
    compute_ms: float     # the algorithm itself, graph resident
    transfer_ms: float    # host-device copies made by this call; distributed: also the answer's delivery to every process
    preprocess_ms: float  # layouts built during this call
    iterations: int       # iterations, levels or rounds
    edges_visited: int
    device_bytes: int     # device memory held for the graph after the run
    fallback_reason: str  # why the GPU was not used under backend "auto"; "" otherwise
    # Since 0.3: partitioned runs (plan=...). An unpartitioned run reports one part and zeros.
    num_parts: int = 1           # parts the run used
    exchange_rounds: int = 0     # exchanges of replica values between parts
    edge_cut: int = 0            # the plan's edge cut
    replicas: int = 0            # replica vertices over all parts of the plan
    bytes_exchanged: int = 0     # bytes the run's exchanges moved between parts
    exchange_ms: float = 0.0     # time spent exchanging, summed over parts
    partition_ms: float = 0.0    # what the plan cost to make (once, at Graph.partition_plan), not part of this run
    part_compute_ms: list = field(default_factory=list)   # compute time of each part
    part_exchange_ms: list = field(default_factory=list)  # exchange time of each part
    # Since 0.5: True when the run stopped by itself (a vertex program with no active vertex
    # left or whose halt said so, PageRank below its tolerance, every other algorithm always),
    # False when an iteration cap stopped it first.
    converged: bool = True
    # Since 0.8: the part of exchange_ms that ran while the parts computed (a GPU
    # partitioned PageRank over several devices overlaps its refresh where that is
    # worth it, and with GG_PARTITIONED_OVERLAP=1 always, as a BFS does its
    # bottom-up levels' flags); 0 otherwise.
    exchange_hidden_ms: float = 0.0

    @classmethod
    def from_c(cls, raw, part_compute_ms=(), part_exchange_ms=()):
        return cls(
            backend=_abi.backend_name(raw.backend),
            layout=_abi.layout_name(raw.layout),
            device_id=int(raw.device_id),
            num_threads=int(raw.num_threads),
            total_ms=float(raw.total_ms),
            compute_ms=float(raw.compute_ms),
            transfer_ms=float(raw.transfer_ms),
            preprocess_ms=float(raw.preprocess_ms),
            iterations=int(raw.iterations),
            edges_visited=int(raw.edges_visited),
            device_bytes=int(raw.device_bytes),
            fallback_reason=raw.fallback_reason.decode("utf-8", "replace"),
            num_parts=int(raw.num_parts),
            exchange_rounds=int(raw.exchange_rounds),
            edge_cut=int(raw.edge_cut),
            replicas=int(raw.replicas),
            bytes_exchanged=int(raw.bytes_exchanged),
            exchange_ms=float(raw.exchange_ms),
            partition_ms=float(raw.partition_ms),
            part_compute_ms=[float(x) for x in part_compute_ms],
            part_exchange_ms=[float(x) for x in part_exchange_ms],
            converged=bool(raw.converged),
            exchange_hidden_ms=float(raw.exchange_hidden_ms),
        )


@dataclass(frozen=True)
class LayoutInfo:
    """What one layout of a graph takes (gg_layout_info): Graph.measure_layout(). Since ABI 0.7."""

    layout: str        # the layout measured, e.g. "vsplit"
    degree_bound: int  # "vsplit" and "udt": the bound K built with; 0 for the other layouts
    bytes: int         # bytes of the layout's arrays as the CUDA backend holds them
    nodes: int         # "csr", "tocab": vertices; "gshards", "cw": shards; "vsplit": virtual nodes;
                       # "udt": nodes added by the transform
    build_ms: float    # host milliseconds the call took to build it (0 for "csr", the graph's own arrays)

    @classmethod
    def from_c(cls, raw):
        return cls(
            layout=_abi.layout_name(raw.layout),
            degree_bound=int(raw.degree_bound),
            bytes=int(raw.bytes),
            nodes=int(raw.nodes),
            build_ms=float(raw.build_ms),
        )


@dataclass(frozen=True)
class Partition:
    """A METIS k-way partition: parts[v] in [0, k) and the undirected edge cut."""

    parts: np.ndarray
    edge_cut: int
    num_parts: int


@dataclass(frozen=True)
class ShardStats:
    """Shape of a G-Shards / Concatenated Windows structure (gg_shard_stats)."""

    num_shards: int
    vertices_per_shard: int
    num_edges: int
    num_windows: int
    empty_windows: int
    max_window: int
    mean_window: float
    window_histogram: tuple  # windows of size 0, 1, 2-3, 4-7, 8-15, 16-31, 32-63, >= 64
    max_shard: int
    gshards_bytes: int
    cw_bytes: int


class Shards:
    """CuSha G-Shards and Concatenated Windows of a graph (see gg.h, gg_shards).

    Arrays are copied out of the library on first access and cached:
    shard_offsets, src_index, dst_index, weights (G-Shards), window_offsets,
    cw_offsets, cw_src_index, cw_mapper (Concatenated Windows).
    Use as a context manager or call close(); a finalizer releases it otherwise.
    """

    def __init__(self, handle, context):
        self._handle = handle
        self._finalizer = weakref.finalize(self, lib.gg_shards_destroy, handle)
        self._cache = {}
        # The context the structure was built with: reads report their failures on it.
        self._context = context
        raw = _abi.initialized(_abi.gg_shard_stats, "gg_shard_stats_init")
        context.call(lib.gg_shards_read_stats, handle, ctypes.byref(raw))
        self.stats = ShardStats(
            num_shards=int(raw.num_shards),
            vertices_per_shard=int(raw.vertices_per_shard),
            num_edges=int(raw.num_edges),
            num_windows=int(raw.num_windows),
            empty_windows=int(raw.empty_windows),
            max_window=int(raw.max_window),
            mean_window=float(raw.mean_window),
            window_histogram=tuple(int(x) for x in raw.window_histogram),
            max_shard=int(raw.max_shard),
            gshards_bytes=int(raw.gshards_bytes),
            cw_bytes=int(raw.cw_bytes),
        )

    def close(self):
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        s = self.stats
        return "<gg.Shards %d shards of %d vertices, %d edges>" % (s.num_shards, s.vertices_per_shard, s.num_edges)

    def _live(self):
        if not self._finalizer.alive:
            raise InvalidArgumentError("this gg.Shards has been closed")
        return self._handle

    _POINTERS = {np.dtype(np.uint64): _abi.u64_p, np.dtype(np.uint32): _abi.u32_p, np.dtype(np.float32): _abi.f32_p}

    def _read(self, function, out, names):
        """Calls a gg_shards_read_* function with each array of `out` and its size, in the order of `names`."""
        args = []
        for name in names:
            array = out[name]
            args += [pointer(array, self._POINTERS[array.dtype]), array.size]
        self._context.call(function, self._live(), *args)

    def _copy_shards(self):
        s = self.stats
        out = {
            "shard_offsets": np.empty(s.num_shards + 1, np.uint64),
            "src_index": np.empty(s.num_edges, np.uint32),
            "dst_index": np.empty(s.num_edges, np.uint32),
            "weights": np.empty(s.num_edges, np.float32),
        }
        self._read(lib.gg_shards_read_shards, out, ("shard_offsets", "src_index", "dst_index", "weights"))
        return out

    def _copy_windows(self):
        s = self.stats
        out = {"window_offsets": np.empty(s.num_shards * s.num_shards + 1, np.uint64)}
        self._read(lib.gg_shards_read_windows, out, ("window_offsets",))
        return out

    def _copy_cw(self):
        s = self.stats
        out = {
            "cw_offsets": np.empty(s.num_shards + 1, np.uint64),
            "cw_src_index": np.empty(s.num_edges, np.uint32),
            "cw_mapper": np.empty(s.num_edges, np.uint64),
        }
        self._read(lib.gg_shards_read_cw, out, ("cw_offsets", "cw_src_index", "cw_mapper"))
        return out

    def _array(self, name, copier):
        if name not in self._cache:
            for key, array in copier().items():
                array.flags.writeable = False
                self._cache[key] = array
        return self._cache[name]

    shard_offsets = property(lambda self: self._array("shard_offsets", self._copy_shards),
                             doc="num_shards + 1 offsets: shard j is entries [shard_offsets[j], shard_offsets[j+1]).")
    src_index = property(lambda self: self._array("src_index", self._copy_shards), doc="Source of each shard entry.")
    dst_index = property(lambda self: self._array("dst_index", self._copy_shards), doc="Destination of each entry.")
    weights = property(lambda self: self._array("weights", self._copy_shards), doc="Weight of each shard entry.")
    window_offsets = property(lambda self: self._array("window_offsets", self._copy_windows),
                              doc="W(i, j) is entries [window_offsets[j*S+i], window_offsets[j*S+i+1]).")
    cw_offsets = property(lambda self: self._array("cw_offsets", self._copy_cw),
                          doc="num_shards + 1 offsets: CW_i is entries [cw_offsets[i], cw_offsets[i+1]).")
    cw_src_index = property(lambda self: self._array("cw_src_index", self._copy_cw), doc="SrcIndex of each CW entry.")
    cw_mapper = property(lambda self: self._array("cw_mapper", self._copy_cw),
                         doc="Position of each CW entry in the shard arrays.")
