//! The algorithms, as methods of [`Graph`]. Each has two forms:
//!
//! - `graph.sssp(&ctx, source)` allocates and returns the result with default options;
//! - `graph.sssp_into(&ctx, source, &mut out, &options)` writes into the
//!   caller's slice (exactly n entries), takes [`RunOptions`] and returns the
//!   run's [`RunStats`].

use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::ptr;

use gg_sys as sys;

use crate::context::Context;
use crate::error::{check_len, zeroed, Error, Result, Status};
use crate::graph::Graph;
use crate::options::{Backend, Layout, PartitionOptions, RunOptions, ShardOptions};
use crate::shards::Shards;

/// The depth BFS gives to unreachable vertices.
pub const UNREACHABLE: u32 = u32::MAX;

/// The mate [`Graph::matching`] gives to unmatched vertices.
pub const UNMATCHED: u32 = u32::MAX;

/// A maximum bipartite matching ([`Graph::matching`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matching {
    /// The vertex matched to each vertex; [`UNMATCHED`] where none.
    pub mates: Vec<u32>,
    /// The pairs matched.
    pub size: u64,
}

/// What a run reports about itself.
#[derive(Debug, Clone, PartialEq)]
pub struct RunStats {
    /// The backend that ran (never `Auto`).
    pub backend: Backend,
    /// The layout that ran (never `Auto`).
    pub layout: Layout,
    /// CUDA device used, -1 on the CPU.
    pub device_id: i32,
    /// CPU threads used, 0 on the GPU.
    pub num_threads: i32,
    pub total_ms: f64,
    pub compute_ms: f64,
    /// Host-device copies made by this call; in a distributed run also the
    /// answer's delivery to every process.
    pub transfer_ms: f64,
    pub preprocess_ms: f64,
    /// Iterations, levels or rounds.
    pub iterations: u32,
    pub edges_visited: u64,
    /// Device memory held for this graph after the run.
    pub device_bytes: u64,
    /// Why the GPU was not used under `Backend::Auto`; empty otherwise.
    pub fallback_reason: String,
    // Since 0.3: partitioned runs (RunOptions::partition_plan). An unpartitioned
    // run reports one part and zeros.
    /// Parts the run used (1 when unpartitioned).
    pub num_parts: u32,
    /// Exchanges of replica values between parts.
    pub exchange_rounds: u32,
    /// The plan's edge cut.
    pub edge_cut: u64,
    /// Replica vertices over all parts of the plan.
    pub replicas: u64,
    /// Bytes the run's exchanges moved between parts.
    pub bytes_exchanged: u64,
    /// Time spent exchanging (packing, moving, combining), summed over parts.
    pub exchange_ms: f64,
    /// What the plan cost to make, once, in `Graph::partition_plan`: never part of this run's times.
    pub partition_ms: f64,
    /// Each part's compute time.
    pub part_compute_ms: Vec<f64>,
    /// Each part's exchange time.
    pub part_exchange_ms: Vec<f64>,
    /// Since ABI 0.5: true when the run stopped by itself (a vertex program with no active vertex
    /// left or whose `halt` said so, PageRank below its tolerance, every other algorithm always),
    /// false when an iteration cap stopped it first.
    pub converged: bool,
    /// Since ABI 0.8: the part of `exchange_ms` that ran while the parts computed (a GPU
    /// partitioned PageRank over several devices overlaps its refresh where that is worth it, and
    /// with `GG_PARTITIONED_OVERLAP=1` always, as a BFS does its bottom-up levels' flags); 0
    /// otherwise.
    pub exchange_hidden_ms: f64,
}

