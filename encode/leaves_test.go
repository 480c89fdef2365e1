package encode

import (
	"context"
	"math/bits"
	"testing"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/solver"
)

// TestLeafBound checks the leaf counter against a popcount: with every
// leaf's class fixed by assumption, a bound holds exactly when no more
// leaves than it have a class.
func TestLeafBound(t *testing.T) {
	for depth := range 4 {
		s := ginisat.New()
		e := New(s, depth, 1, 1)
		leaves := 1 << depth
		bounds := make([]int, leaves+1)
		for b := leaves; b >= 0; b-- { // the widest first, as a search asks
			lit, err := e.AtMostLeaves(b)
			if err != nil {
				t.Fatal(err)
			}
			bounds[b] = lit
		}
		for used := range 1 << leaves {
			for b, bound := range bounds {
				assumptions := []int{bound}
				for v := range leaves {
					c := e.C(v, 0)
					if used>>v&1 == 0 {
						c = -c
					}
					assumptions = append(assumptions, c)
				}
				res, err := s.Solve(context.Background(), assumptions)
				if err != nil {
					t.Fatal(err)
				}
				if want := bits.OnesCount(uint(used)) <= b; (res == solver.Sat) != want {
					t.Fatalf("depth %d, leaves used %b, at most %d: %v", depth, used, b, res)
				}
			}
		}
		s.Close()
	}
}
