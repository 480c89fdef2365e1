package orchestrate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/ordered"
)

// The tests' tables are searched in far less than ldsAfter: the search
// beside the engine starts with the engine, so that they test it too.
func init() { ldsAfter = 0 }

// numericTable returns a small table of numeric columns with noisy labels,
// which the Errors mode gives to the ordered engine.
func numericTable(t testing.TB, r *rand.Rand) *dataset.Dataset {
	t.Helper()
	cols, rows, classes := 1+r.IntN(3), 8+r.IntN(40), 2+r.IntN(2)
	var b strings.Builder
	for c := range cols {
		fmt.Fprintf(&b, "x%d,", c)
	}
	b.WriteString("y\n")
	for range rows {
		for range cols {
			fmt.Fprintf(&b, "%d,", r.IntN(6))
		}
		fmt.Fprintf(&b, "%d\n", r.IntN(classes))
	}
	_, ds := testgen.Load(t, b.String(), "numeric.csv", dataset.Options{Conflicts: dataset.Count})
	return ds
}

// cartErrors grows CART's tree of ds to depth, as scikit-learn does, by
// brute force over the tests, and returns its errors: the floor of the
// anytime search, found here without package cart.
func cartErrors(ds *dataset.Dataset, depth int) int {
	rows, counts := testgen.Records(ds)
	var grow func(set []int, d int) int
	grow = func(set []int, d int) int {
		cls := make([]int, len(counts[0]))
		for _, i := range set {
			for k, c := range counts[i] {
				cls[k] += c
			}
		}
		n, most, sq := 0, 0, 0
		for _, c := range cls {
			n, most, sq = n+c, max(most, c), sq+c*c
		}
		if d == 0 || sq == n*n {
			return n - most
		}
		// The split of least weighted Gini impurity, n·Σ(c/n)² being what
		// it leaves to maximize: Σ sq(side)/n(side).
		best, bestF := -1.0, -1
		for f := range rows[0] {
			var no, yes []int
			for _, i := range set {
				if rows[i][f] {
					yes = append(yes, i)
				} else {
					no = append(no, i)
				}
			}
			v, ok := 0.0, len(no) > 0 && len(yes) > 0
			for _, side := range [][]int{no, yes} {
				c := make([]int, len(cls))
				for _, i := range side {
					for k, w := range counts[i] {
						c[k] += w
					}
				}
				sn, ssq := 0, 0
				for _, w := range c {
					sn, ssq = sn+w, ssq+w*w
				}
				if sn == 0 {
					ok = false
					break
				}
				v += float64(ssq) / float64(sn)
			}
			if ok && v > best+1e-9 {
				best, bestF = v, f
			}
		}
		if bestF < 0 {
			return n - most
		}
		var no, yes []int
		for _, i := range set {
			if rows[i][bestF] {
				yes = append(yes, i)
			} else {
				no = append(no, i)
			}
		}
		return grow(no, d-1) + grow(yes, d-1)
	}
	all := make([]int, len(rows))
	for i := range all {
		all[i] = i
	}
	return grow(all, depth)
}

// trajectory is what an anytime search reported: each tree's errors and
// each bound, in order, and the first tree's errors.
type trajectory struct {
	mu     sync.Mutex
	errors []int
	bounds []int
}

func (tr *trajectory) progress(p Progress) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.errors = append(tr.errors, p.Errors)
	tr.bounds = append(tr.bounds, p.MinErrors)
}

// checkAnytime reports where what a search reported, and its result,
// contradict the optimum opt: a bound above it, a tree below it or a tree
// worse than the one before, a claim of optimality for a tree that is not,
// or a first tree worse than CART's, floor.
func checkAnytime(tr *trajectory, res *Result, opt, floor int) error {
	switch {
	case res.MinErrors > opt || res.Errors < opt:
		return fmt.Errorf("result %d errors, bound %d; the optimum is %d", res.Errors, res.MinErrors, opt)
	case res.Optimal && res.Errors != opt:
		return fmt.Errorf("%d errors claimed optimal; the optimum is %d", res.Errors, opt)
	case res.Errors > floor:
		return fmt.Errorf("%d errors, CART's tree %d", res.Errors, floor)
	}
	for i, e := range tr.errors {
		switch {
		case e < opt || tr.bounds[i] > opt:
			return fmt.Errorf("report %d: %d errors, bound %d; the optimum is %d", i, e, tr.bounds[i], opt)
		case i == 0 && e > floor:
			return fmt.Errorf("first tree %d errors, CART's %d", e, floor)
		case i > 0 && (e > tr.errors[i-1] || tr.bounds[i] < tr.bounds[i-1]):
			return fmt.Errorf("report %d: %d errors, bound %d after %d, %d", i, e, tr.bounds[i], tr.errors[i-1], tr.bounds[i-1])
		}
	}
	return nil
}

