//! Safe Rust API for gg: graph analytics on NVIDIA GPUs with a CPU fallback.
//!
//! ```no_run
//! let ctx = gg::Context::new()?;
//! let graph = gg::Graph::load(&ctx, "road.gr", gg::Format::Auto, &gg::GraphOptions::default())?;
//! let distances = graph.sssp(&ctx, 0)?;
//! println!("vertex 1 is at distance {}", distances[1]);
//! # Ok::<(), gg::Error>(())
//! ```
//!
//! - [`Context`] holds the backend choice, threads and the error slot; it is
//!   `Send` but not `Sync` (see its module docs for why).
//! - [`Graph`] is immutable, `Send + Sync`, released on drop.
//! - [`Graph::measure_layout`] (ABI 0.7) builds one [`Layout`] on the host and
//!   reports its bytes, nodes and build time ([`LayoutInfo`]), GPU or not.
//! - [`PartitionPlan`] splits a graph into parts once; runs given it through
//!   [`RunOptions::partition_plan`] go partitioned, with the same answers.
//! - [`Program`] is a vertex program (ABI 0.5): your own algorithm as CUDA C
//!   source text or a program file, compiled by the library for the CPU or
//!   the GPU and run over a graph with values of your [`VertexValue`] type.
//! - A context made with [`ContextOptions::mpi`] (ABI 0.7) runs distributed over
//!   MPI processes: graphs are built from each process's share of the edges,
//!   plans spread their parts over the processes, and runs over a plan are
//!   collective, every process receiving the whole answer (see [`Mpi`]).
//! - Every fallible call returns [`Result`]; an [`Error`] carries a [`Status`]
//!   and the library's message.
//! - Vertex ids are `u32` (0-based), edge counts `u64`, weights `f32`.

mod context;
mod error;
mod graph;
mod layout;
// Its c_enum! macro also declares the enums of the program module.
#[macro_use]
mod options;
mod plan;
mod program;
mod run;
mod shards;

pub use context::{Context, ContextOptions, LogFn, Mpi};
pub use error::{Error, Result, Status};
pub use graph::{format_from_path, Csr, Graph};
pub use layout::LayoutInfo;
pub use options::{
    Backend, Duplicates, Format, GeneratorOptions, GraphOptions, Layout, LogLevel, PartitionOptions,
    PartitionPlanOptions, Partitioner, RunOptions, ShardOptions,
};
pub use plan::{PartInfo, PartitionPlan, PartitionPlanStats};
pub use program::{
    BuildStats, Combiner, Program, ProgramDesc, ProgramModel, ProgramRunOptions, ScalarType, VertexValue,
    MAX_AGGREGATES, MAX_PARAMS,
};
pub use run::{Matching, Partition, RunStats, UNMATCHED, UNREACHABLE};
pub use shards::{ConcatenatedWindows, GShards, ShardStats, Shards};

use std::ffi::CStr;

/// The version of the linked library, "MAJOR.MINOR.PATCH".
pub fn library_version() -> String {
    // SAFETY: a static NUL-terminated string.
    unsafe { CStr::from_ptr(gg_sys::gg_version_string()) }.to_string_lossy().into_owned()
}

/// Fails when the linked library's ABI is not the one gg-sys declares
/// (another major version, or an older minor one).
pub fn check_library_version() -> Result<()> {
    // SAFETY: no arguments.
    let linked = unsafe { gg_sys::gg_version() };
    let (major, minor) = (linked / 10000, (linked / 100) % 100);
    if major != gg_sys::GG_VERSION_MAJOR || minor < gg_sys::GG_VERSION_MINOR {
        return Err(Error::new(
            Status::Unsupported,
            format!(
                "the linked libgg is {}, but this binding needs ABI {}.{} (or a newer minor of major {})",
                library_version(),
                gg_sys::GG_VERSION_MAJOR,
                gg_sys::GG_VERSION_MINOR,
                gg_sys::GG_VERSION_MAJOR
            ),
        ));
    }
    Ok(())
}
