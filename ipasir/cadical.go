//go:build cadical && cgo

package ipasir

// #cgo LDFLAGS: -lcadical -lstdc++ -lm
// #include "shim.h"
import "C"

// NewCaDiCaL returns an empty CaDiCaL solver, set up for many incremental
// calls (see cadical.c). The error reports a build without CaDiCaL, or a
// solver that could not be allocated.
func NewCaDiCaL() (*Solver, error) {
	return open(C.odtx_cadical(), "cadical")
}
