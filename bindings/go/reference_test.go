package gg_test

import (
	"container/heap"
	"math"
)

// Test support: seeded edge lists and straightforward references computed
// from the edge list itself, not from anything gg returns.

type edges struct {
	n        uint32
	src, dst []uint32
	weights  []float32
}

func randomEdges(n uint32, m int, seed uint64) edges {
	state := seed*6364136223846793005 + 1442695040888963407
	next := func() uint32 {
		state = state*6364136223846793005 + 1442695040888963407
		return uint32(state >> 33)
	}
	seen := map[[2]uint32]bool{}
	e := edges{n: n}
	for len(e.src) < m {
		u, v := next()%n, next()%n
		if u != v && !seen[[2]uint32{u, v}] {
			seen[[2]uint32{u, v}] = true
			e.src = append(e.src, u)
			e.dst = append(e.dst, v)
			e.weights = append(e.weights, float32(1+next()%9))
		}
	}
	return e
}

type arc struct {
	to uint32
	w  float32
}

func (e edges) adjacency() [][]arc {
	adj := make([][]arc, e.n)
	for i := range e.src {
		adj[e.src[i]] = append(adj[e.src[i]], arc{e.dst[i], e.weights[i]})
	}
	return adj
}

func referenceBFS(e edges, source uint32) []uint32 {
	adj := e.adjacency()
	depth := make([]uint32, e.n)
	for i := range depth {
		depth[i] = math.MaxUint32
	}
	depth[source] = 0
	queue := []uint32{source}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, a := range adj[u] {
			if depth[a.to] == math.MaxUint32 {
				depth[a.to] = depth[u] + 1
				queue = append(queue, a.to)
			}
		}
	}
	return depth
}

type item struct {
	d float32
	v uint32
}
type minHeap []item

func (h minHeap) Len() int            { return len(h) }
func (h minHeap) Less(i, j int) bool  { return h[i].d < h[j].d }
func (h minHeap) Swap(i, j int)       { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x interface{}) { *h = append(*h, x.(item)) }
func (h *minHeap) Pop() interface{} {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func referenceDijkstra(e edges, source uint32) []float32 {
	adj := e.adjacency()
	dist := make([]float32, e.n)
	for i := range dist {
		dist[i] = float32(math.Inf(1))
	}
	dist[source] = 0
	h := &minHeap{{0, source}}
	for h.Len() > 0 {
		it := heap.Pop(h).(item)
		if it.d > dist[it.v] {
			continue
		}
		for _, a := range adj[it.v] {
			if nd := it.d + a.w; nd < dist[a.to] {
				dist[a.to] = nd
				heap.Push(h, item{nd, a.to})
			}
		}
	}
	return dist
}

func referenceComponents(e edges) []uint32 {
	parent := make([]uint32, e.n)
	for i := range parent {
		parent[i] = uint32(i)
	}
	var find func(uint32) uint32
	find = func(x uint32) uint32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for i := range e.src {
		a, b := find(e.src[i]), find(e.dst[i])
		if a < b {
			parent[b] = a
		} else {
			parent[a] = b
		}
	}
	labels := make([]uint32, e.n)
	for v := range labels {
		labels[v] = find(uint32(v))
	}
	return labels
}

func referencePageRank(e edges, damping float64, iterations int) []float64 {
	n := int(e.n)
	adj := e.adjacency()
	rank := make([]float64, n)
	for i := range rank {
		rank[i] = 1 / float64(n)
	}
	for it := 0; it < iterations; it++ {
		dangling := 0.0
		for u := 0; u < n; u++ {
			if len(adj[u]) == 0 {
				dangling += rank[u]
			}
		}
		next := make([]float64, n)
		for v := range next {
			next[v] = (1-damping)/float64(n) + damping*dangling/float64(n)
		}
		for u := 0; u < n; u++ {
			for _, a := range adj[u] {
				next[a.to] += damping * rank[u] / float64(len(adj[u]))
			}
		}
		rank = next
	}
	return rank
}
