"""Exceptions: one gg.Error subclass per gg_status, carrying the library's message.

Each subclass also derives from the built-in exception a Python user would
naturally catch (ValueError for bad arguments, OSError for files, ...), so
``except ValueError`` works as well as ``except gg.InvalidArgumentError``.
"""


class Error(Exception):
    """A failed gg call.

    Attributes:
        status: the gg_status value (a negative int).
        status_name: its short description, e.g. "parse error".
        message: what the library (or the binding) said was wrong.
    """

    status = None
    status_name = "error"

    def __init__(self, message, status=None):
        if status is not None:
            self.status = status
        self.message = message
        super().__init__(message)

    def __str__(self):
        return "%s: %s" % (self.status_name, self.message)


class InvalidArgumentError(Error, ValueError):
    status, status_name = -1, "invalid argument"


class ParseError(Error, ValueError):
    status, status_name = -2, "parse error"


class OutOfMemoryError(Error, MemoryError):
    status, status_name = -3, "out of memory"


class DeviceError(Error, RuntimeError):
    status, status_name = -4, "device error"


class UnsupportedError(Error, RuntimeError):
    status, status_name = -5, "unsupported"


class InputOutputError(Error, OSError):
    status, status_name = -6, "I/O error"


class TooLargeError(Error, ValueError):
    status, status_name = -7, "too large"


class InternalError(Error, RuntimeError):
    status, status_name = -8, "internal error"


class DistributedError(Error, RuntimeError):
    """Another process of a distributed context failed, died or did not answer within
    the context's mpi_timeout_s, or MPI failed (GG_ERROR_DISTRIBUTED, since ABI 0.7)."""

    status, status_name = -9, "distributed run failed"


_BY_STATUS = {
    cls.status: cls
    for cls in (
        InvalidArgumentError,
        ParseError,
        OutOfMemoryError,
        DeviceError,
        UnsupportedError,
        InputOutputError,
        TooLargeError,
        InternalError,
        DistributedError,
    )
}


def error_for(status, message):
    """The exception for a gg_status; unknown (future) codes give a plain Error."""
    cls = _BY_STATUS.get(status)
    if cls is None:
        error = Error(message, status)
        error.status_name = "status %d" % status
        return error
    return cls(message)
