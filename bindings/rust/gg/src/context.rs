//! `gg::Context`: backend choice, threads, logging, and the last-error slot.
//!
//! # Thread safety
//!
//! The C library stores the message of a failure on the context (not in
//! thread-local storage): a context used by two threads at once could hand
//! one thread the other's message. `Context` is therefore [`Send`] (it may
//! move to another thread) but not [`Sync`] (it cannot be shared by
//! reference): each thread that runs algorithms creates its own context, or
//! wraps a shared one in a `Mutex`. Graphs are immutable and both `Send`
//! and `Sync`, so an `Arc<Graph>` serves every thread.

use std::ffi::CStr;
use std::os::raw::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{self, NonNull};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use gg_sys as sys;

use crate::error::{Error, Result, Status};
use crate::options::{Backend, LogLevel};

/// A log callback: receives each message at or above the chosen level. It may
/// be called from any thread the library runs on, hence `Send + Sync`.
pub type LogFn = dyn Fn(LogLevel, &str) + Send + Sync + 'static;

/// Whether a context runs distributed over MPI processes (`gg_mpi_mode`, docs/distributed.md).
/// Since ABI 0.7.
///
/// In a distributed context [`Graph::from_edges`](crate::Graph::from_edges) takes each process's
/// share of the edges (the graph is their union; every process passes the same `num_vertices`),
/// [`Graph::load`](crate::Graph::load) reads each process's share of a .ggb file (or its byte
/// range of a text file's lines) and [`Graph::generate`](crate::Graph::generate) generates each
/// process's range of edges. Such a graph is distributed: `num_vertices`, `num_edges`,
/// `is_directed` and `is_weighted` work, other queries fail with [`Status::Unsupported`].
/// [`Graph::partition_plan`](crate::Graph::partition_plan) over it is collective (any replication
/// depth; 0, auto, builds 1) and spreads the parts over the processes (part p on process p mod the process
/// count); bfs, sssp, sswp, cc, pagerank, bc and spmv runs over that plan are collective, and every
/// process receives the whole answer (n entries). A run without the plan fails with
/// [`Status::InvalidArgument`]; APSP, matching and programs refuse distributed graphs. Every process
/// makes the same calls in the same order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mpi {
    /// This process runs alone (`GG_MPI_NONE`, the default).
    None,
    /// Every process of MPI_COMM_WORLD (`GG_MPI_WORLD`); gg calls MPI_Init_thread (and MPI_Finalize at
    /// exit) when the program has not initialised MPI.
    World,
    /// The processes of the caller's communicator (`GG_MPI_COMM`), given as its Fortran handle:
    /// `MPI_Comm_c2f(comm)` from C (the `mpi` crate: `MPI_Comm_c2f(comm.as_raw())`). MPI must be
    /// initialised. gg talks on a duplicate of it.
    Comm(i64),
}

/// Options of [`Context::with_options`]; `ContextOptions::default()` is the library's defaults.
#[derive(Clone)]
pub struct ContextOptions {
    raw: sys::gg_context_options,
    log: Option<Arc<LogFn>>,
    // Owned here; raw.devices points into it only during gg_context_create.
    devices: Option<Vec<i32>>,
}

impl Default for ContextOptions {
    fn default() -> Self {
        let mut raw = std::mem::MaybeUninit::<sys::gg_context_options>::zeroed();
        // SAFETY: the init function fills every field of the struct it is given.
        unsafe { sys::gg_context_options_init(raw.as_mut_ptr()) };
        ContextOptions { raw: unsafe { raw.assume_init() }, log: None, devices: None }
    }
}

impl ContextOptions {
    /// The defaults: backend Auto, device 0, every core, no logging.
    pub fn new() -> Self {
        Self::default()
    }

    /// Where runs execute unless a run says otherwise.
    pub fn backend(mut self, backend: Backend) -> Self {
        self.raw.backend = backend.raw();
        self
    }

    /// The CUDA device to use.
    pub fn device(mut self, device_id: i32) -> Self {
        self.raw.device_id = device_id;
        self
    }

    /// The CUDA devices of the context, in order: distinct ids >= 0, the first being
    /// the device single-GPU runs use. Replaces [`device`](Self::device)'s list of one.
    pub fn devices(mut self, devices: &[i32]) -> Self {
        self.devices = Some(devices.to_vec());
        self.raw.all_devices = 0;
        self
    }

    /// Every CUDA device visible when the context is created (none without a GPU).
    pub fn all_devices(mut self) -> Self {
        self.devices = None;
        self.raw.all_devices = 1;
        self
    }

