package dp

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/tree"
)

// TestDepthTwo compares the depth-one and depth-two checks with the
// brute-force oracle on random sets: the fewest leaves of a tree of depth
// two or less, and none where no such tree exists. The sets are subsets of
// a larger dataset, so that the view's positions are not the examples'
// indices, and a third of them have twin or complementary features.
func TestDepthTwo(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	trials := 3000
	if testing.Short() {
		trials = 600
	}
	var v view
	v.halt = new(atomic.Bool) // never set: the checks run to the end
	imperfect := 0
	for trial := range trials {
		ds := testgen.Dataset(r, 1+r.IntN(7), 2+r.IntN(150), 2+r.IntN(3))
		if trial%3 == 0 {
			testgen.AddTwin(r, ds)
		}
		x, _ := pack(context.Background(), ds)
		var set []int32
		for i := range x.n {
			if r.IntN(3) > 0 {
				set = append(set, int32(i))
			}
		}
		if len(set) == 0 {
			continue
		}
		sub := *ds
		sub.Examples = nil
		for _, i := range set {
			sub.Examples = append(sub.Examples, ds.Examples[i])
		}
		depth, nodes, ok := testgen.Optimum(&sub, 2)
		want := infinity
		if ok {
			want = (nodes + 1) / 2
		}
		v.load(x, set)
		got, s := v.stump(v.all)
		var tr *tree.Node
		if got < infinity {
			tr = s.tree(x)
		}
		if got > 2 && len(v.feats) > 0 {
			got, tr = v.depthTwo(false)
		}
		if got != want {
			t.Fatalf("trial %d: %d leaves, want %d (depth %d, ok %v)", trial, got, want, depth, ok)
		}
		if tr != nil {
			testgen.CheckConsistent(t, &sub, tr)
			if tr.Leaves() != got {
				t.Fatalf("trial %d: a tree of %d leaves for %d", trial, tr.Leaves(), got)
			}
		}
		if got >= 3 && got < infinity {
			imperfect++
		}
	}
	if imperfect < trials/20 {
		t.Fatalf("only %d of %d sets need a depth-two tree; the test lost its teeth", imperfect, trials)
	}
}
