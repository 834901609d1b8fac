package gg_test

import (
	"errors"
	"strings"
	"testing"

	"gg"
)

// kuhn is the size of a maximum matching by Kuhn's augmenting paths
// (recursive: the graphs are small).
func kuhn(leftAdjacency [][]uint32, numRight int) uint64 {
	rightMate := make([]int, numRight)
	for r := range rightMate {
		rightMate[r] = -1
	}
	var augment func(l int, seen []bool) bool
	augment = func(l int, seen []bool) bool {
		for _, r := range leftAdjacency[l] {
			if seen[r] {
				continue
			}
			seen[r] = true
			if rightMate[r] < 0 || augment(rightMate[r], seen) {
				rightMate[r] = l
				return true
			}
		}
		return false
	}
	var size uint64
	for l := range leftAdjacency {
		if augment(l, make([]bool, numRight)) {
			size++
		}
	}
	return size
}

func TestMatchingIsMaximum(t *testing.T) {
	ctx := cpuContext(t)
	for _, c := range []struct {
		left, right uint32
		pairs       int
		seed        uint64
	}{{12, 9, 20, 1}, {40, 50, 70, 2}, {60, 30, 200, 3}} {
		n := c.left + c.right
		drawn := randomEdges(n, 4*c.pairs, c.seed)
		// The drawn edges that join the two sides, in their drawn direction.
		e := edges{n: n}
		leftAdjacency := make([][]uint32, c.left)
		joined := map[[2]uint32]bool{}
		for i := range drawn.src {
			u, v := drawn.src[i], drawn.dst[i]
			if (u < c.left) == (v < c.left) || len(e.src) == c.pairs {
				continue
			}
			e.src, e.dst = append(e.src, u), append(e.dst, v)
			joined[[2]uint32{u, v}], joined[[2]uint32{v, u}] = true, true
			l, r := u, v
			if u >= c.left {
				l, r = v, u
			}
			leftAdjacency[l] = append(leftAdjacency[l], r-c.left)
		}
		g := build(t, ctx, e)
		var stats gg.RunStats
		mates, size, err := g.Matching(ctx, c.left, &gg.RunOptions{Stats: &stats})
		if err != nil {
			t.Fatalf("Matching: %v", err)
		}
		if want := kuhn(leftAdjacency, int(c.right)); size != want {
			t.Errorf("n=%d: %d pairs, Kuhn finds %d", n, size, want)
		}
		if stats.Iterations == 0 {
			t.Errorf("n=%d: no phase reported", n)
		}
		ends := uint64(0)
		for v, m := range mates {
			if m == gg.Unmatched {
				continue
			}
			if mates[m] != uint32(v) || (uint32(v) < c.left) == (m < c.left) || !joined[[2]uint32{uint32(v), m}] {
				t.Fatalf("n=%d: vertex %d has mate %d (whose mate is %d)", n, v, m, mates[m])
			}
			ends++
		}
		if ends != 2*size {
			t.Errorf("n=%d: %d matched vertices for %d pairs", n, ends, size)
		}
	}
}

func TestMatchingErrors(t *testing.T) {
	ctx := cpuContext(t)
	g := build(t, ctx, edges{n: 4, src: []uint32{0, 0}, dst: []uint32{1, 3}})
	_, _, err := g.Matching(ctx, 3, nil)
	var e *gg.Error
	if !errors.As(err, &e) || e.Status != gg.StatusInvalidArgument || !strings.Contains(e.Message, "0 -> 1") {
		t.Errorf("Matching with an edge inside the left side: %v", err)
	}
	if _, _, err := g.Matching(ctx, 5, nil); !errors.Is(err, gg.StatusInvalidArgument) {
		t.Errorf("Matching with numLeft above n: %v", err)
	}
	mates, size, err := g.Matching(ctx, 1, nil)
	if err != nil || size != 1 || mates[mates[0]] != 0 {
		t.Errorf("Matching(1) = %v, %d, %v", mates, size, err)
	}
}
