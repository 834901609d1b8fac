package gg_test

// Distributed contexts (ABI 0.7) in this one process: an MPIWorld context of
// one rank is a real distributed context (gg initialises MPI itself), whose
// graphs are distributed graphs and whose runs go through the distributed
// plan. Its answers must be a plain context's. Skipped, giving the library's
// reason, when gg was built without MPI.

import (
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"gg"
)

var world struct {
	once sync.Once
	ctx  *gg.Context
	err  error
}

// worldContext is one MPIWorld context for the whole test binary (MPI is
// initialised once per process), or a skip when the library has no MPI.
func worldContext(t *testing.T) *gg.Context {
	t.Helper()
	world.once.Do(func() {
		world.ctx, world.err = gg.NewContext(&gg.ContextOptions{
			Backend: gg.BackendCPU, MPI: gg.MPIWorld, MPITimeout: 2 * time.Minute})
	})
	if errors.Is(world.err, gg.StatusUnsupported) {
		t.Skipf("gg was built without MPI: %v", world.err)
	}
	if world.err != nil {
		t.Fatalf("MPIWorld context: %v", world.err)
	}
	return world.ctx
}

func TestAPlainContextIsRank0Of1(t *testing.T) {
	ctx := cpuContext(t)
	if ctx.Rank() != 0 || ctx.NumRanks() != 1 || ctx.Distributed() {
		t.Errorf("plain context: rank %d of %d, distributed %v", ctx.Rank(), ctx.NumRanks(), ctx.Distributed())
	}
}

func TestTheDistributedStatus(t *testing.T) {
	if gg.StatusDistributed != -9 || gg.StatusDistributed.Error() != "distributed run failed" {
		t.Errorf("StatusDistributed = %d %q", int32(gg.StatusDistributed), gg.StatusDistributed.Error())
	}
}

func TestANegativeMPITimeoutIsRefusedWithTheLibrarysMessage(t *testing.T) {
	_, err := gg.NewContext(&gg.ContextOptions{MPI: gg.MPIWorld, MPITimeout: -time.Second})
	if !errors.Is(err, gg.StatusInvalidArgument) || !strings.Contains(err.Error(), "mpi_timeout_s") {
		t.Errorf("negative MPITimeout: %v", err)
	}
}

// distributedAnswers runs every algorithm a distributed plan serves.
func distributedAnswers(t *testing.T, ctx *gg.Context, g *gg.Graph, opts *gg.RunOptions) map[string][]float64 {
	t.Helper()
	out := map[string][]float64{}
	must := func(name string, values []float64, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = values
	}
	u32 := func(v []uint32, err error) ([]float64, error) {
		r := make([]float64, len(v))
		for i, x := range v {
			r[i] = float64(x)
		}
		return r, err
	}
	f32 := func(v []float32, err error) ([]float64, error) {
		r := make([]float64, len(v))
		for i, x := range v {
			r[i] = float64(x)
		}
		return r, err
	}
	x := make([]float32, g.NumVertices())
	for i := range x {
		x[i] = float32(i%7) - 2.5
	}
	v, err := u32(g.BFS(ctx, 3, opts))
	must("bfs", v, err)
	v, err = f32(g.SSSP(ctx, 3, opts))
	must("sssp", v, err)
	v, err = f32(g.SSWP(ctx, 3, opts))
	must("sswp", v, err)
	v, err = u32(g.CC(ctx, opts))
	must("cc", v, err)
	v, err = g.PageRank(ctx, opts)
	must("pagerank", v, err)
	v, err = g.BC(ctx, []uint32{0, 3, 7}, opts)
	must("bc", v, err)
	v, err = f32(g.SpMV(ctx, x, opts))
	must("spmv", v, err)
	return out
}

func sameAnswers(t *testing.T, got, want map[string][]float64) {
	t.Helper()
	for name, w := range want {
		g := got[name]
		if len(g) != len(w) {
			t.Errorf("%s: %d entries, want %d", name, len(g), len(w))
			continue
		}
		for v := range w {
			if g[v] != w[v] && math.Abs(g[v]-w[v]) > 1e-6*math.Max(math.Abs(w[v]), 1e-3) {
				t.Errorf("%s[%d]: distributed %v, plain %v", name, v, g[v], w[v])
				break
			}
		}
	}
}

