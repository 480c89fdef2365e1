package ordered

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/objective"
)

// TestDepthTwoBounds checks what the search of a column at depth two
// records of each cut it evaluates against brute force: the bound on each
// side's trees of depth one, and on those whose root tests each column,
// must be no more than the best such tree, whatever the sweeps' caps
// passed over. A bound too high would close cuts that can win; the
// optima found elsewhere hide that where the closed cuts happen to lose.
func TestDepthTwoBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	checked := 0
	for run := range objtest.Runs(300, 80) {
		ds := load(t, numericCSV(r, 20+r.IntN(150), 2+r.IntN(3), 3+r.IntN(30), 2+r.IntN(2)))
		opt := objective.Options{MaxDepth: 2, AnySize: r.IntN(2) == 0}
		if r.IntN(3) == 0 {
			opt.MinLeaf = 2 + r.IntN(1+len(ds.Examples)/6)
		}
		x, err := pack(context.Background(), ds)
		if err != nil {
			t.Fatal(err)
		}
		full, _ := newSearch(x, opt).run()
		s := newSearch(x, opt)
		v := x.root()
		// A bound just above the optimum, or at it, so that the caps bind.
		ub := objective.Score{E: full.S.E + r.IntN(3), B: full.S.B}
		for a := range x.cols {
			s.searchColumn(v, a, 2, 3, ub, nil, false)
			fr := &s.frames[2]
			for k := 1; k <= fr.c; k++ {
				if !fr.done[k] {
					continue
				}
				checked++
				at := fr.at(k, 0)
				for h, lb := range []objective.Score{fr.lb[at], fr.lb[at+1]} {
					best, byCol := stumps(x, a, fr.pos[k-1], h, s.minLeaf)
					if s.order.Less(best, lb) {
						t.Fatalf("run %d, column %d, cut %d, side %d: bound %v above the best tree %v", run, a, k, h, lb, best)
					}
					i := (int(fr.slot[k])*2 + h) * fr.cols
					for b, e := range byCol {
						if fr.col[i+b] > e {
							t.Fatalf("run %d, column %d, cut %d, side %d, by column %d: bound %d above the best tree's %d errors", run, a, k, h, b, fr.col[i+b], e)
						}
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no cut evaluated")
	}
}

// stumps returns, by brute force, the best score of a tree of depth at
// most one of side h (0 true, 1 false) of the cut of column a at position
// p, and the least errors of the leaf and the trees whose root tests each
// column, whose sides hold minLeaf records or more.
func stumps(x *data, a int, p int32, h, minLeaf int) (objective.Score, []int) {
	var set []int
	for i := range x.n {
		if (x.cols[a].pos[i] > p) == (h == 1) {
			set = append(set, i)
		}
	}
	errs := func(in func(int) bool) (int, int) {
		cls := make([]int, x.classes)
		w := 0
		for _, i := range set {
			if in(i) {
				cls[x.class[i]] += int(x.weight[i])
				w += int(x.weight[i])
			}
		}
		most := 0
		for _, c := range cls {
			most = max(most, c)
		}
		return w - most, w
	}
	leaf, _ := errs(func(int) bool { return true })
	best := objective.Score{E: leaf}
	byCol := make([]int, len(x.cols))
	for b, col := range x.cols {
		byCol[b] = leaf
		for q := range int32(len(col.feature)) {
			te, tw := errs(func(i int) bool { return col.pos[i] <= q })
			fe, fw := errs(func(i int) bool { return col.pos[i] > q })
			if tw < max(minLeaf, 1) || fw < max(minLeaf, 1) {
				continue
			}
			byCol[b] = min(byCol[b], te+fe)
			if te+fe < best.E {
				best = objective.Score{E: te + fe, B: 1}
			}
		}
	}
	return best, byCol
}
