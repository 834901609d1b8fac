package gg

/*
#include <stdlib.h>
#include <gg.h>
*/
import "C"

import (
	"fmt"
	"math"
	"strings"
	"unsafe"
)

// Layout is a graph layout a run may use; the zero value lets the backend choose.
type Layout int32

const (
	LayoutAuto         Layout = C.GG_LAYOUT_AUTO
	LayoutCSR          Layout = C.GG_LAYOUT_CSR
	LayoutGShards      Layout = C.GG_LAYOUT_GSHARDS
	LayoutCW           Layout = C.GG_LAYOUT_CW
	LayoutVirtualSplit Layout = C.GG_LAYOUT_VIRTUAL_SPLIT
	LayoutUDT          Layout = C.GG_LAYOUT_UDT
	LayoutTOCAB        Layout = C.GG_LAYOUT_TOCAB
)

// String is the library's name of the layout (gg_layout_name): "auto", "csr",
// "gshards", "cw", "vsplit", "udt" or "tocab".
func (l Layout) String() string {
	if name := C.gg_layout_name(C.gg_layout(l)); name != nil {
		return C.GoString(name)
	}
	return fmt.Sprintf("Layout(%d)", int32(l))
}

// deprecatedLayoutNames are spellings this package used before gg 0.2, still
// accepted by ParseLayout so that existing callers keep working.
var deprecatedLayoutNames = map[string]string{"virtual_split": "vsplit"}

// ParseLayout is the layout the library's name gives (gg_layout_from_name),
// ignoring case. "virtual_split" is accepted as a deprecated alias of "vsplit".
func ParseLayout(name string) (Layout, error) {
	key := strings.ToLower(name)
	if alias, ok := deprecatedLayoutNames[key]; ok {
		key = alias
	}
	text := C.CString(key)
	defer C.free(unsafe.Pointer(text))
	var layout C.gg_layout
	if C.gg_layout_from_name(text, &layout) != C.GG_OK {
		var known []string
		for l := Layout(0); C.gg_layout_name(C.gg_layout(l)) != nil; l++ {
			known = append(known, l.String())
		}
		return LayoutAuto, invalid(fmt.Sprintf("unknown layout %q; expected one of %s", name,
			strings.Join(known, ", ")))
	}
	return Layout(layout), nil
}

// Unreachable is the BFS depth of vertices the source cannot reach.
const Unreachable = math.MaxUint32

// Unmatched is the mate Matching gives to vertices left unmatched.
const Unmatched = math.MaxUint32

// RunOptions configures one run; nil means every default. A zero field means
// its default too (so a tolerance or damping of exactly 0 cannot be asked for;
// use a tiny positive value).
type RunOptions struct {
	Backend Backend // default: the context's backend
	// Layout defaults to LayoutAuto. The CPU backend accepts every layout, runs
	// LayoutCSR and reports it in RunStats.Layout, but runs PageRank in
	// LayoutTOCAB's two source blocks when asked or where they pay.
	Layout        Layout
	Tolerance     float64 // PageRank: stop when an iteration's L1 change is below it; default 1e-6
	MaxIterations uint32  // PageRank: iteration cap; default 100
	Damping       float64 // PageRank: damping in (0, 1); default 0.85
	Delta         float32 // SSSP delta-stepping bucket width; default: chosen from the weights
	// Plan, when not nil, runs partitioned over the plan's parts (a plan of the
	// graph run on, made by Graph.PartitionPlan), with the same answers as an
	// unpartitioned run, on either backend (APSP runs unpartitioned). A
	// distributed graph's runs need it (ABI 0.7): they are then collective.
	Plan *PartitionPlan
	// DegreeBound is the degree bound K of LayoutVirtualSplit (a vertex's edges
	// are cut into groups of at most K, one thread each) and LayoutUDT (at least
	// 2: each tree node keeps at most K edges); 0 (default) takes Tigr's
	// defaults, 10 for the split and 1000 for UDT. Other layouts ignore it.
	// Since ABI 0.4.
	DegreeBound uint32
	// Stats, when not nil, receives the run's statistics.
	Stats *RunStats
}

