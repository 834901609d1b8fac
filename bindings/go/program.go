package gg

/*
#include <stdlib.h>
#include <gg.h>
*/
import "C"

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// Vertex programs (ABI 0.5): the caller's own algorithm, as CUDA C source
// text or a program file, compiled by the library with the host's C compiler
// for the CPU or with NVRTC for the GPU (cached on disk: $GG_CACHE_DIR, else
// $XDG_CACHE_HOME/gg, else ~/.cache/gg) and run over a graph.
// docs/programs.md describes the two models, the superstep and the source
// language. A program is code run with your privileges: never run one from a
// source you do not trust.

// ProgramModel is the programming model of a vertex program.
type ProgramModel int32

const (
	// ModelCuSha: each vertex to compute copies its value into a local copy
	// (gg_init_compute), folds in each in-edge's source value (gg_compute) and
	// keeps the copy when gg_update_condition says so.
	ModelCuSha ProgramModel = C.GG_PROGRAM_CUSHA
	// ModelEMV: Medusa's Edge-Message-Vertex. The out-edges of each active
	// vertex send messages (gg_send), the messages to a vertex are combined,
	// and gg_apply updates it.
	ModelEMV ProgramModel = C.GG_PROGRAM_EMV
)

func (m ProgramModel) String() string {
	switch m {
	case ModelCuSha:
		return "cusha"
	case ModelEMV:
		return "emv"
	}
	return fmt.Sprintf("ProgramModel(%d)", int32(m))
}

// Combiner says how the EMV model combines the messages sent to one vertex.
type Combiner int32

const (
	CombineUser Combiner = C.GG_COMBINE_USER // the source's gg_combine
	CombineSum  Combiner = C.GG_COMBINE_SUM  // sum of a scalar message
	CombineMin  Combiner = C.GG_COMBINE_MIN  // minimum of a scalar message
	CombineMax  Combiner = C.GG_COMBINE_MAX  // maximum of a scalar message
	// CombineUnorderedSum (since 0.9) sums a scalar message in an order the backend chooses: the GPU
	// adds a vertex's messages in parallel, so float sums may differ from CombineSum's in the last bits.
	CombineUnorderedSum Combiner = C.GG_COMBINE_UNORDERED_SUM
)

// ScalarType is the type of a scalar message (built-in combiners).
type ScalarType int32

const (
	ScalarNone   ScalarType = C.GG_SCALAR_NONE // the message is the source's struct (CombineUser)
	ScalarInt32  ScalarType = C.GG_SCALAR_INT32
	ScalarUint32 ScalarType = C.GG_SCALAR_UINT32
	ScalarInt64  ScalarType = C.GG_SCALAR_INT64
	ScalarUint64 ScalarType = C.GG_SCALAR_UINT64
	ScalarFloat  ScalarType = C.GG_SCALAR_FLOAT
	ScalarDouble ScalarType = C.GG_SCALAR_DOUBLE
)

// MaxProgramParams and MaxProgramAggregates are the most parameters and
// aggregates a program may have.
const (
	MaxProgramParams     = C.GG_PROGRAM_MAX_PARAMS
	MaxProgramAggregates = C.GG_PROGRAM_MAX_AGGREGATES
)

// ProgramDesc describes a program to NewProgram; Program.Desc reads it back.
type ProgramDesc struct {
	Model ProgramModel
	// Name names the program in messages and compile logs; "" means "program".
	Name            string
	VertexValueSize uint32 // bytes of a vertex value, 1 to 4096
	// EdgeValueSize is the bytes of an edge value, up to 4096; 0 (default):
	// an edge's value is its float32 weight.
	EdgeValueSize uint32
	// MessageSize (EMV) is the bytes of a message; with a built-in combiner, 0
	// takes the scalar's size.
	MessageSize   uint32
	Combiner      Combiner   // EMV; default CombineUser
	MessageType   ScalarType // EMV with a built-in combiner: the scalar type of a message
	NumAggregates uint32     // sums over the vertices the program keeps, 0 to MaxProgramAggregates
	HasHalt       bool       // the source has a gg_halt function
	Params        []float64  // default parameters, at most MaxProgramParams (the rest are 0)
	Source        string     // the functions as CUDA C source text
	// Output says how the gg tool prints a value: "" or "depth", "label",
	// "float", "double", "uint32", "int32", "uint64", "int64", optionally
	// followed by " @OFFSET"; at most 31 bytes.
	Output string
}

