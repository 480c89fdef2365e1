package regress

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
)

// TestStopped: a search whose context has ended returns a tree of the
// depth, not proven optimal, with a bound no higher than the least SSE,
// and the context's error.
func TestStopped(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for range 20 {
		x := load(t, randomRows(r, 30, 12))
		res, err := Solve(ctx, x.ds, x.ys, Options{MaxDepth: 2})
		if !errors.Is(err, context.Canceled) || res == nil || res.Optimal {
			t.Fatalf("%+v, %v", res, err)
		}
		all := make([]int, len(x.holds))
		for i := range all {
			all[i] = i
		}
		opt, _ := x.best(all, 2, 0).Float64()
		got, _ := x.treeSSE(res.Root).Float64()
		if res.Root.Depth() > 2 || res.Bound > opt+res.Tolerance || got < opt-res.Tolerance {
			t.Fatalf("depth %d, bound %v, SSE %v, least %v", res.Root.Depth(), res.Bound, got, opt)
		}
	}
}

// TestTargetsNotNumbers: a label that is not a number is an error naming
// its line.
func TestTargetsNotNumbers(t *testing.T) {
	tb, err := dataset.ReadTable(strings.NewReader("a,y\n1,2.5\n2,high\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tb.Binarize(dataset.Options{Regression: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Targets(tb, ds); err == nil || !strings.Contains(err.Error(), "t.csv:3:") {
		t.Errorf("error %v, want one naming t.csv:3", err)
	}
}

// TestDecimals: targets of few decimal places become integers exactly,
// shifted to fit; others are rounded.
func TestDecimals(t *testing.T) {
	v, sc := scale([]float64{0.25, -1.5, 100})
	if !sc.Exact || sc.Unit != 0.01 || v[1]-v[0] != -175 || v[2]-v[0] != 9975 {
		t.Errorf("%v, %+v", v, sc)
	}
	if _, sc := scale([]float64{1.0 / 3, 1e6}); sc.Exact {
		t.Errorf("1/3 and a million scaled exactly: %+v", sc)
	}
}

// TestStoppedAnyTime: a search stopped at any moment, here at random
// times, returns a bound no higher than the least SSE, which the search
// run to its end finds: the least bound of the root's intervals left,
// best first, or of 2^d groups of items.
func TestStoppedAnyTime(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	stopped, above := 0, 0
	for range objtest.Runs(60, 20) {
		x := load(t, randomRows(r, 200+r.IntN(200), 60))
		d := 2 + r.IntN(2)
		start := time.Now()
		full, err := Solve(context.Background(), x.ds, x.ys, Options{MaxDepth: d})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		stop := time.AfterFunc(time.Duration(r.Float64()*float64(time.Since(start))), cancel)
		res, err := Solve(ctx, x.ds, x.ys, Options{MaxDepth: d})
		stop.Stop()
		cancel()
		switch {
		case res == nil || (err != nil) == res.Optimal:
			t.Fatalf("%+v, %v", res, err)
		case res.Bound > full.SSE+full.Tolerance:
			t.Fatalf("depth %d: bound %v above the least SSE %v\n%s", d, res.Bound, full.SSE, x.csv)
		case !res.Optimal:
			stopped++
			if res.Bound > full.SSE/2 {
				above++
			}
		}
	}
	t.Logf("%d searches stopped, %d with a bound above half the least SSE", stopped, above)
}

// TestDeepBudgets: depths whose perfect trees have more branching nodes
// than an int32 counts, and a binding budget of 2^30 branching nodes, are
// searched as a depth no tree of a few rows needs more than.
func TestDeepBudgets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 6 {
		x := load(t, randomRows(r, 8+r.IntN(12), 12))
		free, err := Solve(context.Background(), x.ds, x.ys, Options{MaxDepth: len(x.holds)})
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []Options{{MaxDepth: 30}, {MaxDepth: 31}, {MaxDepth: 62}, {MaxDepth: 40, MaxBranches: 1 << 30}} {
			res, err := Solve(context.Background(), x.ds, x.ys, opt)
			if err != nil || math.Abs(res.SSE-free.SSE) > res.Tolerance+free.Tolerance {
				t.Fatalf("%+v: SSE %v (%v); at depth %d without a budget %v", opt, res.SSE, err, len(x.holds), free.SSE)
			}
		}
	}
	if _, err := Solve(context.Background(), load(t, randomRows(r, 8, 12)).ds, nil, Options{MaxDepth: 63}); err == nil {
		t.Fatal("depth 63: no error")
	}
}