// TestAnytime checks the Errors mode's anytime search on random tables,
// binary and numeric, against the brute-force optimum: every bound
// reported is at most the optimum, every tree at least it and never worse
// than the one before, the first never worse than CART's tree (grown here
// by brute force), and what is claimed optimal is. The searches that
// improve the tree and the bound start at once, and one search in three
// is stopped early, so that they report what they hold.
func TestAnytime(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for run := range objtest.Runs(200, 60) {
		var ds *dataset.Dataset
		if run%2 == 0 {
			ds = numericTable(t, r)
		} else {
			ds = testgen.Noisy(r, 3+r.IntN(4), 8+r.IntN(30), 2+r.IntN(2))
		}
		depth := 1 + r.IntN(4)
		ctx := context.Background()
		if run%3 == 2 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, time.Duration(r.IntN(2000))*time.Microsecond)
			defer cancel()
		}
		tr := &trajectory{}
		res, err := Learn(ctx, ds, Options{Mode: Errors, Budget: Budget{MaxDepth: depth, AnySize: true}, Progress: tr.progress})
		if res == nil {
			t.Fatalf("run %d: %v", run, err)
		}
		opt := testgen.MinErrors(ds, depth, 0)
		if err := checkAnytime(tr, res, opt, cartErrors(ds, depth)); err != nil {
			t.Fatalf("run %d (depth %d, %d examples, %d features): %v", run, depth, len(ds.Examples), len(ds.Features), err)
		}
	}
}

// TestCheckAnytimeFails: the check of TestAnytime catches a bound above
// the optimum, a tree below it, a false claim, and a first tree worse than
// CART's.
func TestCheckAnytimeFails(t *testing.T) {
	good := &Result{Errors: 5, MinErrors: 3}
	for name, c := range map[string]struct {
		tr  *trajectory
		res *Result
	}{
		"bound above":      {&trajectory{errors: []int{6}, bounds: []int{5}}, good},
		"tree below":       {&trajectory{errors: []int{3}, bounds: []int{0}}, good},
		"worse later":      {&trajectory{errors: []int{5, 6}, bounds: []int{0, 0}}, good},
		"false claim":      {&trajectory{}, &Result{Errors: 5, MinErrors: 5, Optimal: true}},
		"worse than floor": {&trajectory{errors: []int{7}, bounds: []int{0}}, good},
	} {
		if checkAnytime(c.tr, c.res, 4, 6) == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := checkAnytime(&trajectory{errors: []int{6, 5}, bounds: []int{0, 3}}, good, 4, 6); err != nil {
		t.Errorf("a good trajectory: %v", err)
	}
}

// TestImproveThinned: the search beside the engine on columns of more
// tests than it weighs (ldsCuts) offers trees over ds's own tests that
// make the errors they are offered with.
func TestImproveThinned(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	var b strings.Builder
	b.WriteString("x,z,y\n")
	for range 3 * ldsCuts {
		x, z := r.IntN(4*ldsCuts), r.IntN(50)
		y := 0
		if (x < 2*ldsCuts) != (z < 25) || r.IntN(5) == 0 {
			y = 1
		}
		fmt.Fprintf(&b, "%d,%d,%d\n", x, z, y)
	}
	_, ds := testgen.Load(t, b.String(), "wide.csv", dataset.Options{Conflicts: dataset.Count})
	if _, _, all := ds.Thin(ldsCuts); all {
		t.Fatal("the table's columns are not thinned")
	}
	rows, counts := testgen.Records(ds)
	a := newAnytime(objective.Order{ErrorsOnly: true})
	offers := 0
	a.report = func(best, bound int) {
		root, s := a.held.Best()
		errs := 0
		for i, row := range rows {
			k := root.Classify(func(f int) bool { return row[f] })
			for c, w := range counts[i] {
				if c != k {
					errs += w
				}
			}
		}
		if errs != s.E {
			t.Errorf("a tree of %d errors offered as %d", errs, s.E)
		}
		offers++
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	a.improve(ctx, ds, ordered.Solve, objective.Options{MaxDepth: 3, AnySize: true})
	if offers == 0 {
		t.Error("no tree offered")
	}
}

// TestProgressCost: with a cost per branch a better tree may make more
// errors than one before it; the last report of a search that ends is the
// tree it returns, not the fewest errors any tree made.
func TestProgressCost(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for run := range objtest.Runs(200, 60) {
		ds := numericTable(t, r)
		if run%2 == 1 {
			ds = testgen.Noisy(r, 3+r.IntN(4), 8+r.IntN(30), 2+r.IntN(2))
		}
		cost := float64(1+r.IntN(4)) / float64(2*len(ds.Examples))
		tr := &trajectory{}
		res, err := Learn(context.Background(), ds, Options{Mode: Errors, Budget: Budget{MaxDepth: 1 + r.IntN(4), Cost: cost}, Progress: tr.progress})
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if n := len(tr.errors); n == 0 || tr.errors[n-1] != res.Errors {
			t.Fatalf("run %d: reported %v errors, returned %d", run, tr.errors, res.Errors)
		}
	}
}

// TestEngineOwnByOrder: with a cost per branch, the engine's tree is its
// best by the objective, which may make more errors than one before it.
func TestEngineOwnByOrder(t *testing.T) {
	a := newAnytime(objective.Order{Cost: 2})
	var got []int
	a.report = func(best, bound int) { got = append(got, best) }
	a.engine(objective.Progress{Errors: 3, Branches: 3}, false) // 3 + 2·3 = 9
	a.engine(objective.Progress{Errors: 4, Branches: 1}, false) // 4 + 2·1 = 6: better
	if len(got) != 2 || got[1] != 4 {
		t.Fatalf("reports %v; want [3 4]", got)
	}
}
