package minerr

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
)

// TestWideAgrees checks the depth-two solver's counts in bands against its
// counts of every pair, on random subsets of random tables of two classes
// and more, of few items and of thousands, counted by popcounts and by
// increments, in bands of one first
// feature to all of them, with a minimum leaf size one time in two: the
// same splits, by the same second features, and the same trees at every
// budget.
func TestWideAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for run := range objtest.Runs(300, 60) {
		ds := randomTable(r)
		switch run % 3 {
		case 1:
			ds = testgen.Noisy(r, 8+r.IntN(40), 20+r.IntN(400), 2+r.IntN(3))
		case 2:
			// Sets of thousands of items: groups of many words, which
			// countPairs counts other ways.
			ds = testgen.Dataset(r, 20+r.IntN(30), 300+r.IntN(3000), 2+r.IntN(2))
		}
		x, set, cls := packedSubset(t, r, ds)
		if x.m == 0 {
			continue
		}
		var stop atomic.Bool
		w := newWide(x, &stop, 1+r.IntN(x.m))
		w.count(set)
		c := newCounter(x)
		c.count(x, set)
		c.diagonal(x.m)
		minLeaf := 1 + r.IntN(2)*r.IntN(8)
		for _, deep := range []bool{false, true} {
			if got, want := w.splits(cls, deep, minLeaf, nil), c.splits(cls, deep, minLeaf, nil); !reflect.DeepEqual(got, want) {
				t.Fatalf("run %d (%d classes, bands of %d of %d features), deep %v: splits\n%v\nwant\n%v", run, x.classes, w.rows, x.m, deep, got, want)
			}
		}
		s := newSearch(x, objective.Options{MaxDepth: 2, MinLeaf: minLeaf})
		for d := 1; d <= 2; d++ {
			got, want := s.solve2(w, cls, d), s.solve2(c, cls, d)
			for n := range want {
				if got[n].S != want[n].S || !reflect.DeepEqual(s.tree(got[n]), s.tree(want[n])) {
					t.Fatalf("run %d, depth %d, budget %d: %v %v, want %v %v", run, d, n, got[n].S, s.tree(got[n]), want[n].S, s.tree(want[n]))
				}
			}
		}
	}
}

// TestWideSolve solves at depth two a table too wide for the counts of
// every pair, 60 rows by 6,000 features: the root is solved from counts in
// bands, without recursing into the features' sides, to the fewest errors
// of a brute force over every pair of features, and among those trees to
// the fewest branches. A search stopped while it counts returns a tree it
// has, with a bound that is no more than the optimum.
func TestWideSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	ds := wideTable(r, 60, 6000)
	x, err := pack(context.Background(), ds)
	if err != nil {
		t.Fatal(err)
	}
	if s := newSearch(x, objective.Options{MaxDepth: 2}); s.wide == nil {
		t.Fatalf("%d features, %d classes: the pair counts fit", x.m, x.classes)
	}
	least := bruteDepthTwo(ds)
	fewest := 0
	for least[fewest] > least[3] {
		fewest++
	}
	for _, anySize := range []bool{true, false} {
		opt := objective.Options{MaxDepth: 2, AnySize: anySize}
		res, err := Solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := objtest.CheckTree(ds, opt, res); err != nil {
			t.Fatal(err)
		}
		if !res.Optimal || res.Errors != least[3] || res.ErrorBound != least[3] || !anySize && res.Branches != fewest {
			t.Errorf("any size %v: optimal %v, %d errors (bound %d), %d branches; want %d errors, %d branches", anySize, res.Optimal, res.Errors, res.ErrorBound, res.Branches, least[3], fewest)
		}
		if res.Stats.Depth2 != 1 || res.Stats.Subproblems > 2 {
			t.Errorf("any size %v: %d sets solved at depth two, %d subproblems; want the root alone", anySize, res.Stats.Depth2, res.Stats.Subproblems)
		}
	}
	// Stopped soon after the greedy tree, within the root's counting.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := objective.Options{MaxDepth: 2, Progress: func(objective.Progress) { time.AfterFunc(10*time.Millisecond, cancel) }}
	res, err := Solve(ctx, ds, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if err := objtest.CheckTree(ds, opt, res); err != nil {
		t.Fatal(err)
	}
	if res.Optimal || res.ErrorBound > least[3] || res.Errors < least[3] {
		t.Errorf("stopped: optimal %v, %d errors, bound %d; the optimum is %d", res.Optimal, res.Errors, res.ErrorBound, least[3])
	}
}

// wideTable returns rows random rows of features binary features,
// labelled by a tree of depth two on the first three with a fifth of the
// labels flipped.
func wideTable(r *rand.Rand, rows, features int) *dataset.Dataset {
	ds := testgen.Boolean(features, 2)
	for range rows {
		vals := make([]bool, features)
		for f := range vals {
			vals[f] = r.IntN(2) == 1
		}
		class := 0
		if vals[0] && vals[1] || !vals[0] && vals[2] {
			class = 1
		}
		if r.IntN(5) == 0 {
			class = 1 - class
		}
		ds.Examples = append(ds.Examples, dataset.Example{Codes: testgen.Codes(vals), Class: class})
	}
	return ds
}

// bruteDepthTwo returns the fewest errors of a tree of depth at most two
// with at most b branching nodes, for b from 0 to 3, on a dataset of at
// most 64 examples and no counts: every pair of features is tried, on
// bitsets of the examples.
func bruteDepthTwo(ds *dataset.Dataset) [4]int {
	m := len(ds.Features)
	col := make([]uint64, m)
	class := make([]uint64, len(ds.Classes))
	for e := range ds.Examples {
		ex := &ds.Examples[e]
		class[ex.Class] |= 1 << e
		for f := range m {
			if ds.Holds(ex, f) {
				col[f] |= 1 << e
			}
		}
	}
	all := uint64(1)<<len(ds.Examples) - 1
	errs := func(set uint64) int {
		most := 0
		for _, c := range class {
			most = max(most, bits.OnesCount64(set&c))
		}
		return bits.OnesCount64(set) - most
	}
	var least [4]int
	least[0] = errs(all)
	least[1], least[2], least[3] = least[0], least[0], least[0]
	for f := range m {
		sides := [2]uint64{all &^ col[f], col[f]}
		var leaf, split [2]int
		for v, side := range sides {
			leaf[v] = errs(side)
			split[v] = leaf[v]
			for g := range m {
				split[v] = min(split[v], errs(side&col[g])+errs(side&^col[g]))
			}
		}
		least[1] = min(least[1], leaf[0]+leaf[1])
		least[2] = min(least[2], split[0]+leaf[1], leaf[0]+split[1])
		least[3] = min(least[3], split[0]+split[1])
	}
	return least
}

// BenchmarkWide times Solve at depth two on 100 rows of 8,000 binary
// features, too many for the counts of every pair at once.
func BenchmarkWide(b *testing.B) {
	ds := wideTable(rand.New(rand.NewPCG(15, 16)), 100, 8000)
	opt := objective.Options{MaxDepth: 2, AnySize: true}
	for b.Loop() {
		if _, err := Solve(context.Background(), ds, opt); err != nil {
			b.Fatal(err)
		}
	}
}
