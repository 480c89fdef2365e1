package ordered

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/objective"
)

// TestMinLeafDeep compares Solve with package minerr at depth three on
// random numeric tables with leaves of a few records to a quarter of
// them: the depth-two searches of the sides of the root's cuts, where the
// bounds between neighbouring cuts and the seeds of a subset's search
// would act, decide the answer.
func TestMinLeafDeep(t *testing.T) {
	r := rand.New(rand.NewPCG(77, 78))
	for run := range objtest.Runs(1000, 150) {
		rows := 10 + r.IntN(60)
		csv := numericCSV(r, rows, 1+r.IntN(3), 3+r.IntN(12), 2)
		opt := objective.Options{MaxDepth: 3, MinLeaf: 2 + r.IntN(1+rows/4), AnySize: r.IntN(2) == 0}
		if err := agree(load(t, csv), opt); err != nil {
			t.Fatalf("run %d (%+v):\n%s%v", run, opt, csv, err)
		}
	}
}

// TestSeedsMinLeaf pins a table of TestMinLeafDeep on which seeds, the
// records of a subset's depth-two search (see frame.seed), with leaves of
// six records or more, prove a cut's side costlier than it is: the
// subset's side is too small for a split that the side itself allows.
// With them the search misses the optimum.
func TestSeedsMinLeaf(t *testing.T) {
	csv, err := os.ReadFile("testdata/seeds-minleaf.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := agree(load(t, string(csv)), objective.Options{MaxDepth: 3, MinLeaf: 6}); err != nil {
		t.Error(err)
	}
}
