package gg_test

import (
	"errors"
	"testing"

	"gg"
)

// MeasureLayout (ABI 0.7) against the layouts' definitions.
func TestMeasureLayout(t *testing.T) {
	ctx := cpuContext(t)
	e := randomEdges(40, 300, 3)
	g := build(t, ctx, e)
	n, m := uint64(g.NumVertices()), g.NumEdges()
	info, err := g.MeasureLayout(ctx, gg.LayoutCSR, 0)
	if err != nil {
		t.Fatalf("MeasureLayout csr: %v", err)
	}
	// The CSR: n + 1 offsets of 8 bytes, m ids and m weights of 4.
	if info.Layout != gg.LayoutCSR || info.Bytes != 8*(n+1)+8*m || info.Nodes != n || info.BuildMs != 0 ||
		info.DegreeBound != 0 {
		t.Errorf("csr: %v, want %d bytes, %d nodes, 0 ms", info, 8*(n+1)+8*m, n)
	}
	// nil: the graph's own context.
	if again, err := g.MeasureLayout(nil, gg.LayoutCSR, 0); err != nil || again.Bytes != info.Bytes {
		t.Errorf("csr with a nil context: %v %v", again, err)
	}

	// A star: vertex 0 -> 1..25. The default K = 10 cuts the hub's 25 edges
	// into 3 virtual nodes; each of the 25 leaves is one.
	star := edges{n: 26}
	for v := uint32(1); v <= 25; v++ {
		star.src = append(star.src, 0)
		star.dst = append(star.dst, v)
	}
	s := build(t, ctx, star)
	info, err = s.MeasureLayout(ctx, gg.LayoutVirtualSplit, 0)
	if err != nil || info.Layout != gg.LayoutVirtualSplit || info.Nodes != 3+25 || info.DegreeBound != 10 {
		t.Errorf("vsplit of the star: %v %v, want 28 virtual nodes and K 10", info, err)
	}

	var ggErr *gg.Error
	if _, err = g.MeasureLayout(ctx, gg.LayoutAuto, 0); !errors.As(err, &ggErr) ||
		ggErr.Status != gg.StatusInvalidArgument || ggErr.Message == "" {
		t.Errorf("auto: %v, want StatusInvalidArgument", err)
	}
	if _, err = g.MeasureLayout(ctx, gg.LayoutUDT, 1); !errors.Is(err, gg.StatusInvalidArgument) {
		t.Errorf("udt with bound 1: %v, want StatusInvalidArgument", err)
	}
}
