"""gg.Program: vertex programs, the caller's own algorithms run by gg's engine (ABI 0.5).

A program is plain data (a vertex value, optionally an edge value and, in the
EMV model, a message, each a C struct of a stated size) and functions given as
CUDA C source text, which the library compiles with the host's C compiler for
the CPU or with NVRTC for the GPU, caching the result on disk ($GG_CACHE_DIR,
else $XDG_CACHE_HOME/gg, else ~/.cache/gg). docs/programs.md describes the two
models (CuSha and Medusa's Edge-Message-Vertex), the superstep and the source
language.

Vertex values travel as numpy arrays whose dtype has exactly the program's
vertex_value_size bytes per item: usually a structured dtype mirroring the C
struct, so that a field reads as ``values["depth"]``::

    bfs = gg.Program.load("examples/programs/bfs.ggp")
    values, stats = bfs.run(graph, source=0)
    values["depth"], stats.iterations, stats.converged

A program is code run with your privileges: gg compiles the source it is
given and runs it in this process. Never run a program from a source you do
not trust.
"""

import ctypes
import weakref
from dataclasses import dataclass

import numpy as np

from . import _abi
from ._abi import lib
from ._handle import OwnedHandle
from ._convert import UINT32_MAX, backend_value, checked_int, enum_value, path_bytes, vertex
from .context import resolve
from .errors import InvalidArgumentError
from .graph import Graph, _run_options
from .results import RunStats

_MODEL_NAMES = {value: name for name, value in _abi.PROGRAM_MODELS.items()}
_COMBINER_NAMES = {value: name for name, value in _abi.COMBINERS.items()}
_SCALAR_NAMES = {value: name for name, value in _abi.SCALAR_TYPES.items()}
_SCALAR_DTYPES = {
    "int32": np.dtype(np.int32),
    "uint32": np.dtype(np.uint32),
    "int64": np.dtype(np.int64),
    "uint64": np.dtype(np.uint64),
    "float": np.dtype(np.float32),
    "double": np.dtype(np.float64),
}
# What an output description ("depth", "float @8", ...) makes of a value when
# the program has no dtype of its own: the field's name and type.
_OUTPUT_FIELDS = {
    "depth": ("depth", np.uint32),
    "label": ("label", np.uint32),
    "float": ("value", np.float32),
    "double": ("value", np.float64),
    "uint32": ("value", np.uint32),
    "int32": ("value", np.int32),
    "uint64": ("value", np.uint64),
    "int64": ("value", np.int64),
}


@dataclass(frozen=True)
class ProgramDesc:
    """A program's description as the library holds it (gg_program_get_desc)."""

    model: str              # "cusha" or "emv"
    name: str               # names the program in messages and compile logs
    vertex_value_size: int  # bytes of a vertex value
    edge_value_size: int    # bytes of an edge value; 0: an edge's value is its float32 weight
    message_size: int       # EMV: bytes of a message (0 under CuSha)
    combiner: str           # EMV: "user", "sum", "min", "max" or "unordered_sum"
    message_type: str       # EMV with a built-in combiner: "int32", ..., "double"; "none" otherwise
    aggregates: int         # sums the program keeps, 0 to 4
    has_halt: bool          # the program has a halt function
    params: tuple           # the 8 default parameters
    source: str             # the functions' source text
    output: str             # how the gg tool prints a value ("" or e.g. "depth", "float @8")


@dataclass(frozen=True)
class BuildStats:
    """What preparing a program for a backend cost (gg_program_build_stats)."""

    backend: str        # "cpu" or "cuda": the backend prepared
    compile_ms: float   # time compiling (0 when the on-disk cache had the result)
    load_ms: float      # time loading the compiled code
    cache_hit: bool     # the result came from the on-disk cache or was already loaded
    compiled: bool      # the source was compiled by this call


def _scalar_type(message_type):
    """The C value of a scalar message type: a name ("uint32", "float", ...), a numpy dtype, or None."""
    if message_type is None:
        return _abi.SCALAR_TYPES["none"]
    if isinstance(message_type, str):
        return enum_value(_abi.SCALAR_TYPES, message_type, "message_type")
    try:
        dtype = np.dtype(message_type)
    except TypeError:
        dtype = None
    for name, known in _SCALAR_DTYPES.items():
        if dtype == known:
            return _abi.SCALAR_TYPES[name]
    raise InvalidArgumentError("message_type is %r; expected one of %s, or the numpy dtype of one"
                               % (message_type, ", ".join(_SCALAR_DTYPES)))


