//! `gg::Program`: vertex programs, your own algorithms run by gg's engine (ABI 0.5).
//!
//! A program is plain data (a vertex value, optionally an edge value and, in the EMV model, a
//! message, each a C struct of a stated size) and functions given as CUDA C source text, which
//! the library compiles with the host's C compiler for the CPU or with NVRTC for the GPU and
//! caches on disk (`$GG_CACHE_DIR`, else `$XDG_CACHE_HOME/gg`, else `~/.cache/gg`).
//! `docs/programs.md` describes the two models, the superstep and the source language.
//!
//! Vertex values are byte slices of n * `vertex_value_size` bytes, or slices of your own
//! `#[repr(C)]` type mirroring the source's `gg_vertex`, of exactly that size, marked
//! [`VertexValue`]:
//!
//! ```no_run
//! #[repr(C)]
//! #[derive(Clone, Copy)]
//! struct Depth {
//!     depth: u32,
//! }
//! // SAFETY: plain data; every bit pattern is a valid Depth.
//! unsafe impl gg::VertexValue for Depth {}
//!
//! let ctx = gg::Context::new()?;
//! let graph = gg::Graph::generate(&ctx, &gg::GeneratorOptions::grid(8, 8))?;
//! let bfs = gg::Program::load(&ctx, "examples/programs/bfs.ggp")?;
//! let (values, stats) = bfs.run::<Depth>(&ctx, &graph, &gg::ProgramRunOptions::new().source(0))?;
//! println!("vertex 9 at depth {}, {} supersteps, converged: {}", values[9].depth, stats.iterations, stats.converged);
//! # Ok::<(), gg::Error>(())
//! ```
//!
//! A program is code run with your privileges: gg compiles the source it is given and runs it
//! in this process. Never run a program from a source you do not trust.

use std::ffi::{CStr, CString};
use std::mem::size_of;
use std::os::raw::{c_char, c_void};
use std::path::Path;
use std::ptr::{self, NonNull};

use gg_sys as sys;

use crate::context::Context;
use crate::error::{Error, Result, Status};
use crate::graph::{c_path, Graph};
use crate::options::{initialized, Backend, Layout, RunOptions};
use crate::run::{new_stats, RunStats};

c_enum!(
    /// The programming model of a vertex program.
    ProgramModel {
        /// CuSha: each vertex to compute copies its value into a local copy (`gg_init_compute`),
        /// folds in each in-edge's source value (`gg_compute`) and keeps the copy when
        /// `gg_update_condition` says so.
        CuSha = sys::GG_PROGRAM_CUSHA,
        /// Medusa's Edge-Message-Vertex: the out-edges of each active vertex send messages
        /// (`gg_send`), the messages to a vertex are combined, and `gg_apply` updates it.
        Emv = sys::GG_PROGRAM_EMV,
    }
);

c_enum!(
    /// How the EMV model combines the messages sent to one vertex.
    Combiner {
        /// The source's `gg_combine`.
        User = sys::GG_COMBINE_USER,
        /// Sum of a scalar message.
        Sum = sys::GG_COMBINE_SUM,
        /// Minimum of a scalar message.
        Min = sys::GG_COMBINE_MIN,
        /// Maximum of a scalar message.
        Max = sys::GG_COMBINE_MAX,
        /// Since 0.9: sum of a scalar message in an order the backend chooses (the GPU adds a
        /// vertex's messages in parallel; float sums may differ from [`Combiner::Sum`]'s in the last bits).
        UnorderedSum = sys::GG_COMBINE_UNORDERED_SUM,
    }
);

c_enum!(
    /// The type of a scalar message (built-in combiners).
    ScalarType {
        /// No scalar: the message is the source's struct ([`Combiner::User`]).
        None = sys::GG_SCALAR_NONE,
        Int32 = sys::GG_SCALAR_INT32,
        UInt32 = sys::GG_SCALAR_UINT32,
        Int64 = sys::GG_SCALAR_INT64,
        UInt64 = sys::GG_SCALAR_UINT64,
        Float = sys::GG_SCALAR_FLOAT,
        Double = sys::GG_SCALAR_DOUBLE,
    }
);

