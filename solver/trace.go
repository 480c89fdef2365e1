package solver

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/odtx/odtx/dimacs"
)

// Trace records the calls of several solvers as one iCNF file (p inccnf):
// first every clause, then every call as an assumption line ("a ... 0")
// after a comment with the answer it got ("c call 3: UNSAT"). Readers such
// as CaDiCaL 1.5 take all clauses before the first assumption line, so the
// order of the run is kept by guards: the clauses added between two calls
// get a fresh guard literal, and a call assumes the guards of its solver's
// clauses so far. Each solver's variables are numbered apart from the
// others', so solvers for different queries (one per tree depth) do not
// constrain each other. Solving each assumption line alone replays the run;
// CaDiCaL's own cube mode stops at the first satisfiable one.
type Trace struct {
	mu    sync.Mutex
	w     *dimacs.Writer
	vars  int    // variables numbered so far in the trace
	calls []call // written at Close
	err   error
}

type call struct {
	assume []int
	result Result
}

// NewTrace writes the iCNF header to w and returns a Trace.
func NewTrace(w *dimacs.Writer) *Trace {
	return &Trace{w: w, err: w.IncHeader()}
}

// Wrap returns a Solver that passes everything to s and records it.
func (t *Trace) Wrap(s Solver) Solver {
	return &traced{Solver: s, t: t}
}

// Close writes the calls, flushes the trace and returns the first error met
// writing it.
func (t *Trace) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, c := range t.calls {
		t.w.Comment(fmt.Sprintf("call %d: %v", i+1, c.result))
		t.w.Assume(c.assume)
	}
	if err := t.w.Flush(); t.err == nil {
		t.err = err // the Writer's first error sticks
	}
	return t.err
}

type traced struct {
	Solver
	t      *Trace
	guards []int // guard of each batch of clauses so far
	open   bool  // clauses join the last guard's batch until the next call
	vars   []int // trace variable of each of s's variables, 0 until seen
	buf    []int
}

// rename maps lits to trace literals, appended to prefix. It runs with the
// Trace locked, as it may number new variables.
func (s *traced) rename(prefix []int, lits []int) []int {
	s.buf = append(s.buf[:0], prefix...)
	for _, l := range lits {
		v := max(l, -l)
		for len(s.vars) <= v {
			s.vars = append(s.vars, 0)
		}
		if s.vars[v] == 0 {
			s.t.vars++
			s.vars[v] = s.t.vars
		}
		if l < 0 {
			s.buf = append(s.buf, -s.vars[v])
		} else {
			s.buf = append(s.buf, s.vars[v])
		}
	}
	return s.buf
}

func (s *traced) AddClause(lits []int) {
	s.t.mu.Lock()
	if !s.open {
		s.t.vars++
		s.guards = append(s.guards, s.t.vars)
		s.open = true
	}
	s.t.w.Clause(s.rename([]int{-s.guards[len(s.guards)-1]}, lits))
	s.t.mu.Unlock()
	s.Solver.AddClause(lits)
}

func (s *traced) Solve(ctx context.Context, assumptions []int) (Result, error) {
	s.t.mu.Lock()
	s.t.calls = append(s.t.calls, call{assume: slices.Clone(s.rename(s.guards, assumptions))})
	i := len(s.t.calls) - 1
	s.open = false
	s.t.mu.Unlock()
	r, err := s.Solver.Solve(ctx, assumptions)
	s.t.mu.Lock()
	s.t.calls[i].result = r
	s.t.mu.Unlock()
	return r, err
}