// RunStats is what a run reports about itself.
type RunStats struct {
	Backend        Backend // the backend that ran (never BackendAuto)
	Layout         Layout  // the layout that ran (never LayoutAuto)
	DeviceID       int     // CUDA device used, -1 on the CPU
	NumThreads     int     // CPU threads used, 0 on the GPU
	TotalMs        float64 // wall time of the whole call
	ComputeMs      float64 // the algorithm itself, graph resident
	TransferMs     float64 // host-device copies made by this call; distributed: also the answer's delivery to every process
	PreprocessMs   float64 // layouts built during this call
	Iterations     uint32
	EdgesVisited   uint64
	DeviceBytes    uint64 // device memory held for the graph after the run
	FallbackReason string // why the GPU was not used under BackendAuto; "" otherwise
	// Since ABI 0.3: partitioned runs (RunOptions.Plan). An unpartitioned run
	// reports one part and zeros.
	NumParts       uint32    // parts the run used (1 when unpartitioned)
	ExchangeRounds uint32    // exchanges of replica values between parts
	EdgeCut        uint64    // the plan's edge cut
	Replicas       uint64    // replica vertices over all parts of the plan
	BytesExchanged uint64    // bytes the run's exchanges moved between parts
	ExchangeMs     float64   // time spent exchanging, summed over parts
	PartitionMs    float64   // what the plan cost to make, once: never part of this run's times
	PartComputeMs  []float64 // each part's compute time
	PartExchangeMs []float64 // each part's exchange time
	// Since ABI 0.5: true when the run stopped by itself (a vertex program with
	// no active vertex left or whose halt said so, PageRank below its
	// tolerance, every other algorithm always), false when an iteration cap
	// stopped it first.
	Converged bool
	// Since ABI 0.8: the part of ExchangeMs that ran while the parts computed
	// (a GPU partitioned PageRank over several devices overlaps its refresh
	// where that is worth it, and with GG_PARTITIONED_OVERLAP=1 always, as a
	// BFS does its bottom-up levels' flags); 0 otherwise.
	ExchangeHiddenMs float64
}

func (o *RunOptions) raw() C.gg_run_options {
	var raw C.gg_run_options
	C.gg_run_options_init(&raw)
	if o == nil {
		return raw
	}
	raw.backend = C.gg_backend(o.Backend)
	raw.layout = C.gg_layout(o.Layout)
	if o.Tolerance != 0 {
		raw.tolerance = C.double(o.Tolerance)
	}
	if o.MaxIterations != 0 {
		raw.max_iterations = C.uint32_t(o.MaxIterations)
	}
	if o.Damping != 0 {
		raw.damping = C.double(o.Damping)
	}
	raw.delta = C.float(o.Delta)
	raw.degree_bound = C.uint32_t(o.DegreeBound)
	return raw
}

func (o *RunOptions) store(raw *C.gg_run_stats) {
	if o == nil || o.Stats == nil {
		return
	}
	parts := uint32(raw.num_parts)
	if parts > uint32(raw.part_capacity) {
		parts = uint32(raw.part_capacity)
	}
	*o.Stats = RunStats{
		Backend: Backend(raw.backend), Layout: Layout(raw.layout), DeviceID: int(raw.device_id),
		NumThreads: int(raw.num_threads), TotalMs: float64(raw.total_ms), ComputeMs: float64(raw.compute_ms),
		TransferMs: float64(raw.transfer_ms), PreprocessMs: float64(raw.preprocess_ms),
		Iterations: uint32(raw.iterations), EdgesVisited: uint64(raw.edges_visited),
		DeviceBytes: uint64(raw.device_bytes), FallbackReason: C.GoString(&raw.fallback_reason[0]),
		NumParts: uint32(raw.num_parts), ExchangeRounds: uint32(raw.exchange_rounds),
		EdgeCut: uint64(raw.edge_cut), Replicas: uint64(raw.replicas),
		BytesExchanged: uint64(raw.bytes_exchanged), ExchangeMs: float64(raw.exchange_ms),
		PartitionMs:      float64(raw.partition_ms),
		PartComputeMs:    append([]float64(nil), unsafe.Slice((*float64)(unsafe.Pointer(raw.part_compute_ms)), parts)...),
		PartExchangeMs:   append([]float64(nil), unsafe.Slice((*float64)(unsafe.Pointer(raw.part_exchange_ms)), parts)...),
		Converged:        raw.converged != 0,
		ExchangeHiddenMs: float64(raw.exchange_hidden_ms),
	}
}

// run calls one gg_run_* function. n is read under the graph's lock, so that
// outputs are sized for the graph actually run on; a plan is held open (its
// read lock) for the whole call.
func (g *Graph) run(ctx *Context, opts *RunOptions, fn func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status) error {
	o := opts.raw()
	var stats C.gg_run_stats
	C.gg_run_stats_init(&stats)
	if opts != nil && opts.Plan != nil {
		plan := opts.Plan
		plan.mu.RLock()
		defer plan.mu.RUnlock()
		if plan.raw == nil {
			return invalid("the gg.PartitionPlan has been closed")
		}
		o.partition_plan = plan.raw
	}
	if opts != nil && opts.Stats != nil {
		// C memory for the per-part times: cgo forbids passing C a struct that holds a Go pointer.
		capacity := uint32(1)
		if opts.Plan != nil && opts.Plan.Stats.NumParts > 1 {
			capacity = opts.Plan.Stats.NumParts
		}
		size := C.size_t(unsafe.Sizeof(C.double(0)))
		stats.part_compute_ms = (*C.double)(C.calloc(C.size_t(capacity), size))
		defer C.free(unsafe.Pointer(stats.part_compute_ms))
		stats.part_exchange_ms = (*C.double)(C.calloc(C.size_t(capacity), size))
		defer C.free(unsafe.Pointer(stats.part_exchange_ms))
		stats.part_capacity = C.uint32_t(capacity)
	}
	err := g.with(ctx, func(c *C.gg_context, raw *C.gg_graph) C.gg_status { return fn(c, raw, &o, &stats) })
	if err == nil {
		opts.store(&stats)
	}
	return err
}