/// The most parameters a program may take.
pub const MAX_PARAMS: usize = sys::GG_PROGRAM_MAX_PARAMS;
/// The most aggregates a program may keep.
pub const MAX_AGGREGATES: usize = sys::GG_PROGRAM_MAX_AGGREGATES;

/// A plain-data type that can hold a program's vertex value.
///
/// # Safety
///
/// The library writes arbitrary bytes into values of this type, so implement it only for
/// `#[repr(C)]` (or `#[repr(transparent)]`) types of plain data for which every bit pattern,
/// all zeros included, is a valid value: integers, floats, arrays and structs of those. Its
/// size must be the program's `vertex_value_size` (checked at each run) and its layout the
/// source's `gg_vertex`.
pub unsafe trait VertexValue: Copy + 'static {}

// SAFETY: every bit pattern is a valid value of each of these types.
unsafe impl VertexValue for u8 {}
unsafe impl VertexValue for i8 {}
unsafe impl VertexValue for u16 {}
unsafe impl VertexValue for i16 {}
unsafe impl VertexValue for u32 {}
unsafe impl VertexValue for i32 {}
unsafe impl VertexValue for u64 {}
unsafe impl VertexValue for i64 {}
unsafe impl VertexValue for f32 {}
unsafe impl VertexValue for f64 {}
// SAFETY: an array of such values is plain data of the same kind.
unsafe impl<T: VertexValue, const N: usize> VertexValue for [T; N] {}

/// Describes a program to [`Program::create`]; also what [`Program::desc`] reads back.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramDesc {
    pub model: ProgramModel,
    /// Names the program in messages and compile logs; `None` (default): "program".
    pub name: Option<String>,
    /// Bytes of a vertex value, 1 to 4096.
    pub vertex_value_size: u32,
    /// Bytes of an edge value, up to 4096; 0 (default): an edge's value is its `f32` weight.
    pub edge_value_size: u32,
    /// EMV: bytes of a message, 1 to 4096 (with a built-in combiner, 0 takes the scalar's size).
    pub message_size: u32,
    /// EMV: default [`Combiner::User`].
    pub combiner: Combiner,
    /// EMV with a built-in combiner: the scalar type of a message.
    pub message_type: ScalarType,
    /// Sums over the vertices the program keeps, 0 (default) to [`MAX_AGGREGATES`].
    pub num_aggregates: u32,
    /// The source has a `gg_halt` function.
    pub has_halt: bool,
    /// The default parameters (`gg_program_globals.params`), zeros by default.
    pub params: [f64; MAX_PARAMS],
    /// The functions as CUDA C source text (`docs/programs.md`).
    pub source: String,
    /// How the gg tool prints a value: "" (default) or "depth", "label", "float", "double",
    /// "uint32", "int32", "uint64", "int64", optionally followed by " @OFFSET"; at most 31 bytes.
    pub output: String,
}

