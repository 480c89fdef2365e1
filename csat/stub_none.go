//go:build !((cadical || minisat) && cgo)

package csat

import (
	"context"
	"errors"

	"github.com/odtx/odtx/solver"
)

// Solver stands in for the C solvers in builds without any. No constructor
// returns one, so its methods only satisfy the interface.
type Solver struct{}

var _ solver.Solver = (*Solver)(nil)

// AddClause implements solver.ClauseAdder.
func (*Solver) AddClause([]int) {}

// Solve implements solver.Solver.
func (*Solver) Solve(context.Context, []int) (solver.Result, error) {
	return solver.Unknown, errors.New("csat: no C solver in this build")
}

// Value implements solver.Solver.
func (*Solver) Value(int) bool { return false }

// Close implements solver.Solver.
func (*Solver) Close() error { return nil }
