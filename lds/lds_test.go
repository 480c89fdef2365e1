package lds

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// TestSearch: on random noisy tables, half of them with a minimum leaf
// size, every tree offered is within the depth, holds that many records in
// each leaf, makes the errors its score says and beats the one before,
// none beats the brute-force optimum, the first, CART's top with optimal
// bottoms, is no worse than CART's tree, and the best, whose top is led by
// the exact roots, no worse than the brute-force optimum of depth Exact.
func TestSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for run := range objtest.Runs(120, 30) {
		ds := testgen.Noisy(r, 4+r.IntN(4), 20+r.IntN(60), 2+r.IntN(2))
		rows, counts := testgen.Records(ds)
		depth, minLeaf := 3+r.IntN(2), 0
		if run%2 == 1 {
			minLeaf = 2 + r.IntN(8)
		}
		opt, _ := bruteforce.FewestErrors(rows, counts, depth, objective.MaxBranches(depth), 0, minLeaf)
		_, floor, _ := cart.Tree(context.Background(), ds, depth, minLeaf)
		shallow, _ := bruteforce.FewestErrors(rows, counts, 2, objective.MaxBranches(2), 0, minLeaf)
		var offered []objective.Score
		Search(context.Background(), ds, Options{Depth: depth, Exact: 2, Solve: minerr.Solve, MinLeaf: minLeaf, Rank: cart.Ranked, Rounds: 3,
			Offer: func(root *tree.Node, s objective.Score) {
				res := &objective.Result{Root: root, Errors: s.E, Branches: s.B}
				if err := objtest.CheckTree(ds, objective.Options{MaxDepth: depth, MinLeaf: minLeaf}, res); err != nil {
					t.Fatalf("run %d: a tree offered as %v: %v", run, s, err)
				}
				switch e := s.E; {
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
		if e := offered[len(offered)-1].E; e > shallow {
			t.Fatalf("run %d: the best tree makes %d errors, the optimum of depth 2 %d", run, e, shallow)
		}
	}
}
