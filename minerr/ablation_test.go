package minerr

import (
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
)

// TestAblations: with any technique switched off, or all of them, Solve
// finds what it finds with all of them, on random noisy tables at depths
// 1 to 4.
func TestAblations(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for run := range objtest.Runs(60, 15) {
		ds := testgen.Noisy(r, 4+r.IntN(6), 20+r.IntN(80), 2+r.IntN(2))
		opt := objtest.RandomOptions(r)
		opt.MaxDepth = 1 + r.IntN(4)
		if err := objtest.SameWithout(Solve, ds, opt); err != nil {
			t.Fatalf("run %d (%+v): %v", run, opt, err)
		}
	}
}
