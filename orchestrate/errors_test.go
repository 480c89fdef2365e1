package orchestrate

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
)

// checkObjectivesAgree checks the errors mode against the zero-error
// optimum of ds, depth k with n nodes: within depth k the fewest errors
// are none, with the fewest nodes among such trees (n, as no shallower
// tree has none); within depth k-1, or n-1 nodes at depth k, some.
func checkObjectivesAgree(t *testing.T, name string, ds *dataset.Dataset, k, n int) {
	t.Helper()
	learn := func(b Budget) *Result {
		t.Helper()
		res, err := Learn(context.Background(), ds, Options{Mode: Errors, Budget: b})
		if err != nil || !res.Optimal {
			t.Fatalf("%s, %+v: %v, optimal %v", name, b, err, res != nil && res.Optimal)
		}
		return res
	}
	if res := learn(Budget{MaxDepth: k}); res.Errors != 0 || res.Root.Nodes() != n {
		t.Errorf("%s within depth %d: %d errors, %d nodes; the zero-error optimum has %d nodes", name, k, res.Errors, res.Root.Nodes(), n)
	}
	if k > 0 {
		if res := learn(Budget{MaxDepth: k - 1}); res.Errors == 0 || res.MinErrors != res.Errors {
			t.Errorf("%s within depth %d: %d errors (bound %d), but no consistent tree is that shallow", name, k-1, res.Errors, res.MinErrors)
		}
	}
	if branches := (n - 1) / 2; branches > 1 {
		if res := learn(Budget{MaxDepth: k, MaxBranches: branches - 1}); res.Errors == 0 || res.Root.Nodes() > n-2 {
			t.Errorf("%s within depth %d and %d branching nodes: %d errors, %d nodes", name, k, branches-1, res.Errors, res.Root.Nodes())
		}
	}
}

// TestObjectivesAgree: the errors mode (minerr on binary data, ordered on
// numeric) agrees with the zero-error optimum that the SAT and DP engines
// find, on random data and on the shared datasets where it takes seconds
// (zoo takes tens).
func TestObjectivesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	trials := 60
	if testing.Short() {
		trials = 15
	}
	for range trials {
		ds := testgen.Dataset(r, 5+r.IntN(4), 10+r.IntN(40), 2+r.IntN(3))
		res, err := Learn(context.Background(), ds, Options{Mode: Size, Engine: DP})
		if err != nil {
			t.Fatal(err)
		}
		checkObjectivesAgree(t, "random", ds, res.Root.Depth(), res.Root.Nodes())
	}
	dir := shareddata.Dir(t)
	for _, want := range sharedOptima {
		switch want.file {
		case "mouse.csv", "lung_cancer_examples.csv", "iris.csv", "monk1.csv", "wine.csv":
		default:
			continue
		}
		ds, _, err := dataset.Load(context.Background(), filepath.Join(dir, want.file), dataset.Options{Conflicts: dataset.Count})
		if err != nil {
			t.Fatal(err)
		}
		checkObjectivesAgree(t, want.file, ds, want.depth, want.nodes)
	}
}

// TestErrorsEngineChoice: auto gives numeric data to ordered and binary or
// categorical data to minerr, each names itself in the result, either
// engine asked for by name finds the other's optimum, and an engine asked
// for the objective it does not search is refused.
func TestErrorsEngineChoice(t *testing.T) {
	dir := shareddata.Dir(t)
	for _, c := range []struct {
		file string
		want Engine
	}{
		{"iris.csv", Ordered}, {"wine.csv", Ordered}, // numeric columns
		{"monk1.csv", MinErr}, {"car.csv", MinErr}, {"tic-tac-toe.csv", MinErr}, // categorical, binary
	} {
		ds, _, err := dataset.Load(context.Background(), filepath.Join(dir, c.file), dataset.Options{Conflicts: dataset.Count})
		if err != nil {
			t.Fatal(err)
		}
		errs := map[Engine]int{}
		for _, e := range []Engine{Auto, MinErr, Ordered} {
			res, err := Learn(context.Background(), ds, Options{Mode: Errors, Engine: e, Budget: Budget{MaxDepth: 2}})
			if err != nil || !res.Optimal {
				t.Fatalf("%s on %v: %v", c.file, e, err)
			}
			ran := e
			if e == Auto {
				ran = c.want
			}
			if res.Engine != ran || res.ProvenBy.Errors != ran.String() {
				t.Errorf("%s on %v: engine %v, proven by %q; want %v", c.file, e, res.Engine, res.ProvenBy.Errors, ran)
			}
			errs[e] = res.Errors
		}
		if errs[MinErr] != errs[Ordered] || errs[Auto] != errs[MinErr] {
			t.Errorf("%s at depth 2: errors by engine %v", c.file, errs)
		}
	}
	ds := testgen.Dataset(rand.New(rand.NewPCG(1, 2)), 5, 20, 2)
	for _, c := range []struct {
		mode Mode
		e    Engine
	}{{Errors, SAT}, {Errors, DP}} {
		if _, err := Learn(context.Background(), ds, Options{Mode: c.mode, Engine: c.e, Budget: Budget{MaxDepth: 2}}); err == nil {
			t.Errorf("%v in mode %v: no error", c.e, c.mode)
		}
	}
}

// TestDeepSearches: the engines of the fewest errors search depths whose
// perfect trees have more branching nodes than an int32 counts, up to the
// deepest they take, and find there the optimum of a depth no tree of a
// few rows needs more than.
func TestDeepSearches(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	for run := range 6 {
		ds := testgen.Noisy(r, 3+r.IntN(3), 10+r.IntN(12), 2+r.IntN(2))
		for _, e := range []Engine{MinErr, Ordered} {
			var want int
			for i, d := range []int{len(ds.Examples), 29, 30, 31, 40, 62} {
				b := Budget{MaxDepth: d, AnySize: run%2 == 0}
				res, err := Learn(context.Background(), ds, Options{Mode: Errors, Engine: e, Budget: b, Off: objective.Techniques{Floor: true, LDS: true}})
				if err != nil || !res.Optimal {
					t.Fatalf("run %d, %v at depth %d: %v", run, e, d, err)
				}
				if i == 0 {
					want = res.Errors
				} else if res.Errors != want {
					t.Fatalf("run %d, %v at depth %d: %d errors, %d at depth %d", run, e, d, res.Errors, want, len(ds.Examples))
				}
			}
		}
	}
	for _, e := range []Engine{MinErr, Ordered} {
		ds := testgen.Noisy(r, 4, 20, 2)
		res, err := Learn(context.Background(), ds, Options{Mode: Errors, Engine: e, Budget: Budget{MaxDepth: 40, MaxBranches: 1 << 30}})
		free, ferr := Learn(context.Background(), ds, Options{Mode: Errors, Engine: e, Budget: Budget{MaxDepth: len(ds.Examples)}})
		if err != nil || ferr != nil || !res.Optimal || res.Errors != free.Errors {
			t.Fatalf("%v at depth 40 within 2^30 branching nodes: %v; without a budget: %v", e, err, ferr)
		}
	}
	if _, err := Learn(context.Background(), testgen.Noisy(r, 3, 10, 2), Options{Mode: Errors, Engine: Ordered, Budget: Budget{MaxDepth: objective.DeepestSearch + 1}}); err == nil {
		t.Fatalf("depth %d: no error", objective.DeepestSearch+1)
	}
}
