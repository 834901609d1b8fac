//! Enums and option builders. Every builder starts from the library's own
//! `*_init` defaults, so a default left untouched is the library's default.

use std::marker::PhantomData;
use std::mem::MaybeUninit;

use gg_sys as sys;

macro_rules! c_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $value:path),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
            /// A value added to gg.h after this binding was written.
            Unknown(i32),
        }

        impl $name {
            pub(crate) fn raw(self) -> i32 {
                match self {
                    $($name::$variant => $value,)+
                    $name::Unknown(value) => value,
                }
            }

            #[allow(dead_code)]
            pub(crate) fn from_raw(value: i32) -> Self {
                match value {
                    $(v if v == $value => $name::$variant,)+
                    other => $name::Unknown(other),
                }
            }
        }
    };
}

c_enum!(
    /// Where algorithms run.
    Backend {
        /// The GPU when one is usable, else the CPU.
        Auto = sys::GG_BACKEND_AUTO,
        /// The OpenMP CPU backend (the reference).
        Cpu = sys::GG_BACKEND_CPU,
        /// An NVIDIA GPU; runs fail with `Status::Unsupported` when none is usable.
        Cuda = sys::GG_BACKEND_CUDA,
    }
);

c_enum!(
    /// Severity of a log message.
    LogLevel {
        Debug = sys::GG_LOG_DEBUG,
        Info = sys::GG_LOG_INFO,
        Warn = sys::GG_LOG_WARN,
        Error = sys::GG_LOG_ERROR,
    }
);

c_enum!(
    /// Graph layouts a run may use.
    Layout {
        /// Chosen by the backend's cost model.
        Auto = sys::GG_LAYOUT_AUTO,
        /// CSR / CSC with load balancing.
        Csr = sys::GG_LAYOUT_CSR,
        /// CuSha G-Shards.
        GShards = sys::GG_LAYOUT_GSHARDS,
        /// CuSha Concatenated Windows.
        ConcatenatedWindows = sys::GG_LAYOUT_CW,
        /// Tigr virtual node splitting.
        VirtualSplit = sys::GG_LAYOUT_VIRTUAL_SPLIT,
        /// Tigr physical UDT transform.
        Udt = sys::GG_LAYOUT_UDT,
        /// GraphCage cache blocks.
        Tocab = sys::GG_LAYOUT_TOCAB,
    }
);

c_enum!(
    /// What happens to edges given more than once.
    Duplicates {
        /// Merge, keeping the minimum weight (default).
        KeepMin = sys::GG_DUPLICATES_KEEP_MIN,
        /// Merge, keeping the maximum weight.
        KeepMax = sys::GG_DUPLICATES_KEEP_MAX,
        /// Merge, summing the weights.
        Sum = sys::GG_DUPLICATES_SUM,
        /// Merge, keeping the first weight in input order.
        KeepFirst = sys::GG_DUPLICATES_KEEP_FIRST,
        /// Keep every copy (a multigraph).
        KeepAll = sys::GG_DUPLICATES_KEEP_ALL,
    }
);

c_enum!(
    /// Graph file formats.
    Format {
        /// From the extension, then the first bytes.
        Auto = sys::GG_FORMAT_AUTO,
        /// Matrix Market coordinate (.mtx), 1-based.
        MatrixMarket = sys::GG_FORMAT_MTX,
        /// SNAP edge list (.el, .txt), 0-based `u v`.
        EdgeList = sys::GG_FORMAT_EDGELIST,
        /// Weighted edge list (.wel), 0-based `u v w`.
        WeightedEdgeList = sys::GG_FORMAT_WEL,
        /// DIMACS shortest path (.gr), 1-based.
        Dimacs = sys::GG_FORMAT_DIMACS,
        /// gg binary (.ggb).
        Ggb = sys::GG_FORMAT_GGB,
    }
);

c_enum!(
    /// How [`Graph::partition_plan`](crate::Graph::partition_plan) assigns vertices to parts.
    Partitioner {
        /// METIS k-way, edge cut minimised (the default; needs a library built with METIS).
        Metis = sys::GG_PARTITIONER_METIS,
        /// Each vertex to a part by a seeded hash of its id.
        Random = sys::GG_PARTITIONER_RANDOM,
        /// Contiguous id ranges of about equal vertices + edges.
        Block = sys::GG_PARTITIONER_BLOCK,
        /// The caller's array ([`PartitionPlanOptions::given`]).
        Given = sys::GG_PARTITIONER_GIVEN,
        /// Block, random or METIS, chosen per graph from the edge cuts the library measures;
        /// the plan's [`PartitionPlanStats`](crate::PartitionPlanStats) names the one chosen
        /// (`partitioner`, never `Auto`) and says why (`choice`).
        Auto = sys::GG_PARTITIONER_AUTO,
    }
);

