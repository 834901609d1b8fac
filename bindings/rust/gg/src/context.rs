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
use std::sync::Arc;

use gg_sys as sys;

use crate::error::{Error, Result, Status};
use crate::options::{Backend, LogLevel};

/// A log callback: receives each message at or above the chosen level. It may
/// be called from any thread the library runs on, hence `Send + Sync`.
pub type LogFn = dyn Fn(LogLevel, &str) + Send + Sync + 'static;

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
        let holder: Option<Box<Arc<LogFn>>> = options.log.clone().map(Box::new);
        if let Some(holder) = &holder {
            raw_options.log_fn = Some(log_trampoline);
            raw_options.log_user_data = &**holder as *const Arc<LogFn> as *mut c_void;
        }
        let mut raw = ptr::null_mut();
        // SAFETY: both pointers are valid for the call.
        let status = unsafe { sys::gg_context_create(&raw_options, &mut raw) };
        if status != sys::GG_OK {
            // There is no context yet to hold a message, so the binding writes one.
            return Err(Error::new(
                Status::from_code(status),
                format!(
                    "gg_context_create refused backend {}, device {}, devices {:?}{}, {} threads",
                    Backend::from_raw(raw_options.backend),
                    raw_options.device_id,
                    options.devices.as_deref().unwrap_or(&[]),
                    if raw_options.all_devices != 0 { " (all)" } else { "" },
                    raw_options.num_threads
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
        f.debug_struct("Context").field("num_threads", &self.num_threads()).finish()
    }
}
