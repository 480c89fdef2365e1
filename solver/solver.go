// Package solver defines the incremental SAT solver interface that odtx's
// encoder and search loop are written against, and what works on any
// solver behind it: the Formula that keeps clauses to check models
// against, the iCNF Trace of a run, and the Portfolio that races solvers.
// The back ends themselves are packages of their own (ginisat, csat,
// process), gathered by name in package backend.
//
// Literals are DIMACS integers: variable v is the literal v, its negation -v,
// and variables are numbered from 1.
package solver

import "context"

// Result is the answer of a Solve call. The values are the SAT competition's
// exit codes.
type Result int

// The possible answers.
const (
	Unknown Result = 0
	Sat     Result = 10
	Unsat   Result = 20
)

// String names the answer as the competition format does: SAT, UNSAT or
// UNKNOWN.
func (r Result) String() string {
	switch r {
	case Sat:
		return "SAT"
	case Unsat:
		return "UNSAT"
	}
	return "UNKNOWN"
}

// ClauseAdder receives clauses. It is all an encoder needs to write a formula,
// so that formulas can go to a solver, a file or a test recorder alike.
type ClauseAdder interface {
	// AddClause adds the disjunction of lits. The solver does not keep lits,
	// so the caller may reuse the slice.
	AddClause(lits []int)
}

// Solver is an incremental SAT solver: clauses accumulate across calls, and
// assumptions hold for one call only.
type Solver interface {
	ClauseAdder
	// Solve decides the clauses added so far under the assumptions. It
	// returns Unknown with ctx's error when ctx ends first.
	Solve(ctx context.Context, assumptions []int) (Result, error)
	// Value reports whether variable v is true in the model found by the
	// last Solve that returned Sat.
	Value(v int) bool
	// Close releases the solver's resources.
	Close() error
}
