package minerr

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// randomTable returns a dataset of up to 24 distinct rows over m features
// whose records, with dataset.Count's Counts, may disagree on the class.
func randomTable(r *rand.Rand) *dataset.Dataset {
	m := 1 + r.IntN(6)
	classes := 2 + r.IntN(2)
	if r.IntN(10) == 0 {
		classes = 1
	}
	contradict := r.IntN(2) == 0
	ds := testgen.Boolean(m, classes)
	seen := map[string]bool{}
	for range 1 + r.IntN(24) {
		vals := make([]bool, m)
		for f := range vals {
			vals[f] = r.IntN(2) == 1
		}
		if seen[fmt.Sprint(vals)] {
			continue
		}
		seen[fmt.Sprint(vals)] = true
		ex := dataset.Example{Codes: testgen.Codes(vals), Class: r.IntN(classes)}
		if contradict && r.IntN(3) == 0 {
			ex.Counts = make([]int, classes)
			for k := range ex.Counts {
				if r.IntN(2) == 0 {
					ex.Counts[k] = r.IntN(3)
				}
			}
			ex.Counts[ex.Class] += 1 + r.IntN(2)
			testgen.Majority(&ex)
		}
		ds.Examples = append(ds.Examples, ex)
	}
	return ds
}

// consistentTable returns a random table of distinct examples of one
// class each, which some tree classifies without error.
func consistentTable(r *rand.Rand) *dataset.Dataset {
	ds := randomTable(r)
	for i := range ds.Examples {
		ds.Examples[i].Counts = nil
	}
	return ds
}

// TestOracleConsistent compares Solve with the oracle on tables that some
// tree classifies without error, at depths beyond the least, where the
// fewest branches are the zero-error engine's to find.
func TestOracleConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for run := range objtest.Runs(300, 60) {
		ds := consistentTable(r)
		solveChecked(t, run, ds, objective.Options{MaxDepth: 2 + r.IntN(4), AnySize: r.IntN(4) == 0})
	}
}

// solveChecked runs Solve on ds and fails t, naming the run, where the
// result is not the oracle's.
func solveChecked(t *testing.T, run int, ds *dataset.Dataset, opt objective.Options) {
	t.Helper()
	if err := objtest.Solve(Solve, ds, opt); err != nil {
		t.Fatalf("run %d (%+v, %d examples, %d features, %d classes): %v", run, opt, len(ds.Examples), len(ds.Features), len(ds.Classes), err)
	}
}

// TestOracle compares Solve with the exhaustive oracle on random tables:
// multi-class, contradictory records, branch budgets and costs.
func TestOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for run := range objtest.Runs(600, 150) {
		ds := randomTable(r)
		solveChecked(t, run, ds, objtest.RandomOptions(r))
	}
}

// TestOracleDeep compares Solve with the oracle at depths four and five,
// on noisy tables: nodes of depth three and more are then not the root, so
// the bounds they prove and cache when they find no better tree, and what
// the second phase proves of their branches, decide the answer, with
// branch budgets, costs and minimum leaf sizes.
func TestOracleDeep(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for run := range objtest.Runs(200, 40) {
		ds := testgen.Noisy(r, 4+r.IntN(3), 16+r.IntN(48), 2+r.IntN(2))
		opt := objective.Options{MaxDepth: 4 + r.IntN(2)}
		switch r.IntN(4) {
		case 0:
			opt.MaxBranches = 2 + r.IntN(12)
		case 1:
			opt.CostPerBranch = []float64{1.0 / 64, 1.0 / 32, 1.0 / 16}[r.IntN(3)]
		case 2:
			opt.MinLeaf = 2 + r.IntN(8)
		}
		solveChecked(t, run, ds, opt)
	}
}

// TestOracleCounted compares Solve with the oracle at depth three on
// tables of hundreds of records, weighted, with features that hold on few
// items as well as on half: the root's children are then counted from its
// columns (see parent), by masking, by laying out their smaller side anew
// or from the counts of triples, and solved from the counts alone; with
// branch budgets, a cost or a minimum leaf size.
func TestOracleCounted(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for run := range objtest.Runs(24, 6) {
		m, classes := 10+r.IntN(7), 2+r.IntN(2)
		ds := testgen.Boolean(m, classes)
		p := make([]int, m) // feature f holds one time in p[f]
		for f := range p {
			p[f] = []int{2, 2, 8}[r.IntN(3)]
		}
		for range 100 + r.IntN(150) {
			vals := make([]bool, m)
			for f := range vals {
				vals[f] = r.IntN(p[f]) == 0
			}
			ex := dataset.Example{Codes: testgen.Codes(vals), Counts: make([]int, classes)}
			for range 1 + r.IntN(8) {
				ex.Counts[r.IntN(classes)]++
			}
			testgen.Majority(&ex)
			ds.Examples = append(ds.Examples, ex)
		}
		opt := objective.Options{MaxDepth: 3}
		switch r.IntN(4) {
		case 0:
			opt.MaxBranches = 2 + r.IntN(5)
		case 1:
			opt.CostPerBranch = 1.0 / 64
		case 2:
			opt.MinLeaf = 5 + r.IntN(40)
		}
		solveChecked(t, run, ds, opt)
	}
}

// TestHandOffBesideUpperBound: a tree without errors known beside the
// search does not keep it from handing the fewest branches to the
// zero-error engine: it finds one of its own to hand.
func TestHandOffBesideUpperBound(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for run := range objtest.Runs(300, 60) {
		ds := consistentTable(r)
		opt := objective.Options{MaxDepth: 2 + r.IntN(4)}
		want, err := Solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatal(err)
		}
		if want.Errors != 0 || want.Branches == 0 {
			continue // nothing to hand: errors, or a leaf without
		}
		handed := false
		opt.Consistent = func(_ context.Context, _ *dataset.Dataset, _ int, root *tree.Node) (*tree.Node, error) {
			handed = true
			return root, nil
		}
		opt.UpperBound = func() objective.Score { return objective.Score{B: want.Branches} }
		if _, err := Solve(context.Background(), ds, opt); err != nil {
			t.Fatal(err)
		}
		if !handed {
			t.Fatalf("run %d (%+v): a tree of %d branches without errors known beside, no tree handed to the zero-error engine", run, opt, want.Branches)
		}
	}
}
