package gg

/*
#include <stdlib.h>
#include <gg.h>
*/
import "C"

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Duplicates says what happens to edges given more than once; the zero value keeps the minimum weight.
type Duplicates int32

const (
	DuplicatesKeepMin   Duplicates = C.GG_DUPLICATES_KEEP_MIN
	DuplicatesKeepMax   Duplicates = C.GG_DUPLICATES_KEEP_MAX
	DuplicatesSum       Duplicates = C.GG_DUPLICATES_SUM
	DuplicatesKeepFirst Duplicates = C.GG_DUPLICATES_KEEP_FIRST
	DuplicatesKeepAll   Duplicates = C.GG_DUPLICATES_KEEP_ALL // a multigraph
)

// Format is a graph file format; the zero value detects it from the extension.
type Format int32

const (
	FormatAuto     Format = C.GG_FORMAT_AUTO
	FormatMTX      Format = C.GG_FORMAT_MTX      // Matrix Market coordinate (.mtx), 1-based
	FormatEdgeList Format = C.GG_FORMAT_EDGELIST // SNAP edge list (.el, .txt), 0-based "u v"
	FormatWEL      Format = C.GG_FORMAT_WEL      // weighted edge list (.wel), 0-based "u v w"
	FormatDIMACS   Format = C.GG_FORMAT_DIMACS   // DIMACS shortest path (.gr), 1-based
	FormatGGB      Format = C.GG_FORMAT_GGB      // gg binary (.ggb)
)

// GraphOptions configures building and loading; the zero value (or nil) means the defaults.
type GraphOptions struct {
	Undirected    bool       // store every edge in both directions
	Duplicates    Duplicates // default DuplicatesKeepMin
	DropSelfLoops bool       // drop edges u -> u
	MaxEdges      uint64     // refuse larger inputs; 0 means the default 2^36
	// MaxVertices (Load only, since ABI 0.3) refuses a file (.mtx, .el, .wel,
	// .gr; not .ggb) whose vertex count (declared, or its largest id + 1) is
	// above it, with StatusTooLarge. 0 means the default, max(2^24, 64 x the
	// file's edges); raise it for graphs of mostly isolated vertices
	// (math.MaxUint64: any).
	MaxVertices uint64
	Format      Format // Load only; default FormatAuto
}

func (o *GraphOptions) raw() C.gg_graph_options {
	var raw C.gg_graph_options
	C.gg_graph_options_init(&raw)
	if o != nil {
		if o.Undirected {
			raw.undirected = 1
		}
		raw.duplicates = C.gg_duplicate_policy(o.Duplicates)
		if o.DropSelfLoops {
			raw.drop_self_loops = 1
		}
		raw.max_edges = C.uint64_t(o.MaxEdges)
		raw.max_vertices = C.uint64_t(o.MaxVertices)
	}
	return raw
}

// Graph is an immutable graph owned by the C library. It is safe for
// concurrent use by several goroutines; Close waits for runs in progress.
//
// A graph made in a distributed context (ABI 0.7, see MPIMode) is distributed:
// each process holds a share of its edges. NumVertices, NumEdges, Directed and
// Weighted answer for the whole graph; runs need a plan from PartitionPlan
// (collective); CSR, CSC, degrees, Save, Partition, Shard, APSP, Matching and
// programs fail with StatusUnsupported.
type Graph struct {
	mu  sync.RWMutex
	raw *C.gg_graph
	ctx *Context // the context it was made with, used when a call passes nil
	// The library needs a graph to outlive its partition plans: Close only
	// marks a graph with open plans closed, and its last plan's Close frees it.
	plans  atomic.Int32
	closed bool
}

func newGraph(ctx *Context, fn func(raw *C.gg_context, out **C.gg_graph) C.gg_status) (*Graph, error) {
	var handle *C.gg_graph
	if err := ctx.call(func(raw *C.gg_context) C.gg_status { return fn(raw, &handle) }); err != nil {
		return nil, err
	}
	g := &Graph{raw: handle, ctx: ctx}
	runtime.SetFinalizer(g, (*Graph).Close)
	return g, nil
}

// Close releases the graph and its cached layouts (once its partition plans
// are closed too). Closing twice is harmless.
func (g *Graph) Close() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.raw != nil && !g.closed {
		g.closed = true
		runtime.SetFinalizer(g, nil)
		g.destroyIfUnused()
	}
	return nil
}

// planClosed is called by a plan of g when it is closed.
func (g *Graph) planClosed() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.plans.Add(-1)
	g.destroyIfUnused()
}

// destroyIfUnused frees a closed graph that no plan needs; g.mu is held.
func (g *Graph) destroyIfUnused() {
	if g.closed && g.raw != nil && g.plans.Load() == 0 {
		C.gg_graph_destroy(g.raw)
		g.raw = nil
	}
}

