package minerr

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// oracle is an exhaustive search over every tree of depth at most d with
// at most n branching nodes, sharing nothing with the engine but the
// definition of the objective: errors + c·branches, then branches.
type oracle struct {
	rows   [][]bool
	counts [][]int // records of each class per row
	c      float64
	memo   map[memoKey]pair
}

// memoKey is a subproblem of the oracle: a subset of at most 256 rows, as
// bits, a depth and a budget.
type memoKey struct {
	rows [4]uint64
	d, n int
}

type pair struct{ e, b int }

func (o *oracle) less(a, b pair) bool {
	va, vb := float64(a.e)+o.c*float64(a.b), float64(b.e)+o.c*float64(b.b)
	return va < vb || va == vb && a.b < b.b
}

func (o *oracle) best(subset []int, d, n int) pair {
	k := memoKey{d: d, n: min(n, objective.MaxBranches(d))}
	for _, r := range subset {
		k.rows[r/64] |= 1 << (r % 64)
	}
	if p, ok := o.memo[k]; ok {
		return p
	}
	if o.memo == nil {
		o.memo = make(map[memoKey]pair)
	}
	p := o.search(subset, d, k.n)
	o.memo[k] = p
	return p
}

func (o *oracle) search(subset []int, d, n int) pair {
	classes := len(o.counts[0])
	total, most := 0, 0
	for k := range classes {
		w := 0
		for _, r := range subset {
			w += o.counts[r][k]
		}
		total += w
		most = max(most, w)
	}
	best := pair{total - most, 0}
	if d == 0 || n == 0 {
		return best
	}
	for f := range o.rows[0] {
		var lo, hi []int
		for _, r := range subset {
			if o.rows[r][f] {
				hi = append(hi, r)
			} else {
				lo = append(lo, r)
			}
		}
		// Every split of the budget, not only those that spend it all.
		for nl := 0; nl < n; nl++ {
			l := o.best(lo, d-1, nl)
			for nr := 0; nl+nr < n; nr++ {
				r := o.best(hi, d-1, nr)
				if t := (pair{l.e + r.e, l.b + r.b + 1}); o.less(t, best) {
					best = t
				}
			}
		}
	}
	return best
}

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

// records returns the number of records of ds and, per example, its
// records of each class.
func records(ds *dataset.Dataset) (int, [][]int) {
	n := 0
	counts := make([][]int, len(ds.Examples))
	for i, ex := range ds.Examples {
		counts[i] = make([]int, max(len(ds.Classes), 1))
		if ex.Counts == nil {
			counts[i][ex.Class] = 1
		} else {
			copy(counts[i], ex.Counts)
		}
		for _, c := range counts[i] {
			n += c
		}
	}
	return n, counts
}

// check reports how res differs from the oracle's optimum for ds and opt,
// and whether its tree is what it claims on every record.
func check(ds *dataset.Dataset, opt objective.Options, res *objective.Result) error {
	n, counts := records(ds)
	rows := make([][]bool, len(ds.Examples))
	all := make([]int, len(rows))
	for i, ex := range ds.Examples {
		rows[i], all[i] = ds.Row(&ex), i
	}
	if err := checkTree(ds, opt, res); err != nil {
		return err
	}
	if len(ds.Features) == 0 {
		rows = nil
	}
	budget := objective.MaxBranches(opt.MaxDepth)
	if opt.MaxBranches > 0 {
		budget = min(budget, opt.MaxBranches)
	}
	o := &oracle{rows: rows, counts: counts, c: opt.CostPerBranch * float64(n)}
	var want pair
	if len(rows) == 0 || len(ds.Features) == 0 {
		want = o.best(all, 0, 0)
	} else {
		want = o.best(all, opt.MaxDepth, budget)
	}
	if got := (pair{res.Errors, res.Branches}); opt.AnySize && got.e != want.e || !opt.AnySize && got != want && (o.less(got, want) || o.less(want, got)) {
		return fmt.Errorf("got %d errors and %d branches, the oracle %d and %d", got.e, got.b, want.e, want.b)
	}
	if !res.Optimal {
		return fmt.Errorf("not proven optimal")
	}
	if res.Bound != res.Objective {
		return fmt.Errorf("bound %v, objective %v", res.Bound, res.Objective)
	}
	return nil
}

