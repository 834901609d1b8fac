package gg_test

import (
	"fmt"
	"log"

	"gg"
)

// Build a small weighted graph, run SSSP from vertex 0, read the distances.
func Example() {
	ctx, err := gg.NewContext(nil)
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()
	g, err := gg.FromEdges(ctx, 4, []uint32{0, 1, 0, 2}, []uint32{1, 2, 2, 3}, []float32{1, 2, 5, 1}, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer g.Close()
	distances, err := g.SSSP(ctx, 0, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(distances)
	// Output: [0 1 3 4]
}