// with runs fn on the live graph with the given context (nil: the graph's own).
func (g *Graph) with(ctx *Context, fn func(c *C.gg_context, raw *C.gg_graph) C.gg_status) error {
	g.mu.RLock()
	defer g.mu.RUnlock()
	if g.raw == nil || g.closed {
		return invalid("the gg.Graph has been closed")
	}
	if ctx == nil {
		ctx = g.ctx
	}
	return ctx.call(func(c *C.gg_context) C.gg_status { return fn(c, g.raw) })
}

// u32p and friends give C the address of a slice's first element. An empty
// slice gives the address of a dummy element rather than NULL: gg reads and
// writes nothing through it, but rejects NULL outputs even for 0 vertices.
var (
	dummyU32 [1]uint32
	dummyU64 [1]uint64
	dummyF32 [1]float32
	dummyF64 [1]float64
)

func u32p(s []uint32) *C.uint32_t {
	if len(s) == 0 {
		return (*C.uint32_t)(unsafe.Pointer(&dummyU32[0]))
	}
	return (*C.uint32_t)(unsafe.Pointer(&s[0]))
}

func u64p(s []uint64) *C.uint64_t {
	if len(s) == 0 {
		return (*C.uint64_t)(unsafe.Pointer(&dummyU64[0]))
	}
	return (*C.uint64_t)(unsafe.Pointer(&s[0]))
}

func f32p(s []float32) *C.float {
	if len(s) == 0 {
		return (*C.float)(unsafe.Pointer(&dummyF32[0]))
	}
	return (*C.float)(unsafe.Pointer(&s[0]))
}

func f64p(s []float64) *C.double {
	if len(s) == 0 {
		return (*C.double)(unsafe.Pointer(&dummyF64[0]))
	}
	return (*C.double)(unsafe.Pointer(&s[0]))
}

// FromEdges builds a graph of numVertices vertices from edges src[i] -> dst[i],
// with weights[i] when weights is not nil (else every weight is 1).
//
// In a distributed context (ContextOptions.MPI, ABI 0.7) this is collective:
// the slices are this process's share of the edges, the graph is the union of
// every process's share, and numVertices must agree on every process.
func FromEdges(ctx *Context, numVertices uint32, src, dst []uint32, weights []float32, opts *GraphOptions) (*Graph, error) {
	if len(dst) != len(src) {
		return nil, invalid("dst has %d entries; %d are needed", len(dst), len(src))
	}
	if weights != nil && len(weights) != len(src) {
		return nil, invalid("weights has %d entries; %d are needed", len(weights), len(src))
	}
	o := opts.raw()
	var w *C.float
	if weights != nil {
		w = f32p(weights)
	}
	return newGraph(ctx, func(c *C.gg_context, out **C.gg_graph) C.gg_status {
		return C.gg_graph_create(c, C.uint32_t(numVertices), C.uint64_t(len(src)), u32p(src), u32p(dst), w, &o, out)
	})
}

// FromCSR builds a graph from CSR arrays: out-edges of v are indices[offsets[v]:offsets[v+1]].
// A distributed context refuses it (StatusUnsupported): use FromEdges there.
func FromCSR(ctx *Context, offsets []uint64, indices []uint32, weights []float32, opts *GraphOptions) (*Graph, error) {
	if len(offsets) == 0 {
		return nil, invalid("offsets needs n + 1 entries (at least one)")
	}
	if uint64(len(offsets)-1) > 0xFFFFFFFF {
		return nil, invalid("%d vertices do not fit in uint32", len(offsets)-1)
	}
	// The library reads offsets[n] entries of indices and weights.
	last := offsets[len(offsets)-1]
	if uint64(len(indices)) != last {
		return nil, invalid("indices has %d entries; %d are needed", len(indices), last)
	}
	if weights != nil && uint64(len(weights)) != last {
		return nil, invalid("weights has %d entries; %d are needed", len(weights), last)
	}
	o := opts.raw()
	var w *C.float
	if weights != nil {
		w = f32p(weights)
	}
	return newGraph(ctx, func(c *C.gg_context, out **C.gg_graph) C.gg_status {
		return C.gg_graph_create_csr(c, C.uint32_t(len(offsets)-1), u64p(offsets), u32p(indices), w, &o, out)
	})
}

func cString(path string) (*C.char, error) {
	if strings.IndexByte(path, 0) >= 0 {
		return nil, invalid("path %q contains a NUL byte", path)
	}
	return C.CString(path), nil
}

