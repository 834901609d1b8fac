"""Checks and conversions between Python/numpy values and the C types of gg.h.

ctypes truncates out-of-range integers silently and the library cannot see
the length of a caller's array, so every id, count and array length is
checked here before it crosses the boundary.
"""

import os

import numpy as np

from . import _abi
from ._device import to_host
from .errors import InvalidArgumentError

UINT32_MAX = 0xFFFFFFFF
UINT64_MAX = 0xFFFFFFFFFFFFFFFF


def enum_value(mapping, value, what):
    """The C value of an enum given by name (case-insensitive) or by its int value."""
    if isinstance(value, str):
        key = value.lower()
        if key in mapping:
            return mapping[key]
    elif isinstance(value, (int, np.integer)) and not isinstance(value, bool) and int(value) in mapping.values():
        return int(value)
    raise InvalidArgumentError("%s is %r; expected one of %s" % (what, value, ", ".join(sorted(mapping))))


def backend_value(backend):
    """The C value of a backend: a library name (gg_backend_name, any case) or its int value."""
    try:
        return _abi.backend_value(backend)
    except ValueError:
        raise InvalidArgumentError("backend is %r; expected one of %s"
                                   % (backend, ", ".join(_abi.backend_names()))) from None


def checked_int(value, what, low, high):
    """value as an int in [low, high], or InvalidArgumentError naming `what`."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidArgumentError("%s must be an integer, not %s" % (what, type(value).__name__))
    value = int(value)
    if value < low or value > high:
        raise InvalidArgumentError("%s is %d; it must lie in [%d, %d]" % (what, value, low, high))
    return value


def vertex(value, what="source"):
    """A vertex id as a uint32; the library itself checks it against the graph's n."""
    return checked_int(value, what, 0, UINT32_MAX)


def id_array(values, what, dtype=np.uint32, limit=UINT32_MAX):
    """A contiguous 1-D array of non-negative integers that fit `dtype` (no copy when `values` is one;
    device arrays are copied to the host)."""
    array = np.asarray(to_host(values, what))
    if array.ndim != 1:
        raise InvalidArgumentError("%s must be one-dimensional, not of shape %s" % (what, array.shape))
    if array.size == 0:
        return np.zeros(0, dtype=dtype)
    if array.dtype.kind not in "iu":
        raise InvalidArgumentError("%s must hold integers, not %s" % (what, array.dtype))
    lowest = array.min()
    if lowest < 0:
        index = int(np.argmin(array))
        raise InvalidArgumentError("%s[%d] = %d is negative" % (what, index, int(lowest)))
    highest = array.max()
    if int(highest) > limit:
        index = int(np.argmax(array))
        raise InvalidArgumentError("%s[%d] = %d does not fit in %s" % (what, index, int(highest), np.dtype(dtype).name))
    return np.ascontiguousarray(array, dtype=dtype)


def value_array(values, what, dtype, length=None):
    """A contiguous 1-D float array of `dtype`, optionally of an exact length (no copy when `values` is one)."""
    array = np.asarray(to_host(values, what))
    if array.ndim != 1:
        raise InvalidArgumentError("%s must be one-dimensional, not of shape %s" % (what, array.shape))
    if array.size and array.dtype.kind not in "iuf":
        raise InvalidArgumentError("%s must hold real numbers, not %s" % (what, array.dtype))
    if length is not None and array.size != length:
        raise InvalidArgumentError("%s has %d entries; %d are needed" % (what, array.size, length))
    return np.ascontiguousarray(array, dtype=dtype)


def pointer(array, ctype_pointer):
    """A ctypes pointer to a numpy array's data (None for a None array)."""
    if array is None:
        return None
    return array.ctypes.data_as(ctype_pointer)


def path_bytes(path):
    """A file path as the bytes the C library expects."""
    try:
        encoded = os.fsencode(path)
    except TypeError:
        raise InvalidArgumentError("path must be a str, bytes or os.PathLike, not %s" % type(path).__name__) from None
    if b"\0" in encoded:
        raise InvalidArgumentError("path %r contains a NUL character" % (path,))
    return encoded
