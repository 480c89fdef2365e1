//go:build !(minisat && cgo)

package csat

import "errors"

// NewMiniSat reports that this build has no MiniSat.
func NewMiniSat() (*Solver, error) {
	return nil, errors.New("odtx was built without MiniSat: rebuild with -tags cadical,minisat (needs cgo, g++ and apt-get install minisat)")
}