impl ProgramDesc {
    /// A program of `model` whose vertex values have `vertex_value_size` bytes, with its
    /// functions in `source`; every other field at the library's default.
    pub fn new(model: ProgramModel, vertex_value_size: u32, source: impl Into<String>) -> Self {
        ProgramDesc {
            model,
            name: None,
            vertex_value_size,
            edge_value_size: 0,
            message_size: 0,
            combiner: Combiner::User,
            message_type: ScalarType::None,
            num_aggregates: 0,
            has_halt: false,
            params: [0.0; MAX_PARAMS],
            source: source.into(),
            output: String::new(),
        }
    }
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }
    pub fn edge_value_size(mut self, bytes: u32) -> Self {
        self.edge_value_size = bytes;
        self
    }
    /// EMV with [`Combiner::User`]: bytes of a message.
    pub fn message_size(mut self, bytes: u32) -> Self {
        self.message_size = bytes;
        self
    }
    /// EMV: the combiner, and for a built-in one the scalar type of a message
    /// (`ScalarType::None` with [`Combiner::User`]).
    pub fn combiner(mut self, combiner: Combiner, message_type: ScalarType) -> Self {
        self.combiner = combiner;
        self.message_type = message_type;
        self
    }
    pub fn aggregates(mut self, count: u32) -> Self {
        self.num_aggregates = count;
        self
    }
    pub fn halt(mut self, has_halt: bool) -> Self {
        self.has_halt = has_halt;
        self
    }
    /// The first `params.len()` default parameters; the others stay 0.
    ///
    /// # Panics
    ///
    /// When more than [`MAX_PARAMS`] are given.
    pub fn params(mut self, params: &[f64]) -> Self {
        assert!(params.len() <= MAX_PARAMS, "a program takes at most {MAX_PARAMS} parameters, not {}", params.len());
        self.params = [0.0; MAX_PARAMS];
        self.params[..params.len()].copy_from_slice(params);
        self
    }
    pub fn output(mut self, output: impl Into<String>) -> Self {
        self.output = output.into();
        self
    }
}

/// What preparing a program for a backend cost.
#[derive(Debug, Clone, PartialEq)]
pub struct BuildStats {
    /// The backend prepared (never `Auto`).
    pub backend: Backend,
    /// Time compiling (0 when the on-disk cache had the result).
    pub compile_ms: f64,
    /// Time loading the compiled code.
    pub load_ms: f64,
    /// The result came from the on-disk cache or was already loaded.
    pub cache_hit: bool,
    /// The source was compiled by this call.
    pub compiled: bool,
}

/// Options of a program run; `ProgramRunOptions::default()` has no source, the cap n + 1, the
/// program's parameters, and runs with `RunOptions::default()`.
#[derive(Debug, Clone)]
pub struct ProgramRunOptions<'a> {
    raw: sys::gg_program_run_options,
    params: Option<Vec<f64>>,
    run: RunOptions<'a>,
}

impl Default for ProgramRunOptions<'_> {
    fn default() -> Self {
        let raw = initialized(sys::gg_program_run_options_init);
        ProgramRunOptions { raw, params: None, run: RunOptions::default() }
    }
}

impl<'a> ProgramRunOptions<'a> {
    pub fn new() -> Self {
        Self::default()
    }
    /// The run's source vertex (`gg_program_globals.source`); below n.
    pub fn source(mut self, source: u32) -> Self {
        self.raw.source = source;
        self
    }
    /// The superstep cap; 0 (default) means n + 1. A run the cap stops succeeds with
    /// `RunStats::converged` false and the values of its last superstep.
    pub fn max_iterations(mut self, max_iterations: u32) -> Self {
        self.raw.max_iterations = max_iterations;
        self
    }
    /// The values given are the first values (the program's `gg_init` is not called) and every
    /// vertex is active in superstep 0.
    pub fn keep_values(mut self, keep: bool) -> Self {
        self.raw.keep_values = keep as i32;
        self
    }
    /// Replaces the program's first `params.len()` parameters (at most [`MAX_PARAMS`]) for this run.
    pub fn params(mut self, params: &[f64]) -> Self {
        self.params = Some(params.to_vec());
        self
    }
    /// The backend and layout to run with (on the GPU the layout is auto or csr, or for a
    /// CuSha-model program gshards or cw; a partition plan of more than one part is not
    /// supported).
    pub fn run_options(mut self, run: RunOptions<'a>) -> Self {
        self.run = run;
        self
    }
    pub fn backend(mut self, backend: Backend) -> Self {
        self.run = self.run.backend(backend);
        self
    }
    pub fn layout(mut self, layout: Layout) -> Self {
        self.run = self.run.layout(layout);
        self
    }