impl RunStats {
    pub(crate) fn from_raw(raw: &sys::gg_run_stats, mut part_compute_ms: Vec<f64>, mut part_exchange_ms: Vec<f64>) -> RunStats {
        let parts = (raw.num_parts as usize).min(part_compute_ms.len());
        part_compute_ms.truncate(parts);
        part_exchange_ms.truncate(parts);
        // SAFETY: the library NUL-terminates fallback_reason within its 160 bytes
        // (gg_run_stats_init zeroes it); from_bytes_until_nul would need Rust 1.69.
        let reason = unsafe { CStr::from_ptr(raw.fallback_reason.as_ptr()) };
        RunStats {
            backend: Backend::from_raw(raw.backend),
            layout: Layout::from_raw(raw.layout),
            device_id: raw.device_id,
            num_threads: raw.num_threads,
            total_ms: raw.total_ms,
            compute_ms: raw.compute_ms,
            transfer_ms: raw.transfer_ms,
            preprocess_ms: raw.preprocess_ms,
            iterations: raw.iterations,
            edges_visited: raw.edges_visited,
            device_bytes: raw.device_bytes,
            fallback_reason: reason.to_string_lossy().into_owned(),
            num_parts: raw.num_parts,
            exchange_rounds: raw.exchange_rounds,
            edge_cut: raw.edge_cut,
            replicas: raw.replicas,
            bytes_exchanged: raw.bytes_exchanged,
            exchange_ms: raw.exchange_ms,
            partition_ms: raw.partition_ms,
            part_compute_ms,
            part_exchange_ms,
            converged: raw.converged != 0,
            exchange_hidden_ms: raw.exchange_hidden_ms,
        }
    }
}

/// A METIS k-way partition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    /// The part of every vertex, in [0, k).
    pub parts: Vec<u32>,
    /// Undirected edges {u, v} (u != v) whose ends lie in different parts.
    pub edge_cut: u64,
}

pub(crate) fn new_stats() -> sys::gg_run_stats {
    let mut raw = MaybeUninit::<sys::gg_run_stats>::zeroed();
    // SAFETY: the init function fills the plain-data struct.
    unsafe {
        sys::gg_run_stats_init(raw.as_mut_ptr());
        raw.assume_init()
    }
}

impl Graph {
    fn n_u64(&self) -> u64 {
        self.num_vertices() as u64
    }

    /// Runs one gg_run_* call and converts its stats; each part's times land
    /// in vectors of one entry per part of the options' plan (1 without one).
    fn run(
        &self,
        ctx: &Context,
        options: &RunOptions,
        call: impl FnOnce(*mut sys::gg_run_stats) -> sys::gg_status,
    ) -> Result<RunStats> {
        let capacity = options.plan_parts.max(1);
        let mut part_compute_ms: Vec<f64> = zeroed(capacity as usize, "part_compute_ms")?;
        let mut part_exchange_ms: Vec<f64> = zeroed(capacity as usize, "part_exchange_ms")?;
        let mut stats = new_stats();
        stats.part_compute_ms = part_compute_ms.as_mut_ptr();
        stats.part_exchange_ms = part_exchange_ms.as_mut_ptr();
        stats.part_capacity = capacity;
        ctx.check(call(&mut stats))?;
        Ok(RunStats::from_raw(&stats, part_compute_ms, part_exchange_ms))
    }

    /// Hop counts from `source` along out-edges ([`UNREACHABLE`] where none).
    pub fn bfs(&self, ctx: &Context, source: u32) -> Result<Vec<u32>> {
        let mut depths = zeroed(self.n_usize(), "bfs depths")?;
        self.bfs_into(ctx, source, &mut depths, None, &RunOptions::default())?;
        Ok(depths)
    }

