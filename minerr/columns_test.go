package minerr

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/odtx/odtx/internal/testgen"
)

// TestCountsAgree checks that the two ways of counting pairs, increments
// (from scratch and from another set's counts) and popcounts, agree on
// random subsets of random tables with weighted, contradictory items, of
// few words and of many, and under a feature's column as a mask.
func TestCountsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for run := range 300 {
		ds := randomTable(r)
		if run%3 == 0 {
			// Sets of hundreds of items with weights of several bits: groups
			// of many words, which countPairs counts other ways.
			ds = testgen.Noisy(r, 10+r.IntN(4), 200+r.IntN(1000), 2+r.IntN(3))
		}
		x, err := pack(context.Background(), ds)
		if err != nil {
			t.Fatal(err)
		}
		inc, pop, cs := newCounter(x), newCounter(x), &columns{}
		for range 4 {
			var set []int32
			for i := range int32(x.n) {
				if r.IntN(3) > 0 {
					set = append(set, i)
				}
			}
			cs.fill(x, set)
			var mask []uint64
			if f := r.IntN(x.m + 1); f < x.m {
				// Counted under a feature's column: the items where it holds.
				mask = cs.column(f)
				set = slices.DeleteFunc(set, func(i int32) bool { return !x.holds(i, f) })
			}
			inc.count(x, set)
			pop.countPairs(x, cs, mask)
			// Increments fill the upper triangle only.
			m := x.m
			for k := range x.classes {
				for i := range m {
					for j := i; j < m; j++ {
						if a, b := inc.pair[(k*m+i)*m+j], pop.pair[(k*m+i)*m+j]; a != b {
							t.Fatalf("run %d: class %d, features %d %d: increments %d, popcounts %d", run, k, i, j, a, b)
						}
					}
				}
			}
			if !slices.Equal(inc.total, pop.total) {
				t.Fatalf("run %d: totals %v and %v", run, inc.total, pop.total)
			}
		}
	}
}
