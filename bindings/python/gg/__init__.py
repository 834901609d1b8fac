"""gg: graph analytics on NVIDIA GPUs (with a CPU fallback), from Python.

A thin ctypes binding over the C library libgg.so; numpy arrays go in and
come out. Quick start::

    import gg
    g = gg.load("road.gr")            # or gg.Graph.from_edges(src, dst, weights)
    dist = g.sssp(0)                  # numpy float32, inf where unreachable
    print(dist[:10])
    bfs = gg.Program.load("bfs.ggp")  # a vertex program (see gg.Program)
    values, stats = bfs.run(g, source=0)
    print(values["depth"][:10], stats.converged)

The library is found through the GG_LIBRARY environment variable (path of
libgg.so), then `pkg-config --variable=libdir gg`, then the dynamic loader
and the usual prefixes. See README.md.
"""

from ._abi import library_path, library_version
from ._library import ABI_MAJOR, ABI_MINOR
from .context import Context, default_context, set_default_context
from .errors import (
    DeviceError,
    DistributedError,
    Error,
    InputOutputError,
    InternalError,
    InvalidArgumentError,
    OutOfMemoryError,
    ParseError,
    TooLargeError,
    UnsupportedError,
)
from .graph import UNMATCHED, UNREACHABLE, Graph, format_from_path, generate, load
from .partition_plan import PartInfo, PartitionPlan, PartitionPlanStats
from .program import BuildStats, Program, ProgramDesc
from .results import LayoutInfo, Partition, RunStats, Shards, ShardStats

__version__ = "0.10.0"

__all__ = [
    "ABI_MAJOR",
    "ABI_MINOR",
    "BuildStats",
    "Context",
    "DeviceError",
    "DistributedError",
    "Error",
    "Graph",
    "InputOutputError",
    "InternalError",
    "InvalidArgumentError",
    "LayoutInfo",
    "OutOfMemoryError",
    "ParseError",
    "PartInfo",
    "Partition",
    "PartitionPlan",
    "PartitionPlanStats",
    "Program",
    "ProgramDesc",
    "RunStats",
    "ShardStats",
    "Shards",
    "TooLargeError",
    "UNMATCHED",
    "UNREACHABLE",
    "UnsupportedError",
    "default_context",
    "set_default_context",
    "format_from_path",
    "generate",
    "library_path",
    "library_version",
    "load",
]