// BuildStats is what preparing a program for a backend cost.
type BuildStats struct {
	Backend   Backend // the backend prepared (never BackendAuto)
	CompileMs float64 // time compiling (0 when the on-disk cache had the result)
	LoadMs    float64 // time loading the compiled code
	CacheHit  bool    // the result came from the on-disk cache or was already loaded
	Compiled  bool    // the source was compiled by this call
}

// ProgramRunOptions configures one program run; nil means every default.
type ProgramRunOptions struct {
	// HasSource gives the run the source vertex Source (gg_program_globals.source);
	// without it the run has none.
	HasSource bool
	Source    uint32
	// MaxIterations caps the supersteps; 0 (default) means n + 1. A run the
	// cap stops succeeds with RunStats.Converged false.
	MaxIterations uint32
	// KeepValues: the values given are the first ones (gg_init is not called)
	// and every vertex is active in superstep 0.
	KeepValues bool
	// Params, when not nil, replace the program's first len(Params)
	// parameters (at most MaxProgramParams) for this run.
	Params []float64
	// Run holds the backend, the layout (on the GPU auto or csr, or for a
	// CuSha-model program gshards or cw) and Stats; nil means the defaults.
	Run *RunOptions
}

// Program is a vertex program owned by the C library. Nothing is compiled
// when it is made: Prepare compiles for a backend, or the first run does. It
// is safe for concurrent use (the library guards the code it compiles);
// Close waits for runs in progress.
type Program struct {
	mu              sync.RWMutex
	raw             *C.gg_program
	ctx             *Context // the context it was made with, used when a call passes nil
	vertexValueSize uint32
}

func newProgram(ctx *Context, fn func(c *C.gg_context, out **C.gg_program) C.gg_status) (*Program, error) {
	var handle *C.gg_program
	if err := ctx.call(func(c *C.gg_context) C.gg_status { return fn(c, &handle) }); err != nil {
		return nil, err
	}
	p := &Program{raw: handle, ctx: ctx}
	runtime.SetFinalizer(p, (*Program).Close)
	var desc C.gg_program_desc
	C.gg_program_desc_init(&desc)
	C.gg_program_get_desc(handle, &desc)
	p.vertexValueSize = uint32(desc.vertex_value_size)
	return p, nil
}

// NewProgram makes a program from a description; the description is checked
// (sizes, model, combiner), the source is not compiled yet.
func NewProgram(ctx *Context, desc *ProgramDesc) (*Program, error) {
	if desc == nil {
		return nil, invalid("nil *gg.ProgramDesc")
	}
	if len(desc.Params) > MaxProgramParams {
		return nil, invalid("Params has %d entries; at most %d", len(desc.Params), MaxProgramParams)
	}
	var raw C.gg_program_desc
	C.gg_program_desc_init(&raw)
	if len(desc.Output) >= len(raw.output) || strings.IndexByte(desc.Output, 0) >= 0 {
		return nil, invalid("Output %q must be at most %d bytes, without NUL", desc.Output, len(raw.output)-1)
	}
	for i := 0; i < len(desc.Output); i++ {
		raw.output[i] = C.char(desc.Output[i])
	}
	for _, text := range []struct{ what, value string }{{"Source", desc.Source}, {"Name", desc.Name}} {
		if strings.IndexByte(text.value, 0) >= 0 {
			return nil, invalid("%s contains a NUL byte", text.what)
		}
	}
	source := C.CString(desc.Source)
	defer C.free(unsafe.Pointer(source))
	raw.source = source
	if desc.Name != "" {
		name := C.CString(desc.Name)
		defer C.free(unsafe.Pointer(name))
		raw.name = name
	}
	raw.model = C.gg_program_model(desc.Model)
	raw.vertex_value_size = C.uint32_t(desc.VertexValueSize)
	raw.edge_value_size = C.uint32_t(desc.EdgeValueSize)
	raw.message_size = C.uint32_t(desc.MessageSize)
	raw.combiner = C.gg_combiner(desc.Combiner)
	raw.message_type = C.gg_scalar_type(desc.MessageType)
	raw.num_aggregates = C.uint32_t(desc.NumAggregates)
	if desc.HasHalt {
		raw.has_halt = 1
	}
	for i, v := range desc.Params {
		raw.params[i] = C.double(v)
	}
	return newProgram(ctx, func(c *C.gg_context, out **C.gg_program) C.gg_status {
		return C.gg_program_create(c, &raw, out)
	})
}

// LoadProgram reads a program file ("//! key: value" lines, then the source;
// docs/programs.md). A malformed file gives StatusParse naming the file and
// line; a missing one StatusIO.
func LoadProgram(ctx *Context, path string) (*Program, error) {
	cpath, err := cString(path)
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(cpath))
	return newProgram(ctx, func(c *C.gg_context, out **C.gg_program) C.gg_status {
		return C.gg_program_load(c, cpath, out)
	})
}

