package ginisat

import (
	"context"
	"testing"

	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

func TestIncremental(t *testing.T) {
	s := New()
	s.AddClause([]int{1, 2})
	s.AddClause([]int{-1, 2})
	ctx := context.Background()
	if r, err := s.Solve(ctx, nil); r != solver.Sat || err != nil || !s.Value(2) {
		t.Fatalf("Solve = %v, %v, x2 = %v; want SAT with x2", r, err, s.Value(2))
	}
	if r, _ := s.Solve(ctx, []int{-2}); r != solver.Unsat {
		t.Fatalf("under -2: %v, want UNSAT", r)
	}
	// Assumptions last one call only.
	if r, _ := s.Solve(ctx, nil); r != solver.Sat {
		t.Fatalf("after the assumption: %v, want SAT", r)
	}
	s.AddClause([]int{-2})
	if r, _ := s.Solve(ctx, nil); r != solver.Unsat {
		t.Fatalf("with clause -2: %v, want UNSAT", r)
	}
}

func TestStops(t *testing.T) {
	s := New()
	testgen.Pigeonhole(s.AddClause, 11, 0)
	testgen.StopsAtDeadline(t, s)
}
