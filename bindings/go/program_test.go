package gg_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"gg"
)

// BFS in the CuSha model: each vertex pulls the smallest depth + 1 from its in-edges.
const cushaBFS = `typedef struct { uint32_t depth; } gg_vertex;

GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
    v->depth = info->id == g->source ? 0u : UINT32_MAX;
    return info->id == g->source;
}

GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,
                                 const gg_program_globals *g) {
    local->depth = v->depth;
}

GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local, const gg_program_globals *g) {
    if (src->depth != UINT32_MAX && src->depth + 1 < local->depth) local->depth = src->depth + 1;
}

GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,
                                    const gg_program_globals *g) {
    return local->depth < old->depth;
}
`

// Each vertex counts its supersteps while iteration + 1 < params[1]; x starts at params[0].
const counterSource = `typedef struct { double x; uint32_t rounds; } gg_vertex;

GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
    v->x = g->params[0];
    v->rounds = 0;
    return 1;
}

GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,
                                 const gg_program_globals *g) {
    *local = *v;
    local->rounds += 1;
}

GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local, const gg_program_globals *g) {
}

GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,
                                    const gg_program_globals *g) {
    return g->iteration + 1 < (uint32_t)g->params[1];
}
`

type depth struct{ Depth uint32 }

// counter mirrors struct { double x; uint32_t rounds; } with its C padding.
type counter struct {
	X       float64
	Rounds  uint32
	Padding uint32
}

// programContext is a CPU context whose compiled programs go to a fresh cache directory.
func programContext(t *testing.T) (*gg.Context, string) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("GG_CACHE_DIR", dir)
	return cpuContext(t), dir
}

func depths(values []depth) []uint32 {
	out := make([]uint32, len(values))
	for i, v := range values {
		out[i] = v.Depth
	}
	return out
}

func TestProgramFromSourceMatchesBFS(t *testing.T) {
	ctx, cacheDir := programContext(t)
	e := randomEdges(80, 240, 9)
	g := build(t, ctx, e)
	p, err := gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelCuSha, VertexValueSize: 4, Source: cushaBFS,
		Name: "cusha_bfs"})
	if err != nil {
		t.Fatalf("NewProgram: %v", err)
	}
	defer p.Close()
	built, err := p.Prepare(ctx, gg.BackendCPU)
	if err != nil {
		t.Fatalf("Prepare: %v", err)
	}
	if built.Backend != gg.BackendCPU || !built.Compiled || built.CacheHit || built.CompileMs <= 0 {
		t.Fatalf("first Prepare: %+v", built)
	}
	if entries, _ := os.ReadDir(cacheDir); len(entries) == 0 {
		t.Fatalf("GG_CACHE_DIR %s holds no compiled program", cacheDir)
	}
	for _, s := range []uint32{0, 17, 79} {
		values, stats, err := gg.RunProgram[depth](ctx, g, p, nil, &gg.ProgramRunOptions{HasSource: true, Source: s})
		if err != nil {
			t.Fatalf("RunProgram from %d: %v", s, err)
		}
		want, err := g.BFS(ctx, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := depths(values); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(got, referenceBFS(e, s)) {
			t.Fatalf("source %d: program %v, BFS %v", s, got, want)
		}
		deepest := uint32(0)
		for _, d := range want {
			if d != gg.Unreachable && d > deepest {
				deepest = d
			}
		}
		if !stats.Converged || stats.Backend != gg.BackendCPU || stats.Iterations != deepest+1 {
			t.Fatalf("source %d: stats %+v, deepest level %d", s, stats, deepest)
		}
	}
	// Raw bytes, given by the caller and updated in place, hold the same.
	buffer := make([]uint32, g.NumVertices())
	bytes := unsafeBytes(buffer)
	var stats gg.RunStats
	out, _, err := p.Run(ctx, g, bytes, &gg.ProgramRunOptions{HasSource: true, Source: 17,
		Run: &gg.RunOptions{Backend: gg.BackendCPU, Stats: &stats}})
	if err != nil || &out[0] != &bytes[0] {
		t.Fatalf("Run: %v", err)
	}
	if !reflect.DeepEqual(buffer, referenceBFS(e, 17)) || !stats.Converged || stats.Backend != gg.BackendCPU {
		t.Fatalf("Run into bytes: %v, stats %+v", buffer, stats)
	}
	// The same source and name in a second program come from the on-disk cache.
	again, err := gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelCuSha, VertexValueSize: 4, Source: cushaBFS,
		Name: "cusha_bfs"})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if built, err := again.Prepare(nil, gg.BackendCPU); err != nil || !built.CacheHit || built.Compiled {
		t.Fatalf("second program's Prepare: %+v, %v", built, err)
	}
}

