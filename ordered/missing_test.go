package ordered

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
)

// TestOracleMissing is TestOracle on tables with missing values, whose
// tests of each side of them make a column of their own: the optimum over
// the features of the dataset, as the oracle finds it, whatever the
// positions of the missing values; and one run in four with some of the
// features dropped, which leaves a column's tests not numbered from 0 by
// one.
func TestOracleMissing(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	sides := 0
	for run := range objtest.Runs(500, 150) {
		csv := testgen.WithMissing(r, randomCSV(r), 0.3*r.Float64())
		ds := load(t, csv)
		for _, f := range ds.Features {
			if f.Missing == dataset.MissingTrue {
				sides++
				break
			}
		}
		if run%4 == 3 {
			ds.Features = slices.DeleteFunc(ds.Features, func(dataset.Feature) bool { return r.IntN(3) == 0 })
		}
		opt := objtest.RandomOptions(r)
		if err := objtest.Solve(Solve, ds, opt); err != nil {
			t.Fatalf("run %d (%+v):\n%s%v", run, opt, csv, err)
		}
	}
	if sides < objtest.Runs(500, 150)/2 {
		t.Fatalf("%d tables with tests that missing values satisfy: the test lost its teeth", sides)
	}
}