    fn checked_raw(&self) -> Result<sys::gg_program_run_options> {
        let mut raw = self.raw;
        if let Some(params) = &self.params {
            if params.len() > MAX_PARAMS {
                return Err(Error::invalid(format!("params has {} entries; at most {MAX_PARAMS}", params.len())));
            }
            raw.params[..params.len()].copy_from_slice(params);
            raw.num_params = params.len() as u32;
        }
        Ok(raw)
    }
}

/// A vertex program owned by the library, released on drop.
///
/// Nothing is compiled when it is made: [`prepare`](Self::prepare) compiles for a backend, or
/// the first run does. It is `Send + Sync`: the library guards the code it compiles on first
/// use, so runs on several threads may share one program.
pub struct Program {
    raw: NonNull<sys::gg_program>,
}

// SAFETY: a program is its description, immutable after creation, and the code compiled from
// it, which the library builds under the program's own mutex ("runs on several threads may
// prepare at once"); destroying it needs no particular thread.
unsafe impl Send for Program {}
unsafe impl Sync for Program {}

fn c_text(text: &str, what: &str) -> Result<CString> {
    CString::new(text).map_err(|_| Error::invalid(format!("{what} contains a NUL byte")))
}

fn string_of(pointer: *const c_char) -> String {
    if pointer.is_null() {
        return String::new();
    }
    // SAFETY: a NUL-terminated string of the program, valid while it lives.
    unsafe { CStr::from_ptr(pointer) }.to_string_lossy().into_owned()
}

/// The alignment a C struct of `size` bytes may need: its size is a multiple of its alignment,
/// which gg's types keep at 8 or below.
fn value_alignment(size: u32) -> usize {
    (1usize << size.trailing_zeros().min(3)).max(1)
}

impl Program {
    fn created(ctx: &Context, status: sys::gg_status, raw: *mut sys::gg_program) -> Result<Program> {
        ctx.check(status)?;
        NonNull::new(raw)
            .map(|raw| Program { raw })
            .ok_or_else(|| Error::new(Status::Internal, "the library returned OK and a NULL program"))
    }

    fn as_ptr(&self) -> *mut sys::gg_program {
        self.raw.as_ptr()
    }

    /// Makes a program from a description; the description is checked (sizes, model,
    /// combiner), the source is not compiled yet.
    pub fn create(ctx: &Context, desc: &ProgramDesc) -> Result<Program> {
        let source = c_text(&desc.source, "source")?;
        let name = desc.name.as_deref().map(|n| c_text(n, "name")).transpose()?;
        let output = c_text(&desc.output, "output")?;
        let output = output.as_bytes_with_nul();
        let mut raw: sys::gg_program_desc = initialized(sys::gg_program_desc_init);
        if output.len() > raw.output.len() {
            return Err(Error::invalid(format!(
                "output {:?} is {} bytes long; at most {} fit",
                desc.output,
                desc.output.len(),
                raw.output.len() - 1
            )));
        }
        for (slot, byte) in raw.output.iter_mut().zip(output) {
            *slot = *byte as c_char;
        }
        raw.model = desc.model.raw();
        raw.name = name.as_ref().map_or(ptr::null(), |n| n.as_ptr());
        raw.vertex_value_size = desc.vertex_value_size;
        raw.edge_value_size = desc.edge_value_size;
        raw.message_size = desc.message_size;
        raw.combiner = desc.combiner.raw();
        raw.message_type = desc.message_type.raw();
        raw.num_aggregates = desc.num_aggregates;
        raw.has_halt = desc.has_halt as i32;
        raw.params = desc.params;
        raw.source = source.as_ptr();
        let mut program = ptr::null_mut();
        // SAFETY: the strings live until the call returns; the library copies what it needs.
        let status = unsafe { sys::gg_program_create(ctx.as_ptr(), &raw, &mut program) };
        Program::created(ctx, status, program)
    }

