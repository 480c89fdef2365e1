package ordered

import (
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
)

// TestAblations: with any technique switched off, or all of them, Solve
// finds what it finds with all of them, on random numeric tables at
// depths 1 to 4, where searches of depth three or more go best first.
func TestAblations(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for run := range objtest.Runs(60, 15) {
		csv := numericCSV(r, 30+r.IntN(200), 1+r.IntN(4), 3+r.IntN(30), 2+r.IntN(2))
		opt := objtest.RandomOptions(r)
		opt.MaxDepth = 1 + r.IntN(4)
		if err := objtest.SameWithout(Solve, load(t, csv), opt); err != nil {
			t.Fatalf("run %d (%+v): %v", run, opt, err)
		}
	}
}
