"""gg.Context: backend choice, threads, logging, and the last-error slot.

The C library keeps the message of the last failure on the context, not in
thread-local storage, and ctypes releases the GIL during every foreign call.
Two Python threads sharing a context could therefore read each other's
message; each Context holds a lock across "call, then copy the message", so
an exception always carries the message of its own failure. Calls on one
context are thereby serialised: threads that want to run in parallel create
one Context each (graphs may be shared freely, they are immutable).
"""

import ctypes
import threading
import weakref

from . import _abi
from ._abi import lib
from ._handle import OwnedHandle
from ._convert import backend_value, checked_int, enum_value
from .errors import Error, InvalidArgumentError, error_for

_LEVEL_NAMES = {value: name for name, value in _abi.LOG_LEVELS.items()}


def _make_log_trampoline(log):
    """Wraps a Python callable(level_name, message) as a gg_log_fn.

    An exception raised by the callable cannot cross the C library, so it is
    swallowed; the library's own status codes still report every failure.
    """

    def trampoline(_user_data, level, message):
        try:
            log(_LEVEL_NAMES.get(level, str(level)), message.decode("utf-8", "replace"))
        except Exception:  # noqa: BLE001 - must not unwind into C
            pass

    return _abi.gg_log_fn(trampoline)


def _destroy(handle, _keep_alive):
    # _keep_alive holds the log trampoline until the context is gone.
    lib.gg_context_destroy(handle)


class Context(OwnedHandle):
    """A gg context: where runs execute and where failures are recorded.

    Args:
        backend: "auto" (default: the GPU when usable, else the CPU), "cpu" or "cuda".
        device_id: CUDA device; None picks device 0.
        devices: the CUDA devices of the context: a sequence of distinct ids >= 0
            (the first is the one single-GPU runs use), or "all" for every device
            visible now. None (default) means [device_id].
        num_threads: CPU threads; None uses every core OpenMP sees.
        log: optional callable(level, message) receiving the library's log lines,
            level being "debug", "info", "warn" or "error".
        log_level: least severe level passed to `log` (default "warn").

    Use it as a context manager, or call close(); a finalizer releases it otherwise.
    """

    _kind = "gg.Context"

    def __init__(self, backend="auto", device_id=None, num_threads=None, log=None, log_level="warn", devices=None):
        options = _abi.initialized(_abi.gg_context_options, "gg_context_options_init")
        options.backend = backend_value(backend)
        if device_id is not None:
            options.device_id = checked_int(device_id, "device_id", -1, 2**31 - 1)
        device_list = None  # kept alive until gg_context_create has copied it
        if isinstance(devices, str) and devices == "all":
            options.all_devices = 1
        elif devices is not None:
            if isinstance(devices, (str, bytes)) or not hasattr(devices, "__len__"):
                raise InvalidArgumentError('devices must be a sequence of device ids or "all", not %r' % (devices,))
            ids = [checked_int(d, "devices[%d]" % i, 0, 2**31 - 1) for i, d in enumerate(devices)]
            device_list = (ctypes.c_int32 * max(1, len(ids)))(*ids)
            options.devices = ctypes.cast(device_list, ctypes.POINTER(ctypes.c_int32))
            options.num_devices = len(ids)
        if num_threads is not None:
            options.num_threads = checked_int(num_threads, "num_threads", 0, 2**31 - 1)
        options.log_level = enum_value(_abi.LOG_LEVELS, log_level, "log_level")
        trampoline = None
        if log is not None:
            if not callable(log):
                raise InvalidArgumentError("log must be callable(level, message)")
            trampoline = _make_log_trampoline(log)
            options.log_fn = trampoline
        handle = _abi.ctx_p()
        status = lib.gg_context_create(ctypes.byref(options), ctypes.byref(handle))
        if status != _abi.GG_OK:
            # No context exists yet to hold a message, so the binding names the options.
            raise error_for(
                status,
                "gg_context_create refused backend=%r device_id=%r num_threads=%r log_level=%r devices=%r"
                % (backend, device_id, num_threads, log_level, devices),
            )
        self._handle = handle
        # Re-entrant: a log callback may itself call gg with this context.
        self._lock = threading.RLock()
        self._finalizer = weakref.finalize(self, _destroy, handle, trampoline)

    # ---- lifetime ---------------------------------------------------------
    def close(self):
        """Destroys the C context now. Graphs made with it stay usable."""
        with self._lock:
            self._finalizer()

    def __repr__(self):
        if self.closed:
            return "<gg.Context closed>"
        return "<gg.Context num_threads=%d>" % self.num_threads

    # ---- calls ------------------------------------------------------------
    def _live_handle(self):
        return self._live()

    def call(self, function, *args):
        """Calls a gg function whose first argument is the context; raises on failure.

        The lock makes the message read after a failure the one of this call.
        """
        with self._lock:
            handle = self._live_handle()
            status = function(handle, *args)
            if status != _abi.GG_OK:
                raise error_for(status, self._copy_last_error(handle))

    @staticmethod
    def _copy_last_error(handle):
        size = lib.gg_context_copy_last_error(handle, None, 0)
        buffer = ctypes.create_string_buffer(size + 1)
        lib.gg_context_copy_last_error(handle, buffer, size + 1)
        return buffer.value.decode("utf-8", "replace")

    # ---- queries ----------------------------------------------------------
    @property
    def num_threads(self):
        """CPU threads the CPU backend uses."""
        return int(lib.gg_context_num_threads(self._live_handle()))

    @property
    def devices(self):
        """The CUDA device ids of this context, in order (the first serves single-GPU runs)."""
        count = ctypes.c_uint32()
        self.call(lib.gg_context_get_devices, None, 0, ctypes.byref(count))
        ids = (ctypes.c_int32 * max(1, count.value))()
        self.call(lib.gg_context_get_devices, ids, count.value, ctypes.byref(count))
        return [int(ids[i]) for i in range(count.value)]

    def cuda_available(self):
        """(True, "") when a GPU is usable, else (False, reason)."""
        buffer = ctypes.create_string_buffer(512)
        with self._lock:
            usable = lib.gg_context_cuda_available(self._live_handle(), buffer, len(buffer))
        return bool(usable), buffer.value.decode("utf-8", "replace")


_default = None
_default_lock = threading.Lock()


def default_context():
    """The context used when a call names none (created on first use, backend "auto")."""
    global _default
    with _default_lock:
        if _default is None or _default.closed:
            _default = Context()
        return _default


def set_default_context(context):
    """Makes `context` (a gg.Context, or None for a fresh backend "auto" one on next use) the one
    calls that name none use, gg.networkx's among them; returns the previous default (or None).
    E.g. gg.set_default_context(gg.Context(backend="cpu")) sends gg.networkx's calls to the CPU."""
    global _default
    if context is not None and not isinstance(context, Context):
        raise InvalidArgumentError("context must be a gg.Context or None, not %s" % type(context).__name__)
    with _default_lock:
        previous, _default = _default, context
    return previous


def resolve(context):
    """The given context, or the default one."""
    if context is None:
        return default_context()
    if not isinstance(context, Context):
        raise InvalidArgumentError("context must be a gg.Context, not %s" % type(context).__name__)
    return context


__all__ = ["Context", "default_context", "set_default_context", "Error"]
