package solver_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// TestPortfolioAgreesWithGini solves random 3-SAT formulas, grown a batch of
// clauses at a time across the threshold and solved under random
// assumptions, with a portfolio of two gini solvers and with one alone. A
// formula is dropped once it is unsatisfiable without assumptions: gini
// 1.0.4 may then stop the program, claiming a model, on the next call.
func TestPortfolioAgreesWithGini(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	const vars = 30
	answered := map[solver.Result]int{}
	for round := range 20 {
		alone := ginisat.New()
		p := solver.Portfolio([]string{"gini-a", "gini-b"}, []solver.Solver{ginisat.New(), ginisat.New()}, nil)
		var f solver.Formula
	grow:
		for batch := range 8 {
			for range 20 {
				c := make([]int, 3)
				for i := range c {
					c[i] = 1 + rng.IntN(vars)
					if rng.IntN(2) == 0 {
						c[i] = -c[i]
					}
				}
				f.AddClause(c)
				alone.AddClause(c)
				p.AddClause(c)
			}
			for _, assume := range [][]int{nil, {rng.IntN(vars) + 1, -rng.IntN(vars) - 1}} {
				want, err := alone.Solve(ctx, assume)
				if err != nil {
					t.Fatal(err)
				}
				got, err := p.Solve(ctx, assume)
				if got != want || err != nil {
					t.Fatalf("round %d, batch %d, assuming %v: portfolio %v, %v; gini alone %v", round, batch, assume, got, err, want)
				}
				answered[got]++
				if got == solver.Sat {
					if err := f.Check(p.Value, assume); err != nil {
						t.Fatalf("round %d, batch %d, assuming %v: %v", round, batch, assume, err)
					}
				}
				if got == solver.Unsat && assume == nil {
					break grow
				}
			}
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if answered[solver.Sat] == 0 || answered[solver.Unsat] == 0 {
		t.Errorf("answers %v; the test wants both", answered)
	}
}

// stall is a solver that never answers: its Solve returns only when its
// context ends.
type stall struct {
	solver.Formula
	canceled atomic.Bool // Solve saw context.Canceled
	returned atomic.Bool // Solve has returned
}

func (s *stall) Solve(ctx context.Context, _ []int) (solver.Result, error) {
	defer s.returned.Store(true)
	<-ctx.Done()
	s.canceled.Store(errors.Is(ctx.Err(), context.Canceled))
	return solver.Unknown, ctx.Err()
}

func (*stall) Value(int) bool { return false }
func (*stall) Close() error   { return nil }

// TestPortfolioStopsLosers: the portfolio takes the first answer, cancels
// the member still solving and returns only once that member's Solve has,
// so that none runs on.
func TestPortfolioStopsLosers(t *testing.T) {
	// The deadline turns a portfolio that waits for its slowest member
	// into a failure rather than a hung test.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	slow := &stall{}
	p := solver.Portfolio([]string{"stall", "gini"}, []solver.Solver{slow, ginisat.New()}, nil)
	p.AddClause([]int{1, 2})
	p.AddClause([]int{-1})
	r, err := p.Solve(ctx, nil)
	// stall has no model, so x2 is gini's.
	if r != solver.Sat || err != nil || !p.Value(2) {
		t.Fatalf("Solve = %v, %v, x2 = %v; want SAT with x2", r, err, p.Value(2))
	}
	if !slow.returned.Load() {
		t.Fatal("Solve returned before its slow member")
	}
	if !slow.canceled.Load() {
		t.Fatal("the slow member was not canceled by the portfolio")
	}
}

// broken is a solver whose every call fails.
type broken struct {
	solver.Formula
	err error
}

func (b *broken) Solve(context.Context, []int) (solver.Result, error) { return solver.Unknown, b.err }
func (*broken) Value(int) bool                                        { return false }
func (b *broken) Close() error                                        { return b.err }

// silent is a solver that gives no answer and no error.
type silent struct{ solver.Formula }

func (*silent) Solve(context.Context, []int) (solver.Result, error) { return solver.Unknown, nil }
func (*silent) Value(int) bool                                      { return false }
func (*silent) Close() error                                        { return nil }

// TestPortfolioSurvivesFailures: members that fail drop out of the call,
// and each failure is reported, on every call.
func TestPortfolioSurvivesFailures(t *testing.T) {
	licence := errors.New("no licence")
	var reports []string
	p := solver.Portfolio([]string{"broken", "silent", "gini"},
		[]solver.Solver{&broken{err: licence}, &silent{}, ginisat.New()},
		func(e *solver.MemberError) { reports = append(reports, e.Error()) })
	p.AddClause([]int{1})
	for i, want := range []solver.Result{solver.Sat, solver.Unsat} {
		reports = nil
		r, err := p.Solve(context.Background(), []int{1 - 2*i})
		if r != want || err != nil {
			t.Fatalf("call %d: Solve = %v, %v; want %v", i+1, r, err, want)
		}
		wantReports := []string{
			"portfolio: broken failed a call another member answered: no licence",
			"portfolio: silent failed a call another member answered: gave no answer",
		}
		if fmt.Sprint(reports) != fmt.Sprint(wantReports) {
			t.Errorf("call %d: reports %q, want %q", i+1, reports, wantReports)
		}
	}
}

// stubborn answers every call with its result, whatever the formula; if
// late is set, only once the call is canceled, as a member does that
// finishes just after another.
type stubborn struct {
	solver.Formula
	result solver.Result
	late   bool
}

func (s *stubborn) Solve(ctx context.Context, _ []int) (solver.Result, error) {
	if s.late {
		<-ctx.Done()
	}
	return s.result, nil
}

// Value tells the SAT member's model from the other's.
func (s *stubborn) Value(int) bool { return s.result == solver.Sat }
func (*stubborn) Close() error     { return nil }

// TestPortfolioDisagreement: when a member answers UNSAT and another SAT on
// the same call, the disagreement is reported, whichever came first, and
// the SAT answer is taken, as its model can be checked and the UNSAT cannot.
func TestPortfolioDisagreement(t *testing.T) {
	for _, unsatFirst := range []bool{true, false} {
		sat, unsat := &stubborn{result: solver.Sat, late: unsatFirst}, &stubborn{result: solver.Unsat, late: !unsatFirst}
		var reports []string
		p := solver.Portfolio([]string{"sat", "unsat"}, []solver.Solver{sat, unsat}, func(e *solver.MemberError) {
			reports = append(reports, e.Error())
		})
		r, err := p.Solve(context.Background(), nil)
		if r != solver.Sat || err != nil || !p.Value(1) {
			t.Errorf("unsat first %v: Solve = %v, %v, want SAT with sat's model", unsatFirst, r, err)
		}
		// The member that answered last is the one reported.
		want := "portfolio: unsat answered UNSAT and sat SAT on the same call: one is wrong; the SAT answer, whose model is checked, is taken"
		if unsatFirst {
			want = "portfolio: sat answered SAT and unsat UNSAT on the same call: one is wrong; the SAT answer, whose model is checked, is taken"
		}
		if len(reports) != 1 || reports[0] != want {
			t.Errorf("unsat first %v: reports %q, want %q", unsatFirst, reports, want)
		}
	}
}

func TestPortfolioAllFail(t *testing.T) {
	errA, errB := errors.New("no licence"), errors.New("crashed")
	p := solver.Portfolio([]string{"a", "b", "c"}, []solver.Solver{&broken{err: errA}, &broken{err: errB}, &silent{}}, nil)
	r, err := p.Solve(context.Background(), nil)
	const msg = "portfolio: a: no licence; b: crashed; c: gave no answer"
	if r != solver.Unknown || err == nil || err.Error() != msg {
		t.Fatalf("Solve = %v, %v; want UNKNOWN, %s", r, err, msg)
	}
	if !errors.Is(err, errA) || !errors.Is(err, errB) {
		t.Errorf("%v does not wrap the members' errors", err)
	}
	if p.Value(1) {
		t.Error("Value(1) is true without a model")
	}
	if err := p.Close(); err == nil || err.Error() != "portfolio: a: no licence" || !errors.Is(err, errA) {
		t.Errorf("Close = %v, want a's error", err)
	}
}

func TestPortfolioStops(t *testing.T) {
	p := solver.Portfolio([]string{"gini-a", "gini-b"}, []solver.Solver{ginisat.New(), ginisat.New()}, nil)
	testgen.Pigeonhole(p.AddClause, 11, 0)
	ctx := testgen.StopsAtDeadline(t, p)
	// A context that has already ended starts no member.
	if r, err := p.Solve(ctx, nil); r != solver.Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve after the deadline = %v, %v", r, err)
	}
}

func ExamplePortfolio() {
	s := solver.Portfolio([]string{"gini-1", "gini-2"}, []solver.Solver{ginisat.New(), ginisat.New()}, nil)
	defer s.Close()
	s.AddClause([]int{1, 2}) // x1 or x2
	s.AddClause([]int{-1})   // not x1
	r, _ := s.Solve(context.Background(), nil)
	fmt.Println(r, s.Value(1), s.Value(2))
	// Output:
	// SAT false true
}
