//go:build cadical && cgo

package csat

/*
// libstdc++ is linked statically: loading the shared one at every start
// cost more than a whole run on a small dataset can spare.
#cgo LDFLAGS: -lcadical -l:libstdc++.a -lm
#include "shim.h"
*/
import "C"

// NewCaDiCaL returns an empty CaDiCaL solver, set up for many incremental
// calls (see cadical.c). The error reports a build without CaDiCaL, or a
// solver that could not be allocated.
func NewCaDiCaL() (*Solver, error) {
	return open(C.odtx_cadical(), "cadical")
}