// checkTree reports whether res's tree is within the budgets and makes the
// errors it claims on every record of ds.
func checkTree(ds *dataset.Dataset, opt objective.Options, res *objective.Result) error {
	_, counts := records(ds)
	errs := 0
	for i, ex := range ds.Examples {
		k := res.Root.Classify(func(f int) bool { return ds.Holds(&ex, f) })
		for c, w := range counts[i] {
			if c != k {
				errs += w
			}
		}
	}
	switch {
	case errs != res.Errors:
		return fmt.Errorf("the tree makes %d errors, the result says %d", errs, res.Errors)
	case branches(res.Root) != res.Branches:
		return fmt.Errorf("the tree has %d branching nodes, the result says %d", branches(res.Root), res.Branches)
	case res.Root.Depth() > opt.MaxDepth:
		return fmt.Errorf("depth %d > %d", res.Root.Depth(), opt.MaxDepth)
	case opt.MaxBranches > 0 && res.Branches > opt.MaxBranches:
		return fmt.Errorf("%d branching nodes > %d", res.Branches, opt.MaxBranches)
	}
	return nil
}

func branches(t *tree.Node) int {
	if t.IsLeaf() {
		return 0
	}
	return 1 + branches(t.False) + branches(t.True)
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

// TestOracleConsistent compares Solve with the oracle on tables that some
// tree classifies without error, at depths beyond the least, where the
// fewest branches are the zero-error engine's to find.
func TestOracleConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	runs := 300
	if testing.Short() {
		runs = 60
	}
	for run := range runs {
		ds := randomTable(r)
		for i := range ds.Examples {
			ds.Examples[i].Counts = nil
		}
		solveChecked(t, run, ds, objective.Options{MaxDepth: 2 + r.IntN(4), AnySize: r.IntN(4) == 0})
	}
}

// solveChecked runs Solve on ds and fails t, naming the run, where the
// result is not the oracle's.
func solveChecked(t *testing.T, run int, ds *dataset.Dataset, opt objective.Options) {
	t.Helper()
	res, err := Solve(context.Background(), ds, opt)
	if err != nil {
		t.Fatalf("run %d: %v", run, err)
	}
	if err := check(ds, opt, res); err != nil {
		t.Fatalf("run %d (%+v, %d examples, %d features, %d classes): %v", run, opt, len(ds.Examples), len(ds.Features), len(ds.Classes), err)
	}
}

// TestOracle compares Solve with the exhaustive oracle on random tables:
// multi-class, contradictory records, branch budgets and costs.
func TestOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	runs := 600
	if testing.Short() {
		runs = 150
	}
	for run := range runs {
		ds := randomTable(r)
		solveChecked(t, run, ds, randomOptions(r))
	}
}

// TestOracleDeep compares Solve with the oracle at depths four and five,
// on noisy tables: nodes of depth three and more are then not the root, so
// the bounds they prove and cache when they find no better tree, and what
// the second phase proves of their branches, decide the answer.
func TestOracleDeep(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	runs := 200
	if testing.Short() {
		runs = 40
	}
	for run := range runs {
		ds := testgen.Noisy(r, 4+r.IntN(3), 16+r.IntN(48), 2+r.IntN(2))
		opt := objective.Options{MaxDepth: 4 + r.IntN(2)}
		switch r.IntN(4) {
		case 0:
			opt.MaxBranches = 2 + r.IntN(12)
		case 1:
			opt.CostPerBranch = []float64{1.0 / 64, 1.0 / 32, 1.0 / 16}[r.IntN(3)]
		}
		solveChecked(t, run, ds, opt)
	}
}

// TestOracleCounted compares Solve with the oracle at depth three on
// tables of hundreds of records, weighted, with features that hold on few
// items as well as on half: the root's children are then counted from its
// columns (see parent), by masking, by laying out their smaller side anew
// or from the counts of triples, and solved from the counts alone.
func TestOracleCounted(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	runs := 24
	if testing.Short() {
		runs = 6
	}
	for run := range runs {
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
		switch r.IntN(3) {
		case 0:
			opt.MaxBranches = 2 + r.IntN(5)
		case 1:
			opt.CostPerBranch = 1.0 / 64
		}
		solveChecked(t, run, ds, opt)
	}
}
