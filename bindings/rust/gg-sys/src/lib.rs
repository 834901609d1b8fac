//! Raw declarations of `include/gg.h`, field for field and function for
//! function. Everything here is `unsafe` to call; the `gg` crate wraps it.
//!
//! C enums are `int` on every platform gg supports, so each enum is an `i32`
//! type alias with one constant per value (a Rust `enum` would be undefined
//! behaviour the day the library returns a value added after this crate).
//! Keep this file in step with gg.h: the tests compare every struct's size with
//! the `struct_size` its `*_init` function writes.
#![allow(non_camel_case_types)]

use std::marker::{PhantomData, PhantomPinned};
use std::os::raw::{c_char, c_void};

/// Version of gg.h these declarations mirror.
pub const GG_VERSION_MAJOR: u32 = 0;
pub const GG_VERSION_MINOR: u32 = 10;
pub const GG_VERSION_PATCH: u32 = 0;
pub const GG_VERSION_NUMBER: u32 = GG_VERSION_MAJOR * 10000 + GG_VERSION_MINOR * 100 + GG_VERSION_PATCH;

pub type gg_status = i32;
pub const GG_OK: gg_status = 0;
pub const GG_ERROR_INVALID_ARGUMENT: gg_status = -1;
pub const GG_ERROR_PARSE: gg_status = -2;
pub const GG_ERROR_OUT_OF_MEMORY: gg_status = -3;
pub const GG_ERROR_DEVICE: gg_status = -4;
pub const GG_ERROR_UNSUPPORTED: gg_status = -5;
pub const GG_ERROR_IO: gg_status = -6;
pub const GG_ERROR_TOO_LARGE: gg_status = -7;
pub const GG_ERROR_INTERNAL: gg_status = -8;
/// Another process of a distributed context failed, died or did not answer within
/// `gg_context_options.mpi_timeout_s`, or MPI failed. Since 0.7.
pub const GG_ERROR_DISTRIBUTED: gg_status = -9;

pub type gg_backend = i32;
pub const GG_BACKEND_AUTO: gg_backend = 0;
pub const GG_BACKEND_CPU: gg_backend = 1;
pub const GG_BACKEND_CUDA: gg_backend = 2;

pub type gg_log_level = i32;
pub const GG_LOG_DEBUG: gg_log_level = 0;
pub const GG_LOG_INFO: gg_log_level = 1;
pub const GG_LOG_WARN: gg_log_level = 2;
pub const GG_LOG_ERROR: gg_log_level = 3;

/// Whether a context runs distributed over MPI processes (docs/distributed.md). Since 0.7.
pub type gg_mpi_mode = i32;
/// This process runs alone (default).
pub const GG_MPI_NONE: gg_mpi_mode = 0;
/// Every process of MPI_COMM_WORLD; gg calls MPI_Init_thread (and MPI_Finalize at exit) when the
/// program has not initialised MPI.
pub const GG_MPI_WORLD: gg_mpi_mode = 1;
/// The processes of the caller's communicator, `gg_context_options.mpi_comm`; MPI must be initialised.
pub const GG_MPI_COMM: gg_mpi_mode = 2;

pub type gg_duplicate_policy = i32;
pub const GG_DUPLICATES_KEEP_MIN: gg_duplicate_policy = 0;
pub const GG_DUPLICATES_KEEP_MAX: gg_duplicate_policy = 1;
pub const GG_DUPLICATES_SUM: gg_duplicate_policy = 2;
pub const GG_DUPLICATES_KEEP_FIRST: gg_duplicate_policy = 3;
pub const GG_DUPLICATES_KEEP_ALL: gg_duplicate_policy = 4;

pub type gg_format = i32;
pub const GG_FORMAT_AUTO: gg_format = 0;
pub const GG_FORMAT_MTX: gg_format = 1;
pub const GG_FORMAT_EDGELIST: gg_format = 2;
pub const GG_FORMAT_WEL: gg_format = 3;
pub const GG_FORMAT_DIMACS: gg_format = 4;
pub const GG_FORMAT_GGB: gg_format = 5;

pub type gg_generator = i32;
pub const GG_GENERATOR_KRON: gg_generator = 0;
pub const GG_GENERATOR_URAND: gg_generator = 1;
pub const GG_GENERATOR_GRID: gg_generator = 2;

pub type gg_layout = i32;
pub const GG_LAYOUT_AUTO: gg_layout = 0;
pub const GG_LAYOUT_CSR: gg_layout = 1;
pub const GG_LAYOUT_GSHARDS: gg_layout = 2;
pub const GG_LAYOUT_CW: gg_layout = 3;
pub const GG_LAYOUT_VIRTUAL_SPLIT: gg_layout = 4;
pub const GG_LAYOUT_UDT: gg_layout = 5;
pub const GG_LAYOUT_TOCAB: gg_layout = 6;

