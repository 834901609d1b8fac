//! [`Graph::measure_layout`]: what one layout of a graph takes (ABI 0.7).

use gg_sys as sys;

use crate::context::Context;
use crate::error::Result;
use crate::graph::Graph;
use crate::options::{initialized, Layout};

/// What one layout of a graph takes ([`Graph::measure_layout`]). Since ABI 0.7.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutInfo {
    /// The layout measured.
    pub layout: Layout,
    /// [`Layout::VirtualSplit`] and [`Layout::Udt`]: the bound K built with (a 0 given resolved
    /// to Tigr's default); 0 for the other layouts.
    pub degree_bound: u32,
    /// Bytes of the layout's arrays, as the CUDA backend holds them: `Csr` the CSR (offsets, ids,
    /// weights); `Tocab` the in-edge CSC and each list's cut between two source blocks;
    /// `GShards` the shard entries, shard and window offsets; `ConcatenatedWindows` those and the
    /// windows' SrcIndex and Mapper; `VirtualSplit` the virtual node arrays beside the CSR; `Udt`
    /// the transformed CSR and its virtual node arrays.
    pub bytes: u64,
    /// `Csr`, `Tocab`: vertices; `GShards`, `ConcatenatedWindows`: shards; `VirtualSplit`: virtual
    /// nodes; `Udt`: nodes added by the transform.
    pub nodes: u64,
    /// Host milliseconds this call took to build it from the graph's CSR (0 for `Csr`, which is
    /// the graph's own arrays).
    pub build_ms: f64,
}

impl Graph {
    /// Builds one layout of the graph on the host, with the code the CUDA backend runs before it
    /// uploads the layout, times it, releases it and reports what it takes
    /// (`gg_layout_measure`): for choosing a layout and sizing a device before a run. Runs on any
    /// machine, GPU or not; runs build (and cache) their own layouts, reported in
    /// [`RunStats::preprocess_ms`](crate::RunStats::preprocess_ms) and
    /// [`RunStats::device_bytes`](crate::RunStats::device_bytes).
    ///
    /// `degree_bound` is the K of [`Layout::VirtualSplit`] (default 10) and [`Layout::Udt`] (at
    /// least 2, default 1000); 0 takes the default. The other layouts ignore it.
    ///
    /// Errors: [`Status::InvalidArgument`](crate::Status::InvalidArgument) for [`Layout::Auto`],
    /// a value that is no layout, or a UDT bound of 1; [`Status::Unsupported`](crate::Status::Unsupported)
    /// for a distributed graph; [`Status::TooLarge`](crate::Status::TooLarge) when the layout
    /// cannot be built for this graph (G-Shards' windows outgrowing the edges), saying why.
    ///
    /// ```no_run
    /// # let ctx = gg::Context::new()?;
    /// # let graph = gg::Graph::generate(&ctx, &gg::GeneratorOptions::grid(8, 8))?;
    /// let info = graph.measure_layout(&ctx, gg::Layout::VirtualSplit, 0)?;
    /// println!("K {}: {} virtual nodes, {} bytes, built in {} ms", info.degree_bound, info.nodes, info.bytes, info.build_ms);
    /// # Ok::<(), gg::Error>(())
    /// ```
    pub fn measure_layout(&self, ctx: &Context, layout: Layout, degree_bound: u32) -> Result<LayoutInfo> {
        let mut info: sys::gg_layout_info = initialized(sys::gg_layout_info_init);
        // SAFETY: the graph is live; the info struct is initialised (its struct_size set).
        ctx.check(unsafe { sys::gg_layout_measure(ctx.as_ptr(), self.as_ptr(), layout.raw(), degree_bound, &mut info) })?;
        Ok(LayoutInfo {
            layout: Layout::from_raw(info.layout),
            degree_bound: info.degree_bound,
            bytes: info.bytes,
            nodes: info.nodes,
            build_ms: info.build_ms,
        })
    }
}
