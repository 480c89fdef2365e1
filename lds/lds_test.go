package lds

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// errorsOf returns the records of ds's examples that root misclassifies.
func errorsOf(root *tree.Node, rows [][]bool, counts [][]int) int {
	errs := 0
	for i, row := range rows {
		k := root.Classify(func(f int) bool { return row[f] })
		for c, w := range counts[i] {
			if c != k {
				errs += w
			}
		}
	}
	return errs
}

// TestSearch: on random noisy tables, every tree offered is within the
// depth, makes the errors its score says and beats the one before,
// none beats the brute-force optimum, and the first, the greedy top with
// optimal bottoms, is no worse than CART's tree.
func TestSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for run := range objtest.Runs(120, 30) {
		ds := testgen.Noisy(r, 4+r.IntN(4), 20+r.IntN(60), 2+r.IntN(2))
		rows, counts := testgen.Records(ds)
		depth := 3 + r.IntN(2)
		opt := testgen.MinErrors(ds, depth, 0)
		_, floor, _ := cart.Tree(context.Background(), ds, depth)
		var offered []objective.Score
		Search(context.Background(), ds, Options{Depth: depth, Exact: 2, Solve: minerr.Solve, Rank: cart.Ranked, Rounds: 3,
			Offer: func(root *tree.Node, s objective.Score) {
				switch e := errorsOf(root, rows, counts); {
				case root.Depth() > depth:
					t.Fatalf("run %d: depth %d > %d", run, root.Depth(), depth)
				case e != s.E || root.Leaves()-1 != s.B:
					t.Fatalf("run %d: a tree of %d errors, %d branches offered as %v", run, e, root.Leaves()-1, s)
				case e < opt:
					t.Fatalf("run %d: %d errors, below the optimum %d", run, e, opt)
				case len(offered) == 0 && e > floor:
					t.Fatalf("run %d: the first tree makes %d errors, CART's %d", run, e, floor)
				case len(offered) > 0 && !(objective.Order{}).Less(s, offered[len(offered)-1]):
					t.Fatalf("run %d: %v offered after %v", run, s, offered[len(offered)-1])
				}
				offered = append(offered, s)
			}})
		if len(offered) == 0 {
			t.Fatalf("run %d: no tree offered", run)
		}
	}
}