    /// BFS into caller slices; `parents` (optional) receives a BFS-tree parent
    /// per vertex (the source is its own; unreachable vertices get [`UNREACHABLE`]).
    pub fn bfs_into(
        &self,
        ctx: &Context,
        source: u32,
        depths: &mut [u32],
        parents: Option<&mut [u32]>,
        options: &RunOptions,
    ) -> Result<RunStats> {
        check_len(depths.len(), self.n_u64(), "depths")?;
        if let Some(p) = &parents {
            check_len(p.len(), self.n_u64(), "parents")?;
        }
        let parents = parents.map_or(ptr::null_mut(), |p| p.as_mut_ptr());
        // SAFETY: every output slice holds n entries (checked above).
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_bfs(ctx.as_ptr(), self.as_ptr(), source, depths.as_mut_ptr(), parents, &options.raw, stats)
        })
    }

    /// Shortest distances from `source` along out-edges (+inf where unreachable).
    /// A negative weight is an error naming the edge.
    pub fn sssp(&self, ctx: &Context, source: u32) -> Result<Vec<f32>> {
        let mut distances = zeroed(self.n_usize(), "sssp distances")?;
        self.sssp_into(ctx, source, &mut distances, &RunOptions::default())?;
        Ok(distances)
    }

    pub fn sssp_into(&self, ctx: &Context, source: u32, distances: &mut [f32], options: &RunOptions) -> Result<RunStats> {
        check_len(distances.len(), self.n_u64(), "distances")?;
        // SAFETY: distances holds n entries.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_sssp(ctx.as_ptr(), self.as_ptr(), source, distances.as_mut_ptr(), &options.raw, stats)
        })
    }

    /// Widest-path widths from `source`: the source gets +inf, unreachable vertices 0.
    pub fn sswp(&self, ctx: &Context, source: u32) -> Result<Vec<f32>> {
        let mut widths = zeroed(self.n_usize(), "sswp widths")?;
        self.sswp_into(ctx, source, &mut widths, &RunOptions::default())?;
        Ok(widths)
    }

    pub fn sswp_into(&self, ctx: &Context, source: u32, widths: &mut [f32], options: &RunOptions) -> Result<RunStats> {
        check_len(widths.len(), self.n_u64(), "widths")?;
        // SAFETY: widths holds n entries.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_sswp(ctx.as_ptr(), self.as_ptr(), source, widths.as_mut_ptr(), &options.raw, stats)
        })
    }

    /// Weakly connected components: each vertex gets the smallest id of its component.
    pub fn cc(&self, ctx: &Context) -> Result<Vec<u32>> {
        let mut labels = zeroed(self.n_usize(), "cc labels")?;
        self.cc_into(ctx, &mut labels, &RunOptions::default())?;
        Ok(labels)
    }

    pub fn cc_into(&self, ctx: &Context, labels: &mut [u32], options: &RunOptions) -> Result<RunStats> {
        check_len(labels.len(), self.n_u64(), "labels")?;
        // SAFETY: labels holds n entries.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_cc(ctx.as_ptr(), self.as_ptr(), labels.as_mut_ptr(), &options.raw, stats)
        })
    }

    /// PageRank as networkx.pagerank(G, weight=None) defines it; ranks sum to 1.
    pub fn pagerank(&self, ctx: &Context) -> Result<Vec<f64>> {
        let mut ranks = zeroed(self.n_usize(), "pagerank ranks")?;
        self.pagerank_into(ctx, &mut ranks, &RunOptions::default())?;
        Ok(ranks)
    }

    pub fn pagerank_into(&self, ctx: &Context, ranks: &mut [f64], options: &RunOptions) -> Result<RunStats> {
        check_len(ranks.len(), self.n_u64(), "ranks")?;
        // SAFETY: ranks holds n entries.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_pagerank(ctx.as_ptr(), self.as_ptr(), ranks.as_mut_ptr(), &options.raw, stats)
        })
    }

    /// Betweenness centrality summed over `sources` (None: every vertex), unnormalised.
    pub fn bc(&self, ctx: &Context, sources: Option<&[u32]>) -> Result<Vec<f64>> {
        let mut centrality = zeroed(self.n_usize(), "bc centrality")?;
        self.bc_into(ctx, sources, &mut centrality, &RunOptions::default())?;
        Ok(centrality)
    }

    pub fn bc_into(
        &self,
        ctx: &Context,
        sources: Option<&[u32]>,
        centrality: &mut [f64],
        options: &RunOptions,
    ) -> Result<RunStats> {
        check_len(centrality.len(), self.n_u64(), "centrality")?;
        let (pointer, count) = match sources {
            Some(s) => (
                s.as_ptr(),
                u32::try_from(s.len()).map_err(|_| Error::invalid(format!("{} sources do not fit in u32", s.len())))?,
            ),
            None => (ptr::null(), 0),
        };
        // SAFETY: sources holds `count` entries, centrality n.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_bc(ctx.as_ptr(), self.as_ptr(), pointer, count, centrality.as_mut_ptr(), &options.raw, stats)
        })
    }

    /// y(v) = sum over edges u -> v of w(u, v) * x(u).
    pub fn spmv(&self, ctx: &Context, x: &[f32]) -> Result<Vec<f32>> {
        let mut y = zeroed(self.n_usize(), "spmv y")?;
        self.spmv_into(ctx, x, &mut y, &RunOptions::default())?;
        Ok(y)
    }

    pub fn spmv_into(&self, ctx: &Context, x: &[f32], y: &mut [f32], options: &RunOptions) -> Result<RunStats> {
        check_len(x.len(), self.n_u64(), "x")?;
        check_len(y.len(), self.n_u64(), "y")?;
        // SAFETY: x and y hold n entries.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_spmv(ctx.as_ptr(), self.as_ptr(), x.as_ptr(), y.as_mut_ptr(), &options.raw, stats)
        })
    }

    /// All-pairs shortest distances, n x n row-major (row = source; +inf where unreachable).
    pub fn apsp(&self, ctx: &Context) -> Result<Vec<f32>> {
        let n = self.n_u64();
        let cells = usize::try_from(n * n).map_err(|_| {
            Error::new(Status::TooLarge, format!("APSP of {n} vertices needs {} distances", n as u128 * n as u128))
        })?;
        let mut distances = zeroed(cells, "apsp distances")?;
        self.apsp_into(ctx, &mut distances, &RunOptions::default())?;
        Ok(distances)
    }

    /// APSP into a caller slice; the library checks that it holds n * n entries
    /// and says how many bytes are needed when it does not.
    pub fn apsp_into(&self, ctx: &Context, distances: &mut [f32], options: &RunOptions) -> Result<RunStats> {
        // SAFETY: the capacity passed is the slice's true length.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_apsp(
                ctx.as_ptr(),
                self.as_ptr(),
                distances.as_mut_ptr(),
                distances.len() as u64,
                &options.raw,
                stats,
            )
        })
    }

    /// Maximum bipartite matching: vertices `0..num_left` are the left side, the
    /// rest the right side. Every edge must join the two sides (its direction
    /// does not matter, weights are ignored), else an `InvalidArgument` error
    /// names the edge. Which maximum matching is returned may differ between
    /// backends; its size does not. Since ABI 0.5.
    pub fn matching(&self, ctx: &Context, num_left: u32) -> Result<Matching> {
        let mut mates = zeroed(self.n_usize(), "matching mates")?;
        let mut size = 0u64;
        self.matching_into(ctx, num_left, &mut mates, &mut size, &RunOptions::default())?;
        Ok(Matching { mates, size })
    }

    /// Matching into a caller slice of n mates; `size` receives the pairs matched.
    pub fn matching_into(
        &self,
        ctx: &Context,
        num_left: u32,
        mates: &mut [u32],
        size: &mut u64,
        options: &RunOptions,
    ) -> Result<RunStats> {
        check_len(mates.len(), self.n_u64(), "mates")?;
        // SAFETY: mates holds n entries; size is one u64.
        self.run(ctx, options, |stats| unsafe {
            sys::gg_run_matching(ctx.as_ptr(), self.as_ptr(), num_left, mates.as_mut_ptr(), size, &options.raw, stats)
        })
    }

    /// METIS k-way partition of the vertices (edge directions ignored).
    pub fn partition(&self, ctx: &Context, num_parts: u32, options: &PartitionOptions) -> Result<Partition> {
        let mut parts = zeroed(self.n_usize(), "partition parts")?;
        let mut edge_cut = 0u64;
        // SAFETY: parts holds n entries.
        ctx.check(unsafe {
            sys::gg_partition(ctx.as_ptr(), self.as_ptr(), num_parts, parts.as_mut_ptr(), &mut edge_cut, &options.raw)
        })?;
        Ok(Partition { parts, edge_cut })
    }

    /// CuSha G-Shards and Concatenated Windows of this graph, built on the host.
    pub fn shard(&self, ctx: &Context, options: &ShardOptions) -> Result<Shards> {
        let mut raw = ptr::null_mut();
        // SAFETY: the options are initialised; out pointer valid.
        ctx.check(unsafe { sys::gg_shard(ctx.as_ptr(), self.as_ptr(), &options.raw, &mut raw) })?;
        Shards::from_raw(raw, ctx)
    }
}
