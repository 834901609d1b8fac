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
	"time"
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

// MPIMode says whether a context runs distributed over MPI processes
// (gg_mpi_mode, docs/distributed.md). Since ABI 0.7.
//
// In a distributed context FromEdges takes each process's share of the edges
// (the graph is their union; numVertices must agree on every process), Load
// reads each process's share of a .ggb file, or its byte range of a text
// file's lines, and Generate generates each process's range of edges.
// Such a graph is distributed: NumVertices, NumEdges, Directed and Weighted
// work, other queries fail with StatusUnsupported. Graph.PartitionPlan over it
// is collective (any replication depth; auto builds 1) and spreads the parts over the
// processes (part p on process p mod the process count); BFS, SSSP, SSWP, CC,
// PageRank, BC and SpMV over that plan are collective, and every process
// receives the whole answer (n entries). A run without the plan fails with
// StatusInvalidArgument; APSP, Matching and programs refuse distributed graphs.
// Every process makes the same calls in the same order.
type MPIMode int32

const (
	// MPINone: this process runs alone (default).
	MPINone MPIMode = C.GG_MPI_NONE
	// MPIWorld: every process of MPI_COMM_WORLD; gg calls MPI_Init_thread (and
	// MPI_Finalize at exit) when the program has not initialised MPI.
	MPIWorld MPIMode = C.GG_MPI_WORLD
	// MPIComm: the processes of the caller's communicator, ContextOptions.MPIComm;
	// MPI must be initialised.
	MPIComm MPIMode = C.GG_MPI_COMM
)

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
	// MPI runs the context distributed over MPI processes (see MPIMode); creating
	// a distributed context is collective over its processes, and a library built
	// without MPI fails with StatusUnsupported. Since ABI 0.7.
	MPI MPIMode
	// MPIComm is the communicator of MPIComm mode as its Fortran handle, which
	// every language can pass (from C, MPI_Comm_c2f(comm)); gg talks on a
	// duplicate of it. Ignored otherwise.
	MPIComm int64
	// MPITimeout is the longest wait for the other processes in a collective step
	// before the call fails with StatusDistributed; 0 (default) means 600 s.
	MPITimeout time.Duration
}

// Context holds the backend choice, threads, and the message of the last
// failure. The C library stores that message on the context, not per OS
// thread, so a goroutine moving between threads still reads it correctly; and
// because goroutines sharing a context could otherwise read each other's
// message, every call holds the context's mutex from the C call until its
// message is copied. Calls on one Context therefore run one at a time.
type Context struct {
	mu          sync.Mutex
	raw         *C.gg_context
	log         cgo.Handle // 0 when no log function
	distributed bool       // made with an MPI mode
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
	raw.mpi = C.gg_mpi_mode(o.MPI)
	raw.mpi_comm = C.int64_t(o.MPIComm)
	raw.mpi_timeout_s = C.double(o.MPITimeout.Seconds())
	ctx := &Context{distributed: o.MPI != MPINone}
	log, level := o.Log, o.LogLevel
	// A distributed context's refusal (no MPI in this build, a bad communicator,
	// a process that did not answer) is said only to the log function: catch it.
	var refusal struct {
		sync.Mutex
		creating bool
		message  string
	}
	if o.MPI != MPINone {
		if log == nil {
			level = LogError
		}
		user := log
		refusal.creating = true
		log = func(l LogLevel, message string) {
			refusal.Lock()
			if refusal.creating && l == LogError {
				refusal.message = message
			}
			refusal.Unlock()
			if user != nil {
				user(l, message)
			}
		}
	}
	if log != nil {
		ctx.log = cgo.NewHandle(log)
		C.ggGoSetLog(&raw, C.uintptr_t(ctx.log))
		raw.log_level = C.gg_log_level(level)
	}
	var handle *C.gg_context
	status := C.gg_context_create(&raw, &handle)
	ctx.raw = handle
	refusal.Lock()
	refusal.creating = false
	refused := refusal.message
	refusal.Unlock()
	if status != C.GG_OK {
		if ctx.log != 0 {
			ctx.log.Delete()
		}
		if refused != "" {
			return nil, &Error{Status: Status(status), Message: refused}
		}
		// No context exists to hold a message, so the package writes one.
		return nil, &Error{Status: Status(status), Message: fmt.Sprintf(
			"gg_context_create refused backend %v, device %d, devices %v (all: %v), %d threads, log level %v, mpi %d",
			o.Backend, o.DeviceID, o.Devices, o.AllDevices, o.NumThreads, o.LogLevel, o.MPI)}
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
	return c.count(func(raw *C.gg_context) C.int32_t { return C.gg_context_num_threads(raw) })
}

// Rank is this process's rank in a distributed context (ContextOptions.MPI),
// from 0; 0 in a context that is not distributed. Since ABI 0.7.
func (c *Context) Rank() int {
	return c.count(func(raw *C.gg_context) C.int32_t { return C.gg_context_rank(raw) })
}

// NumRanks is the number of processes of a distributed context; 1 in a
// context that is not distributed. Since ABI 0.7.
func (c *Context) NumRanks() int {
	return c.count(func(raw *C.gg_context) C.int32_t { return C.gg_context_num_ranks(raw) })
}

// count reads one of the context's counts under its lock.
func (c *Context) count(read func(raw *C.gg_context) C.int32_t) int {
	n := 0
	_ = c.call(func(raw *C.gg_context) C.gg_status {
		n = int(read(raw))
		return C.GG_OK
	})
	return n
}

// Distributed reports whether the context was made with an MPI mode
// (ContextOptions.MPI). Since ABI 0.7.
func (c *Context) Distributed() bool { return c != nil && c.distributed }

// Exit ends the program with the given status through the C library's exit,
// so that the handlers registered with atexit run: among them the
// MPI_Finalize that gg registers when an MPIWorld context initialised MPI.
// A Go program ends without running them (returning from main and os.Exit
// both leave at once), and mpirun then reports the job as ended improperly;
// a program with such a context ends with gg.Exit(0) instead (after closing
// what it must, since deferred calls do not run). Since ABI 0.7.
func Exit(code int) {
	C.exit(C.int(code))
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
