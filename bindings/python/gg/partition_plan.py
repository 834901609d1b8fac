"""gg.PartitionPlan: a graph split into parts with replica maps, for partitioned runs.

Made once by Graph.partition_plan() (the partitioner and the replica maps
are paid for there) and passed as ``plan=`` to any run: the run then goes
part by part with exchanges of replica values between them, and returns the
same answers as an unpartitioned run (see include/gg.h, gg_partition_plan).

A plan of a distributed graph (made in a gg.Context(mpi=...), since ABI 0.7)
spreads its parts over the processes, part p on process p mod num_ranks;
making it and every run over it are collective.
"""

import ctypes
import weakref
from dataclasses import dataclass

import numpy as np

from . import _abi
from ._abi import lib
from ._handle import OwnedHandle
from ._convert import UINT32_MAX, UINT64_MAX, checked_int, id_array, pointer
from .errors import InvalidArgumentError


@dataclass(frozen=True)
class PartitionPlanStats:
    """What a plan holds (gg_partition_plan_stats)."""

    num_parts: int
    replication_depth: int   # the depth built ("auto" resolved)
    partitioner: str         # the library's name: "metis", "random", "block" or "given" (never "auto": the one it chose)
    empty_parts: int         # parts that own no vertex
    edge_cut: int            # undirected pairs {u, v}, u != v, whose ends lie in different parts
    replicas: int            # replica vertices over all parts
    local_edges: int         # edges stored over all parts' local graphs (m or more)
    max_part_vertices: int   # vertices owned by the largest part
    partition_ms: float      # time of the partitioner ("auto": of every cut it measured)
    build_ms: float          # time to build the replica maps and local graphs
    choice: str              # "auto": how it chose (the cuts it measured, the rule that decided); "" otherwise


@dataclass(frozen=True)
class PartInfo:
    """One part of a plan (gg_part_info)."""

    owned: int        # vertices the part owns
    replicas: int     # replicas it holds of other parts' vertices
    local_edges: int  # edges of its local graph
    neighbours: int   # other parts it exchanges with


def plan_options(graph_n, parts=None, partitioner="metis", replication_depth=1, seed=None,
                 release_graph_edges=False):
    """A gg_partition_plan_options and the array it points to (keep both alive until the call).

    partitioner is a library name ("metis", "random", "block", "given", "auto") or an
    array of one part per vertex (then "given"; parts defaults to its maximum + 1).
    The length of a given array and its entries' range are the library's to check.
    """
    options = _abi.initialized(_abi.gg_partition_plan_options, "gg_partition_plan_options_init")
    given = None
    if isinstance(partitioner, (str, int)) and not isinstance(partitioner, bool):
        try:
            options.partitioner = _abi.partitioner_value(partitioner)
        except ValueError:
            raise InvalidArgumentError("partitioner is %r; expected one of %s, or an array of one part per vertex"
                                       % (partitioner, ", ".join(_abi.partitioner_names()))) from None
    else:
        given = id_array(partitioner, "partitioner (the given parts)")
        options.partitioner = _abi.partitioner_value("given")
        options.parts = pointer(given, _abi.u32_p)
        options.parts_length = given.size
        if parts is None and given.size:
            parts = min(int(given.max()) + 1, UINT32_MAX)
    if parts is not None:
        options.num_parts = checked_int(parts, "parts", 0, UINT32_MAX)  # 0: the library says why not
    if isinstance(replication_depth, str):
        if replication_depth.lower() != "auto":
            raise InvalidArgumentError('replication_depth is %r; expected 1 to 8 or "auto"' % (replication_depth,))
        options.replication_depth = 0
    elif replication_depth is not None:
        options.replication_depth = checked_int(replication_depth, "replication_depth", 0, UINT32_MAX)
    if seed is not None:
        options.seed = checked_int(seed, "seed", 0, UINT64_MAX)
    options.release_graph_edges = 1 if release_graph_edges else 0
    return options, given


