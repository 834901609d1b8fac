package gg_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"gg"
)

func cpuContext(t *testing.T) *gg.Context {
	t.Helper()
	ctx, err := gg.NewContext(&gg.ContextOptions{Backend: gg.BackendCPU})
	if err != nil {
		t.Fatalf("NewContext: %v", err)
	}
	t.Cleanup(func() { ctx.Close() })
	return ctx
}

func build(t *testing.T, ctx *gg.Context, e edges) *gg.Graph {
	t.Helper()
	g, err := gg.FromEdges(ctx, e.n, e.src, e.dst, e.weights, nil)
	if err != nil {
		t.Fatalf("FromEdges: %v", err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

var shapes = []struct {
	n    uint32
	m    int
	seed uint64
}{{20, 50, 1}, {60, 90, 2}, {40, 300, 3}}

func TestTraversalsMatchReferences(t *testing.T) {
	ctx := cpuContext(t)
	for _, s := range shapes {
		e := randomEdges(s.n, s.m, s.seed)
		g := build(t, ctx, e)
		for _, source := range []uint32{0, s.n / 2} {
			depths, err := g.BFS(ctx, source, nil)
			if err != nil || !reflect.DeepEqual(depths, referenceBFS(e, source)) {
				t.Errorf("BFS n=%d source=%d: %v %v", s.n, source, depths, err)
			}
			distances, err := g.SSSP(ctx, source, nil)
			if err != nil || !reflect.DeepEqual(distances, referenceDijkstra(e, source)) {
				t.Errorf("SSSP n=%d source=%d: %v %v", s.n, source, distances, err)
			}
		}
		labels, err := g.CC(ctx, nil)
		if err != nil || !reflect.DeepEqual(labels, referenceComponents(e)) {
			t.Errorf("CC n=%d: %v %v", s.n, labels, err)
		}
	}
}

// Since ABI 0.4 the CPU backend takes a GPU layout and its degree bound, runs
// CSR and says so in the stats.
func TestDegreeBoundWithAGPULayoutOnTheCPU(t *testing.T) {
	ctx := cpuContext(t)
	for _, s := range shapes {
		g := build(t, ctx, randomEdges(s.n, s.m, s.seed))
		want, err := g.BFS(ctx, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		var stats gg.RunStats
		depths, err := g.BFS(ctx, 0, &gg.RunOptions{Layout: gg.LayoutVirtualSplit, DegreeBound: 3, Stats: &stats})
		if err != nil || !reflect.DeepEqual(depths, want) {
			t.Errorf("BFS n=%d vsplit K=3: %v %v, want %v", s.n, depths, err, want)
		}
		if stats.Backend != gg.BackendCPU || stats.Layout != gg.LayoutCSR {
			t.Errorf("BFS n=%d vsplit K=3 ran %v/%v, want cpu/csr", s.n, stats.Backend, stats.Layout)
		}
		wantDistances, err := g.SSSP(ctx, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		distances, err := g.SSSP(ctx, 0, &gg.RunOptions{Layout: gg.LayoutUDT, DegreeBound: 2, Stats: &stats})
		if err != nil || !reflect.DeepEqual(distances, wantDistances) || stats.Layout != gg.LayoutCSR {
			t.Errorf("SSSP n=%d udt K=2: %v %v (layout %v), want %v on csr", s.n, distances, err, stats.Layout,
				wantDistances)
		}
	}
}

func TestPageRankOptionsAndStats(t *testing.T) {
	ctx := cpuContext(t)
	e := randomEdges(40, 120, 5)
	g := build(t, ctx, e)
	var stats gg.RunStats
	ranks, err := g.PageRank(ctx, &gg.RunOptions{Tolerance: 1e-300, MaxIterations: 25, Damping: 0.7, Stats: &stats})
	if err != nil {
		t.Fatal(err)
	}
	if stats.Iterations != 25 || stats.Backend != gg.BackendCPU || stats.DeviceID != -1 {
		t.Errorf("stats %+v", stats)
	}
	for v, want := range referencePageRank(e, 0.7, 25) {
		if math.Abs(ranks[v]-want) > 1e-9 {
			t.Errorf("rank[%d] = %g, want %g", v, ranks[v], want)
		}
	}
}

func TestOtherAlgorithms(t *testing.T) {
	ctx := cpuContext(t)
	// Path 0 -> 1 -> 2 -> 3 with weights 4, 2, 3 and a shortcut 0 -> 2 of weight 9.
	g, err := gg.FromEdges(ctx, 4, []uint32{0, 1, 2, 0}, []uint32{1, 2, 3, 2}, []float32{4, 2, 3, 9}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	inf := float32(math.Inf(1))
	if w, err := g.SSWP(ctx, 0, nil); err != nil || !reflect.DeepEqual(w, []float32{inf, 4, 9, 3}) {
		t.Errorf("SSWP %v %v", w, err)
	}
	if c, err := g.BC(ctx, nil, nil); err != nil || !reflect.DeepEqual(c, []float64{0, 0, 2, 0}) {
		t.Errorf("BC %v %v", c, err)
	}
	if c, err := g.BC(ctx, []uint32{}, nil); err != nil || !reflect.DeepEqual(c, []float64{0, 0, 0, 0}) {
		t.Errorf("BC without sources %v %v", c, err)
	}
	if y, err := g.SpMV(ctx, []float32{1, 2, 3, 4}, nil); err != nil || !reflect.DeepEqual(y, []float32{0, 4, 13, 9}) {
		t.Errorf("SpMV %v %v", y, err)
	}
	d, err := g.APSP(ctx, nil)
	want := []float32{0, 4, 6, 9, inf, 0, 2, 5, inf, inf, 0, 3, inf, inf, inf, 0}
	if err != nil || !reflect.DeepEqual(d, want) {
		t.Errorf("APSP %v %v", d, err)
	}
	depths, parents, err := g.BFSWithParents(ctx, 0, nil)
	if err != nil || !reflect.DeepEqual(depths, []uint32{0, 1, 1, 2}) || parents[0] != 0 || parents[1] != 0 ||
		parents[2] != 0 || parents[3] != 2 {
		t.Errorf("BFSWithParents %v %v %v", depths, parents, err)
	}
	csr, err := g.CSR(ctx)
	if err != nil || !reflect.DeepEqual(csr.Offsets, []uint64{0, 2, 3, 4, 4}) ||
		!reflect.DeepEqual(csr.Indices, []uint32{1, 2, 2, 3}) || !reflect.DeepEqual(csr.Weights, []float32{4, 9, 2, 3}) {
		t.Errorf("CSR %+v %v", csr, err)
	}
	csc, err := g.CSC(ctx)
	if err != nil || !reflect.DeepEqual(csc.Indices, []uint32{0, 0, 1, 2}) {
		t.Errorf("CSC %+v %v", csc, err)
	}
	if in, err := g.InDegrees(ctx); err != nil || !reflect.DeepEqual(in, []uint32{0, 1, 2, 1}) {
		t.Errorf("InDegrees %v %v", in, err)
	}
	if out, err := g.OutDegrees(ctx); err != nil || !reflect.DeepEqual(out, []uint32{2, 1, 1, 0}) {
		t.Errorf("OutDegrees %v %v", out, err)
	}
	again, err := gg.FromCSR(ctx, csr.Offsets, csr.Indices, csr.Weights, &gg.GraphOptions{Undirected: true})
	if err != nil || again.Directed() || again.NumEdges() != 8 || !again.Weighted() {
		t.Errorf("FromCSR undirected: %v %v", again, err)
	}
}

func TestEmptyGraph(t *testing.T) {
	ctx := cpuContext(t)
	g, err := gg.FromEdges(ctx, 0, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if labels, err := g.CC(ctx, nil); err != nil || len(labels) != 0 {
		t.Errorf("CC of the empty graph: %v %v", labels, err)
	}
}

func TestGenerateSaveLoad(t *testing.T) {
	ctx := cpuContext(t)
	grid, err := gg.Generate(ctx, gg.Grid(3, 4))
	if err != nil || grid.NumVertices() != 12 || grid.NumEdges() != 34 || grid.Directed() {
		t.Fatalf("grid: %v %v", grid, err)
	}
	opts := gg.Kron(6, 4)
	opts.Seed, opts.Weighted, opts.WeightMin, opts.WeightMax = 5, true, 1, 9
	a, err := gg.Generate(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	want, _ := a.CSR(ctx)
	for _, name := range []string{"g.wel", "g.mtx", "g.gr", "g.ggb"} {
		path := filepath.Join(dir, name)
		if err := a.Save(ctx, path, gg.FormatAuto); err != nil {
			t.Fatalf("Save %s: %v", name, err)
		}
		loaded, err := gg.Load(ctx, path, nil)
		if err != nil {
			t.Fatalf("Load %s: %v", name, err)
		}
		got, _ := loaded.CSR(ctx)
		if !reflect.DeepEqual(got.Indices, want.Indices) || !reflect.DeepEqual(got.Weights, want.Weights) {
			t.Errorf("%s round trip differs", name)
		}
		loaded.Close()
	}
	if f := gg.FormatFromPath("x/y.mtx"); f != gg.FormatMTX {
		t.Errorf("FormatFromPath = %v", f)
	}
}

func TestPartitionAndShards(t *testing.T) {
	ctx := cpuContext(t)
	e := randomEdges(40, 120, 11)
	g := build(t, ctx, e)
	p, err := g.Partition(ctx, 4, nil)
	if errors.Is(err, gg.StatusUnsupported) {
		t.Logf("partition skipped: %v", err)
	} else if err != nil {
		t.Fatal(err)
	} else {
		cut := map[[2]uint32]bool{}
		for i := range e.src {
			u, v := e.src[i], e.dst[i]
			if p.Parts[u] >= 4 || p.Parts[v] >= 4 {
				t.Fatalf("part out of range")
			}
			if p.Parts[u] != p.Parts[v] {
				if u > v {
					u, v = v, u
				}
				cut[[2]uint32{u, v}] = true
			}
		}
		if p.EdgeCut != uint64(len(cut)) {
			t.Errorf("EdgeCut %d, counted %d", p.EdgeCut, len(cut))
		}
	}

	s, err := g.Shard(ctx, &gg.ShardOptions{VerticesPerShard: 8})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Stats.NumShards != 5 || s.Stats.NumEdges != 120 || s.Stats.NumWindows != 25 {
		t.Errorf("stats %+v", s.Stats)
	}
	shards, err := s.GShards()
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 5; j++ {
		for k := shards.Offsets[j]; k < shards.Offsets[j+1]; k++ {
			if shards.DstIndex[k]/8 != uint32(j) {
				t.Fatalf("shard %d holds an edge to %d", j, shards.DstIndex[k])
			}
		}
	}
	windows, err := s.WindowOffsets()
	if err != nil || len(windows) != 26 || windows[25] != 120 {
		t.Errorf("windows %v %v", windows, err)
	}
	cw, err := s.ConcatenatedWindows()
	if err != nil {
		t.Fatal(err)
	}
	for k, position := range cw.Mapper {
		if cw.SrcIndex[k] != shards.SrcIndex[position] {
			t.Fatalf("CW entry %d maps to a different source", k)
		}
	}
}

func TestErrorsCarryTheLibraryMessage(t *testing.T) {
	ctx := cpuContext(t)
	g, err := gg.FromEdges(ctx, 3, []uint32{0, 1}, []uint32{1, 2}, []float32{1, -2.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()

	_, err = g.BFS(ctx, 9, nil)
	var e *gg.Error
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "source 9") {
		t.Errorf("BFS(9): %v", err)
	}
	if !errors.Is(err, gg.StatusInvalidArgument) || errors.Is(err, gg.StatusParse) {
		t.Errorf("errors.Is on %v", err)
	}
	if !strings.HasPrefix(err.Error(), "gg: invalid argument: gg_run_bfs") {
		t.Errorf("Error() = %q", err.Error())
	}
	_, err = g.SSSP(ctx, 0, nil)
	if !errors.As(err, &e) || !strings.Contains(e.Message, "1 -> 2") || !strings.Contains(e.Message, "-2.5") {
		t.Errorf("SSSP with a negative weight: %v", err)
	}
	// Since ABI 0.4 the CPU backend runs every layout as CSR; a value that is
	// no layout is still refused.
	var stats gg.RunStats
	depths, err := g.BFS(ctx, 0, &gg.RunOptions{Layout: gg.LayoutGShards, Stats: &stats})
	if err != nil || !reflect.DeepEqual(depths, []uint32{0, 1, 2}) || stats.Layout != gg.LayoutCSR {
		t.Errorf("GShards on the CPU: %v %v (layout %v), want [0 1 2] on csr", depths, err, stats.Layout)
	}
	centrality, err := g.BC(ctx, nil, &gg.RunOptions{Layout: gg.LayoutUDT, Stats: &stats})
	if err != nil || !reflect.DeepEqual(centrality, []float64{0, 1, 0}) || stats.Layout != gg.LayoutCSR {
		t.Errorf("BC with UDT on the CPU: %v %v (layout %v), want [0 1 0] on csr", centrality, err, stats.Layout)
	}
	_, err = g.BFS(ctx, 0, &gg.RunOptions{Layout: gg.Layout(99)})
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "layout is 99") {
		t.Errorf("Layout(99): %v", err)
	}
	_, err = gg.Load(ctx, filepath.Join(t.TempDir(), "missing.el"), nil)
	if !errors.Is(err, gg.StatusIO) || !strings.Contains(err.Error(), "missing.el") {
		t.Errorf("missing file: %v", err)
	}
	broken := filepath.Join(t.TempDir(), "broken.el")
	os.WriteFile(broken, []byte("0 1\n1 2\nthree four\n"), 0o644)
	_, err = gg.Load(ctx, broken, nil)
	if !errors.Is(err, gg.StatusParse) || !strings.Contains(err.Error(), "broken.el:3") {
		t.Errorf("parse error: %v", err)
	}
	_, err = gg.FromEdges(ctx, 2, []uint32{0, 1}, []uint32{1}, nil, nil)
	if !errors.As(err, &e) || e.Message != "dst has 1 entries; 2 are needed" {
		t.Errorf("length mismatch: %v", err)
	}
	_, err = gg.FromCSR(ctx, []uint64{0, 1, 3}, []uint32{0, 1}, nil, nil)
	if !errors.As(err, &e) || e.Message != "indices has 2 entries; 3 are needed" {
		t.Errorf("CSR length mismatch: %v", err)
	}
	if _, err = g.SpMV(ctx, []float32{1}, nil); !errors.Is(err, gg.StatusInvalidArgument) {
		t.Errorf("SpMV with a short x: %v", err)
	}
	if _, err = g.Partition(ctx, 0, nil); err == nil || !strings.Contains(err.Error(), "num_parts") {
		t.Errorf("Partition(0): %v", err)
	}
}

func TestMaxVertices(t *testing.T) {
	// 17,000,000 declared vertices for one edge: above max(2^24, 64 x 1), refused by default.
	ctx := cpuContext(t)
	path := filepath.Join(t.TempDir(), "sparse.mtx")
	text := "%%MatrixMarket matrix coordinate pattern general\n17000000 17000000 1\n1 2\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := gg.Load(ctx, path, nil)
	var e *gg.Error
	if !errors.As(err, &e) || e.Status != gg.StatusTooLarge || !strings.Contains(e.Message, "max_vertices") {
		t.Errorf("default limit: %v", err)
	}
	g, err := gg.Load(ctx, path, &gg.GraphOptions{MaxVertices: 17000000})
	if err != nil {
		t.Fatalf("MaxVertices 17000000: %v", err)
	}
	defer g.Close()
	if g.NumVertices() != 17000000 || g.NumEdges() != 1 {
		t.Errorf("loaded %v", g)
	}
}

func TestClosedHandles(t *testing.T) {
	ctx, _ := gg.NewContext(&gg.ContextOptions{Backend: gg.BackendCPU})
	g, err := gg.FromEdges(ctx, 2, []uint32{0}, []uint32{1}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx.Close()
	ctx.Close()
	if _, err := g.BFS(nil, 0, nil); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("run on a closed context: %v", err)
	}
	other := cpuContext(t)
	if d, err := g.BFS(other, 0, nil); err != nil || !reflect.DeepEqual(d, []uint32{0, 1}) {
		t.Errorf("graph outlives its context: %v %v", d, err)
	}
	g.Close()
	if _, err := g.BFS(other, 0, nil); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("run on a closed graph: %v", err)
	}
}

func TestLogCallback(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	ctx, err := gg.NewContext(&gg.ContextOptions{Backend: gg.BackendCPU, LogLevel: gg.LogError,
		Log: func(level gg.LogLevel, message string) {
			mu.Lock()
			defer mu.Unlock()
			lines = append(lines, level.String()+": "+message)
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	g, _ := gg.FromEdges(ctx, 2, []uint32{0}, []uint32{1}, nil, nil)
	defer g.Close()
	g.SSSP(ctx, 5, nil)
	mu.Lock()
	defer mu.Unlock()
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "error: ") || !strings.Contains(lines[0], "source 5") {
		t.Errorf("log lines %q", lines)
	}
}

// Many goroutines share one context and one graph; each makes failing calls
// whose messages name its own bad source, interleaved with successful runs.
// Goroutines migrate between OS threads (GOMAXPROCS > 1, Gosched between
// calls), so a thread-local error slot, or one read without the context's
// mutex, would hand some goroutine another's message.
func TestConcurrentErrorsKeepTheirOwnMessage(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 4 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	}
	ctx, err := gg.NewContext(&gg.ContextOptions{Backend: gg.BackendCPU, NumThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	const n = 100
	src, dst := make([]uint32, n-1), make([]uint32, n-1)
	for i := range src {
		src[i], dst[i] = uint32(i), uint32(i+1)
	}
	g, err := gg.FromEdges(ctx, n, src, dst, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()

	const goroutines, rounds = 32, 50
	failures := make(chan string, goroutines*rounds)
	var wg sync.WaitGroup
	for w := 0; w < goroutines; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				bad := uint32(1000 + w*1000 + r)
				_, err := g.BFS(ctx, bad, nil)
				runtime.Gosched()
				var e *gg.Error
				if !errors.As(err, &e) || !strings.Contains(e.Message, fmt.Sprintf("source %d ", bad)) {
					failures <- fmt.Sprintf("goroutine %d source %d got %v", w, bad, err)
				}
				source := uint32(w % n)
				depths, err := g.BFS(ctx, source, nil)
				if err != nil || depths[n-1] != n-1-source {
					failures <- fmt.Sprintf("goroutine %d: BFS(%d) = %v", w, source, err)
				}
				if r%10 == 0 { // a different failure kind with its own message
					_, err := gg.FromEdges(ctx, 2, []uint32{0}, []uint32{bad}, nil, nil)
					if err == nil || !strings.Contains(err.Error(), fmt.Sprint(bad)) {
						failures <- fmt.Sprintf("goroutine %d: FromEdges(dst %d) = %v", w, bad, err)
					}
				}
			}
		}(w)
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}

func TestVersion(t *testing.T) {
	if !strings.HasPrefix(gg.Version(), fmt.Sprintf("%d.", gg.ABIMajor)) {
		t.Errorf("Version() = %s", gg.Version())
	}
}