// loadExample loads examples/programs/NAME.ggp and reads its description; the test closes it.
func loadExample(t *testing.T, ctx *gg.Context, name string) (*gg.Program, gg.ProgramDesc) {
	t.Helper()
	p, err := gg.LoadProgram(ctx, filepath.Join("..", "..", "examples", "programs", name+".ggp"))
	if err != nil {
		t.Fatalf("LoadProgram(%s): %v", name, err)
	}
	t.Cleanup(func() { p.Close() })
	d, err := p.Desc()
	if err != nil {
		t.Fatal(err)
	}
	return p, d
}

func TestProgramFileBFS(t *testing.T) {
	ctx, _ := programContext(t)
	e := randomEdges(80, 240, 9)
	g := build(t, ctx, e)
	p, d := loadExample(t, ctx, "bfs")
	if d.Model != gg.ModelEMV || d.Name != "bfs" || d.VertexValueSize != 4 || d.Combiner != gg.CombineMin ||
		d.MessageType != gg.ScalarUint32 || d.MessageSize != 4 || d.Output != "depth" || d.HasHalt ||
		!strings.Contains(d.Source, "gg_send") || len(d.Params) != gg.MaxProgramParams {
		t.Fatalf("Desc: %+v", d)
	}
	values, stats, err := gg.RunProgram[uint32](ctx, g, p, nil, &gg.ProgramRunOptions{HasSource: true, Source: 3})
	if err != nil {
		t.Fatalf("RunProgram: %v", err)
	}
	want, _ := g.BFS(ctx, 3, nil)
	if !reflect.DeepEqual(values, want) || !reflect.DeepEqual(values, referenceBFS(e, 3)) {
		t.Fatalf("program %v, BFS %v", values, want)
	}
	if !stats.Converged || stats.Iterations < 2 {
		t.Fatalf("stats %+v", stats)
	}

	_, err = gg.LoadProgram(ctx, filepath.Join(t.TempDir(), "missing.ggp"))
	if !errors.Is(err, gg.StatusIO) {
		t.Fatalf("a missing file: %v", err)
	}
	broken := filepath.Join(t.TempDir(), "broken.ggp")
	if err := os.WriteFile(broken, []byte("//! model: emv\n//! vertex: four\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = gg.LoadProgram(ctx, broken)
	if !errors.Is(err, gg.StatusParse) || !strings.Contains(err.Error(), "broken.ggp:2:") {
		t.Fatalf("a malformed file: %v", err)
	}
}

// A CuSha-model program file asked to run over CuSha's layouts: the CPU
// accepts them, runs its CSR and says so; the hop counts are BFS's.
func TestCuShaProgramFileOverCuShasLayouts(t *testing.T) {
	ctx, _ := programContext(t)
	e := randomEdges(80, 240, 9)
	g := build(t, ctx, e)
	p, d := loadExample(t, ctx, "bfs_cusha")
	if d.Model != gg.ModelCuSha || d.Name != "bfs_cusha" || d.Output != "depth" {
		t.Fatalf("Desc: %+v", d)
	}
	for _, layout := range []gg.Layout{gg.LayoutGShards, gg.LayoutCW} {
		opts := &gg.ProgramRunOptions{HasSource: true, Source: 3, Run: &gg.RunOptions{Layout: layout}}
		values, stats, err := gg.RunProgram[uint32](ctx, g, p, nil, opts)
		if err != nil {
			t.Fatalf("RunProgram over %v: %v", layout, err)
		}
		if !reflect.DeepEqual(values, referenceBFS(e, 3)) {
			t.Fatalf("over %v: %v", layout, values)
		}
		if stats.Layout != gg.LayoutCSR || !stats.Converged {
			t.Fatalf("over %v: stats %+v", layout, stats)
		}
	}
}

// pagerankValue is examples/programs/pagerank.ggp's gg_vertex.
type pagerankValue struct {
	Rank      float64
	OutDegree uint32
	Unused    uint32
}

func TestProgramFilePageRankSumsInAnyOrder(t *testing.T) {
	ctx, _ := programContext(t)
	g := build(t, ctx, randomEdges(80, 240, 9))
	p, d := loadExample(t, ctx, "pagerank")
	if d.Model != gg.ModelEMV || d.Combiner != gg.CombineUnorderedSum || d.MessageType != gg.ScalarDouble ||
		d.MessageSize != 8 || !d.HasHalt {
		t.Fatalf("Desc: %+v", d)
	}
	values, stats, err := gg.RunProgram[pagerankValue](ctx, g, p, nil, nil)
	if err != nil {
		t.Fatalf("RunProgram: %v", err)
	}
	want, err := g.PageRank(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The CPU adds in in-edge order, as the built-in does.
	for v := range want {
		if diff := values[v].Rank - want[v]; diff > 1e-12 || diff < -1e-12 {
			t.Fatalf("vertex %d: %.17g, PageRank %.17g", v, values[v].Rank, want[v])
		}
	}
	if !stats.Converged {
		t.Fatalf("stats %+v", stats)
	}
}

func TestProgramSyntaxErrorIsAParseErrorWithALine(t *testing.T) {
	ctx, _ := programContext(t)
	g := build(t, ctx, randomEdges(20, 40, 1))
	lines := strings.Split(cushaBFS, "\n")
	wrong := -1
	for i, line := range lines {
		if strings.Contains(line, "local->depth = v->depth;") {
			wrong = i
			lines[i] = strings.Replace(line, ";", "", 1) // line wrong + 1 lacks its semicolon
		}
	}
	p, err := gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelCuSha, VertexValueSize: 4,
		Source: strings.Join(lines, "\n"), Name: "broken_bfs"})
	if err != nil {
		t.Fatalf("nothing is compiled at creation: %v", err)
	}
	defer p.Close()
	_, prepareErr := p.Prepare(ctx, gg.BackendCPU)
	_, _, runErr := gg.RunProgram[depth](ctx, g, p, nil, &gg.ProgramRunOptions{HasSource: true})
	located := regexp.MustCompile(`broken_bfs:(\d+):\d+: error`)
	for _, err := range []error{prepareErr, runErr} {
		var ggErr *gg.Error
		if !errors.As(err, &ggErr) || ggErr.Status != gg.StatusParse || !strings.Contains(ggErr.Message, "does not compile") {
			t.Fatalf("want a parse error, got %v", err)
		}
		match := located.FindStringSubmatch(ggErr.Message)
		if match == nil {
			t.Fatalf("no broken_bfs:LINE:COLUMN: error in %s", ggErr.Message)
		}
		if line, _ := strconv.Atoi(match[1]); line != wrong+1 && line != wrong+2 {
			t.Fatalf("line %d, want %d: %s", line, wrong+1, ggErr.Message)
		}
	}
}

func TestProgramParamsCapKeepValuesAndChecks(t *testing.T) {
	ctx, _ := programContext(t)
	g, err := gg.Generate(ctx, gg.Grid(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	n := int(g.NumVertices())
	p, err := gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelCuSha, VertexValueSize: 16, Source: counterSource,
		Params: []float64{1.5, 5}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	values, stats, err := gg.RunProgram[counter](ctx, g, p, nil, nil)
	// Supersteps 0-3 update every vertex, superstep 4 none: the run converges after 5.
	if err != nil || stats.Iterations != 5 || !stats.Converged {
		t.Fatalf("stats %+v, %v", stats, err)
	}
	for _, v := range values {
		if v.X != 1.5 || v.Rounds != 4 {
			t.Fatalf("values %+v", values)
		}
	}
	values, stats, err = gg.RunProgram[counter](ctx, g, p, nil, &gg.ProgramRunOptions{Params: []float64{-2},
		MaxIterations: 3})
	if err != nil || stats.Iterations != 3 || stats.Converged {
		t.Fatalf("capped: stats %+v, %v", stats, err)
	}
	for _, v := range values {
		if v.X != -2 || v.Rounds != 3 {
			t.Fatalf("capped: values %+v", values)
		}
	}
	start := make([]counter, n)
	for i := range start {
		start[i] = counter{X: 7, Rounds: 10}
	}
	values, _, err = gg.RunProgram(ctx, g, p, start, &gg.ProgramRunOptions{KeepValues: true})
	if err != nil || &values[0] != &start[0] {
		t.Fatalf("keep values: %v", err)
	}
	for _, v := range start {
		if v.X != 7 || v.Rounds != 14 {
			t.Fatalf("keep values, in place: %+v", start)
		}
	}

	checks := []struct {
		err  error
		want string
	}{
		{thirdOf(gg.RunProgram[depth](ctx, g, p, nil, nil)), "has 4 bytes, but the program's VertexValueSize is 16"},
		{thirdOf(gg.RunProgram[struct {
			P *int
			_ [8]byte
		}](ctx, g, p, nil, nil)), "cannot hold a vertex value"},
		{thirdOf(gg.RunProgram(ctx, g, p, make([]counter, n-1), nil)), "values has 11 entries; 12 are needed"},
		{thirdOf(gg.RunProgram[counter](ctx, g, p, nil, &gg.ProgramRunOptions{KeepValues: true})), "KeepValues"},
		{thirdOf(gg.RunProgram[counter](ctx, g, p, nil, &gg.ProgramRunOptions{Params: make([]float64, 9)})),
			"Params has 9 entries; at most 8"},
		{thirdOf(gg.RunProgram[counter](ctx, g, p, nil, &gg.ProgramRunOptions{HasSource: true, Source: 12})), "source"},
		{thirdOf(p.Run(ctx, g, make([]byte, 16*n+1), nil)), "values has 193 bytes; 192 are needed"},
		{thirdOf(p.Run(ctx, g, make([]byte, 16*n+4)[4:], nil)), "not aligned to 8 bytes"},
		{second(gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelCuSha, Source: counterSource})), "vertex_value_size"},
		{second(gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelEMV, VertexValueSize: 4, Source: cushaBFS,
			Combiner: gg.CombineMin})), "message_type"},
	}
	for i, c := range checks {
		var ggErr *gg.Error
		if !errors.As(c.err, &ggErr) || ggErr.Status != gg.StatusInvalidArgument || !strings.Contains(ggErr.Message, c.want) {
			t.Errorf("check %d: want an invalid argument containing %q, got %v", i, c.want, c.err)
		}
	}
	// A stated size that is not the source's is the compiler's to find.
	wrongSize, err := gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelCuSha, VertexValueSize: 8, Source: cushaBFS})
	if err != nil {
		t.Fatal(err)
	}
	defer wrongSize.Close()
	if _, err := wrongSize.Prepare(ctx, gg.BackendCPU); !errors.Is(err, gg.StatusParse) ||
		!strings.Contains(err.Error(), "gg_error_vertex_value_size_is_not_sizeof_gg_vertex") {
		t.Fatalf("wrong size: %v", err)
	}
	p.Close()
	if _, _, err := gg.RunProgram[counter](ctx, g, p, nil, nil); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("a closed program: %v", err)
	}
}

