package gg_test

// Partitioned runs (ABI 0.3): a plan's runs equal unpartitioned ones, plan
// statistics counted by hand, bad plans refused with the library's message.

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	"gg"
)

func metisAvailable(t *testing.T, ctx *gg.Context) bool {
	g, err := gg.FromEdges(ctx, 3, []uint32{0, 1}, []uint32{1, 2}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	_, err = g.Partition(ctx, 2, nil)
	return err == nil
}

func partitioners(t *testing.T, ctx *gg.Context) []gg.Partitioner {
	list := []gg.Partitioner{gg.PartitionerRandom, gg.PartitionerBlock}
	if metisAvailable(t, ctx) {
		list = append(list, gg.PartitionerMETIS)
	}
	return list
}

// tinyGraph: 0 -> 1 -> 2 -> 3 -> 0, plus 2 -> 1 (the pair {1, 2} again), a
// self-loop 3 -> 3 and 0 -> 4. With parts [0 0 1 1 1] the undirected pairs
// {0,1} {1,2} {2,3} {0,3} {0,4} are cut at {1,2}, {0,3} and {0,4}: an edge
// cut of 3 (a self-loop never counts).
func tinyGraph(t *testing.T, ctx *gg.Context) *gg.Graph {
	g, err := gg.FromEdges(ctx, 5, []uint32{0, 1, 2, 3, 2, 3, 0}, []uint32{1, 2, 3, 0, 1, 3, 4}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

func TestPartitionerNamesAreTheLibraryOnes(t *testing.T) {
	var names []string
	for p := gg.PartitionerMETIS; p <= gg.PartitionerAuto; p++ {
		names = append(names, p.String())
	}
	if want := []string{"metis", "random", "block", "given", "auto"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("partitioner names %v, want %v", names, want)
	}
	if p, err := gg.ParsePartitioner("BLOCK"); err != nil || p != gg.PartitionerBlock {
		t.Errorf("ParsePartitioner(BLOCK) = %v, %v", p, err)
	}
	if p, err := gg.ParsePartitioner("Auto"); err != nil || p != gg.PartitionerAuto {
		t.Errorf("ParsePartitioner(Auto) = %v, %v", p, err)
	}
	_, err := gg.ParsePartitioner("zigzag")
	if !errors.Is(err, gg.StatusInvalidArgument) || !strings.Contains(err.Error(), "metis, random, block, given, auto") {
		t.Errorf("ParsePartitioner(zigzag) = %v", err)
	}
}

func TestAutoPartitionerChoosesBlockOnAGridAndSaysWhy(t *testing.T) {
	ctx := cpuContext(t)
	g, err := gg.Generate(ctx, gg.Grid(40, 50))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	plan, err := g.PartitionPlan(ctx, 4, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerAuto})
	if err != nil {
		t.Fatal(err)
	}
	defer plan.Close()
	if plan.Stats.NumParts != 4 || plan.Stats.Partitioner != gg.PartitionerBlock ||
		!strings.Contains(plan.Stats.Choice, "auto chose block") {
		t.Errorf("auto on a grid: stats %+v", plan.Stats)
	}
	want, err := g.BFS(ctx, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := g.BFS(ctx, 0, &gg.RunOptions{Plan: plan}); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("BFS under the auto plan: %v, want the unpartitioned depths", err)
	}
	named, err := g.PartitionPlan(ctx, 4, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerBlock})
	if err != nil {
		t.Fatal(err)
	}
	defer named.Close()
	if named.Stats.Partitioner != gg.PartitionerBlock || named.Stats.Choice != "" {
		t.Errorf("a named partitioner: stats %+v, want an empty Choice", named.Stats)
	}
}

func TestPartitionedRunsEqualUnpartitionedRuns(t *testing.T) {
	ctx := cpuContext(t)
	for _, s := range shapes {
		e := randomEdges(s.n, s.m, s.seed)
		g := build(t, ctx, e)
		for _, partitioner := range partitioners(t, ctx) {
			for _, depth := range []uint32{1, 2, 0} {
				what := fmt.Sprintf("n=%d %v depth %d", s.n, partitioner, depth)
				plan, err := g.PartitionPlan(ctx, 3, &gg.PartitionPlanOptions{Partitioner: partitioner,
					ReplicationDepth: depth, AutoReplicationDepth: depth == 0, Seed: 7})
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if plan.Stats.NumParts != 3 || plan.Stats.Partitioner != partitioner ||
					plan.Stats.ReplicationDepth < 1 || plan.Stats.ReplicationDepth > 8 ||
					(depth != 0 && plan.Stats.ReplicationDepth != depth) {
					t.Errorf("%s: stats %+v", what, plan.Stats)
				}
				opts := &gg.RunOptions{Plan: plan}
				for _, source := range []uint32{0, s.n / 2} {
					want, _ := g.BFS(ctx, source, nil)
					if got, err := g.BFS(ctx, source, opts); err != nil || !reflect.DeepEqual(got, want) {
						t.Errorf("BFS %s source %d: %v %v, want %v", what, source, got, err, want)
					}
					wantD, _ := g.SSSP(ctx, source, nil)
					if got, err := g.SSSP(ctx, source, opts); err != nil || !reflect.DeepEqual(got, wantD) {
						t.Errorf("SSSP %s source %d: %v %v, want %v", what, source, got, err, wantD)
					}
					wantW, _ := g.SSWP(ctx, source, nil)
					if got, err := g.SSWP(ctx, source, opts); err != nil || !reflect.DeepEqual(got, wantW) {
						t.Errorf("SSWP %s source %d: %v %v, want %v", what, source, got, err, wantW)
					}
				}
				want, _ := g.CC(ctx, nil)
				if got, err := g.CC(ctx, opts); err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("CC %s: %v %v, want %v", what, got, err, want)
				}
				wantR, _ := g.PageRank(ctx, &gg.RunOptions{Tolerance: 1e-10, MaxIterations: 1000})
				gotR, err := g.PageRank(ctx, &gg.RunOptions{Tolerance: 1e-10, MaxIterations: 1000, Plan: plan})
				if err != nil {
					t.Fatalf("PageRank %s: %v", what, err)
				}
				for v := range wantR {
					if math.Abs(gotR[v]-wantR[v]) > 1e-7 {
						t.Errorf("PageRank %s vertex %d: %g, want %g", what, v, gotR[v], wantR[v])
					}
				}
				x := make([]float32, s.n)
				for v := range x {
					x[v] = float32(v%5) + 0.5
				}
				wantY, _ := g.SpMV(ctx, x, nil)
				gotY, err := g.SpMV(ctx, x, opts)
				if err != nil {
					t.Fatalf("SpMV %s: %v", what, err)
				}
				for v := range wantY {
					if math.Abs(float64(gotY[v]-wantY[v])) > 1e-5*math.Max(1, math.Abs(float64(wantY[v]))) {
						t.Errorf("SpMV %s vertex %d: %g, want %g", what, v, gotY[v], wantY[v])
					}
				}
				plan.Close()
			}
		}
	}
}

