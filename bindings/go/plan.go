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
	"unsafe"
)

// Partitioner says how PartitionPlan assigns vertices to parts.
type Partitioner int32

const (
	PartitionerMETIS  Partitioner = C.GG_PARTITIONER_METIS  // METIS k-way, edge cut minimised (default; needs METIS in the library)
	PartitionerRandom Partitioner = C.GG_PARTITIONER_RANDOM // each vertex to a part by a seeded hash of its id
	PartitionerBlock  Partitioner = C.GG_PARTITIONER_BLOCK  // contiguous id ranges of about equal vertices + edges
	PartitionerGiven  Partitioner = C.GG_PARTITIONER_GIVEN  // the caller's array, PartitionPlanOptions.Parts
	// PartitionerAuto: block, random or METIS, chosen per graph from the edge cuts the
	// library measures; the plan's Stats.Partitioner names the one chosen (never
	// PartitionerAuto) and Stats.Choice says why.
	PartitionerAuto Partitioner = C.GG_PARTITIONER_AUTO
)

// String is the library's name of the partitioner (gg_partitioner_name):
// "metis", "random", "block", "given" or "auto".
func (p Partitioner) String() string {
	if name := C.gg_partitioner_name(C.gg_partitioner(p)); name != nil {
		return C.GoString(name)
	}
	return fmt.Sprintf("Partitioner(%d)", int32(p))
}

// ParsePartitioner is the partitioner the library's name gives
// (gg_partitioner_from_name), ignoring case.
func ParsePartitioner(name string) (Partitioner, error) {
	text := C.CString(strings.ToLower(name))
	defer C.free(unsafe.Pointer(text))
	var p C.gg_partitioner
	if C.gg_partitioner_from_name(text, &p) != C.GG_OK {
		var known []string
		for q := Partitioner(0); C.gg_partitioner_name(C.gg_partitioner(q)) != nil; q++ {
			known = append(known, q.String())
		}
		return PartitionerMETIS, invalid("unknown partitioner %q; expected one of %s", name, strings.Join(known, ", "))
	}
	return Partitioner(p), nil
}

// PartitionPlanOptions configures Graph.PartitionPlan; the zero value (or nil)
// means the defaults: METIS, replication depth 1, seed 1.
type PartitionPlanOptions struct {
	Partitioner Partitioner // default PartitionerMETIS
	// Parts, when not nil, is the caller's partition (the partitioner is then
	// PartitionerGiven): the part of every vertex, n entries each below the
	// number of parts. The library checks both.
	Parts []uint32
	// ReplicationDepth is the hops of replicas, 1 to 8: 1 exchanges after every
	// iteration, k every k iterations (Medusa's multi-hop replication). 0 means 1.
	ReplicationDepth uint32
	// AutoReplicationDepth lets the library's cost model pick the depth.
	AutoReplicationDepth bool
	Seed                 uint64 // seed of the random partitioner and of METIS; 0 means the default 1
	// ReleaseGraphEdges (since 0.10), over a distributed graph, frees each process's
	// edges as the plan gathers them, so that at its peak a process holds its parts
	// and not also its share of the graph. The graph then serves the runs over this
	// plan only: another PartitionPlan over it fails with StatusInvalidArgument.
	// Every process must pass the same value. Ignored for a graph that is not
	// distributed, whose runs read its edges.
	ReleaseGraphEdges bool
}

// PartitionPlanStats is what a plan holds.
type PartitionPlanStats struct {
	NumParts         uint32
	ReplicationDepth uint32      // the depth built (auto resolved)
	Partitioner      Partitioner // the one used; under PartitionerAuto, the one it chose
	EmptyParts       uint32      // parts that own no vertex
	EdgeCut          uint64      // undirected pairs {u, v}, u != v, whose ends lie in different parts
	Replicas         uint64      // replica vertices over all parts
	LocalEdges       uint64      // edges stored over all parts' local graphs (m or more)
	MaxPartVertices  uint64      // vertices owned by the largest part
	PartitionMs      float64     // time of the partitioner (PartitionerAuto: of every cut it measured)
	BuildMs          float64     // time to build the replica maps and local graphs
	// Choice, under PartitionerAuto, is how it chose (the cuts it measured and
	// the rule that decided); "" otherwise.
	Choice string
}

// PartInfo describes one part of a plan.
type PartInfo struct {
	Owned      uint32 // vertices the part owns
	Replicas   uint32 // replicas it holds of other parts' vertices
	LocalEdges uint64 // edges of its local graph
	Neighbours uint32 // other parts it exchanges with
}

// PartitionPlan is a graph split into parts, with each part's local graph and
// replica maps, owned by the C library. Made once by Graph.PartitionPlan and
// named in RunOptions.Plan, it makes any run go part by part with exchanges of
// replica values, with the same answers as an unpartitioned run. Immutable;
// safe for concurrent use. Close releases it (a finalizer does it otherwise);
// its graph stays alive until it is closed.
type PartitionPlan struct {
	mu    sync.RWMutex
	raw   *C.gg_partition_plan
	graph *Graph
	n     uint32 // vertices of the graph
	Stats PartitionPlanStats
}

