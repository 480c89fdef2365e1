package lower

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
)

// TestPartsBound: on random noisy tables, every bound Parts proves is at
// most the brute-force optimum, and the bounds of noisy tables are not
// all 0; parts that ctx stops at once bound no more than that either.
func TestPartsBound(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	runs := 150
	if testing.Short() {
		runs = 40
	}
	positive := 0
	for run := range runs {
		ds := testgen.Noisy(r, 3+r.IntN(4), 16+r.IntN(60), 2+r.IntN(2))
		opt := objective.Options{MaxDepth: 1 + r.IntN(3)}
		if r.IntN(3) == 0 {
			opt.MaxBranches = 1 + r.IntN(4)
		}
		nodes := 0 // no bound but the depth's
		if opt.MaxBranches > 0 {
			nodes = 2*opt.MaxBranches + 1
		}
		want := testgen.MinErrors(ds, opt.MaxDepth, nodes)
		ctx := context.Background()
		if run%5 == 4 {
			c, cancel := context.WithCancel(ctx)
			cancel()
			ctx = c
		}
		last := -1
		Parts(ctx, ds, 1<<(1+r.IntN(3)), minerr.Solve, opt, func(errs int) {
			if errs > want {
				t.Fatalf("run %d (%+v): bound %d, optimum %d", run, opt, errs, want)
			}
			last = errs
		})
		if last > 0 {
			positive++
		}
	}
	if positive == 0 {
		t.Error("no bound above 0")
	}
}

// TestCut: the parts hold every example once, in sizes within one of each
// other, and the same cut twice.
func TestCut(t *testing.T) {
	ds := testgen.Dataset(rand.New(rand.NewPCG(1, 2)), 8, 100, 2)
	parts := cut(ds, 4)
	seen := map[int]int{}
	for _, p := range parts {
		if n := len(p.Examples); n < len(ds.Examples)/4 || n > len(ds.Examples)/4+1 {
			t.Errorf("a part of %d of %d examples", n, len(ds.Examples))
		}
		for _, ex := range p.Examples {
			seen[ex.Line]++
		}
	}
	if len(seen) != len(ds.Examples) {
		t.Errorf("%d examples in the parts, want %d", len(seen), len(ds.Examples))
	}
	again := cut(ds, 4)
	for i := range parts {
		if parts[i].Examples[0].Line != again[i].Examples[0].Line {
			t.Fatal("two cuts differ")
		}
	}
}
