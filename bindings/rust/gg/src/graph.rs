//! `gg::Graph`: an immutable graph owned by the library.

use std::ffi::CString;
use std::path::Path;
use std::ptr::{self, NonNull};

use gg_sys as sys;

use crate::context::Context;
use crate::error::{check_len, zeroed, Error, Result};
use crate::options::{Format, GeneratorOptions, GraphOptions};

/// An immutable directed graph (an undirected one stores both directions).
///
/// `Graph` is `Send` and `Sync`: the C contract makes a built graph immutable
/// and usable by concurrent runs from several threads. Each call takes the
/// [`Context`] to run with and to report errors on.
///
/// A graph made in a distributed context (ABI 0.7, [`crate::Mpi`]) is distributed:
/// each process holds a share of its edges. `num_vertices`, `num_edges`,
/// `is_directed` and `is_weighted` answer for the whole graph; runs need a plan
/// from [`partition_plan`](Self::partition_plan) (collective); `csr`, `csc`,
/// degrees, `save`, `partition`, `shard`, APSP, matching and programs fail with
/// [`Status::Unsupported`](crate::Status::Unsupported).
pub struct Graph {
    raw: NonNull<sys::gg_graph>,
}

// SAFETY: gg.h: "A gg_graph is immutable once built and may be used by
// concurrent runs from several threads"; destroying it needs no particular thread.
unsafe impl Send for Graph {}
unsafe impl Sync for Graph {}

/// Compressed sparse rows (or columns): the neighbours of v are
/// `indices[offsets[v]..offsets[v + 1]]`, with their weights alongside.
#[derive(Debug, Clone, PartialEq)]
pub struct Csr {
    pub offsets: Vec<u64>,
    pub indices: Vec<u32>,
    pub weights: Vec<f32>,
}

pub(crate) fn c_path(path: &Path) -> Result<CString> {
    use std::os::unix::ffi::OsStrExt;
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| Error::invalid(format!("path {} contains a NUL byte", path.display())))
}

impl Graph {
    fn created(ctx: &Context, status: sys::gg_status, raw: *mut sys::gg_graph) -> Result<Graph> {
        ctx.check(status)?;
        NonNull::new(raw)
            .map(|raw| Graph { raw })
            .ok_or_else(|| Error::new(crate::Status::Internal, "the library returned OK and a NULL graph"))
    }

    pub(crate) fn as_ptr(&self) -> *const sys::gg_graph {
        self.raw.as_ptr()
    }

    /// Builds a graph of `num_vertices` vertices from edges `src[i] -> dst[i]`,
    /// with `weights[i]` when given (else every weight is 1).
    ///
    /// In a distributed context ([`ContextOptions::mpi`](crate::ContextOptions::mpi), ABI 0.7) this is
    /// collective: the slices are this process's share of the edges, the graph is the union of every
    /// process's share, and `num_vertices` must agree on every process.
    pub fn from_edges(
        ctx: &Context,
        num_vertices: u32,
        src: &[u32],
        dst: &[u32],
        weights: Option<&[f32]>,
        options: &GraphOptions,
    ) -> Result<Graph> {
        check_len(dst.len(), src.len() as u64, "dst")?;
        if let Some(w) = weights {
            check_len(w.len(), src.len() as u64, "weights")?;
        }
        let mut raw = ptr::null_mut();
        // SAFETY: the arrays hold num_edges entries each (checked above).
        let status = unsafe {
            sys::gg_graph_create(
                ctx.as_ptr(),
                num_vertices,
                src.len() as u64,
                src.as_ptr(),
                dst.as_ptr(),
                weights.map_or(ptr::null(), |w| w.as_ptr()),
                &options.raw,
                &mut raw,
            )
        };
        Graph::created(ctx, status, raw)
    }

