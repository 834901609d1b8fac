//! `gg::PartitionPlan`: a graph split into parts, with each part's local graph
//! and replica maps (Medusa's partitioned runs), made once and used by any run
//! through [`RunOptions::partition_plan`](crate::RunOptions::partition_plan).

use std::marker::PhantomData;
use std::ptr::{self, NonNull};

use gg_sys as sys;

use crate::context::Context;
use crate::error::{zeroed, Error, Result, Status};
use crate::graph::Graph;
use crate::options::{initialized, PartitionPlanOptions, Partitioner};

/// What a plan holds.
#[derive(Debug, Clone, PartialEq)]
pub struct PartitionPlanStats {
    /// k.
    pub num_parts: u32,
    /// The depth built (auto resolved).
    pub replication_depth: u32,
    /// The partitioner used (never [`Partitioner::Auto`]: under it, the one it chose).
    pub partitioner: Partitioner,
    /// Parts that own no vertex.
    pub empty_parts: u32,
    /// Undirected pairs {u, v}, u != v, whose ends lie in different parts.
    pub edge_cut: u64,
    /// Replica vertices over all parts.
    pub replicas: u64,
    /// Edges stored over all parts' local graphs (m or more).
    pub local_edges: u64,
    /// Vertices owned by the largest part.
    pub max_part_vertices: u64,
    /// Time of the partitioner (under [`Partitioner::Auto`], of every cut it measured).
    pub partition_ms: f64,
    /// Time to build the replica maps and local graphs.
    pub build_ms: f64,
    /// Under [`Partitioner::Auto`], how it chose (the cuts it measured and the rule that
    /// decided); "" otherwise.
    pub choice: String,
}

/// One part of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartInfo {
    /// Vertices the part owns.
    pub owned: u32,
    /// Replicas it holds of other parts' vertices.
    pub replicas: u32,
    /// Edges of its local graph.
    pub local_edges: u64,
    /// Other parts it exchanges with.
    pub neighbours: u32,
}

/// A partition plan of a graph, owned by the library and released on drop. It
/// borrows its graph (the library needs the graph to outlive the plan), is
/// immutable, and may serve runs on several threads at once (`Send + Sync`).
pub struct PartitionPlan<'g> {
    raw: NonNull<sys::gg_partition_plan>,
    stats: PartitionPlanStats,
    num_vertices: u32,
    graph: PhantomData<&'g Graph>,
}

// SAFETY: gg.h: a plan is built once and "read by every run that names it ...,
// from any thread"; destroying it needs no particular thread.
unsafe impl Send for PartitionPlan<'_> {}
unsafe impl Sync for PartitionPlan<'_> {}