func TestAWorldContextOfOneProcessAnswersAsAPlainOne(t *testing.T) {
	ctx := worldContext(t)
	alone := cpuContext(t)
	if ctx.Rank() != 0 || ctx.NumRanks() != 1 || !ctx.Distributed() {
		t.Fatalf("world context: rank %d of %d, distributed %v", ctx.Rank(), ctx.NumRanks(), ctx.Distributed())
	}
	e := randomEdges(40, 120, 5)
	g := build(t, ctx, e)
	whole := build(t, alone, e)
	if g.NumVertices() != whole.NumVertices() || g.NumEdges() != whole.NumEdges() ||
		g.Directed() != whole.Directed() || g.Weighted() != whole.Weighted() {
		t.Errorf("distributed %v, plain %v", g, whole)
	}
	want := distributedAnswers(t, alone, whole, nil)
	for _, partitioner := range []gg.Partitioner{gg.PartitionerBlock, gg.PartitionerRandom} {
		plan, err := g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: partitioner})
		if err != nil {
			t.Fatalf("PartitionPlan %v: %v", partitioner, err)
		}
		if plan.Stats.NumParts != 2 || plan.Stats.ReplicationDepth != 1 {
			t.Errorf("plan: %v", plan)
		}
		infos, err := plan.PartInfos(ctx)
		owned := uint32(0)
		for _, info := range infos {
			owned += info.Owned
		}
		if err != nil || owned != 40 {
			t.Errorf("parts own %d vertices: %v", owned, err)
		}
		sameAnswers(t, distributedAnswers(t, ctx, g, &gg.RunOptions{Plan: plan}), want)
		var stats gg.RunStats
		if _, err := g.BFS(ctx, 3, &gg.RunOptions{Plan: plan, Stats: &stats}); err != nil ||
			stats.NumParts != 2 || len(stats.PartComputeMs) != 2 {
			t.Errorf("stats %+v: %v", stats, err)
		}
		plan.Close()
	}

	// Runs need the plan; the graph's arrays are nowhere whole.
	if _, err := g.BFS(ctx, 0, nil); !errors.Is(err, gg.StatusInvalidArgument) ||
		!strings.Contains(err.Error(), "partition plan") {
		t.Errorf("BFS without a plan: %v", err)
	}
	refused := map[string]error{}
	_, refused["CSR"] = g.CSR(ctx)
	_, refused["OutDegrees"] = g.OutDegrees(ctx)
	_, refused["APSP"] = g.APSP(ctx, nil)
	_, refused["Partition"] = g.Partition(ctx, 2, nil)
	for name, err := range refused {
		if !errors.Is(err, gg.StatusUnsupported) || !strings.Contains(err.Error(), "distributed") {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Replicas two hops deep are built over a distributed graph too.
	if deep, err := g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{ReplicationDepth: 2}); err != nil {
		t.Errorf("replication depth 2: %v", err)
	} else {
		if deep.Stats.ReplicationDepth != 2 {
			t.Errorf("replication depth 2 built %d", deep.Stats.ReplicationDepth)
		}
		deep.Close()
	}
	if _, err := gg.FromCSR(ctx, []uint64{0, 1, 1}, []uint32{1}, nil, nil); !errors.Is(err, gg.StatusUnsupported) {
		t.Errorf("FromCSR: %v", err)
	}

	// Generated: each process its range of the same graph.
	options := gg.Kron(7, 6)
	options.Seed, options.Weighted, options.WeightMin, options.WeightMax = 11, true, 1, 9
	generated, err := gg.Generate(ctx, options)
	if err != nil {
		t.Fatal(err)
	}
	defer generated.Close()
	reference, err := gg.Generate(alone, options)
	if err != nil {
		t.Fatal(err)
	}
	defer reference.Close()
	if generated.NumEdges() != reference.NumEdges() {
		t.Errorf("generated %v, plain %v", generated, reference)
	}
	plan, err := generated.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerBlock})
	if err != nil {
		t.Fatal(err)
	}
	ranks, err := generated.PageRank(ctx, &gg.RunOptions{Plan: plan})
	wantRanks, _ := reference.PageRank(alone, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameAnswers(t, map[string][]float64{"pagerank": ranks}, map[string][]float64{"pagerank": wantRanks})
	plan.Close()

	// A .ggb file, read as shares; then a text file, read by byte ranges.
	dir := t.TempDir()
	path := filepath.Join(dir, "graph.ggb")
	if err := reference.Save(alone, path, gg.FormatGGB); err != nil {
		t.Fatal(err)
	}
	loaded, err := gg.Load(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer loaded.Close()
	plan, err = loaded.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerBlock})
	if err != nil {
		t.Fatal(err)
	}
	defer plan.Close()
	labels, err := loaded.CC(ctx, &gg.RunOptions{Plan: plan})
	wantLabels, _ := reference.CC(alone, nil)
	if err != nil || !reflect.DeepEqual(labels, wantLabels) {
		t.Errorf("CC of the loaded graph: %v", err)
	}
	text := filepath.Join(dir, "graph.el")
	if err := os.WriteFile(text, []byte("0 1\n1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A text file: each process parses its byte range of the lines.
	if loaded, err := gg.Load(ctx, text, nil); err != nil {
		t.Errorf("loading an edge list: %v", err)
	} else {
		if loaded.NumVertices() != 3 || loaded.NumEdges() != 2 {
			t.Errorf("the edge list loaded as %d vertices, %d edges", loaded.NumVertices(), loaded.NumEdges())
		}
		loaded.Close()
	}
}

// ReleaseGraphEdges (ABI 0.10): the plan frees a distributed graph's rows as it
// gathers them. Its runs answer as a plain context's; the graph makes no other
// plan; a graph that is not distributed ignores the option.
func TestAPlanThatReleasesTheEdges(t *testing.T) {
	ctx := worldContext(t)
	alone := cpuContext(t)
	options := gg.Kron(6, 4)
	options.Seed = 13
	g, err := gg.Generate(ctx, options)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	whole, err := gg.Generate(alone, options)
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	releasing := &gg.PartitionPlanOptions{Partitioner: gg.PartitionerRandom, ReplicationDepth: 1, ReleaseGraphEdges: true}
	plan, err := g.PartitionPlan(ctx, 2, releasing)
	if err != nil {
		t.Fatalf("PartitionPlan releasing the edges: %v", err)
	}
	defer plan.Close()
	if plan.Stats.NumParts != 2 || plan.Stats.ReplicationDepth != 1 {
		t.Errorf("plan: %v", plan)
	}
	check := func(when string) {
		t.Helper()
		depths, err := g.BFS(ctx, 1, &gg.RunOptions{Plan: plan})
		wantDepths, _ := whole.BFS(alone, 1, nil)
		if err != nil || !reflect.DeepEqual(depths, wantDepths) {
			t.Errorf("BFS %s: %v", when, err)
		}
		labels, err := g.CC(ctx, &gg.RunOptions{Plan: plan})
		wantLabels, _ := whole.CC(alone, nil)
		if err != nil || !reflect.DeepEqual(labels, wantLabels) {
			t.Errorf("CC %s: %v", when, err)
		}
	}
	check("over the plan that released the edges")
	again, err := g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerRandom})
	if err == nil {
		again.Close()
		t.Errorf("a second plan over a graph whose edges were released was made")
	} else if !errors.Is(err, gg.StatusInvalidArgument) || !strings.Contains(err.Error(), "released") ||
		!strings.Contains(err.Error(), "edges") {
		t.Errorf("a second plan: %v", err)
	}
	check("after the refused second plan")

	// Not distributed: ignored, the edges stay and another plan is made.
	for i := 0; i < 2; i++ {
		plain, err := whole.PartitionPlan(alone, 2, releasing)
		if err != nil {
			t.Fatalf("plain plan %d: %v", i, err)
		}
		depths, err := whole.BFS(alone, 1, &gg.RunOptions{Plan: plain})
		wantDepths, _ := whole.BFS(alone, 1, nil)
		if err != nil || !reflect.DeepEqual(depths, wantDepths) {
			t.Errorf("plain plan %d, BFS: %v", i, err)
		}
		plain.Close()
	}
}

// gg.Exit leaves through C's exit with the status given (a child test binary
// shows it; in the child, after an MPIWorld context, its atexit MPI_Finalize runs).
func TestExitLeavesWithItsStatus(t *testing.T) {
	if os.Getenv("GG_TEST_EXIT") == "1" {
		if ctx, err := gg.NewContext(&gg.ContextOptions{Backend: gg.BackendCPU, MPI: gg.MPIWorld}); err == nil {
			_ = ctx.NumRanks()
		}
		gg.Exit(3)
		return
	}
	child := exec.Command(os.Args[0], "-test.run=^TestExitLeavesWithItsStatus$")
	child.Env = append(os.Environ(), "GG_TEST_EXIT=1")
	output, err := child.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Errorf("child: %v\n%s", err, output)
	}
}
