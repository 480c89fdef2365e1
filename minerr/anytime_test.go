package minerr

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
)

// TestCancelled checks that a search whose context ends returns the best
// tree it has, making the errors it claims, with a bound below it, not
// proven optimal, and the context's error.
func TestCancelled(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ds := testgen.Boolean(12, 2)
	for range 300 {
		vals := make([]bool, 12)
		for f := range vals {
			vals[f] = r.IntN(2) == 1
		}
		ds.Examples = append(ds.Examples, dataset.Example{Codes: testgen.Codes(vals), Class: r.IntN(2)})
	}
	// Cancelled before it starts: the majority leaf.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opt := objective.Options{MaxDepth: 3}
	res, err := Solve(ctx, ds, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if err := objtest.CheckTree(ds, opt, res); err != nil || res.Optimal || res.Branches != 0 {
		t.Fatalf("cancelled at once: %v, optimal %v, %d branches", err, res.Optimal, res.Branches)
	}
	// Cancelled by the first report, that of the greedy tree.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var seen []objective.Progress
	opt.Progress = func(p objective.Progress) {
		seen = append(seen, p)
		cancel()
	}
	res, err = Solve(ctx, ds, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if err := objtest.CheckTree(ds, opt, res); err != nil {
		t.Fatal(err)
	}
	if res.Optimal || res.ErrorBound > res.Errors || res.Bound > res.Objective || res.Branches == 0 {
		t.Errorf("optimal %v, bound %d (%v) for %d errors, %d branches", res.Optimal, res.ErrorBound, res.Bound, res.Errors, res.Branches)
	}
	if len(seen) != 1 || seen[0].Errors != res.Errors {
		t.Errorf("progress %+v, result %d errors", seen, res.Errors)
	}
	// Uncancelled, the same search proves a tree no worse.
	full, err := Solve(context.Background(), ds, objective.Options{MaxDepth: 3})
	if err != nil || !full.Optimal || full.Errors > res.Errors || full.ErrorBound < res.ErrorBound {
		t.Errorf("uncancelled: %+v, %v", full, err)
	}
}

// TestCancelledWithCost cancels searches with a cost per branch at each of
// their reports in turn: a tree proven optimal meets the bound, the bound
// is never above the tree's objective, and a tree not proven optimal comes
// with an error.
func TestCancelledWithCost(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for run := range 40 {
		ds := testgen.Noisy(r, 10, 300, 3)
		for k := 1; ; k++ {
			ctx, cancel := context.WithCancel(context.Background())
			reports := 0
			opt := objective.Options{MaxDepth: 3, CostPerBranch: 0.005 * float64(1+run%4), Progress: func(objective.Progress) {
				if reports++; reports == k {
					cancel()
				}
			}}
			res, err := Solve(ctx, ds, opt)
			cancel()
			if cerr := objtest.CheckTree(ds, opt, res); cerr != nil {
				t.Fatal(cerr)
			}
			if res.Optimal && res.Bound != res.Objective || res.Bound > res.Objective || res.Optimal == (err != nil) {
				t.Fatalf("run %d, cancelled at report %d: optimal %v, objective %v, bound %v, error %v", run, k, res.Optimal, res.Objective, res.Bound, err)
			}
			if reports < k {
				break // it ended before the k-th report
			}
		}
	}
}
