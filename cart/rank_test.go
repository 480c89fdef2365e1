package cart

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestRanked: on random tables, with and without a minimum leaf size,
// Ranked gives one test of each column that splits the records leaving
// that many on each side, the best of the column, columns in the order of
// their best decrease of impurity; the first is the root of CART's tree.
// Records of one class give none.
func TestRanked(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 100 {
		numeric, categorical := r.IntN(4), r.IntN(3)
		if numeric+categorical == 0 {
			numeric = 1
		}
		classes := 1 + r.IntN(3)
		ds := binarize(t, randomTable(r, 1+r.IntN(80), numeric, categorical, classes, 2+r.IntN(20)), fmt.Sprint("random", trial))
		minLeaf := 0
		if trial%2 == 1 {
			minLeaf = 1 + r.IntN(20)
		}
		recs := records(ds)
		// The best decrease of each column, by the definition.
		colBest := map[int32]*big.Rat{}
		dec := make([]*big.Rat, len(ds.Features))
		for f, ft := range ds.Features {
			dec[f] = decrease(recs, len(ds.Classes), minLeaf, func(r record) bool { return ds.Holds(&ds.Examples[r.ex], f) })
			if b := colBest[ft.Col]; dec[f] != nil && (b == nil || dec[f].Cmp(b) > 0) {
				colBest[ft.Col] = dec[f]
			}
		}
		pure := true
		for _, r := range recs {
			pure = pure && r.class == recs[0].class
		}
		got := Ranked(context.Background(), ds, minLeaf)
		if pure {
			if len(got) != 0 {
				t.Errorf("trial %d: records of one class ranked %v", trial, got)
			}
			continue
		}
		seen := map[int32]bool{}
		for i, f := range got {
			col := ds.Features[f].Col
			switch {
			case seen[col]:
				t.Errorf("trial %d: column %d ranked twice in %v", trial, col, got)
			case dec[f] == nil || dec[f].Cmp(colBest[col]) != 0:
				t.Errorf("trial %d: test %d decreases impurity by %v, its column's best by %v", trial, f, dec[f], colBest[col])
			case i > 0 && dec[got[i-1]] != nil && dec[f].Cmp(dec[got[i-1]]) > 0:
				t.Errorf("trial %d: test %d ranked after %d, a smaller decrease", trial, f, got[i-1])
			}
			seen[col] = true
		}
		if len(seen) != len(colBest) {
			t.Errorf("trial %d: %d columns ranked, %d split the records", trial, len(seen), len(colBest))
		}
		root, _, err := Tree(context.Background(), ds, 1, minLeaf)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) > 0 && (root.IsLeaf() || root.Feature != got[0]) {
			t.Errorf("trial %d: CART's root tests %d, the first ranked is %d", trial, root.Feature, got[0])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := Ranked(ctx, binarize(t, randomTable(r, 50, 2, 1, 2, 10), "ended"), 0); len(got) != 0 {
		t.Errorf("ended context: ranked %v", got)
	}
}
