//go:build (cadical || minisat) && cgo

package csat

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// lib is a C solver compiled into this build. Each solver's test file adds
// its own, so that every test here runs on each.
type lib struct {
	name string
	open func() (*Solver, error)
}

var libs []lib

// forEach runs test on every C solver of the build, each as a subtest.
func forEach(t *testing.T, test func(t *testing.T, l lib)) {
	t.Helper()
	if len(libs) == 0 {
		t.Fatal("no C solver registered by this build's tests")
	}
	for _, l := range libs {
		t.Run(l.name, func(t *testing.T) { test(t, l) })
	}
}

func newSolver(tb testing.TB, l lib) *Solver {
	tb.Helper()
	s, err := l.open()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

func TestModel(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s := newSolver(t, l)
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
	})
}

// multi sends each clause to all its adders.
type multi []solver.ClauseAdder

func (m multi) AddClause(lits []int) {
	for _, a := range m {
		a.AddClause(lits)
	}
}

func TestUnsat(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s := newSolver(t, l)
		testgen.Pigeonhole(s.AddClause, 5, 0)
		if r, err := s.Solve(context.Background(), nil); r != solver.Unsat || err != nil {
			t.Fatalf("Solve = %v, %v; want UNSAT", r, err)
		}
	})
}

func TestIncremental(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s := newSolver(t, l)
		ctx := context.Background()
		s.AddClause([]int{1, 2})
		s.AddClause([]int{-1, 2})
		if r, err := s.Solve(ctx, []int{-2, 3}); r != solver.Unsat || err != nil {
			t.Fatalf("under -2 3: %v, %v; want UNSAT", r, err)
		}
		// Assumptions last one call only.
		if r, err := s.Solve(ctx, nil); r != solver.Sat || err != nil || !s.Value(2) {
			t.Fatalf("without assumptions: %v, %v, x2 = %v; want SAT with x2", r, err, s.Value(2))
		}
		s.AddClause([]int{-2, 4})
		if r, _ := s.Solve(ctx, nil); r != solver.Sat || !s.Value(4) {
			t.Fatalf("with clause -2 4: %v, x4 = %v; want SAT with x4", r, s.Value(4))
		}
		s.AddClause([]int{-4})
		if r, _ := s.Solve(ctx, nil); r != solver.Unsat {
			t.Fatalf("with clause -4: %v, want UNSAT", r)
		}
		if r, _ := s.Solve(ctx, []int{1}); r != solver.Unsat {
			t.Fatalf("under 1: %v, want UNSAT", r)
		}
	})
}

// TestAgreesWithGini grows random 3-CNF formulas near the threshold clause
// by clause and solves them under random assumptions as the search does:
// every answer must be gini's, and every model must satisfy the clauses and
// the assumptions.
func TestAgreesWithGini(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		r := rand.New(rand.NewPCG(5, 6))
		ctx := context.Background()
		counts := map[solver.Result]int{}
		for trial := range 40 {
			s, ref := newSolver(t, l), ginisat.New()
			var f solver.Formula
			all := multi{s, ref, &f}
			vars := 10 + r.IntN(40)
			for range 5 {
				for range vars {
					all.AddClause(randomLits(r, vars, 3))
				}
				assumptions := randomLits(r, vars, r.IntN(8))
				got, err := s.Solve(ctx, assumptions)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := ref.Solve(ctx, assumptions)
				if got != want {
					t.Fatalf("trial %d: %v, gini %v", trial, got, want)
				}
				counts[got]++
				if got == solver.Sat {
					if err := f.Check(s.Value, assumptions); err != nil {
						t.Fatalf("trial %d: %v", trial, err)
					}
				}
				// gini breaks on solving an unsatisfiable formula again.
				if got == solver.Unsat && len(assumptions) == 0 {
					break
				}
			}
			ref.Close()
		}
		if counts[solver.Sat] < 20 || counts[solver.Unsat] < 20 {
			t.Fatalf("answers %v: too few of one kind to test", counts)
		}
	})
}

// randomLits returns literals of n distinct variables of 1 to vars, as the
// encoder writes them: gini fails on a variable repeated.
func randomLits(r *rand.Rand, vars, n int) []int {
	lits := r.Perm(vars)[:n]
	for i := range lits {
		lits[i] = (1 + lits[i]) * (1 - 2*r.IntN(2))
	}
	return lits
}

func TestLargeFormulaFlushes(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s := newSolver(t, l)
		// A chain longer than the buffer, so that it is sent in several parts.
		const n = flushAt
		for i := 1; i < n; i++ {
			s.AddClause([]int{-i, i + 1})
		}
		s.AddClause([]int{1})
		if r, _ := s.Solve(context.Background(), nil); r != solver.Sat || !s.Value(n) {
			t.Fatalf("Solve = %v, x%d = %v; want SAT with x%d", r, n, s.Value(n), n)
		}
	})
}

// hard is the selector of the hard formula that hardSolver builds.
const hard = 12*11 + 1