    /// CPU threads for the CPU backend; 0 uses every core OpenMP sees.
    pub fn threads(mut self, num_threads: i32) -> Self {
        self.raw.num_threads = num_threads;
        self
    }

    /// Runs distributed over MPI processes (ABI 0.7; see [`Mpi`]). Creating a distributed context is
    /// collective over its processes; a library built without MPI fails with [`Status::Unsupported`].
    pub fn mpi(mut self, mpi: Mpi) -> Self {
        let (mode, comm) = match mpi {
            Mpi::None => (sys::GG_MPI_NONE, 0),
            Mpi::World => (sys::GG_MPI_WORLD, 0),
            Mpi::Comm(handle) => (sys::GG_MPI_COMM, handle),
        };
        self.raw.mpi = mode;
        self.raw.mpi_comm = comm;
        self
    }

    /// The longest wait, in seconds, for the other processes in a collective step before the call
    /// fails with [`Status::Distributed`]; 0 (default) means 600. Since ABI 0.7.
    pub fn mpi_timeout_s(mut self, seconds: f64) -> Self {
        self.raw.mpi_timeout_s = seconds;
        self
    }

    /// Sends the library's messages at `level` and above to `log`.
    pub fn log(mut self, level: LogLevel, log: impl Fn(LogLevel, &str) + Send + Sync + 'static) -> Self {
        self.raw.log_level = level.raw();
        self.log = Some(Arc::new(log));
        self
    }
}

unsafe extern "C" fn log_trampoline(user_data: *mut c_void, level: sys::gg_log_level, message: *const c_char) {
    // SAFETY: user_data is the Box<Arc<LogFn>> the Context keeps alive, and the
    // message is a NUL-terminated string valid during this call.
    let callback = &*(user_data as *const Arc<LogFn>);
    let text = if message.is_null() { "".into() } else { CStr::from_ptr(message).to_string_lossy() };
    // A panic must not unwind into C.
    let _ = catch_unwind(AssertUnwindSafe(|| callback(LogLevel::from_raw(level), &text)));
}

/// A gg context. See the module documentation for its thread-safety contract.
pub struct Context {
    raw: NonNull<sys::gg_context>,
    // Keeps the log callback at a fixed address for as long as the C context may call it.
    _log: Option<Box<Arc<LogFn>>>,
}

// SAFETY: the C context keeps no thread affinity (its error slot is not
// thread-local), so it may move between threads. It is deliberately not Sync.
unsafe impl Send for Context {}

impl Context {
    /// A context with default options.
    pub fn new() -> Result<Context> {
        Context::with_options(&ContextOptions::default())
    }

    /// A context with the given options.
    pub fn with_options(options: &ContextOptions) -> Result<Context> {
        crate::check_library_version()?;
        let mut raw_options = options.raw;
        if let Some(devices) = &options.devices {
            raw_options.devices = devices.as_ptr();
            raw_options.num_devices = u32::try_from(devices.len()).map_err(|_| Error::invalid("too many devices"))?;
        }
        let mut log = options.log.clone();
        // A distributed context's refusal (no MPI in this build, a bad communicator, a process that
        // did not answer) is said only to the log callback: catch it for the error.
        let creating = Arc::new(AtomicBool::new(true));
        let refusal: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
        if raw_options.mpi != sys::GG_MPI_NONE {
            if log.is_none() {
                raw_options.log_level = sys::GG_LOG_ERROR;
            }
            let (user, creating, refusal) = (log.take(), creating.clone(), refusal.clone());
            let wrapped: Arc<LogFn> = Arc::new(move |level: LogLevel, text: &str| {
                if level == LogLevel::Error && creating.load(Ordering::Relaxed) {
                    if let Ok(mut slot) = refusal.lock() {
                        *slot = Some(text.to_string());
                    }
                }
                if let Some(user) = &user {
                    user(level, text);
                }
            });
            log = Some(wrapped);
        }
        let holder: Option<Box<Arc<LogFn>>> = log.map(Box::new);
        if let Some(holder) = &holder {
            raw_options.log_fn = Some(log_trampoline);
            raw_options.log_user_data = &**holder as *const Arc<LogFn> as *mut c_void;
        }
        let mut raw = ptr::null_mut();
        // SAFETY: both pointers are valid for the call.
        let status = unsafe { sys::gg_context_create(&raw_options, &mut raw) };
        creating.store(false, Ordering::Relaxed);
        if status != sys::GG_OK {
            if let Some(message) = refusal.lock().ok().and_then(|mut slot| slot.take()) {
                return Err(Error::new(Status::from_code(status), message));
            }
            // There is no context yet to hold a message, so the binding writes one.
            return Err(Error::new(
                Status::from_code(status),
                format!(
                    "gg_context_create refused backend {}, device {}, devices {:?}{}, {} threads, mpi {}",
                    Backend::from_raw(raw_options.backend),
                    raw_options.device_id,
                    options.devices.as_deref().unwrap_or(&[]),
                    if raw_options.all_devices != 0 { " (all)" } else { "" },
                    raw_options.num_threads,
                    raw_options.mpi
                ),
            ));
        }
        let raw = NonNull::new(raw)
            .ok_or_else(|| Error::new(Status::Internal, "gg_context_create returned OK and a NULL context"))?;
        Ok(Context { raw, _log: holder })
    }

