"""ctypes mirror of include/gg.h: enums, option structs and prototypes.

Every struct here must match its C definition field for field; the tests
compare ctypes.sizeof with the struct_size each *_init function writes, and
the defaults those functions write with the header's documented defaults.
Enums are C ints (32 bits on every platform gg supports).
"""

import ctypes
import numbers
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_double,
    c_float,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)

from ._library import check_version, load_library

# ---- enums (values fixed by gg.h, never renumbered) ----------------------
GG_OK = 0
STATUS_NAMES = {
    0: "ok",
    -1: "invalid argument",
    -2: "parse error",
    -3: "out of memory",
    -4: "device error",
    -5: "unsupported",
    -6: "I/O error",
    -7: "too large",
    -8: "internal error",
    -9: "distributed run failed",  # since 0.7
}

LOG_LEVELS = {"debug": 0, "info": 1, "warn": 2, "error": 3}
DUPLICATES = {"min": 0, "max": 1, "sum": 2, "first": 3, "all": 4}
FORMATS = {"auto": 0, "mtx": 1, "edgelist": 2, "wel": 3, "dimacs": 4, "ggb": 5}
GENERATORS = {"kron": 0, "urand": 1, "grid": 2}
# gg_mpi_mode (since 0.7): GG_MPI_NONE, GG_MPI_WORLD, GG_MPI_COMM.
MPI_NONE, MPI_WORLD, MPI_COMM = 0, 1, 2
# Vertex programs (since 0.5).
PROGRAM_MODELS = {"cusha": 1, "emv": 2}
COMBINERS = {"user": 0, "sum": 1, "min": 2, "max": 3, "unordered_sum": 4}
SCALAR_TYPES = {"none": 0, "int32": 1, "uint32": 2, "int64": 3, "uint64": 4, "float": 5, "double": 6}
PROGRAM_MAX_AGGREGATES = 4
PROGRAM_MAX_PARAMS = 8
# Backend, layout and partitioner names are the library's own (gg_backend_name /
# gg_backend_from_name, gg_layout_name / gg_layout_from_name, gg_partitioner_name /
# gg_partitioner_from_name): see backend_value(), layout_value(),
# partitioner_value() and their *_name() below; there is no second table here.

gg_status = c_int
gg_enum = c_int


class gg_context(Structure):
    """Opaque."""


class gg_graph(Structure):
    """Opaque."""


class gg_shards(Structure):
    """Opaque."""


class gg_partition_plan(Structure):
    """Opaque."""


class gg_program(Structure):
    """Opaque."""


gg_log_fn = CFUNCTYPE(None, c_void_p, gg_enum, c_char_p)


class gg_context_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("backend", gg_enum),
        ("device_id", c_int32),
        ("num_threads", c_int32),
        ("log_fn", gg_log_fn),
        ("log_user_data", c_void_p),
        ("log_level", gg_enum),
        ("devices", POINTER(c_int32)),
        ("num_devices", c_uint32),
        ("all_devices", c_int32),
        # Since 0.7: distributed contexts over MPI (gg_mpi_mode; the communicator's
        # Fortran handle, MPI_Comm_c2f / mpi4py's comm.py2f(); seconds, 0 = 600).
        ("mpi", gg_enum),
        ("mpi_comm", c_int64),
        ("mpi_timeout_s", c_double),
    ]


class gg_graph_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("undirected", c_int32),
        ("duplicates", gg_enum),
        ("drop_self_loops", c_int32),
        ("max_edges", c_uint64),
        ("max_vertices", c_uint64),  # since 0.3
    ]


class gg_generator_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("kind", gg_enum),
        ("scale", c_uint32),
        ("degree", c_uint32),
        ("rows", c_uint32),
        ("cols", c_uint32),
        ("seed", c_uint64),
        ("weighted", c_int32),
        ("weight_min", c_uint32),
        ("weight_max", c_uint32),
        ("symmetrize", c_int32),
        ("rmat_a", c_double),
        ("rmat_b", c_double),
        ("rmat_c", c_double),
    ]


class gg_run_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("backend", gg_enum),
        ("layout", gg_enum),
        ("tolerance", c_double),
        ("max_iterations", c_uint32),
        ("damping", c_double),
        ("delta", c_float),
        # Since 0.3.
        ("partition_plan", POINTER(gg_partition_plan)),
        # Since 0.4: K of the vsplit and udt layouts; 0 = Tigr's defaults (10, 1000).
        ("degree_bound", c_uint32),
        # Since 0.6: 1 = the run's per-vertex arrays are CUDA device memory.
        ("device_arrays", c_int32),
    ]


