//go:build cadical && cgo

package ipasir

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

func newSolver(t testing.TB) *Solver {
	t.Helper()
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSignature(t *testing.T) {
	if sig := newSolver(t).Signature(); !strings.Contains(strings.ToLower(sig), "cadical") {
		t.Errorf("Signature = %q, want a CaDiCaL version", sig)
	}
}

func TestModel(t *testing.T) {
	s := newSolver(t)
	var f solver.Formula
	both := multi{s, &f}
	// An exactly-one constraint over 1..5 and implications down a chain.
	both.AddClause([]int{1, 2, 3, 4, 5})
	for i := 1; i <= 5; i++ {
		for j := i + 1; j <= 5; j++ {
			both.AddClause([]int{-i, -j})
		}
	}
	for i := 6; i < 20; i++ {
		both.AddClause([]int{-i, i + 1})
	}
	both.AddClause([]int{6})
	if r, err := s.Solve(context.Background(), []int{-1, -2}); r != solver.Sat || err != nil {
		t.Fatalf("Solve = %v, %v; want SAT", r, err)
	}
	if err := f.Check(s.Value, []int{-1, -2}); err != nil {
		t.Fatal(err)
	}
	if !s.Value(20) || s.Value(0) || s.Value(21) || s.Value(-6) {
		t.Errorf("Value(20, 0, 21, -6) = %v %v %v %v, want true false false false",
			s.Value(20), s.Value(0), s.Value(21), s.Value(-6))
	}
}

// multi sends each clause to all its adders.
type multi []solver.ClauseAdder

func (m multi) AddClause(lits []int) {
	for _, a := range m {
		a.AddClause(lits)
	}
}

func TestUnsat(t *testing.T) {
	s := newSolver(t)
	testgen.Pigeonhole(s.AddClause, 5, 0)
	if r, err := s.Solve(context.Background(), nil); r != solver.Unsat || err != nil {
		t.Fatalf("Solve = %v, %v; want UNSAT", r, err)
	}
}

func TestIncremental(t *testing.T) {
	s := newSolver(t)
	ctx := context.Background()
	s.AddClause([]int{1, 2})
	s.AddClause([]int{-1, 2})
	if r, err := s.Solve(ctx, []int{-2, 3}); r != solver.Unsat || err != nil {
		t.Fatalf("under -2 3: %v, %v; want UNSAT", r, err)
	}
	if !s.Failed(-2) || s.Failed(3) || s.Failed(2) {
		t.Errorf("Failed(-2, 3, 2) = %v %v %v, want true false false", s.Failed(-2), s.Failed(3), s.Failed(2))
	}
	// Assumptions last one call only.
	if r, err := s.Solve(ctx, nil); r != solver.Sat || err != nil || !s.Value(2) {
		t.Fatalf("without assumptions: %v, %v, x2 = %v; want SAT with x2", r, err, s.Value(2))
	}
	if s.Failed(-2) {
		t.Error("Failed(-2) still true after a SAT answer")
	}
	s.AddClause([]int{-2, 4})
	if r, _ := s.Solve(ctx, nil); r != solver.Sat || !s.Value(4) {
		t.Fatalf("with clause -2 4: %v, x4 = %v; want SAT with x4", r, s.Value(4))
	}
	s.AddClause([]int{-4})
	if r, _ := s.Solve(ctx, nil); r != solver.Unsat {
		t.Fatalf("with clause -4: %v, want UNSAT", r)
	}
}

func TestLargeFormulaFlushes(t *testing.T) {
	s := newSolver(t)
	// A chain longer than the buffer, so that it is sent in several parts.
	const n = flushAt
	for i := 1; i < n; i++ {
		s.AddClause([]int{-i, i + 1})
	}
	s.AddClause([]int{1})
	if r, _ := s.Solve(context.Background(), nil); r != solver.Sat || !s.Value(n) {
		t.Fatalf("Solve = %v, x%d = %v; want SAT with x%d", r, n, s.Value(n), n)
	}
}

func TestStops(t *testing.T) {
	s := newSolver(t)
	// Hard under the assumption -sel, and trivial without it.
	const sel = 12*11 + 1
	testgen.Pigeonhole(s.AddClause, 11, sel)
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := s.Solve(ctx, []int{-sel})
	d := time.Since(start)
	if r != solver.Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve = %v, %v; want UNKNOWN, deadline exceeded", r, err)
	}
	if d > time.Second {
		t.Fatalf("stopped after %v", d)
	}
	t.Logf("stopped after %v", d)
	buf := make([]byte, 1<<20)
	if stacks := string(buf[:runtime.Stack(buf, true)]); strings.Contains(stacks, "ipasir.(*Solver).run") {
		t.Fatalf("a watcher outlived Solve:\n%s", stacks)
	}
	for deadline := time.Now().Add(time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines before Solve, %d after", before, runtime.NumGoroutine())
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The stop must not carry over to the next call.
	if r, err := s.Solve(context.Background(), nil); r != solver.Sat || err != nil {
		t.Fatalf("after the stop: %v, %v; want SAT", r, err)
	}
}

func TestEndedContext(t *testing.T) {
	s := newSolver(t)
	s.AddClause([]int{1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err := s.Solve(ctx, nil); r != solver.Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve = %v, %v; want UNKNOWN, canceled", r, err)
	}
}

func TestCloseTwice(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	s.AddClause([]int{1, 2})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(context.Background(), nil); err == nil {
		t.Error("Solve after Close returned no error")
	}
}

// BenchmarkAddClause reports the cost of giving the solver a clause, buffer
// and cgo call included, over a million 3-literal clauses.
func BenchmarkAddClause(b *testing.B) {
	const clauses, vars = 1_000_000, 100_000
	lits := make([]int, 3*clauses)
	for i := range clauses {
		lits[3*i] = i%vars + 1
		lits[3*i+1] = -((i*7919)%vars + 1)
		lits[3*i+2] = (i*104729)%vars + 1
	}
	for b.Loop() {
		s := newSolver(b)
		for i := range clauses {
			s.AddClause(lits[3*i : 3*i+3])
		}
		s.flush()
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*clauses), "ns/clause")
}

// BenchmarkSolveSmall reports the round trip of an incremental call on a
// formula the solver has already decided, with and without a context that
// can end.
func BenchmarkSolveSmall(b *testing.B) {
	s := newSolver(b)
	testgen.Pigeonhole(s.AddClause, 4, 21)
	for _, bc := range []struct {
		name string
		ctx  context.Context
	}{
		{"background", context.Background()},
		{"cancelable", b.Context()},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if r, _ := s.Solve(bc.ctx, []int{3}); r != solver.Sat {
					b.Fatalf("Solve = %v, want SAT", r)
				}
			}
		})
	}
}