    /// Reads a program file (`//! key: value` lines, then the source; `docs/programs.md`).
    /// A malformed file is [`Status::Parse`] naming the file and line; a missing one [`Status::Io`].
    pub fn load(ctx: &Context, path: impl AsRef<Path>) -> Result<Program> {
        let path = c_path(path.as_ref())?;
        let mut program = ptr::null_mut();
        // SAFETY: path is NUL-terminated.
        let status = unsafe { sys::gg_program_load(ctx.as_ptr(), path.as_ptr(), &mut program) };
        Program::created(ctx, status, program)
    }

    /// The program's description as the library holds it.
    pub fn desc(&self) -> ProgramDesc {
        let mut raw: sys::gg_program_desc = initialized(sys::gg_program_desc_init);
        // SAFETY: the program is live and raw is initialised; cannot fail with both non-NULL.
        let status = unsafe { sys::gg_program_get_desc(self.as_ptr(), &mut raw) };
        debug_assert_eq!(status, sys::GG_OK);
        // SAFETY: output is NUL-terminated within its 32 bytes.
        let output = unsafe { CStr::from_ptr(raw.output.as_ptr()) }.to_string_lossy().into_owned();
        ProgramDesc {
            model: ProgramModel::from_raw(raw.model),
            name: Some(string_of(raw.name)),
            vertex_value_size: raw.vertex_value_size,
            edge_value_size: raw.edge_value_size,
            message_size: raw.message_size,
            combiner: Combiner::from_raw(raw.combiner),
            message_type: ScalarType::from_raw(raw.message_type),
            num_aggregates: raw.num_aggregates,
            has_halt: raw.has_halt != 0,
            params: raw.params,
            source: string_of(raw.source),
            output,
        }
    }

    /// Bytes of one vertex value.
    pub fn vertex_value_size(&self) -> u32 {
        let mut raw: sys::gg_program_desc = initialized(sys::gg_program_desc_init);
        // SAFETY: as in desc().
        unsafe { sys::gg_program_get_desc(self.as_ptr(), &mut raw) };
        raw.vertex_value_size
    }

    /// Compiles and loads the program for a backend now rather than on its first run:
    /// `Backend::Cpu` with the host's C compiler (`$GG_CC`, else `cc`), `Backend::Cuda` with
    /// NVRTC, `Backend::Auto` the context's choice. A compile error is [`Status::Parse`]
    /// carrying the compiler's log, whose line numbers count from the source's first line.
    pub fn prepare(&self, ctx: &Context, backend: Backend) -> Result<BuildStats> {
        let mut stats: sys::gg_program_build_stats = initialized(sys::gg_program_build_stats_init);
        // SAFETY: the program is live; the stats struct is initialised.
        ctx.check(unsafe { sys::gg_program_prepare(ctx.as_ptr(), self.as_ptr(), backend.raw(), &mut stats) })?;
        Ok(BuildStats {
            backend: Backend::from_raw(stats.backend),
            compile_ms: stats.compile_ms,
            load_ms: stats.load_ms,
            cache_hit: stats.cache_hit != 0,
            compiled: stats.compiled != 0,
        })
    }

    /// Runs the program over `graph` with `values` as raw bytes: n * `vertex_value_size`
    /// bytes, aligned for the source's `gg_vertex` (checked: to the largest power of two, up
    /// to 8, that divides `vertex_value_size`). They are the first values with
    /// [`ProgramRunOptions::keep_values`], and receive the final values.
    pub fn run_bytes(
        &self,
        ctx: &Context,
        graph: &Graph,
        values: &mut [u8],
        options: &ProgramRunOptions<'_>,
    ) -> Result<RunStats> {
        let size = self.vertex_value_size();
        let needed = graph.num_vertices() as u64 * size as u64;
        if values.len() as u64 != needed {
            return Err(Error::invalid(format!(
                "values has {} bytes; {needed} are needed ({} vertices of {size} bytes)",
                values.len(),
                graph.num_vertices()
            )));
        }
        let alignment = value_alignment(size);
        if values.as_ptr() as usize % alignment != 0 {
            return Err(Error::invalid(format!(
                "values is not aligned to {alignment} bytes, as a vertex value of {size} bytes may need"
            )));
        }
        // SAFETY: values holds exactly n values, suitably aligned (checked above).
        unsafe { self.run_raw(ctx, graph, values.as_mut_ptr() as *mut c_void, values.len(), options) }
    }