impl Backend {
    /// The library's name (`gg_backend_name`): "auto", "cpu" or "cuda";
    /// `None` for a value the linked library does not know.
    pub fn name(self) -> Option<&'static str> {
        // SAFETY: any value may be passed; the result is NULL or a static string.
        let name = unsafe { sys::gg_backend_name(self.raw()) };
        if name.is_null() {
            return None;
        }
        // SAFETY: a static NUL-terminated ASCII string of the library.
        unsafe { std::ffi::CStr::from_ptr(name) }.to_str().ok()
    }

    /// The backend the library's name gives (`gg_backend_from_name`, case-insensitive here).
    pub fn from_name(name: &str) -> crate::Result<Backend> {
        let text = std::ffi::CString::new(name.to_ascii_lowercase())
            .map_err(|_| crate::Error::invalid(format!("backend name {name:?} contains a NUL byte")))?;
        let mut raw: sys::gg_backend = 0;
        // SAFETY: a NUL-terminated name and a valid out pointer.
        if unsafe { sys::gg_backend_from_name(text.as_ptr(), &mut raw) } != sys::GG_OK {
            let known: Vec<&str> = (0..).map(Backend::from_raw).map_while(Backend::name).collect();
            return Err(crate::Error::invalid(format!(
                "unknown backend {name:?}; expected one of {}",
                known.join(", ")
            )));
        }
        Ok(Backend::from_raw(raw))
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "unknown({})", self.raw()),
        }
    }
}

impl std::str::FromStr for Backend {
    type Err = crate::Error;
    fn from_str(name: &str) -> crate::Result<Backend> {
        Backend::from_name(name)
    }
}

impl Partitioner {
    /// The library's name (`gg_partitioner_name`): "metis", "random", "block", "given" or "auto";
    /// `None` for a value the linked library does not know.
    pub fn name(self) -> Option<&'static str> {
        // SAFETY: any value may be passed; the result is NULL or a static string.
        let name = unsafe { sys::gg_partitioner_name(self.raw()) };
        if name.is_null() {
            return None;
        }
        // SAFETY: a static NUL-terminated ASCII string of the library.
        unsafe { std::ffi::CStr::from_ptr(name) }.to_str().ok()
    }

    /// The partitioner the library's name gives (`gg_partitioner_from_name`, case-insensitive here).
    pub fn from_name(name: &str) -> crate::Result<Partitioner> {
        let text = std::ffi::CString::new(name.to_ascii_lowercase())
            .map_err(|_| crate::Error::invalid(format!("partitioner name {name:?} contains a NUL byte")))?;
        let mut raw: sys::gg_partitioner = 0;
        // SAFETY: a NUL-terminated name and a valid out pointer.
        if unsafe { sys::gg_partitioner_from_name(text.as_ptr(), &mut raw) } != sys::GG_OK {
            let known: Vec<&str> = (0..).map(Partitioner::from_raw).map_while(Partitioner::name).collect();
            return Err(crate::Error::invalid(format!(
                "unknown partitioner {name:?}; expected one of {}",
                known.join(", ")
            )));
        }
        Ok(Partitioner::from_raw(raw))
    }
}

impl std::fmt::Display for Partitioner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "unknown({})", self.raw()),
        }
    }
}

impl std::str::FromStr for Partitioner {
    type Err = crate::Error;
    fn from_str(name: &str) -> crate::Result<Partitioner> {
        Partitioner::from_name(name)
    }
}

