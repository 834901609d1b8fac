package gg

/*
#include <gg.h>
*/
import "C"

// PartitionOptions configures Partition; the zero value (or nil) means the defaults.
type PartitionOptions struct {
	Seed    int32 // METIS random seed; 0 means the default 1 (deterministic)
	UFactor int32 // allowed imbalance in 1/1000; 0 means the default 30
}

// Partition is a METIS k-way partition.
type Partition struct {
	Parts   []uint32 // the part of every vertex, in [0, k)
	EdgeCut uint64   // undirected edges {u, v}, u != v, whose ends lie in different parts
}

// Partition splits the vertices into numParts parts with METIS (edge directions ignored).
// Without METIS in the library it fails with StatusUnsupported.
func (g *Graph) Partition(ctx *Context, numParts uint32, opts *PartitionOptions) (*Partition, error) {
	var raw C.gg_partition_options
	C.gg_partition_options_init(&raw)
	if opts != nil {
		if opts.Seed != 0 {
			raw.seed = C.int32_t(opts.Seed)
		}
		raw.ufactor = C.int32_t(opts.UFactor)
	}
	result := &Partition{Parts: make([]uint32, g.NumVertices())}
	var cut C.uint64_t
	err := g.with(ctx, func(c *C.gg_context, graph *C.gg_graph) C.gg_status {
		return C.gg_partition(c, graph, C.uint32_t(numParts), u32p(result.Parts), &cut, &raw)
	})
	if err != nil {
		return nil, err
	}
	result.EdgeCut = uint64(cut)
	return result, nil
}