    /// Runs the program over `graph` with `values` (n entries) of your [`VertexValue`] type,
    /// whose size must be the program's `vertex_value_size`.
    pub fn run_into<T: VertexValue>(
        &self,
        ctx: &Context,
        graph: &Graph,
        values: &mut [T],
        options: &ProgramRunOptions<'_>,
    ) -> Result<RunStats> {
        let size = self.vertex_value_size();
        if size_of::<T>() != size as usize {
            return Err(Error::invalid(format!(
                "{} has {} bytes, but the program's vertex_value_size is {size}",
                std::any::type_name::<T>(),
                size_of::<T>()
            )));
        }
        if values.len() as u64 != graph.num_vertices() as u64 {
            return Err(Error::invalid(format!(
                "values has {} entries; {} are needed",
                values.len(),
                graph.num_vertices()
            )));
        }
        // SAFETY: values holds n values of the program's size, aligned as T; T: VertexValue
        // accepts whatever bytes the library writes.
        unsafe { self.run_raw(ctx, graph, values.as_mut_ptr() as *mut c_void, size_of::<T>() * values.len(), options) }
    }

    /// Runs the program over `graph` from values of all zero bytes (use
    /// [`run_into`](Self::run_into) to give the first values with `keep_values`) and returns
    /// the final values with the run's statistics: `iterations` (the supersteps run) and
    /// `converged` (false when `max_iterations` stopped the run).
    pub fn run<T: VertexValue>(
        &self,
        ctx: &Context,
        graph: &Graph,
        options: &ProgramRunOptions<'_>,
    ) -> Result<(Vec<T>, RunStats)> {
        let n = graph.num_vertices() as usize;
        let mut values: Vec<T> = Vec::new();
        values.try_reserve_exact(n).map_err(|_| {
            let bytes = size_of::<T>();
            Error::new(Status::OutOfMemory, format!("program values: cannot allocate {n} values of {bytes} bytes"))
        })?;
        // SAFETY: all-zero bytes are a valid T (VertexValue's contract).
        values.resize(n, unsafe { std::mem::zeroed() });
        let stats = self.run_into(ctx, graph, &mut values, options)?;
        Ok((values, stats))
    }

    /// # Safety
    /// `values` points to `values_size` writable bytes, suitably aligned.
    unsafe fn run_raw(
        &self,
        ctx: &Context,
        graph: &Graph,
        values: *mut c_void,
        values_size: usize,
        options: &ProgramRunOptions<'_>,
    ) -> Result<RunStats> {
        let raw = options.checked_raw()?;
        let mut part_compute_ms = vec![0.0f64; 1];
        let mut part_exchange_ms = vec![0.0f64; 1];
        let mut stats = new_stats();
        stats.part_compute_ms = part_compute_ms.as_mut_ptr();
        stats.part_exchange_ms = part_exchange_ms.as_mut_ptr();
        stats.part_capacity = 1;
        ctx.check(sys::gg_run_program(
            ctx.as_ptr(),
            graph.as_ptr(),
            self.as_ptr(),
            values,
            values_size,
            &raw,
            &options.run.raw,
            &mut stats,
        ))?;
        Ok(RunStats::from_raw(&stats, part_compute_ms, part_exchange_ms))
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: the program is live and dropped once; no run can be using it (runs borrow it).
        unsafe { sys::gg_program_destroy(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let desc = self.desc();
        f.debug_struct("Program")
            .field("name", &desc.name.unwrap_or_default())
            .field("model", &desc.model)
            .field("vertex_value_size", &desc.vertex_value_size)
            .finish()
    }
}