def _text(value, what, limit=None):
    """A str as NUL-free UTF-8 bytes, at most `limit` bytes."""
    if not isinstance(value, str):
        raise InvalidArgumentError("%s must be a str, not %s" % (what, type(value).__name__))
    encoded = value.encode("utf-8")
    if b"\0" in encoded:
        raise InvalidArgumentError("%s contains a NUL character" % what)
    if limit is not None and len(encoded) > limit:
        raise InvalidArgumentError("%s is %d bytes long; at most %d fit" % (what, len(encoded), limit))
    return encoded


def _params(params, what):
    """Up to 8 parameters as a list of floats."""
    if isinstance(params, (str, bytes)) or not hasattr(params, "__len__"):
        raise InvalidArgumentError("%s must be a sequence of at most %d numbers" % (what, _abi.PROGRAM_MAX_PARAMS))
    if len(params) > _abi.PROGRAM_MAX_PARAMS:
        raise InvalidArgumentError("%s has %d entries; at most %d" % (what, len(params), _abi.PROGRAM_MAX_PARAMS))
    out = []
    for i, value in enumerate(params):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
            raise InvalidArgumentError("%s[%d] must be a number, not %s" % (what, i, type(value).__name__))
        out.append(float(value))
    return out


def default_dtype(vertex_value_size, output=""):
    """The dtype of a program's values when it has none of its own.

    A program with an output description gets one named field over the bytes it
    describes ("depth" and "label": uint32 fields of those names; "float",
    "double", "uint32", ...: a field "value"); any other program gets one field
    "bytes" of vertex_value_size uint8, to view as the caller's own dtype.
    """
    words = output.split()
    if words and words[0] in _OUTPUT_FIELDS and len(words) <= 2:
        name, field_type = _OUTPUT_FIELDS[words[0]]
        offset = int(words[1][1:]) if len(words) == 2 else 0
        return np.dtype({"names": [name], "formats": [field_type], "offsets": [offset],
                         "itemsize": vertex_value_size})
    return np.dtype([("bytes", np.uint8, (vertex_value_size,))])


def checked_dtype(dtype, vertex_value_size, what="dtype"):
    """dtype as a numpy dtype of exactly vertex_value_size bytes of plain data, or a clear error."""
    try:
        dtype = np.dtype(dtype)
    except TypeError as error:
        raise InvalidArgumentError("%s %r is not a numpy dtype: %s" % (what, dtype, error)) from None
    if dtype.hasobject:
        raise InvalidArgumentError("%s %s holds Python objects; a vertex value is plain data" % (what, dtype))
    if dtype.itemsize != vertex_value_size:
        hint = ""
        if dtype.names is not None and not dtype.isalignedstruct:
            aligned = np.dtype([(name, dtype.fields[name][0]) for name in dtype.names], align=True)
            if aligned.itemsize == vertex_value_size:
                hint = (" (C pads a struct to the alignment of its members: np.dtype([...], align=True) "
                        "gives %d bytes)" % aligned.itemsize)
        raise InvalidArgumentError("%s %s has %d bytes per item, but the program's vertex_value_size is %d%s"
                                   % (what, dtype, dtype.itemsize, vertex_value_size, hint))
    return dtype


def _read_desc(handle):
    raw = _abi.initialized(_abi.gg_program_desc, "gg_program_desc_init")
    status = lib.gg_program_get_desc(handle, ctypes.byref(raw))
    if status != _abi.GG_OK:
        raise InvalidArgumentError("gg_program_get_desc failed with status %d" % status)
    decode = lambda b: b.decode("utf-8", "replace") if b is not None else ""  # noqa: E731
    return ProgramDesc(
        model=_MODEL_NAMES.get(raw.model, "unknown(%d)" % raw.model),
        name=decode(raw.name),
        vertex_value_size=int(raw.vertex_value_size),
        edge_value_size=int(raw.edge_value_size),
        message_size=int(raw.message_size),
        combiner=_COMBINER_NAMES.get(raw.combiner, "unknown(%d)" % raw.combiner),
        message_type=_SCALAR_NAMES.get(raw.message_type, "unknown(%d)" % raw.message_type),
        aggregates=int(raw.num_aggregates),
        has_halt=bool(raw.has_halt),
        params=tuple(float(x) for x in raw.params),
        source=decode(raw.source),
        output=decode(raw.output),
    )


