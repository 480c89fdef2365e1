//go:build !(cadical && cgo)

package csat

import "errors"

// NewCaDiCaL reports that this build has no CaDiCaL.
func NewCaDiCaL() (*Solver, error) {
	return nil, errors.New("odtx was built without CaDiCaL: rebuild with -tags cadical,minisat (needs cgo and apt-get install libcadical-dev)")
}
