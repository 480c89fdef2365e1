//go:build !(cadical && cgo)

package ipasir

import (
	"context"
	"errors"

	"github.com/odtx/odtx/solver"
)

var errNoCaDiCaL = errors.New("odtx was built without CaDiCaL: rebuild with -tags cadical (needs cgo and apt-get install libcadical-dev)")

// Solver stands in for the CaDiCaL binding in builds without it. New never
// returns one, so its methods only satisfy the interface.
type Solver struct{}

var (
	_ solver.Solver = (*Solver)(nil)
	_ solver.Failer = (*Solver)(nil)
)

// New reports that this build has no CaDiCaL.
func New() (*Solver, error) { return nil, errNoCaDiCaL }

// AddClause implements solver.ClauseAdder.
func (*Solver) AddClause([]int) {}

// Solve implements solver.Solver.
func (*Solver) Solve(context.Context, []int) (solver.Result, error) {
	return solver.Unknown, errNoCaDiCaL
}

// Value implements solver.Solver.
func (*Solver) Value(int) bool { return false }

// Failed implements solver.Failer.
func (*Solver) Failed(int) bool { return false }

// Signature names the solver library.
func (*Solver) Signature() string { return "" }

// Close implements solver.Solver.
func (*Solver) Close() error { return nil }
