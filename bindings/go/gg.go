// Package gg binds gg, graph analytics for NVIDIA GPUs with a CPU fallback,
// through cgo. The C library is found with pkg-config (gg.pc); see README.md.
//
//	ctx, err := gg.NewContext(nil)
//	...
//	defer ctx.Close()
//	g, err := gg.Load(ctx, "road.gr", nil)
//	...
//	defer g.Close()
//	dist, err := g.SSSP(ctx, 0, nil)
//
// Vertex ids are uint32 (0-based), edge counts uint64, weights float32.
// Every fallible call returns an error; a *gg.Error carries the library's
// status and message (use errors.As, or errors.Is with a Status).
//
// Contexts and graphs are released by Close, or by a finalizer when the
// program forgets. A Graph is immutable and safe for concurrent use; a
// Context is too (each call holds its mutex while it runs, so that the
// message of a failure is the message of that failure): goroutines that want
// their runs to proceed in parallel use one Context each.
package gg

/*
#cgo pkg-config: --static gg
#include <stdlib.h>
#include <gg.h>
*/
import "C"

import "fmt"

// ABIMajor and ABIMinor are the gg.h version this package was written for.
const (
	ABIMajor = 0
	ABIMinor = 10
)

// Version is the version of the linked C library, "MAJOR.MINOR.PATCH".
func Version() string { return C.GoString(C.gg_version_string()) }

// checkVersion fails when the linked library has another ABI major version or
// an older minor one than this package needs.
func checkVersion() error {
	v := uint32(C.gg_version())
	major, minor := v/10000, (v/100)%100
	if major != ABIMajor || minor < ABIMinor {
		return &Error{Status: StatusUnsupported, Message: fmt.Sprintf(
			"the linked libgg is %s, but this package needs ABI %d.%d (or a newer minor of major %d)",
			Version(), ABIMajor, ABIMinor, ABIMajor)}
	}
	return nil
}