// BFS returns hop counts from source along out-edges (Unreachable where none).
func (g *Graph) BFS(ctx *Context, source uint32, opts *RunOptions) ([]uint32, error) {
	depths := make([]uint32, g.NumVertices())
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_bfs(c, raw, C.uint32_t(source), u32p(depths), nil, o, s)
	})
	return depths, err
}

// BFSWithParents also returns a BFS-tree parent per vertex (the source is its
// own; unreachable vertices get Unreachable).
func (g *Graph) BFSWithParents(ctx *Context, source uint32, opts *RunOptions) (depths, parents []uint32, err error) {
	n := g.NumVertices()
	depths, parents = make([]uint32, n), make([]uint32, n)
	err = g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_bfs(c, raw, C.uint32_t(source), u32p(depths), u32p(parents), o, s)
	})
	return depths, parents, err
}

// SSSP returns shortest distances from source along out-edges (+Inf where
// unreachable). A negative weight is an error naming the edge.
func (g *Graph) SSSP(ctx *Context, source uint32, opts *RunOptions) ([]float32, error) {
	distances := make([]float32, g.NumVertices())
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_sssp(c, raw, C.uint32_t(source), f32p(distances), o, s)
	})
	return distances, err
}

// SSWP returns widest-path widths from source: +Inf at the source, 0 where unreachable.
func (g *Graph) SSWP(ctx *Context, source uint32, opts *RunOptions) ([]float32, error) {
	widths := make([]float32, g.NumVertices())
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_sswp(c, raw, C.uint32_t(source), f32p(widths), o, s)
	})
	return widths, err
}

// CC labels each vertex with the smallest vertex id of its weakly connected component.
func (g *Graph) CC(ctx *Context, opts *RunOptions) ([]uint32, error) {
	labels := make([]uint32, g.NumVertices())
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_cc(c, raw, u32p(labels), o, s)
	})
	return labels, err
}

// PageRank as networkx.pagerank(G, weight=None) defines it; the ranks sum to 1.
func (g *Graph) PageRank(ctx *Context, opts *RunOptions) ([]float64, error) {
	ranks := make([]float64, g.NumVertices())
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_pagerank(c, raw, f64p(ranks), o, s)
	})
	return ranks, err
}

// BC is betweenness centrality summed over sources (nil: every vertex), unnormalised.
func (g *Graph) BC(ctx *Context, sources []uint32, opts *RunOptions) ([]float64, error) {
	if uint64(len(sources)) > math.MaxUint32 {
		return nil, invalid("%d sources do not fit in uint32", len(sources))
	}
	centrality := make([]float64, g.NumVertices())
	var list *C.uint32_t
	if sources != nil { // an empty, non-nil list means no sources at all (NULL would mean every vertex)
		list = u32p(sources)
	}
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_bc(c, raw, list, C.uint32_t(len(sources)), f64p(centrality), o, s)
	})
	return centrality, err
}

// SpMV returns y with y[v] = sum over edges u -> v of w(u, v) * x[u].
func (g *Graph) SpMV(ctx *Context, x []float32, opts *RunOptions) ([]float32, error) {
	n := g.NumVertices()
	if uint64(len(x)) != uint64(n) {
		return nil, invalid("x has %d entries; %d are needed", len(x), n)
	}
	y := make([]float32, n)
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_spmv(c, raw, f32p(x), f32p(y), o, s)
	})
	return y, err
}

// APSP returns all-pairs shortest distances, n x n row-major (row = source, +Inf where unreachable).
func (g *Graph) APSP(ctx *Context, opts *RunOptions) ([]float32, error) {
	n := uint64(g.NumVertices())
	cells := n * n
	if cells > uint64(math.MaxInt)/4 {
		return nil, &Error{Status: StatusTooLarge, Message: fmt.Sprintf(
			"APSP of %d vertices needs %d bytes", n, cells*4)}
	}
	distances := make([]float32, cells)
	err := g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_apsp(c, raw, f32p(distances), C.uint64_t(len(distances)), o, s)
	})
	return distances, err
}

// Matching is a maximum bipartite matching: vertices 0..numLeft-1 are the
// left side, the rest the right side, and every edge must join the two sides
// (its direction does not matter, weights are ignored; an edge inside one
// side is an error naming it). mates[v] is the vertex matched to v, Unmatched
// where none; size is the number of pairs. Which maximum matching is returned
// may differ between backends; its size does not. Since ABI 0.5.
func (g *Graph) Matching(ctx *Context, numLeft uint32, opts *RunOptions) (mates []uint32, size uint64, err error) {
	mates = make([]uint32, g.NumVertices())
	var pairs C.uint64_t
	err = g.run(ctx, opts, func(c *C.gg_context, raw *C.gg_graph, o *C.gg_run_options, s *C.gg_run_stats) C.gg_status {
		return C.gg_run_matching(c, raw, C.uint32_t(numLeft), u32p(mates), &pairs, o, s)
	})
	return mates, uint64(pairs), err
}