func TestPartitionedBCAndAPSP(t *testing.T) {
	ctx := cpuContext(t)
	e := randomEdges(30, 80, 5)
	g := build(t, ctx, e)
	plan, err := g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerBlock})
	if err != nil {
		t.Fatal(err)
	}
	defer plan.Close()
	want, _ := g.BC(ctx, nil, nil)
	got, err := g.BC(ctx, nil, &gg.RunOptions{Plan: plan})
	if err != nil {
		t.Fatal(err)
	}
	for v := range want {
		if math.Abs(got[v]-want[v]) > 1e-9*math.Max(1, want[v]) {
			t.Errorf("BC vertex %d: %g, want %g", v, got[v], want[v])
		}
	}
	wantD, _ := g.APSP(ctx, nil)
	if gotD, err := g.APSP(ctx, &gg.RunOptions{Plan: plan}); err != nil || !reflect.DeepEqual(gotD, wantD) {
		t.Errorf("APSP: %v", err)
	}
}

func TestRunStatsOfAPartitionedRun(t *testing.T) {
	ctx := cpuContext(t)
	g := build(t, ctx, randomEdges(50, 150, 9))
	plan, err := g.PartitionPlan(ctx, 4, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerBlock})
	if err != nil {
		t.Fatal(err)
	}
	defer plan.Close()
	var stats gg.RunStats
	if _, err := g.SSSP(ctx, 0, &gg.RunOptions{Plan: plan, Stats: &stats}); err != nil {
		t.Fatal(err)
	}
	if stats.Backend != gg.BackendCPU || stats.NumParts != 4 || stats.EdgeCut != plan.Stats.EdgeCut ||
		stats.Replicas != plan.Stats.Replicas || stats.ExchangeRounds < 1 || stats.BytesExchanged == 0 ||
		stats.ExchangeMs < 0 || stats.PartitionMs < 0 || len(stats.PartComputeMs) != 4 || len(stats.PartExchangeMs) != 4 ||
		stats.ExchangeHiddenMs != 0 { // the CPU's parts overlap nothing (ABI 0.8)
		t.Errorf("partitioned stats %+v", stats)
	}
	for p := range stats.PartComputeMs {
		if stats.PartComputeMs[p] < 0 || stats.PartExchangeMs[p] < 0 {
			t.Errorf("part %d times %g %g", p, stats.PartComputeMs[p], stats.PartExchangeMs[p])
		}
	}
	if _, err := g.SSSP(ctx, 0, &gg.RunOptions{Stats: &stats}); err != nil {
		t.Fatal(err)
	}
	if stats.NumParts != 1 || stats.ExchangeRounds != 0 || stats.EdgeCut != 0 || stats.BytesExchanged != 0 ||
		len(stats.PartComputeMs) > 1 {
		t.Errorf("unpartitioned stats %+v", stats)
	}
}

