package sat

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/greedy"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// unsatAfter is gini answering UNSAT to every call from the shared count
// *from on, whatever the truth: a solver that is wrong from then on.
type unsatAfter struct {
	solver.Solver
	mu    *sync.Mutex
	calls *int
	from  int
}

func (u *unsatAfter) Solve(ctx context.Context, assumptions []int) (solver.Result, error) {
	u.mu.Lock()
	n := *u.calls
	*u.calls++
	u.mu.Unlock()
	if n >= u.from {
		return solver.Unsat, nil
	}
	return u.Solver.Solve(ctx, assumptions)
}

// lyingFrom returns a NewSolver whose solvers are right for the first from
// calls, all solvers together, and answer UNSAT from then on.
func lyingFrom(from int) func() (solver.Solver, error) {
	var (
		mu    sync.Mutex
		calls int
	)
	return func() (solver.Solver, error) {
		return &unsatAfter{Solver: ginisat.New(), mu: &mu, calls: &calls, from: from}, nil
	}
}

// TestWrongUnsatDepth: a solver that answers UNSAT to everything is caught
// by the greedy tree at its depth, with an error naming it, after no more
// calls than there are depths up to the greedy tree's.
func TestWrongUnsatDepth(t *testing.T) {
	ds := testgen.Dataset(rand.New(rand.NewPCG(3, 4)), 12, 200, 3)
	greedy := greedy.Tree(context.Background(), ds).Depth()
	for _, jobs := range []int{1, 4} {
		for _, size := range []bool{false, true} {
			calls := 0
			opt := Options{NewSolver: lyingFrom(0), Solver: "liar", Probes: jobs,
				Progress: func(Progress) { calls++ }}
			_, err := learn(context.Background(), ds, opt, size)
			want := "solver liar answered UNSAT (no tree of depth "
			if err == nil || !strings.Contains(err.Error(), want) || !strings.HasSuffix(err.Error(), "the solver is wrong") {
				t.Errorf("jobs %d, size %v: err = %v, want %q", jobs, size, err, want)
			}
			if calls > greedy+1 {
				t.Errorf("jobs %d, size %v: %d calls, more than the %d depths up to the greedy tree's", jobs, size, calls, greedy+1)
			}
		}
	}
}

// TestWrongUnsatNodes: in the node search, an UNSAT for a leaf bound that
// the tree in hand meets once the tests no example takes are dropped is an
// error, not a proof that the tree is optimal. The depth search's trees
// hold such tests, so the first node call can be refuted so.
func TestWrongUnsatNodes(t *testing.T) {
	ds := testgen.Dataset(rand.New(rand.NewPCG(2, 3)), 6, 30, 2)
	// One job, so that every run makes the same calls.
	var bounds []int
	opt := Options{NewSolver: newGini, Probes: 1, Progress: func(p Progress) { bounds = append(bounds, p.MaxLeaves) }}
	if _, err := learn(context.Background(), ds, opt, true); err != nil {
		t.Fatal(err)
	}
	first := 0
	for first < len(bounds) && bounds[first] == 0 {
		first++
	}
	opt.Progress = nil
	tidied, err := learn(context.Background(), ds, opt, false)
	if err != nil {
		t.Fatal(err)
	}
	if first == len(bounds) || tidied.Leaves() > bounds[first] {
		t.Fatalf("the depth search's tree, tidied, has %d leaves; the node search's calls have bounds %v: no call to refute", tidied.Leaves(), bounds)
	}

	opt.NewSolver, opt.Solver = lyingFrom(first), "liar"
	_, err = learn(context.Background(), ds, opt, true)
	want := "solver liar answered UNSAT (no tree of depth "
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "leaves") {
		t.Fatalf("err = %v, want %q about leaves", err, want)
	}
}
