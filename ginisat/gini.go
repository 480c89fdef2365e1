// Package ginisat is odtx's pure-Go SAT back end: github.com/go-air/gini behind
// the solver.Solver interface. It needs no install and no cgo, so it is the
// back end odtx runs when none is named.
package ginisat

import (
	"context"
	"time"

	goair "github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/odtx/odtx/solver"
)

// Solver is an incremental gini solver.
type Solver struct {
	g *goair.Gini
	// reserved is the largest variable gini has been shown: gini resets
	// every variable's saved phase whenever a solve finds more variables
	// than the last, which an incremental search adding examples would
	// do on every call. Showing it variables ahead, in a clause that holds
	// anyway, keeps the phases of one model for the next call, and new
	// variables start false, as in MiniSat.
	reserved int
}

var _ solver.Solver = (*Solver)(nil)

// New returns an empty gini solver.
func New() *Solver {
	return &Solver{g: goair.New()}
}

// AddClause implements solver.ClauseAdder.
func (s *Solver) AddClause(lits []int) {
	top := 0
	for _, l := range lits {
		s.g.Add(z.Dimacs2Lit(l))
		top = max(top, l, -l)
	}
	s.g.Add(z.LitNull)
	if top > s.reserved {
		s.reserved = 2*top + 1024
		r := z.Var(s.reserved)
		s.g.Add(r.Pos())
		s.g.Add(r.Neg())
		s.g.Add(z.LitNull)
	}
}

// Solve implements solver.Solver.
func (s *Solver) Solve(ctx context.Context, assumptions []int) (solver.Result, error) {
	if err := ctx.Err(); err != nil {
		return solver.Unknown, err
	}
	for _, a := range assumptions {
		s.g.Assume(z.Dimacs2Lit(a))
	}
	if ctx.Done() == nil {
		return result(s.g.Solve()), nil
	}
	// gini's asynchronous handle can be stopped but not waited on together
	// with a channel (its Wait holds the lock Stop needs), so poll it, with a
	// back-off that keeps short calls short and long calls cheap.
	h := s.g.GoSolve()
	wait := 20 * time.Microsecond
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			h.Stop()
			return solver.Unknown, ctx.Err()
		case <-timer.C:
		}
		if r, done := h.Test(); done {
			return result(r), nil
		}
		wait = min(2*wait, 5*time.Millisecond)
		timer.Reset(wait)
	}
}

// result translates gini's answer, which is 1, -1 or 0.
func result(r int) solver.Result {
	switch r {
	case 1:
		return solver.Sat
	case -1:
		return solver.Unsat
	}
	return solver.Unknown
}

// Value implements solver.Solver.
func (s *Solver) Value(v int) bool {
	if z.Var(v) > s.g.MaxVar() {
		return false
	}
	return s.g.Value(z.Var(v).Pos())
}

// Close implements solver.Solver. gini holds nothing outside the Go heap.
func (s *Solver) Close() error { return nil }