func TestGivenPartitionCountedByHand(t *testing.T) {
	ctx := cpuContext(t)
	g := tinyGraph(t, ctx)
	parts := []uint32{0, 0, 1, 1, 1}
	plan, err := g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Parts: parts})
	if err != nil {
		t.Fatal(err)
	}
	defer plan.Close()
	s := plan.Stats
	if s.NumParts != 2 || s.Partitioner != gg.PartitionerGiven || s.ReplicationDepth != 1 || s.EdgeCut != 3 ||
		s.EmptyParts != 0 || s.MaxPartVertices != 3 || s.LocalEdges < g.NumEdges() {
		t.Errorf("stats %+v", s)
	}
	if got, err := plan.Parts(nil); err != nil || !reflect.DeepEqual(got, parts) {
		t.Errorf("Parts() = %v, %v", got, err)
	}
	infos, err := plan.PartInfos(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Depth 1: part 0 ({0, 1}) replicates 2, 3, 4; part 1 ({2, 3, 4}) replicates 0, 1.
	if infos[0].Owned != 2 || infos[1].Owned != 3 || infos[0].Replicas != 3 || infos[1].Replicas != 2 ||
		s.Replicas != 5 || infos[0].Neighbours != 1 || infos[1].Neighbours != 1 ||
		infos[0].LocalEdges+infos[1].LocalEdges != s.LocalEdges {
		t.Errorf("parts %+v, stats %+v", infos, s)
	}
	_, err = plan.Part(ctx, 2)
	var e *gg.Error
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "2") {
		t.Errorf("Part(2) = %v", err)
	}
	if d, err := g.BFS(ctx, 0, &gg.RunOptions{Plan: plan}); err != nil || !reflect.DeepEqual(d, []uint32{0, 1, 2, 3, 1}) {
		t.Errorf("BFS over the plan: %v %v", d, err)
	}

	empty, err := g.PartitionPlan(ctx, 3, &gg.PartitionPlanOptions{Parts: []uint32{2, 2, 0, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	defer empty.Close()
	if info, err := empty.Part(ctx, 1); err != nil || empty.Stats.EmptyParts != 1 || info != (gg.PartInfo{}) {
		t.Errorf("empty part: %+v %v %+v", info, err, empty.Stats)
	}
}

func TestBadPlansCarryTheLibraryMessage(t *testing.T) {
	ctx := cpuContext(t)
	g := tinyGraph(t, ctx)
	var e *gg.Error
	_, err := g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Parts: []uint32{0, 1, 0}})
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "3") ||
		!strings.Contains(e.Message, "5") {
		t.Errorf("a parts array of 3 entries for 5 vertices: %v", err)
	}
	_, err = g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Parts: []uint32{0, 1, 0, 2, 1}})
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "parts[3] = 2") {
		t.Errorf("an entry out of range: %v", err)
	}
	_, err = g.PartitionPlan(ctx, 0, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerRandom})
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "parts") {
		t.Errorf("zero parts: %v", err)
	}
	_, err = g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerRandom, ReplicationDepth: 9})
	if !errors.As(err, &e) || !strings.Contains(e.Message, "depth") {
		t.Errorf("depth 9: %v", err)
	}
	_, err = g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerGiven})
	if !errors.Is(err, gg.StatusInvalidArgument) {
		t.Errorf("given without an array: %v", err)
	}
	if !metisAvailable(t, ctx) {
		_, err = g.PartitionPlan(ctx, 2, nil)
		if !errors.Is(err, gg.StatusUnsupported) || !strings.Contains(err.Error(), "metis") {
			t.Errorf("METIS without METIS: %v", err)
		}
	}
}

