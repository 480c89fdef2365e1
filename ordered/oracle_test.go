package ordered

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// randomCSV returns a table of up to 30 records: one to three numeric
// columns of a few distinct values each, sometimes a column of categories,
// and a label of one to three classes. Repeated rows with other labels
// make contradictory records.
func randomCSV(r *rand.Rand) string {
	numeric := 1 + r.IntN(3)
	category := r.IntN(3) == 0
	classes := 2 + r.IntN(2)
	if r.IntN(10) == 0 {
		classes = 1
	}
	var b strings.Builder
	for c := range numeric {
		fmt.Fprintf(&b, "x%d,", c)
	}
	if category {
		b.WriteString("color,")
	}
	b.WriteString("label\n")
	var rows []string
	for range 1 + r.IntN(30) {
		var row strings.Builder
		if len(rows) > 0 && r.IntN(5) == 0 {
			row.WriteString(rows[r.IntN(len(rows))])
		} else {
			for range numeric {
				// Few values, some negative or fractional, so that the
				// thresholds are few and their order is not the text's.
				fmt.Fprintf(&row, "%g,", float64(r.IntN(5)-1)/2)
			}
			if category {
				fmt.Fprintf(&row, "%s,", []string{"red", "green", "blue"}[r.IntN(3)])
			}
		}
		rows = append(rows, row.String())
		fmt.Fprintf(&b, "%s%c\n", row.String(), 'a'+rune(r.IntN(classes)))
	}
	return b.String()
}

// load binarizes a CSV text as odtx does for the min-error objective.
func load(t testing.TB, csv string) *dataset.Dataset {
	t.Helper()
	tb, err := dataset.ReadTable(strings.NewReader(csv), "random.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tb.Binarize(dataset.Options{Conflicts: dataset.Count})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// randomOptions picks a depth of 0 to 3, a branch budget or none, and a
// cost per branch or none; the costs times any number of records are exact
// in binary, so that the engine and the oracle see the same ties. Without
// a cost, it asks for a tree of any size one time in four.
func randomOptions(r *rand.Rand) objective.Options {
	opt := objective.Options{MaxDepth: 1 + r.IntN(3)}
	if r.IntN(10) == 0 {
		opt.MaxDepth = 0
	}
	if r.IntN(2) == 0 {
		opt.MaxBranches = 1 + r.IntN(6)
	}
	if r.IntN(3) == 0 {
		opt.CostPerBranch = []float64{1.0 / 64, 3.0 / 64, 1.0 / 16, 1.0 / 8, 5.0 / 32}[r.IntN(5)]
	} else {
		opt.AnySize = r.IntN(4) == 0
	}
	return opt
}

// records returns the number of records of ds.
func records(ds *dataset.Dataset) int {
	n := 0
	for _, ex := range ds.Examples {
		for _, c := range ex.Counts {
			n += c
		}
	}
	return n
}

// oracle returns the least errors and branching nodes of the trees within
// opt's budgets, by the objective and then the branches. From the brute
// force's fewest errors E(b) with at most b branching nodes, it takes the
// least b that minimizes E(b) + cost·b: a tree of fewer branches that does
// as well would make that b not the least.
func oracle(ds *dataset.Dataset, opt objective.Options) (errs, branches int) {
	budget := objective.MaxBranches(opt.MaxDepth)
	if opt.MaxBranches > 0 {
		budget = min(budget, opt.MaxBranches)
	}
	if len(ds.Features) == 0 {
		budget = 0
	}
	c := opt.CostPerBranch * float64(records(ds))
	best := -1.0
	for b := 0; b <= budget; b++ {
		e := testgen.MinErrors(ds, opt.MaxDepth, 2*b+1)
		if v := float64(e) + c*float64(b); best < 0 || v < best {
			best, errs, branches = v, e, b
		}
	}
	return errs, branches
}

// checkTree reports whether res's tree is within opt's budgets and makes
// the errors and has the branching nodes it claims.
func checkTree(ds *dataset.Dataset, opt objective.Options, res *objective.Result) error {
	errs := 0
	for _, ex := range ds.Examples {
		k := res.Root.Classify(func(f int) bool { return ds.Holds(&ex, f) })
		for c, w := range ex.Counts {
			if c != k {
				errs += w
			}
		}
	}
	switch {
	case errs != res.Errors:
		return fmt.Errorf("the tree makes %d errors, the result says %d", errs, res.Errors)
	case branchCount(res.Root) != res.Branches:
		return fmt.Errorf("the tree has %d branching nodes, the result says %d", branchCount(res.Root), res.Branches)
	case res.Root.Depth() > opt.MaxDepth:
		return fmt.Errorf("depth %d > %d", res.Root.Depth(), opt.MaxDepth)
	case opt.MaxBranches > 0 && res.Branches > opt.MaxBranches:
		return fmt.Errorf("%d branching nodes > %d", res.Branches, opt.MaxBranches)
	}
	return nil
}

func branchCount(t *tree.Node) int {
	if t.IsLeaf() {
		return 0
	}
	return 1 + branchCount(t.False) + branchCount(t.True)
}

// check reports how res differs from the oracle's optimum for ds and opt,
// and whether its tree is what it claims.
func check(ds *dataset.Dataset, opt objective.Options, res *objective.Result) error {
	if err := checkTree(ds, opt, res); err != nil {
		return err
	}
	e, b := oracle(ds, opt)
	if res.Errors != e || !opt.AnySize && res.Branches != b {
		return fmt.Errorf("got %d errors and %d branches, the oracle %d and %d", res.Errors, res.Branches, e, b)
	}
	switch {
	case !res.Optimal:
		return fmt.Errorf("not proven optimal")
	case res.Bound != res.Objective:
		return fmt.Errorf("bound %v, objective %v", res.Bound, res.Objective)
	case opt.CostPerBranch == 0 && res.ErrorBound != res.Errors:
		return fmt.Errorf("error bound %d, errors %d", res.ErrorBound, res.Errors)
	}
	return nil
}

// TestOracle compares Solve with the exhaustive oracle on random tables of
// numeric columns: multi-class, contradictory records, branch budgets,
// costs and depths 0 to 3. One run in four drops some of the features, so
// that a column's thresholds are not every one its values give.
func TestOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	runs := 500
	if testing.Short() {
		runs = 150
	}
	for run := range runs {
		csv := randomCSV(r)
		ds := load(t, csv)
		if run%4 == 3 {
			ds.Features = slices.DeleteFunc(ds.Features, func(dataset.Feature) bool { return r.IntN(3) == 0 })
		}
		opt := randomOptions(r)
		res, err := Solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if err := check(ds, opt, res); err != nil {
			t.Fatalf("run %d (%+v):\n%s%v", run, opt, csv, err)
		}
	}
}
