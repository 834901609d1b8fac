package gg_test

// Calls added in ABI 0.2: layout names from the library, the context's device
// list, and reads that pass the length of every output slice; and backend
// names from the library (0.3).

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"gg"
)

func TestLayoutNamesAreTheLibraryOnes(t *testing.T) {
	var names []string
	for l := gg.LayoutAuto; l <= gg.LayoutTOCAB; l++ {
		names = append(names, l.String())
	}
	want := []string{"auto", "csr", "gshards", "cw", "vsplit", "udt", "tocab"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("layout names %v, want %v", names, want)
	}
	if s := gg.Layout(99).String(); s != "Layout(99)" {
		t.Errorf("Layout(99).String() = %q", s)
	}
	for name, want := range map[string]gg.Layout{"vsplit": gg.LayoutVirtualSplit, "TOCAB": gg.LayoutTOCAB,
		"virtual_split": gg.LayoutVirtualSplit} {
		if got, err := gg.ParseLayout(name); err != nil || got != want {
			t.Errorf("ParseLayout(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	_, err := gg.ParseLayout("zigzag")
	var e *gg.Error
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "cw, vsplit, udt") {
		t.Errorf("ParseLayout(zigzag) = %v; want an invalid-argument error listing the names", err)
	}
}

func TestBackendNamesAreTheLibraryOnes(t *testing.T) {
	var names []string
	for b := gg.BackendAuto; b <= gg.BackendCUDA; b++ {
		names = append(names, b.String())
		if got, err := gg.ParseBackend(b.String()); err != nil || got != b {
			t.Errorf("ParseBackend(%q) = %v, %v; want %v", b.String(), got, err, b)
		}
	}
	if want := []string{"auto", "cpu", "cuda"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("backend names %v, want %v", names, want)
	}
	if s := gg.Backend(99).String(); s != "Backend(99)" {
		t.Errorf("Backend(99).String() = %q", s)
	}
	if got, err := gg.ParseBackend("CPU"); err != nil || got != gg.BackendCPU {
		t.Errorf("ParseBackend(CPU) = %v, %v", got, err)
	}
	for _, name := range []string{"gpu", "", "cpu\x00"} {
		_, err := gg.ParseBackend(name)
		var e *gg.Error
		if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "auto, cpu, cuda") {
			t.Errorf("ParseBackend(%q) = %v; want an invalid-argument error listing the names", name, err)
		}
	}
}

func TestContextDevices(t *testing.T) {
	cases := []struct {
		opts *gg.ContextOptions
		want []int
	}{
		{nil, []int{0}},
		{&gg.ContextOptions{DeviceID: 3}, []int{3}},
		{&gg.ContextOptions{Devices: []int{2, 0, 5}}, []int{2, 0, 5}},
	}
	for _, c := range cases {
		ctx, err := gg.NewContext(c.opts)
		if err != nil {
			t.Fatalf("NewContext(%+v): %v", c.opts, err)
		}
		got, err := ctx.Devices()
		ctx.Close()
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Devices() of %+v = %v, %v; want %v", c.opts, got, err, c.want)
		}
	}
	ctx, err := gg.NewContext(&gg.ContextOptions{AllDevices: true})
	if err != nil {
		t.Fatalf("NewContext(AllDevices): %v", err)
	}
	every, err := ctx.Devices()
	ctx.Close()
	if err != nil {
		t.Fatalf("Devices(): %v", err)
	}
	for i, d := range every {
		if d != i {
			t.Errorf("AllDevices gave %v; want 0, 1, ...", every)
		}
	}
	for _, bad := range [][]int{{1, 1}, {0, -1}} {
		_, err := gg.NewContext(&gg.ContextOptions{Devices: bad})
		var e *gg.Error
		if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument {
			t.Errorf("NewContext(Devices: %v) = %v; want an invalid-argument error", bad, err)
		}
	}
}

func TestReadsWithCapacities(t *testing.T) {
	ctx := cpuContext(t)
	g, err := gg.Generate(ctx, gg.GeneratorOptions{Kind: gg.GeneratorGrid, Rows: 4, Cols: 5})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	defer g.Close()
	csr, err := g.CSR(ctx)
	if err != nil || len(csr.Offsets) != 21 || csr.Offsets[20] != g.NumEdges() {
		t.Fatalf("CSR: %v (offsets %d)", err, len(csr.Offsets))
	}
	shards, err := g.Shard(ctx, &gg.ShardOptions{VerticesPerShard: 4})
	if err != nil {
		t.Fatalf("Shard: %v", err)
	}
	defer shards.Close()
	windows, err := shards.WindowOffsets()
	if err != nil || len(windows) != 26 || windows[25] != g.NumEdges() {
		t.Fatalf("WindowOffsets: %v, %v", windows, err)
	}
	cw, err := shards.ConcatenatedWindows()
	if err != nil {
		t.Fatalf("ConcatenatedWindows: %v", err)
	}
	gs, err := shards.GShards()
	if err != nil {
		t.Fatalf("GShards: %v", err)
	}
	for e, position := range cw.Mapper {
		if cw.SrcIndex[e] != gs.SrcIndex[position] {
			t.Fatalf("CW entry %d: src %d, shard entry %d has %d", e, cw.SrcIndex[e], position, gs.SrcIndex[position])
		}
	}
}