pub type gg_partitioner = i32;
pub const GG_PARTITIONER_METIS: gg_partitioner = 0;
pub const GG_PARTITIONER_RANDOM: gg_partitioner = 1;
pub const GG_PARTITIONER_BLOCK: gg_partitioner = 2;
pub const GG_PARTITIONER_GIVEN: gg_partitioner = 3;
/// Chosen per graph from measured edge cuts; `gg_partition_plan_stats` says which and why. Since 0.3.
pub const GG_PARTITIONER_AUTO: gg_partitioner = 4;

macro_rules! opaque {
    ($name:ident) => {
        /// Opaque handle type; only ever used behind a pointer.
        #[repr(C)]
        pub struct $name {
            _private: [u8; 0],
            _marker: PhantomData<(*mut u8, PhantomPinned)>,
        }
    };
}
opaque!(gg_context);
opaque!(gg_graph);
opaque!(gg_shards);
opaque!(gg_partition_plan);
opaque!(gg_program);

pub type gg_log_fn = Option<unsafe extern "C" fn(user_data: *mut c_void, level: gg_log_level, message: *const c_char)>;

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_context_options {
    pub struct_size: usize,
    pub backend: gg_backend,
    pub device_id: i32,
    pub num_threads: i32,
    pub log_fn: gg_log_fn,
    pub log_user_data: *mut c_void,
    pub log_level: gg_log_level,
    pub devices: *const i32,
    pub num_devices: u32,
    pub all_devices: i32,
    /// Since 0.7: `GG_MPI_NONE` (default), or run distributed over MPI processes.
    pub mpi: gg_mpi_mode,
    /// `GG_MPI_COMM`: the communicator's Fortran handle (`MPI_Comm_c2f(comm)`); ignored otherwise.
    pub mpi_comm: i64,
    /// Longest wait, in seconds, for the other processes in a collective step before the call
    /// fails with `GG_ERROR_DISTRIBUTED`; 0 (default) means 600.
    pub mpi_timeout_s: f64,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_graph_options {
    pub struct_size: usize,
    pub undirected: i32,
    pub duplicates: gg_duplicate_policy,
    pub drop_self_loops: i32,
    pub max_edges: u64,
    /// Since 0.3: refuse a text file with more vertices; 0 = max(2^24, 64 x the file's edges), `u64::MAX` = any.
    pub max_vertices: u64,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_generator_options {
    pub struct_size: usize,
    pub kind: gg_generator,
    pub scale: u32,
    pub degree: u32,
    pub rows: u32,
    pub cols: u32,
    pub seed: u64,
    pub weighted: i32,
    pub weight_min: u32,
    pub weight_max: u32,
    pub symmetrize: i32,
    pub rmat_a: f64,
    pub rmat_b: f64,
    pub rmat_c: f64,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_run_options {
    pub struct_size: usize,
    pub backend: gg_backend,
    pub layout: gg_layout,
    pub tolerance: f64,
    pub max_iterations: u32,
    pub damping: f64,
    pub delta: f32,
    /// Since 0.3: run partitioned over this plan; NULL (default) runs unpartitioned.
    pub partition_plan: *const gg_partition_plan,
    /// Since 0.4: the degree bound K of `GG_LAYOUT_VIRTUAL_SPLIT` (a vertex's edges are cut into
    /// groups of at most K, one thread each) and `GG_LAYOUT_UDT` (at least 2: each tree node keeps
    /// at most K edges); 0 (default) takes Tigr's defaults, 10 for the split and 1000 for UDT.
    /// Other layouts ignore it.
    pub degree_bound: u32,
    /// Since 0.6: 1 when the run's per-vertex arrays are CUDA device memory on the context's
    /// first device (results, SpMV's x, a program's values); 0 (default): host memory. The safe
    /// `gg` crate passes slices, which are host memory, and leaves it 0.
    pub device_arrays: i32,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_run_stats {
    pub struct_size: usize,
    pub backend: gg_backend,
    pub layout: gg_layout,
    pub device_id: i32,
    pub num_threads: i32,
    pub total_ms: f64,
    pub compute_ms: f64,
    pub transfer_ms: f64,
    pub preprocess_ms: f64,
    pub iterations: u32,
    pub edges_visited: u64,
    pub device_bytes: u64,
    pub fallback_reason: [c_char; 160],
    // Since 0.3: partitioned runs. An unpartitioned run reports one part and zeros.
    pub num_parts: u32,
    pub exchange_rounds: u32,
    pub edge_cut: u64,
    pub replicas: u64,
    pub bytes_exchanged: u64,
    pub exchange_ms: f64,
    pub partition_ms: f64,
    /// In: NULL, or `part_capacity` entries that receive each part's compute time.
    pub part_compute_ms: *mut f64,
    /// In: NULL, or `part_capacity` entries that receive each part's exchange time.
    pub part_exchange_ms: *mut f64,
    /// In: entries of the two arrays.
    pub part_capacity: u32,
    /// Since 0.5: 1 when the run stopped by itself (a vertex program with no active vertex left or
    /// whose `halt` said so, PageRank below its tolerance, every other algorithm always), 0 when an
    /// iteration cap stopped it first.
    pub converged: i32,
    /// Since 0.8: the part of `exchange_ms` that ran while the parts computed.
    pub exchange_hidden_ms: f64,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_partition_options {
    pub struct_size: usize,
    pub seed: i32,
    pub ufactor: i32,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_partition_plan_options {
    pub struct_size: usize,
    pub num_parts: u32,
    pub partitioner: gg_partitioner,
    pub parts: *const u32,
    pub parts_length: u64,
    pub replication_depth: u32,
    pub seed: u64,
    /// Since 0.10: nonzero releases a distributed graph's edges while the plan gathers them.
    pub release_graph_edges: u32,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_partition_plan_stats {
    pub struct_size: usize,
    pub num_parts: u32,
    pub replication_depth: u32,
    pub partitioner: gg_partitioner,
    pub empty_parts: u32,
    pub edge_cut: u64,
    pub replicas: u64,
    pub local_edges: u64,
    pub max_part_vertices: u64,
    pub partition_ms: f64,
    pub build_ms: f64,
    /// For `GG_PARTITIONER_AUTO`, how it chose (NUL-terminated); "" otherwise.
    pub choice: [c_char; 192],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_part_info {
    pub struct_size: usize,
    pub owned: u32,
    pub replicas: u32,
    pub local_edges: u64,
    pub neighbours: u32,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_shard_options {
    pub struct_size: usize,
    pub vertices_per_shard: u32,
    pub shared_memory_bytes: u32,
    pub vertex_value_bytes: u32,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_shard_stats {
    pub struct_size: usize,
    pub num_shards: u32,
    pub vertices_per_shard: u32,
    pub num_edges: u64,
    pub num_windows: u64,
    pub empty_windows: u64,
    pub max_window: u64,
    pub mean_window: f64,
    pub window_histogram: [u64; 8],
    pub max_shard: u64,
    pub gshards_bytes: u64,
    pub cw_bytes: u64,
}

/// What one layout of a graph takes: `gg_layout_measure`. Initialise with `gg_layout_info_init`.
/// Since 0.7.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_layout_info {
    pub struct_size: usize,
    /// The layout measured.
    pub layout: gg_layout,
    /// `GG_LAYOUT_VIRTUAL_SPLIT` and `GG_LAYOUT_UDT`: the bound K built with; else 0.
    pub degree_bound: u32,
    /// Bytes of the layout's arrays, as the CUDA backend holds them.
    pub bytes: u64,
    /// "csr", "tocab": vertices; "gshards", "cw": shards; "vsplit": virtual nodes; "udt": nodes
    /// added by the transform.
    pub nodes: u64,
    /// Host milliseconds this call took to build it from the graph's CSR (0 for "csr").
    pub build_ms: f64,
}

// Vertex programs (since 0.5).

pub type gg_program_model = i32;
/// CuSha: `init_compute`, `compute` over the in-edges, `update_condition`.
pub const GG_PROGRAM_CUSHA: gg_program_model = 1;
/// Medusa's Edge-Message-Vertex: `send` along out-edges, combine, `apply`.
pub const GG_PROGRAM_EMV: gg_program_model = 2;

pub type gg_combiner = i32;
pub const GG_COMBINE_USER: gg_combiner = 0;
pub const GG_COMBINE_SUM: gg_combiner = 1;
pub const GG_COMBINE_MIN: gg_combiner = 2;
pub const GG_COMBINE_MAX: gg_combiner = 3;
pub const GG_COMBINE_UNORDERED_SUM: gg_combiner = 4;

pub type gg_scalar_type = i32;
pub const GG_SCALAR_NONE: gg_scalar_type = 0;
pub const GG_SCALAR_INT32: gg_scalar_type = 1;
pub const GG_SCALAR_UINT32: gg_scalar_type = 2;
pub const GG_SCALAR_INT64: gg_scalar_type = 3;
pub const GG_SCALAR_UINT64: gg_scalar_type = 4;
pub const GG_SCALAR_FLOAT: gg_scalar_type = 5;
pub const GG_SCALAR_DOUBLE: gg_scalar_type = 6;

/// The most aggregates a program may keep (`gg_program_desc::num_aggregates`).
pub const GG_PROGRAM_MAX_AGGREGATES: usize = 4;
/// The most parameters a program may take (`gg_program_desc::params`).
pub const GG_PROGRAM_MAX_PARAMS: usize = 8;

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_vertex_info {
    pub id: u32,
    pub out_degree: u32,
    pub in_degree: u32,
    pub reserved: u32,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_program_globals {
    pub num_vertices: u32,
    /// The run's source, `u32::MAX` when it has none.
    pub source: u32,
    pub num_edges: u64,
    pub iteration: u32,
    pub reserved: u32,
    pub aggregates: [f64; GG_PROGRAM_MAX_AGGREGATES],
    pub params: [f64; GG_PROGRAM_MAX_PARAMS],
}

/// The functions of a program as C function pointers, for the CPU backend (values are the
/// program's plain data of the sizes its `gg_program_desc` states).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_program_functions {
    pub struct_size: usize,
    pub init: Option<
        unsafe extern "C" fn(
            value: *mut c_void,
            info: *const gg_vertex_info,
            globals: *const gg_program_globals,
        ) -> i32,
    >,
    pub init_edge: Option<
        unsafe extern "C" fn(
            edge_value: *mut c_void,
            src: u32,
            dst: u32,
            weight: f32,
            globals: *const gg_program_globals,
        ),
    >,
    pub init_compute: Option<
        unsafe extern "C" fn(
            local: *mut c_void,
            value: *const c_void,
            info: *const gg_vertex_info,
            globals: *const gg_program_globals,
        ),
    >,
    pub compute: Option<
        unsafe extern "C" fn(
            src_value: *const c_void,
            edge_value: *const c_void,
            local: *mut c_void,
            globals: *const gg_program_globals,
        ),
    >,
    pub update_condition: Option<
        unsafe extern "C" fn(
            local: *mut c_void,
            old_value: *const c_void,
            info: *const gg_vertex_info,
            globals: *const gg_program_globals,
        ) -> i32,
    >,
    pub send: Option<
        unsafe extern "C" fn(
            src_value: *const c_void,
            edge_value: *const c_void,
            message: *mut c_void,
            globals: *const gg_program_globals,
        ) -> i32,
    >,
    pub combine: Option<unsafe extern "C" fn(accumulated: *mut c_void, message: *const c_void)>,
    pub apply: Option<
        unsafe extern "C" fn(
            value: *mut c_void,
            message: *const c_void,
            info: *const gg_vertex_info,
            globals: *const gg_program_globals,
        ) -> i32,
    >,
    pub aggregate: Option<
        unsafe extern "C" fn(
            old_value: *const c_void,
            value: *const c_void,
            info: *const gg_vertex_info,
            sums: *mut f64,
        ),
    >,
    pub halt: Option<unsafe extern "C" fn(globals: *const gg_program_globals) -> i32>,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_program_desc {
    pub struct_size: usize,
    pub model: gg_program_model,
    /// NULL: "program".
    pub name: *const c_char,
    pub vertex_value_size: u32,
    pub edge_value_size: u32,
    pub message_size: u32,
    pub combiner: gg_combiner,
    pub message_type: gg_scalar_type,
    pub num_aggregates: u32,
    pub has_halt: i32,
    pub params: [f64; GG_PROGRAM_MAX_PARAMS],
    /// The functions as CUDA C source text; NULL: `functions` only.
    pub source: *const c_char,
    /// The functions as C function pointers (CPU only); NULL: the CPU compiles `source`.
    pub functions: *const gg_program_functions,
    /// "" or "depth", "label", "float", "double", "uint32", "int32", "uint64", "int64", optionally
    /// followed by " @OFFSET" (NUL-terminated).
    pub output: [c_char; 32],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_program_run_options {
    pub struct_size: usize,
    /// `u32::MAX` (default) for none.
    pub source: u32,
    /// 0 (default): n + 1.
    pub max_iterations: u32,
    pub keep_values: i32,
    pub num_params: u32,
    pub params: [f64; GG_PROGRAM_MAX_PARAMS],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_program_build_stats {
    pub struct_size: usize,
    pub backend: gg_backend,
    pub compile_ms: f64,
    pub load_ms: f64,
    pub cache_hit: i32,
    pub compiled: i32,
}

extern "C" {
    // Versions and status codes
    pub fn gg_version() -> u32;
    pub fn gg_version_string() -> *const c_char;
    pub fn gg_status_string(status: gg_status) -> *const c_char;

    // Context
    /// Since 0.3.
    pub fn gg_backend_name(backend: gg_backend) -> *const c_char;
    /// Since 0.3.
    pub fn gg_backend_from_name(name: *const c_char, out_backend: *mut gg_backend) -> gg_status;
    pub fn gg_context_options_init(options: *mut gg_context_options);
    pub fn gg_context_create(options: *const gg_context_options, out_context: *mut *mut gg_context) -> gg_status;
    pub fn gg_context_destroy(context: *mut gg_context);
    pub fn gg_context_last_error(context: *const gg_context) -> *const c_char;
    pub fn gg_context_copy_last_error(context: *const gg_context, buffer: *mut c_char, capacity: usize) -> usize;
    pub fn gg_context_last_status(context: *const gg_context) -> gg_status;
    pub fn gg_context_clear_error(context: *mut gg_context);
    pub fn gg_context_cuda_available(context: *mut gg_context, reason_buffer: *mut c_char, capacity: usize) -> i32;
    pub fn gg_context_num_threads(context: *const gg_context) -> i32;
    pub fn gg_context_get_devices(
        context: *mut gg_context,
        out_devices: *mut i32,
        capacity: u32,
        out_count: *mut u32,
    ) -> gg_status;
    /// This process's rank in a distributed context (0 when not distributed, 0 for NULL). Since 0.7.
    pub fn gg_context_rank(context: *const gg_context) -> i32;
    /// The process count of a distributed context (1 when not distributed, 0 for NULL). Since 0.7.
    pub fn gg_context_num_ranks(context: *const gg_context) -> i32;

    // Graphs
    pub fn gg_graph_options_init(options: *mut gg_graph_options);
    pub fn gg_graph_create(
        context: *mut gg_context,
        num_vertices: u32,
        num_edges: u64,
        src: *const u32,
        dst: *const u32,
        weights: *const f32,
        options: *const gg_graph_options,
        out_graph: *mut *mut gg_graph,
    ) -> gg_status;
    pub fn gg_graph_create_csr(
        context: *mut gg_context,
        num_vertices: u32,
        offsets: *const u64,
        indices: *const u32,
        weights: *const f32,
        options: *const gg_graph_options,
        out_graph: *mut *mut gg_graph,
    ) -> gg_status;
    pub fn gg_graph_load(
        context: *mut gg_context,
        path: *const c_char,
        format: gg_format,
        options: *const gg_graph_options,
        out_graph: *mut *mut gg_graph,
    ) -> gg_status;
    pub fn gg_graph_save(context: *mut gg_context, graph: *const gg_graph, path: *const c_char, format: gg_format)
        -> gg_status;
    pub fn gg_format_from_path(path: *const c_char) -> gg_format;
    pub fn gg_generator_options_init(options: *mut gg_generator_options);
    pub fn gg_graph_generate(
        context: *mut gg_context,
        options: *const gg_generator_options,
        out_graph: *mut *mut gg_graph,
    ) -> gg_status;
    pub fn gg_graph_destroy(graph: *mut gg_graph);
    pub fn gg_graph_num_vertices(graph: *const gg_graph) -> u32;
    pub fn gg_graph_num_edges(graph: *const gg_graph) -> u64;
    pub fn gg_graph_is_undirected(graph: *const gg_graph) -> i32;
    pub fn gg_graph_is_weighted(graph: *const gg_graph) -> i32;
    pub fn gg_graph_release_device_memory(
        context: *mut gg_context,
        graph: *const gg_graph,
        out_released_bytes: *mut u64,
    ) -> gg_status;
    pub fn gg_graph_out_degrees(context: *mut gg_context, graph: *const gg_graph, out_degrees: *mut u32) -> gg_status;
    pub fn gg_graph_in_degrees(context: *mut gg_context, graph: *const gg_graph, in_degrees: *mut u32) -> gg_status;
    /// Deprecated in gg.h: use the gg_graph_read_* form.
    pub fn gg_graph_copy_csr(
        context: *mut gg_context,
        graph: *const gg_graph,
        offsets: *mut u64,
        indices: *mut u32,
        weights: *mut f32,
    ) -> gg_status;
    /// Deprecated in gg.h: use the gg_graph_read_* form.
    pub fn gg_graph_copy_csc(
        context: *mut gg_context,
        graph: *const gg_graph,
        offsets: *mut u64,
        indices: *mut u32,
        weights: *mut f32,
    ) -> gg_status;

    pub fn gg_graph_read_csr(
        context: *mut gg_context,
        graph: *const gg_graph,
        offsets: *mut u64,
        offsets_capacity: u64,
        indices: *mut u32,
        indices_capacity: u64,
        weights: *mut f32,
        weights_capacity: u64,
    ) -> gg_status;
    pub fn gg_graph_read_csc(
        context: *mut gg_context,
        graph: *const gg_graph,
        offsets: *mut u64,
        offsets_capacity: u64,
        indices: *mut u32,
        indices_capacity: u64,
        weights: *mut f32,
        weights_capacity: u64,
    ) -> gg_status;

    // Algorithms
    pub fn gg_layout_name(layout: gg_layout) -> *const c_char;
    pub fn gg_layout_from_name(name: *const c_char, out_layout: *mut gg_layout) -> gg_status;
    /// Since 0.7.
    pub fn gg_layout_info_init(info: *mut gg_layout_info);
    /// Builds one layout of a graph on the host, timed, and reports what it takes. Since 0.7.
    pub fn gg_layout_measure(
        context: *mut gg_context,
        graph: *const gg_graph,
        layout: gg_layout,
        degree_bound: u32,
        info: *mut gg_layout_info,
    ) -> gg_status;
    pub fn gg_run_options_init(options: *mut gg_run_options);
    pub fn gg_run_stats_init(stats: *mut gg_run_stats);
    pub fn gg_run_bfs(
        context: *mut gg_context,
        graph: *const gg_graph,
        source: u32,
        depths: *mut u32,
        parents: *mut u32,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    pub fn gg_run_sssp(
        context: *mut gg_context,
        graph: *const gg_graph,
        source: u32,
        distances: *mut f32,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    pub fn gg_run_sswp(
        context: *mut gg_context,
        graph: *const gg_graph,
        source: u32,
        widths: *mut f32,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    pub fn gg_run_cc(
        context: *mut gg_context,
        graph: *const gg_graph,
        labels: *mut u32,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    pub fn gg_run_pagerank(
        context: *mut gg_context,
        graph: *const gg_graph,
        ranks: *mut f64,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    pub fn gg_run_bc(
        context: *mut gg_context,
        graph: *const gg_graph,
        sources: *const u32,
        num_sources: u32,
        centrality: *mut f64,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    pub fn gg_run_spmv(
        context: *mut gg_context,
        graph: *const gg_graph,
        x: *const f32,
        y: *mut f32,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    pub fn gg_run_apsp(
        context: *mut gg_context,
        graph: *const gg_graph,
        distances: *mut f32,
        capacity: u64,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
    /// Since 0.5.
    pub fn gg_run_matching(
        context: *mut gg_context,
        graph: *const gg_graph,
        num_left: u32,
        mates: *mut u32,
        out_size: *mut u64,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;

    // METIS partitioning
    pub fn gg_partition_options_init(options: *mut gg_partition_options);
    pub fn gg_partition(
        context: *mut gg_context,
        graph: *const gg_graph,
        num_parts: u32,
        parts: *mut u32,
        edge_cut: *mut u64,
        options: *const gg_partition_options,
    ) -> gg_status;

    // Partitioned runs (since 0.3)
    pub fn gg_partition_plan_options_init(options: *mut gg_partition_plan_options);
    pub fn gg_partition_plan_stats_init(stats: *mut gg_partition_plan_stats);
    pub fn gg_part_info_init(info: *mut gg_part_info);
    pub fn gg_partition_plan_create(
        context: *mut gg_context,
        graph: *const gg_graph,
        options: *const gg_partition_plan_options,
        out_plan: *mut *mut gg_partition_plan,
    ) -> gg_status;
    pub fn gg_partition_plan_destroy(plan: *mut gg_partition_plan);
    pub fn gg_partition_plan_read_stats(
        context: *mut gg_context,
        plan: *const gg_partition_plan,
        stats: *mut gg_partition_plan_stats,
    ) -> gg_status;
    pub fn gg_partition_plan_read_part(
        context: *mut gg_context,
        plan: *const gg_partition_plan,
        part: u32,
        info: *mut gg_part_info,
    ) -> gg_status;
    pub fn gg_partition_plan_read_parts(
        context: *mut gg_context,
        plan: *const gg_partition_plan,
        parts: *mut u32,
        capacity: u64,
    ) -> gg_status;
    pub fn gg_partitioner_name(partitioner: gg_partitioner) -> *const c_char;
    pub fn gg_partitioner_from_name(name: *const c_char, out_partitioner: *mut gg_partitioner) -> gg_status;

    // CuSha G-Shards and Concatenated Windows
    pub fn gg_shard_options_init(options: *mut gg_shard_options);
    pub fn gg_shard_stats_init(stats: *mut gg_shard_stats);
    pub fn gg_shard(
        context: *mut gg_context,
        graph: *const gg_graph,
        options: *const gg_shard_options,
        out_shards: *mut *mut gg_shards,
    ) -> gg_status;
    pub fn gg_shards_destroy(shards: *mut gg_shards);
    pub fn gg_shards_read_stats(
        context: *mut gg_context,
        shards: *const gg_shards,
        stats: *mut gg_shard_stats,
    ) -> gg_status;
    pub fn gg_shards_read_shards(
        context: *mut gg_context,
        shards: *const gg_shards,
        shard_offsets: *mut u64,
        shard_offsets_capacity: u64,
        src_index: *mut u32,
        src_index_capacity: u64,
        dst_index: *mut u32,
        dst_index_capacity: u64,
        weights: *mut f32,
        weights_capacity: u64,
    ) -> gg_status;
    pub fn gg_shards_read_windows(
        context: *mut gg_context,
        shards: *const gg_shards,
        window_offsets: *mut u64,
        window_offsets_capacity: u64,
    ) -> gg_status;
    pub fn gg_shards_read_cw(
        context: *mut gg_context,
        shards: *const gg_shards,
        cw_offsets: *mut u64,
        cw_offsets_capacity: u64,
        cw_src_index: *mut u32,
        cw_src_index_capacity: u64,
        cw_mapper: *mut u64,
        cw_mapper_capacity: u64,
    ) -> gg_status;
    /// Deprecated in gg.h: use gg_shards_read_stats.
    pub fn gg_shards_get_stats(shards: *const gg_shards, stats: *mut gg_shard_stats) -> gg_status;
    /// Deprecated in gg.h: use the gg_shards_read_* form.
    pub fn gg_shards_copy_shards(
        shards: *const gg_shards,
        shard_offsets: *mut u64,
        src_index: *mut u32,
        dst_index: *mut u32,
        weights: *mut f32,
    ) -> gg_status;
    /// Deprecated in gg.h: use the gg_shards_read_* form.
    pub fn gg_shards_copy_windows(shards: *const gg_shards, window_offsets: *mut u64) -> gg_status;
    /// Deprecated in gg.h: use the gg_shards_read_* form.
    pub fn gg_shards_copy_cw(
        shards: *const gg_shards,
        cw_offsets: *mut u64,
        cw_src_index: *mut u32,
        cw_mapper: *mut u64,
    ) -> gg_status;

    // Vertex programs (since 0.5)
    pub fn gg_program_desc_init(desc: *mut gg_program_desc);
    pub fn gg_program_run_options_init(options: *mut gg_program_run_options);
    pub fn gg_program_build_stats_init(stats: *mut gg_program_build_stats);
    pub fn gg_program_create(
        context: *mut gg_context,
        desc: *const gg_program_desc,
        out_program: *mut *mut gg_program,
    ) -> gg_status;
    pub fn gg_program_load(context: *mut gg_context, path: *const c_char, out_program: *mut *mut gg_program)
        -> gg_status;
    pub fn gg_program_destroy(program: *mut gg_program);
    pub fn gg_program_get_desc(program: *const gg_program, desc: *mut gg_program_desc) -> gg_status;
    pub fn gg_program_prepare(
        context: *mut gg_context,
        program: *mut gg_program,
        backend: gg_backend,
        stats: *mut gg_program_build_stats,
    ) -> gg_status;
    pub fn gg_run_program(
        context: *mut gg_context,
        graph: *const gg_graph,
        program: *mut gg_program,
        values: *mut c_void,
        values_size: usize,
        program_options: *const gg_program_run_options,
        options: *const gg_run_options,
        stats: *mut gg_run_stats,
    ) -> gg_status;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{size_of, MaybeUninit};

    macro_rules! size_check {
        ($t:ty, $init:ident) => {{
            let mut value = MaybeUninit::<$t>::zeroed();
            unsafe { $init(value.as_mut_ptr()) };
            let value = unsafe { value.assume_init() };
            assert_eq!(value.struct_size, size_of::<$t>(), "{}: C and Rust sizes differ", stringify!($t));
            value
        }};
    }

    #[test]
    fn struct_sizes_match_the_library() {
        size_check!(gg_context_options, gg_context_options_init);
        size_check!(gg_graph_options, gg_graph_options_init);
        size_check!(gg_generator_options, gg_generator_options_init);
        size_check!(gg_run_options, gg_run_options_init);
        size_check!(gg_run_stats, gg_run_stats_init);
        size_check!(gg_partition_options, gg_partition_options_init);
        size_check!(gg_shard_options, gg_shard_options_init);
        size_check!(gg_shard_stats, gg_shard_stats_init);
        size_check!(gg_partition_plan_options, gg_partition_plan_options_init);
        size_check!(gg_partition_plan_stats, gg_partition_plan_stats_init);
        size_check!(gg_part_info, gg_part_info_init);
        size_check!(gg_program_desc, gg_program_desc_init);
        size_check!(gg_program_run_options, gg_program_run_options_init);
        size_check!(gg_program_build_stats, gg_program_build_stats_init);
        size_check!(gg_layout_info, gg_layout_info_init);
        // No init function writes these sizes: the sums of gg.h's fields.
        assert_eq!(size_of::<gg_vertex_info>(), 16);
        assert_eq!(size_of::<gg_program_globals>(), 4 + 4 + 8 + 4 + 4 + 8 * 4 + 8 * 8);
        assert_eq!(size_of::<gg_program_functions>(), size_of::<usize>() * 11);
    }

    #[test]
    fn documented_defaults_land_in_the_right_fields() {
        let run = size_check!(gg_run_options, gg_run_options_init);
        assert_eq!((run.backend, run.layout, run.max_iterations), (GG_BACKEND_AUTO, GG_LAYOUT_AUTO, 100));
        assert!((run.tolerance - 1e-6).abs() < 1e-12 && (run.damping - 0.85).abs() < 1e-12 && run.delta == 0.0);
        assert!(run.partition_plan.is_null() && run.degree_bound == 0 && run.device_arrays == 0);
        let generator = size_check!(gg_generator_options, gg_generator_options_init);
        assert_eq!(
            (generator.scale, generator.degree, generator.rows, generator.cols, generator.seed),
            (10, 16, 32, 32, 27491095)
        );
        assert_eq!((generator.weight_min, generator.weight_max, generator.symmetrize), (1, 255, 1));
        assert!((generator.rmat_c - 0.19).abs() < 1e-12);
        let context = size_check!(gg_context_options, gg_context_options_init);
        assert_eq!((context.device_id, context.num_threads, context.log_level), (-1, 0, GG_LOG_WARN));
        assert!(context.devices.is_null() && context.num_devices == 0 && context.all_devices == 0);
        assert_eq!((context.mpi, context.mpi_comm, context.mpi_timeout_s), (GG_MPI_NONE, 0, 0.0));
        let partition = size_check!(gg_partition_options, gg_partition_options_init);
        assert_eq!((partition.seed, partition.ufactor), (1, 0));
        let stats = size_check!(gg_run_stats, gg_run_stats_init);
        assert_eq!(stats.device_id, -1);
        assert!(stats.part_compute_ms.is_null() && stats.part_exchange_ms.is_null() && stats.part_capacity == 0);
        assert!(run.partition_plan.is_null());
        let plan = size_check!(gg_partition_plan_options, gg_partition_plan_options_init);
        assert_eq!((plan.num_parts, plan.partitioner, plan.parts_length), (2, GG_PARTITIONER_METIS, 0));
        assert!(plan.parts.is_null() && plan.replication_depth == 1 && plan.seed == 1);
        assert_eq!(plan.release_graph_edges, 0);
        assert_eq!(stats.converged, 0);
        let desc = size_check!(gg_program_desc, gg_program_desc_init);
        assert_eq!(
            (desc.model, desc.vertex_value_size, desc.combiner, desc.message_type),
            (0, 0, GG_COMBINE_USER, GG_SCALAR_NONE)
        );
        assert!(desc.name.is_null() && desc.source.is_null() && desc.functions.is_null() && desc.output[0] == 0);
        let program_run = size_check!(gg_program_run_options, gg_program_run_options_init);
        assert_eq!(
            (program_run.source, program_run.max_iterations, program_run.keep_values, program_run.num_params),
            (u32::MAX, 0, 0, 0)
        );
    }

    #[test]
    fn partitioner_names() {
        let name = |p| unsafe { std::ffi::CStr::from_ptr(gg_partitioner_name(p)) }.to_str().unwrap();
        assert_eq!(
            [
                name(GG_PARTITIONER_METIS),
                name(GG_PARTITIONER_RANDOM),
                name(GG_PARTITIONER_BLOCK),
                name(GG_PARTITIONER_GIVEN),
                name(GG_PARTITIONER_AUTO)
            ],
            ["metis", "random", "block", "given", "auto"]
        );
        assert!(unsafe { gg_partitioner_name(99) }.is_null());
        let mut partitioner = -1;
        assert_eq!(unsafe { gg_partitioner_from_name(b"block\0".as_ptr() as *const c_char, &mut partitioner) }, GG_OK);
        assert_eq!(partitioner, GG_PARTITIONER_BLOCK);
        assert_ne!(unsafe { gg_partitioner_from_name(b"zigzag\0".as_ptr() as *const c_char, &mut partitioner) }, GG_OK);
        assert_eq!(partitioner, GG_PARTITIONER_BLOCK, "untouched on failure");
    }

    #[test]
    fn backend_names() {
        let name = |b| unsafe { std::ffi::CStr::from_ptr(gg_backend_name(b)) }.to_str().unwrap();
        assert_eq!([name(GG_BACKEND_AUTO), name(GG_BACKEND_CPU), name(GG_BACKEND_CUDA)], ["auto", "cpu", "cuda"]);
        assert!(unsafe { gg_backend_name(99) }.is_null());
        let mut backend = -1;
        assert_eq!(unsafe { gg_backend_from_name(b"cuda\0".as_ptr() as *const c_char, &mut backend) }, GG_OK);
        assert_eq!(backend, GG_BACKEND_CUDA);
        assert_ne!(unsafe { gg_backend_from_name(b"CPU\0".as_ptr() as *const c_char, &mut backend) }, GG_OK);
        assert_ne!(unsafe { gg_backend_from_name(std::ptr::null(), &mut backend) }, GG_OK);
        assert_eq!(backend, GG_BACKEND_CUDA, "untouched on failure");
    }

    #[test]
    fn version_matches_the_header() {
        let linked = unsafe { gg_version() };
        assert_eq!(linked / 10000, GG_VERSION_MAJOR, "linked libgg has another major version");
        assert!((linked / 100) % 100 >= GG_VERSION_MINOR, "linked libgg is older than these declarations");
    }

    #[test]
    fn layout_names() {
        let name = |l| unsafe { std::ffi::CStr::from_ptr(gg_layout_name(l)) }.to_str().unwrap();
        assert_eq!(name(GG_LAYOUT_VIRTUAL_SPLIT), "vsplit");
        assert!(unsafe { gg_layout_name(99) }.is_null());
        let mut layout = -1;
        assert_eq!(unsafe { gg_layout_from_name(b"tocab\0".as_ptr() as *const c_char, &mut layout) }, GG_OK);
        assert_eq!(layout, GG_LAYOUT_TOCAB);
    }

    #[test]
    fn layout_info_fields_and_defaults() {
        // gg.h's fields: size_t, int, uint32_t, uint64_t, uint64_t, double.
        assert_eq!(size_of::<gg_layout_info>(), size_of::<usize>() + 4 + 4 + 8 + 8 + 8);
        let info = size_check!(gg_layout_info, gg_layout_info_init);
        assert_eq!((info.layout, info.degree_bound, info.bytes, info.nodes), (GG_LAYOUT_AUTO, 0, 0, 0));
        assert!(info.build_ms == 0.0);
        unsafe { gg_layout_info_init(std::ptr::null_mut()) };
    }

    #[test]
    fn status_strings() {
        let text = |s| unsafe { std::ffi::CStr::from_ptr(gg_status_string(s)) }.to_str().unwrap();
        assert_eq!(text(GG_OK), "ok");
        assert_eq!(text(GG_ERROR_PARSE), "parse error");
        assert_eq!(text(GG_ERROR_INTERNAL), "internal error");
        assert_eq!(text(GG_ERROR_DISTRIBUTED), "distributed run failed");
        assert_eq!(text(-100), "unknown status");
    }
}
