//! `gg::Shards`: CuSha's G-Shards and Concatenated Windows (CuSha §3).

use std::mem::MaybeUninit;
use std::ptr::NonNull;
use std::sync::Mutex;

use gg_sys as sys;

use crate::context::Context;
use crate::error::{zeroed, Error, Result, Status};

/// Shape of a shard structure.
#[derive(Debug, Clone, PartialEq)]
pub struct ShardStats {
    pub num_shards: u32,
    pub vertices_per_shard: u32,
    pub num_edges: u64,
    /// |S|^2 windows, empty ones included.
    pub num_windows: u64,
    pub empty_windows: u64,
    pub max_window: u64,
    pub mean_window: f64,
    /// Windows of size 0, 1, 2-3, 4-7, 8-15, 16-31, 32-63, >= 64.
    pub window_histogram: [u64; 8],
    pub max_shard: u64,
    pub gshards_bytes: u64,
    pub cw_bytes: u64,
}

/// The G-Shards arrays: shard j is entries `offsets[j]..offsets[j + 1]`.
#[derive(Debug, Clone, PartialEq)]
pub struct GShards {
    pub offsets: Vec<u64>,
    pub src_index: Vec<u32>,
    pub dst_index: Vec<u32>,
    pub weights: Vec<f32>,
}

/// The Concatenated Windows arrays: CW_i is entries `offsets[i]..offsets[i + 1]`;
/// `mapper` gives each entry's position in the G-Shards arrays.
#[derive(Debug, Clone, PartialEq)]
pub struct ConcatenatedWindows {
    pub offsets: Vec<u64>,
    pub src_index: Vec<u32>,
    pub mapper: Vec<u64>,
}

/// A shard structure owned by the library; immutable, so `Send` and `Sync`.
pub struct Shards {
    raw: NonNull<sys::gg_shards>,
    stats: ShardStats,
    // The reads below take no `&Context` (their signatures predate the C calls
    // that need one), so the structure keeps a context of its own for them;
    // the Mutex keeps Shards Sync although Context is not.
    reads: Mutex<Context>,
}

// SAFETY: the structure is never modified after gg_shard builds it; the copy
// functions only read it.
unsafe impl Send for Shards {}
unsafe impl Sync for Shards {}

impl Shards {
    pub(crate) fn from_raw(raw: *mut sys::gg_shards, ctx: &Context) -> Result<Shards> {
        let raw = NonNull::new(raw).ok_or_else(|| Error::new(Status::Internal, "gg_shard returned OK and NULL"))?;
        let reads = match Context::new() {
            Ok(reads) => Mutex::new(reads),
            Err(e) => {
                // SAFETY: live, and released once here since no Shards owns it.
                unsafe { sys::gg_shards_destroy(raw.as_ptr()) };
                return Err(e);
            }
        };
        let mut stats = MaybeUninit::<sys::gg_shard_stats>::zeroed();
        // SAFETY: init fills the struct, read_stats reads struct_size and fills it.
        let stats = unsafe {
            sys::gg_shard_stats_init(stats.as_mut_ptr());
            let status = sys::gg_shards_read_stats(ctx.as_ptr(), raw.as_ptr(), stats.as_mut_ptr());
            if let Err(e) = ctx.check(status) {
                sys::gg_shards_destroy(raw.as_ptr());
                return Err(e);
            }
            stats.assume_init()
        };
        let stats = ShardStats {
            num_shards: stats.num_shards,
            vertices_per_shard: stats.vertices_per_shard,
            num_edges: stats.num_edges,
            num_windows: stats.num_windows,
            empty_windows: stats.empty_windows,
            max_window: stats.max_window,
            mean_window: stats.mean_window,
            window_histogram: stats.window_histogram,
            max_shard: stats.max_shard,
            gshards_bytes: stats.gshards_bytes,
            cw_bytes: stats.cw_bytes,
        };
        Ok(Shards { raw, stats, reads })
    }

    pub fn stats(&self) -> &ShardStats {
        &self.stats
    }

    fn sizes(&self) -> Result<(usize, usize)> {
        let s = self.stats.num_shards as usize;
        let m = usize::try_from(self.stats.num_edges).map_err(|_| Error::invalid("too many edges for usize"))?;
        Ok((s, m))
    }

    /// Runs one gg_shards_read_* call with this structure's own context.
    fn read(&self, call: impl FnOnce(*mut sys::gg_context, *const sys::gg_shards) -> sys::gg_status) -> Result<()> {
        let ctx = self.reads.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        ctx.check(call(ctx.as_ptr(), self.raw.as_ptr()))
    }

    /// Copies the G-Shards arrays.
    pub fn gshards(&self) -> Result<GShards> {
        let (s, m) = self.sizes()?;
        let mut out = GShards {
            offsets: zeroed(s + 1, "shard_offsets")?,
            src_index: zeroed(m, "src_index")?,
            dst_index: zeroed(m, "dst_index")?,
            weights: zeroed(m, "weights")?,
        };
        // SAFETY: each pointer goes with its vector's length; the library writes no further.
        self.read(|ctx, raw| unsafe {
            sys::gg_shards_read_shards(
                ctx,
                raw,
                out.offsets.as_mut_ptr(),
                out.offsets.len() as u64,
                out.src_index.as_mut_ptr(),
                out.src_index.len() as u64,
                out.dst_index.as_mut_ptr(),
                out.dst_index.len() as u64,
                out.weights.as_mut_ptr(),
                out.weights.len() as u64,
            )
        })?;
        Ok(out)
    }

    /// Window boundaries: W(i, j) is entries `w[j * S + i]..w[j * S + i + 1]` of the shard arrays.
    pub fn window_offsets(&self) -> Result<Vec<u64>> {
        let (s, _) = self.sizes()?;
        let mut out: Vec<u64> = zeroed(s * s + 1, "window_offsets")?;
        // SAFETY: the pointer goes with the vector's length.
        self.read(|ctx, raw| unsafe { sys::gg_shards_read_windows(ctx, raw, out.as_mut_ptr(), out.len() as u64) })?;
        Ok(out)
    }

    /// Copies the Concatenated Windows arrays.
    pub fn concatenated_windows(&self) -> Result<ConcatenatedWindows> {
        let (s, m) = self.sizes()?;
        let mut out = ConcatenatedWindows {
            offsets: zeroed(s + 1, "cw_offsets")?,
            src_index: zeroed(m, "cw_src_index")?,
            mapper: zeroed(m, "cw_mapper")?,
        };
        // SAFETY: each pointer goes with its vector's length.
        self.read(|ctx, raw| unsafe {
            sys::gg_shards_read_cw(
                ctx,
                raw,
                out.offsets.as_mut_ptr(),
                out.offsets.len() as u64,
                out.src_index.as_mut_ptr(),
                out.src_index.len() as u64,
                out.mapper.as_mut_ptr(),
                out.mapper.len() as u64,
            )
        })?;
        Ok(out)
    }
}

impl Drop for Shards {
    fn drop(&mut self) {
        // SAFETY: live and dropped once.
        unsafe { sys::gg_shards_destroy(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Shards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shards").field("stats", &self.stats).finish()
    }
}
