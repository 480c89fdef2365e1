package minerr

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// TestSplits checks counter.splits against each side of each feature split
// by every other feature, counted from the items of random subsets of
// random tables, two classes and more, and one time in three with a
// minimum leaf size: the side's errors as a leaf, the fewest errors of a
// split that leaves each leaf enough records, and its feature, the first
// in the order of the features among those that make them, or -1 if none
// beats the leaf, and whether a side is too small for the feature to split
// the set. The trees depend on that order where splits tie. The lower
// triangle of the pair counts, which nothing is to read, holds junk.
func TestSplits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for run := range 300 {
		ds := randomTable(r)
		x, set, cls := packedSubset(t, r, ds)
		m := x.m
		if m == 0 {
			continue
		}
		c := newCounter(x)
		c.count(x, set)
		for k := range x.classes {
			for i := range m {
				for j := range i {
					c.pair[(k*m+i)*m+j] = int32(r.IntN(64)) - 32
				}
			}
		}
		c.diagonal(m)
		minLeaf := 1
		if run%3 == 0 {
			minLeaf = 2 + r.IntN(5)
		}
		got := c.splits(cls, true, minLeaf, nil)
		for i := range m {
			barred := false
			for v := range 2 {
				leaf, split, by, records := splitCounted(x, set, i, v, minLeaf)
				if g := got[i]; g.leaf[v] != leaf || g.split[v] != split || g.by[v] != by {
					t.Fatalf("run %d (%d classes, leaves of %d), feature %d, side %d: leaf %d, split %d by %d; want %d, %d by %d",
						run, x.classes, minLeaf, i, v, g.leaf[v], g.split[v], g.by[v], leaf, split, by)
				}
				barred = barred || records < minLeaf
			}
			if got[i].barred != barred {
				t.Fatalf("run %d, leaves of %d, feature %d: barred %v", run, minLeaf, i, got[i].barred)
			}
		}
	}
}

// splitCounted returns, counted from the items of set, the errors of side
// v of feature i as a leaf, and the fewest errors of that side split by a
// second feature into leaves of minLeaf records or more, and the first
// such feature, or -1 if none makes fewer than the leaf; and the records
// of the side.
func splitCounted(x *data, set []int32, i, v, minLeaf int) (leaf, split, by, records int) {
	side := make([]int, x.classes)
	for _, it := range set {
		if x.holds(it, i) == (v == 1) {
			side[x.class[it]] += int(x.weight[it])
		}
	}
	leaf, split, by = errs(side), errs(side), -1
	for j := range x.m {
		if j == i {
			continue
		}
		on := make([]int, x.classes)
		for _, it := range set {
			if x.holds(it, i) == (v == 1) && x.holds(it, j) {
				on[x.class[it]] += int(x.weight[it])
			}
		}
		off := make([]int, x.classes)
		for k := range off {
			off[k] = side[k] - on[k]
		}
		if sum(on) < minLeaf || sum(off) < minLeaf {
			continue
		}
		if e := errs(on) + errs(off); e < split {
			split, by = e, j
		}
	}
	return leaf, split, by, sum(side)
}

// packedSubset packs ds and draws a random subset of about three in four
// of its items, with their class weights.
func packedSubset(t *testing.T, r *rand.Rand, ds *dataset.Dataset) (x *data, set []int32, cls []int) {
	x, err := pack(context.Background(), ds)
	if err != nil {
		t.Fatal(err)
	}
	cls = make([]int, x.classes)
	for i := range int32(x.n) {
		if r.IntN(4) > 0 {
			set = append(set, i)
			cls[x.class[i]] += int(x.weight[i])
		}
	}
	return x, set, cls
}
