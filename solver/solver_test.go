package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/odtx/odtx/internal/testgen"
)

func TestGiniIncremental(t *testing.T) {
	s := NewGini()
	s.AddClause([]int{1, 2})
	s.AddClause([]int{-1, 2})
	ctx := context.Background()
	if r, err := s.Solve(ctx, nil); r != Sat || err != nil || !s.Value(2) {
		t.Fatalf("Solve = %v, %v, x2 = %v; want SAT with x2", r, err, s.Value(2))
	}
	if r, _ := s.Solve(ctx, []int{-2}); r != Unsat {
		t.Fatalf("under -2: %v, want UNSAT", r)
	}
	if !s.Failed(-2) {
		t.Error("assumption -2 not reported failed")
	}
	// Assumptions last one call only.
	if r, _ := s.Solve(ctx, nil); r != Sat {
		t.Fatalf("after the assumption: %v, want SAT", r)
	}
	s.AddClause([]int{-2})
	if r, _ := s.Solve(ctx, nil); r != Unsat {
		t.Fatalf("with clause -2: %v, want UNSAT", r)
	}
}

func TestGiniStops(t *testing.T) {
	s := NewGini()
	testgen.Pigeonhole(s.AddClause, 11, 0)
	stopsAtDeadline(t, s)
}

// stopsAtDeadline checks that Solve with a 100 ms deadline returns Unknown
// with the deadline's error within a second, and returns that context.
func stopsAtDeadline(t *testing.T, s Solver) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	t.Cleanup(cancel)
	start := time.Now()
	r, err := s.Solve(ctx, nil)
	if r != Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve = %v, %v; want UNKNOWN, deadline exceeded", r, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("stopped after %v", d)
	}
	return ctx
}

// TestFormulaCheck checks that a model that breaks a clause or an
// assumption is caught, with the first one named.
func TestFormulaCheck(t *testing.T) {
	var f Formula
	allFalse := func(int) bool { return false }
	f.AddClause([]int{-1, -2})
	if err := f.Check(allFalse, nil); err != nil {
		t.Fatalf("all-false model of (-1 -2): %v", err)
	}
	if err := f.Check(allFalse, []int{2}); err == nil || err.Error() != "assumption 2 is false" {
		t.Fatalf("assumption 2: err = %v", err)
	}
	f.AddClause([]int{3, 1, 2})
	if err := f.Check(allFalse, nil); err == nil || err.Error() != "clause 2 (3 1 2 0) is false" {
		t.Fatalf("err = %v", err)
	}
}

func ExampleGini() {
	s := NewGini()
	s.AddClause([]int{1, 2}) // x1 or x2
	s.AddClause([]int{-1})   // not x1
	r, _ := s.Solve(context.Background(), nil)
	fmt.Println(r, s.Value(1), s.Value(2))
	r, _ = s.Solve(context.Background(), []int{-2}) // assume not x2
	fmt.Println(r)
	// Output:
	// SAT false true
	// UNSAT
}

// TestFormulaChunks checks that clauses come back whole and in order across
// the chunks of a Formula, a clause longer than a chunk included.
func TestFormulaChunks(t *testing.T) {
	var f Formula
	var want [][]int
	long := make([]int, chunkLen+5)
	for i := range long {
		long[i] = i + 1
	}
	for i := range chunkLen/3 + 10 {
		c := []int{i + 1, -(i + 2), i + 3}
		if i == chunkLen/4 {
			c = long
		}
		f.AddClause(c)
		want = append(want, c)
	}
	n := 0
	for i, c := range f.All() {
		if i != n+1 || !slices.Equal(toInts(c), want[n]) {
			t.Fatalf("clause %d: #%d, %d literals; want #%d, %d literals", n, i, len(c), n+1, len(want[n]))
		}
		n++
	}
	if n != len(want) || f.Len() != len(want) || f.MaxVar() != len(long) {
		t.Fatalf("%d clauses yielded, Len %d, MaxVar %d; want %d, %d, %d", n, f.Len(), f.MaxVar(), len(want), len(want), len(long))
	}
}

func toInts(c []int32) []int {
	out := make([]int, len(c))
	for i, l := range c {
		out[i] = int(l)
	}
	return out
}