class Program(OwnedHandle):
    """A vertex program: the functions as source text and the sizes of its data.

    Args:
        source: the functions as CUDA C source text (str), in the restricted C
            that compiles both for the GPU and as C99 (docs/programs.md).
        model: "cusha" (each vertex pulls from its in-edges) or "emv" (Medusa's
            Edge-Message-Vertex: active vertices send messages along out-edges).
        vertex_value_size: bytes of a vertex value (1 to 4096); defaults to
            dtype.itemsize.
        dtype: the numpy dtype of a vertex value (a structured dtype mirroring
            the source's gg_vertex); runs return arrays of it. Defaults to one
            derived from `output` (see default_dtype()).
        edge_value_size: bytes of an edge value; 0 (default): an edge's value is
            its float32 weight.
        message_size: EMV: bytes of a message (with a built-in combiner, 0 takes
            the scalar's size).
        combiner: EMV: "user" (the source's gg_combine; default), "sum", "min", "max" or
            "unordered_sum" (a sum the GPU adds in parallel, in no fixed order).
        message_type: EMV with a built-in combiner: the scalar type of a message,
            "int32", "uint32", "int64", "uint64", "float" or "double" (or its numpy dtype).
        aggregates: sums over the vertices the program keeps, 0 (default) to 4.
        has_halt: the source has a gg_halt function.
        params: up to 8 default parameters (gg_program_globals.params).
        output: how the gg tool prints a value: "" or "depth", "label", "float",
            "double", "uint32", "int32", "uint64", "int64", optionally with " @OFFSET".
        name: names the program in messages and compile logs (default "program").
        context: the gg.Context that reports a failure (default: the default context);
            prepare() uses it unless given another.

    Nothing is compiled here: prepare() compiles for a backend, or the first run does.
    Release with close() or a ``with`` block; a finalizer does it otherwise.
    """

    _kind = "gg.Program"

    def __init__(self, source, model, vertex_value_size=None, dtype=None, edge_value_size=0, message_size=0,
                 combiner="user", message_type=None, aggregates=0, has_halt=False, params=(), output="", name=None,
                 context=None):
        context = resolve(context)
        if dtype is not None and vertex_value_size is None:
            try:
                vertex_value_size = np.dtype(dtype).itemsize
            except TypeError as error:
                raise InvalidArgumentError("dtype %r is not a numpy dtype: %s" % (dtype, error)) from None
        if vertex_value_size is None:
            raise InvalidArgumentError("a program needs its vertex_value_size, or a dtype to take it from")
        desc = _abi.initialized(_abi.gg_program_desc, "gg_program_desc_init")
        desc.model = enum_value(_abi.PROGRAM_MODELS, model, "model")
        desc.vertex_value_size = checked_int(vertex_value_size, "vertex_value_size", 0, UINT32_MAX)
        desc.edge_value_size = checked_int(edge_value_size, "edge_value_size", 0, UINT32_MAX)
        desc.message_size = checked_int(message_size, "message_size", 0, UINT32_MAX)
        desc.combiner = enum_value(_abi.COMBINERS, combiner, "combiner")
        desc.message_type = _scalar_type(message_type)
        desc.num_aggregates = checked_int(aggregates, "aggregates", 0, UINT32_MAX)
        desc.has_halt = 1 if has_halt else 0
        for i, value in enumerate(_params(params, "params")):
            desc.params[i] = value
        # Kept alive until gg_program_create has copied them.
        source_bytes = _text(source, "source")
        name_bytes = None if name is None else _text(name, "name")
        desc.source = source_bytes
        desc.name = name_bytes
        desc.output = _text(output, "output", limit=31)
        if dtype is not None:
            dtype = checked_dtype(dtype, desc.vertex_value_size)
        handle = _abi.program_p()
        context.call(lib.gg_program_create, ctypes.byref(desc), ctypes.byref(handle))
        del source_bytes, name_bytes
        self._own(handle, context, dtype)

    @classmethod
    def load(cls, path, dtype=None, context=None):
        """Reads a program file ("//! key: value" lines, then the source; docs/programs.md).

        dtype: the numpy dtype of a vertex value; by default one derived from the
        file's output line (see default_dtype()). A malformed file raises
        gg.ParseError naming the file and line; a missing one gg.InputOutputError.
        """
        context = resolve(context)
        handle = _abi.program_p()
        context.call(lib.gg_program_load, path_bytes(path), ctypes.byref(handle))
        program = cls.__new__(cls)
        program._own(handle, context, None)  # owns the handle before anything else can fail
        if dtype is not None:
            program._dtype = checked_dtype(dtype, program.desc.vertex_value_size)
        return program

    def _own(self, handle, context, dtype):
        self._handle = handle
        self._finalizer = weakref.finalize(self, lib.gg_program_destroy, handle)
        self._context = context
        self.desc = _read_desc(handle)
        self._dtype = dtype

    # ---- lifetime ---------------------------------------------------------
    def close(self):
        """Releases the program and the code compiled for it now. No run may be using it."""
        self._finalizer()

    def __repr__(self):
        if self.closed:
            return "<gg.Program closed>"
        d = self.desc
        return "<gg.Program %r %s, %d-byte values>" % (d.name, d.model, d.vertex_value_size)

    # ---- properties -------------------------------------------------------
    @property
    def dtype(self):
        """The numpy dtype of a vertex value: the one given, else default_dtype() of the description."""
        if self._dtype is None:
            return default_dtype(self.desc.vertex_value_size, self.desc.output)
        return self._dtype

    # ---- use --------------------------------------------------------------
    def prepare(self, backend="auto", context=None):
        """Compiles and loads the program for a backend now rather than on its first run.

        backend: "cpu" (the host's C compiler, $GG_CC, else cc), "cuda" (NVRTC for the
        context's first device) or "auto" (the context's choice). Returns a gg.BuildStats.
        A compile error raises gg.ParseError carrying the compiler's log, whose line
        numbers count from the first line of the source (the file name in it is the
        program's name); no compiler, or no GPU for "cuda", gg.UnsupportedError.
        """
        ctx = resolve(context) if context is not None else self._context
        stats = _abi.initialized(_abi.gg_program_build_stats, "gg_program_build_stats_init")
        ctx.call(lib.gg_program_prepare, self._live(), backend_value(backend), ctypes.byref(stats))
        return BuildStats(backend=_abi.backend_name(stats.backend), compile_ms=float(stats.compile_ms),
                          load_ms=float(stats.load_ms), cache_hit=bool(stats.cache_hit), compiled=bool(stats.compiled))

    def run(self, graph, values=None, source=None, max_iterations=None, keep_values=False, params=None, dtype=None,
            backend=None, layout=None, context=None):
        """Runs the program over `graph` to convergence or to its superstep cap.

        Args:
            graph: a gg.Graph.
            values: None (default: a new array of the program's dtype, n items), or the
                n first values: any 1-D array whose dtype has vertex_value_size bytes per
                item. They are copied; the caller's array is left as it was.
            source: the run's source vertex (gg_program_globals.source); None for none.
            max_iterations: the superstep cap; None or 0: n + 1.
            keep_values: True: `values` are the first values (the program's init is not
                called) and every vertex is active in superstep 0.
            params: up to 8 numbers replacing the program's first parameters for this run.
            dtype: the dtype of the result (default: that of `values`, else the program's).
            backend, layout, context: as for every run (on the GPU the layout is "auto" or
                "csr", or for a CuSha-model program "gshards" or "cw"; context defaults to
                the graph's own).

        Returns (values, stats): a new numpy array of n vertex values and a gg.RunStats
        whose `iterations` are the supersteps run and `converged` says whether the run
        stopped by itself (False: the cap stopped it; the values are those of its last
        superstep). A compile error on first use raises gg.ParseError.
        """
        if not isinstance(graph, Graph):
            raise InvalidArgumentError("graph must be a gg.Graph, not %s" % type(graph).__name__)
        size = self.desc.vertex_value_size
        n = graph.n
        if values is None:
            if keep_values:
                raise InvalidArgumentError("keep_values=True keeps the given values, but none were given")
            out = np.zeros(n, checked_dtype(self.dtype if dtype is None else dtype, size))
        else:
            array = np.asarray(values)
            if array.ndim != 1:
                raise InvalidArgumentError("values must be one-dimensional, not of shape %s" % (array.shape,))
            if array.size != n:
                raise InvalidArgumentError("values has %d entries; the graph has %d vertices" % (array.size, n))
            checked_dtype(array.dtype, size, "values' dtype")
            if dtype is not None and checked_dtype(dtype, size) != array.dtype:
                array = array.view(np.dtype(dtype))  # the same bytes, read as the given dtype
            out = np.array(array, copy=True, order="C")
        options = _abi.initialized(_abi.gg_program_run_options, "gg_program_run_options_init")
        if source is not None:
            options.source = vertex(source)
        if max_iterations is not None:
            options.max_iterations = checked_int(max_iterations, "max_iterations", 0, UINT32_MAX)
        options.keep_values = 1 if keep_values else 0
        if params is not None:
            values_list = _params(params, "params")
            for i, value in enumerate(values_list):
                options.params[i] = value
            options.num_params = len(values_list)
        run_options = _run_options(backend, layout)
        stats = _abi.initialized(_abi.gg_run_stats, "gg_run_stats_init")
        part_compute, part_exchange = (ctypes.c_double * 1)(), (ctypes.c_double * 1)()
        stats.part_compute_ms, stats.part_exchange_ms, stats.part_capacity = part_compute, part_exchange, 1
        graph._ctx(context).call(lib.gg_run_program, graph._live(), self._live(), out.ctypes.data_as(ctypes.c_void_p),
                                 out.nbytes, ctypes.byref(options), ctypes.byref(run_options), ctypes.byref(stats))
        count = min(int(stats.num_parts), 1)
        return out, RunStats.from_c(stats, part_compute[:count], part_exchange[:count])


__all__ = ["BuildStats", "Program", "ProgramDesc", "checked_dtype", "default_dtype"]