impl Graph {
    /// Partitions the graph for partitioned runs (the partitioner and the replica
    /// maps are paid for here, once; see [`PartitionPlan::stats`]).
    ///
    /// Over a distributed graph (ABI 0.7) this is collective: every process makes the
    /// same call, the parts are spread over the processes (part p on process p mod the
    /// process count), and the replication depth must be 1 (or 0, auto). Runs over
    /// such a plan are collective and every process receives the whole answer.
    ///
    /// ```no_run
    /// # let ctx = gg::Context::new()?;
    /// # let graph = gg::Graph::generate(&ctx, &gg::GeneratorOptions::grid(8, 8))?;
    /// let plan = graph.partition_plan(&ctx, &gg::PartitionPlanOptions::new().num_parts(4)
    ///     .partitioner(gg::Partitioner::Random))?;
    /// let mut distances = vec![0.0; graph.num_vertices() as usize];
    /// let stats = graph.sssp_into(&ctx, 0, &mut distances, &gg::RunOptions::new().partition_plan(&plan))?;
    /// println!("edge cut {}, {} exchanges", plan.stats().edge_cut, stats.exchange_rounds);
    /// # Ok::<(), gg::Error>(())
    /// ```
    pub fn partition_plan<'g>(&'g self, ctx: &Context, options: &PartitionPlanOptions<'_>) -> Result<PartitionPlan<'g>> {
        let mut raw_options = options.raw;
        if let Some(parts) = options.given {
            raw_options.parts = parts.as_ptr();
            raw_options.parts_length = parts.len() as u64;
        }
        let mut raw = ptr::null_mut();
        // SAFETY: the options are initialised and `parts` (when given) holds `parts_length` entries,
        // read during the call only.
        ctx.check(unsafe { sys::gg_partition_plan_create(ctx.as_ptr(), self.as_ptr(), &raw_options, &mut raw) })?;
        let raw = NonNull::new(raw)
            .ok_or_else(|| Error::new(Status::Internal, "gg_partition_plan_create returned OK and NULL"))?;
        let mut stats: sys::gg_partition_plan_stats = initialized(sys::gg_partition_plan_stats_init);
        // SAFETY: a live plan and an initialised struct.
        let status = unsafe { sys::gg_partition_plan_read_stats(ctx.as_ptr(), raw.as_ptr(), &mut stats) };
        if let Err(e) = ctx.check(status) {
            // SAFETY: live, and released once here since no PartitionPlan owns it.
            unsafe { sys::gg_partition_plan_destroy(raw.as_ptr()) };
            return Err(e);
        }
        // SAFETY: the library NUL-terminates choice within its 192 bytes (gg_partition_plan_stats_init
        // zeroes it); from_bytes_until_nul would need Rust 1.69.
        let choice = unsafe { std::ffi::CStr::from_ptr(stats.choice.as_ptr()) };
        Ok(PartitionPlan {
            raw,
            stats: PartitionPlanStats {
                num_parts: stats.num_parts,
                replication_depth: stats.replication_depth,
                partitioner: Partitioner::from_raw(stats.partitioner),
                empty_parts: stats.empty_parts,
                edge_cut: stats.edge_cut,
                replicas: stats.replicas,
                local_edges: stats.local_edges,
                max_part_vertices: stats.max_part_vertices,
                partition_ms: stats.partition_ms,
                build_ms: stats.build_ms,
                choice: choice.to_string_lossy().into_owned(),
            },
            num_vertices: self.num_vertices(),
            graph: PhantomData,
        })
    }
}

impl PartitionPlan<'_> {
    pub(crate) fn as_ptr(&self) -> *const sys::gg_partition_plan {
        self.raw.as_ptr()
    }

    /// What the plan holds (read once, when it was made).
    pub fn stats(&self) -> &PartitionPlanStats {
        &self.stats
    }

    /// k.
    pub fn num_parts(&self) -> u32 {
        self.stats.num_parts
    }

    /// Part `part` (below `num_parts`; the library checks).
    pub fn part(&self, ctx: &Context, part: u32) -> Result<PartInfo> {
        let mut info: sys::gg_part_info = initialized(sys::gg_part_info_init);
        // SAFETY: a live plan and an initialised struct.
        ctx.check(unsafe { sys::gg_partition_plan_read_part(ctx.as_ptr(), self.as_ptr(), part, &mut info) })?;
        Ok(PartInfo {
            owned: info.owned,
            replicas: info.replicas,
            local_edges: info.local_edges,
            neighbours: info.neighbours,
        })
    }

    /// Every part, in order.
    pub fn parts_info(&self, ctx: &Context) -> Result<Vec<PartInfo>> {
        (0..self.stats.num_parts).map(|p| self.part(ctx, p)).collect()
    }

    /// The part of every vertex.
    pub fn parts(&self, ctx: &Context) -> Result<Vec<u32>> {
        let mut parts: Vec<u32> = zeroed(self.num_vertices as usize, "plan parts")?;
        // SAFETY: the pointer goes with the vector's length; the library writes no further.
        ctx.check(unsafe {
            sys::gg_partition_plan_read_parts(ctx.as_ptr(), self.as_ptr(), parts.as_mut_ptr(), parts.len() as u64)
        })?;
        Ok(parts)
    }
}

impl Drop for PartitionPlan<'_> {
    fn drop(&mut self) {
        // SAFETY: live and dropped once.
        unsafe { sys::gg_partition_plan_destroy(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for PartitionPlan<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartitionPlan").field("stats", &self.stats).finish()
    }
}