// Close releases the program and the code compiled for it, once the runs in
// progress end. Closing twice is harmless.
func (p *Program) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.raw != nil {
		C.gg_program_destroy(p.raw)
		p.raw = nil
		runtime.SetFinalizer(p, nil)
	}
	return nil
}

// with runs fn on the live program, holding it open.
func (p *Program) with(fn func(raw *C.gg_program) error) error {
	if p == nil {
		return invalid("nil *gg.Program")
	}
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.raw == nil {
		return invalid("the gg.Program has been closed")
	}
	return fn(p.raw)
}

// VertexValueSize is the bytes of one vertex value.
func (p *Program) VertexValueSize() uint32 { return p.vertexValueSize }

// Desc is the program's description as the library holds it.
func (p *Program) Desc() (ProgramDesc, error) {
	var d ProgramDesc
	err := p.with(func(raw *C.gg_program) error {
		var c C.gg_program_desc
		C.gg_program_desc_init(&c)
		if status := C.gg_program_get_desc(raw, &c); status != C.GG_OK {
			return &Error{Status: Status(status), Message: "gg_program_get_desc failed"}
		}
		d = ProgramDesc{
			Model: ProgramModel(c.model), VertexValueSize: uint32(c.vertex_value_size),
			EdgeValueSize: uint32(c.edge_value_size), MessageSize: uint32(c.message_size),
			Combiner: Combiner(c.combiner), MessageType: ScalarType(c.message_type),
			NumAggregates: uint32(c.num_aggregates), HasHalt: c.has_halt != 0,
			Output: C.GoString(&c.output[0]), Params: make([]float64, MaxProgramParams),
		}
		if c.name != nil {
			d.Name = C.GoString(c.name)
		}
		if c.source != nil {
			d.Source = C.GoString(c.source)
		}
		for i := range d.Params {
			d.Params[i] = float64(c.params[i])
		}
		return nil
	})
	return d, err
}

// Prepare compiles and loads the program for a backend now rather than on
// its first run: BackendCPU with the host's C compiler ($GG_CC, else cc),
// BackendCUDA with NVRTC, BackendAuto the context's choice. ctx nil means the
// program's own context. A compile error has StatusParse and carries the
// compiler's log, whose line numbers count from the source's first line.
func (p *Program) Prepare(ctx *Context, backend Backend) (BuildStats, error) {
	var stats C.gg_program_build_stats
	C.gg_program_build_stats_init(&stats)
	err := p.with(func(raw *C.gg_program) error {
		if ctx == nil {
			ctx = p.ctx
		}
		return ctx.call(func(c *C.gg_context) C.gg_status {
			return C.gg_program_prepare(c, raw, C.gg_backend(backend), &stats)
		})
	})
	if err != nil {
		return BuildStats{}, err
	}
	return BuildStats{Backend: Backend(stats.backend), CompileMs: float64(stats.compile_ms),
		LoadMs: float64(stats.load_ms), CacheHit: stats.cache_hit != 0, Compiled: stats.compiled != 0}, nil
}

func (o *ProgramRunOptions) raw() (C.gg_program_run_options, error) {
	var raw C.gg_program_run_options
	C.gg_program_run_options_init(&raw)
	if o == nil {
		return raw, nil
	}
	if o.HasSource {
		raw.source = C.uint32_t(o.Source)
	}
	raw.max_iterations = C.uint32_t(o.MaxIterations)
	if o.KeepValues {
		raw.keep_values = 1
	}
	if o.Params != nil {
		if len(o.Params) > MaxProgramParams {
			return raw, invalid("Params has %d entries; at most %d", len(o.Params), MaxProgramParams)
		}
		for i, v := range o.Params {
			raw.params[i] = C.double(v)
		}
		raw.num_params = C.uint32_t(len(o.Params))
	}
	return raw, nil
}

// run calls gg_run_program on size bytes at values (nil: none, an error
// naming the program's size) and returns the run's statistics.
func (p *Program) run(ctx *Context, g *Graph, values unsafe.Pointer, size uintptr,
	opts *ProgramRunOptions) (RunStats, error) {
	raw, err := opts.raw()
	if err != nil {
		return RunStats{}, err
	}
	var run RunOptions
	if opts != nil && opts.Run != nil {
		run = *opts.Run
	}
	var stats RunStats
	run.Stats = &stats
	err = p.with(func(program *C.gg_program) error {
		return g.run(ctx, &run, func(c *C.gg_context, graph *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
			return C.gg_run_program(c, graph, program, values, C.size_t(size), &raw, o, s)
		})
	})
	if err == nil && opts != nil && opts.Run != nil && opts.Run.Stats != nil {
		*opts.Run.Stats = stats
	}
	return stats, err
}

