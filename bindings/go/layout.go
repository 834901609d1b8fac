package gg

/*
#include <gg.h>
*/
import "C"

import "fmt"

// LayoutInfo is what one layout of a graph takes (gg_layout_info), as
// Graph.MeasureLayout reports it. Since ABI 0.7.
type LayoutInfo struct {
	Layout Layout // the layout measured (never LayoutAuto)
	// DegreeBound is the bound K the layout was built with for
	// LayoutVirtualSplit and LayoutUDT (the default when 0 was asked); 0 for
	// the other layouts.
	DegreeBound uint32
	// Bytes of the layout's arrays as the CUDA backend holds them: LayoutCSR the
	// CSR (offsets, ids, weights); LayoutTOCAB the in-edge CSC and each list's
	// cut between two source blocks; LayoutGShards the shard entries, shard
	// and window offsets; LayoutCW those and the windows' SrcIndex and Mapper;
	// LayoutVirtualSplit the virtual node arrays beside the CSR; LayoutUDT the
	// transformed CSR and its virtual node arrays.
	Bytes uint64
	// Nodes is the vertices for LayoutCSR and LayoutTOCAB, the shards for
	// LayoutGShards and LayoutCW, the virtual nodes for LayoutVirtualSplit and
	// the nodes the transform added for LayoutUDT.
	Nodes uint64
	// BuildMs is the host milliseconds this call took to build the layout from
	// the graph's CSR (0 for LayoutCSR, which is the graph's own arrays).
	BuildMs float64
}

// MeasureLayout builds one layout of the graph on the host, with the code the
// CUDA backend runs before it uploads the layout, times it, releases it and
// reports what it takes (gg_layout_measure): for choosing a layout and sizing
// a device before a run. It runs on any machine, GPU or not; runs build (and
// cache) their own layouts and report them in RunStats.PreprocessMs and
// DeviceBytes.
//
// layout is any Layout but LayoutAuto. degreeBound is the K of
// LayoutVirtualSplit (default 10) and LayoutUDT (at least 2, default 1000);
// 0 takes the default, and other layouts ignore it. ctx receives any error
// (nil: the graph's own context).
//
// Errors: StatusInvalidArgument for LayoutAuto, a value that is no layout or
// a bad bound (LayoutUDT with 1); StatusUnsupported for a distributed graph;
// StatusTooLarge when the layout cannot be built for this graph (e.g.
// G-Shards' windows outgrowing the edges), with why. Since ABI 0.7.
func (g *Graph) MeasureLayout(ctx *Context, layout Layout, degreeBound uint32) (LayoutInfo, error) {
	var raw C.gg_layout_info
	C.gg_layout_info_init(&raw)
	err := g.with(ctx, func(c *C.gg_context, graph *C.gg_graph) C.gg_status {
		return C.gg_layout_measure(c, graph, C.gg_layout(layout), C.uint32_t(degreeBound), &raw)
	})
	if err != nil {
		return LayoutInfo{}, err
	}
	return LayoutInfo{
		Layout: Layout(raw.layout), DegreeBound: uint32(raw.degree_bound), Bytes: uint64(raw.bytes),
		Nodes: uint64(raw.nodes), BuildMs: float64(raw.build_ms),
	}, nil
}

func (i LayoutInfo) String() string {
	return fmt.Sprintf("gg.LayoutInfo{layout: %s, degree bound: %d, bytes: %d, nodes: %d, build: %.3f ms}",
		i.Layout, i.DegreeBound, i.Bytes, i.Nodes, i.BuildMs)
}
