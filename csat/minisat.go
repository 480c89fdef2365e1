//go:build minisat && cgo

package csat

/*
// The static library, so that odtx runs where MiniSat is not installed;
// libstdc++ static too, as cadical.go says.
#cgo LDFLAGS: -l:libminisat.a -l:libstdc++.a -lm
#include "shim.h"
*/
import "C"

// NewMiniSat returns an empty MiniSat 2.2 solver with MiniSat's defaults, the
// paper's solver. The error reports a build without MiniSat, or a solver
// that could not be allocated.
func NewMiniSat() (*Solver, error) {
	return open(C.odtx_minisat(), "minisat")
}