    /// Builds a graph from CSR arrays: out-edges of v are `indices[offsets[v]..offsets[v + 1]]`.
    /// A distributed context refuses it ([`Status::Unsupported`](crate::Status::Unsupported)): use
    /// [`from_edges`](Self::from_edges) there.
    pub fn from_csr(
        ctx: &Context,
        offsets: &[u64],
        indices: &[u32],
        weights: Option<&[f32]>,
        options: &GraphOptions,
    ) -> Result<Graph> {
        let last = match offsets.last() {
            Some(&last) => last,
            None => return Err(Error::invalid("offsets needs n + 1 entries (at least one)")),
        };
        let n = u32::try_from(offsets.len() - 1)
            .map_err(|_| Error::invalid(format!("{} vertices do not fit in u32", offsets.len() - 1)))?;
        // The library reads offsets[n] entries of indices and weights.
        check_len(indices.len(), last, "indices")?;
        if let Some(w) = weights {
            check_len(w.len(), last, "weights")?;
        }
        let mut raw = ptr::null_mut();
        // SAFETY: offsets holds n + 1 entries, indices and weights offsets[n] (checked above).
        let status = unsafe {
            sys::gg_graph_create_csr(
                ctx.as_ptr(),
                n,
                offsets.as_ptr(),
                indices.as_ptr(),
                weights.map_or(ptr::null(), |w| w.as_ptr()),
                &options.raw,
                &mut raw,
            )
        };
        Graph::created(ctx, status, raw)
    }

    /// Loads a graph file (.mtx, .el/.txt, .wel, .gr, .ggb; `Format::Auto` detects it).
    ///
    /// In a distributed context (ABI 0.7) this is collective and each process reads its share of a
    /// .ggb file's edges; other formats fail with [`Status::Unsupported`](crate::Status::Unsupported).
    pub fn load(ctx: &Context, path: impl AsRef<Path>, format: Format, options: &GraphOptions) -> Result<Graph> {
        let path = c_path(path.as_ref())?;
        let mut raw = ptr::null_mut();
        // SAFETY: path is NUL-terminated; the options struct is initialised.
        let status = unsafe { sys::gg_graph_load(ctx.as_ptr(), path.as_ptr(), format.raw(), &options.raw, &mut raw) };
        Graph::created(ctx, status, raw)
    }

    /// Generates a graph deterministically from its seed.
    ///
    /// In a distributed context (ABI 0.7) this is collective: each process generates its range of
    /// the edges of the same graph.
    pub fn generate(ctx: &Context, options: &GeneratorOptions) -> Result<Graph> {
        let mut raw = ptr::null_mut();
        // SAFETY: the options struct is initialised.
        let status = unsafe { sys::gg_graph_generate(ctx.as_ptr(), &options.raw, &mut raw) };
        Graph::created(ctx, status, raw)
    }

    /// Writes the graph to a file (`Format::Auto` picks the format from the extension).
    pub fn save(&self, ctx: &Context, path: impl AsRef<Path>, format: Format) -> Result<()> {
        let path = c_path(path.as_ref())?;
        // SAFETY: path is NUL-terminated and the graph is live.
        ctx.check(unsafe { sys::gg_graph_save(ctx.as_ptr(), self.as_ptr(), path.as_ptr(), format.raw()) })
    }

    /// Number of vertices (of the whole graph, when it is distributed).
    pub fn num_vertices(&self) -> u32 {
        // SAFETY: the graph is live.
        unsafe { sys::gg_graph_num_vertices(self.as_ptr()) }
    }

    /// Number of stored directed edges (an undirected edge counts twice, a self-loop once; of the
    /// whole graph, when it is distributed).
    pub fn num_edges(&self) -> u64 {
        // SAFETY: the graph is live.
        unsafe { sys::gg_graph_num_edges(self.as_ptr()) }
    }

    /// False when the graph was built undirected.
    pub fn is_directed(&self) -> bool {
        // SAFETY: the graph is live.
        unsafe { sys::gg_graph_is_undirected(self.as_ptr()) == 0 }
    }

    /// True when the graph carries weights from its input (else every weight is 1).
    pub fn is_weighted(&self) -> bool {
        // SAFETY: the graph is live.
        unsafe { sys::gg_graph_is_weighted(self.as_ptr()) != 0 }
    }

