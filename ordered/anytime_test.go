package ordered

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/objective"
)

// TestCancelled checks that a search whose context ends returns the best
// tree it has, making the errors it claims and no more than it had
// reported, with a bound below the optimum, not proven optimal, and the
// context's error.
func TestCancelled(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ds := load(t, numericCSV(r, 400, 4, 60, 2))
	opt := objective.Options{MaxDepth: 3}
	full, err := Solve(context.Background(), ds, opt)
	if err != nil || !full.Optimal {
		t.Fatalf("uncancelled: optimal %v, %v", full.Optimal, err)
	}
	// Cancelled before it starts: the majority leaf.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Solve(ctx, ds, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if err := objtest.CheckTree(ds, opt, res); err != nil || res.Optimal || res.Branches != 0 {
		t.Fatalf("cancelled at once: %v, optimal %v, %d branches", err, res.Optimal, res.Branches)
	}
	// Cancelled by the n-th report of a better tree, wherever the search
	// then is.
	for n := 1; ; n++ {
		ctx, cancel := context.WithCancel(context.Background())
		var seen []objective.Progress
		opt.Progress = func(p objective.Progress) {
			seen = append(seen, p)
			if len(seen) == n {
				cancel()
			}
		}
		res, err := Solve(ctx, ds, opt)
		cancel()
		if len(seen) < n {
			// The search ended before the n-th report: it found the optimum.
			if err != nil || res.Errors != full.Errors {
				t.Fatalf("after %d reports: %d errors, %v; want %d", len(seen), res.Errors, err, full.Errors)
			}
			if n < 3 {
				t.Fatalf("only %d reports: too few to cancel in the middle", n-1)
			}
			t.Logf("cancelled at each of %d reports", n-1)
			break
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("report %d: error %v, want context.Canceled", n, err)
		}
		if err := objtest.CheckTree(ds, opt, res); err != nil {
			t.Fatalf("report %d: %v", n, err)
		}
		if res.Optimal || res.ErrorBound > full.Errors || res.Bound > full.Objective || res.Errors < full.Errors {
			t.Fatalf("report %d: optimal %v, bound %d for the optimum's %d errors, %d errors", n, res.Optimal, res.ErrorBound, full.Errors, res.Errors)
		}
		if last := seen[len(seen)-1]; last.Errors != res.Errors {
			t.Fatalf("report %d: last progress %d errors, result %d", n, last.Errors, res.Errors)
		}
		// The tree reported is held: the one returned is no worse.
		if res.Errors > seen[n-1].Errors {
			t.Fatalf("cancelled at report %d of %d errors: result %d", n, seen[n-1].Errors, res.Errors)
		}
		for i, p := range seen {
			if p.Errors < full.Errors {
				t.Fatalf("cancelled at report %d: report %d, %d errors, is below the optimum %d", n, i+1, p.Errors, full.Errors)
			}
			if q := seen[max(i-1, 0)]; p.Errors > q.Errors || p.Errors == q.Errors && p.Branches > q.Branches {
				t.Fatalf("cancelled at report %d: report %d, %d errors and %d branches, is worse than the one before it", n, i+1, p.Errors, p.Branches)
			}
		}
	}
}
