package sat

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

func newGini() (solver.Solver, error) { return ginisat.New(), nil }

// learn runs a whole search: the least depth, then, if size, the fewest
// leaves at that depth.
func learn(ctx context.Context, ds *dataset.Dataset, opt Options, size bool) (*tree.Node, error) {
	s, err := New(ctx, ds, opt)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	root, err := s.MinDepth(ctx)
	if err == nil && size {
		root, err = s.MinLeaves(ctx)
	}
	return root, err
}

// TestAgainstBruteForce compares both modes with an exhaustive search over
// all trees of depth at most 3, leaves at any depth, on random datasets.
func TestAgainstBruteForce(t *testing.T) {
	oracle := testgen.NewOracle(1, 5, 14, 3, 3)
	trials := 400
	if testing.Short() {
		trials = 60
	}
	twins := rand.New(rand.NewPCG(5, 6))
	for trial := range trials {
		c := oracle.Draw(trial)
		// Features encoded as needed in half the trials: copies and
		// complements widen the data past eagerFeatures, and leave its
		// optimum as it was.
		for trial%2 == 1 && len(c.DS.Features) <= eagerFeatures {
			testgen.AddTwin(twins, c.DS)
		}
		for _, size := range []bool{false, true} {
			// Neither batches of counterexamples, parallel depth probes
			// nor grouping features may change the optimum.
			opt := Options{NewSolver: newGini, Batch: 1 + trial%3, Probes: 1 + trial%4}
			root, err := learn(context.Background(), c.DS, opt, size)
			if err != nil {
				t.Fatalf("trial %d size %v: %v", trial, size, err)
			}
			c.Check(t, map[bool]string{false: "depth", true: "size"}[size], root, size)
			if pruned := tree.Prune(root, rows(c.DS)).Nodes(); pruned != root.Nodes() {
				t.Fatalf("trial %d size %v: %d nodes, %d without the tests no example takes", trial, size, root.Nodes(), pruned)
			}
		}
	}
	oracle.CheckTeeth(t)
}

// liar is gini answering every call as if it had no assumptions, or with
// every variable false when allFalse is set.
type liar struct {
	solver.Solver
	allFalse bool
}

func (l *liar) Solve(ctx context.Context, _ []int) (solver.Result, error) {
	if l.allFalse {
		return solver.Sat, nil
	}
	return l.Solver.Solve(ctx, nil)
}

func (l *liar) Value(v int) bool { return !l.allFalse && l.Solver.Value(v) }

// TestWrongModels checks that a model that does not mean a consistent tree
// within the call's bound is an error, never a tree.
func TestWrongModels(t *testing.T) {
	ds := testgen.Dataset(rand.New(rand.NewPCG(7, 8)), 6, 40, 2)
	for _, c := range []struct {
		allFalse bool
		want     string
	}{
		{true, "the solver's model misclassifies line"},
		{false, "the solver's model has"}, // leaves over the bound
	} {
		opt := Options{NewSolver: func() (solver.Solver, error) {
			return &liar{ginisat.New(), c.allFalse}, nil
		}}
		_, err := learn(context.Background(), ds, opt, true)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("all false %v: err = %v, want %q", c.allFalse, err, c.want)
		}
	}
}

// TestStagger: until Stagger has passed, one depth is probed at a time, so
// the solver calls come from one probe's solver after another, in the
// order they were opened, whatever Jobs allows. (Without Stagger the four
// probes' calls interleave, as a rule but not by law.)
func TestStagger(t *testing.T) {
	ds, _, err := dataset.Load(context.Background(), shareddata.Path(t, "monk1.csv"), dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu     sync.Mutex
		opened int
		calls  []int // the solver of each call, numbered as opened
	)
	open := func() (solver.Solver, error) {
		mu.Lock()
		defer mu.Unlock()
		opened++
		return &numbered{Solver: ginisat.New(), n: opened, calls: &calls, mu: &mu}, nil
	}
	opt := Options{NewSolver: open, Probes: 4, Stagger: time.Hour}
	if _, err := learn(context.Background(), ds, opt, false); err != nil {
		t.Fatal(err)
	}
	if !slices.IsSorted(calls) || opened < 2 {
		t.Errorf("calls on solvers %v, want one solver after another, and more than one", calls)
	}
}

// numbered is a solver that records its number n in calls, under mu, at
// each call.
type numbered struct {
	solver.Solver
	n     int
	calls *[]int
	mu    *sync.Mutex
}

func (s *numbered) Solve(ctx context.Context, assumptions []int) (solver.Result, error) {
	s.mu.Lock()
	*s.calls = append(*s.calls, s.n)
	s.mu.Unlock()
	return s.Solver.Solve(ctx, assumptions)
}

// TestProgressForward: with four depths probed at once, whose calls
// interleave, the progress never goes back: the depth, and the examples
// encoded, while the depth is searched; then the depth stays and the leaf
// bound falls.
func TestProgressForward(t *testing.T) {
	ds, _, err := dataset.Load(context.Background(), shareddata.Path(t, "monk1.csv"), dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var seen []Progress
	opt := Options{NewSolver: newGini, Probes: 4, Progress: func(p Progress) { seen = append(seen, p) }}
	root, err := learn(context.Background(), ds, opt, true)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(seen); i++ {
		a, b := seen[i-1], seen[i]
		var back bool
		switch {
		case b.MaxLeaves == 0:
			back = a.MaxLeaves > 0 || b.Depth < a.Depth || b.Examples < a.Examples
		case a.MaxLeaves == 0:
			back = b.Depth < a.Depth
		default:
			back = b.Depth != a.Depth || b.MaxLeaves > a.MaxLeaves || b.Examples < a.Examples
		}
		if back {
			t.Fatalf("call %d: %+v after %+v", i+1, b, a)
		}
	}
	if last := seen[len(seen)-1]; last.Depth != root.Depth() {
		t.Errorf("last progress at depth %d, the tree's is %d", last.Depth, root.Depth())
	}
}