// valueAlignment is the alignment a C struct of size bytes may need: its
// size is a multiple of its alignment, which gg's types keep at 8 or below.
func valueAlignment(size uint32) uintptr {
	a := uintptr(1)
	for a < 8 && size%uint32(a*2) == 0 {
		a *= 2
	}
	return a
}

// Run runs the program over g to convergence or to its superstep cap, with
// values as raw bytes: n * VertexValueSize() bytes, updated in place and
// returned, or nil for a new zeroed buffer. ctx nil means the graph's own
// context. The returned RunStats says the supersteps run (Iterations) and
// whether the run stopped by itself (Converged). A compile error on first
// use has StatusParse.
func (p *Program) Run(ctx *Context, g *Graph, values []byte, opts *ProgramRunOptions) ([]byte, RunStats, error) {
	if p == nil || g == nil {
		return values, RunStats{}, invalid("nil *gg.Program or *gg.Graph")
	}
	size := p.vertexValueSize
	need := uint64(g.NumVertices()) * uint64(size)
	if values == nil {
		if opts != nil && opts.KeepValues {
			return nil, RunStats{}, invalid("KeepValues keeps the given values, but values is nil")
		}
		// Whole 8-byte words, so that the buffer is aligned for any value.
		words := make([]uint64, (need+7)/8+1)
		values = unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), need)
	}
	if uint64(len(values)) != need {
		return values, RunStats{}, invalid("values has %d bytes; %d are needed (%d vertices of %d bytes)",
			len(values), need, g.NumVertices(), size)
	}
	if len(values) > 0 && uintptr(unsafe.Pointer(&values[0]))%valueAlignment(size) != 0 {
		return values, RunStats{}, invalid("values is not aligned to %d bytes, as a vertex value of %d bytes may need",
			valueAlignment(size), size)
	}
	var dummy uint64 // gg rejects NULL values even for 0 vertices
	pointer := unsafe.Pointer(&dummy)
	if len(values) > 0 {
		pointer = unsafe.Pointer(&values[0])
	}
	stats, err := p.run(ctx, g, pointer, uintptr(len(values)), opts)
	return values, stats, err
}

// plainData reports why t cannot hold a vertex value written by C ("" when
// it can): it must hold no Go pointers (cgo forbids passing them to C, and
// the library writes arbitrary bytes), only numbers, arrays and structs.
func plainData(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint8, reflect.Uint16,
		reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return ""
	case reflect.Array:
		return plainData(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if why := plainData(t.Field(i).Type); why != "" {
				return why
			}
		}
		return ""
	}
	return fmt.Sprintf("it holds a %s", t)
}

// RunProgram runs p over g with values of the caller's type T, which mirrors
// the source's gg_vertex: a struct (or number, or array) of fixed-size
// numbers whose size is p.VertexValueSize(). values (n entries) are updated
// in place and returned; nil gives a new zeroed slice. See Program.Run.
func RunProgram[T any](ctx *Context, g *Graph, p *Program, values []T, opts *ProgramRunOptions) ([]T, RunStats, error) {
	if p == nil || g == nil {
		return values, RunStats{}, invalid("nil *gg.Program or *gg.Graph")
	}
	var zero T
	t := reflect.TypeOf(zero)
	if t == nil {
		return values, RunStats{}, invalid("the value type is an interface; use a struct of numbers")
	}
	if why := plainData(t); why != "" {
		return values, RunStats{}, invalid(
			"%s cannot hold a vertex value: %s (only numbers, arrays and structs of them)", t, why)
	}
	if uint64(t.Size()) != uint64(p.vertexValueSize) {
		return values, RunStats{}, invalid("%s has %d bytes, but the program's VertexValueSize is %d",
			t, t.Size(), p.vertexValueSize)
	}
	n := g.NumVertices()
	if values == nil {
		if opts != nil && opts.KeepValues {
			return nil, RunStats{}, invalid("KeepValues keeps the given values, but values is nil")
		}
		values = make([]T, n)
	}
	if uint64(len(values)) != uint64(n) {
		return values, RunStats{}, invalid("values has %d entries; %d are needed", len(values), n)
	}
	var dummy uint64
	pointer := unsafe.Pointer(&dummy)
	if len(values) > 0 {
		pointer = unsafe.Pointer(&values[0])
	}
	stats, err := p.run(ctx, g, pointer, uintptr(len(values))*t.Size(), opts)
	return values, stats, err
}
