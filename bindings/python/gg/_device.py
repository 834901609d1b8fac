"""Arrays in GPU memory: CuPy and PyTorch tensors in and out.

Results: Graph's algorithms take output="cupy" or output="torch" to get
their arrays as device arrays on the context's first GPU. gg then runs with
gg_run_options.device_arrays = 1 and writes them in place: an unpartitioned
CUDA run copies its results device to device, never through the host; other
runs (the CPU backend, partitioned runs) copy once from the host, inside
the library (gg.h).

Inputs: arrays handed to the graph builders and to spmv may be device
arrays (__cuda_array_interface__ or a CUDA __dlpack__). A graph lives in host
memory (the CPU backend and every layout are built from it), so a device
array handed to a builder is copied to the host once, by its own library.
SpMV's x stays on the device when the output is a device array too.

The array libraries are imported only when asked for, so neither is a
dependency of the package.
"""

import ctypes

import numpy as np

from .errors import InvalidArgumentError, UnsupportedError

OUTPUTS = ("numpy", "cupy", "torch")

# DLPack device types (dlpack.h, DLDeviceType).
_DL_CPU, _DL_CUDA, _DL_CUDA_MANAGED = 1, 2, 13


def _dlpack_device(values):
    method = getattr(values, "__dlpack_device__", None)
    if method is None:
        return None
    try:
        return int(method()[0])
    except Exception:  # a malformed protocol object: treat it as not DLPack
        return None


def is_device_array(values):
    """True for an array in GPU memory (CUDA array interface, or DLPack on a CUDA device)."""
    if isinstance(values, np.ndarray):
        return False
    return hasattr(values, "__cuda_array_interface__") or _dlpack_device(values) in (_DL_CUDA, _DL_CUDA_MANAGED)


def _library_of(values):
    return type(values).__module__.split(".")[0]


def to_host(values, what):
    """`values` as something numpy reads: device arrays are copied to the host by their own library,
    host DLPack objects are wrapped without a copy, anything else is left to np.asarray."""
    if isinstance(values, np.ndarray) or values is None:
        return values
    if is_device_array(values):
        library = _library_of(values)
        if library == "cupy":
            return values.get()
        if library == "torch":
            return values.detach().cpu().numpy()
        raise InvalidArgumentError(
            "%s is a device array of %s; gg copies CuPy and PyTorch device arrays to the host, or pass a "
            "numpy array" % (what, type(values).__name__))
    if not hasattr(values, "__array_interface__") and not hasattr(values, "__array__") and \
            _dlpack_device(values) == _DL_CPU:
        return np.from_dlpack(values)  # zero-copy view of a host DLPack tensor
    return values


def check_output(output):
    if output not in OUTPUTS:
        raise InvalidArgumentError("output is %r; expected one of %s" % (output, ", ".join(OUTPUTS)))
    return output


def _torch_dtype(torch, dtype):
    name = np.dtype(dtype).name
    found = getattr(torch, name, None)
    if found is None:
        raise UnsupportedError("output='torch' needs torch.%s, which PyTorch %s lacks (2.3 has it); use "
                               "output='cupy' or 'numpy'" % (name, torch.__version__))
    return found


def empty(output, shape, dtype, device_id):
    """An uninitialised device array of `output`'s library on CUDA device `device_id`."""
    if output == "cupy":
        try:
            import cupy
        except ImportError:
            raise UnsupportedError("output='cupy' needs CuPy, which is not installed") from None
        with cupy.cuda.Device(device_id):
            return cupy.empty(shape, dtype=dtype)
    try:
        import torch
    except ImportError:
        raise UnsupportedError("output='torch' needs PyTorch, which is not installed") from None
    return torch.empty(shape, dtype=_torch_dtype(torch, dtype), device="cuda:%d" % device_id)


def as_device(values, output, dtype, length, device_id, what):
    """`values` as a contiguous 1-D device array of `dtype` in `output`'s library (copied only when needed)."""
    host = None
    if not is_device_array(values) or _library_of(values) != output:
        host = np.ascontiguousarray(to_host(values, what), dtype=dtype)
    if output == "cupy":
        import cupy
        with cupy.cuda.Device(device_id):
            array = cupy.ascontiguousarray(cupy.asarray(host if host is not None else values, dtype=dtype))
    else:
        import torch
        source = torch.from_numpy(host) if host is not None else values
        array = source.to(device="cuda:%d" % device_id, dtype=_torch_dtype(torch, dtype)).contiguous()
    if array.ndim != 1 or array.shape[0] != length:
        raise InvalidArgumentError("%s has shape %s; %d entries are needed" % (what, tuple(array.shape), length))
    return array


def address(array):
    """The device address of a CuPy array or PyTorch tensor."""
    interface = getattr(array, "__cuda_array_interface__", None)
    if interface is not None:
        return interface["data"][0]
    return array.data_ptr()


def pointer(array, ctype_pointer):
    return ctypes.cast(ctypes.c_void_p(address(array)), ctype_pointer)
