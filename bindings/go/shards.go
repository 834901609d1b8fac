package gg

/*
#include <gg.h>
*/
import "C"

import (
	"fmt"
	"runtime"
	"sync"
)

// ShardOptions configures Shard; the zero value (or nil) means the defaults.
type ShardOptions struct {
	VerticesPerShard  uint32 // |N|; 0 applies CuSha's rule
	SharedMemoryBytes uint32 // bounds |N| under the rule; 0 means 48 KiB
	VertexValueBytes  uint32 // bytes of one vertex value; 0 means 4
}

// ShardStats describes a shard structure.
type ShardStats struct {
	NumShards        uint32
	VerticesPerShard uint32
	NumEdges         uint64
	NumWindows       uint64 // |S|^2, empty ones included
	EmptyWindows     uint64
	MaxWindow        uint64
	MeanWindow       float64
	WindowHistogram  [8]uint64 // windows of size 0, 1, 2-3, 4-7, 8-15, 16-31, 32-63, >= 64
	MaxShard         uint64
	GShardsBytes     uint64
	CWBytes          uint64
}

// Shards is CuSha's G-Shards and Concatenated Windows of a graph (CuSha §3),
// owned by the C library. Immutable; safe for concurrent use.
type Shards struct {
	mu    sync.RWMutex
	raw   *C.gg_shards
	Stats ShardStats
}

// GShards holds the G-Shards arrays: shard j is entries Offsets[j]:Offsets[j+1].
type GShards struct {
	Offsets  []uint64
	SrcIndex []uint32
	DstIndex []uint32
	Weights  []float32
}

// ConcatenatedWindows holds the CW arrays: CW_i is entries Offsets[i]:Offsets[i+1];
// Mapper gives each entry's position in the G-Shards arrays.
type ConcatenatedWindows struct {
	Offsets  []uint64
	SrcIndex []uint32
	Mapper   []uint64
}

// gg_shards_* take no context, so the library has no message: the package names the call.
func shardsError(status C.gg_status, what string) error {
	if status == C.GG_OK {
		return nil
	}
	return &Error{Status: Status(status), Message: what + " failed"}
}

// Shard builds the G-Shards and Concatenated Windows of the graph on the host.
func (g *Graph) Shard(ctx *Context, opts *ShardOptions) (*Shards, error) {
	var raw C.gg_shard_options
	C.gg_shard_options_init(&raw)
	if opts != nil {
		raw.vertices_per_shard = C.uint32_t(opts.VerticesPerShard)
		raw.shared_memory_bytes = C.uint32_t(opts.SharedMemoryBytes)
		raw.vertex_value_bytes = C.uint32_t(opts.VertexValueBytes)
	}
	var handle *C.gg_shards
	err := g.with(ctx, func(c *C.gg_context, graph *C.gg_graph) C.gg_status {
		return C.gg_shard(c, graph, &raw, &handle)
	})
	if err != nil {
		return nil, err
	}
	var stats C.gg_shard_stats
	C.gg_shard_stats_init(&stats)
	if err := shardsError(C.gg_shards_get_stats(handle, &stats), "gg_shards_get_stats"); err != nil {
		C.gg_shards_destroy(handle)
		return nil, err
	}
	s := &Shards{raw: handle, Stats: ShardStats{
		NumShards: uint32(stats.num_shards), VerticesPerShard: uint32(stats.vertices_per_shard),
		NumEdges: uint64(stats.num_edges), NumWindows: uint64(stats.num_windows),
		EmptyWindows: uint64(stats.empty_windows), MaxWindow: uint64(stats.max_window),
		MeanWindow: float64(stats.mean_window), MaxShard: uint64(stats.max_shard),
		GShardsBytes: uint64(stats.gshards_bytes), CWBytes: uint64(stats.cw_bytes),
	}}
	for i := range s.Stats.WindowHistogram {
		s.Stats.WindowHistogram[i] = uint64(stats.window_histogram[i])
	}
	runtime.SetFinalizer(s, (*Shards).Close)
	return s, nil
}

// Close releases the structure. Closing twice is harmless.
func (s *Shards) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.raw != nil {
		C.gg_shards_destroy(s.raw)
		s.raw = nil
		runtime.SetFinalizer(s, nil)
	}
	return nil
}

func (s *Shards) with(what string, fn func(raw *C.gg_shards) C.gg_status) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.raw == nil {
		return invalid("the gg.Shards has been closed")
	}
	return shardsError(fn(s.raw), what)
}

// GShards copies the G-Shards arrays.
func (s *Shards) GShards() (*GShards, error) {
	m := s.Stats.NumEdges
	out := &GShards{Offsets: make([]uint64, s.Stats.NumShards+1), SrcIndex: make([]uint32, m),
		DstIndex: make([]uint32, m), Weights: make([]float32, m)}
	err := s.with("gg_shards_copy_shards", func(raw *C.gg_shards) C.gg_status {
		return C.gg_shards_copy_shards(raw, u64p(out.Offsets), u32p(out.SrcIndex), u32p(out.DstIndex), f32p(out.Weights))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// WindowOffsets copies the window boundaries: W(i, j) is entries
// w[j*S+i]:w[j*S+i+1] of the G-Shards arrays.
func (s *Shards) WindowOffsets() ([]uint64, error) {
	count := uint64(s.Stats.NumShards)*uint64(s.Stats.NumShards) + 1
	out := make([]uint64, count)
	err := s.with("gg_shards_copy_windows", func(raw *C.gg_shards) C.gg_status {
		return C.gg_shards_copy_windows(raw, u64p(out))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ConcatenatedWindows copies the CW arrays.
func (s *Shards) ConcatenatedWindows() (*ConcatenatedWindows, error) {
	m := s.Stats.NumEdges
	out := &ConcatenatedWindows{Offsets: make([]uint64, s.Stats.NumShards+1), SrcIndex: make([]uint32, m),
		Mapper: make([]uint64, m)}
	err := s.with("gg_shards_copy_cw", func(raw *C.gg_shards) C.gg_status {
		return C.gg_shards_copy_cw(raw, u64p(out.Offsets), u32p(out.SrcIndex), u64p(out.Mapper))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Shards) String() string {
	return fmt.Sprintf("gg.Shards{shards: %d, vertices per shard: %d, edges: %d}", s.Stats.NumShards,
		s.Stats.VerticesPerShard, s.Stats.NumEdges)
}
