package gg

/*
#include <stdint.h>
#include <stdlib.h>
#include <gg.h>
void ggGoSetLog(gg_context_options *options, uintptr_t handle);
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"runtime/cgo"
	"strings"
	"sync"
	"unsafe"
)

// Backend says where algorithms run.
type Backend int32

const (
	BackendAuto Backend = C.GG_BACKEND_AUTO // the GPU when one is usable, else the CPU
	BackendCPU  Backend = C.GG_BACKEND_CPU  // the OpenMP CPU backend (the reference)
	BackendCUDA Backend = C.GG_BACKEND_CUDA // an NVIDIA GPU; runs fail with StatusUnsupported without one
)

// String is the library's name of the backend (gg_backend_name): "auto",
// "cpu" or "cuda".
func (b Backend) String() string {
	if name := C.gg_backend_name(C.gg_backend(b)); name != nil {
		return C.GoString(name)
	}
	return fmt.Sprintf("Backend(%d)", int32(b))
}

// ParseBackend is the backend the library's name gives (gg_backend_from_name),
// ignoring case.
func ParseBackend(name string) (Backend, error) {
	var b C.gg_backend
	ok := !strings.ContainsRune(name, 0) // C would read only up to the NUL
	if ok {
		text := C.CString(strings.ToLower(name))
		defer C.free(unsafe.Pointer(text))
		ok = C.gg_backend_from_name(text, &b) == C.GG_OK
	}
	if !ok {
		var known []string
		for c := Backend(0); C.gg_backend_name(C.gg_backend(c)) != nil; c++ {
			known = append(known, c.String())
		}
		return BackendAuto, invalid("unknown backend %q; expected one of %s", name, strings.Join(known, ", "))
	}
	return Backend(b), nil
}

// ContextOptions configures NewContext; the zero value (or nil) means the defaults.
type ContextOptions struct {
	Backend    Backend // default BackendAuto
	DeviceID   int     // CUDA device; 0 (default) is device 0
	NumThreads int     // CPU threads; 0 (default) uses every core OpenMP sees
	// Devices lists the CUDA devices of the context in order (distinct ids >= 0;
	// the first serves single-GPU runs); empty (default) means [DeviceID].
	Devices []int
	// AllDevices selects every CUDA device visible when the context is created.
	AllDevices bool
	// Log, when set, receives the library's messages of LogLevel and above.
	// It must not call gg with the same Context (that would deadlock).
	Log      func(level LogLevel, message string)
	LogLevel LogLevel // least severe level passed to Log; the zero value passes everything
}

// Context holds the backend choice, threads, and the message of the last
// failure. The C library stores that message on the context, not per OS
// thread, so a goroutine moving between threads still reads it correctly; and
// because goroutines sharing a context could otherwise read each other's
// message, every call holds the context's mutex from the C call until its
// message is copied. Calls on one Context therefore run one at a time.
type Context struct {
	mu  sync.Mutex
	raw *C.gg_context
	log cgo.Handle // 0 when no log function
}

// NewContext creates a context; opts may be nil.
func NewContext(opts *ContextOptions) (*Context, error) {
	if err := checkVersion(); err != nil {
		return nil, err
	}
	var o ContextOptions
	if opts != nil {
		o = *opts
	}
	var raw C.gg_context_options
	C.gg_context_options_init(&raw)
	raw.backend = C.gg_backend(o.Backend)
	if o.DeviceID != 0 {
		raw.device_id = C.int32_t(o.DeviceID)
	}
	raw.num_threads = C.int32_t(o.NumThreads)
	if o.AllDevices {
		raw.all_devices = 1
	}
	if len(o.Devices) > 0 {
		// C memory: cgo forbids passing C a struct that holds a Go pointer.
		list := (*C.int32_t)(C.malloc(C.size_t(len(o.Devices)) * C.size_t(unsafe.Sizeof(C.int32_t(0)))))
		defer C.free(unsafe.Pointer(list))
		entries := unsafe.Slice(list, len(o.Devices))
		for i, d := range o.Devices {
			if d < math.MinInt32 || d > math.MaxInt32 {
				return nil, invalid(fmt.Sprintf("Devices[%d] = %d does not fit in an int32", i, d))
			}
			entries[i] = C.int32_t(d)
		}
		raw.devices = list
		raw.num_devices = C.uint32_t(len(o.Devices))
	}
	ctx := &Context{}
	if o.Log != nil {
		ctx.log = cgo.NewHandle(o.Log)
		C.ggGoSetLog(&raw, C.uintptr_t(ctx.log))
		raw.log_level = C.gg_log_level(o.LogLevel)
	}
	var handle *C.gg_context
	status := C.gg_context_create(&raw, &handle)
	ctx.raw = handle
	if status != C.GG_OK {
		if ctx.log != 0 {
			ctx.log.Delete()
		}
		// No context exists to hold a message, so the package writes one.
		return nil, &Error{Status: Status(status), Message: fmt.Sprintf(
			"gg_context_create refused backend %v, device %d, devices %v (all: %v), %d threads, log level %v",
			o.Backend, o.DeviceID, o.Devices, o.AllDevices, o.NumThreads, o.LogLevel)}
	}
	runtime.SetFinalizer(ctx, (*Context).Close)
	return ctx, nil
}

// Devices is the list of CUDA device ids of the context, in order (the first
// serves single-GPU runs).
func (c *Context) Devices() ([]int, error) {
	var count C.uint32_t
	if err := c.call(func(raw *C.gg_context) C.gg_status {
		return C.gg_context_get_devices(raw, nil, 0, &count)
	}); err != nil {
		return nil, err
	}
	ids := make([]C.int32_t, count+1) // +1: never a zero-length slice to take the address of
	if err := c.call(func(raw *C.gg_context) C.gg_status {
		return C.gg_context_get_devices(raw, &ids[0], count, &count)
	}); err != nil {
		return nil, err
	}
	out := make([]int, count)
	for i := range out {
		out[i] = int(ids[i])
	}
	return out, nil
}

// Close destroys the context. Graphs made with it stay valid. Closing twice is harmless.
func (c *Context) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.raw != nil {
		C.gg_context_destroy(c.raw)
		c.raw = nil
		if c.log != 0 {
			c.log.Delete()
			c.log = 0
		}
		runtime.SetFinalizer(c, nil)
	}
	return nil
}

// call runs fn with the live C context under the mutex and turns a failure
// into an *Error carrying the message of this very call.
func (c *Context) call(fn func(raw *C.gg_context) C.gg_status) error {
	if c == nil {
		return invalid("nil *gg.Context")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.raw == nil {
		return invalid("the gg.Context has been closed")
	}
	status := fn(c.raw)
	if status == C.GG_OK {
		return nil
	}
	return &Error{Status: Status(status), Message: lastError(c.raw)}
}

func lastError(raw *C.gg_context) string {
	size := C.gg_context_copy_last_error(raw, nil, 0)
	buffer := (*C.char)(C.malloc(size + 1))
	defer C.free(unsafe.Pointer(buffer))
	C.gg_context_copy_last_error(raw, buffer, size+1)
	return C.GoString(buffer)
}

// NumThreads is the number of CPU threads the CPU backend uses.
func (c *Context) NumThreads() int {
	n := 0
	_ = c.call(func(raw *C.gg_context) C.gg_status {
		n = int(C.gg_context_num_threads(raw))
		return C.GG_OK
	})
	return n
}

// CUDAAvailable reports whether a GPU is usable, and if not, why.
func (c *Context) CUDAAvailable() (bool, string) {
	const capacity = 512
	buffer := (*C.char)(C.malloc(capacity))
	defer C.free(unsafe.Pointer(buffer))
	usable := false
	err := c.call(func(raw *C.gg_context) C.gg_status {
		usable = C.gg_context_cuda_available(raw, buffer, capacity) != 0
		return C.GG_OK
	})
	if err != nil {
		return false, err.Error()
	}
	return usable, C.GoString(buffer)
}