func TestOneProgramManyGoroutines(t *testing.T) {
	ctx, _ := programContext(t)
	e := randomEdges(80, 240, 9)
	g := build(t, ctx, e)
	p, err := gg.NewProgram(ctx, &gg.ProgramDesc{Model: gg.ModelCuSha, VertexValueSize: 4, Source: cushaBFS})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var wg sync.WaitGroup
	for s := uint32(0); s < 8; s++ {
		wg.Add(1)
		go func(s uint32) {
			defer wg.Done()
			own, err := gg.NewContext(&gg.ContextOptions{Backend: gg.BackendCPU})
			if err != nil {
				t.Error(err)
				return
			}
			defer own.Close()
			values, _, err := gg.RunProgram[uint32](own, g, p, nil, &gg.ProgramRunOptions{HasSource: true, Source: s * 9})
			if err != nil || !reflect.DeepEqual(values, referenceBFS(e, s*9)) {
				t.Errorf("goroutine %d: %v", s, err)
			}
		}(s)
	}
	wg.Wait()
}

// unsafeBytes is the memory of a []uint32 as bytes (aligned as the uint32s).
func unsafeBytes(s []uint32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 4*len(s))
}

func second[A any](_ A, err error) error { return err }

func thirdOf[A, B any](_ A, _ B, err error) error { return err }