impl Layout {
    /// The library's name of this layout (`gg_layout_name`): "auto", "csr", "gshards",
    /// "cw", "vsplit", "udt" or "tocab"; `None` for a value the linked library does not know.
    pub fn name(self) -> Option<&'static str> {
        // SAFETY: any value may be passed; the result is NULL or a static string.
        let name = unsafe { sys::gg_layout_name(self.raw()) };
        if name.is_null() {
            return None;
        }
        // SAFETY: a static NUL-terminated ASCII string of the library.
        unsafe { std::ffi::CStr::from_ptr(name) }.to_str().ok()
    }

    /// The layout the library's name gives (`gg_layout_from_name`, case-insensitive here).
    /// `"virtual_split"`, this binding's spelling before 0.2, is still accepted as a
    /// deprecated alias of `"vsplit"`.
    pub fn from_name(name: &str) -> crate::Result<Layout> {
        let lower = name.to_ascii_lowercase();
        let canonical = if lower == "virtual_split" { "vsplit" } else { lower.as_str() };
        let text = std::ffi::CString::new(canonical)
            .map_err(|_| crate::Error::invalid(format!("layout name {name:?} contains a NUL byte")))?;
        let mut raw: sys::gg_layout = 0;
        // SAFETY: a NUL-terminated name and a valid out pointer.
        if unsafe { sys::gg_layout_from_name(text.as_ptr(), &mut raw) } != sys::GG_OK {
            let known: Vec<&str> = (0..).map(Layout::from_raw).map_while(Layout::name).collect();
            return Err(crate::Error::invalid(format!("unknown layout {name:?}; expected one of {}", known.join(", "))));
        }
        Ok(Layout::from_raw(raw))
    }
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "unknown({})", self.raw()),
        }
    }
}

impl std::str::FromStr for Layout {
    type Err = crate::Error;
    fn from_str(name: &str) -> crate::Result<Layout> {
        Layout::from_name(name)
    }
}

pub(crate) fn initialized<T>(init: unsafe extern "C" fn(*mut T)) -> T {
    let mut value = MaybeUninit::<T>::zeroed();
    // SAFETY: every *_init function fills the plain-data struct it is given,
    // which is valid even when all zero.
    unsafe {
        init(value.as_mut_ptr());
        value.assume_init()
    }
}

/// How graphs are built from arrays and files.
#[derive(Debug, Clone, Copy)]
pub struct GraphOptions {
    pub(crate) raw: sys::gg_graph_options,
}

impl Default for GraphOptions {
    fn default() -> Self {
        GraphOptions { raw: initialized(sys::gg_graph_options_init) }
    }
}

impl GraphOptions {
    /// Directed, duplicates keep the minimum weight, self-loops kept, at most 2^36 edges.
    pub fn new() -> Self {
        Self::default()
    }
    /// Store every edge in both directions.
    pub fn undirected(mut self, undirected: bool) -> Self {
        self.raw.undirected = undirected as i32;
        self
    }
    pub fn duplicates(mut self, policy: Duplicates) -> Self {
        self.raw.duplicates = policy.raw();
        self
    }
    pub fn drop_self_loops(mut self, drop: bool) -> Self {
        self.raw.drop_self_loops = drop as i32;
        self
    }
    /// Refuse inputs declaring or holding more edges; 0 means the default 2^36.
    pub fn max_edges(mut self, max_edges: u64) -> Self {
        self.raw.max_edges = max_edges;
        self
    }
    /// Loading a file only (.mtx, .el, .wel, .gr; not .ggb, nor building from arrays): refuse one
    /// whose vertex count (declared, or its largest id + 1) is above this with
    /// [`Status::TooLarge`](crate::Status::TooLarge). 0 means the default, max(2^24, 64 x the file's
    /// edges); raise it for graphs of mostly isolated vertices (`u64::MAX`: any). Since ABI 0.3.
    pub fn max_vertices(mut self, max_vertices: u64) -> Self {
        self.raw.max_vertices = max_vertices;
        self
    }
}

/// A deterministic generator: start from [`kron`](Self::kron), [`urand`](Self::urand) or [`grid`](Self::grid).
#[derive(Debug, Clone, Copy)]
pub struct GeneratorOptions {
    pub(crate) raw: sys::gg_generator_options,
}