    pub(crate) fn n_usize(&self) -> usize {
        self.num_vertices() as usize
    }

    /// Frees the device layouts cached for this graph (every GPU) and `ctx`'s
    /// engine states for it; returns the bytes dropped. Later runs rebuild
    /// what they need.
    pub fn release_device_memory(&self, ctx: &Context) -> Result<u64> {
        let mut released: u64 = 0;
        // SAFETY: released is a valid u64 for the call.
        ctx.check(unsafe { sys::gg_graph_release_device_memory(ctx.as_ptr(), self.as_ptr(), &mut released) })?;
        Ok(released)
    }

    /// Out-degree of every vertex.
    pub fn out_degrees(&self, ctx: &Context) -> Result<Vec<u32>> {
        let mut out = zeroed(self.n_usize(), "out_degrees")?;
        // SAFETY: out holds n entries.
        ctx.check(unsafe { sys::gg_graph_out_degrees(ctx.as_ptr(), self.as_ptr(), out.as_mut_ptr()) })?;
        Ok(out)
    }

    /// In-degree of every vertex.
    pub fn in_degrees(&self, ctx: &Context) -> Result<Vec<u32>> {
        let mut out = zeroed(self.n_usize(), "in_degrees")?;
        // SAFETY: out holds n entries.
        ctx.check(unsafe { sys::gg_graph_in_degrees(ctx.as_ptr(), self.as_ptr(), out.as_mut_ptr()) })?;
        Ok(out)
    }

    fn copy(
        &self,
        ctx: &Context,
        what: &str,
        f: unsafe extern "C" fn(
            *mut sys::gg_context,
            *const sys::gg_graph,
            *mut u64,
            u64,
            *mut u32,
            u64,
            *mut f32,
            u64,
        ) -> sys::gg_status,
    ) -> Result<Csr> {
        let m = usize::try_from(self.num_edges()).map_err(|_| Error::invalid("the graph has too many edges for usize"))?;
        let mut csr = Csr { offsets: zeroed(self.n_usize() + 1, what)?, indices: zeroed(m, what)?, weights: zeroed(m, what)? };
        // SAFETY: each pointer goes with its vector's length; the library writes no further.
        ctx.check(unsafe {
            f(
                ctx.as_ptr(),
                self.as_ptr(),
                csr.offsets.as_mut_ptr(),
                csr.offsets.len() as u64,
                csr.indices.as_mut_ptr(),
                csr.indices.len() as u64,
                csr.weights.as_mut_ptr(),
                csr.weights.len() as u64,
            )
        })?;
        Ok(csr)
    }

    /// The out-edges in CSR form, neighbour lists sorted.
    pub fn csr(&self, ctx: &Context) -> Result<Csr> {
        self.copy(ctx, "csr", sys::gg_graph_read_csr)
    }

    /// The in-edges in CSC form: in-edges of v come from `indices[offsets[v]..offsets[v + 1]]`.
    pub fn csc(&self, ctx: &Context) -> Result<Csr> {
        self.copy(ctx, "csc", sys::gg_graph_read_csc)
    }
}

impl Drop for Graph {
    fn drop(&mut self) {
        // SAFETY: the graph is live and dropped once.
        unsafe { sys::gg_graph_destroy(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Graph")
            .field("num_vertices", &self.num_vertices())
            .field("num_edges", &self.num_edges())
            .field("directed", &self.is_directed())
            .field("weighted", &self.is_weighted())
            .finish()
    }
}

/// The format `Format::Auto` would pick for a path (`Format::Auto` when the extension is unknown).
pub fn format_from_path(path: impl AsRef<Path>) -> Format {
    match c_path(path.as_ref()) {
        // SAFETY: path is NUL-terminated.
        Ok(path) => Format::from_raw(unsafe { sys::gg_format_from_path(path.as_ptr()) }),
        Err(_) => Format::Auto,
    }
}
