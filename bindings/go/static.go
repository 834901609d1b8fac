//go:build gg_static

package gg

// Built with `-tags gg_static`, the package links libgg.a instead of
// libgg.so, so that programs run without libgg.so on the loader's path.
// -l:libgg.a is searched in the -L directory that pkg-config gives (GNU ld
// applies every -L to every -l), and --as-needed drops the libgg.so that the
// plain -lgg of gg.pc would otherwise add as a run-time dependency.

/*
#cgo LDFLAGS: -Wl,--as-needed -l:libgg.a
*/
import "C"