impl GeneratorOptions {
    fn kind(kind: sys::gg_generator) -> Self {
        let mut raw: sys::gg_generator_options = initialized(sys::gg_generator_options_init);
        raw.kind = kind;
        GeneratorOptions { raw }
    }
    /// Kronecker / R-MAT: 2^scale vertices, degree * 2^scale edges (Graph500 parameters).
    pub fn kron(scale: u32, degree: u32) -> Self {
        let mut options = Self::kind(sys::GG_GENERATOR_KRON);
        options.raw.scale = scale;
        options.raw.degree = degree;
        options
    }
    /// Uniform random: 2^scale vertices, degree * 2^scale edges.
    pub fn urand(scale: u32, degree: u32) -> Self {
        let mut options = Self::kind(sys::GG_GENERATOR_URAND);
        options.raw.scale = scale;
        options.raw.degree = degree;
        options
    }
    /// A rows x cols 4-neighbour grid, both directions.
    pub fn grid(rows: u32, cols: u32) -> Self {
        let mut options = Self::kind(sys::GG_GENERATOR_GRID);
        options.raw.rows = rows;
        options.raw.cols = cols;
        options
    }
    pub fn seed(mut self, seed: u64) -> Self {
        self.raw.seed = seed;
        self
    }
    /// Uniform integer weights in [min, max].
    pub fn weights(mut self, min: u32, max: u32) -> Self {
        self.raw.weighted = 1;
        self.raw.weight_min = min;
        self.raw.weight_max = max;
        self
    }
    /// Store every edge in both directions (the default).
    pub fn symmetrize(mut self, symmetrize: bool) -> Self {
        self.raw.symmetrize = symmetrize as i32;
        self
    }
    /// R-MAT probabilities a, b, c (d = 1 - a - b - c).
    pub fn rmat(mut self, a: f64, b: f64, c: f64) -> Self {
        self.raw.rmat_a = a;
        self.raw.rmat_b = b;
        self.raw.rmat_c = c;
        self
    }
}

/// Options of every run; `RunOptions::default()` uses the context's backend and the documented defaults.
///
/// The lifetime is that of the [`PartitionPlan`](crate::PartitionPlan) a partitioned run borrows
/// ([`partition_plan`](Self::partition_plan)); options without a plan may live as long as wanted.
#[derive(Debug, Clone, Copy)]
pub struct RunOptions<'a> {
    pub(crate) raw: sys::gg_run_options,
    /// Parts of the plan (0 without one): the size of the per-part time arrays of the stats.
    pub(crate) plan_parts: u32,
    plan: PhantomData<&'a ()>,
}

impl Default for RunOptions<'_> {
    fn default() -> Self {
        RunOptions { raw: initialized(sys::gg_run_options_init), plan_parts: 0, plan: PhantomData }
    }
}

impl<'a> RunOptions<'a> {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn backend(mut self, backend: Backend) -> Self {
        self.raw.backend = backend.raw();
        self
    }
    /// The layout to run (default [`Layout::Auto`]). The CPU backend accepts every layout, runs
    /// [`Layout::Csr`] and reports it in [`RunStats::layout`](crate::RunStats::layout), but runs
    /// PageRank in [`Layout::Tocab`]'s two source blocks when asked or where they pay.
    pub fn layout(mut self, layout: Layout) -> Self {
        self.raw.layout = layout.raw();
        self
    }
    /// The degree bound K of [`Layout::VirtualSplit`] (a vertex's edges are cut into groups of at
    /// most K, one thread each) and [`Layout::Udt`] (at least 2: each tree node keeps at most K
    /// edges); 0 (default) takes Tigr's defaults, 10 for the split and 1000 for UDT. Other layouts
    /// ignore it. Since ABI 0.4.
    pub fn degree_bound(mut self, k: u32) -> Self {
        self.raw.degree_bound = k;
        self
    }
    /// PageRank: stop when the L1 change of an iteration is below it (default 1e-6).
    pub fn tolerance(mut self, tolerance: f64) -> Self {
        self.raw.tolerance = tolerance;
        self
    }
    /// PageRank: iteration cap (default 100).
    pub fn max_iterations(mut self, max_iterations: u32) -> Self {
        self.raw.max_iterations = max_iterations;
        self
    }
    /// PageRank: damping factor in [0, 1) (default 0.85).
    pub fn damping(mut self, damping: f64) -> Self {
        self.raw.damping = damping;
        self
    }
    /// SSSP delta-stepping bucket width; 0 (default) picks one from the weights.
    pub fn delta(mut self, delta: f32) -> Self {
        self.raw.delta = delta;
        self
    }
    /// Runs partitioned over `plan`'s parts (the plan must be of the graph run on), with the
    /// same answers as an unpartitioned run, on either backend (APSP runs unpartitioned).
    pub fn partition_plan(mut self, plan: &'a crate::PartitionPlan<'_>) -> Self {
        self.raw.partition_plan = plan.as_ptr();
        self.plan_parts = plan.stats().num_parts;
        self
    }
}