// Load reads a graph file (.mtx, .el/.txt, .wel, .gr, .ggb). A malformed file
// gives an error with StatusParse whose message names the file and line.
//
// In a distributed context (ABI 0.7) this is collective and each process reads
// its share of a .ggb file's edges, or its byte range of a text file's lines.
func Load(ctx *Context, path string, opts *GraphOptions) (*Graph, error) {
	cpath, err := cString(path)
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(cpath))
	o := opts.raw()
	format := FormatAuto
	if opts != nil {
		format = opts.Format
	}
	return newGraph(ctx, func(c *C.gg_context, out **C.gg_graph) C.gg_status {
		return C.gg_graph_load(c, cpath, C.gg_format(format), &o, out)
	})
}

// Save writes the graph; FormatAuto picks the format from the extension.
func (g *Graph) Save(ctx *Context, path string, format Format) error {
	cpath, err := cString(path)
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(cpath))
	return g.with(ctx, func(c *C.gg_context, raw *C.gg_graph) C.gg_status {
		return C.gg_graph_save(c, raw, cpath, C.gg_format(format))
	})
}

// FormatFromPath is the format FormatAuto would pick for path (FormatAuto when unknown).
func FormatFromPath(path string) Format {
	cpath, err := cString(path)
	if err != nil {
		return FormatAuto
	}
	defer C.free(unsafe.Pointer(cpath))
	return Format(C.gg_format_from_path(cpath))
}

// Generator kinds.
type GeneratorKind int32

const (
	GeneratorKron  GeneratorKind = C.GG_GENERATOR_KRON
	GeneratorURand GeneratorKind = C.GG_GENERATOR_URAND
	GeneratorGrid  GeneratorKind = C.GG_GENERATOR_GRID
)

// GeneratorOptions describes a generated graph. Start from Kron, URand or
// Grid, which fill in the library's defaults, then adjust fields.
type GeneratorOptions struct {
	Kind       GeneratorKind
	Scale      uint32 // kron, urand: 2^Scale vertices
	Degree     uint32 // kron, urand: Degree * 2^Scale edges
	Rows, Cols uint32 // grid
	Seed       uint64 // the same seed gives the same graph everywhere
	Weighted   bool   // uniform integer weights in [WeightMin, WeightMax]
	WeightMin  uint32
	WeightMax  uint32
	Symmetrize bool // store every edge in both directions
	RMatA      float64
	RMatB      float64
	RMatC      float64
}

func generatorDefaults(kind GeneratorKind) GeneratorOptions {
	var raw C.gg_generator_options
	C.gg_generator_options_init(&raw)
	return GeneratorOptions{
		Kind: kind, Scale: uint32(raw.scale), Degree: uint32(raw.degree), Rows: uint32(raw.rows),
		Cols: uint32(raw.cols), Seed: uint64(raw.seed), Weighted: raw.weighted != 0,
		WeightMin: uint32(raw.weight_min), WeightMax: uint32(raw.weight_max), Symmetrize: raw.symmetrize != 0,
		RMatA: float64(raw.rmat_a), RMatB: float64(raw.rmat_b), RMatC: float64(raw.rmat_c),
	}
}

// Kron is a Kronecker / R-MAT graph of 2^scale vertices and degree * 2^scale edges.
func Kron(scale, degree uint32) GeneratorOptions {
	o := generatorDefaults(GeneratorKron)
	o.Scale, o.Degree = scale, degree
	return o
}

// URand is a uniform random graph of 2^scale vertices and degree * 2^scale edges.
func URand(scale, degree uint32) GeneratorOptions {
	o := generatorDefaults(GeneratorURand)
	o.Scale, o.Degree = scale, degree
	return o
}

// Grid is a rows x cols 4-neighbour grid.
func Grid(rows, cols uint32) GeneratorOptions {
	o := generatorDefaults(GeneratorGrid)
	o.Rows, o.Cols = rows, cols
	return o
}

// Generate builds a generated graph. In a distributed context (ABI 0.7) this
// is collective: each process generates its range of the same graph's edges.
func Generate(ctx *Context, opts GeneratorOptions) (*Graph, error) {
	var raw C.gg_generator_options
	C.gg_generator_options_init(&raw)
	raw.kind = C.gg_generator(opts.Kind)
	raw.scale, raw.degree = C.uint32_t(opts.Scale), C.uint32_t(opts.Degree)
	raw.rows, raw.cols = C.uint32_t(opts.Rows), C.uint32_t(opts.Cols)
	raw.seed = C.uint64_t(opts.Seed)
	raw.weighted, raw.symmetrize = 0, 0
	if opts.Weighted {
		raw.weighted = 1
	}
	if opts.Symmetrize {
		raw.symmetrize = 1
	}
	raw.weight_min, raw.weight_max = C.uint32_t(opts.WeightMin), C.uint32_t(opts.WeightMax)
	raw.rmat_a, raw.rmat_b, raw.rmat_c = C.double(opts.RMatA), C.double(opts.RMatB), C.double(opts.RMatC)
	return newGraph(ctx, func(c *C.gg_context, out **C.gg_graph) C.gg_status {
		return C.gg_graph_generate(c, &raw, out)
	})
}

