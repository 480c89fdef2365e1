package regress

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
)

// TestClusterBound: the bound of k groups is the least SSE of every way
// to deal the items into k groups, found by trying them all on a few
// items, and no more than the least SSE of a tree of depth d, for k =
// 2^d, found by the brute force, within the tolerance of rounded targets;
// on some tables more than the items' own SSE.
func TestClusterBound(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	above := 0
	for i := range objtest.Runs(300, 100) {
		x := load(t, randomCSV(r))
		p, err := pack(x.ds, x.ys)
		if err != nil {
			t.Fatal(err)
		}
		d := i % 3
		k := 1 << d
		got := p.clusterBound(k, math.Inf(1))
		if len(p.stat) <= 7 {
			if want := dealt(p, k); math.Abs(got-want) > 1e-9*(1+want) {
				t.Fatalf("table %d, %d groups: %v, dealing every way %v\n%s", i, k, got, want, x.csv)
			}
		}
		all := make([]int, len(x.holds))
		for rec := range all {
			all[rec] = rec
		}
		tree, _ := x.best(all, d, 0).Float64()
		unit2 := p.sc.Unit * p.sc.Unit
		root := p.root().tot
		tol := tolerance(p, root.sse(), marginOf(root.sse(), root.n, d), Options{MaxDepth: d}) * unit2
		if got*unit2 > tree+tol {
			t.Fatalf("table %d, depth %d: bound %v above the least SSE %v\n%s", i, d, got*unit2, tree, x.csv)
		}
		own := 0.0
		for _, o := range p.own {
			own += o
		}
		if got > own {
			above++
		}
	}
	if above == 0 {
		t.Error("the bound never rose above the items' own SSE")
	}
}

// dealt returns the least SSE of the items of x dealt into k groups, each
// way tried.
func dealt(x *data, k int) float64 {
	n := len(x.stat)
	group := make([]int, n)
	best := math.Inf(1)
	for {
		sums := make([]stat, k)
		for i, g := range group {
			sums[g] = sums[g].add(x.stat[i])
		}
		c := 0.0
		for _, s := range sums {
			c += s.sse()
		}
		best = min(best, c)
		i := 0
		for ; i < n && group[i] == k-1; i++ {
			group[i] = 0
		}
		if i == n {
			return best
		}
		group[i]++
	}
}