class PartitionPlan(OwnedHandle):
    """A partition of a graph into parts, with each part's local graph and replica maps.

    Make one with Graph.partition_plan(); pass it as ``plan=`` to any run of
    the same graph. It is immutable and may be used by runs on several
    threads. Release it with close() or a ``with`` block (closing its graph
    closes it too); a finalizer does it otherwise.

    Attributes: stats (a gg.PartitionPlanStats) and its most used fields as
    properties (num_parts, partitioner, choice, replication_depth, edge_cut,
    replicas); parts (the part of every vertex, a read-only numpy array);
    part(i) and part_infos (gg.PartInfo of each part).
    """

    _kind = "gg.PartitionPlan"

    def __init__(self, handle, graph, context):
        # Private: use Graph.partition_plan().
        self._handle = handle
        self._finalizer = weakref.finalize(self, lib.gg_partition_plan_destroy, handle)
        # The library needs the graph to outlive the plan: the plan holds it.
        self._graph = graph
        # The context the plan was made with: reads report their failures on it unless told otherwise.
        self._context = context
        self._parts = None
        raw = _abi.initialized(_abi.gg_partition_plan_stats, "gg_partition_plan_stats_init")
        context.call(lib.gg_partition_plan_read_stats, handle, ctypes.byref(raw))
        self.stats = PartitionPlanStats(
            num_parts=int(raw.num_parts),
            replication_depth=int(raw.replication_depth),
            partitioner=_abi.partitioner_name(raw.partitioner),
            empty_parts=int(raw.empty_parts),
            edge_cut=int(raw.edge_cut),
            replicas=int(raw.replicas),
            local_edges=int(raw.local_edges),
            max_part_vertices=int(raw.max_part_vertices),
            partition_ms=float(raw.partition_ms),
            build_ms=float(raw.build_ms),
            choice=raw.choice.decode("utf-8", "replace"),
        )

    # ---- lifetime ---------------------------------------------------------
    def close(self):
        """Releases the plan now."""
        self._finalizer()

    def __repr__(self):
        if self.closed:
            return "<gg.PartitionPlan closed>"
        s = self.stats
        return "<gg.PartitionPlan %d parts (%s), depth %d, edge cut %d, %d replicas>" % (
            s.num_parts, s.partitioner, s.replication_depth, s.edge_cut, s.replicas)

    # ---- contents ---------------------------------------------------------
    graph = property(lambda self: self._graph, doc="The gg.Graph the plan was made from.")
    num_parts = property(lambda self: self.stats.num_parts, doc="Number of parts, k.")
    partitioner = property(lambda self: self.stats.partitioner,
                           doc='The partitioner\'s name (under "auto", the one it chose).')
    choice = property(lambda self: self.stats.choice,
                      doc='Under "auto", how the partitioner was chosen; "" otherwise.')
    replication_depth = property(lambda self: self.stats.replication_depth, doc="Hops of replicas built.")
    edge_cut = property(lambda self: self.stats.edge_cut,
                        doc="Undirected pairs {u, v}, u != v, whose ends lie in different parts.")
    replicas = property(lambda self: self.stats.replicas, doc="Replica vertices over all parts.")

    def _ctx(self, context):
        from .context import resolve

        return resolve(context) if context is not None else self._context

    def part(self, index, context=None):
        """A gg.PartInfo for part `index` (0-based, below num_parts)."""
        index = checked_int(index, "part", 0, UINT32_MAX)  # the library checks it against num_parts
        raw = _abi.initialized(_abi.gg_part_info, "gg_part_info_init")
        self._ctx(context).call(lib.gg_partition_plan_read_part, self._live(), index, ctypes.byref(raw))
        return PartInfo(owned=int(raw.owned), replicas=int(raw.replicas), local_edges=int(raw.local_edges),
                        neighbours=int(raw.neighbours))

    @property
    def part_infos(self):
        """A list of gg.PartInfo, one per part."""
        return [self.part(i) for i in range(self.num_parts)]

    @property
    def parts(self):
        """The part of every vertex (uint32, read-only), copied out of the library once."""
        if self._parts is None:
            out = np.empty(self._graph.n, np.uint32)
            self._context.call(lib.gg_partition_plan_read_parts, self._live(), pointer(out, _abi.u32_p), out.size)
            out.flags.writeable = False
            self._parts = out
        return self._parts