func TestPlansOfOtherGraphsAndClosedPlans(t *testing.T) {
	ctx := cpuContext(t)
	g, other := tinyGraph(t, ctx), tinyGraph(t, ctx)
	plan, err := other.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerBlock})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.BFS(ctx, 0, &gg.RunOptions{Plan: plan}); !errors.Is(err, gg.StatusInvalidArgument) {
		t.Errorf("a plan of another graph: %v", err)
	}
	// Closing the graph first keeps it alive for its plan, which still reads.
	other.Close()
	if _, err := other.BFS(ctx, 0, nil); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("run on a closed graph: %v", err)
	}
	if parts, err := plan.Parts(ctx); err != nil || len(parts) != 5 {
		t.Errorf("Parts of a plan whose graph was closed: %v %v", parts, err)
	}
	plan.Close()
	plan.Close()
	if _, err := plan.Part(ctx, 0); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("Part of a closed plan: %v", err)
	}
	if _, err := g.BFS(ctx, 0, &gg.RunOptions{Plan: plan}); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("run with a closed plan: %v", err)
	}
}

func TestCUDARefusesPartitionedRunsForNow(t *testing.T) {
	ctx, err := gg.NewContext(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	g := tinyGraph(t, ctx)
	plan, err := g.PartitionPlan(ctx, 2, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerBlock})
	if err != nil {
		t.Fatal(err)
	}
	defer plan.Close()
	if usable, _ := ctx.CUDAAvailable(); usable {
		if _, err := g.BFS(ctx, 0, &gg.RunOptions{Backend: gg.BackendCUDA, Plan: plan}); !errors.Is(err, gg.StatusUnsupported) {
			t.Errorf("CUDA partitioned run: %v", err)
		}
	} else {
		var stats gg.RunStats
		if _, err := g.BFS(ctx, 0, &gg.RunOptions{Plan: plan, Stats: &stats}); err != nil || stats.Backend != gg.BackendCPU ||
			stats.NumParts != 2 {
			t.Errorf("auto partitioned run without a GPU: %v %+v", err, stats)
		}
	}
}

func TestOnePlanManyGoroutines(t *testing.T) {
	ctx := cpuContext(t)
	g := build(t, ctx, randomEdges(80, 200, 13))
	want, _ := g.SSSP(ctx, 0, nil)
	plan, err := g.PartitionPlan(ctx, 3, &gg.PartitionPlanOptions{Partitioner: gg.PartitionerRandom})
	if err != nil {
		t.Fatal(err)
	}
	defer plan.Close()
	var wg sync.WaitGroup
	failures := make(chan string, 40)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			own, err := gg.NewContext(&gg.ContextOptions{Backend: gg.BackendCPU, NumThreads: 1})
			if err != nil {
				failures <- err.Error()
				return
			}
			defer own.Close()
			for r := 0; r < 10; r++ {
				if got, err := g.SSSP(own, 0, &gg.RunOptions{Plan: plan}); err != nil || !reflect.DeepEqual(got, want) {
					failures <- fmt.Sprintf("%v %v", got, err)
				}
			}
		}()
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}