/// Options of [`Graph::partition_plan`](crate::Graph::partition_plan); the lifetime is that of
/// the caller's array of a [`given`](Self::given) partition.
#[derive(Debug, Clone, Copy)]
pub struct PartitionPlanOptions<'a> {
    pub(crate) raw: sys::gg_partition_plan_options,
    pub(crate) given: Option<&'a [u32]>,
}

impl Default for PartitionPlanOptions<'_> {
    fn default() -> Self {
        PartitionPlanOptions { raw: initialized(sys::gg_partition_plan_options_init), given: None }
    }
}

impl<'a> PartitionPlanOptions<'a> {
    /// 2 parts, METIS, replication depth 1, seed 1.
    pub fn new() -> Self {
        Self::default()
    }
    /// k, at least 1 (more parts than vertices leaves parts empty).
    pub fn num_parts(mut self, num_parts: u32) -> Self {
        self.raw.num_parts = num_parts;
        self
    }
    pub fn partitioner(mut self, partitioner: Partitioner) -> Self {
        self.raw.partitioner = partitioner.raw();
        self
    }
    /// The caller's partition: `parts[v]` is the part of vertex v (n entries, each below
    /// `num_parts`; the library checks both). Sets the partitioner to [`Partitioner::Given`].
    pub fn given(mut self, parts: &'a [u32]) -> Self {
        self.raw.partitioner = sys::GG_PARTITIONER_GIVEN;
        self.given = Some(parts);
        self
    }
    /// Hops of replicas, 1 to 8: 1 (default) exchanges after every iteration, k every k
    /// iterations (Medusa's multi-hop replication); 0 = [`auto`](Self::auto_replication_depth).
    pub fn replication_depth(mut self, depth: u32) -> Self {
        self.raw.replication_depth = depth;
        self
    }
    /// The depth the library's cost model picks.
    pub fn auto_replication_depth(self) -> Self {
        self.replication_depth(0)
    }
    /// Seed of the random partitioner and of METIS (default 1).
    pub fn seed(mut self, seed: u64) -> Self {
        self.raw.seed = seed;
        self
    }
    /// Since 0.10: over a distributed graph, `true` frees each process's edges as the plan
    /// gathers them, so that at its peak a process holds its parts and not also its share of
    /// the graph. The graph then serves the runs over this plan only: another
    /// [`partition_plan`](crate::Graph::partition_plan) over it fails with
    /// `Status::InvalidArgument`. Every process must pass the same value. Ignored for a graph
    /// that is not distributed, whose runs read its edges. Default `false`.
    pub fn release_graph_edges(mut self, release: bool) -> Self {
        self.raw.release_graph_edges = release as u32;
        self
    }
}

/// Options of [`Graph::partition`](crate::Graph::partition).
#[derive(Debug, Clone, Copy)]
pub struct PartitionOptions {
    pub(crate) raw: sys::gg_partition_options,
}

impl Default for PartitionOptions {
    fn default() -> Self {
        PartitionOptions { raw: initialized(sys::gg_partition_options_init) }
    }
}

impl PartitionOptions {
    pub fn new() -> Self {
        Self::default()
    }
    /// METIS random seed (default 1: deterministic).
    pub fn seed(mut self, seed: i32) -> Self {
        self.raw.seed = seed;
        self
    }
    /// Allowed imbalance in 1/1000; 0 means the default 30.
    pub fn ufactor(mut self, ufactor: i32) -> Self {
        self.raw.ufactor = ufactor;
        self
    }
}

/// Options of [`Graph::shard`](crate::Graph::shard).
#[derive(Debug, Clone, Copy)]
pub struct ShardOptions {
    pub(crate) raw: sys::gg_shard_options,
}

impl Default for ShardOptions {
    fn default() -> Self {
        ShardOptions { raw: initialized(sys::gg_shard_options_init) }
    }
}

impl ShardOptions {
    pub fn new() -> Self {
        Self::default()
    }
    /// |N|; 0 applies CuSha's rule.
    pub fn vertices_per_shard(mut self, vertices: u32) -> Self {
        self.raw.vertices_per_shard = vertices;
        self
    }
    /// Shared memory per block that bounds |N| under the rule; 0 = 48 KiB.
    pub fn shared_memory_bytes(mut self, bytes: u32) -> Self {
        self.raw.shared_memory_bytes = bytes;
        self
    }
    /// Bytes of one vertex value in shared memory; 0 = 4.
    pub fn vertex_value_bytes(mut self, bytes: u32) -> Self {
        self.raw.vertex_value_bytes = bytes;
        self
    }
}