    pub(crate) fn as_ptr(&self) -> *mut sys::gg_context {
        self.raw.as_ptr()
    }

    /// Turns a status into a Result, reading the message of this very call.
    /// `&self` cannot be shared across threads (Context is not Sync), so no
    /// other call can have failed on this context in between.
    pub(crate) fn check(&self, status: sys::gg_status) -> Result<()> {
        if status == sys::GG_OK {
            return Ok(());
        }
        Err(Error::new(Status::from_code(status), self.last_error()))
    }

    /// The message of the last failed call made with this context ("" if none).
    pub fn last_error(&self) -> String {
        // SAFETY: measuring with a NULL buffer, then copying into one of that size + 1.
        unsafe {
            let size = sys::gg_context_copy_last_error(self.as_ptr(), ptr::null_mut(), 0);
            let mut buffer = vec![0u8; size + 1];
            sys::gg_context_copy_last_error(self.as_ptr(), buffer.as_mut_ptr() as *mut c_char, buffer.len());
            let end = buffer.iter().position(|&b| b == 0).unwrap_or(size);
            String::from_utf8_lossy(&buffer[..end]).into_owned()
        }
    }

    /// The number of CPU threads the CPU backend uses.
    pub fn num_threads(&self) -> u32 {
        // SAFETY: the context is live.
        unsafe { sys::gg_context_num_threads(self.as_ptr()) }.max(0) as u32
    }

    /// This process's rank in a distributed context ([`ContextOptions::mpi`]), from 0; 0 in a context
    /// that is not distributed. Since ABI 0.7.
    pub fn rank(&self) -> u32 {
        // SAFETY: the context is live.
        unsafe { sys::gg_context_rank(self.as_ptr()) }.max(0) as u32
    }

    /// The number of processes of a distributed context; 1 in a context that is not distributed.
    /// Since ABI 0.7.
    pub fn num_ranks(&self) -> u32 {
        // SAFETY: the context is live.
        unsafe { sys::gg_context_num_ranks(self.as_ptr()) }.max(0) as u32
    }

    /// The CUDA device ids of this context, in order (the first serves single-GPU runs).
    pub fn devices(&self) -> Result<Vec<i32>> {
        let mut count = 0u32;
        // SAFETY: a NULL array only counts.
        self.check(unsafe { sys::gg_context_get_devices(self.as_ptr(), ptr::null_mut(), 0, &mut count) })?;
        let mut devices = vec![0i32; count as usize];
        // SAFETY: the array holds `count` entries, the capacity given.
        self.check(unsafe { sys::gg_context_get_devices(self.as_ptr(), devices.as_mut_ptr(), count, &mut count) })?;
        devices.truncate(count as usize);
        Ok(devices)
    }

    /// `None` when a GPU is usable; otherwise why not.
    pub fn cuda_unavailable_reason(&self) -> Option<String> {
        let mut buffer = [0 as c_char; 512];
        // SAFETY: the buffer and its capacity agree.
        let usable = unsafe { sys::gg_context_cuda_available(self.as_ptr(), buffer.as_mut_ptr(), buffer.len()) };
        if usable != 0 {
            return None;
        }
        // SAFETY: the library NUL-terminates within the capacity.
        Some(unsafe { CStr::from_ptr(buffer.as_ptr()) }.to_string_lossy().into_owned())
    }

    /// Whether a GPU is usable by this context.
    pub fn cuda_available(&self) -> bool {
        self.cuda_unavailable_reason().is_none()
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: the context is live and dropped once; graphs made with it stay valid.
        unsafe { sys::gg_context_destroy(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("num_threads", &self.num_threads())
            .field("rank", &self.rank())
            .field("num_ranks", &self.num_ranks())
            .finish()
    }
}