// hardSolver returns a solver whose formula is trivial without assumptions
// and, under -hard, an 11-hole pigeonhole formula that takes either solver
// minutes to refute.
func hardSolver(t *testing.T, l lib) *Solver {
	s := newSolver(t, l)
	testgen.Pigeonhole(s.AddClause, 11, hard)
	return s
}

// solveOrHang runs s.Solve under ctx and panics if it does not return
// within a minute, which only a stop that never arrived explains; the verdict
// is the answer, not the time. It panics rather than fails because t's
// cleanup would close the solver while it runs.
func solveOrHang(t *testing.T, s *Solver, ctx context.Context, assumptions []int) (solver.Result, error) {
	t.Helper()
	type answer struct {
		r   solver.Result
		err error
	}
	c := make(chan answer, 1)
	go func() {
		r, err := s.Solve(ctx, assumptions)
		c <- answer{r, err}
	}()
	select {
	case a := <-c:
		return a.r, a.err
	case <-time.After(time.Minute):
		panic(t.Name() + ": Solve was not stopped")
	}
}

// TestStops cancels a solve of a hard formula: it must end with the
// context's error, leave no goroutine behind, and leave the solver usable.
// The stop comes a little after the call, most likely deep in the search,
// but whenever it comes, before the solver starts included
// (TestStopsBeforeStart), the answer is the same: the formula takes
// minutes.
func TestStops(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s := hardSolver(t, l)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stop := time.AfterFunc(100*time.Millisecond, cancel)
		defer stop.Stop()
		r, err := solveOrHang(t, s, ctx, []int{-hard})
		if r != solver.Unknown || !errors.Is(err, context.Canceled) {
			t.Fatalf("Solve = %v, %v; want UNKNOWN, canceled", r, err)
		}
		buf := make([]byte, 1<<20)
		if stacks := string(buf[:runtime.Stack(buf, true)]); strings.Contains(stacks, "csat.(*Solver).run") {
			t.Fatalf("a watcher outlived Solve:\n%s", stacks)
		}
		// The stop must not carry over to the next call, which makes
		// decisions, where both solvers look for a stop.
		if r, err := s.Solve(context.Background(), []int{hard}); r != solver.Sat || err != nil {
			t.Fatalf("after the stop: %v, %v; want SAT", r, err)
		}
		// And a stopped solver can be stopped again.
		ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if r, err := solveOrHang(t, s, ctx, []int{-hard}); r != solver.Unknown || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("second stop: %v, %v; want UNKNOWN, deadline exceeded", r, err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	})
}

// TestStopsBeforeStart: a stop that arrives before the solver starts, as it
// may when the context ends just as Solve is called, must not be lost.
func TestStopsBeforeStart(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s := hardSolver(t, l)
		ctx, cancel := context.WithCancel(context.Background())
		testHookStart = func(watcherExited <-chan struct{}) {
			cancel()
			<-watcherExited
		}
		t.Cleanup(func() { testHookStart = nil })
		r, err := solveOrHang(t, s, ctx, []int{-hard})
		if r != solver.Unknown || !errors.Is(err, context.Canceled) {
			t.Fatalf("Solve = %v, %v; want UNKNOWN, canceled", r, err)
		}
		testHookStart = nil
		if r, err := s.Solve(context.Background(), []int{hard}); r != solver.Sat || err != nil {
			t.Fatalf("after the stop: %v, %v; want SAT", r, err)
		}
	})
}

func TestEndedContext(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s := newSolver(t, l)
		s.AddClause([]int{1})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if r, err := s.Solve(ctx, nil); r != solver.Unknown || !errors.Is(err, context.Canceled) {
			t.Fatalf("Solve = %v, %v; want UNKNOWN, canceled", r, err)
		}
	})
}

func TestCloseTwice(t *testing.T) {
	forEach(t, func(t *testing.T, l lib) {
		s, err := l.open()
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
	})
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
	for _, l := range libs {
		b.Run(l.name, func(b *testing.B) {
			for b.Loop() {
				s := newSolver(b, l)
				for i := range clauses {
					s.AddClause(lits[3*i : 3*i+3])
				}
				s.flush()
				b.StopTimer()
				s.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*clauses), "ns/clause")
		})
	}
}

// BenchmarkSolveSmall reports the round trip of an incremental call on a
// formula the solver has already decided, with and without a context that
// can end.
func BenchmarkSolveSmall(b *testing.B) {
	for _, l := range libs {
		s := newSolver(b, l)
		testgen.Pigeonhole(s.AddClause, 4, 21)
		for _, bc := range []struct {
			name string
			ctx  context.Context
		}{
			{"background", context.Background()},
			{"cancelable", b.Context()},
		} {
			b.Run(l.name+"/"+bc.name, func(b *testing.B) {
				for b.Loop() {
					if r, _ := s.Solve(bc.ctx, []int{3}); r != solver.Sat {
						b.Fatalf("Solve = %v, want SAT", r)
					}
				}
			})
		}
	}
}