// PartitionPlan partitions the graph into numParts parts (at least 1) for
// partitioned runs; the partitioner and the replica maps are paid for here, once.
//
// Over a distributed graph (ABI 0.7) this is collective: every process makes the
// same call, the parts are spread over the processes (part p on process p mod
// the process count) and the replication depth must be 1 (or auto). Runs over
// such a plan are collective, and every process receives the whole answer.
func (g *Graph) PartitionPlan(ctx *Context, numParts uint32, opts *PartitionPlanOptions) (*PartitionPlan, error) {
	var raw C.gg_partition_plan_options
	C.gg_partition_plan_options_init(&raw)
	raw.num_parts = C.uint32_t(numParts)
	if opts != nil {
		raw.partitioner = C.gg_partitioner(opts.Partitioner)
		if opts.ReplicationDepth != 0 {
			raw.replication_depth = C.uint32_t(opts.ReplicationDepth)
		}
		if opts.AutoReplicationDepth {
			raw.replication_depth = 0
		}
		if opts.Seed != 0 {
			raw.seed = C.uint64_t(opts.Seed)
		}
		if opts.ReleaseGraphEdges {
			raw.release_graph_edges = 1
		}
		if opts.Parts != nil {
			raw.partitioner = C.GG_PARTITIONER_GIVEN
			// C memory: cgo forbids passing C a struct that holds a Go pointer.
			count := len(opts.Parts)
			if count == 0 {
				count = 1 // never NULL for an empty (non-nil) array
			}
			parts := (*C.uint32_t)(C.malloc(C.size_t(count) * C.size_t(unsafe.Sizeof(C.uint32_t(0)))))
			defer C.free(unsafe.Pointer(parts))
			copy(unsafe.Slice((*uint32)(unsafe.Pointer(parts)), len(opts.Parts)), opts.Parts)
			raw.parts = parts
			raw.parts_length = C.uint64_t(len(opts.Parts))
		}
	}
	if ctx == nil {
		ctx = g.ctx
	}
	var handle *C.gg_partition_plan
	var n uint32
	err := g.with(ctx, func(c *C.gg_context, graph *C.gg_graph) C.gg_status {
		n = uint32(C.gg_graph_num_vertices(graph))
		status := C.gg_partition_plan_create(c, graph, &raw, &handle)
		if status == C.GG_OK {
			g.plans.Add(1) // under the graph's read lock: Close cannot run in between
		}
		return status
	})
	if err != nil {
		return nil, err
	}
	p := &PartitionPlan{raw: handle, graph: g, n: n}
	runtime.SetFinalizer(p, (*PartitionPlan).Close)
	var stats C.gg_partition_plan_stats
	C.gg_partition_plan_stats_init(&stats)
	if err := ctx.call(func(c *C.gg_context) C.gg_status { return C.gg_partition_plan_read_stats(c, handle, &stats) }); err != nil {
		p.Close()
		return nil, err
	}
	p.Stats = PartitionPlanStats{
		NumParts: uint32(stats.num_parts), ReplicationDepth: uint32(stats.replication_depth),
		Partitioner: Partitioner(stats.partitioner), EmptyParts: uint32(stats.empty_parts),
		EdgeCut: uint64(stats.edge_cut), Replicas: uint64(stats.replicas), LocalEdges: uint64(stats.local_edges),
		MaxPartVertices: uint64(stats.max_part_vertices), PartitionMs: float64(stats.partition_ms),
		BuildMs: float64(stats.build_ms), Choice: C.GoString(&stats.choice[0]),
	}
	return p, nil
}

// Close releases the plan. Closing twice is harmless.
func (p *PartitionPlan) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.raw != nil {
		C.gg_partition_plan_destroy(p.raw)
		p.raw = nil
		runtime.SetFinalizer(p, nil)
		p.graph.planClosed()
	}
	return nil
}

// with runs fn on the live plan with ctx (nil: the plan's graph's context).
func (p *PartitionPlan) with(ctx *Context, fn func(c *C.gg_context, raw *C.gg_partition_plan) C.gg_status) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.raw == nil {
		return invalid("the gg.PartitionPlan has been closed")
	}
	if ctx == nil {
		ctx = p.graph.ctx
	}
	return ctx.call(func(c *C.gg_context) C.gg_status { return fn(c, p.raw) })
}

// Part describes part `part` (below NumParts; the library checks); ctx may be nil.
func (p *PartitionPlan) Part(ctx *Context, part uint32) (PartInfo, error) {
	var info C.gg_part_info
	C.gg_part_info_init(&info)
	err := p.with(ctx, func(c *C.gg_context, raw *C.gg_partition_plan) C.gg_status {
		return C.gg_partition_plan_read_part(c, raw, C.uint32_t(part), &info)
	})
	if err != nil {
		return PartInfo{}, err
	}
	return PartInfo{Owned: uint32(info.owned), Replicas: uint32(info.replicas),
		LocalEdges: uint64(info.local_edges), Neighbours: uint32(info.neighbours)}, nil
}

// PartInfos describes every part, in order.
func (p *PartitionPlan) PartInfos(ctx *Context) ([]PartInfo, error) {
	out := make([]PartInfo, p.Stats.NumParts)
	for i := range out {
		info, err := p.Part(ctx, uint32(i))
		if err != nil {
			return nil, err
		}
		out[i] = info
	}
	return out, nil
}

// Parts copies the part of every vertex.
func (p *PartitionPlan) Parts(ctx *Context) ([]uint32, error) {
	out := make([]uint32, p.n)
	err := p.with(ctx, func(c *C.gg_context, raw *C.gg_partition_plan) C.gg_status {
		return C.gg_partition_plan_read_parts(c, raw, u32p(out), capacity(len(out)))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (p *PartitionPlan) String() string {
	return fmt.Sprintf("gg.PartitionPlan{parts: %d (%v), depth: %d, edge cut: %d, replicas: %d}",
		p.Stats.NumParts, p.Stats.Partitioner, p.Stats.ReplicationDepth, p.Stats.EdgeCut, p.Stats.Replicas)
}