class gg_run_stats(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("backend", gg_enum),
        ("layout", gg_enum),
        ("device_id", c_int32),
        ("num_threads", c_int32),
        ("total_ms", c_double),
        ("compute_ms", c_double),
        ("transfer_ms", c_double),
        ("preprocess_ms", c_double),
        ("iterations", c_uint32),
        ("edges_visited", c_uint64),
        ("device_bytes", c_uint64),
        ("fallback_reason", c_char * 160),
        # Since 0.3: partitioned runs. The last three are inputs: caller-owned arrays.
        ("num_parts", c_uint32),
        ("exchange_rounds", c_uint32),
        ("edge_cut", c_uint64),
        ("replicas", c_uint64),
        ("bytes_exchanged", c_uint64),
        ("exchange_ms", c_double),
        ("partition_ms", c_double),
        ("part_compute_ms", POINTER(c_double)),
        ("part_exchange_ms", POINTER(c_double)),
        ("part_capacity", c_uint32),
        # Since 0.5: 1 when the run stopped by itself, 0 when an iteration cap stopped it.
        ("converged", c_int32),
        # Since 0.8: the part of exchange_ms that ran while the parts computed.
        ("exchange_hidden_ms", c_double),
    ]


class gg_partition_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("seed", c_int32),
        ("ufactor", c_int32),
    ]


class gg_partition_plan_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("num_parts", c_uint32),
        ("partitioner", gg_enum),
        ("parts", POINTER(c_uint32)),
        ("parts_length", c_uint64),
        ("replication_depth", c_uint32),
        ("seed", c_uint64),
        ("release_graph_edges", c_uint32),  # since 0.10
    ]


class gg_partition_plan_stats(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("num_parts", c_uint32),
        ("replication_depth", c_uint32),
        ("partitioner", gg_enum),
        ("empty_parts", c_uint32),
        ("edge_cut", c_uint64),
        ("replicas", c_uint64),
        ("local_edges", c_uint64),
        ("max_part_vertices", c_uint64),
        ("partition_ms", c_double),
        ("build_ms", c_double),
        ("choice", c_char * 192),
    ]


class gg_part_info(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("owned", c_uint32),
        ("replicas", c_uint32),
        ("local_edges", c_uint64),
        ("neighbours", c_uint32),
    ]


class gg_shard_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("vertices_per_shard", c_uint32),
        ("shared_memory_bytes", c_uint32),
        ("vertex_value_bytes", c_uint32),
    ]


class gg_shard_stats(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("num_shards", c_uint32),
        ("vertices_per_shard", c_uint32),
        ("num_edges", c_uint64),
        ("num_windows", c_uint64),
        ("empty_windows", c_uint64),
        ("max_window", c_uint64),
        ("mean_window", c_double),
        ("window_histogram", c_uint64 * 8),
        ("max_shard", c_uint64),
        ("gshards_bytes", c_uint64),
        ("cw_bytes", c_uint64),
    ]


class gg_layout_info(Structure):
    # Since 0.7: what one layout of a graph takes (gg_layout_measure).
    _fields_ = [
        ("struct_size", c_size_t),
        ("layout", gg_enum),
        ("degree_bound", c_uint32),
        ("bytes", c_uint64),
        ("nodes", c_uint64),
        ("build_ms", c_double),
    ]


class gg_program_desc(Structure):
    # Since 0.5. `functions` (a gg_program_functions of C function pointers, CPU only)
    # is not bound: this binding gives programs as source text.
    _fields_ = [
        ("struct_size", c_size_t),
        ("model", gg_enum),
        ("name", c_char_p),
        ("vertex_value_size", c_uint32),
        ("edge_value_size", c_uint32),
        ("message_size", c_uint32),
        ("combiner", gg_enum),
        ("message_type", gg_enum),
        ("num_aggregates", c_uint32),
        ("has_halt", c_int32),
        ("params", c_double * PROGRAM_MAX_PARAMS),
        ("source", c_char_p),
        ("functions", c_void_p),
        ("output", c_char * 32),
    ]


class gg_program_run_options(Structure):
    # Since 0.5.
    _fields_ = [
        ("struct_size", c_size_t),
        ("source", c_uint32),
        ("max_iterations", c_uint32),
        ("keep_values", c_int32),
        ("num_params", c_uint32),
        ("params", c_double * PROGRAM_MAX_PARAMS),
    ]


