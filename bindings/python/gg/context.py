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
import numbers
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


def _mpi_value(mpi):
    """(gg_mpi_mode, mpi_comm) for the Context's mpi argument."""
    if mpi is None:
        return _abi.MPI_NONE, 0
    if isinstance(mpi, str):
        if mpi.lower() == "world":
            return _abi.MPI_WORLD, 0
        if mpi.lower() == "none":
            return _abi.MPI_NONE, 0
        raise InvalidArgumentError('mpi is %r; expected None, "world", an mpi4py communicator or its Fortran handle'
                                   % (mpi,))
    if isinstance(mpi, numbers.Integral) and not isinstance(mpi, bool):
        # The communicator's Fortran handle (MPI_Comm_c2f; mpi4py: comm.py2f()).
        return _abi.MPI_COMM, checked_int(mpi, "mpi (a communicator's Fortran handle)", -(2**63), 2**63 - 1)
    py2f = getattr(mpi, "py2f", None)
    if callable(py2f):  # an mpi4py MPI.Comm (Intracomm)
        return _abi.MPI_COMM, checked_int(py2f(), "mpi.py2f()", -(2**63), 2**63 - 1)
    raise InvalidArgumentError('mpi must be None, "world", an mpi4py communicator or its Fortran handle (int), not %s'
                               % type(mpi).__name__)


def _mpi_refusal(mpi, mpi_timeout_s):
    """The MPI options, for the message of a refused gg_context_create."""
    return "" if mpi is None else " mpi=%r mpi_timeout_s=%r" % (mpi, mpi_timeout_s)


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
        mpi: run distributed over MPI processes (docs/distributed.md; since ABI 0.7).
            None (default): this process runs alone. "world": every process of
            MPI_COMM_WORLD (gg calls MPI_Init_thread, and MPI_Finalize at exit, when
            MPI is not initialised yet). A communicator: an mpi4py ``MPI.Comm`` (its
            Fortran handle, ``comm.py2f()``, is passed), or that Fortran handle as an
            int (MPI_Comm_c2f); MPI must then be initialised (importing mpi4py.MPI
            does it). Creating a distributed context is collective over its
            processes; a library built without MPI raises gg.UnsupportedError.
        mpi_timeout_s: the longest wait, in seconds, for the other processes in a
            collective step before the call raises gg.DistributedError; None or 0
            (default) means 600.

    In a distributed context gg.Graph.from_edges takes this process's share of
    the edges (the graph is their union; every process passes the same
    num_vertices), gg.load reads this process's share of a .ggb file (or its
    byte range of a text file's lines) and gg.generate generates this process's range of edges. Such a graph answers
    n, m, directed and weighted; a plan over it (Graph.partition_plan, collective,
    any replication_depth; "auto" builds 1) spreads its parts over the processes (part p on process
    p mod num_ranks), and bfs, sssp, sswp, cc, pagerank, bc and spmv over that plan
    are collective: every process makes the same calls in the same order and
    receives the whole answer (n entries). Runs without the plan raise
    gg.InvalidArgumentError; reading the graph's arrays (to_csr, out_degrees, ...)
    raises gg.UnsupportedError; apsp, matching and programs refuse it.

    Use it as a context manager, or call close(); a finalizer releases it otherwise.
    """

    _kind = "gg.Context"

    def __init__(self, backend="auto", device_id=None, num_threads=None, log=None, log_level="warn", devices=None,
                 mpi=None, mpi_timeout_s=None):
        options = _abi.initialized(_abi.gg_context_options, "gg_context_options_init")
        options.mpi, options.mpi_comm = _mpi_value(mpi)
        if mpi_timeout_s is not None:
            if isinstance(mpi_timeout_s, bool) or not isinstance(mpi_timeout_s, numbers.Real) or \
                    not mpi_timeout_s >= 0:
                raise InvalidArgumentError("mpi_timeout_s is %r; it must be a number of seconds >= 0"
                                           % (mpi_timeout_s,))
            options.mpi_timeout_s = float(mpi_timeout_s)
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
        if log is not None and not callable(log):
            raise InvalidArgumentError("log must be callable(level, message)")
        refusals = []  # a distributed context's refusal, which the library can only log
        if options.mpi != _abi.MPI_NONE:
            # Why MPI failed (a build without it, a bad communicator, a process that did
            # not answer) is worth more than the options: catch the library's error line.
            user_log = log

            def log(level, message):
                if creating and level == "error":
                    refusals.append(message)
                if user_log is not None:
                    user_log(level, message)

            if user_log is None:
                options.log_level = _abi.LOG_LEVELS["error"]
        if log is not None:
            trampoline = _make_log_trampoline(log)
            options.log_fn = trampoline
        handle = _abi.ctx_p()
        creating = True
        status = lib.gg_context_create(ctypes.byref(options), ctypes.byref(handle))
        creating = False
        if status != _abi.GG_OK:
            if refusals:
                raise error_for(status, refusals[-1])
            # No context exists yet to hold a message, so the binding names the options.
            raise error_for(
                status,
                "gg_context_create refused backend=%r device_id=%r num_threads=%r log_level=%r devices=%r%s"
                % (backend, device_id, num_threads, log_level, devices, _mpi_refusal(mpi, mpi_timeout_s)),
            )
        self._handle = handle
        self._distributed = options.mpi != _abi.MPI_NONE
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
        if self._distributed:
            return "<gg.Context num_threads=%d rank %d of %d>" % (self.num_threads, self.rank, self.num_ranks)
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
    def distributed(self):
        """True when the context runs distributed over MPI processes (made with mpi=...). Since ABI 0.7."""
        return self._distributed

    @property
    def rank(self):
        """This process's rank in a distributed context, from 0; 0 in one that is not distributed. Since ABI 0.7."""
        return int(lib.gg_context_rank(self._live_handle()))

    @property
    def num_ranks(self):
        """The number of processes of a distributed context; 1 in one that is not distributed. Since ABI 0.7."""
        return int(lib.gg_context_num_ranks(self._live_handle()))

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
