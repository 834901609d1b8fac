//! `gg::Error`: the status of a failed call and the library's message.

use std::ffi::CStr;
use std::fmt;

use gg_sys as sys;

/// What kind of failure a call reported (one per `gg_status` error value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// A NULL pointer, out-of-range id, bad option, or a slice of the wrong length.
    InvalidArgument,
    /// A file's contents are malformed (the message names file and line).
    Parse,
    /// Host or device memory ran out.
    OutOfMemory,
    /// A CUDA call failed.
    Device,
    /// Valid, but this build or machine cannot serve it.
    Unsupported,
    /// A file could not be opened, read or written.
    Io,
    /// The graph or the requested output exceeds a size limit.
    TooLarge,
    /// A bug in gg.
    Internal,
    /// Another process of a distributed context failed, died or did not answer within
    /// [`ContextOptions::mpi_timeout_s`](crate::ContextOptions::mpi_timeout_s), or MPI failed. Since ABI 0.7.
    Distributed,
    /// A status added to gg.h after this binding was written.
    Unknown(i32),
}

impl Status {
    pub(crate) fn from_code(code: sys::gg_status) -> Status {
        match code {
            sys::GG_ERROR_INVALID_ARGUMENT => Status::InvalidArgument,
            sys::GG_ERROR_PARSE => Status::Parse,
            sys::GG_ERROR_OUT_OF_MEMORY => Status::OutOfMemory,
            sys::GG_ERROR_DEVICE => Status::Device,
            sys::GG_ERROR_UNSUPPORTED => Status::Unsupported,
            sys::GG_ERROR_IO => Status::Io,
            sys::GG_ERROR_TOO_LARGE => Status::TooLarge,
            sys::GG_ERROR_INTERNAL => Status::Internal,
            sys::GG_ERROR_DISTRIBUTED => Status::Distributed,
            other => Status::Unknown(other),
        }
    }

    /// The `gg_status` value.
    pub fn code(self) -> i32 {
        match self {
            Status::InvalidArgument => sys::GG_ERROR_INVALID_ARGUMENT,
            Status::Parse => sys::GG_ERROR_PARSE,
            Status::OutOfMemory => sys::GG_ERROR_OUT_OF_MEMORY,
            Status::Device => sys::GG_ERROR_DEVICE,
            Status::Unsupported => sys::GG_ERROR_UNSUPPORTED,
            Status::Io => sys::GG_ERROR_IO,
            Status::TooLarge => sys::GG_ERROR_TOO_LARGE,
            Status::Internal => sys::GG_ERROR_INTERNAL,
            Status::Distributed => sys::GG_ERROR_DISTRIBUTED,
            Status::Unknown(code) => code,
        }
    }
}

impl fmt::Display for Status {
    /// The library's short description, e.g. "parse error".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: gg_status_string returns a static NUL-terminated string for any value.
        let text = unsafe { CStr::from_ptr(sys::gg_status_string(self.code())) };
        f.write_str(&text.to_string_lossy())
    }
}

/// A failed gg call: its status and the message naming what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    status: Status,
    message: String,
}

impl Error {
    pub(crate) fn new(status: Status, message: impl Into<String>) -> Error {
        Error { status, message: message.into() }
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(Status::InvalidArgument, message)
    }

    /// The kind of failure.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The message: from the library, or from the binding when it refused the
    /// call before making it (slice lengths, paths holding NUL bytes).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl std::error::Error for Error {}

/// `Result<T, gg::Error>`.
pub type Result<T> = std::result::Result<T, Error>;

/// Allocates a zeroed vector without aborting the process when memory is short.
pub(crate) fn zeroed<T: Copy + Default>(len: usize, what: &str) -> Result<Vec<T>> {
    let mut values = Vec::new();
    values.try_reserve_exact(len).map_err(|_| {
        Error::new(
            Status::OutOfMemory,
            format!("{what}: cannot allocate {len} entries ({} bytes)", len.saturating_mul(std::mem::size_of::<T>())),
        )
    })?;
    values.resize(len, T::default());
    Ok(values)
}

/// Checks that a caller's slice has exactly `expected` entries.
pub(crate) fn check_len(len: usize, expected: u64, what: &str) -> Result<()> {
    if len as u64 != expected {
        return Err(Error::invalid(format!("{what} has {len} entries; {expected} are needed")));
    }
    Ok(())
}