class gg_program_build_stats(Structure):
    # Since 0.5.
    _fields_ = [
        ("struct_size", c_size_t),
        ("backend", gg_enum),
        ("compile_ms", c_double),
        ("load_ms", c_double),
        ("cache_hit", c_int32),
        ("compiled", c_int32),
    ]


P = POINTER
ctx_p = P(gg_context)
graph_p = P(gg_graph)
shards_p = P(gg_shards)
plan_p = P(gg_partition_plan)
program_p = P(gg_program)
u32_p = P(c_uint32)
u64_p = P(c_uint64)
f32_p = P(c_float)
f64_p = P(c_double)

# name: (restype, argtypes)
PROTOTYPES = {
    "gg_version": (c_uint32, []),
    "gg_version_string": (c_char_p, []),
    "gg_status_string": (c_char_p, [gg_status]),
    "gg_context_options_init": (None, [P(gg_context_options)]),
    "gg_context_create": (gg_status, [P(gg_context_options), P(ctx_p)]),
    "gg_context_destroy": (None, [ctx_p]),
    "gg_context_last_error": (c_char_p, [ctx_p]),
    "gg_context_copy_last_error": (c_size_t, [ctx_p, c_char_p, c_size_t]),
    "gg_context_last_status": (gg_status, [ctx_p]),
    "gg_context_clear_error": (None, [ctx_p]),
    "gg_context_cuda_available": (c_int32, [ctx_p, c_char_p, c_size_t]),
    "gg_context_num_threads": (c_int32, [ctx_p]),
    "gg_context_get_devices": (gg_status, [ctx_p, P(c_int32), c_uint32, P(c_uint32)]),
    # Since 0.7.
    "gg_context_rank": (c_int32, [ctx_p]),
    "gg_context_num_ranks": (c_int32, [ctx_p]),
    "gg_graph_options_init": (None, [P(gg_graph_options)]),
    "gg_graph_create": (gg_status, [ctx_p, c_uint32, c_uint64, u32_p, u32_p, f32_p, P(gg_graph_options), P(graph_p)]),
    "gg_graph_create_csr": (gg_status, [ctx_p, c_uint32, u64_p, u32_p, f32_p, P(gg_graph_options), P(graph_p)]),
    "gg_graph_load": (gg_status, [ctx_p, c_char_p, gg_enum, P(gg_graph_options), P(graph_p)]),
    "gg_graph_save": (gg_status, [ctx_p, graph_p, c_char_p, gg_enum]),
    "gg_format_from_path": (gg_enum, [c_char_p]),
    "gg_generator_options_init": (None, [P(gg_generator_options)]),
    "gg_graph_generate": (gg_status, [ctx_p, P(gg_generator_options), P(graph_p)]),
    "gg_graph_destroy": (None, [graph_p]),
    "gg_graph_num_vertices": (c_uint32, [graph_p]),
    "gg_graph_num_edges": (c_uint64, [graph_p]),
    "gg_graph_is_undirected": (c_int32, [graph_p]),
    "gg_graph_is_weighted": (c_int32, [graph_p]),
    "gg_graph_out_degrees": (gg_status, [ctx_p, graph_p, u32_p]),
    "gg_graph_release_device_memory": (gg_status, [ctx_p, graph_p, u64_p]),
    "gg_graph_in_degrees": (gg_status, [ctx_p, graph_p, u32_p]),
    "gg_graph_copy_csr": (gg_status, [ctx_p, graph_p, u64_p, u32_p, f32_p]),
    "gg_graph_copy_csc": (gg_status, [ctx_p, graph_p, u64_p, u32_p, f32_p]),
    "gg_graph_read_csr": (gg_status, [ctx_p, graph_p, u64_p, c_uint64, u32_p, c_uint64, f32_p, c_uint64]),
    "gg_graph_read_csc": (gg_status, [ctx_p, graph_p, u64_p, c_uint64, u32_p, c_uint64, f32_p, c_uint64]),
    "gg_backend_name": (c_char_p, [gg_enum]),
    "gg_backend_from_name": (gg_status, [c_char_p, P(gg_enum)]),
    "gg_layout_name": (c_char_p, [gg_enum]),
    "gg_layout_from_name": (gg_status, [c_char_p, P(gg_enum)]),
    # Since 0.7.
    "gg_layout_info_init": (None, [P(gg_layout_info)]),
    "gg_layout_measure": (gg_status, [ctx_p, graph_p, gg_enum, c_uint32, P(gg_layout_info)]),
    "gg_run_options_init": (None, [P(gg_run_options)]),
    "gg_run_stats_init": (None, [P(gg_run_stats)]),
    "gg_run_bfs": (gg_status, [ctx_p, graph_p, c_uint32, u32_p, u32_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_run_sssp": (gg_status, [ctx_p, graph_p, c_uint32, f32_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_run_sswp": (gg_status, [ctx_p, graph_p, c_uint32, f32_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_run_cc": (gg_status, [ctx_p, graph_p, u32_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_run_pagerank": (gg_status, [ctx_p, graph_p, f64_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_run_bc": (gg_status, [ctx_p, graph_p, u32_p, c_uint32, f64_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_run_spmv": (gg_status, [ctx_p, graph_p, f32_p, f32_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_run_apsp": (gg_status, [ctx_p, graph_p, f32_p, c_uint64, P(gg_run_options), P(gg_run_stats)]),
    # Since 0.5.
    "gg_run_matching": (gg_status, [ctx_p, graph_p, c_uint32, u32_p, u64_p, P(gg_run_options), P(gg_run_stats)]),
    "gg_partition_options_init": (None, [P(gg_partition_options)]),
    "gg_partition": (gg_status, [ctx_p, graph_p, c_uint32, u32_p, u64_p, P(gg_partition_options)]),
    "gg_partition_plan_options_init": (None, [P(gg_partition_plan_options)]),
    "gg_partition_plan_stats_init": (None, [P(gg_partition_plan_stats)]),
    "gg_part_info_init": (None, [P(gg_part_info)]),
    "gg_partition_plan_create": (gg_status, [ctx_p, graph_p, P(gg_partition_plan_options), P(plan_p)]),
    "gg_partition_plan_destroy": (None, [plan_p]),
    "gg_partition_plan_read_stats": (gg_status, [ctx_p, plan_p, P(gg_partition_plan_stats)]),
    "gg_partition_plan_read_part": (gg_status, [ctx_p, plan_p, c_uint32, P(gg_part_info)]),
    "gg_partition_plan_read_parts": (gg_status, [ctx_p, plan_p, u32_p, c_uint64]),
    "gg_partitioner_name": (c_char_p, [gg_enum]),
    "gg_partitioner_from_name": (gg_status, [c_char_p, P(gg_enum)]),
    "gg_shard_options_init": (None, [P(gg_shard_options)]),
    "gg_shard_stats_init": (None, [P(gg_shard_stats)]),
    "gg_shard": (gg_status, [ctx_p, graph_p, P(gg_shard_options), P(shards_p)]),
    "gg_shards_destroy": (None, [shards_p]),
    "gg_shards_get_stats": (gg_status, [shards_p, P(gg_shard_stats)]),
    "gg_shards_copy_shards": (gg_status, [shards_p, u64_p, u32_p, u32_p, f32_p]),
    "gg_shards_copy_windows": (gg_status, [shards_p, u64_p]),
    "gg_shards_copy_cw": (gg_status, [shards_p, u64_p, u32_p, u64_p]),
    "gg_shards_read_stats": (gg_status, [ctx_p, shards_p, P(gg_shard_stats)]),
    "gg_shards_read_shards": (
        gg_status,
        [ctx_p, shards_p, u64_p, c_uint64, u32_p, c_uint64, u32_p, c_uint64, f32_p, c_uint64],
    ),
    "gg_shards_read_windows": (gg_status, [ctx_p, shards_p, u64_p, c_uint64]),
    "gg_shards_read_cw": (gg_status, [ctx_p, shards_p, u64_p, c_uint64, u32_p, c_uint64, u64_p, c_uint64]),
    # Vertex programs (since 0.5).
    "gg_program_desc_init": (None, [P(gg_program_desc)]),
    "gg_program_run_options_init": (None, [P(gg_program_run_options)]),
    "gg_program_build_stats_init": (None, [P(gg_program_build_stats)]),
    "gg_program_create": (gg_status, [ctx_p, P(gg_program_desc), P(program_p)]),
    "gg_program_load": (gg_status, [ctx_p, c_char_p, P(program_p)]),
    "gg_program_destroy": (None, [program_p]),
    "gg_program_get_desc": (gg_status, [program_p, P(gg_program_desc)]),
    "gg_program_prepare": (gg_status, [ctx_p, program_p, gg_enum, P(gg_program_build_stats)]),
    "gg_run_program": (
        gg_status,
        [ctx_p, graph_p, program_p, c_void_p, c_size_t, P(gg_program_run_options), P(gg_run_options), P(gg_run_stats)],
    ),
}


def _bind():
    lib, path = load_library()
    missing = [name for name in PROTOTYPES if not hasattr(lib, name)]
    if missing:
        raise ImportError("gg: %s lacks symbols this binding needs: %s" % (path, ", ".join(missing)))
    for name, (restype, argtypes) in PROTOTYPES.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    version = check_version(lib)
    return lib, path, version


lib, library_path, library_version = _bind()


def backend_name(value):
    """The library's name of a backend value; 'unknown(<value>)' for one it does not know."""
    name = lib.gg_backend_name(value)
    return name.decode("ascii") if name is not None else "unknown(%d)" % value


def backend_names():
    """Every backend name the library knows, in enum order."""
    names = []
    while lib.gg_backend_name(len(names)) is not None:
        names.append(lib.gg_backend_name(len(names)).decode("ascii"))
    return names


def backend_value(backend):
    """The C value of a backend given by the library's name (any case) or a known int value.

    Raises ValueError for anything else.
    """
    if isinstance(backend, numbers.Integral) and not isinstance(backend, bool):
        backend = int(backend)
        if -(2**31) <= backend < 2**31 and lib.gg_backend_name(backend) is not None:
            return backend
        raise ValueError(backend)
    if not isinstance(backend, str) or "\0" in backend:  # C would read a name only up to the NUL
        raise ValueError(backend)
    value = gg_enum()
    if lib.gg_backend_from_name(backend.lower().encode("ascii", "replace"), ctypes.byref(value)) != GG_OK:
        raise ValueError(backend)
    return value.value


# The spelling bindings before 0.2 used for GG_LAYOUT_VIRTUAL_SPLIT, which the
# library calls "vsplit". Still accepted so that existing code keeps working.
DEPRECATED_LAYOUT_ALIASES = {"virtual_split": "vsplit"}


def layout_name(value):
    """The library's name of a layout value; 'unknown(<value>)' for one it does not know."""
    name = lib.gg_layout_name(value)
    return name.decode("ascii") if name is not None else "unknown(%d)" % value


def layout_names():
    """Every layout name the library knows, in enum order."""
    names = []
    while lib.gg_layout_name(len(names)) is not None:
        names.append(lib.gg_layout_name(len(names)).decode("ascii"))
    return names


def layout_value(layout):
    """The C value of a layout given by the library's name (or a known int value).

    Raises ValueError for anything else; warns (DeprecationWarning) for the old
    spelling "virtual_split".
    """
    if isinstance(layout, int) and not isinstance(layout, bool):
        if lib.gg_layout_name(layout) is not None:
            return layout
        raise ValueError(layout)
    if not isinstance(layout, str):
        raise ValueError(layout)
    key = layout.lower()
    if key in DEPRECATED_LAYOUT_ALIASES:
        import warnings

        new = DEPRECATED_LAYOUT_ALIASES[key]
        warnings.warn('layout "%s" is deprecated; the library calls it "%s"' % (key, new), DeprecationWarning,
                      stacklevel=4)
        key = new
    value = gg_enum()
    if lib.gg_layout_from_name(key.encode("ascii", "replace"), ctypes.byref(value)) != GG_OK:
        raise ValueError(layout)
    return value.value


def partitioner_name(value):
    """The library's name of a partitioner value; 'unknown(<value>)' for one it does not know."""
    name = lib.gg_partitioner_name(value)
    return name.decode("ascii") if name is not None else "unknown(%d)" % value


def partitioner_names():
    """Every partitioner name the library knows, in enum order."""
    names = []
    while lib.gg_partitioner_name(len(names)) is not None:
        names.append(lib.gg_partitioner_name(len(names)).decode("ascii"))
    return names


def partitioner_value(partitioner):
    """The C value of a partitioner given by the library's name (any case) or a known int value.

    Raises ValueError for anything else.
    """
    if isinstance(partitioner, int) and not isinstance(partitioner, bool):
        if lib.gg_partitioner_name(partitioner) is not None:
            return partitioner
        raise ValueError(partitioner)
    if not isinstance(partitioner, str):
        raise ValueError(partitioner)
    value = gg_enum()
    if lib.gg_partitioner_from_name(partitioner.lower().encode("ascii", "replace"), ctypes.byref(value)) != GG_OK:
        raise ValueError(partitioner)
    return value.value


def initialized(struct_type, init_name):
    """A struct of struct_type filled by its gg *_init function (defaults + struct_size)."""
    value = struct_type()
    getattr(lib, init_name)(ctypes.byref(value))
    return value
