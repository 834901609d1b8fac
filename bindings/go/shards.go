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
	// The reads take no *Context (their signatures predate the C calls that
	// need one), so the structure keeps a context of its own for them.
	reads *Context
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
	err = ctx.call(func(c *C.gg_context) C.gg_status { return C.gg_shards_read_stats(c, handle, &stats) })
	var reads *Context
	if err == nil {
		reads, err = NewContext(nil)
	}
	if err != nil {
		C.gg_shards_destroy(handle)
		return nil, err
	}
	s := &Shards{raw: handle, reads: reads, Stats: ShardStats{
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
		s.reads.Close()
		runtime.SetFinalizer(s, nil)
	}
	return nil
}

func (s *Shards) with(fn func(c *C.gg_context, raw *C.gg_shards) C.gg_status) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.raw == nil {
		return invalid("the gg.Shards has been closed")
	}
	return s.reads.call(func(c *C.gg_context) C.gg_status { return fn(c, s.raw) })
}

// GShards copies the G-Shards arrays.
func (s *Shards) GShards() (*GShards, error) {
	m := s.Stats.NumEdges
	out := &GShards{Offsets: make([]uint64, s.Stats.NumShards+1), SrcIndex: make([]uint32, m),
		DstIndex: make([]uint32, m), Weights: make([]float32, m)}
	// Each array goes with its length: the library refuses to write past it.
	err := s.with(func(c *C.gg_context, raw *C.gg_shards) C.gg_status {
		return C.gg_shards_read_shards(c, raw, u64p(out.Offsets), capacity(len(out.Offsets)), u32p(out.SrcIndex),
			capacity(len(out.SrcIndex)), u32p(out.DstIndex), capacity(len(out.DstIndex)), f32p(out.Weights),
			capacity(len(out.Weights)))
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
	err := s.with(func(c *C.gg_context, raw *C.gg_shards) C.gg_status {
		return C.gg_shards_read_windows(c, raw, u64p(out), capacity(len(out)))
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
	err := s.with(func(c *C.gg_context, raw *C.gg_shards) C.gg_status {
		return C.gg_shards_read_cw(c, raw, u64p(out.Offsets), capacity(len(out.Offsets)), u32p(out.SrcIndex),
			capacity(len(out.SrcIndex)), u64p(out.Mapper), capacity(len(out.Mapper)))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// capacity is a slice length as the uint64_t capacity the gg_*_read_* calls take.
func capacity(length int) C.uint64_t { return C.uint64_t(length) }

func (s *Shards) String() string {
	return fmt.Sprintf("gg.Shards{shards: %d, vertices per shard: %d, edges: %d}", s.Stats.NumShards,
		s.Stats.VerticesPerShard, s.Stats.NumEdges)
}