func (g *Graph) query(fn func(raw *C.gg_graph)) {
	g.mu.RLock()
	defer g.mu.RUnlock()
	if g.closed {
		fn(nil)
		return
	}
	fn(g.raw) // the C queries accept NULL (a closed graph) and return 0
}

// NumVertices is n (0 once closed).
func (g *Graph) NumVertices() uint32 {
	var n uint32
	g.query(func(raw *C.gg_graph) { n = uint32(C.gg_graph_num_vertices(raw)) })
	return n
}

// NumEdges is the number of stored directed edges (an undirected edge counts twice, a self-loop once).
func (g *Graph) NumEdges() uint64 {
	var m uint64
	g.query(func(raw *C.gg_graph) { m = uint64(C.gg_graph_num_edges(raw)) })
	return m
}

// Directed is false when the graph was built undirected.
func (g *Graph) Directed() bool {
	undirected := false
	g.query(func(raw *C.gg_graph) { undirected = C.gg_graph_is_undirected(raw) != 0 })
	return !undirected
}

// Weighted is true when the graph carries weights from its input.
func (g *Graph) Weighted() bool {
	weighted := false
	g.query(func(raw *C.gg_graph) { weighted = C.gg_graph_is_weighted(raw) != 0 })
	return weighted
}

func (g *Graph) String() string {
	return fmt.Sprintf("gg.Graph{n: %d, m: %d, directed: %v, weighted: %v}", g.NumVertices(), g.NumEdges(),
		g.Directed(), g.Weighted())
}

// ReleaseDeviceMemory frees the device layouts cached for the graph (every
// GPU) and ctx's engine states for it, and returns the bytes dropped. Later
// runs rebuild what they need.
func (g *Graph) ReleaseDeviceMemory(ctx *Context) (uint64, error) {
	var released C.uint64_t
	err := g.with(ctx, func(c *C.gg_context, raw *C.gg_graph) C.gg_status {
		return C.gg_graph_release_device_memory(c, raw, &released)
	})
	return uint64(released), err
}

// OutDegrees returns the out-degree of every vertex.
func (g *Graph) OutDegrees(ctx *Context) ([]uint32, error) {
	out := make([]uint32, g.NumVertices())
	err := g.with(ctx, func(c *C.gg_context, raw *C.gg_graph) C.gg_status {
		return C.gg_graph_out_degrees(c, raw, u32p(out))
	})
	return out, err
}

// InDegrees returns the in-degree of every vertex.
func (g *Graph) InDegrees(ctx *Context) ([]uint32, error) {
	out := make([]uint32, g.NumVertices())
	err := g.with(ctx, func(c *C.gg_context, raw *C.gg_graph) C.gg_status {
		return C.gg_graph_in_degrees(c, raw, u32p(out))
	})
	return out, err
}

// CSR holds compressed rows (or columns): the neighbours of v are
// Indices[Offsets[v]:Offsets[v+1]], with their Weights alongside.
type CSR struct {
	Offsets []uint64
	Indices []uint32
	Weights []float32
}

func (g *Graph) copyCSR(ctx *Context, csc bool) (*CSR, error) {
	var out *CSR
	err := g.with(ctx, func(c *C.gg_context, raw *C.gg_graph) C.gg_status {
		n, m := uint64(C.gg_graph_num_vertices(raw)), uint64(C.gg_graph_num_edges(raw))
		out = &CSR{Offsets: make([]uint64, n+1), Indices: make([]uint32, m), Weights: make([]float32, m)}
		// Each array goes with its length: the library refuses to write past it.
		o, on := u64p(out.Offsets), capacity(len(out.Offsets))
		i, in := u32p(out.Indices), capacity(len(out.Indices))
		w, wn := f32p(out.Weights), capacity(len(out.Weights))
		if csc {
			return C.gg_graph_read_csc(c, raw, o, on, i, in, w, wn)
		}
		return C.gg_graph_read_csr(c, raw, o, on, i, in, w, wn)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CSR copies the out-edges (neighbour lists sorted).
func (g *Graph) CSR(ctx *Context) (*CSR, error) { return g.copyCSR(ctx, false) }

// CSC copies the in-edges: in-edges of v come from Indices[Offsets[v]:Offsets[v+1]].
func (g *Graph) CSC(ctx *Context) (*CSR, error) { return g.copyCSR(ctx, true) }
